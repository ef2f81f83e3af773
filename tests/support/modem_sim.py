#!/usr/bin/env python3
"""A GSM modem (TA/ME) simulator on a PTY, for ccgate's serial/SMS tests.

    modem_sim.py --port /path/to/pty --control DIR [--pin 1234]

Pure Python 3.11 standard library. It opens the modem side of a PTY pair (for
example one end of `socat pty,raw,echo=0,link=DIR/dte pty,raw,echo=0,link=DIR/modem`)
in raw mode and answers AT commands after V.250, 3GPP TS 27.007 and, closely,
3GPP TS 27.005 (SMS in PDU mode, a minimal text mode).

It is meant as an *independent peer* of ccgate's own Rust SMS codec: every
SMS-DELIVER and SMS-STATUS-REPORT it hands out is encoded here (GSM 7-bit
default alphabet with the extension table, UCS2, UDH concatenation with 8- and
16-bit references, semi-octet addresses, SCTS), and every SMS-SUBMIT it
receives is decoded here.

Control directory DIR (polled every 50 ms):

  inject/*.json     each file (an object or a list of objects) is consumed once
                    and deleted; see `Sim.inject_one` for the keys.
  fault.json        consumed; an object or a list of objects; see `Sim.arm_fault`.
  report_policy     "delivered" (default) | "failed" | "none", optionally
                    followed by "st=0xNN" and/or "delay=SECONDS".
  network           "home" (default) | "roaming" | "searching" | "denied" |
                    "unknown" | "none": the +CREG <stat> the network gives.
  sent.jsonl        one JSON line per SMS-SUBMIT the DTE sent (written by us).
  state.json        storages, settings, counters, history (written by us after
                    every change, atomically, before the answer that follows it).
  storage.json      the persistent part (storages, TP-MR, counters): it survives
                    an unplug/replug or a reboot within one test.
  sim.log           every command, answer, URC, injection and fault.
  sim.ready         written (with our pid) once the port is open and raw.

Exit codes: 0 on SIGTERM/SIGINT, 3 after an "unplug" fault, 4 when the PTY
link goes away, 2 on bad usage.
"""

import argparse
import datetime
import heapq
import json
import os
import random
import re
import select
import signal
import sys
import time
import tty

MANUFACTURER = "ccgate"
MODEL = "ModemSim 27005"
REVISION = "1.0.0"
IMEI = "490154203237518"
IMSI = "262019876543210"
OWN_NUMBER = "+4917099999999"
DEFAULT_SMSC = "+4912345"
LAC, CELL_ID = "00C3", "0000D2A1"
HISTORY_KEEP = 300
URC_HOLD_PARTIAL_LINE = 1.0  # s: hold URCs while the DTE is typing a command line

# ---------------------------------------------------------------------------
# 3GPP TS 23.038: GSM 7-bit default alphabet and its extension table
# ---------------------------------------------------------------------------

GSM7_BASIC = (
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
assert len(GSM7_BASIC) == 128
GSM7_EXT = {
    0x0A: "\f", 0x14: "^", 0x28: "{", 0x29: "}", 0x2F: "\\",
    0x3C: "[", 0x3D: "~", 0x3E: "]", 0x40: "|", 0x65: "€",
}
_BASIC_REV = {c: i for i, c in enumerate(GSM7_BASIC) if i != 0x1B}
_EXT_REV = {c: code for code, c in GSM7_EXT.items()}


class PduError(ValueError):
    """A PDU that cannot be encoded or decoded."""


def gsm7_groups(text):
    """Per character, (char, septets): one septet, or ESC + code for the
    extension table. None if some character is not in either table."""
    out = []
    for ch in text:
        if ch in _BASIC_REV:
            out.append((ch, [_BASIC_REV[ch]]))
        elif ch in _EXT_REV:
            out.append((ch, [0x1B, _EXT_REV[ch]]))
        else:
            return None
    return out


def ucs2_groups(text):
    """Per character, (char, UTF-16BE code units): two units for a character
    outside the BMP, so that a surrogate pair is never split across parts."""
    out = []
    for ch in text:
        b = ch.encode("utf-16-be")
        out.append((ch, [b[i:i + 2] for i in range(0, len(b), 2)]))
    return out


def pack7(septets, fill_bits=0):
    """Packs septets LSB first, after `fill_bits` zero bits (UDH fill)."""
    acc, nbits, out = 0, fill_bits, bytearray()
    for s in septets:
        acc |= (s & 0x7F) << nbits
        nbits += 7
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8
    if nbits > 0:
        out.append(acc & 0xFF)
    return bytes(out)


def unpack7(data, count, fill_bits=0):
    need = (fill_bits + 7 * count + 7) // 8
    if len(data) < need:
        raise PduError("user data shorter than its length says")
    v = int.from_bytes(bytes(data[:need]), "little")
    return [(v >> (fill_bits + 7 * i)) & 0x7F for i in range(count)]


def septets_to_text(septets):
    out, esc = [], False
    for s in septets:
        if esc:
            # 23.038: an unknown extension code shows the default-table character
            out.append(GSM7_EXT.get(s, GSM7_BASIC[s] if s != 0x1B else " "))
            esc = False
        elif s == 0x1B:
            esc = True
        else:
            out.append(GSM7_BASIC[s])
    return "".join(out)


# ---------------------------------------------------------------------------
# 3GPP TS 23.040 / 24.011: addresses, time stamps, PDUs
# ---------------------------------------------------------------------------

_BCD_IN = {"*": "A", "#": "B", "a": "C", "b": "D", "c": "E"}
_BCD_OUT = "0123456789*#abc"
NUMBER_RE = re.compile(r"^\+?[0-9*#abc]+$")


def semi_octets(digits):
    """'4912345' -> 94 21 43 F5 (swapped nibbles, F filler)."""
    digits = "".join(_BCD_IN.get(c, c) for c in digits)
    if len(digits) % 2:
        digits += "F"
    return bytes(int(digits[i + 1] + digits[i], 16) for i in range(0, len(digits), 2))


def bcd_digits(data):
    out = []
    for b in data:
        for nib in (b & 0x0F, b >> 4):
            if nib == 0x0F:
                return "".join(out)
            out.append(_BCD_OUT[nib])
    return "".join(out)


def encode_address(addr):
    """TP-OA / TP-DA / TP-RA: length (useful semi-octets), TOA, value."""
    if NUMBER_RE.match(addr):
        digits = addr[1:] if addr.startswith("+") else addr
        toa = 0x91 if addr.startswith("+") else 0x81
        return bytes([len(digits), toa]) + semi_octets(digits)
    groups = gsm7_groups(addr)
    if groups is None or not addr:
        raise PduError("alphanumeric address %r is not GSM 7-bit encodable" % addr)
    septets = [s for _, g in groups for s in g]
    if len(septets) > 11:
        raise PduError("alphanumeric address %r longer than 11 septets" % addr)
    return bytes([(len(septets) * 7 + 3) // 4, 0xD0]) + pack7(septets)


def decode_address(buf, pos):
    if pos + 2 > len(buf):
        raise PduError("address truncated")
    n, toa = buf[pos], buf[pos + 1]
    nbytes = (n + 1) // 2
    raw = buf[pos + 2:pos + 2 + nbytes]
    if len(raw) < nbytes:
        raise PduError("address truncated")
    if (toa & 0x70) == 0x50:
        addr = septets_to_text(unpack7(raw, n * 4 // 7))
    else:
        addr = bcd_digits(raw)[:n]
        if (toa & 0x70) == 0x10:
            addr = "+" + addr
    return addr, toa, pos + 2 + nbytes


def encode_sca(number):
    """RP SC address as in a 27.005 <pdu>: length in octets (TOA included)."""
    if not number:
        return b"\x00"
    digits = number[1:] if number.startswith("+") else number
    body = bytes([0x91 if number.startswith("+") else 0x81]) + semi_octets(digits)
    return bytes([len(body)]) + body


def decode_sca(data):
    """-> (sca or None, its length in octets including the length octet)."""
    if not data:
        raise PduError("empty PDU")
    n = data[0]
    if n == 0:
        return None, 1
    if n > 11 or len(data) < 1 + n:
        raise PduError("bad SC address length %d" % n)
    toa = data[1]
    digits = bcd_digits(data[2:1 + n])
    return ("+" + digits if (toa & 0x70) == 0x10 else digits), 1 + n


def encode_scts(t):
    """7 octets: YYMMDDhhmmss semi-octets and the time zone in quarters of an
    hour (tens digit in the low nibble, bit 3 = negative)."""
    off = t.utcoffset() or datetime.timedelta(0)
    minutes = int(off.total_seconds()) // 60
    q = abs(minutes) // 15
    tz = ((q % 10) << 4) | (q // 10) | (0x08 if minutes < 0 else 0)
    return semi_octets(t.strftime("%y%m%d%H%M%S")) + bytes([tz])


def decode_scts(b):
    if len(b) < 7:
        raise PduError("time stamp truncated")
    d = []
    for x in b[:6]:
        lo, hi = x & 0x0F, x >> 4
        if lo > 9 or hi > 9:
            raise PduError("bad time stamp digit")
        d.append(lo * 10 + hi)
    q = (b[6] & 0x07) * 10 + (b[6] >> 4)
    off = datetime.timedelta(minutes=15 * q) * (-1 if b[6] & 0x08 else 1)
    try:
        t = datetime.datetime(2000 + d[0], d[1], d[2], d[3], d[4], d[5],
                              tzinfo=datetime.timezone(off))
    except ValueError as e:
        raise PduError("bad time stamp: %s" % e) from None
    return t.isoformat()


def text_mode_time(t):
    """27.005 text mode time string "yy/MM/dd,hh:mm:ss+zz"."""
    off = t.utcoffset() or datetime.timedelta(0)
    minutes = int(off.total_seconds()) // 60
    return "%s%s%02d" % (t.strftime("%y/%m/%d,%H:%M:%S"), "-" if minutes < 0 else "+", abs(minutes) // 15)


def dcs_alphabet(dcs):
    """23.038 data coding scheme -> 'gsm7' | '8bit' | 'ucs2'."""
    group = dcs >> 4
    if group <= 0x7:  # general data coding (0x) and automatic deletion (01xx)
        if dcs & 0x20:
            return "8bit"  # compressed: not supported, treat as data
        return {0: "gsm7", 1: "8bit", 2: "ucs2", 3: "gsm7"}[(dcs >> 2) & 3]
    if group in (0xC, 0xD):
        return "gsm7"
    if group == 0xE:
        return "ucs2"
    if group == 0xF:
        return "8bit" if dcs & 0x04 else "gsm7"
    return "gsm7"


def parse_udh(ud):
    """-> (header octets including UDHL, concat (ref, total, seq, ref16) or None, IEs)."""
    if not ud:
        raise PduError("UDHI set but no user data")
    udhl = ud[0]
    h = ud[1:1 + udhl]
    if len(h) < udhl:
        raise PduError("user data header truncated")
    ies, i, concat = [], 0, None
    while i < len(h):
        if i + 2 > len(h):
            raise PduError("user data header element truncated")
        iei, ln = h[i], h[i + 1]
        data = h[i + 2:i + 2 + ln]
        if len(data) < ln:
            raise PduError("user data header element truncated")
        ies.append([iei, bytes(data).hex().upper()])
        if iei == 0x00 and ln == 3:
            concat = (data[0], data[1], data[2], False)
        elif iei == 0x08 and ln == 4:
            concat = ((data[0] << 8) | data[1], data[2], data[3], True)
        i += 2 + ln
    return udhl + 1, concat, ies


def decode_ud(dcs, udhi, udl, ud, strict=True):
    """-> dict(text, encoding, concat, ref16, data_hex). `ud` is everything after
    TP-UDL; with `strict` it must be exactly as long as TP-UDL says."""
    alpha = dcs_alphabet(dcs)
    hlen, concat, ies = 0, None, []
    if udhi:
        hlen, concat, ies = parse_udh(ud)
    if alpha == "gsm7":
        if udl > 160:
            raise PduError("TP-UDL %d > 160 septets" % udl)
        need = (udl * 7 + 7) // 8
        fill = (7 - (hlen * 8) % 7) % 7
        hs = (hlen * 8 + fill) // 7
        if udl < hs:
            raise PduError("TP-UDL shorter than the user data header")
        body = unpack7(ud[hlen:], udl - hs, fill)
        text = septets_to_text(body)
        data = b""
    else:
        if udl > 140:
            raise PduError("TP-UDL %d > 140 octets" % udl)
        need = udl
        if len(ud) < need or udl < hlen:
            raise PduError("user data shorter than its length says")
        data = bytes(ud[hlen:udl])
        text = data.decode("utf-16-be", errors="replace") if alpha == "ucs2" else data.decode("latin-1")
    if strict and len(ud) != need:
        raise PduError("user data is %d octets, TP-UDL says %d" % (len(ud), need))
    return {
        "text": text,
        "encoding": alpha,
        "concat": list(concat[:3]) if concat else None,
        "ref16": concat[3] if concat else None,
        "udh": ies if udhi else None,
        "data_hex": data.hex().upper() if alpha == "8bit" else None,
    }


def decode_submit(tpdu):
    if len(tpdu) < 7:
        raise PduError("SMS-SUBMIT too short")
    fo = tpdu[0]
    if fo & 0x03 != 0x01:
        raise PduError("TP-MTI %d is not SMS-SUBMIT" % (fo & 3))
    vpf = (fo >> 3) & 3
    to, toa, pos = decode_address(tpdu, 2)
    if pos + 2 > len(tpdu):
        raise PduError("SMS-SUBMIT truncated")
    pid, dcs = tpdu[pos], tpdu[pos + 1]
    pos += 2
    vp = None
    if vpf == 2:
        if pos >= len(tpdu):
            raise PduError("SMS-SUBMIT truncated")
        vp = tpdu[pos]
        pos += 1
    elif vpf in (1, 3):
        if pos + 7 > len(tpdu):
            raise PduError("SMS-SUBMIT truncated")
        vp = bytes(tpdu[pos:pos + 7]).hex().upper()
        pos += 7
    if pos >= len(tpdu):
        raise PduError("SMS-SUBMIT has no TP-UDL")
    udl = tpdu[pos]
    ud = decode_ud(dcs, bool(fo & 0x40), udl, tpdu[pos + 1:])
    return {
        "mr": tpdu[1], "to": to, "toa": toa, "pid": pid, "dcs": dcs, "vpf": vpf, "vp": vp,
        "srr": bool(fo & 0x20), "rd": bool(fo & 0x04), "rp": bool(fo & 0x80),
        "udhi": bool(fo & 0x40), "udl": udl, **ud,
    }


def decode_deliver(tpdu):
    fo = tpdu[0]
    if fo & 0x03 != 0x00:
        raise PduError("TP-MTI %d is not SMS-DELIVER" % (fo & 3))
    frm, _, pos = decode_address(tpdu, 1)
    if pos + 9 > len(tpdu):
        raise PduError("SMS-DELIVER truncated")
    pid, dcs = tpdu[pos], tpdu[pos + 1]
    scts = decode_scts(tpdu[pos + 2:pos + 9])
    udl = tpdu[pos + 9]
    ud = decode_ud(dcs, bool(fo & 0x40), udl, tpdu[pos + 10:])
    return {"from": frm, "pid": pid, "dcs": dcs, "scts": scts, "udl": udl, **ud}


def decode_status_report(tpdu):
    fo = tpdu[0]
    if fo & 0x03 != 0x02:
        raise PduError("TP-MTI %d is not SMS-STATUS-REPORT" % (fo & 3))
    ra, _, pos = decode_address(tpdu, 2)
    if pos + 15 > len(tpdu):
        raise PduError("SMS-STATUS-REPORT truncated")
    return {"mr": tpdu[1], "to": ra, "scts": decode_scts(tpdu[pos:pos + 7]),
            "dt": decode_scts(tpdu[pos + 7:pos + 14]), "status": tpdu[pos + 14]}


CAPACITY = {("gsm7", None): 160, ("gsm7", 8): 153, ("gsm7", 16): 152,
            ("ucs2", None): 70, ("ucs2", 8): 67, ("ucs2", 16): 66}


def choose_encoding(text, encoding):
    if encoding in (None, "auto"):
        return "gsm7" if gsm7_groups(text) is not None else "ucs2"
    if encoding == "gsm7":
        if gsm7_groups(text) is None:
            bad = sorted({c for c in text if c not in _BASIC_REV and c not in _EXT_REV})
            raise PduError("not in the GSM 7-bit alphabet: %r" % "".join(bad))
        return "gsm7"
    if encoding == "ucs2":
        return "ucs2"
    raise PduError("unknown encoding %r (auto, gsm7, ucs2)" % encoding)


def segment(text, encoding, parts=None, ref16=False):
    """Splits a text into user-data chunks. -> (enc, chunks, concatenated?)
    where a chunk is a list of (char, units) groups."""
    enc = choose_encoding(text, encoding)
    groups = gsm7_groups(text) if enc == "gsm7" else ucs2_groups(text)
    size = lambda gs: sum(len(u) for _, u in gs)  # noqa: E731
    total = size(groups)
    cap_part = CAPACITY[(enc, 16 if ref16 else 8)]
    if parts is None:
        if total <= CAPACITY[(enc, None)]:
            return enc, [groups], False
        chunks, cur, n = [], [], 0
        for g in groups:
            if n + len(g[1]) > cap_part:
                chunks.append(cur)
                cur, n = [], 0
            cur.append(g)
            n += len(g[1])
        chunks.append(cur)
        if len(chunks) > 255:
            raise PduError("text needs %d parts (max 255)" % len(chunks))
        return enc, chunks, True
    parts = int(parts)
    if not 1 <= parts <= 255:
        raise PduError("parts must be 1..255")
    chunks, i, cum = [], 0, 0
    for k in range(1, parts):
        bound = (total * k + parts // 2) // parts
        cur = []
        while i < len(groups) and cum + len(groups[i][1]) <= bound:
            cur.append(groups[i])
            cum += len(groups[i][1])
            i += 1
        chunks.append(cur)
    chunks.append(groups[i:])
    for c in chunks:
        if size(c) > cap_part:
            raise PduError("text too long for %d parts: a part needs %d units, max %d"
                           % (parts, size(c), cap_part))
    return enc, chunks, True


def build_ud(enc, chunk, concat=None, ref16=False):
    """-> (udhi, udl, ud bytes) for one chunk, with a concatenation header
    (ref, total, seq) if given."""
    udh = b""
    if concat is not None:
        ref, total, seq = concat
        if ref16:
            ie = bytes([0x08, 0x04, (ref >> 8) & 0xFF, ref & 0xFF, total, seq])
        else:
            ie = bytes([0x00, 0x03, ref & 0xFF, total, seq])
        udh = bytes([len(ie)]) + ie
    if enc == "gsm7":
        septets = [s for _, u in chunk for s in u]
        fill = (7 - (len(udh) * 8) % 7) % 7 if udh else 0
        hs = (len(udh) * 8 + fill) // 7
        return bool(udh), hs + len(septets), udh + pack7(septets, fill)
    data = b"".join(x for _, u in chunk for x in u)
    return bool(udh), len(udh) + len(data), udh + data


def dcs_for(enc, msg_class=None):
    base = 0x00 if enc == "gsm7" else 0x08
    if msg_class is not None:
        base |= 0x10 | (int(msg_class) & 3)
    return base


def build_deliver(sender, dcs, udhi, udl, ud, scts, pid=0):
    fo = 0x04 | (0x40 if udhi else 0)  # TP-MTI=00 SMS-DELIVER, TP-MMS=1
    return bytes([fo]) + encode_address(sender) + bytes([pid, dcs]) + scts + bytes([udl]) + ud


def build_submit(to, dcs, udhi, udl, ud, mr=0, srr=False, vp=0xA7):
    fo = 0x01 | 0x10 | (0x20 if srr else 0) | (0x40 if udhi else 0)  # VPF relative
    return bytes([fo, mr & 0xFF]) + encode_address(to) + bytes([0, dcs, vp, udl]) + ud


def build_status_report(mr, ra, scts, discharge, st):
    # TP-MTI=10 SMS-STATUS-REPORT, TP-MMS=1, TP-SRQ=0 (result of an SMS-SUBMIT)
    return bytes([0x06, mr & 0xFF]) + encode_address(ra) + scts + discharge + bytes([st & 0xFF])


def now_local():
    return datetime.datetime.now(datetime.timezone.utc).astimezone()


def parse_time(s):
    if not s:
        return now_local()
    t = datetime.datetime.fromisoformat(s)
    if t.tzinfo is None:
        t = t.replace(tzinfo=datetime.timezone.utc)
    return t


# ---------------------------------------------------------------------------
# Result codes (27.007 clause 9.2, 27.005 clause 3.2.5)
# ---------------------------------------------------------------------------

CME_TEXT = {
    0: "phone failure", 1: "no connection to phone", 2: "phone-adaptor link reserved",
    3: "operation not allowed", 4: "operation not supported", 5: "PH-SIM PIN required",
    10: "SIM not inserted", 11: "SIM PIN required", 12: "SIM PUK required", 13: "SIM failure",
    14: "SIM busy", 15: "SIM wrong", 16: "incorrect password", 17: "SIM PIN2 required",
    18: "SIM PUK2 required", 20: "memory full", 21: "invalid index", 22: "not found",
    23: "memory failure", 24: "text string too long", 25: "invalid characters in text string",
    26: "dial string too long", 27: "invalid characters in dial string", 30: "no network service",
    31: "network timeout", 32: "network not allowed - emergency calls only", 100: "unknown",
}

CREG_STAT = {"none": 0, "not_registered": 0, "home": 1, "registered": 1, "searching": 2,
             "denied": 3, "unknown": 4, "roaming": 5}

STAT_TEXT = {0: "REC UNREAD", 1: "REC READ", 2: "STO UNSENT", 3: "STO SENT", 4: "ALL"}
TEXT_STAT = {v: k for k, v in STAT_TEXT.items()}

# SMS commands that need the SIM (+CMS ERROR: 311/316 while it is locked)
SMS_NEED_SIM = {"+CPMS", "+CMGL", "+CMGR", "+CMGD", "+CMGS", "+CMGW", "+CMSS", "+CSCA", "+CNMA"}
# 27.007 commands that need the SIM (+CME ERROR: 11/12)
CME_NEED_SIM = {"+CIMI", "+CNUM"}
# Settings that are accepted and stored but have no effect here
DUMMY_SETTINGS = {"+CLIP": "0", "+CRC": "0", "+CVHU": "0", "+COLP": "0", "+CMER": "0,0,0,0,0",
                  "+CSDH": "0", "+CR": "0", "+CLIR": "0,4", "+CCWA": "0", "+CSSN": "0,0",
                  "+CGEREP": "0,0", "+CUSD": "0", "+CSCB": "0,\"\",\"\"", "+CMOD": "0"}

class Sim:
    def __init__(self, args):
        self.args = args
        self.dir = args.control
        self.pin = args.pin
        self.puk = args.puk
        self.fd = None
        self.t0 = time.monotonic()
        self.logf = open(os.path.join(self.dir, "sim.log"), "a", encoding="utf-8")
        self.timers = []
        self.timer_seq = 0
        self.faults = []
        self.busy_until = None
        self.busy_output = b""
        self.pending_input = b""
        self.urc_out = []       # [(bytes, cnmi mode at the time, what)]
        self.ta_buffer = []     # CNMI mode 0 buffer
        self.inject_retry = {}
        self.fault_retry = 0
        self.last_poll = 0.0
        self.network = "home"
        self.dirty = True
        self.ack_pending = False
        self.echo_pending = bytearray()
        self.stale_pending = []  # "stale" faults: text to leave on the line
        self.split = None        # "split" fault: (bytes per write, pause)
        self.hold_answer = 0.0   # "delay" after the PDU: hold the final answer
        os.makedirs(os.path.join(self.dir, "inject"), exist_ok=True)
        self.pin_state = "SIM PIN" if self.pin else "READY"
        self.pin_tries = 3
        self.puk_tries = 10
        self.reset_settings()
        self.load_storage()
        self.read_network()
        self.last_creg = self.creg_stat()

    # ----------------------------------------------------------------- state
    def reset_settings(self):
        """ATZ / AT&F / a reboot: the TA's volatile settings (storage survives)."""
        self.echo = True
        self.verbose = True
        self.quiet = False
        self.cmee = 0
        self.cmgf = 0
        self.cscs = "GSM"
        self.cnmi = [0, 0, 0, 0, 0]
        self.csms = 0
        self.creg_n = 0
        self.cgreg_n = 0
        self.cfun = 1
        self.mem = ["SM", "SM", "SM"]
        self.csca = self.args.smsc
        self.csmp = [17, 167, 0, 0]
        self.sregs = {0: 0, 3: 13, 4: 10, 5: 8, 7: 50, 10: 1}
        self.dummies = dict(DUMMY_SETTINGS)
        self.line = bytearray()
        self.line_started = None
        self.input_ctx = None
        self.last_line = "AT"
        self.ta_buffer = []

    def load_storage(self):
        path = os.path.join(self.dir, "storage.json")
        st = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                st = json.load(f)
        caps = {"SM": self.args.sm_capacity, "ME": self.args.me_capacity}
        self.storages = {}
        for mem, cap in caps.items():
            slots = {}
            if st and mem in st.get("storages", {}):
                slots = {int(k): v for k, v in st["storages"][mem]["messages"].items()}
            self.storages[mem] = {"capacity": cap, "slots": slots}
        st = st or {}
        self.next_mr = st.get("next_mr", self.args.mr_start % 256)
        self.next_ref = st.get("next_concat_ref", 1)
        self.next_id = st.get("next_msg_id", 1)
        self.seq = st.get("seq", 0)
        self.counters = st.get("counters", {})
        self.by_command = st.get("by_command", {})
        self.deleted = st.get("deleted", [])
        self.network_queue = st.get("network_queue", [])
        self.history = st.get("history", [])
        self.inject_errors = st.get("inject_errors", [])
        self.pending_reports = st.get("pending_reports", [])
        self.starts = st.get("starts", 0) + 1
        # status reports that were due while we were away come now
        for rep in self.pending_reports:
            self.add_timer(0.2, self.status_report_due, rep)

    def persistent(self):
        return {
            "version": 1,
            "storages": {
                mem: {"capacity": s["capacity"], "used": len(s["slots"]),
                      "messages": {str(k): v for k, v in sorted(s["slots"].items())}}
                for mem, s in self.storages.items()
            },
            "next_mr": self.next_mr,
            "next_concat_ref": self.next_ref,
            "next_msg_id": self.next_id,
            "seq": self.seq,
            "counters": self.counters,
            "by_command": self.by_command,
            "deleted": self.deleted,
            "network_queue": self.network_queue,
            "pending_reports": self.pending_reports,
            "history": self.history[-HISTORY_KEEP:],
            "inject_errors": self.inject_errors,
            "starts": self.starts,
        }

    def save(self):
        if not self.dirty:
            return
        self.dirty = False
        p = self.persistent()
        self._write_json("storage.json", p)
        s = dict(p)
        s.update({
            "pid": os.getpid(),
            "port": self.args.port,
            "settings": {
                "echo": self.echo, "verbose": self.verbose, "quiet": self.quiet,
                "cmee": self.cmee, "cmgf": self.cmgf, "cscs": self.cscs, "cnmi": self.cnmi,
                "csms": self.csms, "creg_n": self.creg_n, "cfun": self.cfun, "cpms": self.mem,
                "csca": self.csca, "csmp": self.csmp,
            },
            "pin_state": self.pin_state,
            "pin_tries_left": self.pin_tries,
            "network": self.network,
            "creg_stat": self.creg_stat(),
            "armed_faults": self.faults,
            "ta_buffer": len(self.ta_buffer),
            "urcs_waiting": len(self.urc_out),
            "input_mode": "prompt" if self.input_ctx else "command",
            "mr_next": self.next_mr,
        })
        self._write_json("state.json", s)

    def _write_json(self, name, obj):
        path = os.path.join(self.dir, name)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(obj, f, ensure_ascii=False, indent=1)
        os.replace(tmp, path)

    def count(self, key, n=1):
        self.counters[key] = self.counters.get(key, 0) + n
        self.dirty = True

    # ------------------------------------------------------------------- log
    def log(self, tag, text):
        t = datetime.datetime.now().strftime("%H:%M:%S.%f")[:-3]
        self.logf.write("%s [%d] %s %s\n" % (t, os.getpid(), tag, text))
        self.logf.flush()

    @staticmethod
    def show(data):
        return repr(bytes(data))[2:-1]

    # -------------------------------------------------------------------- io
    def write(self, data, tag=">>"):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not data:
            return
        if self.echo_pending:
            self.flush_echo()
        self.save()  # state on disk before the DTE can see the answer
        self.log(tag, self.show(data))
        self.put(data)

    def flush_echo(self):
        data, self.echo_pending = bytes(self.echo_pending), bytearray()
        self.log(">e", self.show(data))
        self.put(data)

    def put(self, data):
        """Onto the line: at once, or in pieces with pauses ("split"), so
        that the DTE reads an answer across several reads."""
        chunks = [data]
        if self.split is not None:
            n, _ = self.split
            chunks = [data[i:i + n] for i in range(0, len(data), n)]
        try:
            for i, chunk in enumerate(chunks):
                if i > 0:
                    time.sleep(self.split[1])
                os.write(self.fd, chunk)
        except OSError as e:
            self.log("!!", "write failed: %s" % e)
            self.exit(4)

    def leave_stale(self):
        """The "stale" faults fire on the first input after they were armed:
        answers a previous session never read, already on the line when the
        DTE speaks."""
        pending, self.stale_pending = self.stale_pending, []
        for f in pending:
            self.write(f.get("text", "\r\nOK\r\n").encode("utf-8"), tag=">s")

    def add_timer(self, delay, fn, *args):
        self.timer_seq += 1
        heapq.heappush(self.timers, (time.monotonic() + delay, self.timer_seq, fn, args))

    def exit(self, code):
        self.dirty = True
        self.save()
        self.log("==", "exit %d" % code)
        try:
            if self.fd is not None:
                os.close(self.fd)
        except OSError:
            pass
        self.fd = None
        sys.exit(code)

    def run(self):
        self.fd = os.open(self.args.port, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.fd)
        self.log("==", "modem_sim start pid=%d port=%s pin=%s start#%d" % (
            os.getpid(), self.args.port, "yes" if self.pin else "no", self.starts))
        self.poll_control()  # files that came while we were unplugged
        self.dirty = True
        self.save()
        with open(os.path.join(self.dir, "sim.ready.tmp"), "w") as f:
            f.write("%d\n" % os.getpid())
        os.replace(os.path.join(self.dir, "sim.ready.tmp"), os.path.join(self.dir, "sim.ready"))
        while True:
            now = time.monotonic()
            timeout = 0.05
            if self.timers:
                timeout = max(0.0, min(timeout, self.timers[0][0] - now))
            if self.busy_until is not None:
                timeout = max(0.0, min(timeout, self.busy_until - now))
                r, _, _ = select.select([], [], [], timeout)
            else:
                r, _, _ = select.select([self.fd], [], [], timeout)
            if r:
                try:
                    data = os.read(self.fd, 4096)
                except OSError as e:
                    self.log("!!", "read failed (link gone): %s" % e)
                    self.exit(4)
                if not data:
                    self.log("!!", "end of file on the PTY (link gone)")
                    self.exit(4)
                self.log("<<", self.show(data))
                if self.stale_pending:
                    self.leave_stale()
                self.feed(data)
            now = time.monotonic()
            if self.busy_until is not None and now >= self.busy_until:
                out, self.busy_until, self.busy_output = self.busy_output, None, b""
                self.write(out)
                held, self.pending_input = self.pending_input, b""
                if held:
                    self.feed(held)
            while self.timers and self.timers[0][0] <= time.monotonic():
                _, _, fn, args = heapq.heappop(self.timers)
                fn(*args)
            if time.monotonic() - self.last_poll >= 0.05:
                self.last_poll = time.monotonic()
                if self.args.parent_pid and os.getppid() != self.args.parent_pid:
                    self.log("==", "parent %d gone: shutting down" % self.args.parent_pid)
                    self.stop_link()
                    self.exit(0)
                self.poll_control()
            self.flush_urcs()
            self.save()

    # ----------------------------------------------------------------- input
    def feed(self, data):
        self._feed(data)
        if self.echo_pending:
            self.flush_echo()

    def _feed(self, data):
        i = 0
        while i < len(data):
            if self.busy_until is not None:
                self.pending_input += data[i:]
                return
            b = data[i]
            i += 1
            if self.input_ctx is not None:
                self.feed_prompt(b)
                continue
            if self.echo:
                self.echo_pending.append(b)
            if b == self.sregs.get(3, 13):
                line = bytes(self.line)
                self.line = bytearray()
                self.line_started = None
                self.process_line(line)
            elif b == self.sregs.get(5, 8):
                if self.line:
                    self.line.pop()
            elif b in (0x1A, 0x1B):
                # Ctrl-Z / ESC outside a prompt: discard what was typed
                self.line = bytearray()
                self.line_started = None
            elif b == ord("/") and bytes(self.line).upper() == b"A":
                self.line = bytearray()
                self.line_started = None
                self.process_line(self.last_line.encode("latin-1"), repeat=True)
            elif b < 0x20 or b == 0x7F:
                continue
            else:
                if not self.line:
                    self.line_started = time.monotonic()
                if len(self.line) < 4096:
                    self.line.append(b)

    def feed_prompt(self, b):
        ctx = self.input_ctx
        if b == 0x1A:
            self.input_ctx = None
            self.finish_input(ctx, bytes(ctx["data"]))
        elif b == 0x1B:
            self.input_ctx = None
            self.count("prompt_cancelled")
            self.record(ctx["cmd"], "cancelled (ESC)")
            self.final("OK")
        else:
            if self.echo:
                self.echo_pending.append(b)
            if ctx["mode"] == "text" and b == 0x0D:
                ctx["data"] += b"\n"
                self.write(b"\r\n> ")
            elif b in (0x0A, 0x0D) and ctx["mode"] == "pdu":
                pass
            elif b == 0x08 and ctx["data"]:
                ctx["data"].pop()
            else:
                ctx["data"].append(b)

    # -------------------------------------------------------------- commands
    def process_line(self, raw, repeat=False):
        """One command line (without its CR). Commands return ("ok", lines),
        ("err", final result code) or ("prompt", ctx, lines)."""
        text = raw.decode("latin-1")
        m = re.search(r"[Aa][Tt]", text)
        if not m:
            if text.strip():
                self.log("..", "ignored line without AT prefix: %r" % text)
            return
        if m.start() > 0:
            self.log("..", "ignored junk before AT: %r" % text[:m.start()])
        body = text[m.end():]
        self.last_line = "AT" + body
        try:
            cmds = split_commands(body)
        except ValueError as e:
            self.log("..", "syntax error: %s" % e)
            self.seq += 1
            self.count("lines")
            self.record("AT" + body, "ERROR (syntax)")
            self.final("ERROR")
            return
        self.count("lines")
        info = []
        final = "OK"
        hang = False
        delay = 0.0
        prefix = b""
        prompt = None
        reboot_after = None
        for idx, c in enumerate(cmds):
            self.seq += 1
            full = "AT" + c
            self.count("commands")
            name = command_name(c)
            self.by_command[name] = self.by_command.get(name, 0) + 1
            fault = self.match_fault(full)
            after_pdu_fault = None
            after_pdu_delay = 0.0
            if fault is not None:
                kind = fault["kind"]
                self.log("!!", "fault %s fires on %s" % (kind, full))
                self.count("fault_" + kind)
                if kind == "hang":
                    hang = True
                    if not fault.get("execute"):
                        self.record(full, "(hang: no answer)")
                        break
                elif kind == "delay" and name in ("+CMGS", "+CMGW") and fault.get("stage") == "after_pdu":
                    after_pdu_delay = float(fault.get("seconds", 2.0))
                elif kind == "delay":
                    delay = max(delay, float(fault.get("seconds", 2.0)))
                elif kind == "garbage":
                    prefix += junk(fault)
                elif kind == "reboot":
                    if name in ("+CMGS", "+CMGW") and fault.get("stage") == "after_pdu":
                        after_pdu_fault = fault
                    else:
                        reboot_after = fault
                elif kind in ("cms_error", "cme_error", "error"):
                    if name in ("+CMGS", "+CMGW") and fault.get("stage", "after_pdu") == "after_pdu":
                        after_pdu_fault = fault
                    else:
                        final = self.fault_final(fault)
                        self.record(full, final + " (fault)")
                        break
            try:
                res = self.execute(c, name)
            except Exception as e:  # a bug here must not kill the modem
                self.log("!!", "internal error on %s: %r" % (full, e))
                res = ("err", "ERROR")
            if res[0] == "ok":
                if res[1]:
                    info.append(res[1])
                self.record(full, "OK" if not hang else "(hang, executed)")
            elif res[0] == "prompt":
                if idx != len(cmds) - 1:
                    final = "ERROR"
                    self.record(full, "ERROR (prompt command not last)")
                    break
                prompt = res[1]
                prompt["cmd"] = full
                prompt["fault"] = after_pdu_fault
                prompt["delay"] = after_pdu_delay
                prompt["data"] = bytearray()
                if res[2]:
                    info.append(res[2])
            else:
                final = res[1]
                self.record(full, final)
                break
        if hang:
            self.count("hangs")
            return
        out = prefix + self.render_info(info)
        if prompt is not None:
            self.input_ctx = prompt
            out += b"\r\n> "
        else:
            out += self.render_final(final)
        if delay > 0:
            self.busy_until = time.monotonic() + delay
            self.busy_output = out
            self.log("..", "answer held back for %.2f s" % delay)
            self.dirty = True
        else:
            self.write(out)
        if reboot_after is not None:
            self.reboot(reboot_after)

    def record(self, cmd, result):
        self.history.append({"seq": self.seq, "t": now_local().isoformat(timespec="milliseconds"),
                             "cmd": cmd, "result": result})
        if len(self.history) > 4 * HISTORY_KEEP:
            self.history = self.history[-HISTORY_KEEP:]
        self.dirty = True

    def render_info(self, blocks):
        out = []
        for lines in blocks:
            if self.verbose:
                out.append("\r\n" + "\r\n".join(lines) + "\r\n")
            else:
                out.append("".join(l + "\r\n" for l in lines))
        return "".join(out).encode("utf-8")

    def render_final(self, final):
        if self.quiet:
            return b""
        if self.verbose:
            return ("\r\n%s\r\n" % final).encode("utf-8")
        code = {"OK": "0", "ERROR": "4", "NO CARRIER": "3"}.get(final, final)
        return (code + "\r").encode("utf-8")

    def final(self, final, lines=None):
        out = self.render_info([lines] if lines else []) + self.render_final(final)
        if self.hold_answer > 0:
            # the network is slow to answer the submission: the modem is
            # busy (input waits) and answers late
            self.busy_until = time.monotonic() + self.hold_answer
            self.busy_output = out
            self.log("..", "answer held back for %.2f s after the PDU" % self.hold_answer)
            self.hold_answer = 0.0
            self.dirty = True
            return
        self.write(out)

    def cme(self, code):
        if self.cmee == 0:
            return ("err", "ERROR")
        if self.cmee == 1:
            return ("err", "+CME ERROR: %d" % code)
        return ("err", "+CME ERROR: %s" % CME_TEXT.get(code, "unknown"))

    @staticmethod
    def cms(code):
        # 27.005 3.2.5: +CMS ERROR is the final result code whatever +CMEE says
        return ("err", "+CMS ERROR: %d" % code)

    def fault_final(self, fault):
        kind = fault["kind"]
        if kind == "cms_error":
            return "+CMS ERROR: %d" % int(fault.get("code", 500))
        if kind == "cme_error":
            return self.cme(int(fault.get("code", 100)))[1]
        return "ERROR"

    def execute(self, c, name):
        """One command (text after AT, upper-cased outside quotes)."""
        if name.startswith(("+", "^", "$", "%", "*", "#", "!", "@")):
            rest = c[len(name):]
            if rest.startswith("=?"):
                op, args = "=?", rest[2:]
            elif rest.startswith("?"):
                op, args = "?", rest[1:]
            elif rest.startswith("="):
                op, args = "=", rest[1:]
            else:
                op, args = "", rest
            if op in ("?", "=?", "") and args.strip():
                return ("err", "ERROR")
            if self.pin_state != "READY":
                if name in SMS_NEED_SIM:
                    return self.cms(311 if self.pin_state == "SIM PIN" else 316)
                if name in CME_NEED_SIM:
                    return self.cme(11 if self.pin_state == "SIM PIN" else 12)
            h = getattr(self, "c_" + name[1:].replace("&", "_"), None) if name[0] == "+" else None
            if h is None and name in self.dummies:
                return self.c_dummy(name, op, args)
            if h is None:
                return self.unknown()
            return h(op, args)
        return self.basic(c, name)

    def unknown(self):
        if self.args.unknown_cme and self.cmee >= 1:
            return self.cme(100)
        return ("err", "ERROR")

    def basic(self, c, name):
        val = c[len(name):]
        if name == "":
            return ("ok", None)
        if name in ("E", "V", "Q"):
            if val not in ("", "0", "1"):
                return ("err", "ERROR")
            on = val == "1"
            if name == "E":
                self.echo = on
            elif name == "V":
                self.verbose = on
            else:
                self.quiet = on
            self.dirty = True
            return ("ok", None)
        if name in ("Z", "&F"):
            self.reset_settings()
            self.dirty = True
            return ("ok", None)
        if name == "I":
            return ("ok", ["%s %s" % (MANUFACTURER, MODEL), "Revision: %s" % REVISION])
        if name == "S":
            m = re.match(r"^(\d+)(\?|=(\d*))$", val)
            if not m:
                return ("err", "ERROR")
            reg = int(m.group(1))
            if m.group(2) == "?":
                return ("ok", ["%03d" % self.sregs.get(reg, 0)])
            self.sregs[reg] = int(m.group(3) or 0)
            return ("ok", None)
        if name in ("H", "X", "L", "M", "&C", "&D", "&K", "&W", "&V", "&S", "&Y", "&E"):
            return ("ok", None)
        if name in ("D", "A"):
            return ("err", "NO CARRIER")
        return self.unknown()

    # --- 27.007 --------------------------------------------------------------
    def c_dummy(self, name, op, args):
        if op == "?":
            return ("ok", ["%s: %s" % (name, self.dummies[name])])
        if op == "=?":
            return ("ok", ["%s: (0,1)" % name])
        if op == "=":
            self.dummies[name] = args
            return ("ok", None)
        return ("err", "ERROR")

    def c_CMEE(self, op, args):
        if op == "?":
            return ("ok", ["+CMEE: %d" % self.cmee])
        if op == "=?":
            return ("ok", ["+CMEE: (0-2)"])
        if op == "=":
            v = args or "0"
            if v not in ("0", "1", "2"):
                return ("err", "ERROR")
            self.cmee = int(v)
            self.dirty = True
            return ("ok", None)
        return ("err", "ERROR")

    def _ident(self, op, value):
        if op == "":
            return ("ok", [value])
        if op == "=?":
            return ("ok", None)
        return ("err", "ERROR")

    def c_CGMI(self, op, args):
        return self._ident(op, MANUFACTURER)

    c_GMI = c_CGMI

    def c_CGMM(self, op, args):
        return self._ident(op, MODEL)

    c_GMM = c_CGMM

    def c_CGMR(self, op, args):
        return self._ident(op, REVISION)

    c_GMR = c_CGMR

    def c_CGSN(self, op, args):
        return self._ident(op, IMEI)

    c_GSN = c_CGSN

    def c_CIMI(self, op, args):
        return self._ident(op, IMSI)

    def c_GCAP(self, op, args):
        return self._ident(op, "+GCAP: +CGSM")

    def c_CNUM(self, op, args):
        return self._ident(op, '+CNUM: "Own","%s",145' % OWN_NUMBER)

    def c_CPAS(self, op, args):
        return self._ident(op, "+CPAS: 0")

    def c_CCLK(self, op, args):
        if op == "?":
            return ("ok", ['+CCLK: "%s"' % text_mode_time(now_local())])
        return ("ok", None) if op in ("=", "=?") else ("err", "ERROR")

    def c_CLAC(self, op, args):
        if op != "":
            return ("err", "ERROR")
        names = sorted("AT+" + n[2:] for n in dir(self) if n.startswith("c_") and n != "c_dummy")
        return ("ok", names + sorted("AT" + n for n in self.dummies))

    def c_CPIN(self, op, args):
        if op == "?":
            return ("ok", ["+CPIN: %s" % self.pin_state])
        if op == "=?":
            return ("ok", None)
        if op != "=":
            return ("err", "ERROR")
        p = parse_params(args)
        if not p or not isinstance(p[0], str) or not p[0]:
            return ("err", "ERROR")
        if self.pin_state == "READY":
            return self.cme(3)
        if self.pin_state == "SIM PIN":
            if p[0] == self.pin:
                self.pin_state = "READY"
                self.pin_tries = 3
                self.dirty = True
                self.add_timer(0.05, self.network_changed)
                return ("ok", None)
            self.pin_tries -= 1
            if self.pin_tries <= 0:
                self.pin_state = "SIM PUK"
            self.dirty = True
            return self.cme(16)
        # SIM PUK: AT+CPIN="<puk>","<new pin>"
        if len(p) < 2 or not isinstance(p[1], str) or not p[1]:
            return self.cme(12)
        if p[0] == self.puk:
            self.pin = p[1]
            self.pin_state = "READY"
            self.pin_tries = 3
            self.dirty = True
            self.add_timer(0.05, self.network_changed)
            return ("ok", None)
        self.puk_tries -= 1
        self.dirty = True
        return self.cme(16)

    def creg_stat(self):
        if self.cfun != 1 or self.pin_state != "READY":
            return 0
        return CREG_STAT.get(self.network, 1)

    def registered(self):
        return self.creg_stat() in (1, 5)

    def creg_line(self, name, n, stat, urc):
        head = "%s: " % name + ("%d" % stat if urc else "%d,%d" % (n, stat))
        if n == 2 and stat in (1, 5):
            head += ',"%s","%s"' % (LAC, CELL_ID)
        return head

    def c_CREG(self, op, args, name="+CREG"):
        attr = "creg_n" if name == "+CREG" else "cgreg_n"
        if op == "?":
            return ("ok", [self.creg_line(name, getattr(self, attr), self.creg_stat(), False)])
        if op == "=?":
            return ("ok", ["%s: (0-2)" % name])
        if op == "=":
            v = args or "0"
            if v not in ("0", "1", "2"):
                return ("err", "ERROR")
            setattr(self, attr, int(v))
            self.dirty = True
            return ("ok", None)
        return ("err", "ERROR")

    def c_CGREG(self, op, args):
        return self.c_CREG(op, args, "+CGREG")

    def c_CSQ(self, op, args):
        if op == "=?":
            return ("ok", ["+CSQ: (0-31,99),(0-7,99)"])
        if op != "":
            return ("err", "ERROR")
        return ("ok", ["+CSQ: 20,99" if self.registered() else "+CSQ: 99,99"])

    def c_COPS(self, op, args):
        if op == "?":
            if self.registered():
                return ("ok", ['+COPS: 0,0,"ccgate test net",0'])
            return ("ok", ["+COPS: 0"])
        if op == "=?":
            return ("ok", ['+COPS: (2,"ccgate test net","ccgate","26299",0),,(0-4),(0-2)'])
        if op == "=":
            return ("ok", None)
        return ("err", "ERROR")

    def c_CFUN(self, op, args):
        if op == "?":
            return ("ok", ["+CFUN: %d" % self.cfun])
        if op == "=?":
            return ("ok", ["+CFUN: (0,1,4),(0-1)"])
        if op == "=":
            p = parse_params(args)
            if not p or p[0] not in (0, 1, 4):
                return ("err", "ERROR")
            self.cfun = p[0]
            self.dirty = True
            self.add_timer(0.05, self.network_changed)
            return ("ok", None)
        return ("err", "ERROR")

    def c_CSCS(self, op, args):
        if op == "?":
            return ("ok", ['+CSCS: "%s"' % self.cscs])
        if op == "=?":
            return ("ok", ['+CSCS: ("GSM","IRA","UCS2")'])
        if op == "=":
            p = parse_params(args)
            if not p or not isinstance(p[0], str) or p[0].upper() not in ("GSM", "IRA", "UCS2"):
                return ("err", "ERROR")
            self.cscs = p[0].upper()
            self.dirty = True
            return ("ok", None)
        return ("err", "ERROR")

    # --- 27.005 --------------------------------------------------------------
    def c_CSMS(self, op, args):
        if op == "?":
            return ("ok", ["+CSMS: %d,1,1,1" % self.csms])
        if op == "=?":
            return ("ok", ["+CSMS: (0,1)"])
        if op == "=":
            p = parse_params(args)
            if not p or p[0] not in (0, 1):
                return self.cms(303) if p and isinstance(p[0], int) else ("err", "ERROR")
            self.csms = p[0]
            self.dirty = True
            return ("ok", ["+CSMS: 1,1,1"])
        return ("err", "ERROR")

    def c_CSCA(self, op, args):
        if op == "?":
            toa = 145 if self.csca.startswith("+") else 129
            return ("ok", ['+CSCA: "%s",%d' % (self.csca, toa)])
        if op == "=?":
            return ("ok", None)
        if op == "=":
            p = parse_params(args)
            if not p or not isinstance(p[0], str):
                return ("err", "ERROR")
            self.csca = p[0]
            self.dirty = True
            return ("ok", None)
        return ("err", "ERROR")

    def c_CSMP(self, op, args):
        if op == "?":
            return ("ok", ["+CSMP: %d,%d,%d,%d" % tuple(self.csmp)])
        if op == "=?":
            return ("ok", None)
        if op == "=":
            p = parse_params(args)
            for i, v in enumerate(p[:4]):
                if isinstance(v, int):
                    self.csmp[i] = v
            return ("ok", None)
        return ("err", "ERROR")

    def c_CMGF(self, op, args):
        if op == "?":
            return ("ok", ["+CMGF: %d" % self.cmgf])
        if op == "=?":
            return ("ok", ["+CMGF: (0,1)"])
        if op == "=":
            v = args or "0"
            if v not in ("0", "1"):
                return ("err", "ERROR")
            self.cmgf = int(v)
            self.dirty = True
            return ("ok", None)
        return ("err", "ERROR")

    def c_CPMS(self, op, args):
        if op == "=?":
            return ("ok", ['+CPMS: ("SM","ME"),("SM","ME"),("SM","ME")'])
        if op == "?":
            parts = []
            for mem in self.mem:
                s = self.storages[mem]
                parts.append('"%s",%d,%d' % (mem, len(s["slots"]), s["capacity"]))
            return ("ok", ["+CPMS: " + ",".join(parts)])
        if op != "=":
            return ("err", "ERROR")
        p = parse_params(args)
        if not p or len(p) > 3:
            return ("err", "ERROR")
        new = list(self.mem)
        for i, v in enumerate(p):
            if v is None:
                continue
            if not isinstance(v, str) or v.upper() not in self.storages:
                return self.cms(302)
            new[i] = v.upper()
        self.mem = new
        self.dirty = True
        counts = []
        for mem in self.mem:
            s = self.storages[mem]
            counts.append("%d,%d" % (len(s["slots"]), s["capacity"]))
        return ("ok", ["+CPMS: " + ",".join(counts)])

    def c_CNMI(self, op, args):
        if op == "?":
            return ("ok", ["+CNMI: %d,%d,%d,%d,%d" % tuple(self.cnmi)])
        if op == "=?":
            return ("ok", ["+CNMI: (0-3),(0-3),(0,2),(0-2),(0,1)"])
        if op != "=":
            return ("err", "ERROR")
        p = parse_params(args)
        ranges = [(0, 3), (0, 3), (0, 3), (0, 2), (0, 1)]
        if len(p) > 5:
            return ("err", "ERROR")
        new = [0, 0, 0, 0, 0]
        for i, v in enumerate(p):
            if v is None:
                continue
            if not isinstance(v, int) or not ranges[i][0] <= v <= ranges[i][1]:
                return self.cms(303) if isinstance(v, int) else ("err", "ERROR")
            new[i] = v
        self.cnmi = new
        self.dirty = True
        if new[0] in (1, 2, 3):
            if new[4] == 0:
                # 27.005: flush the TA buffer after the OK
                for data, what in self.ta_buffer:
                    self.urc_out.append((data, new[0], what))
            else:
                self.count("urc_cleared", len(self.ta_buffer))
            self.ta_buffer = []
        return ("ok", None)

    def c_CNMA(self, op, args):
        if op == "=?":
            return ("ok", ["+CNMA: (0-2)"])
        if self.csms == 1 and self.ack_pending:
            self.ack_pending = False
            return ("ok", None)
        return self.cms(340)

    def parse_stat(self, args, default):
        """<stat> of +CMGL/+CMGW: int in PDU mode, string in text mode."""
        p = parse_params(args) if args else []
        if not p or p[0] is None:
            return default
        v = p[0]
        if self.cmgf == 0:
            return v if isinstance(v, int) and 0 <= v <= 4 else None
        if isinstance(v, str) and v.upper() in TEXT_STAT:
            return TEXT_STAT[v.upper()]
        return None

    def c_CMGL(self, op, args):
        if op == "=?":
            if self.cmgf == 0:
                return ("ok", ["+CMGL: (0-4)"])
            return ("ok", ["+CMGL: (%s)" % ",".join('"%s"' % STAT_TEXT[i] for i in range(5))])
        if op not in ("", "="):
            return ("err", "ERROR")
        stat = self.parse_stat(args, 0)
        if stat is None:
            return self.cms(304 if self.cmgf == 0 else 305)
        self.count("cmgl")
        mem = self.mem[0]
        lines = []
        for idx, msg in sorted(self.storages[mem]["slots"].items()):
            if stat != 4 and msg["stat"] != stat:
                continue
            lines += self.entry_lines(idx, msg, listing=True)
            self.retrieved(msg)
        return ("ok", lines)

    def retrieved(self, msg):
        msg["retrieved"] = msg.get("retrieved", 0) + 1
        if msg.get("retrieved_seq") is None:
            msg["retrieved_seq"] = self.seq
        if msg["stat"] == 0:
            msg["stat"] = 1
        self.dirty = True

    def entry_lines(self, idx, msg, listing):
        if self.cmgf == 0:
            head = ("+CMGL: %d,%d,,%d" % (idx, msg["stat"], msg["length"]) if listing
                    else "+CMGR: %d,,%d" % (msg["stat"], msg["length"]))
            return [head, msg["pdu"]]
        st = '"%s"' % STAT_TEXT[msg["stat"]]
        pre = "+CMGL: %d," % idx if listing else "+CMGR: "
        if msg["kind"] == "status_report":
            return [pre + '%s,6,%d,"%s",%d,"%s","%s",%d' % (
                st, msg.get("mr", 0), self.te_text(msg.get("to", "")),
                145 if msg.get("to", "").startswith("+") else 129,
                text_mode_time(parse_time(msg.get("scts"))), text_mode_time(parse_time(msg.get("dt"))),
                msg.get("status", 0))]
        if msg["kind"] == "submit":
            return [pre + '%s,"%s",,' % (st, self.te_text(msg.get("to", ""))), self.te_text(msg.get("text") or "")]
        ts = text_mode_time(parse_time(msg.get("scts"))) if msg.get("scts") else ""
        return [pre + '%s,"%s",,"%s"' % (st, self.te_text(msg.get("from", "")), ts),
                self.te_text(msg.get("text") or "")]

    def te_text(self, s):
        if self.cscs == "UCS2":
            return s.encode("utf-16-be").hex().upper()
        return s

    def index_arg(self, args):
        p = parse_params(args)
        if not p or not isinstance(p[0], int):
            return None
        return p[0]

    def c_CMGR(self, op, args):
        if op == "=?":
            return ("ok", None)
        if op != "=":
            return ("err", "ERROR")
        idx = self.index_arg(args)
        if idx is None:
            return ("err", "ERROR")
        self.count("cmgr")
        msg = self.storages[self.mem[0]]["slots"].get(idx)
        if msg is None:
            return self.cms(321)
        lines = self.entry_lines(idx, msg, listing=False)
        self.retrieved(msg)
        return ("ok", lines)

    def c_CMGD(self, op, args):
        mem = self.mem[0]
        slots = self.storages[mem]["slots"]
        if op == "=?":
            return ("ok", ["+CMGD: (%s),(0-4)" % ",".join(str(i) for i in sorted(slots))])
        if op != "=":
            return ("err", "ERROR")
        p = parse_params(args)
        if not p or len(p) > 2:
            return ("err", "ERROR")
        idx = p[0]
        flag = p[1] if len(p) > 1 and p[1] is not None else 0
        if not isinstance(flag, int) or not 0 <= flag <= 4:
            return ("err", "ERROR")
        if flag == 0 and not isinstance(idx, int):
            return ("err", "ERROR")
        if idx is not None and not isinstance(idx, int):
            return ("err", "ERROR")
        if flag == 0:
            if not 1 <= idx <= self.storages[mem]["capacity"]:
                return self.cms(321)
            victims = [idx] if idx in slots else []
        else:
            keep = {1: (0, 2, 3), 2: (0, 2), 3: (0,), 4: ()}[flag]
            victims = [i for i, m in sorted(slots.items()) if m["stat"] not in keep]
        self.count("cmgd")
        for i in victims:
            msg = slots.pop(i)
            self.count("deleted_messages")
            self.deleted.append({
                "seq": self.seq, "t": now_local().isoformat(timespec="milliseconds"),
                "mem": mem, "index": i, "delflag": flag, "id": msg.get("id"), "kind": msg.get("kind"),
                "stat": msg.get("stat"), "retrieved": msg.get("retrieved", 0),
                "retrieved_seq": msg.get("retrieved_seq"), "from": msg.get("from"),
                "to": msg.get("to"), "text": msg.get("text"), "concat": msg.get("concat"),
            })
        self.dirty = True
        if victims and self.network_queue:
            self.add_timer(0.2, self.retry_network_queue)
        return ("ok", None)

    def c_CMGS(self, op, args):
        if op == "=?":
            return ("ok", None)
        if op != "=":
            return ("err", "ERROR")
        p = parse_params(args)
        if self.cmgf == 0:
            if len(p) != 1 or not isinstance(p[0], int):
                return ("err", "ERROR")
            if not 1 <= p[0] <= 176:
                return self.cms(304)
            return ("prompt", {"kind": "cmgs", "mode": "pdu", "length": p[0]}, None)
        if not p or not isinstance(p[0], str) or not p[0]:
            return self.cms(305)
        return ("prompt", {"kind": "cmgs", "mode": "text", "da": p[0]}, None)

    def c_CMGW(self, op, args):
        if op == "=?":
            return ("ok", None)
        p = parse_params(args) if op == "=" else []
        if self.cmgf == 0:
            if len(p) < 1 or not isinstance(p[0], int):
                return ("err", "ERROR")
            stat = p[1] if len(p) > 1 and p[1] is not None else 2
            if not isinstance(stat, int) or not 0 <= stat <= 3:
                return self.cms(304)
            return ("prompt", {"kind": "cmgw", "mode": "pdu", "length": p[0], "stat": stat}, None)
        da = p[0] if p and isinstance(p[0], str) else ""
        stat = TEXT_STAT.get(str(p[2]).upper(), 2) if len(p) > 2 and p[2] is not None else 2
        return ("prompt", {"kind": "cmgw", "mode": "text", "da": da, "stat": stat}, None)

    def c_CMSS(self, op, args):
        if op == "=?":
            return ("ok", None)
        if op != "=":
            return ("err", "ERROR")
        p = parse_params(args)
        if not p or not isinstance(p[0], int):
            return ("err", "ERROR")
        mem = self.mem[1]
        msg = self.storages[mem]["slots"].get(p[0])
        if msg is None:
            return self.cms(321)
        if msg["kind"] != "submit":
            return self.cms(302)
        if not self.registered():
            return self.cms(331)
        to = p[1] if len(p) > 1 and isinstance(p[1], str) and p[1] else msg.get("to")
        try:
            sca_len = decode_sca(bytes.fromhex(msg["pdu"]))[1]
            info = decode_submit(bytes.fromhex(msg["pdu"])[sca_len:])
        except (ValueError, PduError):
            return self.cms(304)
        info["to"] = to
        mr = self.send_submit(info, msg["pdu"], msg["length"], "CMSS", "pdu" if self.cmgf == 0 else "text")
        msg["stat"] = 3
        self.dirty = True
        return ("ok", ["+CMSS: %d" % mr])

    # --- prompt completion ---------------------------------------------------
    def finish_input(self, ctx, data):
        cmd = ctx["cmd"]
        self.hold_answer = float(ctx.get("delay") or 0)
        if ctx["mode"] == "pdu":
            hexs = data.decode("latin-1").strip()
            try:
                if not re.fullmatch(r"[0-9A-Fa-f]*", hexs) or len(hexs) % 2:
                    raise PduError("PDU is not an even number of hex digits")
                pdu = bytes.fromhex(hexs)
                sca, sca_len = decode_sca(pdu)
                tpdu = pdu[sca_len:]
                if len(tpdu) != ctx["length"]:
                    raise PduError("<length> %d but the TPDU has %d octets" % (ctx["length"], len(tpdu)))
                if ctx["kind"] == "cmgs" or (tpdu and tpdu[0] & 3 == 1):
                    info = decode_submit(tpdu)
                    kind = "submit"
                else:
                    info = decode_deliver(tpdu)
                    kind = "deliver"
            except (PduError, ValueError, IndexError) as e:
                self.log("..", "invalid PDU: %s" % e)
                self.count("invalid_pdu")
                self.record(cmd, "+CMS ERROR: 304 (%s)" % e)
                self.final("+CMS ERROR: 304")
                return
            info["smsc"] = sca
            pdu_hex = hexs.upper()
            length = ctx["length"]
        else:
            text = data.decode("utf-8", errors="replace")
            kind = "submit"
            try:
                enc, chunks, _ = segment(text, "auto")
                if len(chunks) != 1:
                    raise PduError("text too long for one SMS in text mode")
                udhi, udl, ud = build_ud(enc, chunks[0])
                srr = bool(self.csmp[0] & 0x20)
                tpdu = build_submit(ctx["da"], dcs_for(enc), udhi, udl, ud, srr=srr)
            except PduError as e:
                self.record(cmd, "+CMS ERROR: 305 (%s)" % e)
                self.final("+CMS ERROR: 305")
                return
            info = decode_submit(tpdu)
            info["smsc"] = None
            pdu_hex = (b"\x00" + tpdu).hex().upper()
            length = len(tpdu)
        if ctx["kind"] == "cmgw":
            mem = self.mem[1]
            idx = self.free_index(mem)
            if idx is None:
                self.record(cmd, "+CMS ERROR: 322")
                self.final("+CMS ERROR: 322")
                return
            msg = {"kind": kind, "stat": ctx["stat"], "pdu": pdu_hex, "length": length,
                   "text": info.get("text"), "concat": info.get("concat"), "source": "CMGW"}
            if kind == "submit":
                msg["to"] = info["to"]
            else:
                msg["from"] = info["from"]
                msg["scts"] = info.get("scts")
            self.store(mem, idx, msg)
            self.record(cmd, "+CMGW: %d" % idx)
            self.final("OK", ["+CMGW: %d" % idx])
            return
        fault = ctx.get("fault")
        if fault is not None and fault["kind"] == "reboot":
            self.record(cmd, "(reboot: the PDU is lost)")
            self.reboot(fault)
            return
        if fault is not None:
            final = self.fault_final(fault)
            self.next_mr = (self.next_mr + 1) % 256  # the attempt used a TP-MR
            self.count("cmgs_failed")
            self.record(cmd, final + " (fault)")
            self.final(final)
            return
        if not self.registered():
            self.count("cmgs_failed")
            self.record(cmd, "+CMS ERROR: 331")
            self.final("+CMS ERROR: 331")
            return
        mr = self.send_submit(info, pdu_hex, length, "CMGS", ctx["mode"])
        self.record(cmd, "+CMGS: %d" % mr)
        self.final("OK", ["+CMGS: %d" % mr])

    def send_submit(self, info, pdu_hex, length, via, mode):
        mr = self.next_mr
        self.next_mr = (self.next_mr + 1) % 256
        rec = {
            "mr": mr, "to": info["to"], "text": info.get("text"),
            "udh_concat": info.get("concat"), "srr": info.get("srr", False),
            "pdu": pdu_hex if mode == "pdu" else None, "cmd_len": length,
            "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds"),
            "udh_ref16": info.get("ref16"), "encoding": info.get("encoding"), "dcs": info.get("dcs"),
            "pid": info.get("pid"), "vpf": info.get("vpf"), "vp": info.get("vp"),
            "smsc": info.get("smsc"), "via": via, "mode": mode, "data_hex": info.get("data_hex"),
        }
        with open(os.path.join(self.dir, "sent.jsonl"), "a", encoding="utf-8") as f:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        self.count("cmgs_ok" if via == "CMGS" else "cmss_ok")
        policy = self.report_policy()
        if rec["srr"] and policy["policy"] != "none":
            st = policy["st"]
            if st is None:
                st = 0x00 if policy["policy"] == "delivered" else 0x41
            rep = {"mr": mr, "to": info["to"], "st": st, "submitted": now_local().isoformat()}
            self.pending_reports.append(rep)
            self.add_timer(policy["delay"], self.status_report_due, rep)
        self.dirty = True
        return mr

    def report_policy(self):
        res = {"policy": "delivered", "st": None, "delay": 0.3}
        try:
            with open(os.path.join(self.dir, "report_policy"), encoding="utf-8") as f:
                words = f.read().split()
        except OSError:
            words = []
        for w in words:
            if w in ("delivered", "failed", "none"):
                res["policy"] = w
            elif w.startswith("st="):
                res["st"] = int(w[3:], 0)
            elif w.startswith("delay="):
                res["delay"] = float(w[6:])
        return res

    # ------------------------------------------------------- storage & URCs
    def free_index(self, mem):
        s = self.storages[mem]
        for i in range(1, s["capacity"] + 1):
            if i not in s["slots"]:
                return i
        return None

    def store(self, mem, idx, msg):
        msg.setdefault("id", self.next_id)
        self.next_id += 1
        msg.setdefault("retrieved", 0)
        msg.setdefault("retrieved_seq", None)
        msg.setdefault("stored_at", now_local().isoformat(timespec="milliseconds"))
        msg["mem"] = mem
        msg["index"] = idx
        self.storages[mem]["slots"][idx] = msg
        self.dirty = True

    def urc(self, data, what, cnmi_governed=True):
        """Queue an unsolicited result code (27.005 +CNMI <mode> rules)."""
        self.count("urc_" + what)
        mode = self.cnmi[0] if cnmi_governed else 3
        if mode == 0:
            self.ta_buffer.append((data, what))
            self.log("..", "URC %s buffered in the TA (+CNMI mode 0)" % what)
        else:
            self.urc_out.append((data, mode, what))
        self.dirty = True

    def flush_urcs(self):
        if not self.urc_out or self.busy_until is not None:
            return
        if self.input_ctx is not None:
            # the TA-TE link is reserved: mode 1 discards, modes 2/3 wait
            keep = []
            for data, mode, what in self.urc_out:
                if mode == 1:
                    self.count("urc_discarded")
                    self.log("..", "URC %s discarded (+CNMI mode 1, link reserved)" % what)
                else:
                    keep.append((data, mode, what))
            self.urc_out = keep
            return
        if self.line and self.line_started and time.monotonic() - self.line_started < URC_HOLD_PARTIAL_LINE:
            return
        out, self.urc_out = self.urc_out, []
        for data, _, _ in out:
            self.write(data, tag=">u")

    def network_changed(self):
        stat = self.creg_stat()
        if stat != self.last_creg:
            self.last_creg = stat
            self.log("..", "registration now %d" % stat)
            for name, n in (("+CREG", self.creg_n), ("+CGREG", self.cgreg_n)):
                if n:
                    self.urc(("\r\n%s\r\n" % self.creg_line(name, n, stat, True)).encode(), "creg", False)
            self.dirty = True
        if self.registered() and self.network_queue:
            self.retry_network_queue()

    def retry_network_queue(self):
        queue, self.network_queue = self.network_queue, []
        for item in queue:
            self.deliver(item, requeue=True)
        self.dirty = True

    def deliver(self, item, requeue=False):
        """One message from the network: an SMS-DELIVER part or a status report."""
        if not self.registered():
            self.network_queue.append(item)
            if not requeue:
                self.log("..", "not registered: message queued in the network")
                self.count("network_queued")
            self.dirty = True
            return
        if item["kind"] == "status_report":
            return self.deliver_status_report(item)
        mt = self.cnmi[1]
        silent = item.pop("no_cmti", False) or self.take_storage_full()
        if mt == 2 and not silent and item["kind"] == "deliver" and item.get("class") != 2:
            pdu = item["pdu"]
            self.count("cmt")
            if self.cmgf == 0:
                data = "\r\n+CMT: ,%d\r\n%s\r\n" % (item["length"], pdu)
            else:
                data = '\r\n+CMT: "%s",,"%s"\r\n%s\r\n' % (
                    self.te_text(item.get("from", "")), text_mode_time(parse_time(item.get("scts"))),
                    self.te_text(item.get("text") or ""))
            if self.csms == 1:
                self.ack_pending = True
            self.urc(data.encode("utf-8"), "cmt")
            return
        mem = item.get("storage") or self.mem[2]
        idx = self.free_index(mem)
        if idx is None:
            # 23.040: memory capacity exceeded; the network retries later
            item["no_cmti"] = silent
            self.network_queue.append(item)
            if not requeue:
                self.count("memory_full_rejects")
                self.log("..", "%s full: message held back by the network" % mem)
            self.dirty = True
            return
        msg = {k: v for k, v in item.items() if k not in ("storage", "class")}
        msg["notified"] = False
        self.store(mem, idx, msg)
        self.count("stored_incoming")
        self.log("**", "stored %s %s:%d %s" % (msg["kind"], mem, idx, msg.get("text") if msg.get("text") is not None else "(raw)"))
        if mt in (1, 2, 3) and not silent:
            msg["notified"] = True
            self.urc(('\r\n+CMTI: "%s",%d\r\n' % (mem, idx)).encode(), "cmti")
        elif silent:
            self.count("stored_silently")

    def take_storage_full(self):
        for f in self.faults:
            if f["kind"] == "storage_full":
                self.consume(f)
                self.log("!!", "fault storage_full: stored without +CMTI")
                return True
        return False

    def status_report_due(self, rep):
        if rep in self.pending_reports:
            self.pending_reports.remove(rep)
        t = now_local()
        try:
            submitted = parse_time(rep.get("submitted"))
        except ValueError:
            submitted = t
        tpdu = build_status_report(rep["mr"], rep["to"], encode_scts(submitted), encode_scts(t), rep["st"])
        item = {"kind": "status_report", "pdu": (encode_sca(self.csca) + tpdu).hex().upper(),
                "length": len(tpdu), "mr": rep["mr"], "to": rep["to"], "status": rep["st"],
                "scts": submitted.isoformat(), "dt": t.isoformat(), "text": None, "stat": 0}
        self.deliver(item)

    def deliver_status_report(self, item):
        ds = self.cnmi[3]
        self.count("status_reports")
        if ds == 1:
            self.count("cds")
            if self.cmgf == 0:
                data = "\r\n+CDS: %d\r\n%s\r\n" % (item["length"], item["pdu"])
            else:
                data = '\r\n+CDS: 6,%d,"%s",%d,"%s","%s",%d\r\n' % (
                    item["mr"], item["to"], 145 if item["to"].startswith("+") else 129,
                    text_mode_time(parse_time(item["scts"])), text_mode_time(parse_time(item["dt"])),
                    item["status"])
            if self.csms == 1:
                self.ack_pending = True
            self.urc(data.encode("utf-8"), "cds")
        elif ds == 2:
            mem = item.get("storage") or self.mem[2]
            idx = self.free_index(mem)
            if idx is None:
                self.count("status_reports_dropped")
                self.log("..", "status report for MR %d dropped: %s full" % (item["mr"], mem))
                return
            msg = {k: v for k, v in item.items() if k != "storage"}
            self.store(mem, idx, msg)
            self.urc(('\r\n+CDSI: "%s",%d\r\n' % (mem, idx)).encode(), "cdsi")
        else:
            self.count("status_reports_dropped")
            self.log("..", "status report for MR %d not routed (+CNMI ds=0)" % item["mr"])
        self.dirty = True

    # ---------------------------------------------------------------- control
    def poll_control(self):
        inj = os.path.join(self.dir, "inject")
        try:
            names = sorted(n for n in os.listdir(inj) if n.endswith(".json"))
        except OSError:
            names = []
        for n in names:
            path = os.path.join(inj, n)
            try:
                with open(path, encoding="utf-8") as f:
                    obj = json.load(f)
            except (OSError, ValueError) as e:
                tries = self.inject_retry.get(n, 0) + 1
                self.inject_retry[n] = tries
                if tries < 20:
                    continue  # maybe still being written
                obj = None
                self.inject_error(n, "unreadable: %s" % e)
            self.inject_retry.pop(n, None)
            if obj is not None:
                for i, one in enumerate(obj if isinstance(obj, list) else [obj]):
                    try:
                        self.inject_one(one, "%s#%d" % (n, i))
                    except Exception as e:  # report, never crash
                        self.inject_error(n, "%s: %s" % (type(e).__name__, e))
            self.save()
            try:
                os.unlink(path)
            except OSError:
                pass
        fpath = os.path.join(self.dir, "fault.json")
        if os.path.exists(fpath):
            try:
                with open(fpath, encoding="utf-8") as f:
                    obj = json.load(f)
            except (OSError, ValueError) as e:
                self.fault_retry += 1
                if self.fault_retry < 20:
                    return
                self.log("!!", "fault.json unreadable: %s" % e)
                obj = []
            self.fault_retry = 0
            actions = []
            for one in obj if isinstance(obj, list) else [obj]:
                a = self.arm_fault(one)
                if a:
                    actions.append(a)
            self.dirty = True
            self.save()
            try:
                os.unlink(fpath)
            except OSError:
                pass
            for a in actions:
                a()
        self.read_network()

    def read_network(self):
        try:
            with open(os.path.join(self.dir, "network"), encoding="utf-8") as f:
                v = f.read().strip().lower() or "home"
        except OSError:
            v = "home"
        if v not in CREG_STAT:
            v = "home"
        if v != self.network:
            self.log("..", "network: %s -> %s" % (self.network, v))
            self.network = v
            self.dirty = True
        if self.fd is not None:
            self.network_changed()

    def inject_error(self, name, err):
        self.log("!!", "inject %s rejected: %s" % (name, err))
        self.inject_errors.append({"file": name.split("#")[0], "error": err})
        self.count("inject_errors")

    def inject_one(self, spec, name):
        """One incoming message. Keys (all optional but one of text/raw_pdu):
        kind "deliver" (default) | "submit" (a stored MO message) | "status_report";
        from, to, text, storage "SM"|"ME" (default: +CPMS <mem3>), encoding
        "auto"|"gsm7"|"ucs2", parts null|N, concat_ref, ref16, duplicate_part,
        drop_part, order [seq...], corrupt false|true|"truncate"|"length"|"hex"|"udl"|"mti",
        corrupt_part, raw_pdu, length, no_cmti, stat, smsc, time, class, dcs, pid,
        delay, part_delay, mr/status (status reports)."""
        if not isinstance(spec, dict):
            raise PduError("an inject must be a JSON object")
        known = {"kind", "from", "to", "text", "storage", "encoding", "parts", "concat_ref", "ref16",
                 "duplicate_part", "drop_part", "order", "corrupt", "corrupt_part", "raw_pdu", "length",
                 "no_cmti", "stat", "smsc", "time", "class", "dcs", "pid", "delay", "part_delay", "mr",
                 "status", "comment"}
        unknown = set(spec) - known
        if unknown:
            raise PduError("unknown keys %s" % sorted(unknown))
        storage = spec.get("storage")
        if storage is not None and storage not in self.storages:
            raise PduError("unknown storage %r" % storage)
        kind = spec.get("kind", "deliver")
        smsc = spec.get("smsc", self.args.smsc)
        sca = encode_sca(smsc)
        t = parse_time(spec.get("time"))
        base = {"storage": storage, "no_cmti": bool(spec.get("no_cmti")), "source": "inject:" + name,
                "class": spec.get("class")}
        items = []
        if spec.get("raw_pdu") is not None:
            hexs = str(spec["raw_pdu"]).strip().upper()
            length = spec.get("length")
            info = {}
            if length is None:
                try:
                    raw = bytes.fromhex(hexs)
                    length = len(raw) - decode_sca(raw)[1]
                except (ValueError, PduError):
                    length = len(hexs) // 2
            try:
                raw = bytes.fromhex(hexs)
                tp = raw[decode_sca(raw)[1]:]
                info = decode_deliver(tp) if tp[0] & 3 == 0 else (
                    decode_submit(tp) if tp[0] & 3 == 1 else decode_status_report(tp))
            except (ValueError, PduError, IndexError):
                info = {}
            items.append(dict(base, kind="raw", pdu=hexs, length=int(length),
                              stat=int(spec.get("stat", 0)), text=info.get("text"),
                              **{"from": info.get("from")}, concat=info.get("concat"),
                              scts=info.get("scts")))
        elif kind == "status_report":
            to = spec.get("to", "+491701234567")
            st = int(spec.get("status", 0))
            tpdu = build_status_report(int(spec.get("mr", 0)), to, encode_scts(t), encode_scts(now_local()), st)
            items.append(dict(base, kind="status_report", pdu=(sca + tpdu).hex().upper(), length=len(tpdu),
                              mr=int(spec.get("mr", 0)) & 0xFF, to=to, status=st, scts=t.isoformat(),
                              dt=now_local().isoformat(), text=None, stat=int(spec.get("stat", 0))))
        elif kind in ("deliver", "submit"):
            text = spec.get("text")
            if not isinstance(text, str):
                raise PduError("'text' (a string) or 'raw_pdu' is needed")
            ref16 = bool(spec.get("ref16"))
            enc, chunks, concat = segment(text, spec.get("encoding", "auto"), spec.get("parts"), ref16)
            ref = spec.get("concat_ref")
            if concat and ref is None:
                ref = self.next_ref
                self.next_ref = (self.next_ref % (65535 if ref16 else 255)) + 1
            dcs = spec.get("dcs", dcs_for(enc, spec.get("class")))
            addr = spec.get("from", "+491701234567") if kind == "deliver" else spec.get("to", "+491701234567")
            total = len(chunks)
            for seq, chunk in enumerate(chunks, 1):
                c = (int(ref), total, seq) if concat else None
                udhi, udl, ud = build_ud(enc, chunk, c, ref16)
                if kind == "deliver":
                    tpdu = build_deliver(addr, dcs, udhi, udl, ud, encode_scts(t), int(spec.get("pid", 0)))
                else:
                    tpdu = build_submit(addr, dcs, udhi, udl, ud)
                part_text = "".join(ch for ch, _ in chunk)
                item = dict(base, kind=kind, pdu=(sca + tpdu).hex().upper(), length=len(tpdu),
                            text=part_text, concat=list(c) if c else None, ref16=ref16 if c else None,
                            encoding=enc, scts=t.isoformat() if kind == "deliver" else None,
                            stat=int(spec.get("stat", 0 if kind == "deliver" else 2)), seq=seq)
                item["from" if kind == "deliver" else "to"] = addr
                items.append(item)
        else:
            raise PduError("unknown kind %r" % kind)
        # corruption
        corrupt = spec.get("corrupt")
        if corrupt:
            mode = "truncate" if corrupt is True else str(corrupt)
            for it in items:
                if spec.get("corrupt_part") is not None and it.get("seq") != spec["corrupt_part"]:
                    continue
                corrupt_item(it, mode)
        # part order, drops and duplicates
        by_seq = {it.get("seq", 1): it for it in items}
        order = spec.get("order") or [it.get("seq", 1) for it in items]
        out = []
        for s in order:
            if s not in by_seq:
                raise PduError("order names part %r that does not exist" % s)
            if spec.get("drop_part") is not None and s == spec["drop_part"]:
                continue
            out.append(by_seq[s])
            if spec.get("duplicate_part") is not None and s == spec["duplicate_part"]:
                out.append(dict(by_seq[s], duplicate=True))
        self.count("injected", len(out))
        self.log("**", "inject %s: %d part(s) %s" % (name, len(out), json.dumps(spec, ensure_ascii=False)))
        delay = float(spec.get("delay", 0) or 0)
        step = float(spec.get("part_delay", 0) or 0)
        for i, it in enumerate(out):
            it = {k: v for k, v in it.items() if k != "seq"}
            d = delay + i * step
            if d > 0:
                self.add_timer(d, self.deliver, it)
            else:
                self.deliver(it)

    def arm_fault(self, f):
        """Faults (fault.json, an object or a list):
          {"kind": "garbage"[, "bytes": 24][, "seed": n][, "command": prefix]}
          {"kind": "hang"[, "command": prefix][, "times": 1][, "execute": false]}
          {"kind": "delay", "seconds": s[, "command": prefix][, "times": 1]}
              with "stage": "after_pdu" on AT+CMGS/AT+CMGW: the answer after the PDU is late
          {"kind": "stale"[, "text": "\r\nOK\r\n"]}   on the next input, leave this text on
              the line first: answers to commands of an earlier session
          {"kind": "split"[, "bytes": 2][, "pause": 0.01]}   every write in pieces, with pauses
          {"kind": "cms_error", "command": prefix, "code": n[, "times": 1][, "stage": "after_pdu"|"immediate"]}
          {"kind": "cme_error" | "error", "command": prefix[, "code": n][, "times": 1]}
          {"kind": "unplug"}   close the PTY, kill --link-pid, exit 3
          {"kind": "reboot"[, "text": "RDY"]}   forget settings, emit the text
          {"kind": "reboot", "command": prefix[, "stage": "prompt"|"after_pdu"]}   the same
              when that command comes: after its answer (its "> " prompt), or on
              AT+CMGS/AT+CMGW with "after_pdu" instead of answering the PDU (nothing sent)
          {"kind": "storage_full"[, "times": 1]}   next SMS stored without +CMTI
          {"kind": "clear"}    disarm all faults
        "times" <= 0 means: until cleared."""
        if not isinstance(f, dict) or "kind" not in f:
            self.log("!!", "bad fault %r" % (f,))
            return None
        kind = f["kind"]
        self.log("!!", "fault armed: %s" % json.dumps(f))
        self.count("faults_armed")
        if kind == "clear":
            self.faults = []
            self.split = None
            self.stale_pending = []
            return None
        if kind == "stale":
            self.stale_pending.append(f)
            return None
        if kind == "split":
            self.split = (max(1, int(f.get("bytes", 2))), float(f.get("pause", 0.01)))
            return None
        if kind == "garbage" and not f.get("command"):
            return lambda: self.emit_garbage(f)
        if kind == "unplug":
            return self.unplug
        if kind == "reboot" and not f.get("command"):
            return lambda: self.reboot(f)
        if kind in ("hang", "delay", "cms_error", "cme_error", "error", "garbage", "storage_full", "reboot"):
            g = dict(f)
            if g.get("command"):
                g["command"] = normalize_prefix(g["command"])
            g["times"] = int(g.get("times", 1))
            self.faults.append(g)
            return None
        self.log("!!", "unknown fault kind %r" % kind)
        return None

    def match_fault(self, full):
        for f in self.faults:
            if f["kind"] == "storage_full":
                continue
            pre = f.get("command")
            if pre and not full.startswith(pre):
                continue
            self.consume(f)
            return f
        return None

    def consume(self, f):
        if f["times"] > 0:
            f["times"] -= 1
            if f["times"] == 0:
                self.faults.remove(f)
        self.dirty = True

    def emit_garbage(self, f):
        self.count("garbage")
        self.write(junk(f), tag=">g")

    def unplug(self):
        self.count("unplugs")
        self.log("!!", "unplug: closing the PTY and leaving with code 3")
        self.dirty = True
        self.save()
        try:
            os.close(self.fd)
        except OSError:
            pass
        self.fd = None
        self.stop_link()
        self.exit(3)

    def stop_link(self):
        if self.args.link_pid:
            try:
                os.kill(self.args.link_pid, signal.SIGTERM)
            except OSError as e:
                self.log("!!", "could not stop the link process %d: %s" % (self.args.link_pid, e))

    def reboot(self, f):
        self.count("reboots")
        self.reset_settings()
        self.input_ctx = None
        self.urc_out = []
        self.busy_until = None
        self.busy_output = b""
        self.pending_input = b""
        if self.pin:
            self.pin_state = "SIM PIN" if self.pin_state == "READY" else self.pin_state
        self.dirty = True
        self.write(("\r\n%s\r\n" % f.get("text", "RDY")).encode("utf-8"), tag=">r")
        self.network_changed()


def corrupt_item(it, mode):
    pdu = it["pdu"]
    raw = bytes.fromhex(pdu)
    sca_len = raw[0] + 1
    tpdu = raw[sca_len:]
    it["corrupt"] = mode
    if mode == "truncate":
        cut = max(1, min(len(tpdu) - 1, (len(tpdu) - 14) // 2 + 1))
        tpdu = tpdu[:len(tpdu) - cut]
        it["pdu"] = (raw[:sca_len] + tpdu).hex().upper()
        it["length"] = len(tpdu)
    elif mode == "length":
        it["length"] = it["length"] + 7
    elif mode == "hex":
        it["pdu"] = pdu[:-4] + "ZZ9"
    elif mode == "udl":
        b = bytearray(tpdu)
        b[udl_pos(tpdu)] = 0xFF  # TP-UDL claims more than any SMS can hold
        it["pdu"] = (raw[:sca_len] + bytes(b)).hex().upper()
    elif mode == "mti":
        b = bytearray(tpdu)
        b[0] |= 0x03
        it["pdu"] = (raw[:sca_len] + bytes(b)).hex().upper()
    else:
        raise PduError("unknown corrupt mode %r" % mode)
    if mode != "length":
        it["text"] = None


def udl_pos(tpdu):
    """Index of TP-UDL in an SMS-DELIVER or SMS-SUBMIT TPDU."""
    if tpdu[0] & 3 == 0:
        _, _, pos = decode_address(tpdu, 1)
        return pos + 9
    _, _, pos = decode_address(tpdu, 2)
    vpf = (tpdu[0] >> 3) & 3
    return pos + 2 + {0: 0, 2: 1}.get(vpf, 7)


def junk(f):
    n = int(f.get("bytes", 24))
    rnd = random.Random(f.get("seed"))
    # never a CR LF OK CR LF by accident: no 'O' bytes
    return bytes(b if b != 0x4F else 0x4E for b in (rnd.randrange(256) for _ in range(n)))


def normalize_prefix(s):
    s = s.strip()
    return upper_outside_quotes(s if s.upper().startswith("AT") else "AT" + s)


def upper_outside_quotes(s):
    out, q = [], False
    for ch in s:
        if ch == '"':
            q = not q
        out.append(ch if q else ch.upper())
    return "".join(out)


def split_commands(body):
    """V.250 command line body (after AT) -> list of commands, upper-cased
    outside string constants: basic commands (E0, &F, S0=0, D...) and
    extended commands (+XXX...) separated by ';'."""
    cmds = []
    i, n = 0, len(body)
    while i < n:
        ch = body[i]
        if ch in " ;":
            i += 1
            continue
        if ch in "+^$%*#!@":
            j, q = i, False
            while j < n and (q or body[j] != ";"):
                if body[j] == '"':
                    q = not q
                j += 1
            if q:
                raise ValueError("unterminated string constant")
            cmds.append(upper_outside_quotes(body[i:j].strip()))
            i = j + 1
            continue
        up = ch.upper()
        if up == "D":
            cmds.append("D" + body[i + 1:])
            break
        if up == "&":
            if i + 1 >= n:
                raise ValueError("lone &")
            j = i + 2
            while j < n and body[j].isdigit():
                j += 1
            cmds.append(body[i:j].upper())
            i = j
            continue
        if up == "S":
            m = re.match(r"[Ss](\d+)(\?|=\d*)", body[i:])
            if not m:
                raise ValueError("bad S-parameter")
            cmds.append(m.group(0).upper())
            i += m.end()
            continue
        if up.isalpha():
            j = i + 1
            while j < n and body[j].isdigit():
                j += 1
            cmds.append(body[i:j].upper())
            i = j
            continue
        raise ValueError("unexpected %r" % ch)
    return cmds or [""]


def command_name(c):
    """'+CMGL=4' -> '+CMGL'; 'E0' -> 'E'; '&F' -> '&F'; 'S0=1' -> 'S'; '' -> ''."""
    if not c:
        return ""
    if c[0] in "+^$%*#!@":
        m = re.match(r"^[+^$%*#!@][A-Z0-9_]*", c)
        return m.group(0)
    if c[0] == "&":
        return c[:2]
    return c[0]


def parse_params(args):
    """'"SM",1,,"a,b"' -> ['SM', 1, None, 'a,b']"""
    out, i, n = [], 0, len(args)
    if not args.strip():
        return []
    while True:
        while i < n and args[i] == " ":
            i += 1
        if i < n and args[i] == '"':
            j = args.find('"', i + 1)
            if j < 0:  # unterminated (split_commands rejects these)
                out.append(args[i + 1:])
                break
            out.append(args[i + 1:j])
            i = j + 1
            while i < n and args[i] != ",":
                i += 1
        else:
            j = args.find(",", i)
            j = n if j < 0 else j
            tok = args[i:j].strip()
            if tok == "":
                out.append(None)
            elif re.fullmatch(r"\d+", tok):
                out.append(int(tok))
            else:
                out.append(tok)
            i = j
        if i >= n:
            break
        i += 1  # the comma
        if i >= n:
            out.append(None)
            break
    return out


def main():
    ap = argparse.ArgumentParser(description="GSM modem simulator on a PTY (3GPP TS 27.005/27.007)")
    ap.add_argument("--port", required=True, help="modem side of the PTY pair")
    ap.add_argument("--control", required=True, help="control directory")
    ap.add_argument("--pin", help="SIM PIN; without it the SIM is unlocked")
    ap.add_argument("--puk", default="12345678")
    ap.add_argument("--sm-capacity", type=int, default=10)
    ap.add_argument("--me-capacity", type=int, default=20)
    ap.add_argument("--smsc", default=DEFAULT_SMSC)
    ap.add_argument("--mr-start", type=int, default=1, help="first TP-MR handed out")
    ap.add_argument("--link-pid", type=int, help="process to stop on an unplug (socat)")
    ap.add_argument("--parent-pid", type=int,
                    help="exit (stopping --link-pid) once this parent process is gone")
    ap.add_argument("--unknown-cme", action="store_true",
                    help="answer unknown commands with +CME ERROR: 100 when +CMEE>=1 (default: ERROR)")
    args = ap.parse_args()
    os.makedirs(args.control, exist_ok=True)
    sim = Sim(args)

    def term(signum, frame):
        sim.log("==", "signal %d" % signum)
        sim.exit(0)

    signal.signal(signal.SIGTERM, term)
    signal.signal(signal.SIGINT, term)
    try:
        sim.run()
    except SystemExit:
        raise
    except BaseException as e:
        import traceback
        sim.log("!!", "crash: %r\n%s" % (e, traceback.format_exc()))
        raise


if __name__ == "__main__":
    main()

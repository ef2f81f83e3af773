"""The peer side of tests/it/pdu_crosscheck.rs: two independent SMS PDU
implementations from PyPI, python-messaging 0.5.13 (module messaging.sms)
and smspdudecoder 2.2.0 (with bitstring < 5), driven in batch.

    python pdu_peer.py decode  < requests.jsonl > answers.jsonl
    python pdu_peer.py encode  < requests.jsonl > answers.jsonl

One JSON object a line in, one a line out, in the same order, each with the
request's "id". A peer that raises gives {"error": "..."} in its place: the
Rust side decides whether that is a listed peer bug or a failure.

decode: PDUs that ccgate encoded, read by both peers.
  submit  smspdudecoder reads the SMS-SUBMIT. python-messaging reads only
          what a phone receives, so the SUBMIT is re-wrapped as an
          SMS-DELIVER around the same TP-DA, TP-PID, TP-DCS, TP-UDL and
          TP-UD octets (untouched, so its 7-bit/UCS2/header decoding is
          what is tested), and python-messaging reads that.
  deliver both peers read it.
  status  python-messaging reads it (smspdudecoder has no STATUS-REPORT).

encode: messages that the peers build, for ccgate to read.
  submit  python-messaging's SmsSubmit (split, UDH, packing, TP-SRR, TP-VP).
  deliver python-messaging's SmsSubmit parts re-wrapped as SMS-DELIVER: its
          SMSC field, its address encoding as TP-OA (or, for an
          alphanumeric sender, its GSM 03.38 codec and 7-bit packing), its
          TP-DCS/UDL/UD, and smspdudecoder's Date.encode for TP-SCTS.
  status  an SMS-STATUS-REPORT from smspdudecoder's Number, TypeOfAddress
          and Date encoders, with python-messaging's SMSC field.
"""

import json
import sys
from datetime import datetime, timedelta, timezone
from io import StringIO

from messaging.sms import SmsDeliver, SmsSubmit
from messaging.utils import pack_8bits_to_7bits
from smspdudecoder.elements import Date, Number, TypeOfAddress
from smspdudecoder.fields import SMSDeliver, SMSSubmit

FIXED_SCTS = "62119221000040"  # 2026-11-29 12:00:00 +01:00


def utf16_fix(s):
    """python-messaging decodes UCS2 one 16-bit unit at a time (chr of each),
    so a character outside the BMP comes back as two lone surrogates: join
    them into the character they encode."""
    if isinstance(s, str):
        return s.encode("utf-16-be", "surrogatepass").decode("utf-16-be", "replace")
    return s


def text_out(t):
    if isinstance(t, (bytes, bytearray)):
        return {"bytes": t.hex()}
    return {"text": utf16_fix(t)}


def iso(dt):
    if dt is None:
        return None
    if dt.tzinfo is not None:
        dt = dt.astimezone(timezone.utc).replace(tzinfo=None)
    return dt.strftime("%Y-%m-%dT%H:%M:%S")


def error(e):
    return {"error": f"{type(e).__name__}: {e}"}


# ------------------------------------------------------------------ decode


def split_submit(hexpdu):
    """The fields of an SMS-SUBMIT, by octet offsets (hex digits)."""
    h = hexpdu
    i = 0
    smsc_len = int(h[i:i + 2], 16)
    i += 2 + 2 * smsc_len
    fo = int(h[i:i + 2], 16)
    i += 2
    i += 2  # TP-MR
    da_len = int(h[i:i + 2], 16)
    da_end = i + 4 + 2 * ((da_len + 1) // 2)
    da = h[i:da_end]
    i = da_end
    pid_dcs = h[i:i + 4]
    i += 4
    vpf = (fo >> 3) & 3
    i += {0: 0, 2: 2}.get(vpf, 14)
    return fo, da, pid_dcs, h[i:]


def rewrap_as_deliver(hexpdu):
    fo, da, pid_dcs, ud = split_submit(hexpdu)
    deliver_fo = 0x04 | (fo & 0x40)
    return f"00{deliver_fo:02X}{da}{pid_dcs}{FIXED_SCTS}{ud}"


def sd_user_data(sms):
    ud = sms["user_data"]
    concat = None
    for el in (ud.get("header") or {}).get("elements", []):
        if el["iei"] in (0x00, 0x08):
            d = el["data"]
            concat = [d["reference"], d["parts_count"], d["part_number"]]
    return text_out(ud["data"]), concat


def sd_address(a):
    if a["toa"] is None:
        return None
    n = a["number"]
    return "+" + n if a["toa"]["ton"] == "international" else n


def pm_concat(sms):
    if sms.udh is not None and sms.udh.concat is not None:
        c = sms.udh.concat
        return [c.ref, c.cnt, c.seq]
    return None


def decode_submit(hexpdu):
    out = {}
    try:
        sms = SMSSubmit.decode(StringIO(hexpdu))
        t, concat = sd_user_data(sms)
        out["sd"] = {
            "to": sd_address(sms["recipient"]),
            "srr": sms["header"]["srr"],
            "vp": sms.get("vp"),
            "mr": sms["message-ref"],
            "encoding": sms["dcs"]["encoding"],
            "concat": concat,
            **t,
        }
    except Exception as e:  # noqa: BLE001 - reported to the Rust side
        out["sd"] = error(e)
    try:
        sms = SmsDeliver(rewrap_as_deliver(hexpdu))
        out["pm"] = {"to": sms.number, "concat": pm_concat(sms), **text_out(sms.text)}
    except Exception as e:  # noqa: BLE001
        out["pm"] = error(e)
    return out


def decode_deliver(hexpdu):
    out = {}
    try:
        sms = SMSDeliver.decode(StringIO(hexpdu))
        t, concat = sd_user_data(sms)
        out["sd"] = {
            "smsc": sd_address(sms["smsc"]),
            "sender": sd_address(sms["sender"]),
            "utc": iso(sms["scts"]),
            "encoding": sms["dcs"]["encoding"],
            "concat": concat,
            **t,
        }
    except Exception as e:  # noqa: BLE001
        out["sd"] = error(e)
    try:
        sms = SmsDeliver(hexpdu)
        out["pm"] = {
            "smsc": sms.csca,
            "sender": sms.number,
            "utc": iso(sms.date),
            "concat": pm_concat(sms),
            **text_out(sms.text),
        }
    except Exception as e:  # noqa: BLE001
        out["pm"] = error(e)
    return out


def decode_status(hexpdu):
    out = {}
    try:
        sms = SmsDeliver(hexpdu)
        sr = sms.sr
        out["pm"] = {
            "smsc": sms.csca,
            "reference": sms.udh.concat.ref,
            "recipient": sr["recipient"],
            "submitted_local": iso(sr["scts"]),
            "discharged_local": iso(sr["dt"]),
            "status": sr["status"],
        }
    except Exception as e:  # noqa: BLE001
        out["pm"] = error(e)
    return out


# ------------------------------------------------------------------ encode


def escape_cut(submit):
    """Whether python-messaging's split left an escape (0x1B) at the end of
    a part: it tests `text[pi:pe][-1] == '\\x1b'`, an int against a str
    under Python 3, so the pair is never kept together."""
    if submit.fmt != 0x00 or submit.text_gsm is None or len(submit.text_gsm) <= 160:
        return False
    g = submit.text_gsm
    return any(g[pe - 1] == 0x1B for pe in range(153, len(g), 153))


def submit_parts(number, text, spec):
    s = SmsSubmit(number, text)
    s.request_status = spec.get("srr", False)
    s.ref = spec.get("mr", 0)
    s.rand_id = spec.get("ref", 0)
    if spec.get("csca"):
        s.csca = spec["csca"]
    if spec.get("validity"):
        s.validity = timedelta(hours=24)
    pdus = [p.pdu.upper() for p in s.to_pdu()]
    return s, pdus


def scts(fields):
    y, mo, d, h, mi, sec, q = fields
    tz = timezone(timedelta(minutes=15 * q))
    return Date.encode(datetime(y, mo, d, h, mi, sec, tzinfo=tz)).upper()


def alnum_address(name):
    gsm = name.encode("gsm0338")
    packed = pack_8bits_to_7bits(gsm)[2:]  # without its length octet
    semi_octets = (len(gsm) * 7 + 3) // 4
    return f"{semi_octets:02X}D0{packed}".upper()


def encode_submit(spec):
    s, pdus = submit_parts(spec["to"], spec["text"], spec)
    return {"pdus": pdus, "escape_cut": escape_cut(s)}


def encode_deliver(spec):
    sender = spec["sender"]
    number = "+123" if spec["sender_alnum"] else sender
    s, pdus = submit_parts(number, spec["text"], spec)
    stamp = scts(spec["scts"])
    out = []
    for p in pdus:
        smsc_len = int(p[0:2], 16)
        smsc = p[0:2 + 2 * smsc_len]
        fo, da, pid_dcs, ud = split_submit(p)
        oa = alnum_address(sender) if spec["sender_alnum"] else da
        deliver_fo = 0x04 | (fo & 0x40) | (0x20 if spec.get("sri") else 0)
        out.append(f"{smsc}{deliver_fo:02X}{oa}{pid_dcs}{stamp}{ud}")
    return {"pdus": out, "escape_cut": escape_cut(s)}


def encode_status(spec):
    smsc = SmsSubmit("+123", "x")
    if spec.get("csca"):
        smsc.csca = spec["csca"]
    smsc_field = smsc._get_smsc_pdu().upper()
    r = spec["recipient"]
    digits = r.lstrip("+")
    toa = TypeOfAddress.encode({"ton": "international" if r.startswith("+") else "unknown", "npi": "isdn"})
    ra = f"{len(digits):02X}{toa}{Number.encode(digits)}".upper()
    pdu = f"{smsc_field}06{spec['mr']:02X}{ra}{scts(spec['scts'])}{scts(spec['dt'])}{spec['status']:02X}"
    return {"pdus": [pdu]}


def main():
    mode = sys.argv[1]
    handlers = {
        "decode": {"submit": decode_submit, "deliver": decode_deliver, "status": decode_status},
        "encode": {"submit": encode_submit, "deliver": encode_deliver, "status": encode_status},
    }[mode]
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        handler = handlers[req["kind"]]
        try:
            if mode == "decode":
                answers = [handler(h) for h in req["hex"]]
                ans = {"parts": answers}
            else:
                ans = handler(req)
        except Exception as e:  # noqa: BLE001
            ans = error(e)
        ans["id"] = req["id"]
        out.write(json.dumps(ans) + "\n")
    out.flush()


if __name__ == "__main__":
    main()

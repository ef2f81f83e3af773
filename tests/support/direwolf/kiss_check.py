#!/usr/bin/env python3
"""End-to-end check of the Dire Wolf A <-> B link (start.sh) through KISS.

    kiss_check.py A B COUNT [--size N] [--timeout S] [--direction both|ab|ba]
                            [--min-ok F] [--seed S] [--quiet]

A, B: "tcp:PORT" (KISS TCP on 127.0.0.1) or a pty path (DIR/a.tty holds A's).
Python 3 standard library only.

Sends COUNT AX.25 UI frames from A (N0CALL-1) to B (N0CALL-2), one at a time,
then COUNT from B to A (--direction picks one way only). Each frame carries an
N-byte info field (default 100) with a frame number, 0xC0 and 0xDB (so KISS
escaping is exercised) and seeded random bytes. A frame counts as arrived if
exactly the same AX.25 frame comes out of the other TNC within --timeout
seconds (default 8); the next frame is sent after that. Frames arriving later
are counted as "late", other frames (say, decoded from noise) as "other".

Prints one line per frame (latency, or LOST), a summary per direction, and
PASS/FAIL. Exit 0 when, in every direction, the fraction of frames that
arrived in time is >= --min-ok (default 1.0: all of them), else 1;
exit 2 on a usage or connection error.
"""

import argparse
import os
import random
import select
import socket
import statistics
import sys
import termios
import time
import tty

FEND, FESC, TFEND, TFESC = 0xC0, 0xDB, 0xDC, 0xDD


def ax25_addr(call, last):
    base, _, ssid = call.partition("-")
    return bytes(ord(c) << 1 for c in base.upper().ljust(6)) + bytes([0x60 | (int(ssid or 0) << 1) | int(last)])


def ui_frame(src, dst, info):  # no digipeaters, control UI, PID F0 (no layer 3)
    return ax25_addr(dst, False) + ax25_addr(src, True) + b"\x03\xf0" + info


def kiss_data(frame, port=0):
    body = frame.replace(b"\xdb", b"\xdb\xdd").replace(b"\xc0", b"\xdb\xdc")
    return bytes([FEND, port << 4]) + body + bytes([FEND])


class Tnc:
    """One KISS connection: TCP to 127.0.0.1:PORT, or a pty opened raw."""

    def __init__(self, spec):
        self.spec = spec
        self.buf = bytearray()
        self.is_tcp = spec.startswith("tcp:")
        if self.is_tcp:
            self.sock = socket.create_connection(("127.0.0.1", int(spec[4:])), timeout=5)
            self.sock.setblocking(True)
            self.fd = self.sock.fileno()
            self.write = self.sock.sendall
        else:
            self.fd = os.open(spec, os.O_RDWR | os.O_NOCTTY)
            tty.setraw(self.fd)
            termios.tcflush(self.fd, termios.TCIOFLUSH)  # drop frames received before we came
            self.write = self._write_fd

    def _write_fd(self, data):
        while data:
            data = data[os.write(self.fd, data) :]

    def read_frames(self, timeout):
        """AX.25 frames from KISS data frames (port 0) seen within timeout."""
        r, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if r:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise ConnectionError(f"{self.spec}: closed by the TNC")
            self.buf += chunk
        frames = []
        while True:
            try:
                start = self.buf.index(FEND)
                end = self.buf.index(FEND, start + 1)
            except ValueError:
                break
            raw = bytes(self.buf[start + 1 : end])
            del self.buf[:end]
            if not raw:
                continue
            data = raw.replace(b"\xdb\xdc", b"\xc0").replace(b"\xdb\xdd", b"\xdb")
            if data[0] & 0x0F == 0:  # a data frame; ignore KISS commands
                frames.append(data[1:])
        return frames


def run_direction(name, tx, rx, src, dst, a, rng, quiet):
    sent = {}  # frame -> (index, send time)
    lat = {}  # index -> latency of frames that arrived in time
    late = other = 0

    def take(frames, now, current):
        nonlocal late, other
        got_current = False
        for f in frames:
            if f == current:
                got_current = True
            elif f in sent:
                late += 1
                if not quiet:
                    print(f"  {name} #{sent[f][0]}: arrived late, after {now - sent[f][1]:.2f} s")
            else:
                other += 1
        return got_current

    for i in range(a.count):
        head = f"CCGATE {name} {i:03d} ".encode() + bytes([FEND, FESC])
        info = (head + rng.randbytes(max(0, a.size - len(head))))[: max(a.size, 1)]
        frame = ui_frame(src, dst, info)
        t0 = time.monotonic()
        sent[frame] = (i, t0)
        tx.write(kiss_data(frame))
        while True:
            now = time.monotonic()
            if now - t0 >= a.timeout:
                if not quiet:
                    print(f"  {name} #{i}: LOST (not received in {a.timeout:g} s)")
                break
            if take(rx.read_frames(t0 + a.timeout - now), time.monotonic(), frame):
                lat[i] = time.monotonic() - t0
                if not quiet:
                    print(f"  {name} #{i}: {lat[i]:.2f} s")
                break
    # late arrivals of the last frame(s)
    end = time.monotonic() + min(1.0, a.timeout)
    while time.monotonic() < end:
        take(rx.read_frames(end - time.monotonic()), time.monotonic(), None)
    ok = len(lat)
    v = sorted(lat.values())
    stats = f"latency min {v[0]:.2f} median {statistics.median(v):.2f} max {v[-1]:.2f} s" if v else "no latency"
    print(
        f"{name}: {ok}/{a.count} arrived ({100.0 * (a.count - ok) / a.count:.0f} % lost), "
        f"{late} late, {other} other frames; {stats}",
        flush=True,
    )
    return ok / a.count


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("count", type=int)
    p.add_argument("--size", type=int, default=100, help="info field bytes (default 100)")
    p.add_argument("--timeout", type=float, default=8.0, help="seconds per frame (default 8)")
    p.add_argument("--direction", choices=("both", "ab", "ba"), default="both")
    p.add_argument("--min-ok", type=float, default=1.0, help="fraction that must arrive (default 1.0)")
    p.add_argument("--seed", default="1")
    p.add_argument("--quiet", action="store_true", help="no per-frame lines")
    a = p.parse_args()
    if a.count < 1 or not 1 <= a.size <= 256:
        p.error("COUNT must be >= 1 and --size in 1..256")
    try:
        ta, tb = Tnc(a.a), Tnc(a.b)
    except OSError as e:
        print(f"kiss_check.py: cannot connect: {e}", file=sys.stderr)
        return 2
    if ta.is_tcp or tb.is_tcp:
        time.sleep(1.2)  # direwolf's KISS TCP reader looks for new clients once a second
    rng = random.Random(a.seed)
    ways = []
    if a.direction in ("both", "ab"):
        ways.append(("A->B", ta, tb, "N0CALL-1", "N0CALL-2"))
    if a.direction in ("both", "ba"):
        ways.append(("B->A", tb, ta, "N0CALL-2", "N0CALL-1"))
    t0 = time.monotonic()
    try:
        ok = all([run_direction(*w, a, rng, a.quiet) >= a.min_ok for w in ways])
    except ConnectionError as e:
        print(f"kiss_check.py: {e}", file=sys.stderr)
        return 1
    print(f"{'PASS' if ok else 'FAIL'} ({time.monotonic() - t0:.1f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

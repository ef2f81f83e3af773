#!/usr/bin/env python3
"""A paced, noisy "serial radio line" between two programs, for ccgate's tests
and benchmarks.

    radio_relay.py --a PATH_A --b PATH_B --baud 1200 [--bits 10] [--ber 0]
                   [--drop 0] [--dup 0] [--truncate 0] [--seed 1]

Pure Python 3.11 standard library. It creates two real pseudo-terminals with
os.openpty(), puts masters and slaves in raw mode (no echo, no CR/LF
translation, no XON/XOFF, VMIN=1 VTIME=0) and points the symlinks PATH_A and
PATH_B at the slave devices (replaced atomically). The two programs open those
as serial ports (their termios, baud included, is accepted and ignored by the
PTY). The relay copies bytes between the masters:

  * paced per direction, full duplex: a character takes BITS/BAUD seconds on
    the line (BITS defaults to 10, i.e. 8N1). Byte k of a busy period is on
    the line from t0 + k*T to t0 + (k+1)*T and is delivered at the end of its
    frame, t0 + (k+1)*T, like a receiving UART; a busy period starts when a
    byte arrives on an idle line. The relay takes at most 256 bytes ahead of
    the line from a master, so back-pressure reaches the writer (the kernel
    pty buffer fills and its writes block) as with a real UART.
  * noisy, per direction (random.Random(seed) for A->B, seed+1 for B->A), on
    each byte as it leaves the line:
      --ber P       every data bit flips with probability P (geometric
                    skipping, so small P costs nothing per byte);
      --drop P      the byte is lost;
      --dup P       the byte is delivered twice (the copy takes a second slot);
      --truncate P  a fade starts: this byte and the next randint(1, 64)
                    bytes are lost (cuts frames short, merges them).
    Lost bytes still use their time slot.
  * if the receiving program does not read and its pty buffer is full, the
    line stalls (like hardware flow control) instead of losing data.

The relay keeps its own fd on each slave open, so a program closing and
reopening its port does not hang up the pty. (Consequence: bytes sent to a
side while no program has it open wait in that pty's input buffer and are read
by the next program that opens it.)

When ready it prints one JSON line on stdout:
    {"ready": true, "a": "/dev/pts/N", "b": "/dev/pts/M"}

Control on stdin, one command per line, each answered with one JSON line:
    stats                 {"a2b": {"in", "out", "flipped_bits", "dropped",
                           "duplicated", "truncated", "faded_bytes", "queued"},
                           "b2a": {...}}
                          with in + duplicated == out + dropped + faded_bytes
                          + queued per direction ("truncated" counts fades).
    noise ber=1e-4 drop=0 dup=0 truncate=0
                          sets the given parameters (both directions);
                          {"ok": true}
    unplug a|b            a USB adapter pulled out: the symlink is removed, the
                          pty master and the relay's slave fd are closed (the
                          program's fd is hung up: read() returns EOF/EIO,
                          write() fails with EIO), that side's queued bytes
                          are discarded in both directions (counted in
                          "dropped"), and bytes the other side sends meanwhile
                          are paced and then discarded ("dropped").
                          {"ok": true}
    replug a|b            a new pty for that side, symlink updated;
                          {"ok": true, "a": "/dev/pts/K"}
    quit (or EOF)         removes both symlinks, exits 0.
Errors are answered {"ok": false, "error": "..."}. SIGTERM/SIGINT also remove
the symlinks and exit 0. Diagnostics go to stderr only.
"""

import argparse
import errno
import json
import math
import os
import random
import select
import signal
import sys
import termios
import time

QMAX = 256  # bytes taken ahead of the line per direction
EIO_BACKOFF = 0.05  # seconds to leave a master alone after EIO/EOF on read


def log(msg):
    try:
        sys.stderr.write(f"radio_relay: {msg}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def make_raw(fd):
    """cfmakeraw() plus no flow control, VMIN=1, VTIME=0."""
    attr = termios.tcgetattr(fd)
    iflag, oflag, cflag, lflag, ispeed, ospeed, cc = attr
    iflag &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP
               | termios.INLCR | termios.IGNCR | termios.ICRNL | termios.IXON
               | termios.IXOFF | termios.IXANY | termios.INPCK)
    if hasattr(termios, "IUTF8"):
        iflag &= ~termios.IUTF8
    oflag &= ~termios.OPOST
    lflag &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG
               | termios.IEXTEN | termios.ECHOE | termios.ECHOK)
    cflag &= ~(termios.CSIZE | termios.PARENB | termios.CSTOPB)
    if hasattr(termios, "CRTSCTS"):
        cflag &= ~termios.CRTSCTS
    cflag |= termios.CS8 | termios.CREAD | termios.CLOCAL
    cc = list(cc)
    cc[termios.VMIN] = 1
    cc[termios.VTIME] = 0
    termios.tcsetattr(fd, termios.TCSANOW,
                      [iflag, oflag, cflag, lflag, ispeed, ospeed, cc])


class Side:
    """One end of the line: a pty whose slave a program opens via `path`."""

    def __init__(self, name, path):
        self.name = name
        self.path = os.path.abspath(path)
        self.master = None
        self.slave = None
        self.slave_name = None
        self.read_blocked_until = 0.0

    @property
    def plugged(self):
        return self.master is not None

    def plug(self):
        master, slave = os.openpty()
        try:
            make_raw(master)
            make_raw(slave)
            os.set_blocking(master, False)
            name = os.ttyname(slave)
            tmp = f"{self.path}.tmp.{os.getpid()}"
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            os.symlink(name, tmp)
            os.replace(tmp, self.path)
        except BaseException:
            os.close(master)
            os.close(slave)
            raise
        self.master, self.slave, self.slave_name = master, slave, name
        self.read_blocked_until = 0.0
        log(f"side {self.name}: {self.path} -> {name}")
        return name

    def remove_link(self):
        try:
            if os.path.islink(self.path) and (
                    self.slave_name is None
                    or os.readlink(self.path) == self.slave_name):
                os.unlink(self.path)
        except OSError as e:
            log(f"side {self.name}: cannot remove {self.path}: {e}")

    def unplug(self):
        self.remove_link()
        # Close our slave fd first, then the master: closing the master hangs
        # up every fd still open on the slave (the program's).
        for fd in (self.slave, self.master):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        log(f"side {self.name}: unplugged ({self.slave_name})")
        self.master = self.slave = None


class Noise:
    def __init__(self, ber=0.0, drop=0.0, dup=0.0, truncate=0.0):
        self.ber, self.drop, self.dup, self.truncate = ber, drop, dup, truncate


class Direction:
    """One direction of the line (src side -> dst side)."""

    def __init__(self, name, src, dst, char_time, noise, seed):
        self.name, self.src, self.dst = name, src, dst
        self.T = char_time
        self.noise = noise
        self.rng = random.Random(seed)
        self.q = bytearray()  # taken from src, not yet on/through the line
        self.dup_pending = None  # the copy of a duplicated byte, next slot
        self.outbuf = bytearray()  # left the line, dst pty not accepting yet
        self.stalled = False  # outbuf could not be written at once
        self.free_at = 0.0  # end of the last slot used (line time)
        self.fade = 0  # bytes still to lose in the current fade
        self.ber_gap = math.inf  # unflipped bits before the next flip
        self.redraw_ber()
        self.st = dict(inn=0, out=0, flipped_bits=0, dropped=0, duplicated=0,
                       truncated=0, faded_bytes=0)

    # -- noise --------------------------------------------------------------
    def geometric(self):
        p = self.noise.ber
        if p <= 0:
            return math.inf
        if p >= 1:
            return 0
        return int(math.log(1.0 - self.rng.random()) / math.log1p(-p))

    def redraw_ber(self):
        self.ber_gap = self.geometric()

    def flip(self, b):
        pos = self.ber_gap
        while pos < 8:
            b ^= 1 << int(pos)
            self.st["flipped_bits"] += 1
            pos += 1 + self.geometric()
        self.ber_gap = pos - 8
        return b

    def corrupt(self, b):
        """Fate of byte b as it leaves: list of bytes to deliver (0..2)."""
        n, rng = self.noise, self.rng
        if self.fade > 0:
            self.fade -= 1
            self.st["faded_bytes"] += 1
            return None
        if n.truncate > 0 and rng.random() < n.truncate:
            self.fade = rng.randint(1, 64)
            self.st["truncated"] += 1
            self.st["faded_bytes"] += 1
            return None
        if n.drop > 0 and rng.random() < n.drop:
            self.st["dropped"] += 1
            return None
        if n.ber > 0 or self.ber_gap < 8:
            b = self.flip(b)
        if n.dup > 0 and rng.random() < n.dup:
            self.st["duplicated"] += 1
            self.dup_pending = b
        return b

    # -- line ---------------------------------------------------------------
    def busy(self):
        return bool(self.q) or self.dup_pending is not None

    def queued(self):
        return len(self.q) + len(self.outbuf) + (self.dup_pending is not None)

    def take(self, data, now):
        """Bytes read from src enter the line's queue."""
        if not self.busy() and not self.outbuf:
            self.free_at = max(self.free_at, now)  # new busy period
        self.q += data
        self.st["inn"] += len(data)

    def advance(self, now):
        """Move every byte whose slot has ended to dst."""
        if self.outbuf:
            return  # stalled: dst pty full
        out = bytearray()
        T = self.T
        while self.busy() and self.free_at + T <= now:
            self.free_at += T
            if self.dup_pending is not None:
                b, self.dup_pending = self.dup_pending, None
                if self.dst.plugged:
                    out.append(b)
                else:
                    self.st["dropped"] += 1
                continue
            b = self.q[0]
            del self.q[0]
            if not self.dst.plugged:
                self.st["dropped"] += 1
                continue
            b = self.corrupt(b)
            if b is not None:
                out.append(b)
        if out:
            self.outbuf = out
            self.flush(now)

    def flush(self, now):
        if not self.outbuf:
            return
        if not self.dst.plugged:
            self.st["dropped"] += len(self.outbuf)
            self.outbuf = bytearray()
            self.stalled = False
            return
        try:
            n = os.write(self.dst.master, self.outbuf)
        except BlockingIOError:
            n = 0
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EINTR):
                n = 0
            else:
                log(f"{self.name}: write error {e}; dropping {len(self.outbuf)} bytes")
                self.st["dropped"] += len(self.outbuf)
                self.outbuf = bytearray()
                self.stalled = False
                return
        self.st["out"] += n
        del self.outbuf[:n]
        if self.outbuf:
            self.stalled = True
        elif self.stalled:
            # a stall is over: the line restarts now, not in the past
            self.stalled = False
            self.free_at = max(self.free_at, now)

    def deadline(self):
        if self.outbuf or not self.busy():
            return None
        return self.free_at + self.T

    def discard(self, now):
        n = self.queued()
        self.st["dropped"] += n
        self.q = bytearray()
        self.outbuf = bytearray()
        self.stalled = False
        self.dup_pending = None
        self.free_at = now
        return n

    def stats(self):
        s = dict(self.st)
        s["in"] = s.pop("inn")
        s["queued"] = self.queued()
        order = ["in", "out", "flipped_bits", "dropped", "duplicated",
                 "truncated", "faded_bytes", "queued"]
        return {k: s[k] for k in order}


class Relay:
    def __init__(self, args):
        self.a = Side("a", args.a)
        self.b = Side("b", args.b)
        self.noise = Noise(args.ber, args.drop, args.dup, args.truncate)
        T = args.bits / args.baud
        self.a2b = Direction("a2b", self.a, self.b, T, self.noise, args.seed)
        self.b2a = Direction("b2a", self.b, self.a, T, self.noise, args.seed + 1)
        self.dirs = (self.a2b, self.b2a)
        self.stdin_buf = b""
        self.running = True

    def reply(self, obj):
        try:
            sys.stdout.write(json.dumps(obj) + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            pass

    def side(self, name):
        return {"a": self.a, "b": self.b}.get(name)

    def command(self, line):
        words = line.split()
        if not words:
            return
        cmd, rest = words[0].lower(), words[1:]
        now = time.monotonic()
        if cmd == "stats":
            self.reply({d.name: d.stats() for d in self.dirs})
        elif cmd == "noise":
            new = {}
            for w in rest:
                k, sep, v = w.partition("=")
                if not sep or k not in ("ber", "drop", "dup", "truncate"):
                    return self.reply({"ok": False, "error": f"bad noise parameter {w!r}"})
                try:
                    p = float(v)
                except ValueError:
                    return self.reply({"ok": False, "error": f"bad value {w!r}"})
                if not 0.0 <= p <= 1.0:
                    return self.reply({"ok": False, "error": f"{k} must be in [0, 1]"})
                new[k] = p
            for k, p in new.items():
                setattr(self.noise, k, p)
            if "ber" in new:
                for d in self.dirs:
                    d.redraw_ber()
            log(f"noise: ber={self.noise.ber} drop={self.noise.drop} "
                f"dup={self.noise.dup} truncate={self.noise.truncate}")
            self.reply({"ok": True})
        elif cmd in ("unplug", "replug"):
            s = self.side(rest[0].lower()) if len(rest) == 1 else None
            if s is None:
                return self.reply({"ok": False, "error": f"usage: {cmd} a|b"})
            if cmd == "unplug":
                if s.plugged:
                    s.unplug()
                    for d in self.dirs:
                        d.discard(now)
                self.reply({"ok": True})
            else:
                if s.plugged:
                    return self.reply({"ok": False, "error": f"{s.name} is plugged"})
                try:
                    name = s.plug()
                except OSError as e:
                    return self.reply({"ok": False, "error": str(e)})
                for d in self.dirs:
                    d.free_at = max(d.free_at, now) if d.busy() else now
                self.reply({"ok": True, s.name: name})
        elif cmd in ("quit", "exit"):
            self.running = False
        else:
            self.reply({"ok": False, "error": f"unknown command {cmd!r}"})

    def read_stdin(self):
        try:
            data = os.read(0, 4096)
        except BlockingIOError:
            return
        except OSError as e:
            log(f"stdin: {e}")
            data = b""
        if not data:
            if self.stdin_buf.strip():
                self.command(self.stdin_buf.decode(errors="replace"))
            self.running = False
            return
        self.stdin_buf += data
        while b"\n" in self.stdin_buf and self.running:
            line, self.stdin_buf = self.stdin_buf.split(b"\n", 1)
            self.command(line.decode(errors="replace"))

    def read_master(self, d, now):
        s = d.src
        want = QMAX - len(d.q)
        if want <= 0 or not s.plugged:
            return
        try:
            data = os.read(s.master, want)
        except BlockingIOError:
            return
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EINTR):
                return
            if e.errno != errno.EIO:
                log(f"{d.name}: read error {e}")
            data = b""
        if not data:
            # EIO (nobody has the slave open) or EOF: no data for a while
            s.read_blocked_until = now + EIO_BACKOFF
            return
        d.take(data, now)

    def run(self):
        self.a.plug()
        self.b.plug()
        self.reply({"ready": True, "a": self.a.slave_name, "b": self.b.slave_name})
        stdin_open = True
        while self.running:
            now = time.monotonic()
            for d in self.dirs:
                d.advance(now)
            rlist, wlist = [], []
            if stdin_open:
                rlist.append(0)
            timeout = None
            for d in self.dirs:
                s = d.src
                if s.plugged and len(d.q) < QMAX:
                    if s.read_blocked_until <= now:
                        rlist.append(s.master)
                    else:
                        t = s.read_blocked_until - now
                        timeout = t if timeout is None else min(timeout, t)
                if d.outbuf and d.dst.plugged:
                    wlist.append(d.dst.master)
                dl = d.deadline()
                if dl is not None:
                    t = max(0.0, dl - now)
                    timeout = t if timeout is None else min(timeout, t)
            try:
                r, w, _ = select.select(rlist, wlist, [], timeout)
            except InterruptedError:
                continue
            now = time.monotonic()
            for d in self.dirs:
                if d.outbuf and d.dst.plugged and d.dst.master in w:
                    d.flush(now)
            for d in self.dirs:
                if d.src.plugged and d.src.master in r:
                    self.read_master(d, now)
            if 0 in r:
                self.read_stdin()

    def cleanup(self):
        for s in (self.a, self.b):
            s.remove_link()
            for fd in (s.slave, s.master):
                if fd is not None:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
            s.master = s.slave = None


def probability(v):
    p = float(v)
    if not 0.0 <= p <= 1.0:
        raise argparse.ArgumentTypeError("must be in [0, 1]")
    return p


def positive(v):
    x = float(v)
    if x <= 0:
        raise argparse.ArgumentTypeError("must be > 0")
    return x


def main():
    ap = argparse.ArgumentParser(description="Paced, noisy serial radio line between two PTYs.")
    ap.add_argument("--a", required=True, help="symlink to create for side A's slave pty")
    ap.add_argument("--b", required=True, help="symlink to create for side B's slave pty")
    ap.add_argument("--baud", type=positive, required=True, help="line rate in bit/s")
    ap.add_argument("--bits", type=positive, default=10,
                    help="bits per character on the line (default 10 = 8N1)")
    ap.add_argument("--ber", type=probability, default=0.0, help="bit error rate")
    ap.add_argument("--drop", type=probability, default=0.0, help="per-byte loss probability")
    ap.add_argument("--dup", type=probability, default=0.0, help="per-byte duplication probability")
    ap.add_argument("--truncate", type=probability, default=0.0,
                    help="per-byte probability that a fade (1..64 more bytes lost) starts")
    ap.add_argument("--seed", type=int, default=1, help="RNG seed (A->B: seed, B->A: seed+1)")
    args = ap.parse_args()

    def on_signal(signum, frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        signal.signal(signal.SIGHUP, on_signal)
    except (AttributeError, ValueError):
        pass

    relay = Relay(args)
    rc = 0
    try:
        relay.run()
    except SystemExit:
        pass
    except OSError as e:
        log(f"fatal: {e}")
        rc = 1
    finally:
        relay.cleanup()
    log("exit")
    return rc


if __name__ == "__main__":
    sys.exit(main())

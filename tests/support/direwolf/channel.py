#!/usr/bin/env python3
"""One direction of the simulated radio channel between two Dire Wolf TNCs.

    channel.py TX_FIFO [--rate HZ] [--gain G] [--noise A] [--dropout P]
               [--seed S] [--name TAG] [--watch PID ...]  > RX_STDIN

Python 3 standard library only. Started by start.sh, once per direction.

The sending Dire Wolf "plays" its audio into an ALSA `type file` PCM whose
slave is `null`; that PCM dumps raw S16_LE mono samples into TX_FIFO as fast
as Dire Wolf produces them (a whole packet arrives as one burst). This relay
turns that into what a receiver attached to a radio would hear:

  * a continuous stream, paced in real time (10 ms ticks), written to stdout,
    which is the receiving Dire Wolf's `ADEVICE stdin`. When nobody transmits
    it sends silence (or just noise): the receiver needs the stream to go on,
    or its DCD stays "busy" after the first packet and it never transmits;
  * the signal scaled by --gain (default 0.3: Dire Wolf transmits near full
    scale, which its receiver calls "too high");
  * --noise A: additive white Gaussian noise, RMS = A x full scale (32767),
    added all the time, also while nobody transmits. 0 = none;
  * --dropout P: the stream is cut into 100 ms blocks; while a packet is on
    the air each block is lost (the signal muted; the noise, if any, goes on)
    with probability P, like a fade. 0 = none;
  * --seed S with --name TAG (the direction, e.g. "a2b") seed the noise and
    the dropouts, so a run can be repeated. The two directions get different
    streams from the same seed.

Defaults for --gain/--noise/--dropout/--seed come from DWLINK_GAIN,
DWLINK_NOISE, DWLINK_DROPOUT, DWLINK_SEED (else 0.3, 0, 0, 1).

Noise is not drawn per sample: a 2**16-sample table of Gaussian noise is made
once at start and each tick copies a slice of it from a random offset, so the
idle stream costs no per-sample Python work. While a packet is on the air
each sample costs one multiply-add (about 44,100 per second).

Exits when stdout is closed (the receiver died), on SIGTERM/SIGINT, or when
any --watch PID is gone (start.sh passes both Dire Wolf PIDs, so the link is
torn down as a whole when one part dies). TX_FIFO is opened read-write, so
its open never blocks and a read never sees EOF.
"""

import argparse
import array
import os
import random
import select
import signal
import stat
import sys
import time

TICK = 0.010  # seconds of audio per write
BLOCK = 0.100  # dropout granularity, seconds
TABLE = 1 << 16  # noise table length, samples


def env_float(name, default):
    v = os.environ.get(name, "")
    return float(v) if v.strip() else default


def pid_alive(pid):
    """True if pid exists and is not a zombie (a zombie still answers kill 0)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat_line = f.read()
    except OSError:
        return False
    # the state letter follows the ")" that ends the command name
    return stat_line[stat_line.rindex(b")") + 2 : stat_line.rindex(b")") + 3] not in (b"Z", b"X")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("fifo")
    p.add_argument("--rate", type=int, default=44100)
    p.add_argument("--gain", type=float, default=env_float("DWLINK_GAIN", 0.3))
    p.add_argument("--noise", type=float, default=env_float("DWLINK_NOISE", 0.0))
    p.add_argument("--dropout", type=float, default=env_float("DWLINK_DROPOUT", 0.0))
    p.add_argument("--seed", default=os.environ.get("DWLINK_SEED", "") or "1")
    p.add_argument("--name", default="")
    p.add_argument("--watch", type=int, nargs="*", default=[])
    a = p.parse_args()
    if not 0.0 <= a.dropout <= 1.0:
        p.error("--dropout must be in [0, 1]")
    if a.noise < 0:
        p.error("--noise must be >= 0")

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # die quietly when the receiver goes

    if not os.path.exists(a.fifo):
        os.mkfifo(a.fifo)
    if not stat.S_ISFIFO(os.stat(a.fifo).st_mode):
        sys.exit(f"channel.py: {a.fifo} is not a FIFO")
    fd = os.open(a.fifo, os.O_RDWR | os.O_NONBLOCK)
    out = sys.stdout.buffer

    rate = a.rate
    tick = max(1, int(rate * TICK))
    block = max(1, int(rate * BLOCK))
    noise_rng = random.Random(f"noise:{a.seed}:{a.name}")
    drop_rng = random.Random(f"dropout:{a.seed}:{a.name}")

    sigma = a.noise * 32767.0
    noise = None
    if sigma > 0:
        g = noise_rng.gauss
        # + rate so that any slice of up to 1 s starting below TABLE fits
        noise = array.array("h", (max(-32768, min(32767, round(g(0.0, sigma)))) for _ in range(TABLE + rate)))
    zeros = array.array("h", bytes(2 * rate))

    gain = a.gain
    queue = bytearray()  # samples received from TX_FIFO, not yet played
    state = {"blk": -1, "muted": False}
    stats = {"tx": 0, "muted": 0, "clipped": 0}

    def muted(blk):
        if blk != state["blk"]:
            state["blk"] = blk
            state["muted"] = a.dropout > 0 and drop_rng.random() < a.dropout
            if state["muted"]:
                stats["muted"] += 1
        return state["muted"]

    def render(pos, n):
        """n samples of channel output starting at stream sample pos."""
        n = min(n, rate)
        take = min(n, len(queue) // 2)
        if noise is not None:
            off = noise_rng.randrange(TABLE)
            nz = noise[off : off + n]
        else:
            nz = zeros[:n]
        if take == 0:
            return nz
        sig = array.array("h", bytes(queue[: 2 * take]))
        del queue[: 2 * take]
        stats["tx"] += take
        if a.dropout > 0:
            i = 0
            while i < take:
                blk = (pos + i) // block
                end = min(take, (blk + 1) * block - pos)
                if muted(blk):
                    sig[i:end] = zeros[: end - i]
                i = end
        vals = [int(s * gain) + z for s, z in zip(sig, nz)]
        try:
            res = array.array("h", vals)
        except OverflowError:  # only with loud noise: clip like a sound card
            stats["clipped"] += 1
            res = array.array("h", (-32768 if v < -32768 else 32767 if v > 32767 else v for v in vals))
        res.extend(nz[take:])
        return res

    print(
        f"channel.py {a.name or a.fifo}: rate {rate} gain {gain} noise {a.noise} "
        f"dropout {a.dropout} seed {a.seed} watch {a.watch}",
        file=sys.stderr,
        flush=True,
    )
    start = time.monotonic()
    sent = 0
    next_watch = start + 1.0
    try:
        while True:
            now = time.monotonic()
            if a.watch and now >= next_watch:
                next_watch = now + 1.0
                gone = [pid for pid in a.watch if not pid_alive(pid)]
                if gone:
                    print(f"channel.py {a.name}: watched pid {gone} gone, exiting", file=sys.stderr)
                    break
            timeout = max(0.0, start + (sent + tick) / rate - now)
            r, _, _ = select.select([fd], [], [], timeout)
            if r:
                try:
                    while True:
                        chunk = os.read(fd, 65536)
                        if not chunk:
                            break
                        queue += chunk
                except BlockingIOError:
                    pass
            due = int((time.monotonic() - start) * rate) - sent
            if due < tick:
                continue
            if due > rate:  # we were stalled for > 1 s: skip, do not burst
                start += (due - tick) / rate
                due = tick
            buf = render(sent, due)
            out.write(buf.tobytes())
            out.flush()
            sent += len(buf)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        print(
            f"channel.py {a.name}: {sent / rate:.1f} s streamed, {stats['tx'] / rate:.1f} s of signal, "
            f"{stats['muted']} blocks muted, {stats['clipped']} ticks clipped",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()

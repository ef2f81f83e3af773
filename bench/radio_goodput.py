#!/usr/bin/env python3
"""Goodput of the radio link: N full messages (255 bytes of text each) from one
`ccgate radio-station` to another, over the paced, noisy pseudo-terminal line
of tests/support/radio_relay.py, or through two Dire Wolf TNCs linked by audio
(tests/support/direwolf/start.sh).

Goodput = payload bytes delivered per second, from the sender's first
"queued" event to the receiver's last "delivered" event, divided by the line's
raw capacity in bytes per second: baud / 10 on an 8N1 serial line (start,
8 data bits, stop), baud / 8 on the air behind a TNC (HDLC has no start and
stop bits; flags, bit stuffing, TXDELAY and the AX.25 header count as
overhead, as our own frame header and CRC do on the serial line).

usage: radio_goodput.py --line serial --baud 1200 [--ber 1e-4] [-n 25] [--window 16]
       radio_goodput.py --line direwolf [--noise 0.0] [-n 10]
Prints one JSON line with the measurement.
"""
import argparse, json, os, selectors, socket, subprocess, sys, tempfile, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BIN = os.environ.get("CCGATE_BIN", os.path.join(ROOT, "target/release/ccgate"))


def free_port():
    """A free port below 32768: Dire Wolf 1.6 refuses KISS ports above 49151,
    and the kernel hands out ephemeral ports from 32768 up."""
    import random
    while True:
        p = random.randint(20000, 32000)
        s = socket.socket()
        try:
            s.bind(("0.0.0.0", p))
            return p
        except OSError:
            continue
        finally:
            s.close()


def station(d, name, me, peer, line, window, extra=""):
    cfg = os.path.join(d, f"{name}.toml")
    with open(cfg, "w") as f:
        f.write(f'data_dir = "{d}/{name}-data"\n[log]\nlevel = "warn"\n[radio]\ncallsign = "{me}"\n{line}\n'
                f'window = {window}\n{extra}\n[[radio.peers]]\ncallsign = "{peer}"\n')
    return cfg


class Watch:
    """Reads a station's JSON events with their arrival times."""

    def __init__(self, proc):
        self.events = []
        self.lock = threading.Lock()
        threading.Thread(target=self.run, args=(proc,), daemon=True).start()

    def run(self, proc):
        for line in proc.stdout:
            try:
                e = json.loads(line)
            except ValueError:
                continue
            with self.lock:
                self.events.append((time.monotonic(), e))

    def of(self, kind):
        with self.lock:
            return [(t, e) for t, e in self.events if e.get("event") == kind]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--line", choices=["serial", "direwolf"], default="serial")
    ap.add_argument("--baud", type=int, default=1200)
    ap.add_argument("--ber", type=float, default=0.0)
    ap.add_argument("--noise", type=float, default=0.0, help="Dire Wolf audio noise amplitude")
    ap.add_argument("--dropout", type=float, default=0.0, help="Dire Wolf audio: P(100 ms block muted)")
    ap.add_argument("-n", type=int, default=25)
    ap.add_argument("--window", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=1800)
    a = ap.parse_args()
    d = tempfile.mkdtemp(prefix="ccgate-goodput-")
    helpers = []
    if a.line == "serial":
        relay = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "tests/support/radio_relay.py"), "--a", f"{d}/a", "--b", f"{d}/b",
             "--baud", str(a.baud), "--ber", str(a.ber)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(f"{d}/relay.log", "w"), text=True)
        helpers.append(relay)
        json.loads(relay.stdout.readline())
        line_a = f'device = "{d}/a"\nbaud = {a.baud}'
        line_b = f'device = "{d}/b"\nbaud = {a.baud}'
        capacity = a.baud / 10
    else:
        pa, pb = free_port(), free_port()
        env = dict(os.environ, DWLINK_NOISE=str(a.noise), DWLINK_DROPOUT=str(a.dropout))
        subprocess.run([os.path.join(ROOT, "tests/support/direwolf/start.sh"), f"{d}/dw", str(pa), str(pb)],
                       check=True, env=env, stdout=subprocess.DEVNULL)
        line_a = f'kiss_tcp = "127.0.0.1:{pa}"\nbaud = 1200'
        line_b = f'kiss_tcp = "127.0.0.1:{pb}"\nbaud = 1200'
        capacity = 1200 / 8
    cfg_a = station(d, "a", "G4AAA", "G4BBB", line_a, a.window)
    cfg_b = station(d, "b", "G4BBB", "G4AAA", line_b, a.window)
    rx = subprocess.Popen([BIN, "radio-station", "--config", cfg_b], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=open(f"{d}/b.log", "w"), text=True)
    if a.line == "direwolf":
        time.sleep(1.5)  # Dire Wolf looks for new KISS clients once a second
    tx = subprocess.Popen([BIN, "radio-station", "--config", cfg_a, "--exit-when-done"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=open(f"{d}/a.log", "w"), text=True)
    wa, wb = Watch(tx), Watch(rx)
    texts = []
    for i in range(a.n):
        head = f"{i:04d} "
        texts.append(head + "".join(chr(ord("a") + (i * 7 + k) % 26) for k in range(255 - len(head))))
    tx.stdin.write("".join(t + "\n" for t in texts))
    tx.stdin.close()
    start = time.monotonic()
    while len(wb.of("delivered")) < a.n and time.monotonic() - start < a.timeout:
        time.sleep(0.05)
    delivered = wb.of("delivered")
    queued = wa.of("queued")
    result = {"line": a.line, "baud": a.baud if a.line == "serial" else 1200, "ber": a.ber, "noise": a.noise,
              "dropout": a.dropout,
              "window": a.window, "messages": a.n, "delivered": len(delivered)}
    got = [e["text"] for _, e in delivered]
    result["exactly_once_in_order"] = got == texts
    if delivered and queued:
        t0, t1 = queued[0][0], delivered[-1][0]
        payload = sum(len(e["text"].encode()) for _, e in delivered)
        result["seconds"] = round(t1 - t0, 2)
        result["payload_bytes"] = payload
        result["goodput_bytes_per_s"] = round(payload / (t1 - t0), 2)
        result["capacity_bytes_per_s"] = capacity
        result["goodput_ratio"] = round(payload / (t1 - t0) / capacity, 3)
    if a.line == "serial":
        relay.stdin.write("stats\n")
        relay.stdin.flush()
        result["line_stats"] = json.loads(relay.stdout.readline())
    for p in (tx, rx):
        p.terminate()
    for p in (tx, rx):
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
    if a.line == "serial":
        relay.stdin.write("quit\n")
        relay.stdin.flush()
        relay.wait(5)
    else:
        subprocess.run([os.path.join(ROOT, "tests/support/direwolf/stop.sh"), f"{d}/dw"], check=False)
        time.sleep(0.5)
        for side in ("a2b", "b2a"):
            try:
                with open(f"{d}/dw/relay_{side}.log") as f:
                    result[f"audio_{side}"] = f.read().strip().splitlines()[-1]
            except (OSError, IndexError):
                pass
    print(json.dumps(result), flush=True)
    return 0 if result["exactly_once_in_order"] else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# ccgate's own share of handling an SMS: from the modem's +CMTI to the
# reply's AT+CMGS, with the project's modem simulator (answering at once) on
# a socat pseudo-terminal pair; median and maximum, and CPU per message.
#
# The simulator logs every byte with a millisecond time stamp. For each
# message, ccgate's share is the time from +CMTI to AT+CMGS minus the time
# the simulator took to answer each command in between (AT+CPMS, AT+CMGR,
# AT+CMGD): what is left is ccgate reading, deciding, committing (fsync) and
# writing. CPU comes from /proc/<pid>/stat (user + system) over the run.
#
# Usage: bench/sms.sh            (after .ci/setup-servers, from anywhere in the repository)
# Environment: N=200 messages (one game each); CCGATE_BENCH_DIR (default target/bench/sms).
# Output: a README-ready table, also kept in target/bench/sms.md.
set -euo pipefail

cd "$(dirname "$0")/.."
N=${N:-200}
DIR=${CCGATE_BENCH_DIR:-target/bench/sms}
say() { printf '== %s\n' "$*" >&2; }

rm -rf "$DIR"
mkdir -p "$DIR/lab" "$DIR/data"
DIR=$(cd "$DIR" && pwd)

say "building (release)"
cargo build --release --quiet --bin ccgate
BIN=$PWD/target/release/ccgate

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

socat pty,raw,echo=0,link="$DIR/lab/dte" pty,raw,echo=0,link="$DIR/lab/modem" 2>"$DIR/lab/socat.log" &
pids+=($!)
for _ in $(seq 100); do [ -e "$DIR/lab/modem" ] && break; sleep 0.02; done
python3 tests/support/modem_sim.py --port "$DIR/lab/modem" --control "$DIR/lab" 2>"$DIR/lab/sim.stderr" &
pids+=($!)
for _ in $(seq 200); do [ -e "$DIR/lab/sim.ready" ] && break; sleep 0.02; done

say "$N games: an SMS player against email players"
export CCGATE_DB="$DIR/data/ccgate.db"
"$BIN" player add Boris --phone +79161234567 --reply-via sms >/dev/null
for n in $(seq "$N"); do
    "$BIN" player add "E$n" --email "e$n@example.test" >/dev/null
    echo "$("$BIN" game new --white Boris --black "E$n" --time none)" >>"$DIR/games"
done
unset CCGATE_DB

cat >"$DIR/ccgate.toml" <<EOF
data_dir = "$DIR/data"
[log]
level = "warn"
[status]
enabled = false
[email]
from = "gw@example.test"
[email.maildir]
poll_every = "1s"
[sms]
device = "$DIR/lab/dte"
sweep_every = "1h"
min_interval = "1ms"
status_reports = false
EOF

"$BIN" serve --config "$DIR/ccgate.toml" 2>"$DIR/serve.log" &
SERVE=$!
pids+=($SERVE)
cpu() { awk '{ print $14 + $15 }' "/proc/$SERVE/stat"; }
# Wait until the modem is initialised (AT+CNMI seen).
for _ in $(seq 500); do grep -q 'AT+CNMI' "$DIR/lab/sim.log" 2>/dev/null && break; sleep 0.02; done
sleep 0.5
CPU0=$(cpu)

say "$N SMS, one at a time"
python3 - "$DIR/lab" "$DIR/games" <<'EOF'
import json, os, sys, time
lab, games = sys.argv[1], [l.strip() for l in open(sys.argv[2]) if l.strip()]
def sent():
    try:
        return sum(1 for _ in open(os.path.join(lab, "sent.jsonl")))
    except FileNotFoundError:
        return 0
for i, g in enumerate(games):
    path = os.path.join(lab, "inject", f"{i:06}.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        json.dump({"from": "+79161234567", "text": f"{g} 1. e4"}, f)
    os.rename(path + ".tmp", path)
    deadline = time.monotonic() + 30
    while sent() < i + 1:
        if time.monotonic() > deadline:
            sys.exit(f"no reply to message {i}")
        time.sleep(0.002)
EOF
CPU1=$(cpu)
TICK=$(getconf CLK_TCK)
kill -TERM "$SERVE"; wait "$SERVE" || true

python3 - "$DIR/lab/sim.log" "$N" "$CPU0" "$CPU1" "$TICK" <<'EOF' | tee target/bench/sms.md
import re, statistics, sys
log, n, cpu0, cpu1, tick = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
line = re.compile(r"^(\d\d):(\d\d):(\d\d)\.(\d{3}) \[\d+\] (<<|>>|>u) (.*)$")
def ms(h, m, s, f): return ((int(h) * 60 + int(m)) * 60 + int(s)) * 1000 + int(f)
shares, totals = [], []
start, sim_time, asked = None, 0, None
for raw in open(log, encoding="utf-8", errors="replace"):
    m = line.match(raw.rstrip("\n"))
    if not m:
        continue
    t, kind, text = ms(*m.group(1, 2, 3, 4)), m.group(5), m.group(6)
    if kind == ">u" and "+CMTI" in text:
        start, sim_time, asked = t, 0, None
    elif start is None:
        continue
    elif kind == "<<" and text.startswith("AT+CMGS"):
        total = t - start
        totals.append(total)
        shares.append(total - sim_time)
        start = None
    elif kind == "<<" and text.startswith("AT"):
        asked = t
    elif kind == ">>" and asked is not None:
        sim_time += t - asked
        asked = None
shares, totals = shares[-n:], totals[-n:]
cpu_ms = (cpu1 - cpu0) * 1000 / tick / max(len(shares), 1)
print("| measure (release, simulator answering at once) | value |")
print("|---|---|")
print(f"| messages | {len(shares)} (+CMTI → AT+CMGR → AT+CMGD → AT+CMGS, each a move applied and committed) |")
print(f"| ccgate's share, +CMTI to AT+CMGS: median | **{statistics.median(shares):.0f} ms** (target < 5 ms) |")
print(f"| ccgate's share: maximum | {max(shares):.0f} ms |")
print(f"| whole time +CMTI to AT+CMGS incl. the simulator: median / max | {statistics.median(totals):.0f} / {max(totals):.0f} ms |")
print(f"| ccgate CPU per message (user + system) | {cpu_ms:.2f} ms |")
EOF

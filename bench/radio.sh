#!/usr/bin/env bash
# Goodput of the radio link, in one run: 255-byte messages from one
# `ccgate radio-station` to another (bench/radio_goodput.py), on the paced
# pseudo-terminal line at 1200 and 9600 baud, clean and at a bit error rate
# of 1e-4, and at 1200 baud through two Dire Wolf TNCs linked by audio, clean
# and with dropouts equivalent to BER 1e-4 (a 100 ms block holds 120 bits;
# P(block lost) = 1 - (1 - 1e-4)^120 = 0.0119: each lost block, like each
# bit error, costs the frame it falls in).
#
# Usage: bench/radio.sh      (after .ci/setup-servers; takes about 10 minutes)
# Environment: N1200 (default 30), N9600 (200), NDW (20) messages per case.
# Output: a README-ready table, also kept in target/bench/radio.md, and the
# raw JSON lines in target/bench/radio.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
N1200=${N1200:-30}
N9600=${N9600:-200}
NDW=${NDW:-20}
mkdir -p target/bench
cargo build --release --quiet --bin ccgate
OUT=target/bench/radio.jsonl
: > "$OUT"
run() { python3 bench/radio_goodput.py "$@" | tee -a "$OUT"; }
run --line serial --baud 1200 -n "$N1200"
run --line serial --baud 1200 --ber 1e-4 -n "$N1200"
run --line serial --baud 9600 -n "$N9600"
run --line serial --baud 9600 --ber 1e-4 -n "$N9600"
run --line direwolf -n "$NDW"
run --line direwolf --dropout 0.0119 -n "$NDW"
python3 - "$OUT" <<'PY' | tee target/bench/radio.md
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print("| line | noise | messages | seconds | goodput (B/s) | capacity (B/s) | goodput / capacity | exactly once, in order |")
print("|---|---|---:|---:|---:|---:|---:|---|")
for r in rows:
    if r["line"] == "serial":
        line = f"paced PTY, {r['baud']} baud 8N1"
        noise = f"BER {r['ber']:g}" if r["ber"] else "none"
    else:
        line = "Dire Wolf ↔ Dire Wolf, 1200 baud AFSK"
        noise = f"dropouts P={r['dropout']:g}/100 ms (≈ BER 1e-4)" if r["dropout"] else "none"
    print(f"| {line} | {noise} | {r['messages']} | {r.get('seconds', '-')} | {r.get('goodput_bytes_per_s', '-')} "
          f"| {r['capacity_bytes_per_s']:g} | {r.get('goodput_ratio', 0) * 100:.1f} % | {'yes' if r['exactly_once_in_order'] else 'NO'} |")
PY

#!/usr/bin/env bash
# Per-move times and ratios to shakmaty from the criterion results of
# `cargo bench --bench notation` (benches/notation.rs).
#
# Usage: bench/notation_ratios.sh [--run]
#   --run       run `cargo bench --bench notation` first
# Environment:
#   STAT=mean|median   which criterion estimate to use (default mean)
#
# Targets (the issue): read <= 2x shakmaty `San::from_ascii` + `to_move`,
# write <= 2x `SanPlus::from_move`, for every notation. The table is also
# written to target/bench/notation.md. Exit status 3 when a target is missed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--run" ]; then
    cargo bench --bench notation
fi
mkdir -p target/bench
status=0
python3 - "${STAT:-mean}" <<'EOF' | tee target/bench/notation.md || status=$?
import json, os, sys

stat = sys.argv[1]
root = "target/criterion"
notations = ["san", "figurine", "lan", "uci", "iccf", "uedemann", "uedemann-hw", "descriptive"]

def per_move(group, function):
    base = os.path.join(root, group, function, "new")
    try:
        est = json.load(open(os.path.join(base, "estimates.json")))
        meta = json.load(open(os.path.join(base, "benchmark.json")))
    except FileNotFoundError:
        return None
    moves = (meta.get("throughput") or {}).get("Elements") or 1
    return est[stat]["point_estimate"] / moves

def cell(t):
    return "—" if t is None else f"{t:.0f}"

def ratio(t, base, target=True):
    if t is None or base is None:
        return "—", None
    r = t / base
    return f"{r:.2f}x{' ✗' if target and r > 2 else ''}", r

print(f"ns per move ({stat} of criterion's samples); ratio = ccgate / shakmaty, target <= 2x\n")
print("| notation | read | shakmaty read | read ratio | write | shakmaty write | write ratio | append | append ratio |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
missed, seen = [], 0
for n in notations:
    t = {f: per_move(n, f) for f in ("read", "shakmaty_read", "write", "shakmaty_write", "append")}
    if all(v is None for v in t.values()):
        print(f"| {n} | not measured | | | | | | | |")
        continue
    seen += 1
    rr, r1 = ratio(t["read"], t["shakmaty_read"])
    wr, r2 = ratio(t["write"], t["shakmaty_write"])
    ar, _ = ratio(t["append"], t["shakmaty_write"], target=False)
    for what, r in (("read", r1), ("write", r2)):
        if r is None:
            missed.append(f"{n} {what}: not measured")
        elif r > 2:
            missed.append(f"{n} {what}: {r:.2f}x")
    print(f"| {n} | {cell(t['read'])} | {cell(t['shakmaty_read'])} | {rr} "
          f"| {cell(t['write'])} | {cell(t['shakmaty_write'])} | {wr} "
          f"| {cell(t['append'])} | {ar} |")
print()
if seen == 0:
    print("no results under target/criterion: run `cargo bench --bench notation` first")
    sys.exit(2)
print("targets: " + ("all met" if not missed else "MISSED or not measured: " + "; ".join(missed)))
sys.exit(3 if missed else 0)
EOF
exit "$status"

#!/usr/bin/env bash
# Whole-process benchmark of `ccgate convert --to iccf` against
#   - the floor: crates/ccgate-core/examples/floor_iccf.rs (pgn-reader + shakmaty, nothing else)
#   - python-chess 1.11.2: bench/python_iccf.py
# on tests/data/bench/lichess_1500.pgn.
#
# Targets: ccgate >= 150x faster than python-chess, and
# ccgate <= 1.3x the floor's time.
#
# Usage: bench/convert.sh            (from anywhere in the repository)
# Environment:
#   DATA=FILE      input PGN (default tests/data/bench/lichess_1500.pgn)
#   RUNS=N         timed runs per program (default 10)
#   WARMUP=N       warmup runs per program (default 2)
#   ALLOW_DIFF=1   time the programs even if their outputs differ
#   CCGATE=PATH    ccgate binary (default target/release/ccgate)
#   BEFORE=PATH    another ccgate build (say the commit before a change),
#                  checked and timed beside the others in the same run
#
# Raw results go to target/bench/: convert.txt (hyperfine's output),
# convert.json, convert.md, out-*.txt (each program's output) and summary.md.
# Exit status: 0 all good, 1 outputs differ, 3 a target was missed.
set -euo pipefail

cd "$(dirname "$0")/.."
DATA=${DATA:-tests/data/bench/lichess_1500.pgn}
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-2}
OUT=target/bench
VENV=$OUT/venv
PY=$VENV/bin/python
CCGATE=${CCGATE:-target/release/ccgate}
BEFORE=${BEFORE:-}
FLOOR=target/release/examples/floor_iccf
mkdir -p "$OUT"

say() { printf '== %s\n' "$*" >&2; }

# --- tools --------------------------------------------------------------
if ! command -v hyperfine >/dev/null; then
    say "installing hyperfine"
    if command -v apt-get >/dev/null; then
        SUDO=; [ "$(id -u)" -ne 0 ] && SUDO=sudo
        $SUDO apt-get install -y hyperfine >/dev/null || cargo install --locked hyperfine
    else
        cargo install --locked hyperfine
    fi
fi

if ! "$PY" -c 'import chess, sys; sys.exit(chess.__version__ != "1.11.2")' 2>/dev/null; then
    say "installing python-chess 1.11.2 into $VENV"
    python3 -m venv "$VENV"
    "$PY" -m pip install --quiet chess==1.11.2
fi

# --- build --------------------------------------------------------------
say "building (release)"
# The whole package, so that the ccgate binary is built when it exists.
cargo build --release --quiet
cargo build --release --quiet -p ccgate-core --example floor_iccf

# ccgate takes part only once `convert` works; until then the script still
# checks and times the floor against python-chess.
HAVE_CCGATE=0
if [ -x "$CCGATE" ] && "$CCGATE" convert --to iccf "$DATA" >"$OUT/out-ccgate.txt" 2>"$OUT/err-ccgate.txt" \
    && [ -s "$OUT/out-ccgate.txt" ]; then
    HAVE_CCGATE=1
else
    say "ccgate convert is not available yet ($CCGATE); timing floor and python-chess only"
    rm -f "$OUT/out-ccgate.txt"
fi

# --- same output? -------------------------------------------------------
say "checking that the programs agree on $DATA"
"$FLOOR" "$DATA" >"$OUT/out-floor.txt"
"$PY" bench/python_iccf.py "$DATA" >"$OUT/out-python.txt"
games=$(grep -c '^\[Event ' "$DATA" || true)
same=1
check() {
    if cmp -s "$OUT/out-floor.txt" "$OUT/out-$1.txt"; then
        say "floor and $1 agree ($(wc -l <"$OUT/out-$1.txt") lines)"
    else
        same=0
        say "floor and $1 DIFFER; first differences:"
        diff "$OUT/out-floor.txt" "$OUT/out-$1.txt" | head -n 10 | cut -c1-200 >&2 || true
    fi
}
check python
[ "$HAVE_CCGATE" = 1 ] && check ccgate
if [ -n "$BEFORE" ]; then
    "$BEFORE" convert --to iccf "$DATA" >"$OUT/out-before.txt"
    check before
fi
if [ "$same" = 0 ] && [ "${ALLOW_DIFF:-0}" != 1 ]; then
    say "outputs differ: not timing (set ALLOW_DIFF=1 to time anyway)"
    exit 1
fi

# --- time ---------------------------------------------------------------
say "timing ($WARMUP warmup + $RUNS runs each)"
cmds=(-n floor "$FLOOR $DATA")
[ "$HAVE_CCGATE" = 1 ] && cmds+=(-n ccgate "$CCGATE convert --to iccf $DATA")
[ -n "$BEFORE" ] && cmds+=(-n before "$BEFORE convert --to iccf $DATA")
cmds+=(-n python-chess "$PY bench/python_iccf.py $DATA")
# --output=pipe: every program really writes its output; -N: no shell
# start-up in the measurement, which matters at ~20 ms per run.
hyperfine -N --output=pipe --warmup "$WARMUP" --runs "$RUNS" \
    --export-json "$OUT/convert.json" --export-markdown "$OUT/convert.md" \
    "${cmds[@]}" | tee "$OUT/convert.txt"

# --- summary ------------------------------------------------------------
status=0
python3 - "$OUT/convert.json" "$games" "$DATA" >"$OUT/summary.md" <<'EOF' || status=$?
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
games, data = int(sys.argv[2]), sys.argv[3]
print(f"Converting {games} lichess games to ICCF numeric (`{data}`), whole process, "
      f"mean ± σ of {len(next(iter(results.values()))['times'])} runs:\n")
cpu = {name: r["user"] + r["system"] for name, r in results.items()}
print("| program | mean ± σ (ms) | min (ms) | CPU (ms) | per game (µs) | vs floor |")
print("|---|---:|---:|---:|---:|---:|")
floor, floor_min = results["floor"]["mean"], results["floor"]["min"]
for name in ("floor", "ccgate", "before", "python-chess"):
    if name in results:
        r = results[name]
        print(f"| {name} | {r['mean']*1e3:.1f} ± {r['stddev']*1e3:.1f} | {r['min']*1e3:.1f} | "
              f"{cpu[name]*1e3:.1f} | {r['mean']/games*1e6:.1f} | {r['mean']/floor:.2f}x |")
print()
# Ratios of means are the headline; ratios of the fastest runs and of CPU
# time (user + system) are shown too, because other processes on a shared
# machine only ever add wall-clock time.
py, py_min = results["python-chess"]["mean"], results["python-chess"]["min"]
missed = False
if "ccgate" in results:
    cc, cc_min = results["ccgate"]["mean"], results["ccgate"]["min"]
    speedup, overhead = py / cc, cc / floor
    ok1, ok2 = speedup >= 150, overhead <= 1.3
    missed = not (ok1 and ok2)
    print(f"- python-chess / ccgate = **{speedup:.0f}x** (fastest runs: {py_min / cc_min:.0f}x, "
          f"CPU: {cpu['python-chess'] / cpu['ccgate']:.0f}x; "
          f"target >= 150x: {'met' if ok1 else 'MISSED'})")
    print(f"- ccgate / floor = **{overhead:.2f}x** (fastest runs: {cc_min / floor_min:.2f}x, "
          f"CPU: {cpu['ccgate'] / cpu['floor']:.2f}x; "
          f"target <= 1.3x: {'met' if ok2 else 'MISSED'})")
    if "before" in results:
        print(f"- before / ccgate = {results['before']['mean'] / cc:.2f}x "
              f"(CPU: {cpu['before'] / cpu['ccgate']:.2f}x): what the changes since BEFORE gained")
else:
    print("- ccgate: not measured (`ccgate convert` not available yet)")
print(f"- python-chess / floor = {py / floor:.0f}x (the most any Rust program can gain)")
sys.exit(3 if missed else 0)
EOF
echo
cat "$OUT/summary.md"
exit "$status"

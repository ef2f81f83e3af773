#!/usr/bin/env bash
# Per-move cost of reading and writing each notation in instructions
# (valgrind --tool=callgrind), beside shakmaty's SAN code: the workload of
# benches/notation.rs, run once by crates/ccgate-core/examples/notation_cost.rs.
# Instruction counts do not move with the load of a shared machine, as the
# criterion times of bench/notation_ratios.sh do.
#
# Usage: bench/notation_instructions.sh [BINARY]
#   BINARY   a built notation_cost (default: builds
#            target/release/examples/notation_cost); another commit's build
#            of the same example gives its figures for comparison.
# Output: a Markdown table (instructions per move, and the ratios the
# README's per-move table gives) on stdout, also in
# target/bench/notation_instructions.md.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-}
if [ -z "$BIN" ]; then
    cargo build --release --quiet -p ccgate-core --example notation_cost
    BIN=target/release/examples/notation_cost
fi
OUT=target/bench
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Instructions per move of one run: only `measured` is counted.
count() {
    local moves
    moves=$(valgrind --tool=callgrind --toggle-collect='*measured*' \
        --callgrind-out-file="$tmp/cg" "$BIN" "$1" "$2" 2>/dev/null | awk '{print $1}')
    awk -v m="$moves" '/^summary:/ {printf "%.0f", $2 / m}' "$tmp/cg"
}

# The baselines once: instruction counts are the same in every group.
sr=$(count san shakmaty_read)
sw=$(count san shakmaty_write)
{
    echo "| notation | read | read ÷ shakmaty \`San\` parse + \`to_move\` | write | write ÷ shakmaty \`SanPlus::from_move\` |"
    echo "|---|---:|---:|---:|---:|"
    for n in san figurine lan uci iccf uedemann uedemann-hw descriptive; do
        r=$(count "$n" read)
        w=$(count "$n" write)
        awk -v n="$n" -v r="$r" -v w="$w" -v sr="$sr" -v sw="$sw" \
            'BEGIN {printf "| %s | %d | %.2fx | %d | %.2fx |\n", n, r, r / sr, w, w / sw}'
    done
    echo
    echo "shakmaty per move: read $sr, write $sw instructions"
} | tee "$OUT/notation_instructions.md"

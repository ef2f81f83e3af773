#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for N seconds each, on the stable
# toolchain (no sanitizer: `-s none`; the targets check properties, not
# memory errors, and the crate has no unsafe code).
#
# Usage: bench/fuzz.sh [SECONDS] [TARGET...]     (default 60 s, all targets)
#
# Seeds: the corpus directories are seeded with moves in every notation
# (read_move) and with PGN files of tests/data (movetext), so that a short run
# starts from real input instead of from nothing.
#
# A crash is copied to tests/data/fuzz-regressions/<target>-<sha1> (where
# crates/ccgate-core/tests/core/fuzz_smoke.rs replays it) and the script exits 1 after running the
# remaining targets. Logs: target/bench/fuzz-<target>.log.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
SECS=${1:-60}
shift || true
LOGS=$ROOT/target/bench
REGRESSIONS=$ROOT/tests/data/fuzz-regressions
mkdir -p "$LOGS" "$REGRESSIONS"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz" >&2
    cargo install --locked cargo-fuzz || exit 2
fi

cd fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi

seed() {
    local target=$1 dir=corpus/$1
    mkdir -p "$dir"
    case $target in
    read_move)
        # Byte = notation index (Notation::ALL order) + 8 * language index.
        python3 - "$dir" <<'EOF'
import os, sys
d = sys.argv[1]
seeds = {
    0: ["e4", "Nf3", "O-O", "0-0-0", "exd6", "exd6 e.p.", "b8=Q", "bxa8=N+", "Rdd1", "Nbd7", "e8Q#", "Kxe2!?"],
    1: ["♘f3", "♔g1", "b8=♕", "♙e4"],
    2: ["Ng1-f3", "e2-e4", "e5xd6", "b7-b8=Q", "Ra1xa8+", "O-O-O"],
    3: ["e2e4", "g1f3", "e1g1", "e1h1", "b7b8q", "b7a8n", "0000"],
    4: ["5254", "7163", "5171", "5131", "27281", "27184", "2728"],
    5: ["gego", "kahi", "gaga"],
    6: ["dogo", "kahi"],
    7: ["P-K4", "N-KB3", "PxP", "PxP e.p.", "P-N8=Q", "O-O", "R(1)-Q1", "QxQch"],
    0 + 8 * 1: ["Sf3", "Lb5", "Dxd8+", "b8D", "0-0"],
    0 + 8 * 7: ["Кf3", "Крe2", "Фd1", "b8Ф"],
    2 + 8 * 2: ["Cg1-f3", "Fa6xb5", "b7-b8D"],
}
n = 0
for byte, texts in seeds.items():
    for text in texts:
        with open(os.path.join(d, "seed-%03d" % n), "wb") as f:
            f.write(bytes([byte]) + text.encode())
        n += 1
EOF
        ;;
    movetext)
        # Byte 8 = detect the notation, English; files cut to 2 KB (the
        # max_len below): longer inputs only slow the run down.
        local i=0 f
        for f in "$ROOT"/tests/data/pgn/edgecases/scalachess/*.pgn \
            "$ROOT"/tests/data/pgn/edgecases/pgn-extract/*.pgn \
            "$ROOT"/tests/data/pgn/correspondence/*.pgn \
            "$ROOT"/tests/data/notation/pgn-extract-same-game/*; do
            { printf '\010'; head -c 2000 "$f"; } >"$dir/seed-$i"
            i=$((i + 1))
        done
        ;;
    radio_link)
        # A script (see the target): messages queued both ways, time
        # passing, frames delivered, dropped, doubled, damaged, restarts.
        printf '\000\000\000\000\001\000\001\024\002\000\002\000\001\024\003\000\002\000\001\144\002\000' >"$dir/seed-0"
        printf '\001\000\000\000\000\001\024\006\003\002\000\013\001\001\024\010\005\004\000\001\310\002\000' >"$dir/seed-1"
        ;;
    mail_parse)
        local i=0 f
        for f in "$ROOT"/tests/data/mail/*.eml; do
            head -c 8000 "$f" >"$dir/seed-$i"
            i=$((i + 1))
        done
        ;;
    esac
}

echo "== building fuzz targets" >&2
cargo fuzz build -s none || exit 2

status=0
for t in "${targets[@]}"; do
    seed "$t"
    echo "== fuzzing $t for ${SECS}s (log: target/bench/fuzz-$t.log)" >&2
    rm -rf "artifacts/$t"
    # A move is short; a few games are enough to reach every movetext path.
    case $t in read_move) max_len=256 ;; mail_parse) max_len=8192 ;; radio_link) max_len=4096 ;; *) max_len=2048 ;; esac
    if cargo fuzz run -s none "$t" -- -max_total_time="$SECS" -max_len="$max_len" \
        >"$LOGS/fuzz-$t.log" 2>&1; then
        grep -E '^Done|#[0-9]+.*DONE' "$LOGS/fuzz-$t.log" | tail -n 1 >&2
    else
        status=1
        echo "!! $t failed; tail of the log:" >&2
        tail -n 30 "$LOGS/fuzz-$t.log" >&2
        for crash in artifacts/"$t"/*; do
            [ -f "$crash" ] || continue
            dest=$REGRESSIONS/$t-$(sha1sum "$crash" | cut -c1-16)
            cp "$crash" "$dest"
            echo "!! saved $dest" >&2
        done
    fi
done
exit "$status"

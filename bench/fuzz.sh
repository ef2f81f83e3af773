#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for N seconds each, on the stable
# toolchain (no sanitizer: `-s none`; the targets check properties, not
# memory errors, and the crate has no unsafe code).
#
# Usage: bench/fuzz.sh [SECONDS] [TARGET...]     (default 60 s, all targets)
#        FUZZ_JOBS=N runs N targets at once.
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
    grammar)
        # Byte = language index (Lang::ALL order: 0 English, 1 German, ...).
        local i=0 line
        for line in "1. e4" "G7 1... Nf3" "P1 accept" "7 resign" "draw?" "e2-e4 if e7-e5 then g1f3" \
            "claim 3" "leave 14" "notation iccf" "help" "5254" "board" "12. Nxe5!? (=)"; do
            printf '\000%s\n' "$line" >"$dir/seed-$i"
            i=$((i + 1))
        done
        printf '\001Antwort P1 Remis angenommen\n' >"$dir/seed-$i"
        ;;
    at_modem | spool)
        # at_modem: one answer per command, NUL-separated (see
        # fuzz/common/script.rs). spool: byte 0 gammu / 1 smstools, the
        # name's length, the name, the file (the spool test files).
        python3 - "$dir" "$target" "$ROOT/tests/data/spool" <<'EOF'
import os, sys
d, target, spool = sys.argv[1:4]
if target == "at_modem":
    ok = b"\r\nOK\r\n"
    answers = [ok, ok, ok, b"\r\n+CPIN: READY\r\n" + ok, ok, ok, b"\r\n+CREG: 0,1\r\n" + ok,
               b"\r\n+CSQ: 20,0\r\n" + ok,
               b"\r\n+CMGL: 1,0,,24\r\n07919471123254F6040B919471123254F60000\r\n" + ok,
               b"\r\n> ", b"\r\n+CMGS: 7\r\n" + ok, b"\r\n+CMTI: \"SM\",3\r\n"]
    open(os.path.join(d, "seed-0"), "wb").write(b"\0" + b"\0".join(answers))
else:
    n = 0
    for kind, sub in ((0, "gammu"), (1, "smstools")):
        for root, _, files in os.walk(os.path.join(spool, sub)):
            for f in files:
                name = f[2:] if kind == 0 and f.startswith("IN") else f
                content = open(os.path.join(root, f), "rb").read()[:2000]
                open(os.path.join(d, "seed-%d" % n), "wb").write(
                    bytes([kind, min(len(name.encode()), 255)]) + name.encode()[:255] + content)
                n += 1
EOF
        ;;
    config)
        head -c 8000 "$ROOT"/deploy/ccgate.toml >"$dir/seed-0"
        printf '[email]\nfrom = "gw@example.test"\n[email.maildir]\npath = "inbox"\n[sms_spool]\nkind = "gammu"\nincoming = "in"\noutgoing = "out"\n[clock]\nsweep_every = "1m"\n[log]\nlevel = "info"\n' >"$dir/seed-1"
        ;;
    service)
        # Byte 0: a mail (the sender in it); 2: SMS, 3: radio, from (byte >> 2) % 3.
        local i=0 f
        for f in "$ROOT"/tests/data/mail/*.eml; do
            { printf '\000'; head -c 6000 "$f"; } >"$dir/seed-$i"
            i=$((i + 1))
        done
        printf '\000From: alice@example.test\r\nTo: gw@example.test\r\nMessage-ID: <a@b>\r\nSubject: move\r\n\r\n1. e4\r\n' >"$dir/seed-$i"
        printf '\006e5' >"$dir/seed-$((i + 1))"
        printf '\002G1 1. e4' >"$dir/seed-$((i + 2))"
        printf '\003draw?' >"$dir/seed-$((i + 3))"
        ;;
    imap)
        # Byte 0: move to a folder, size limit 0; answers NUL-separated, $T = the tag.
        printf '\000* OK ready\r\n\000$T OK LOGIN done\r\n\000* 1 EXISTS\r\n$T OK [READ-WRITE] SELECT\r\n\000* CAPABILITY IMAP4rev1 IDLE MOVE\r\n$T OK\r\n\000* SEARCH 1\r\n$T OK\r\n\000* 1 FETCH (UID 1 RFC822.SIZE 12)\r\n$T OK\r\n\000* 1 FETCH (UID 1 BODY[]<0> {12}\r\nSubject: x\r\n)\r\n$T OK\r\n\000$T NO [TRYCREATE] no folder\r\n\000$T OK\r\n\000$T OK\r\n' >"$dir/seed-0"
        printf '\201* OK ready\r\n\000$T OK\r\n\000$T OK\r\n\000* CAPABILITY IMAP4rev1\r\n$T OK\r\n\000* SEARCH 4 2\r\n$T OK\r\n\000* 2 FETCH (UID 2 RFC822.SIZE 3)\r\n$T OK\r\n\000* 2 FETCH (UID 2 BODY[] {3}\r\nab\n)\r\n$T OK\r\n\000$T OK\r\n' >"$dir/seed-1"
        ;;
    esac
}

echo "== building fuzz targets" >&2
cargo fuzz build -s none || exit 2

# The targets run as built above (not through `cargo fuzz run`, which would
# build again whenever a source file changed since), FUZZ_JOBS at a time.
BIN=target/x86_64-unknown-linux-gnu/release
run_one() {
    local t=$1 max_len
    # A move is short; a few games are enough to reach every movetext path.
    case $t in
    read_move) max_len=256 ;;
    mail_parse | config | service) max_len=8192 ;;
    radio_link | imap | at_modem) max_len=4096 ;;
    *) max_len=2048 ;;
    esac
    rm -rf "artifacts/$t"
    mkdir -p "artifacts/$t"
    if "$BIN/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$SECS" -max_len="$max_len" \
        "corpus/$t" >"$LOGS/fuzz-$t.log" 2>&1; then
        echo "== $t: $(grep -E '^Done|#[0-9]+.*DONE' "$LOGS/fuzz-$t.log" | tail -n 1)" >&2
        return 0
    fi
    echo "!! $t failed; tail of the log:" >&2
    tail -n 30 "$LOGS/fuzz-$t.log" >&2
    local crash
    for crash in artifacts/"$t"/*; do
        [ -f "$crash" ] || continue
        dest=$REGRESSIONS/$t-$(sha1sum "$crash" | cut -c1-16)
        cp "$crash" "$dest"
        echo "!! saved $dest" >&2
    done
    return 1
}

status=0
running=0
for t in "${targets[@]}"; do
    seed "$t"
    echo "== fuzzing $t for ${SECS}s (log: target/bench/fuzz-$t.log)" >&2
    run_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "${FUZZ_JOBS:-1}" ]; then
        wait -n || status=1
        running=$((running - 1))
    fi
done
while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
done
exit "$status"

#!/usr/bin/env bash
# Durable submissions per second with 100,000 games in the store, beside the
# machine's raw fsync rate measured in the same run (benches/durable.rs), and
# the number of fsyncs each submission costs (counted with strace).
#
# The issue: "report both and the ratio in the README. Aim for at least half
# the raw fsync rate."
#
# Usage: bench/durable.sh            (from anywhere in the repository)
#        CCGATE_BENCH_DB=postgres bench/durable.sh   (the same on PostgreSQL)
# Environment:
#   CCGATE_BENCH_DB=postgres  run the store on a private PostgreSQL cluster
#                          this script starts with its data in DIR/pg (the
#                          same disk), its fsync and synchronous_commit at
#                          the safe defaults, and stops at the end; the
#                          fsyncs are the server's, so they are not counted
#
#   CCGATE_BENCH_DIR=DIR   where the store and the fsync probe live (default
#                          target/bench/durable: the project's disk). Must not
#                          be tmpfs, or the fsyncs cost nothing.
#   COUNT=N                submissions counted under strace (default 1000)
#   NO_STRACE=1            skip the fsync counts
#   CCGATE_BENCH_BLOCKS=1  show the ratio per block of rounds too
#
# Output: the benchmark's own report, then a README-ready table with the
# store's floor beside (examples/floor_durable.rs, SQLite only); both are
# kept in target/bench/durable.txt and target/bench/durable.md
# (durable-postgres.txt and .md on PostgreSQL).
# Exit status: 0, or 3 when submissions/s is below half the fsync rate.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=target/bench
DIR=${CCGATE_BENCH_DIR:-target/bench/durable}
COUNT=${COUNT:-1000}
mkdir -p "$OUT" "$DIR"
export CCGATE_BENCH_DIR="$DIR"

say() { printf '== %s\n' "$*" >&2; }

fstype=$(stat -f -c %T "$DIR")
if [ "$fstype" = tmpfs ] || [ "$fstype" = ramfs ]; then
    say "$DIR is on $fstype: an fsync there costs nothing; choose a directory on a disk"
    exit 2
fi

# --- build --------------------------------------------------------------
say "building (release)"
cargo build --release --quiet --bin ccgate
exe=$(cargo bench --bench durable --no-run --message-format=json 2>/dev/null |
    python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "durable" and m.get("executable"):
        print(m["executable"])
')
[ -x "$exe" ] || { say "benches/durable.rs did not build"; exit 1; }
export CCGATE_BIN=$PWD/target/release/ccgate

# --- the database ---------------------------------------------------------
backend=${CCGATE_BENCH_DB:-sqlite}
if [ "$backend" = postgres ]; then
    pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [ -x "$pgbin/initdb" ] || { say "no PostgreSQL: install it with .ci/setup-servers"; exit 1; }
    pgdata=$(realpath -m "$DIR")/pg
    as_pg=()
    # PostgreSQL refuses to run as root: as root, the cluster is the postgres user's.
    [ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --)
    if [ ! -f "$pgdata/PG_VERSION" ]; then
        say "making the PostgreSQL cluster in $pgdata"
        rm -rf "$pgdata" && mkdir -p "$pgdata"
        [ "$(id -u)" = 0 ] && chown postgres: "$pgdata"
        "${as_pg[@]}" "$pgbin/initdb" -D "$pgdata" -U ccgate --auth=trust --locale=C -E UTF8 >/dev/null
    fi
    pgport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "${as_pg[@]}" "$pgbin/pg_ctl" -D "$pgdata" -l "$pgdata/server.log" -w -t 600 \
        -o "-p $pgport -c listen_addresses=127.0.0.1 -c unix_socket_directories=''" start >/dev/null
    trap '"${as_pg[@]}" "$pgbin/pg_ctl" -D "$pgdata" -m fast -w stop >/dev/null' EXIT
    export CCGATE_BENCH_DB="postgres://ccgate@127.0.0.1:$pgport/postgres"
    NO_STRACE=1
    OUT_NAME=durable-postgres
else
    OUT_NAME=durable
fi

# --- the machine ----------------------------------------------------------
{
    echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), kernel $(uname -r)"
    echo "disk:    $(df -h "$DIR" | awk 'NR==2 {print $1 ", " $2 " (" $5 " used)"}'), $fstype, mounted $(findmnt -n -o OPTIONS -T "$DIR" 2>/dev/null || echo '?')"
    echo "backend: $backend$([ "$backend" = postgres ] && echo ", $("$pgbin/postgres" --version), fsync=on, synchronous_commit=on")"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$OUT/$OUT_NAME.txt"

# --- the benchmark ----------------------------------------------------------
say "building the store (once) and measuring"
"$exe" --prepare
"$exe" --bench | tee -a "$OUT/$OUT_NAME.txt"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/$OUT_NAME.txt"
result=$(grep '^RESULT ' "$OUT/$OUT_NAME.txt" | tail -1)

# --- the store's floor ------------------------------------------------------
# SQLite alone writing the rows of 8 accepted moves per commit (journal, move,
# two replies), nothing else worked out: the ceiling of any ccgate on this
# store and disk (examples/floor_durable.rs).
floor=""
if [ "$backend" = sqlite ]; then
    say "the store's floor (examples/floor_durable.rs)"
    cargo build --release --quiet --example floor_durable
    floor=$(target/release/examples/floor_durable "$DIR" 8 | tee -a "$OUT/$OUT_NAME.txt" | grep '^FLOOR ' || true)
fi

# --- fsyncs per submission ---------------------------------------------------
if [ "${NO_STRACE:-0}" != 1 ] && ! command -v strace >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    say "installing strace"
    apt-get install -y strace >/dev/null 2>&1 || true
fi
counts=""
if [ "${NO_STRACE:-0}" != 1 ] && command -v strace >/dev/null; then
    # Syncs of N submissions minus those of the same process submitting
    # nothing (opening and closing the store), divided by N.
    syncs() { # mode N
        strace -f -c -e trace=fsync,fdatasync,sync_file_range,msync -o "$OUT/durable-strace.txt" "$exe" "$1" "$2" >/dev/null
        awk '$NF ~ /^(fsync|fdatasync|sync_file_range|msync)$/ {n += $4} END {print n + 0}' "$OUT/durable-strace.txt"
    }
    per() { # mode N
        local zero all
        zero=$(syncs "$1" 0)
        all=$(syncs "$1" "$2")
        python3 -c "print(f'{($all - $zero) / $2:.2f}')"
    }
    say "counting fsyncs with strace ($COUNT submissions each; $((COUNT / 10)) through ccgate submit)"
    lib=$(per --count "$COUNT")
    one=$(per --count-one-fsync "$COUNT")
    cli=$(per --count-cli $((COUNT / 10)))
    counts="lib_fsyncs=$lib one_fsync_fsyncs=$one cli_fsyncs=$cli"
    echo "COUNTS $counts" | tee -a "$OUT/$OUT_NAME.txt"
fi

# --- the table ----------------------------------------------------------------
status=0
python3 - "$result" "$counts" "$floor" >"$OUT/$OUT_NAME.md" <<'EOF' || status=$?
import sys
r = dict(kv.split("=", 1) for kv in sys.argv[1].split()[1:])
c = dict(kv.split("=", 1) for kv in sys.argv[2].split()) if sys.argv[2] else {}
fl = dict(kv.split("=", 1) for kv in sys.argv[3].split()[1:]) if sys.argv[3] else {}
f = float(r["fsync_per_s"])
def row(name, rate, fsyncs="", ratio=None):
    ratio = f"{float(rate) / f:.2f}" if ratio is None else ratio
    print(f"| {name} | {float(rate):,.0f} | {ratio} | {fsyncs} |")
print(f"Durable submissions on {r.get('backend', 'sqlite')} with {int(r['games']):,} games in the store ({r['fs']}; "
      f"{r['submissions']} submissions interleaved with the raw syncs, same directory):\n")
print("| | per second | ÷ raw fsync rate | fsyncs per submission |")
print("|---|---:|---:|---:|")
row("raw fsync (4 KiB write + `sync_all`)", f, "", "1")
row("raw fdatasync (4 KiB write + `sync_data`)", r["fdatasync_per_s"])
row("**durable submissions** (`service::submit`, library)", r["subs_per_s"], c.get("lib_fsyncs", ""))
row("8 concurrent senders through the service port (group commit)", r["concurrent_subs_per_s"])
row("two sites (two connections) submitting at once", r["two_sites_subs_per_s"])
if "cli_subs_per_s" in r:
    row("`ccgate submit`, one process per message", r["cli_subs_per_s"], c.get("cli_fsyncs", ""),
        f"{float(r['cli_ratio']):.2f}")
if "one_fsync_subs_per_s" in r:
    row("for comparison: one fsync per submission (simulated)", r["one_fsync_subs_per_s"], c.get("one_fsync_fsyncs", ""))
if "tmpfs_subs_per_s" in r:
    row("for comparison: submissions on tmpfs (no disk)", r["tmpfs_subs_per_s"], "0", "–")
if fl:
    print(f"| the store's floor: SQLite alone writing the rows of 8 accepted moves per commit "
          f"(`examples/floor_durable.rs`, its own probe {float(fl['fsync_per_s']):,.0f} fsync/s) | "
          f"{float(fl['subs_per_s']):,.0f} | {float(fl['ratio']):.2f} | |")
if "concurrent_transactions" in r:
    n, alone = int(r["concurrent_transactions"]), int(r["concurrent_alone"])
    print(f"\nThe 8 senders' {8 * int(r['submissions']):,} submissions in {n:,} transactions "
          f"({8 * int(r['submissions']) / max(n, 1):.1f} each; {alone:,} of one message).")
ratio = float(r["ratio"])
print(f"\nRatio submissions/s ÷ fsyncs/s: **{ratio:.2f}** (median over blocks {float(r['ratio_median']):.2f}; "
      f"issue target ≥ 0.5: {'met' if ratio >= 0.5 else 'MISSED'}).")
sys.exit(0 if ratio >= 0.5 else 3)
EOF
echo
cat "$OUT/$OUT_NAME.md"
exit "$status"

#!/usr/bin/env bash
# Mail throughput: mails per second from the Maildir to replies accepted by a
# local SMTP server (tests/support/smtp_server.py, aiosmtpd, on loopback; or
# a real Postfix of its own, OUT=postfix, delivering into a Maildir),
# beside the raw fsync rate of the same disk measured in the same run; and
# the daemon's resident memory idle and at its peak under that load.
#
# Usage: bench/mail.sh          (as root after .ci/setup-servers, from anywhere in the repository)
# Environment:
#   N=1000                   mails (10 plies of N/10 games; 2 replies each)
#   OUT=smtp                 where replies go: smtp (aiosmtpd), postfix (a private
#                            Postfix instance on loopback; needs root and the postfix
#                            package, .ci/setup-servers installs it), or file (the
#                            outbox directory)
#   CCGATE_BENCH_DIR=DIR     default target/bench/mail (must be on a disk, not tmpfs)
#   CCGATE_TEST_VENV=DIR     the venv with aiosmtpd (default /opt/ccgate-test-venv)
#   CCGATE_BIN=FILE          a ccgate binary to measure instead of building this checkout
#   POOL=N                   email.send.pool (SMTP connections; default the daemon's, 4);
#                            with OUT=postfix also smtp-source's sessions
# Output: a README-ready table, also kept in target/bench/mail-$OUT.md; with
# OUT=file it has the file system's floor too (examples/floor_burst.rs: the
# burst's file operations alone, the ceiling of any gateway on that disk).
set -euo pipefail

cd "$(dirname "$0")/.."
N=${N:-1000}
OUT=${OUT:-smtp}
GAMES=$((N / 10))
DIR=${CCGATE_BENCH_DIR:-target/bench/mail}
VENV=${CCGATE_TEST_VENV:-/opt/ccgate-test-venv}
say() { printf '== %s\n' "$*" >&2; }

# The last run's files are moved aside now and deleted only after this run
# has measured: on an ext4 without a journal (this machine's), a new inode is
# not taken from those deleted in the last 60 to 300 s, and finding one
# walks past every such inode of the group, so a burst right after deleting
# the last run's 2,000 files spent 80 % of its time creating files (2.3 s
# against 0.9 s). Runs less than 5 minutes apart still meet it.
OLD="$DIR.old"
rm -rf "$OLD"
[ ! -e "$DIR" ] || mv "$DIR" "$OLD"
mkdir -p "$DIR/stage" "$DIR/inbox/new" "$DIR/inbox/cur" "$DIR/inbox/tmp" "$DIR/control"
DIR=$(cd "$DIR" && pwd)
fstype=$(stat -f -c %T "$DIR")
if [ "$fstype" = tmpfs ] || [ "$fstype" = ramfs ]; then
    say "$DIR is on $fstype: fsync costs nothing there; choose a directory on a disk"
    exit 2
fi

if [ -n "${CCGATE_BIN:-}" ]; then
    BIN=$CCGATE_BIN                # another build, for a side-by-side run
else
    say "building (release)"
    cargo build --release --quiet --bin ccgate
    BIN=$PWD/target/release/ccgate
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
SMTP_PORT=$(free_port)
STATUS_PORT=$(free_port)

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

PF=$DIR/postfix
if [ "$OUT" = postfix ]; then
    # A Postfix instance of its own (config, queue and Maildir under $PF):
    # every recipient @example.test is delivered by virtual(8) into one
    # Maildir, so each reply delivered can be counted. Postfix runs a
    # non-default configuration only when the default one names it.
    say "Postfix on 127.0.0.1:$SMTP_PORT ($PF)"
    mkdir -p "$PF/etc" "$PF/queue" "$PF/data" "$PF/mail"
    sed "s/^smtp \{6\}inet .*smtpd\$/127.0.0.1:$SMTP_PORT inet n - n - - smtpd/" /etc/postfix/master.cf >"$PF/etc/master.cf"
    grep -q "^127.0.0.1:$SMTP_PORT " "$PF/etc/master.cf" || { say "no smtp line in /etc/postfix/master.cf"; exit 1; }
    cat >"$PF/etc/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $PF/queue
data_directory = $PF/data
maillog_file = $PF/data/maillog
maillog_file_prefixes = $PF
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = ccgate.test
mydestination =
mynetworks = 127.0.0.0/8
smtpd_recipient_restrictions = permit_mynetworks, reject
alias_maps =
alias_database =
local_recipient_maps =
virtual_mailbox_domains = example.test
virtual_mailbox_base = $PF/mail
virtual_mailbox_maps = static:all/
virtual_uid_maps = static:$(id -u postfix)
virtual_gid_maps = static:$(id -g postfix)
virtual_minimum_uid = 1
EOF
    chown postfix:postfix "$PF/mail" "$PF/data"
    # The system's main.cf must name the private directory for `postfix -c`
    # to accept it; its former value comes back when the bench ends.
    prev_alternate=$(postconf -h alternate_config_directories 2>/dev/null || true)
    restore_main_cf() {
        if [ -n "$prev_alternate" ]; then
            postconf -e "alternate_config_directories = $prev_alternate"
        else
            postconf -X alternate_config_directories
        fi
    }
    postconf -e "alternate_config_directories = $PF/etc"
    # Its errors go to syslog, or to a terminal: give it one.
    script -qec "postfix -c $PF/etc start" /dev/null >&2
    trap 'cleanup; postfix -c "$PF/etc" stop >/dev/null 2>&1 || true; restore_main_cf' EXIT
    for _ in $(seq 200); do (exec 3<>"/dev/tcp/127.0.0.1/$SMTP_PORT") 2>/dev/null && break; sleep 0.05; done
else
    say "SMTP server on 127.0.0.1:$SMTP_PORT"
    "$VENV/bin/python" tests/support/smtp_server.py --listen "127.0.0.1:$SMTP_PORT" \
        --mail-root "$DIR/mail" --control "$DIR/control" >"$DIR/smtp.out" 2>"$DIR/smtp.err" &
    pids+=($!)
    for _ in $(seq 200); do grep -q READY "$DIR/smtp.out" 2>/dev/null && break; sleep 0.05; done
    grep -q READY "$DIR/smtp.out" || { say "the SMTP server did not start"; cat "$DIR/smtp.err" >&2; exit 1; }
fi

say "$GAMES games, $N mails"
export CCGATE_DB="$DIR/ccgate.db"
for n in $(seq "$GAMES"); do
    "$BIN" player add "W$n" --email "w$n@example.test" >/dev/null
    "$BIN" player add "B$n" --email "b$n@example.test" >/dev/null
    "$BIN" game new --white "W$n" --black "B$n" --time none >/dev/null
done
unset CCGATE_DB
python3 - "$DIR/stage" "$GAMES" <<'EOF'
import sys
stage, games = sys.argv[1], int(sys.argv[2])
plies = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
for ply, san in enumerate(plies):
    for n in range(1, games + 1):
        who = ("w" if ply % 2 == 0 else "b") + str(n)
        with open(f"{stage}/{ply:02}-{n:05}.mail", "w") as f:
            f.write(f"From: {who}@example.test\r\nTo: gw@example.test\r\nSubject: move\r\n"
                    f"Message-ID: <{n}-{ply}@bench>\r\nContent-Type: text/plain\r\n\r\n{san}\r\n")
EOF

cat >"$DIR/ccgate.toml" <<EOF
data_dir = "$DIR"
[log]
level = "warn"
[status]
listen = "127.0.0.1:$STATUS_PORT"
[email]
from = "gw@example.test"
# A closed bench: the mails are ours, so From: is taken as given.
trust_from_for_closed_test_setups_only = true
[email.maildir]
path = "inbox"
poll_every = "100ms"
$(if [ "$OUT" = file ]; then
    printf '[email.send]\ntransport = "file"\n'
else
    printf '[email.send]\ntransport = "smtp"\nhost = "127.0.0.1"\nport = %s\nsecurity = "plain"\n' "$SMTP_PORT"
    [ -z "${POOL:-}" ] || printf 'pool = %s\n' "$POOL"
fi)
[outbox]
poll_every = "100ms"
EOF

"$BIN" serve --config "$DIR/ccgate.toml" 2>"$DIR/serve.log" &
SERVE=$!
pids+=($SERVE)
for _ in $(seq 200); do curl -sf "http://127.0.0.1:$STATUS_PORT/health" >/dev/null 2>&1 && break; sleep 0.05; done
sleep 2
rss() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$SERVE/status"; }
IDLE_KB=$(rss VmRSS)

# What the setup and an earlier run left to write back would be written
# during the burst, and take its syncs' turns: 2.7 s against 0.96 s for the
# same burst right after another run.
sync
say "delivering $N mails into the Maildir"
# One process renames them all (a `mv` per mail would pace the burst), then
# looks at the store every 5 ms until every mail is journaled and every reply
# it queued sent; it prints the time of the first rename and of the look
# that found the burst answered. (A new process per look, 0.2 s apart, added
# up to a quarter of a second to a burst answered in one.)
read -r t0 t1 < <(python3 - "$DIR/stage" "$DIR/inbox/new" "$DIR/ccgate.db" "$N" <<'EOF'
import os, sqlite3, sys, time
stage, new, db, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
c = sqlite3.connect(db, timeout=30)
names = sorted(os.listdir(stage))
t0 = time.time()
for f in names:
    os.rename(os.path.join(stage, f), os.path.join(new, f))
# Each look counts through indexes only (the journal's ids; the unsent
# replies' partial index, outbox_due): the replies' rows, with their sheets
# in overflow pages, are not read every 5 ms by a process that shares the
# daemon's two cores. A reply given up would end the wait too: every reply
# is checked to have been sent once the burst is over.
while True:
    journaled = c.execute("SELECT count(*) FROM journal").fetchone()[0]
    unsent = c.execute("SELECT count(*) FROM outbox WHERE channel = 'email' AND sent_at IS NULL AND failed_at IS NULL").fetchone()[0]
    if journaled >= n and unsent == 0:
        break
    time.sleep(0.005)
t1 = time.time()
unsent = c.execute("SELECT count(*) FROM outbox WHERE sent_at IS NULL").fetchone()[0]
if unsent:
    sys.exit(f"{unsent} replies not sent")
print(t0, t1)
EOF
)
PEAK_KB=$(rss VmHWM)

say "raw fsync rate in the same directory"
FSYNC=$(python3 - "$DIR/fsync.probe" <<'EOF'
import os, sys, time
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
n, start = 0, time.monotonic()
while time.monotonic() - start < 3:
    os.write(fd, b"x" * 512)
    os.fsync(fd)
    n += 1
print(round(n / (time.monotonic() - start)))
EOF
)

kill -TERM "$SERVE"; wait "$SERVE" || true

# The file system's floor: the burst's file operations alone, each stage on
# a thread (examples/floor_burst.rs), with its own probe; before the last
# run's files are deleted, for the reason above.
FLOOR=""
if [ "$OUT" = file ]; then
    say "the file system's floor (examples/floor_burst.rs)"
    cargo build --release --quiet --example floor_burst
    FLOOR=$(target/release/examples/floor_burst "$DIR/floor" "$N" | grep '^FLOOR ' || true)
fi
rm -rf "$OLD"

DELIVERED=""
if [ "$OUT" = postfix ]; then
    # Not timed: Postfix delivers after it accepted. Every reply once.
    replies=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM outbox").fetchone()[0])' "$DIR/ccgate.db")
    for _ in $(seq 600); do
        [ "$(find "$PF/mail/all/new" -type f 2>/dev/null | wc -l)" -ge "$replies" ] && break
        sleep 0.1
    done
    DELIVERED=$(python3 - "$PF/mail/all/new" "$replies" <<'EOF'
import email, os, sys
d, replies = sys.argv[1], int(sys.argv[2])
ids = [email.message_from_binary_file(open(os.path.join(d, f), "rb"))["Message-ID"] for f in os.listdir(d)]
print(f"{len(ids)} of {replies} replies, {len(set(ids))} distinct")
sys.exit(0 if len(ids) == len(set(ids)) == replies else 4)
EOF
) || { say "Postfix delivered $DELIVERED"; exit 4; }
    # The peer's own ceiling on this machine: Postfix's smtp-source sends as
    # many messages, of the replies' mean size, over as many sessions as
    # ccgate's pool, each session kept open (-d) as ccgate keeps its own.
    SIZE=$(python3 -c 'import os, sys; d = sys.argv[1]; f = os.listdir(d); print(sum(os.path.getsize(os.path.join(d, x)) for x in f) // len(f))' "$PF/mail/all/new")
    say "Postfix's own accept rate: smtp-source, $replies messages of $SIZE bytes, ${POOL:-4} sessions"
    s0=$(date +%s.%N)
    smtp-source -d -s "${POOL:-4}" -m "$replies" -l "$SIZE" -f bench@example.test -t sink@example.test "127.0.0.1:$SMTP_PORT"
    s1=$(date +%s.%N)
    CEILING=$(python3 -c 'import sys; print(round(int(sys.argv[1]) / (float(sys.argv[3]) - float(sys.argv[2]))))' "$replies" "$s0" "$s1")
fi

python3 - "$N" "$t0" "$t1" "$FSYNC" "$IDLE_KB" "$PEAK_KB" "$OUT" "$DELIVERED" "${CEILING:-}" "$FLOOR" <<'EOF' | tee "target/bench/mail-$OUT.md"
import sys
n, t0, t1, fsync, idle, peak = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
out = {"smtp": "accepted by SMTP (aiosmtpd)", "postfix": "accepted by Postfix"}.get(sys.argv[7], "written to the outbox directory")
rate = n / (t1 - t0)
print("| measure | value |")
print("|---|---|")
print(f"| mails in, Maildir to 2 replies {out} | {n} in {t1 - t0:.2f} s = **{rate:.0f} mails/s** |")
print(f"| raw fsync rate, same disk, same run | {fsync} fsync/s |")
print(f"| ratio mails/s : fsync/s | {rate / fsync:.2f} |")
print(f"| resident memory idle | {idle / 1024:.1f} MiB |")
print(f"| resident memory peak under load | {peak / 1024:.1f} MiB |")
if sys.argv[8]:
    print(f"| delivered by Postfix into its Maildir | {sys.argv[8]} |")
if sys.argv[10]:
    fl = dict(kv.split("=", 1) for kv in sys.argv[10].split()[1:])
    print(f"| the file system's floor: the same file operations alone (`examples/floor_burst.rs`) | "
          f"{float(fl['mails_per_s']):.0f} mails/s beside {float(fl['fsync_per_s']):.0f} fsync/s: "
          f"**{float(fl['ratio']):.2f}** per raw fsync |")
if sys.argv[9]:
    ceiling = int(sys.argv[9])
    print(f"| Postfix's own accept rate (smtp-source, same count, size and sessions) | {ceiling} messages/s = {ceiling / 2:.0f} mails' replies/s |")
    print(f"| ratio ccgate : Postfix's own rate | {2 * rate / ceiling:.2f} |")
EOF

#!/usr/bin/env bash
# Start two Dire Wolf (1.6) software TNCs, A and B, linked by simulated
# 1200 Bd AFSK audio. No sound card or kernel module is needed.
#
#   usage: start.sh DIR PORT_A PORT_B
#
#   A: MYCALL N0CALL-1, KISS TCP on PORT_A, KISS pty path in DIR/a.tty
#   B: MYCALL N0CALL-2, KISS TCP on PORT_B, KISS pty path in DIR/b.tty
#   (the KISS TCP listeners bind to all interfaces; connect to 127.0.0.1.
#    AGW is off. /tmp/kisstnc is re-pointed by every instance: do not use it.)
#
# Channel options (environment, read by channel.py):
#   DWLINK_NOISE=0.05   white noise, RMS as a fraction of full scale, always on
#   DWLINK_DROPOUT=0.2  probability that a 100 ms block of signal is lost
#   DWLINK_SEED=1       seed of noise and dropouts (default 1)
#   DWLINK_GAIN=0.3     signal gain (default 0.3)
#   DWLINK_READY_TIMEOUT=10  seconds to wait for both TNCs
#
# Measured (100-byte info fields, 20 frames each way, ~1 s per frame):
#   clean:  no DWLINK_* (or DWLINK_NOISE up to 0.2): 0 % lost
#   noisy:  DWLINK_NOISE=0.1 DWLINK_DROPOUT=0.03: 15-30 % lost (seeds 1-3);
#           the loss comes from the dropouts, about 1-(1-P)^10 per frame.
#           Noise alone has a cliff: 0.22 -> 0-5 %, 0.24 -> 30 %, 0.3 -> 90 %.
#
# How (see channel.py): each direwolf plays into an ALSA `type file` PCM with
# a `null` slave (DIR/home/.asoundrc; HOME=DIR/home for direwolf only), which
# writes raw samples into a FIFO; channel.py reads that FIFO and feeds the
# other direwolf's stdin in real time, adding silence, noise and dropouts.
#
#   A --a2b.fifo--> channel.py a2b --b.in.fifo--> B (stdin)
#   A (stdin) <--a.in.fifo-- channel.py b2a <--b2a.fifo-- B
#
# PIDs go to DIR/{a,b,relay_a2b,relay_b2a}.pid; logs to DIR/*.log. Stop with
# stop.sh DIR. The four processes share their fate: each relay exits when
# either direwolf is gone, and a direwolf exits on EOF of its stdin, so when
# one part dies the whole link goes down instead of half-working.
# Exit status: 0 when both TNCs are ready; else 1, with the logs on stderr
# and everything already started stopped again.
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 DIR PORT_A PORT_B" >&2
    exit 2
fi
for port in "$2" "$3"; do
    case $port in
        '' | *[!0-9]*) echo "start.sh: bad port '$port'" >&2; exit 2 ;;
    esac
done
[ "$2" != "$3" ] || { echo "start.sh: PORT_A and PORT_B must differ" >&2; exit 2; }
PORT_A=$2
PORT_B=$3
HERE=$(cd "$(dirname "$0")" && pwd)
DIREWOLF=${DIREWOLF:-direwolf}
PYTHON=${PYTHON:-python3}
command -v "$DIREWOLF" >/dev/null || { echo "start.sh: $DIREWOLF not found (apt-get install direwolf)" >&2; exit 1; }
mkdir -p "$1"
D=$(cd "$1" && pwd) # absolute: it goes into .asoundrc

case $D in *'"'* | *'\'*) echo "start.sh: DIR must not contain \" or \\" >&2; exit 2 ;; esac

NAMES=(a b relay_a2b relay_b2a)
for n in "${NAMES[@]}"; do
    if [ -s "$D/$n.pid" ] && kill -0 "$(cat "$D/$n.pid")" 2>/dev/null; then
        echo "start.sh: $D already has a running link ($n pid $(cat "$D/$n.pid")); run stop.sh $D" >&2
        exit 1
    fi
done

rm -f "$D"/*.fifo "$D"/*.log "$D"/*.pid "$D"/*.tty
mkdir -p "$D/home"
# Create the FIFOs first: the ALSA file plugin would create a regular file.
mkfifo "$D/a2b.fifo" "$D/b2a.fifo" "$D/a.in.fifo" "$D/b.in.fifo"

cat >"$D/home/.asoundrc" <<EOF
# written by ccgate tests/support/direwolf/start.sh
pcm.a2b { type file  slave.pcm "null"  file "$D/a2b.fifo"  format "raw" }
pcm.b2a { type file  slave.pcm "null"  file "$D/b2a.fifo"  format "raw" }
EOF

write_conf() { # X OUT_PCM CALL PORT
    cat >"$D/$1.conf" <<EOF
# written by ccgate tests/support/direwolf/start.sh
ADEVICE stdin $2
ARATE 44100
ACHANNELS 1
CHANNEL 0
MYCALL $3
MODEM 1200
# short keying and no random access delay: faster tests; DCD still works
TXDELAY 10
TXTAIL 5
SLOTTIME 1
PERSIST 255
DWAIT 0
KISSPORT $4
AGWPORT 0
EOF
}
write_conf a a2b N0CALL-1 "$PORT_A"
write_conf b b2a N0CALL-2 "$PORT_B"

fail() {
    trap - EXIT
    echo "start.sh: $*" >&2
    "$HERE/stop.sh" "$D" >/dev/null 2>&1 || true
    for f in a.log b.log relay_a2b.log relay_b2a.log; do
        [ -f "$D/$f" ] && { echo "----- $D/$f" >&2; tail -n 40 "$D/$f" >&2; }
    done
    exit 1
}
trap 'fail "failed (line $LINENO)"' EXIT

t0=$(date +%s.%N)
# Each direwolf blocks in the open of its stdin FIFO until its relay opens the
# other end, so the PIDs exist before the relays start and can be watched.
HOME="$D/home" "$DIREWOLF" -c "$D/a.conf" -t 0 -p <"$D/a.in.fifo" >"$D/a.log" 2>&1 &
echo $! >"$D/a.pid"
HOME="$D/home" "$DIREWOLF" -c "$D/b.conf" -t 0 -p <"$D/b.in.fifo" >"$D/b.log" 2>&1 &
echo $! >"$D/b.pid"
WATCH=(--watch "$(cat "$D/a.pid")" "$(cat "$D/b.pid")")
"$PYTHON" "$HERE/channel.py" "$D/a2b.fifo" --name a2b "${WATCH[@]}" >"$D/b.in.fifo" 2>"$D/relay_a2b.log" &
echo $! >"$D/relay_a2b.pid"
"$PYTHON" "$HERE/channel.py" "$D/b2a.fifo" --name b2a "${WATCH[@]}" >"$D/a.in.fifo" 2>"$D/relay_b2a.log" &
echo $! >"$D/relay_b2a.pid"

timeout=${DWLINK_READY_TIMEOUT:-10}
deadline=$(awk -v t="$t0" -v d="$timeout" 'BEGIN { printf "%.3f", t + d }')
for X in a b; do
    if [ $X = a ]; then port=$PORT_A; else port=$PORT_B; fi
    while :; do
        if grep -q "Ready to accept KISS TCP client application 0 on port $port" "$D/$X.log" 2>/dev/null &&
            grep -q '^Virtual KISS TNC is available on ' "$D/$X.log"; then
            break
        fi
        for n in "${NAMES[@]}"; do
            kill -0 "$(cat "$D/$n.pid")" 2>/dev/null || fail "$n (pid $(cat "$D/$n.pid")) died during startup"
        done
        if grep -qiE 'unable to bind|address already in use|pointless to continue' "$D/$X.log" 2>/dev/null; then
            fail "direwolf $X could not start (port $port in use?)"
        fi
        awk -v d="$deadline" -v now="$(date +%s.%N)" 'BEGIN { exit !(now > d) }' &&
            fail "direwolf $X not ready after ${timeout}s"
        sleep 0.05
    done
    sed -n 's/^Virtual KISS TNC is available on //p' "$D/$X.log" | tr -d '\r' | head -n 1 >"$D/$X.tty"
done
trap - EXIT
awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "start.sh: ready in %.2f s: ", b - a }'
echo "A tcp 127.0.0.1:$PORT_A pty $(cat "$D/a.tty")  B tcp 127.0.0.1:$PORT_B pty $(cat "$D/b.tty")  noise ${DWLINK_NOISE:-0} dropout ${DWLINK_DROPOUT:-0} seed ${DWLINK_SEED:-1}"

#!/usr/bin/env bash
# Stop the link that start.sh started in DIR. Kills only the PIDs recorded in
# DIR/*.pid (never by name), and only if that PID still runs direwolf or
# channel.py (a stale PID file must not kill an unrelated process that got the
# same PID). SIGTERM, wait up to 3 s (direwolf needs up to about 2 s), then
# SIGKILL what is left. Idempotent; exits 0.
#
#   usage: stop.sh DIR
set -u
if [ $# -ne 1 ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
D=$1
NAMES=(a b relay_a2b relay_b2a)

ours() { # PID: is it still one of our processes?
    local cmd
    cmd=$(tr '\0' ' ' 2>/dev/null <"/proc/$1/cmdline") || return 1
    case $cmd in
        *direwolf* | *channel.py*) return 0 ;;
        *) return 1 ;;
    esac
}

pids=()
for n in "${NAMES[@]}"; do
    [ -s "$D/$n.pid" ] || continue
    pid=$(cat "$D/$n.pid")
    case $pid in '' | *[!0-9]*) continue ;; esac
    ours "$pid" && pids+=("$pid")
done

if [ ${#pids[@]} -gt 0 ]; then
    kill -TERM "${pids[@]}" 2>/dev/null
    for _ in $(seq 60); do
        left=()
        for pid in "${pids[@]}"; do
            # a zombie (state Z) has exited; its parent will reap it
            if ours "$pid" && ! grep -q '^[^)]*) Z' "/proc/$pid/stat" 2>/dev/null; then
                left+=("$pid")
            fi
        done
        [ ${#left[@]} -eq 0 ] && break
        sleep 0.05
    done
    if [ ${#left[@]} -gt 0 ]; then
        echo "stop.sh: SIGKILL ${left[*]}" >&2
        kill -KILL "${left[@]}" 2>/dev/null
    fi
fi
for n in "${NAMES[@]}"; do rm -f "$D/$n.pid"; done
rm -f "$D"/*.fifo
exit 0

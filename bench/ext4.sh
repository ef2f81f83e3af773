#!/usr/bin/env bash
# A scratch ext4 file system made with mkfs.ext4's defaults (a journal,
# hashed directories), loop-mounted from an image file, for the disk
# benchmarks: `CCGATE_BENCH_DIR=$(bench/ext4.sh)/mail bench/mail.sh`.
#
# Why: a gateway's spool is normally on such a file system, where fsyncs
# issued together share one journal commit; the root file system of the
# machines this project is measured on has neither a journal nor directory
# indexes (each fsync writes on its own, each create searches the directory
# linearly). The benchmarks measure the raw fsync rate in the directory they
# use, so a ratio always compares like with like; the README reports both
# file systems. The image lives on the same disk as everything else.
#
# Usage: bench/ext4.sh          (as root) makes and mounts it if needed; prints the mount point
#        bench/ext4.sh down     unmounts it and deletes the image
# Environment: EXT4_SIZE (default 4G), EXT4_DIR (default target/bench/ext4)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${EXT4_SIZE:-4G}
MNT=${EXT4_DIR:-target/bench/ext4}
IMG="$MNT.img"

if [ "${1:-}" = down ]; then
    if mountpoint -q "$MNT"; then umount "$MNT"; fi
    rm -f "$IMG"
    rmdir "$MNT" 2>/dev/null || true
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "bench/ext4.sh: mounting needs root" >&2
    exit 2
fi
mkdir -p "$MNT"
if ! mountpoint -q "$MNT"; then
    rm -f "$IMG"
    truncate -s "$SIZE" "$IMG"
    mkfs.ext4 -q -F "$IMG"
    mount -o loop "$IMG" "$MNT"
fi
cd "$MNT" && pwd

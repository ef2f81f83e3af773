#!/usr/bin/env bash
# Installs ccgate as a service (README, "Installing as a service"):
#   deploy/install.sh [--root DIR] [--binary PATH]
# --root installs into another root (a chroot, an image, the install test);
# --binary is the ccgate to install (default target/release/ccgate).
# The configuration belongs to root and is readable by the group ccgate, so
# the service (user ccgate) can read it and cannot change it. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=
BINARY=target/release/ccgate
while [ $# -gt 0 ]; do
    case $1 in
        --root) ROOT=$2; shift 2 ;;
        --binary) BINARY=$2; shift 2 ;;
        *) echo "usage: $0 [--root DIR] [--binary PATH]" >&2; exit 2 ;;
    esac
done
root_args=()
[ -n "$ROOT" ] && root_args=(--root "$(realpath "$ROOT")")

if ! grep -q '^ccgate:' "$ROOT/etc/passwd"; then
    useradd "${root_args[@]}" --system --user-group --home-dir /var/lib/ccgate \
        --no-create-home --shell /usr/sbin/nologin ccgate
fi
# Numeric ids: under --root the names exist only in that root's files.
uid=$(awk -F: '$1 == "ccgate" { print $3 }' "$ROOT/etc/passwd")
gid=$(awk -F: '$1 == "ccgate" { print $3 }' "$ROOT/etc/group")

install -D -m 0755 "$BINARY" "$ROOT/usr/local/bin/ccgate"
install -d -m 0750 -o 0 -g "$gid" "$ROOT/etc/ccgate"
if [ ! -e "$ROOT/etc/ccgate/ccgate.toml" ]; then
    install -m 0640 -o 0 -g "$gid" deploy/ccgate.toml "$ROOT/etc/ccgate/ccgate.toml"
fi
# The store's directory: the service's (systemd's StateDirectory makes the
# same), group-readable so the director's admin commands can reach it.
install -d -m 0750 -o "$uid" -g "$gid" "$ROOT/var/lib/ccgate"
# The package's units and guide, their paths moved under /usr/local (the
# package's own /usr belongs to the package manager).
local_paths() { sed -e 's|/usr/bin/ccgate|/usr/local/bin/ccgate|g' -e 's|/usr/share/doc/ccgate|/usr/local/share/doc/ccgate|g' "$1"; }
for unit in ccgate.service ccgate-backup.service ccgate-backup.timer; do
    install -d -m 0755 "$ROOT/etc/systemd/system"
    local_paths "deploy/$unit" >"$ROOT/etc/systemd/system/$unit"
    chmod 0644 "$ROOT/etc/systemd/system/$unit"
done
install -d -m 0755 "$ROOT/usr/local/share/doc/ccgate"
install -m 0644 docs/guide/operators.md "$ROOT/usr/local/share/doc/ccgate/operators.md"
# The man pages and shell completions, written by the binary installed, as
# the package's are (deploy/build-deb), into /usr/local's own directories.
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
mkdir "$generated/man" "$generated/completions"
"$BINARY" generate man "$generated/man"
"$BINARY" generate completions "$generated/completions"
install -d -m 0755 "$ROOT/usr/local/share/man/man1"
for page in "$generated"/man/*.1; do
    gzip -9n <"$page" >"$ROOT/usr/local/share/man/man1/${page##*/}.gz"
    chmod 0644 "$ROOT/usr/local/share/man/man1/${page##*/}.gz"
done
install -D -m 0644 "$generated/completions/ccgate.bash" "$ROOT/usr/local/share/bash-completion/completions/ccgate"
install -D -m 0644 "$generated/completions/_ccgate" "$ROOT/usr/local/share/zsh/site-functions/_ccgate"
install -D -m 0644 "$generated/completions/ccgate.fish" "$ROOT/usr/local/share/fish/vendor_completions.d/ccgate.fish"
echo "installed; edit $ROOT/etc/ccgate/ccgate.toml, then: ccgate check-config /etc/ccgate/ccgate.toml"
echo "daily backups: systemctl enable --now ccgate-backup.timer"

#!/usr/bin/env bash
# make deb-check: the built .deb in a fresh Debian 12 (bookworm) made by
# debootstrap, where no Swift toolchain and no checkout exist. Installs it
# with dpkg -i and apt-get -f install, then tries what an admin would:
# --version, lineup inspect, the demo played over IPC for 5 s with no
# terminal, restrictions set-passcode, systemd-analyze verify on the units,
# and the user the unit runs as. Needs root and an apt mirror (the host's).
set -euo pipefail
deb=$(readlink -f "$1")
cd "$(dirname "$0")/.."
fail() { echo "deb-check: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, chroot)"
mirror=${DEB_CHECK_MIRROR:-$(sed -n 's/^URIs: //p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}
root=$(mktemp -d /tmp/tvshell-deb-check-XXXXXX)
cleanup() {
  for m in proc dev/pts dev sys; do umount -l "$root/$m" 2>/dev/null || true; done
  rm -rf "$root"
}
trap cleanup EXIT

echo "deb-check: debootstrap bookworm from $mirror into $root" >&2
debootstrap --variant=minbase --include=systemd,socat,man-db bookworm "$root" "$mirror" >"$root.log" 2>&1 \
  || { tail -20 "$root.log" >&2; fail "debootstrap failed"; }
rm -f "$root.log"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
cp "$deb" "$root/tmp/"
printf '#EXTM3U x-tvg-url="http://example.invalid/guide.xml"\n#EXTINF:-1 tvg-id="a.tv" tvg-chno="1",Alpha\nhttp://example.invalid/a.m3u8\n' > "$root/tmp/lineup.m3u"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

in_root sh -c "dpkg -i /tmp/$(basename "$deb") >/dev/null 2>&1 || true; DEBIAN_FRONTEND=noninteractive apt-get -f install -y >/tmp/apt.log 2>&1" \
  || { tail -20 "$root/tmp/apt.log" >&2; fail "apt-get -f install failed"; }
in_root dpkg -s tvshell | grep -q "Status: install ok installed" || fail "tvshell is not installed"
[ ! -e "$root/opt/swift" ] || fail "the chroot has a Swift toolchain"

version=$(in_root tvshell --version) || fail "tvshell --version failed"
[ "$version" = "$(sed -n '1s/.*(\(.*\)).*/\1/p' debian/changelog)" ] || fail "tvshell --version says $version"
in_root tvshell lineup inspect /tmp/lineup.m3u | grep -q "Alpha" || fail "lineup inspect printed nothing useful"
in_root sh -c 'printf "2468\n" | tvshell restrictions set-passcode --stdin >/tmp/p.log 2>&1' || { cat "$root/tmp/p.log" >&2; fail "restrictions set-passcode failed"; }
in_root tvshell restrictions status | grep -q "passcode: *set" || fail "the passcode was not kept"

in_root sh -c 'tvshell --mpv-option ao=null --ipc-socket /tmp/ipc.sock >/tmp/shell.log 2>&1 & echo $! > /tmp/shell.pid'
for _ in $(seq 1 60); do [ -S "$root/tmp/ipc.sock" ] && break; sleep 1; done
[ -S "$root/tmp/ipc.sock" ] || { cat "$root/tmp/shell.log" >&2; fail "the shell made no IPC socket"; }
sleep 5
state=$(in_root sh -c 'echo "{\"command\":[\"get_state\"]}" | socat -t 2 - UNIX-CONNECT:/tmp/ipc.sock')
grep -q '"phase":"playing"' <<<"$state" || { cat "$root/tmp/shell.log" >&2; fail "the demo does not play: $state"; }
in_root sh -c 'echo "{\"command\":[\"quit\"]}" | socat -t 2 - UNIX-CONNECT:/tmp/ipc.sock' >/dev/null
in_root sh -c 'while kill -0 $(cat /tmp/shell.pid) 2>/dev/null; do sleep 0.2; done'

in_root systemd-analyze verify /usr/lib/systemd/system/tvshell@.service 2>&1 | grep -v "^$" \
  | grep -v "Failed to connect\|No such file or directory.*bus" && fail "systemd-analyze verify complains (above)" || true
in_root systemd-sysusers tvshell.conf >/dev/null 2>&1 || true
in_root getent passwd tv >/dev/null || fail "no user tv after install"
in_root man -w tvshell >/dev/null || fail "man tvshell finds no page"
echo "deb-check: installed in a fresh bookworm with no toolchain; --version, lineup inspect, set-passcode, the demo over IPC, the unit and its user are fine"

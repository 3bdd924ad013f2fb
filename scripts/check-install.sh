#!/usr/bin/env bash
# The install check `make test` ends with: `make install` of what `make dist`
# built into a scratch DESTDIR with PREFIX=/usr, then what a Debian admin
# would try: the man page, bash completion, the unit and its user, the D-Bus
# policy where dbus-daemon reads it, the binary run with the checkout and the
# Swift toolchain hidden (themes, ratings, the demo played over IPC), and
# `make uninstall` leaving nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(mktemp -d /tmp/tvshell-install-XXXXXX)
trap 'rm -rf "$root"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

make -s install DESTDIR="$root" PREFIX=/usr >/dev/null

bin="$root/usr/bin/tvshell"
file "$bin" | grep -q "stripped" && ! file "$bin" | grep -q "not stripped" || fail "the installed binary is not stripped: $(file "$bin")"
! ldd "$bin" | grep -q "libswift\|libFoundation\|libdispatch" || fail "the installed binary needs the toolchain's libraries: $(ldd "$bin" | grep swift)"
runpath=$(readelf -d "$bin" | sed -n 's/.*R\(UN\)\?PATH.*\[\(.*\)\]/\2/p')
[ -z "$runpath" ] || [ "$runpath" = '$ORIGIN' ] || fail "the installed binary looks for libraries in $runpath"
[ -f "$root/usr/share/dbus-1/system.d/tvshell-mpris.conf" ] || fail "the D-Bus policy is not in /usr/share/dbus-1/system.d"
[ -f "$root/usr/lib/sysusers.d/tvshell.conf" ] || fail "no sysusers.d entry makes the unit's user"
grep -q "^u tv " "$root/usr/lib/sysusers.d/tvshell.conf" || fail "the sysusers.d entry does not make the user tv"
grep -q "^User=tv" "$root/usr/lib/systemd/system/tvshell@.service" || fail "the unit does not run as tv"
[ -f "$root/usr/share/doc/tvshell/LICENSE" ] || fail "the licence is not installed"
[ -f "$root/usr/share/applications/tvshell.desktop" ] || fail "no desktop entry for MPRIS's DesktopEntry"
local_policy=$(mktemp -d /tmp/tvshell-local-XXXXXX)
make -s install DESTDIR="$local_policy" PREFIX=/usr/local >/dev/null
[ -f "$local_policy/etc/dbus-1/system.d/tvshell-mpris.conf" ] || fail "with PREFIX=/usr/local the D-Bus policy is not in /etc/dbus-1/system.d"
rm -rf "$local_policy"

page=$(LANG=C.UTF-8 MANWIDTH=100 man -l "$root/usr/share/man/man1/tvshell.1" 2>/dev/null)
for option in --lineup --guide --theme --ipc-socket --kiosk restrictions; do
  grep -q -- "$option" <<<"$page" || fail "the man page does not show $option"
done

for section in DESCRIPTION COMMANDS KEYS FILES ENVIRONMENT "EXIT STATUS" EXAMPLES "SEE ALSO"; do
  grep -q "^$section" <<<"$page" || fail "the man page has no $section section"
done
grep -q "ten-foot" <<<"$page" || fail "the man page's DESCRIPTION does not say what tvshell is"
grep -q "restrictions.toml" <<<"$page" || fail "the man page's FILES does not name restrictions.toml"
grep -q "(0–32)" <<<"$page" || fail "the man page lost its UTF-8 (the en dash of --video-tolerance's 0–32)"
grep -q "tvshell guide update" <<<"$page" || fail "the man page's COMMANDS does not list guide update"

# What the systemd unit points at is installed, at the PREFIX it was installed to.
unit="$root/usr/lib/systemd/system/tvshell@.service"
docs=$(sed -n 's/^Documentation=//p' "$unit")
grep -q "file://" <<<"$docs" || fail "the unit's Documentation= names no installed file: $docs"
for url in $docs; do
  case "$url" in
    file://*) [ -f "$root${url#file://}" ] || fail "the unit's Documentation= names $url, which is not installed" ;;
  esac
done
for doc in README.md CHANGELOG.md docs/parental-restrictions.md docs/remote-and-kiosk.md; do
  [ -f "$root/usr/share/doc/tvshell/$doc" ] || fail "$doc is not installed in /usr/share/doc/tvshell"
done

completions=$(bash -c '
  source "$1"
  COMP_LINE="tvshell restrictions s"; COMP_POINT=${#COMP_LINE}
  COMP_WORDS=(tvshell restrictions s); COMP_CWORD=2
  _tvshell tvshell s restrictions
  printf "%s\n" "${COMPREPLY[@]}"' _ "$root/usr/share/bash-completion/completions/tvshell")
for word in set set-passcode status; do
  grep -qx "$word" <<<"$completions" || fail "bash completion of 'tvshell restrictions s<TAB>' lacks $word: $completions"
done

videos=$(bash -c '
  source "$1"
  COMP_LINE="tvshell --video "; COMP_POINT=${#COMP_LINE}
  COMP_WORDS=(tvshell --video ""); COMP_CWORD=2
  _tvshell tvshell "" --video
  printf "%s\n" "${COMPREPLY[@]}"' _ "$root/usr/share/bash-completion/completions/tvshell")
for word in terminal window none; do
  grep -qx "$word" <<<"$videos" || fail "bash completion of 'tvshell --video <TAB>' lacks $word: $videos"
done

# The installed binary, copied away from the checkout, finds its themes.
copy=$(mktemp -d /tmp/tvshell-prefix-XXXXXX)
trap 'rm -rf "$root" "$copy"' EXIT
cp -a "$root/usr" "$copy/"
listed=$(env -i HOME="$copy" XDG_CONFIG_HOME="$copy/config" "$copy/usr/bin/tvshell" themes)
grep -q "^$copy/usr/share/tvshell/Themes: console16, default, high-contrast, light$" <<<"$listed" \
  || fail "the installed binary does not find its prefix's themes: $listed"

# The installed binary with the checkout and the toolchain out of sight.
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
TVSHELL_INSTALLED_ROOT="$root" TVSHELL_TOOLCHAIN="$toolchain" swift test --skip-build --filter InstalledBinaryEndToEndTests 2>&1 \
  | tee "$root.log" | grep -q "Test run with 2 tests.* passed" || { cat "$root.log" >&2; rm -f "$root.log"; fail "the installed binary does not stand alone (above)"; }
rm -f "$root.log"

make -s uninstall DESTDIR="$root" PREFIX=/usr
left=$(find "$root" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "check-install: a stripped binary that stands alone (plays with the checkout and $toolchain hidden), man page, documentation, unit and its user, D-Bus policy, completions, themes and uninstall are fine"

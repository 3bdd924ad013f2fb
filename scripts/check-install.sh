#!/usr/bin/env bash
# The install check `make test` ends with: `make install` of the debug build
# into a scratch DESTDIR with PREFIX=/usr, then what a Debian admin would try:
# the man page, bash completion, themes found by the installed binary with no
# checkout around, and `make uninstall` leaving nothing behind.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(mktemp -d /tmp/tvshell-install-XXXXXX)
trap 'rm -rf "$root"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

make -s install DESTDIR="$root" PREFIX=/usr BUILD=debug >/dev/null

page=$(MANWIDTH=100 man -l "$root/usr/share/man/man1/tvshell.1" 2>/dev/null)
for option in --lineup --guide --theme --ipc-socket --kiosk restrictions; do
  grep -q -- "$option" <<<"$page" || fail "the man page does not show $option"
done

for section in DESCRIPTION EXAMPLES FILES "SEE ALSO"; do
  grep -q "^$section" <<<"$page" || fail "the man page has no $section section"
done
grep -q "ten-foot" <<<"$page" || fail "the man page's DESCRIPTION does not say what tvshell is"
grep -q "restrictions.toml" <<<"$page" || fail "the man page's FILES does not name restrictions.toml"

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

# The installed binary, copied away from the checkout, finds its themes.
copy=$(mktemp -d /tmp/tvshell-prefix-XXXXXX)
trap 'rm -rf "$root" "$copy"' EXIT
cp -a "$root/usr" "$copy/"
listed=$(env -i HOME="$copy" XDG_CONFIG_HOME="$copy/config" "$copy/usr/bin/tvshell" themes)
grep -q "^$copy/usr/share/tvshell/Themes: console16, default, high-contrast, light$" <<<"$listed" \
  || fail "the installed binary does not find its prefix's themes: $listed"

make -s uninstall DESTDIR="$root" PREFIX=/usr
left=$(find "$root" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "check-install: man page (with its examples and files), documentation, unit, completions, themes and uninstall are fine"

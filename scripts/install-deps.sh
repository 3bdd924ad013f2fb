#!/usr/bin/env bash
# Installs the Debian packages tvshell needs, if any are missing.
#   scripts/install-deps.sh run    what `make run` needs
#   scripts/install-deps.sh test   what `make test` and `make bench` need
#   scripts/install-deps.sh deb    what `make deb` and `make deb-check` need
# As root it runs apt-get; otherwise sudo (non-interactively); otherwise it
# prints the exact command and fails.
set -euo pipefail

purpose=${1:-run}
packages=(libmpv-dev libncurses-dev ncurses-term libsystemd-dev libsodium-dev libsqlite3-dev libxml2-dev zlib1g-dev libcurl4-openssl-dev libmosquitto-dev libevdev-dev libudev-dev libavformat-dev libavcodec-dev libavutil-dev libxcb1-dev pkg-config ffmpeg)
if [ "$purpose" = deb ]; then
  packages+=(debhelper fakeroot lintian debootstrap file)
fi
if [ "$purpose" = test ]; then
  packages+=(curl file dvdauthor genisoimage python3-fusepy tesseract-ocr xdotool tmux mpv lirc systemd dbus playerctl man-db timg libsixel-bin libxml2-utils mosquitto mosquitto-clients openssl xvfb x11-apps x11-utils x11-xserver-utils xfonts-base xterm kitty libgl1-mesa-dri fonts-dejavu-core fonts-symbola
    libxcursor1 libxrandr2 libxi6 libxinerama1 libxxf86vm1)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  cmd=(apt-get install -y --no-install-recommends "${missing[@]}")
  echo "tvshell: installing ${missing[*]}" >&2
  if [ "$(id -u)" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${cmd[@]}" >/dev/null
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    sudo -n env DEBIAN_FRONTEND=noninteractive "${cmd[@]}" >/dev/null
  else
    echo "tvshell: missing packages; run this as root, then try again:" >&2
    echo "  apt-get update && ${cmd[*]}" >&2
    exit 1
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "tvshell: Swift is in /opt/swift/usr/bin but not on PATH; the Makefile adds it." >&2
  else
    echo "tvshell: Swift 6 is not installed. Install a Swift 6 toolchain for Debian 12" >&2
    echo "  (swift.org/install/linux) and put its usr/bin on PATH, then try again." >&2
    exit 1
  fi
fi

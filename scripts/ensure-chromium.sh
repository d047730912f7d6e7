#!/usr/bin/env bash
# The browser journeys and bench:web run Debian's Chromium (npm cannot download browsers here).
# Installs it when missing and we may (root); otherwise says how.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
else
  echo "The browser tests need Debian's Chromium at /usr/bin/chromium: sudo apt-get install chromium" >&2
  exit 1
fi

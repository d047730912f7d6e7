#!/usr/bin/env bash
# The browser journeys and bench:web run Debian's Chromium (npm cannot download browsers here);
# the journeys that read printed QR codes turn PDF pages into pictures with poppler's pdftoppm.
# Installs what is missing when we may (root); otherwise says how.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
else
  echo "The browser tests need Debian's ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

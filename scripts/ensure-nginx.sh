#!/usr/bin/env bash
# The test of several instances behind a proxy (apps/server/src/features/system/behind-proxy.test.ts)
# starts Debian's nginx itself, on loopback with its own configuration; nothing of /etc/nginx is used.
# Installs it when missing and we may (root); otherwise says how. Prints the binary's path.
set -euo pipefail
find_nginx() { command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; }; }
if ! find_nginx >/dev/null; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's nginx for the test behind a proxy…" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >&2
  else
    echo "The test behind a proxy needs Debian's nginx: sudo apt-get install nginx" >&2
    exit 1
  fi
fi
find_nginx

#!/usr/bin/env bash
# Makes sure Debian's HAProxy and PgBouncer are present for the fleet tests and `npm run bench:fleet`
# (issue 20), as ensure-chromium.sh does for the browser. Installs them with apt-get when missing and we
# are root or have password-less sudo; otherwise stops with the command to run.
set -euo pipefail

missing=()
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)

if [ "${#missing[@]}" -eq 0 ]; then
  echo "HAProxy and PgBouncer found: $(/usr/sbin/haproxy -v 2>/dev/null | head -1 || haproxy -v | head -1); $(/usr/sbin/pgbouncer --version 2>/dev/null | head -1 || pgbouncer --version | head -1)"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=(env DEBIAN_FRONTEND=noninteractive)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n env DEBIAN_FRONTEND=noninteractive)
else
  echo "error: ${missing[*]} missing and this script cannot install it (not root, sudo needs a password)." >&2
  echo "Install once: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: apt-get is not available; install ${missing[*]} with your system's package manager." >&2
  exit 1
fi

echo "Installing Debian's ${missing[*]}: apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
"${as_root[@]}" apt-get update
# The packages' own services are not wanted: the tests start their own instances on their own ports.
"${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
for service in "${missing[@]}"; do
  if command -v service >/dev/null 2>&1; then "${as_root[@]}" service "$service" stop >/dev/null 2>&1 || true; fi
done
for binary in "${missing[@]}"; do
  if [ ! -x "/usr/sbin/$binary" ] && ! command -v "$binary" >/dev/null 2>&1; then
    echo "error: apt-get finished but $binary is still missing." >&2
    exit 1
  fi
done
echo "Installed: ${missing[*]}"

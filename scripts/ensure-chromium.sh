#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for the Playwright end-to-end tests.
# The tests never use `npx playwright install`: they drive the system browser at /usr/bin/chromium
# (or CHROMIUM_PATH). When it is missing and we are root, or sudo works without a password, this
# installs it with apt-get; otherwise it stops with instructions.
set -euo pipefail

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$chromium_path" ]; then
  echo "Chromium found: $chromium_path ($("$chromium_path" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if [ "$chromium_path" != /usr/bin/chromium ]; then
  echo "error: CHROMIUM_PATH=$chromium_path is not an executable file." >&2
  echo "Point CHROMIUM_PATH at a Chromium binary, or unset it to use Debian's /usr/bin/chromium." >&2
  exit 1
fi

echo "Chromium is missing at /usr/bin/chromium."

if [ "$(id -u)" -eq 0 ]; then
  as_root=(env DEBIAN_FRONTEND=noninteractive)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n env DEBIAN_FRONTEND=noninteractive)
else
  cat >&2 <<'MSG'
error: Chromium is not installed at /usr/bin/chromium and this script cannot install it
(it is not running as root and sudo needs a password).

Install it once, then run the tests again:

    sudo apt-get update && sudo apt-get install -y chromium

Or point CHROMIUM_PATH at an existing Chromium binary:

    CHROMIUM_PATH=/path/to/chromium npm test
MSG
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: apt-get is not available; install Chromium with your system's package manager" >&2
  echo "and set CHROMIUM_PATH to its binary if it is not at /usr/bin/chromium." >&2
  exit 1
fi

echo "Installing Debian's chromium package: apt-get update && apt-get install -y chromium"
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y chromium

if [ ! -x /usr/bin/chromium ]; then
  echo "error: apt-get finished but /usr/bin/chromium is still missing." >&2
  exit 1
fi
echo "Chromium installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"

#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the browser tests (Playwright drives it through
# executable_path; no browser can be downloaded here). Installs it with apt-get when run as root
# (as in CI); otherwise says how, and the browser tests are skipped with that reason.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "browser.sh: Chromium is missing; the browser tests will be skipped (install: sudo apt-get install chromium)" >&2
  exit 0
fi
echo "browser.sh: installing Chromium for the browser tests (apt-get)…" >&2
apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2

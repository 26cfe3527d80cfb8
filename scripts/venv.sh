#!/usr/bin/env bash
# Creates (or refreshes) the project's virtual environment in .venv.
# Usage: scripts/venv.sh [EXTRAS]   e.g. scripts/venv.sh test
# Installs only when pyproject.toml changed since the last install of these extras (an install with
# extras also satisfies a plain one), so repeated runs take a fraction of a second.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
extras="${1:-}"
python="${PYTHON:-python3}"
venv="$root/.venv"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "ludoteca needs Python 3.11 or newer (found: $("$python" --version 2>&1))" >&2
  exit 1
fi
want="$(sha256sum "$root/pyproject.toml" | cut -d' ' -f1)"
current() { [ -f "$1" ] && [ "$(cat "$1")" = "$want" ]; }
if [ -x "$venv/bin/python" ]; then
  if [ -z "$extras" ]; then
    for stamp in "$venv"/.installed-*; do
      if current "$stamp"; then exit 0; fi
    done
  elif current "$venv/.installed-$extras" || current "$venv/.installed-test"; then
    exit 0  # the test extras include every other
  fi
else
  echo "Setting up ludoteca in $venv (first run only)…" >&2
  "$python" -m venv "$venv"
fi
pip() {
  # pip's notices about this machine's package-index settings are noise for a user; errors still show.
  "$venv/bin/python" -m pip --disable-pip-version-check "$@" 2> >(grep -v '^WARNING: Location' >&2)
}
pip install --quiet --upgrade pip
if [ -n "$extras" ]; then
  pip install --quiet -e "$root[$extras]"
else
  pip install --quiet -e "$root"
fi
echo "$want" > "$venv/.installed-${extras:-base}"

#!/usr/bin/env bash
# Creates (or refreshes) the project's virtual environment in .venv.
# Usage: scripts/venv.sh [EXTRAS]   e.g. scripts/venv.sh test
# Re-installs only when pyproject.toml or the requested extras changed, so repeated runs are quick.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
extras="${1:-}"
python="${PYTHON:-python3}"
venv="$root/.venv"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "ludoteca needs Python 3.11 or newer (found: $("$python" --version 2>&1))" >&2
  exit 1
fi
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
stamp="$venv/.installed-${extras:-base}"
want="$(sha256sum "$root/pyproject.toml" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  if [ -n "$extras" ]; then
    "$venv/bin/python" -m pip install --quiet -e "$root[$extras]"
  else
    "$venv/bin/python" -m pip install --quiet -e "$root"
  fi
  echo "$want" > "$stamp"
fi

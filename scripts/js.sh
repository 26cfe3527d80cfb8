#!/usr/bin/env bash
# The checks of the pages' JavaScript (src/ludoteca/web/static/js, served as it is: no build step):
# TypeScript's compiler over the JSDoc types (tsconfig.json; tests/js/tsconfig.json adds node's types for
# the tests), then node's own test runner over the pure modules' tests in tests/js/. The compiler comes
# from npm at the versions package-lock.json pins, installed into node_modules/ by `npm ci` when that is
# missing or older than the lock file.
#
# Needs Node 20 or newer and npm. Without them the checks are skipped with one warning line — unless
# LUDOTECA_REQUIRE_NODE=1 (as in CI, .ci/run), which makes that an error.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if [ "${LUDOTECA_REQUIRE_NODE:-0}" = "1" ]; then
    echo "js.sh: node and npm are needed for the JavaScript checks (Node 20 or newer)" >&2
    exit 1
  fi
  echo "js.sh: node or npm is missing: the JavaScript checks (tsc, node --test) are skipped" >&2
  exit 0
fi
if [ "$(node -p 'Number(process.versions.node.split(".")[0])')" -lt 20 ]; then
  echo "js.sh: Node $(node --version) is too old for the JavaScript checks (20 or newer)" >&2
  exit 1
fi

# npm ci writes node_modules/.package-lock.json last: a copy older than the lock means a stale install
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "js.sh: installing the JavaScript checks' tools (npm ci)…" >&2
  npm ci --no-audit --no-fund --loglevel=error >&2
fi

node_modules/.bin/tsc -p tsconfig.json
node_modules/.bin/tsc -p tests/js/tsconfig.json
node --test --test-reporter=spec tests/js/

#!/usr/bin/env bash
# Starts a local PostgreSQL for the storage tests and prints its URL on stdout (everything else goes to stderr).
# Usage: url="$(scripts/postgres.sh)"
# The Debian way: installs the `postgresql` package if missing (needs root, as in CI), starts the newest
# installed major version's `main` cluster (creating it if there is none), and makes sure the role and
# database `ludoteca` exist. The role may create databases, so each test can have a fresh one.
# Idempotent: a second run only checks that all this is in place.
set -euo pipefail
role=ludoteca
password=ludoteca
database=ludoteca

say() { echo "postgres.sh: $*" >&2; }

newest_version() {
  local bins
  bins="$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null || true)"
  [ -n "$bins" ] && echo "$bins" | sed 's#/usr/lib/postgresql/\([0-9]*\)/.*#\1#' | sort -n | tail -1
}

if ! command -v pg_ctlcluster >/dev/null || [ -z "$(newest_version)" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "PostgreSQL is not installed and installing it needs root: apt-get install postgresql"
    exit 1
  fi
  say "installing PostgreSQL (apt-get)…"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version="$(newest_version)"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
  say "creating cluster $version/main…"
  pg_createcluster "$version" main >&2
fi
status="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $4 }')"
port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')"
if [ "$status" != online ]; then
  say "starting cluster $version/main on port $port…"
  pg_ctlcluster "$version" main start >&2
fi

psql_admin() { as_postgres psql --quiet --no-psqlrc -p "$port" -v ON_ERROR_STOP=1 -tA "$@"; }
if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" != 1 ]; then
  say "creating role $role…"
  psql_admin -c "CREATE ROLE $role" >&2
fi
psql_admin -c "ALTER ROLE $role LOGIN CREATEDB PASSWORD '$password'" >&2  # also mends a role made by hand
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" != 1 ]; then
  say "creating database $database…"
  psql_admin -c "CREATE DATABASE $database OWNER $role" >&2
fi
echo "postgresql://$role:$password@127.0.0.1:$port/$database"

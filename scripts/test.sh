#!/usr/bin/env bash
# Runs every test (Swift Testing): the domain core, the SQLite store, the `split` binary
# end to end, and the server against PostgreSQL; then schemathesis against split-server
# (scripts/fuzz-server.sh), which needs python3 and PyPI. Installs what is missing first (as root),
# or prints the command to do it.
#
# The server tests read SPLIT_TEST_DATABASE_URL. If it is not set, this script starts a
# throwaway PostgreSQL 15 cluster (scripts/pg-cluster.sh) in a temporary folder, points the
# variable at it, and stops and deletes the cluster when it exits, however it exits.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
# hledger: the ledger export test checks its balances against split balances.
# chromium: the report test opens the HTML page in headless Chromium (network off) and checks
# what it shows, that no script ran and that no request left the page.
packages=(libsqlite3-dev sqlite3 hledger chromium)
# man-db and groff-base: the install tests render every man page with man -l. dpkg-dev: they
# build the .deb packages (dpkg-shlibdeps) and read them back with dpkg-deb. systemd: its
# systemd-analyze checks split-server's unit.
packages+=(man-db groff-base dpkg-dev systemd)
# curl and a python3 with venv: scripts/fuzz-server.sh installs schemathesis from PyPI into a
# virtualenv and talks to the server it starts.
packages+=(curl)
# haproxy: RollingDeployTests checks the README's rolling-deploy recipe against a real HAProxy
# in front of two split-server processes (it is skipped without it, except in CI).
packages+=(haproxy)
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  packages+=(python3 python3-venv)
fi
# postgresql pulls in postgresql-15, which provides /usr/lib/postgresql/15/bin.
if [ -z "${SPLIT_TEST_DATABASE_URL:-}" ] && [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then
  packages+=(postgresql)
fi
split_require_packages "${packages[@]}"
if [ -z "${SPLIT_TEST_DATABASE_URL:-}" ]; then
  pg_dir=$(mktemp -d)
  # Set before starting, so a half-started cluster is cleaned up too. INT and TERM exit,
  # which runs the EXIT trap.
  trap 'scripts/pg-cluster.sh stop "$pg_dir" || true' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  SPLIT_TEST_DATABASE_URL=$(scripts/pg-cluster.sh start "$pg_dir")
  export SPLIT_TEST_DATABASE_URL
fi
# ihatemoney 7.2.1 (pinned, from PyPI, in a virtualenv under .build-venv/, git-ignored): the
# ihatemoney import and export tests run it on loopback and compare its balances with split's.
ihatemoney_version=7.2.1
ihatemoney_venv=.build-venv/ihatemoney-$ihatemoney_version
if [ ! -x "$ihatemoney_venv/bin/flask" ]; then
  echo "test: installing ihatemoney $ihatemoney_version into $ihatemoney_venv" >&2
  python3 -m venv "$ihatemoney_venv"
  "$ihatemoney_venv/bin/pip" install --quiet --disable-pip-version-check "ihatemoney==$ihatemoney_version"
fi
SPLIT_IHATEMONEY_PYTHON="$PWD/$ihatemoney_venv/bin/python"
export SPLIT_IHATEMONEY_PYTHON
swift build --build-tests
# CI keeps only the end of the output, and a failure is reported far above it, among hundreds
# of lines of passing tests. On failure, repeat the failing tests' issues at the very end.
test_log=$(mktemp)
if ! swift test 2>&1 | tee "$test_log"; then
  echo
  echo "=== swift test failed; its issues, repeated from above ==="
  grep -a -E -A3 'recorded an issue|Fatal error|Exited with' "$test_log" | grep -a -v -E '^\s*$' | cut -c1-300 | head -n 30 || true
  echo "=== failed: ==="
  grep -a -E '^✘ (Test|Suite).* failed after' "$test_log" | grep -a -v 'Test run with' | cut -c1-160 | head -n 12 || true
  rm -f "$test_log"
  exit 1
fi
rm -f "$test_log"
# The contract under a fuzzer (schemathesis, pinned, in a virtualenv): no 500s, every status
# and answer as openapi.yaml says. Fails the test command on any finding.
scripts/fuzz-server.sh

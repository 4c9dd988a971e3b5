#!/usr/bin/env bash
# How often each everyday command on a linked trip reads `trip_link` and counts the outbox,
# with and without --offline: SQLite's own trace (SPLIT_TRACE_SQL), against a throwaway
# split-server on 127.0.0.1. Prints a table; asserts nothing. Not part of the test run.
#
#   scripts/trace-sync.sh            # uses the debug build in .build (swift build first)
#   SPLIT_BIN=path/to/bin scripts/trace-sync.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
. scripts/loopback-server.sh
split_require_packages libsqlite3-dev
[ -x /usr/lib/postgresql/15/bin/initdb ] || split_require_packages postgresql
bin=${SPLIT_BIN:-$(swift build --show-bin-path)}
split_start_loopback_server "$bin/split-server"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
mkdir -p "$HOME"
split() { "$bin/split" "$@"; }
printf 'trace-password-1\n' | split register --server "$base" --email trace@example.com --name Trace --password-stdin >/dev/null
split trip create Tokyo --currency JPY --cloud >/dev/null
split member add Alex Bea >/dev/null
split add-expense Seed 1000 --paid-by Alex >/dev/null

# Counts the statements of one command that read trip_link (a SELECT naming it: an UPDATE
# is a write), and those that count the outbox. A statement of several lines is joined first.
count() {
  local label=$1 trace
  shift
  trace=$(SPLIT_TRACE_SQL=1 split "$@" 2>&1 >/dev/null \
    | awk '/^sql: /{ if (s != "") print s; s = $0; next } s != "" { s = s " " $0 } END { if (s != "") print s }' || true)
  printf '%-44s %9s %13s %11s\n' "$label" \
    "$(grep '^sql: SELECT' <<<"$trace" | grep -c 'trip_link' || true)" \
    "$(grep -ci 'count(\*) FROM outbox' <<<"$trace" || true)" \
    "$(grep -c . <<<"$trace" || true)"
}

printf '%-44s %9s %13s %11s\n' command trip_link outbox-count statements
for offline in "" "--offline"; do
  count "add-expense $offline" add-expense Tea 900 --paid-by Alex $offline
  id=$(split expenses --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["expenses"][0]["id"])')
  count "expense edit $offline" expense edit "$id" --amount 950 $offline
  count "pay $offline" pay Bea Alex 100 $offline
  count "undo $offline" undo $offline
  count "balances $offline" balances $offline
done
count "sync" sync
count "sync (nothing to do)" sync
count "status" status

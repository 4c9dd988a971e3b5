#!/usr/bin/env bash
# Recurring expenses benchmark for `split` (issue 37). Prints, never asserts; not part of the
# test run.
#
#   scripts/bench-recurring.sh [RULES] [YEARS]
#
# 1. Makes a trip with RULES monthly rules (default 200) starting YEARS (default 5) years before
#    the clock, with the clock at their start, so nothing is due yet; times `split balances`
#    with them (the catch-up probe only) and on the same trip without rules (target: at most
#    1 ms more).
# 2. Moves the clock YEARS years on and times `split recurring run`, which adds RULES × 12 ×
#    YEARS instances in one transaction (target ≤ 2 s for 12,000), then `split undo` of it.
# Uses the release build with a static Swift runtime, as installed; SPLIT_BIN overrides it.
set -euo pipefail
cd "$(dirname "$0")/.."
rules=${1:-200}
years=${2:-5}
. scripts/release-bin.sh
bin=$(split_release_bin split "${SPLIT_BIN:-}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config"
mkdir -p "$HOME"
start_year=2020
export SPLIT_NOW="${start_year}-01-01T08:00:00Z"

# Best of five, in milliseconds.
best() {
  local best_ms=""
  for _ in 1 2 3 4 5; do
    local t0 t1
    t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N)
    local ms=$(( (t1 - t0) / 1000000 ))
    if [ -z "$best_ms" ] || [ "$ms" -lt "$best_ms" ]; then best_ms=$ms; fi
  done
  echo "$best_ms"
}

"$bin" --db "$work/plain.db" trip create Plain --currency EUR >/dev/null
"$bin" --db "$work/plain.db" member add Ana Ben Cleo >/dev/null
"$bin" --db "$work/rules.db" trip create Flat --currency EUR >/dev/null
"$bin" --db "$work/rules.db" member add Ana Ben Cleo >/dev/null
for i in $(seq 1 "$rules"); do
  "$bin" --db "$work/rules.db" recurring add "Bill $i" "$(( 10 + i % 90 )).50" --every month --on $(( 1 + i % 31 )) \
    --from "${start_year}-01-01" --paid-by Ana >/dev/null 2>&1 || "$bin" --db "$work/rules.db" recurring add "Bill $i" "$(( 10 + i % 90 )).50" \
    --every month --on $(( 1 + i % 28 )) --from "${start_year}-01-02" --paid-by Ana >/dev/null
done
# Past the first instances, so nothing is due at the clock.
"$bin" --db "$work/rules.db" recurring run >/dev/null 2>&1 || true
echo "split balances, no rules:                 $(best "$bin" --db "$work/plain.db" balances) ms (best of 5)"
echo "split balances, $rules rules, nothing due: $(best "$bin" --db "$work/rules.db" balances) ms (best of 5)"

export SPLIT_NOW="$(( start_year + years ))-01-01T00:30:00Z"
t0=$(date +%s%N)
"$bin" --db "$work/rules.db" recurring run >/dev/null 2>&1
t1=$(date +%s%N)
count=$("$bin" --db "$work/rules.db" expenses --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["expenses"]))')
echo "catch-up of $rules rules over $years years: $count expenses in $(( (t1 - t0) / 1000000 )) ms"
t0=$(date +%s%N)
"$bin" --db "$work/rules.db" undo >/dev/null
t1=$(date +%s%N)
echo "undo of that catch-up: $(( (t1 - t0) / 1000000 )) ms"

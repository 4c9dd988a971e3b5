#!/usr/bin/env bash
# Benchmark figures for split (release build): a trip of 20 members and 100,000 mixed
# expenses, then median wall time and peak memory of the everyday commands, and the exact
# settle planner at 20 non-zero balances. Prints figures; it asserts nothing.
#
#   scripts/bench.sh [EXPENSES] [RUNS]     # defaults: 100000 15
set -euo pipefail
cd "$(dirname "$0")/.."
expenses="${1:-100000}"
runs="${2:-15}"

swift build -c release --static-swift-stdlib --product split >/dev/null
swift build -c release --static-swift-stdlib --product split-bench >/dev/null
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
split="$bin/split"
bench="$bin/split-bench"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SPLIT_DB="$work/bench.sqlite" HOME="$work" XDG_DATA_HOME="$work/data"

"$split" trip create "Bench Trip" --currency JPY >/dev/null
"$split" member add $(seq -f 'M%g' 1 20) >/dev/null
"$split" trip rate USD 150.25 >/dev/null
"$bench" generate 20 "$expenses" > "$work/expenses.jsonl"
start=$(date +%s%N)
"$split" add-expense --batch "$work/expenses.jsonl" >/dev/null
end=$(date +%s%N)
printf 'machine: %s cores, %s\n' "$(nproc)" "$(uname -m)"
printf 'import of %s expenses via --batch: %d ms, database %s\n' "$expenses" "$(( (end - start) / 1000000 ))" \
  "$(du -h "$SPLIT_DB" | cut -f1)"

measure() {
  printf '%-34s ' "$1"
  shift
  "$bench" measure "$runs" -- "$@"
}
measure "split --version" "$split" --version
measure "split settle" "$split" settle
measure "split settle --in JPY" "$split" settle --in JPY
measure "split balances" "$split" balances
measure "split expenses --json >/dev/null" "$split" expenses --json
measure "split add-expense (one)" "$split" add-expense Coffee 450 --paid-by M1
"$bench" settle-exact 20 31

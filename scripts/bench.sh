#!/usr/bin/env bash
# Benchmark figures for split (release build): a trip of 20 members and 100,000 mixed
# expenses, then median wall time and peak memory of the everyday commands; the same for a
# trip where 20% of the expenses have 2-3 payers, and one where 20% are itemized bills (with a
# 20-item add-expense); the HTML report and its size; settle and balances with you set, and a
# preference read; split friends over 50 trips of 2,000 expenses (a database of its own);
# and the exact settle planner at 20 non-zero balances. Prints figures; it asserts nothing.
#
#   scripts/bench.sh [EXPENSES] [RUNS]     # defaults: 100000 15
#   SPLIT_BENCH_SCRATCH=.build-release scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
expenses="${1:-100000}"
runs="${2:-15}"

# SPLIT_BENCH_SCRATCH: a build folder of its own (.build-NAME), so the release build does not
# wait on (or block) a debug build in .build.
scratch=()
[ -n "${SPLIT_BENCH_SCRATCH:-}" ] && scratch=(--scratch-path "$SPLIT_BENCH_SCRATCH")
swift build -c release --static-swift-stdlib "${scratch[@]}" --product split >/dev/null
swift build -c release --static-swift-stdlib "${scratch[@]}" --product split-bench >/dev/null
bin="$(swift build -c release --static-swift-stdlib "${scratch[@]}" --show-bin-path)"
split="$bin/split"
bench="$bin/split-bench"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SPLIT_DB="$work/bench.sqlite" HOME="$work" XDG_DATA_HOME="$work/data"

measure() {
  printf '%-34s ' "$1"
  shift
  "$bench" measure "$runs" -- "$@"
}

# An import leaves some 150 MB for the kernel to write back. Without a sync first, the
# commands measured next wait on that write-back in their own fsyncs, and the figure measures
# the import instead of the command.
settle_disk() { sync; }

# Makes trip NAME (JPY, members M1..M20, a USD rate) current and imports `split-bench
# generate 20 $expenses ARGS...` into it through FILE; import_ms is the import's wall time.
bench_trip() {
  local name=$1 file=$2 start end
  shift 2
  "$split" trip create "$name" --currency JPY >/dev/null
  "$split" member add $(seq -f 'M%g' 1 20) >/dev/null
  "$split" trip rate USD 150.25 >/dev/null
  "$bench" generate 20 "$expenses" "$@" > "$file"
  start=$(date +%s%N)
  "$split" add-expense --batch "$file" >/dev/null
  end=$(date +%s%N)
  import_ms=$(( (end - start) / 1000000 ))
  settle_disk
}

bench_trip "Bench Trip" "$work/expenses.jsonl"
printf 'machine: %s cores, %s\n' "$(nproc)" "$(uname -m)"
printf 'import of %s expenses via --batch: %d ms, database %s\n' "$expenses" "$import_ms" "$(du -h "$SPLIT_DB" | cut -f1)"
measure "split --version" "$split" --version
measure "split settle" "$split" settle
measure "split settle --in JPY" "$split" settle --in JPY
measure "split balances" "$split" balances
# The trip as one HTML page (target: at most 1.5 s and 5 MB): the charts and totals count every
# expense from grouped reads; the page lists the newest 500.
measure "split report --format html -o FILE" "$split" report --format html -o "$work/report.html"
printf 'report --format html of %s expenses: %d bytes\n' "$expenses" "$(wc -c < "$work/report.html")"
measure "split expenses --json >/dev/null" "$split" expenses --json
measure "split add-expense (one)" "$split" add-expense Coffee 450 --paid-by M1
measure "split add-expense (three payers)" "$split" add-expense Coffee 450 --paid-by M1,M2,M3

# You in the trip, and preferences read from the local copy: the same commands with M7 as
# you and a default category; reading a preference makes no request (the server address
# below has nothing listening, and a request would wait on its retries).
"$split" member me M7 >/dev/null
"$split" config set default.category Meal >/dev/null 2>&1
measure "split settle (you set)" "$split" settle
measure "split balances (you set)" "$split" balances
measure "split add-expense (you paid)" "$split" add-expense Coffee 450
measure "split config get default.category" env SPLIT_SERVER=http://127.0.0.1:9 SPLIT_TOKEN=x "$split" config get default.category
"$split" member me --clear >/dev/null

# The same trip size with 20% of the expenses paid by 2-3 members.
bench_trip "Bench Payers" "$work/payers.jsonl" 20
printf 'import of %s expenses, 20%% with 2-3 payers: %d ms\n' "$expenses" "$import_ms"
measure "split settle (20% several payers)" "$split" settle
measure "split settle --in JPY (20% ...)" "$split" settle --in JPY
measure "split balances (20% several payers)" "$split" balances

# The same trip size with 20% itemized bills (3-6 items, tax and tip in percent): balances
# and settle read the shares, so they should not notice the items.
bench_trip "Bench Items" "$work/items.jsonl" 0 20
printf 'import of %s expenses, 20%% itemized: %d ms\n' "$expenses" "$import_ms"
measure "split settle (20% itemized)" "$split" settle
measure "split balances (20% itemized)" "$split" balances
# One bill of 20 items against one plain expense, on this 100,000-expense trip.
items=()
for i in $(seq 1 20); do items+=(--item "Dish$i=$((100 + i * 37)):M$(( (i % 20) + 1 ))"); done
measure "split add-expense (plain)" "$split" add-expense Dinner 4500 --paid-by M1
measure "split add-expense (20 items)" "$split" add-expense Dinner --paid-by M1 "${items[@]}" --tax 8.875% --tip 18%
# The bill of 20 items shown by its id (a description would be looked up among all 100,000).
bill=$("$split" add-expense Dinner --paid-by M1 "${items[@]}" --tip 18% | sed -n 's/.* id \([0-9a-f]*\)$/\1/p')
measure "split expense show (20 items)" "$split" expense show "$bill"
# Friends across trips: 50 trips of 8 members and 2,000 expenses each, in a database of their
# own, with you (M1) found in each by me.name. split friends reads the balance totals of every
# trip in one read transaction, so its time should not grow with the expenses.
export SPLIT_DB="$work/friends.sqlite"
"$bench" generate 8 2000 > "$work/trip2000.jsonl"
for t in $(seq 1 50); do
  "$split" trip create "Friends $t" --currency JPY >/dev/null
  "$split" member add $(seq -f 'M%g' 1 8) >/dev/null
  "$split" add-expense --batch "$work/trip2000.jsonl" >/dev/null
done
"$split" config set me.name m1 >/dev/null
settle_disk
measure "split friends (50 trips x 2,000)" "$split" friends
measure "split friends --json (50 trips)" "$split" friends --json
measure "split settle --all --mine (50 trips)" "$split" settle --all --mine

"$bench" settle-exact 20 31

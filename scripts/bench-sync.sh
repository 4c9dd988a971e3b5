#!/usr/bin/env bash
# Sync benchmark for linked trips (issue 11). Not part of the test run.
#
#   scripts/bench-sync.sh [EXPENSES] [RUNS]     # defaults: 100000 15
#
# Builds split, split-server and split-bench in release mode, starts a throwaway PostgreSQL
# cluster and split-server on free 127.0.0.1 ports, and prints:
#   1. reads on a linked trip of EXPENSES expenses next to the same reads on a local-only copy
#      (the figures of scripts/bench.sh);
#   2. `split sync` with nothing to do (one request, process start included);
#   3. `split sync` pushing 1,000 expenses made offline;
#   4. `split sync` pulling 10 changes made on another device into the EXPENSES-expense trip;
#   5. `split trip pull` of a 10,000-expense cloud trip on a fresh device (3 runs);
#   6. the same pull of 10,000 expenses another client wrote with float shares, a third of
#      which split repairs on reading (3 runs): what reading other clients' data costs.
# Prints figures; it asserts nothing. Nothing leaves the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
. scripts/loopback-server.sh
expenses=${1:-100000}
runs=${2:-15}
split_require_packages libsqlite3-dev
[ -x /usr/lib/postgresql/15/bin/initdb ] || split_require_packages postgresql

echo "building split, split-server and split-bench (release)..." >&2
# SPLIT_BENCH_SCRATCH: a build folder of its own (.build-NAME), so a release build does not
# hold the lock of the debug .build other work is using.
scratch=()
[ -n "${SPLIT_BENCH_SCRATCH:-}" ] && scratch=(--scratch-path "$SPLIT_BENCH_SCRATCH")
swift build -c release --static-swift-stdlib "${scratch[@]}" --product split-server >&2
swift build -c release --static-swift-stdlib "${scratch[@]}" --product split >&2
swift build -c release --static-swift-stdlib "${scratch[@]}" --product split-bench >&2
bin=$(swift build -c release --static-swift-stdlib "${scratch[@]}" --show-bin-path)
split_start_loopback_server "$bin/split-server"

# Each device is a home of its own; all use the same account.
device() {
  local name=$1; shift
  HOME="$work/$name" XDG_DATA_HOME="$work/$name/data" XDG_CONFIG_HOME="$work/$name/config" "$bin/split" "$@"
}
as_device() {  # prints the env assignments for split-bench measure
  echo "HOME=$work/$1" "XDG_DATA_HOME=$work/$1/data" "XDG_CONFIG_HOME=$work/$1/config"
}
ms() { echo $(( ($2 - $1) / 1000000 )); }
now() { date +%s%N; }

echo "setting up (a ${expenses}-expense linked trip takes a while to push)..." >&2
printf 'bench-password-1\n' | device a register --server "$base" --email bench@example.com --name Bench --password-stdin >/dev/null
mkdir -p "$work/b" "$work/c" "$work/d"
for other in b c d; do cp -r "$work/a/config" "$work/$other/config"; done
device a trip create "Big" --currency JPY --cloud >/dev/null
device a member add $(seq -f 'M%g' 1 20) >/dev/null
"$bin/split-bench" generate 20 "$expenses" > "$work/big.jsonl"
device a --offline add-expense --batch "$work/big.jsonl" >/dev/null 2>&1
start=$(now); device a sync >/dev/null; end=$(now)
push_all=$(ms "$start" "$end")
# The same trip, local only, for the read comparison.
device a trip create "Local copy" --currency JPY --local >/dev/null
device a --trip "Local copy" member add $(seq -f 'M%g' 1 20) >/dev/null
device a --trip "Local copy" add-expense --batch "$work/big.jsonl" >/dev/null
device a trip use Big >/dev/null
start=$(now); device b trip pull Big >/dev/null; end=$(now)
pull_all=$(ms "$start" "$end")

printf 'machine: %s cores, %s; server and PostgreSQL on the same cores\n' "$(nproc)" "$(uname -m)"
printf 'setup: pushing the %s expenses of a linked trip took %d ms (%s batches); pulling them on a fresh device %d ms\n' \
  "$expenses" "$push_all" "$(( (expenses + 999) / 1000 ))" "$pull_all"

measure() {  # label, device, command...
  local label=$1 who=$2; shift 2
  printf '%-48s ' "$label"
  env $(as_device "$who") "$bin/split-bench" measure "$runs" -- "$bin/split" "$@"
}
echo "1. reads ($expenses expenses): linked trip, then the same trip local only"
measure "   split balances (linked)" a balances
measure "   split balances (local only)" a --trip "Local copy" balances
measure "   split settle (linked)" a settle
measure "   split settle (local only)" a --trip "Local copy" settle
measure "   split expenses --json (linked)" a expenses --json
measure "   split expenses --json (local only)" a --trip "Local copy" expenses --json
echo "2. nothing to do"
measure "   split sync (one request, 304)" a sync

echo "3. pushing 1,000 expenses made offline"
"$bin/split-bench" generate 20 1000 > "$work/thousand.jsonl"

times=()
for round in 1 2 3; do
  device b --offline add-expense --batch "$work/thousand.jsonl" >/dev/null 2>&1
  start=$(now); device b sync >/dev/null; end=$(now)
  times+=("$(ms "$start" "$end")")
done
printf '   split sync, 1,000 waiting: %s ms (3 runs)\n' "${times[*]}"

echo "4. pulling 10 changes made elsewhere into the $(( expenses + 3000 ))-expense trip"
device a sync >/dev/null
times=()
for round in $(seq 1 "$runs"); do
  for i in $(seq 1 10); do device b --offline add-expense "Pulled $round.$i" 100 --paid-by M1 >/dev/null 2>&1; done
  device b sync >/dev/null
  start=$(now); device a sync >/dev/null; end=$(now)
  times+=("$(ms "$start" "$end")")
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
printf '   split sync pulling 10: median %s ms, min %s ms, max %s ms (%s runs)\n' \
  "$(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")" "$(echo "$sorted" | head -1)" "$(echo "$sorted" | tail -1)" "$runs"

# A fresh device with the same account, for each first pull.
fresh() {
  mkdir -p "$work/$1"
  cp -r "$work/a/config" "$work/$1/config"
}
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
# first_pulls PREFIX TRIP: three first pulls of TRIP on fresh devices PREFIX1..3; sets `times`.
first_pulls() {
  times=()
  for round in 1 2 3; do
    fresh "$1$round"
    start=$(now); device "$1$round" trip pull "$2" >/dev/null; end=$(now)
    times+=("$(ms "$start" "$end")")
  done
}

echo "5. first pull of a 10,000-expense cloud trip"
"$bin/split-bench" generate 20 10000 > "$work/ten.jsonl"
for trip in Ten Floats; do
  device c trip create "$trip" --currency JPY --cloud >/dev/null
  device c --trip "$trip" member add $(seq -f 'M%g' 1 20) >/dev/null
  device c --trip "$trip" --offline add-expense --batch "$work/ten.jsonl" >/dev/null 2>&1
  device c sync --all >/dev/null
done
first_pulls d Ten
printf '   split trip pull (10,000 expenses by split, 10 pages): median %s ms (%s)\n' "$(median "${times[@]}")" "${times[*]}"

echo "6. first pull of 10,000 expenses with another client's float shares, a third repaired"
# As the iOS app leaves them: one share of every third expense a unit short (333.33 x 3 of
# 1000 reads as 333 x 3), written straight into the server's tables.
group=$(device c --trip Floats status --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["group"])')
psql "$database_url" -qc "UPDATE expense_splits s SET amount = s.amount - 1 FROM (
    SELECT DISTINCT ON (e.id) sp.id FROM expenses e JOIN expense_splits sp ON sp.expense_id = e.id
    WHERE e.group_id = '$group' AND sp.amount >= 1 AND abs(hashtext(e.id::text)) % 3 = 0
    ORDER BY e.id, sp.id) f WHERE s.id = f.id" >/dev/null
first_pulls e Floats
repaired=$(device e1 --trip Floats status --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["repaired"])')
printf '   split trip pull (10,000 expenses, %s repaired): median %s ms (%s)\n' "$repaired" "$(median "${times[@]}")" "${times[*]}"

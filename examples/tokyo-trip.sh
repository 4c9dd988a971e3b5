#!/usr/bin/env bash
# A first session with split in local mode: builds split, then runs a short Tokyo trip against
# a fresh SQLite file and ends with the settle-up plan.
#
# It builds the `split` product alone in the debug configuration, without the index store
# (which only editors read): the quickest way from a fresh clone to a first command, with no
# server stack and no optimizer. The README's install section makes the release binary.
#
#   examples/tokyo-trip.sh               # uses a new temporary database
#   SPLIT_DB=~/trip.sqlite examples/tokyo-trip.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
split_require_packages libsqlite3-dev

swift build --product split --disable-index-store
split="$(swift build --disable-index-store --show-bin-path)/split"
export SPLIT_DB="${SPLIT_DB:-$(mktemp -d)/tokyo.sqlite}"

run() { printf '\n$ split %s\n' "$*"; "$split" "$@"; }

run trip create "Tokyo Trip" --currency JPY
run member add Alex Bea Chen Dana
run add-expense "Dinner" 12000 --paid-by Alex --category Meal
run add-expense "Taxi" 3000 --paid-by Bea --among Bea,Chen --category Transport
run add-expense "Hotel" 40000 --paid-by Chen --exact Alex=10000,Bea=10000,Chen=20000 --category Hotel
run add-expense "Museum" 5000 --paid-by Dana --shares Alex=2,Bea=1,Chen=1,Dana=1 --category Tickets
run add-expense "Lunch" 10.50 --currency USD --paid-by Alex --percent Alex=50,Bea=25,Chen=25 --category Meal --note "ramen"
run add-expense "Ryokan" 60000 --paid-by Alex=40000,Bea=20000 --category Hotel
run trip rate USD 150.25
run pay Bea Alex 2000 --note "cash"
run expenses
run balances
run settle
run settle --in JPY
printf '\nThe trip lives in %s; point SPLIT_DB (or --db) there to keep going.\n' "$SPLIT_DB"

#!/usr/bin/env bash
# Import and export benchmark for `split` (issue 5). Not part of the test run.
#
#   scripts/bench-import.sh [TRIPS] [EXPENSES_PER_TRIP] [EXPORT_EXPENSES]
#
# 1. Builds an iOS-app database (budget_splitter_local.db, the app's own schema) with TRIPS
#    events of EXPENSES_PER_TRIP expenses each (default 20 × 5,000), four float splits per
#    expense, every tenth one needing a one-cent repair, plus paid marks; then times
#    `split import` of it into an empty database.
# 2. Imports a one-event database of EXPORT_EXPENSES expenses (default 100,000) and times
#    `split export --format json` of that trip to a file.
# Uses the release build with a static Swift runtime, as installed.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
split_require_packages libsqlite3-dev sqlite3
trips=${1:-20}
per_trip=${2:-5000}
export_count=${3:-100000}

. scripts/release-bin.sh
bin=$(split_release_bin split)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# make_app_db FILE EVENTS PER_EVENT
make_app_db() {
  local total=$(( $2 * $3 ))
  sqlite3 "$1" <<SQL
CREATE TABLE members(id TEXT, name TEXT, created_at TEXT, joined_at TEXT);
CREATE TABLE expenses(id TEXT, description TEXT, amount REAL, currency TEXT, category TEXT, paid_by_member_id TEXT,
  expense_date TEXT, created_at TEXT, payer_earned REAL NULL, event_id TEXT NULL);
CREATE TABLE expense_splits(id TEXT, expense_id TEXT, member_id TEXT, amount REAL);
CREATE TABLE events(id TEXT, name TEXT, created_at TEXT, ended_at TEXT, member_ids TEXT, currencies TEXT, members TEXT,
  main_currency TEXT, sub_currency TEXT, sub_currency_rate REAL, former_members TEXT);
CREATE TABLE key_value(key TEXT, value BLOB);
BEGIN;
INSERT INTO members VALUES ('m0','Alex','2025-01-01T00:00:00Z',NULL), ('m1','Bea','2025-01-01T00:00:00Z',NULL),
  ('m2','Chen','2025-01-01T00:00:00Z',NULL), ('m3','Dana','2025-01-01T00:00:00Z',NULL), ('m4','Eve','2025-01-01T00:00:00Z',NULL);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $2 - 1)
INSERT INTO events SELECT 'ev' || i, 'Trip ' || i, '2025-01-01T00:00:00Z', NULL, '["m0","m1","m2","m3","m4"]', '["USD","JPY"]',
  NULL, 'USD', 'JPY', 0.0067, NULL FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $total - 1)
INSERT INTO expenses SELECT 'x' || i, 'Expense ' || i,
  CASE WHEN i % 10 = 0 THEN 10.01 + (i % 500) ELSE 4.0 * (1 + i % 997) END,
  'USD', CASE i % 6 WHEN 0 THEN 'Meal' WHEN 1 THEN 'Transport' WHEN 2 THEN 'Hotel' WHEN 3 THEN 'Tickets' WHEN 4 THEN 'Shopping' ELSE 'Other' END,
  'm' || (i % 5), printf('2025-%02d-%02dT10:00:00Z', 1 + i % 12, 1 + i % 28), '2025-01-01T00:00:00Z', NULL, 'ev' || (i % $2) FROM n;
INSERT INTO expense_splits SELECT e.id || '-' || k.k, e.id, 'm' || ((CAST(substr(e.id, 2) AS INTEGER) + k.k) % 5), e.amount / 4.0
  FROM expenses e, (SELECT 0 AS k UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) k;
INSERT INTO key_value VALUES ('BudgetSplitter_paidExpenseMarks',
  (SELECT json_group_array(json_object('debtorId', 'm' || ((CAST(substr(id, 2) AS INTEGER) + 1) % 5), 'creditorId', paid_by_member_id, 'expenseId', id))
   FROM expenses WHERE CAST(substr(id, 2) AS INTEGER) % 7 = 0));
COMMIT;
SQL
}

seconds() { python3 -c 'import sys; print(f"{float(sys.argv[1]):.2f}")' "$1"; }
run_timed() {  # prints wall seconds of the command
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.2f}")' "$start" "$end"
}

echo "building the fixtures..." >&2
make_app_db "$work/budget_splitter_local.db" "$trips" "$per_trip"
make_app_db "$work/big.db" 1 "$export_count"

export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
mkdir -p "$HOME"
import_time=$(run_timed "$bin" import "$work/budget_splitter_local.db")
echo "import iOS database, $trips trips × $per_trip expenses ($(( trips * per_trip )) expenses, $(( trips * per_trip * 4 )) splits): ${import_time} s (target ≤ 5 s)"

export SPLIT_DB="$work/export.sqlite"
"$bin" import "$work/big.db" >/dev/null
export_time=$(run_timed "$bin" export --format json --trip "Trip 0" -o "$work/export.json")
size=$(du -h "$work/export.json" | cut -f1)
echo "export JSON of a $export_count-expense trip ($size): ${export_time} s (target ≤ 2 s)"

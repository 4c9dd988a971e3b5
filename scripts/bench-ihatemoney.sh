#!/usr/bin/env bash
# ihatemoney and Cospend import and export benchmark for `split` (issue 38). Prints, never asserts; not
# part of the test run.
#
#   scripts/bench-ihatemoney.sh [BILLS]
#
# 1. Writes an ihatemoney bills.json of BILLS bills (default 10,000): five members with
#    weights, float amounts, every fifth bill a Reimbursement; times `split import` of it into
#    an empty database (target ≤ 2 s).
# 2. Times `split export --format ihatemoney` and `--format ihatemoney-csv` of the trip that
#    import made, BILLS × 4/5 expenses and the payments (target ≤ 1 s each), and
#    `split export --format cospend` of it (target ≤ 1 s); then times importing that Cospend
#    file back. `scripts/bench-ihatemoney.sh 12500` gives a trip of 10,000 expenses.
# Uses the release build with a static Swift runtime, as installed; SPLIT_BIN overrides it.
set -euo pipefail
cd "$(dirname "$0")/.."
bills=${1:-10000}
. scripts/release-bin.sh
bin=$(split_release_bin split "${SPLIT_BIN:-}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$bills" > "$work/bench-bills.json" <<'PY'
import json, sys
names = ["Alex", "Bea", "Chen, Jr", "=Dana", "Eve"]
weights = [1.0, 2.0, 1.5, 1.0, 0.5]
bills = []
for i in range(int(sys.argv[1])):
    payer = i % 5
    owers = [names[(payer + k) % 5] for k in range(1 + i % 5)]
    bills.append({"what": f"Bill {i}", "bill_type": "Reimbursement" if i % 5 == 4 else "Expense",
                  "amount": round(1 + (i * 7919 % 100000) / 100, 2), "currency": "EUR",
                  "date": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}", "payer_name": names[payer],
                  "payer_weight": weights[payer], "owers": owers})
print(json.dumps(bills))
PY

run_timed() {  # prints wall seconds of the command
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.2f}")' "$start" "$end"
}

export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
mkdir -p "$HOME"
import_time=$(run_timed "$bin" import "$work/bench-bills.json")
echo "import ihatemoney bills.json of $bills bills: ${import_time} s (target ≤ 2 s)"
export_json=$(run_timed "$bin" export --format ihatemoney --trip bench -o "$work/out.json")
echo "export --format ihatemoney of that trip: ${export_json} s (target ≤ 1 s)"
export_csv=$(run_timed "$bin" export --format ihatemoney-csv --trip bench -o "$work/out.csv")
echo "export --format ihatemoney-csv of that trip: ${export_csv} s (target ≤ 1 s)"
export_cospend=$(run_timed "$bin" export --format cospend --trip bench -o "$work/bench-cospend.csv")
echo "export --format cospend of that trip: ${export_cospend} s (target ≤ 1 s)"
import_cospend=$(run_timed "$bin" import "$work/bench-cospend.csv")
echo "import of that Cospend file: ${import_cospend} s"

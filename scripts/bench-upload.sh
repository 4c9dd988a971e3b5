#!/usr/bin/env bash
# Upload benchmark for `split upload` (issue 4). Not part of the test run.
#
#   scripts/bench-upload.sh [EXPENSES]
#
# Builds split and split-server in release mode, starts a throwaway PostgreSQL cluster and the
# server on free 127.0.0.1 ports, makes two identical local trips of EXPENSES expenses
# (default 10,000: equal, exact, percent and shares splits in turn, JPY and USD) plus 20
# payments, and times:
#   1. `split upload` via from-local (one request for the whole trip);
#   2. `split upload --step-by-step` (one request per member, expense and payment).
# Each upload ends by reading the group back and verifying its balances; that is included in
# the times. Prints wall times and request counts. Nothing leaves the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
. scripts/loopback-server.sh
count=${1:-10000}
split_require_packages libsqlite3-dev
[ -x /usr/lib/postgresql/15/bin/initdb ] || split_require_packages postgresql
command -v python3 >/dev/null || { echo "bench-upload: python3 is needed to write the batch file" >&2; exit 1; }

echo "building split and split-server (release)..." >&2
swift build -c release --static-swift-stdlib --product split-server >&2
swift build -c release --static-swift-stdlib --product split >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)

split_start_loopback_server "$bin/split-server"

export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
split() { "$bin/split" "$@"; }
python3 - "$work/batch.jsonl" "$count" <<'PY'
import json, random, sys
path, count = sys.argv[1], int(sys.argv[2])
random.seed(4)
names = ["Alex", "Bea", "Chen", "Dana", "Eve", "Fay"]
with open(path, "w") as out:
    for i in range(count):
        usd = i % 3 == 2
        amount = random.randint(100, 25000) if usd else random.randint(500, 60000)
        line = {"description": f"Expense {i}", "amount": f"{amount / 100:.2f}" if usd else str(amount),
                "currency": "USD" if usd else "JPY", "paidBy": random.choice(names),
                "date": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}"}
        sharers = random.sample(names, random.randint(2, 6))
        mode = i % 4
        if mode == 0:
            line["among"] = sharers
        elif mode == 1:
            parts = [amount // len(sharers)] * len(sharers)
            parts[0] += amount - sum(parts)
            line["exact"] = {n: (f"{p / 100:.2f}" if usd else str(p)) for n, p in zip(sharers, parts)}
        elif mode == 2:
            share = [100 // len(sharers)] * len(sharers)
            share[0] += 100 - sum(share)
            line["percent"] = dict(zip(sharers, share))
        else:
            line["shares"] = {n: random.randint(1, 4) for n in sharers}
        out.write(json.dumps(line) + "\n")
PY
for trip in "Bench from-local" "Bench step-by-step"; do
  split trip create "$trip" --currency JPY >/dev/null
  split member add --trip "$trip" Alex Bea Chen Dana Eve Fay >/dev/null
  split add-expense --trip "$trip" --batch "$work/batch.jsonl" >/dev/null
  for i in $(seq 1 20); do split pay --trip "$trip" Bea Alex $((1000 + i)) >/dev/null; done
done
printf '%s\n' "bench-password" | split register --server "$base" --email bench@example.com --name Bench --password-stdin >/dev/null

# run LABEL ARGS...: times one upload and prints its figures from the JSON report.
run() {
  local label=$1; shift
  local start end
  start=$(date +%s.%N)
  split upload --json "$@" >"$work/report.json"
  end=$(date +%s.%N)
  python3 - "$label" "$start" "$end" "$work/report.json" <<'PY'
import json, sys
label, start, end, path = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
r = json.load(open(path))
print(f"{label:<14} {end - start:7.2f} s wall   {r['requests']:>6} requests   path {r['path']}   "
      f"{r['expenses']['created']} expenses, {r['payments']['created']} payments, {r['members']['created']} members   "
      f"verified {r['verified']}")
PY
}

echo "split upload of $count expenses + 20 payments to split-server at $base ($(nproc) cores shared by split, server and PostgreSQL)"
run "from-local" --trip "Bench from-local"
run "step-by-step" --trip "Bench step-by-step" --step-by-step
run "re-run" --trip "Bench step-by-step"

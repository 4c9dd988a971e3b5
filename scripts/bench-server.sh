#!/usr/bin/env bash
# Load benchmark of split-server on loopback, with wrk (Debian's package) as the load generator.
#
#   scripts/bench-server.sh [SECONDS] [CONNECTIONS] [quick]
#
# Builds split-server in release mode, starts a throwaway PostgreSQL cluster and the server on
# free 127.0.0.1 ports, seeds a 1,000-expense group through from-local, then measures:
#   0. GET /health/ready (target: under 5 ms), twenty checks on fresh connections
#   1. GET /api/groups/:gid/expenses of that group
#   1b. GET /s/:token, that group's read-only page (target: 500 req/s, p99 50 ms), after one
#      uncached render timed alone; the page's per-IP limit is lifted (SHARE_PAGE_LIMIT)
#   2. POST /api/expenses (a 3-way split each)
#   3. POST /api/groups/from-local with 1,000 expenses
#   4. GET …/changes with nothing new (the poll of a client that is up to date)
#   5. POST …/sync with 100 createExpense ops (fresh ids and opIds each time), one client
#   6. GET …/changes of the 10 latest changes in a 100,000-expense group, one client
# and prints requests per second, the mean and the 99th-percentile latency of each. Nothing
# leaves the machine. Not part of the test run: speed goals live here, never in tests.
# SPLIT_SERVER_BIN=PATH measures that split-server binary instead of building one; `quick`
# stops after 2 (the GET and POST figures), for alternating runs of two builds.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
. scripts/loopback-server.sh
seconds=${1:-10}
connections=${2:-32}
parts=${3:-all}
if ! command -v wrk >/dev/null; then split_require_packages wrk; fi
split_require_packages libsqlite3-dev
[ -x /usr/lib/postgresql/15/bin/initdb ] || split_require_packages postgresql
command -v python3 >/dev/null || { echo "bench-server: python3 is needed to build request bodies" >&2; exit 1; }

. scripts/release-bin.sh
server_bin=$(split_release_bin split-server "${SPLIT_SERVER_BIN:-}")

# wrk is one client: lift the read-only page's per-IP limit so it measures the page, not the 429.
export SHARE_PAGE_LIMIT=100000000
split_start_loopback_server "$server_bin"

# Account, and the request bodies (written by python3 to files the wrk scripts read).
token=$(curl -sf -X POST "$base/auth/register" -H 'Content-Type: application/json' \
  -d '{"email":"bench@example.com","password":"bench-password","displayName":"Bench"}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
members = [{"localId": f"m{i}", "name": f"Member {i}"} for i in range(1, 7)]
expenses = []
for i in range(1000):
    payer = members[i % 6]["localId"]
    share = [members[(i + k) % 6]["localId"] for k in range(3)]
    expenses.append({"localId": f"e{i}", "description": f"Expense {i}", "amount": 3000 + i * 3,
                     "currency": "JPY", "category": "Meal", "paidByLocalId": payer,
                     "expenseDate": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}",
                     "splits": [{"memberLocalId": m, "amount": 1000 + i, "isPaid": k == 0}
                                for k, m in enumerate(share)]})
open(f"{work}/from-local.json", "w").write(json.dumps({"name": "Bench trip", "members": members, "expenses": expenses}))
PY
seed=$(curl -sf -X POST "$base/api/groups/from-local" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' --data-binary "@$work/from-local.json")
group=$(echo "$seed" | python3 -c 'import json,sys; print(json.load(sys.stdin)["groupId"])')
read -r m1 m2 m3 < <(echo "$seed" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(*[m["id"] for m in d["members"][:3]])')
printf '{"groupId":"%s","description":"Taxi","amount":3000,"currency":"JPY","category":"Transport","paidByMemberId":"%s","expenseDate":"2025-01-20","splits":[{"memberId":"%s","amount":1000},{"memberId":"%s","amount":1000},{"memberId":"%s","amount":1000}]}' \
  "$group" "$m1" "$m1" "$m2" "$m3" >"$work/expense.json"
listed=$(curl -sf "$base/api/groups/$group/expenses" -H "Authorization: Bearer $token" | wc -c)
echo "seeded group $group: 1000 expenses, listing is $listed bytes" >&2

cat >"$work/post.lua" <<LUA
local f = io.open("$work/" .. os.getenv("BODY_FILE"), "rb")
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
LUA

run() { # label, wrk arguments...
  local label=$1; shift
  local out
  out=$(wrk --latency -d "${seconds}s" "$@")
  local rps p99
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  local errors
  errors=$(echo "$out" | awk '/Non-2xx/ {print $5}')
  local mean
  mean=$(echo "$out" | awk '$1 == "Latency" {print $2; exit}')
  printf '%-44s %10s req/s   mean %8s   p99 %8s   non-2xx %s\n' "$label" "$rps" "$mean" "$p99" "${errors:-0}"
}

echo "split-server at $base, wrk ${seconds}s per run, $(nproc) cores shared by wrk, server and PostgreSQL"
# Readiness, as a load balancer's health check sees it: a fresh connection each time, one check
# a second apart reaching the database (its answer is cached for 1 s) and the rest cached.
ready_times=()
for i in $(seq 1 20); do
  ready_times+=("$(curl -s -o /dev/null -w '%{time_total}' "$base/health/ready")")
  [ "$i" = 10 ] && sleep 1.1
done
printf '%s\n' "${ready_times[@]}" | sort -n | awk '{t[NR]=$1} END {printf "%-44s median %.2f ms   max %.2f ms (20 checks, one past the 1 s cache)\n", "GET /health/ready", t[int((NR+1)/2)]*1000, t[NR]*1000}'
run "GET expenses (1,000-expense group), c=$connections" -t2 -c"$connections" \
  -H "Authorization: Bearer $token" "$base/api/groups/$group/expenses"
# The read-only page of the same 1,000-expense group, before any POST below changes it.
share_path=$(curl -sf -X POST "$base/api/groups/$group/share" -H "Authorization: Bearer $token" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["path"])')
first=$(curl -sf "$base$share_path" -o "$work/page.html" -w '%{time_total}')
echo "read-only page: $(wc -c <"$work/page.html") bytes, first (uncached) render ${first}s" >&2
run "GET /s/:token (1,000-expense group), c=$connections" -t2 -c"$connections" "$base$share_path"
BODY_FILE=expense.json run "POST /api/expenses, c=$connections" -t2 -c"$connections" -s "$work/post.lua" "$base/api/expenses"
[ "$parts" = quick ] && exit 0
BODY_FILE=from-local.json run "POST from-local (1,000 expenses), c=4" -t2 -c4 -s "$work/post.lua" "$base/api/groups/from-local"

# The sync protocol. A Lua script builds each sync body with new UUIDs, so every request
# applies 100 new expenses instead of replaying the first request's stored results.
revision=$(curl -sf "$base/api/groups/$group/changes?since=0&limit=1" -H "Authorization: Bearer $token" -o /dev/null -D - |
  awk -F'"' 'tolower($1) ~ /^etag/ {print $2}')
run "GET changes, nothing new, c=$connections" -t2 -c"$connections" \
  -H "Authorization: Bearer $token" "$base/api/groups/$group/changes?since=$revision"

cat >"$work/sync.lua" <<LUA
math.randomseed(20261124)
local since
local function uuid()
  return string.format("%08x-%04x-4%03x-8%03x-%012x", math.random(0, 0x7fffffff), math.random(0, 0xffff),
    math.random(0, 0xfff), math.random(0, 0xfff), math.random(0, 0xffffffffffff))
end
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
request = function()
  local ops = {}
  for i = 1, 100 do
    ops[i] = '{"opId":"' .. uuid() .. '","type":"createExpense","data":{"id":"' .. uuid() ..
      '","description":"Offline ' .. i .. '","amount":3000,"currency":"JPY","category":"Meal","paidByMemberId":"$m1",' ..
      '"expenseDate":"2025-02-01","splits":[{"memberId":"$m1","amount":1000},{"memberId":"$m2","amount":1000},' ..
      '{"memberId":"$m3","amount":1000}]}}'
  end
  return wrk.format(nil, nil, nil, '{"since":' .. since .. ',"ops":[' .. table.concat(ops, ",") .. ']}')
end
-- Like a client, each sync asks for the changes since the revision the previous answer
-- reached (the highest revision in it), so every answer holds the 100 new expenses.
since = $revision
response = function(status, headers, body)
  for r in body:gmatch('"revision":(%d+)') do
    if tonumber(r) > since then since = tonumber(r) end
  end
end
LUA
run "POST sync, 100 createExpense ops, c=1" -t1 -c1 -s "$work/sync.lua" "$base/api/groups/$group/sync"

# A 100,000-expense group, filled through the sync endpoint 1,000 expenses at a time.
big=$(curl -sf -X POST "$base/api/groups" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"name":"Big"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["group"]["id"])')
bm=$(curl -sf -X POST "$base/api/groups/$big/members" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"name":"Payer"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["member"]["id"])')
python3 - "$work" "$bm" <<'PY'
import json, sys, uuid
work, member = sys.argv[1], sys.argv[2]
for batch in range(100):
    ops = [{"opId": str(uuid.uuid4()), "type": "createExpense",
            "data": {"id": str(uuid.uuid4()), "description": f"Expense {batch}-{i}", "amount": 100 + i,
                     "currency": "JPY", "category": "Other", "paidByMemberId": member, "expenseDate": "2025-03-01",
                     "splits": [{"memberId": member, "amount": 100 + i}]}} for i in range(1000)]
    open(f"{work}/big-{batch}.json", "w").write(json.dumps({"since": 0, "ops": ops}))
PY
echo "filling a 100,000-expense group..." >&2
for batch in $(seq 0 99); do
  curl -sf -X POST "$base/api/groups/$big/sync" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data-binary "@$work/big-$batch.json" -o /dev/null
  # Keep the answers small: later batches ask only for what is new since the group's revision.
  sed -i "s/\"since\": 0/\"since\": $((batch + 3))/" "$work/big-$((batch + 1)).json" 2>/dev/null || true
done
for i in $(seq 1 10); do
  curl -sf -X POST "$base/api/expenses" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "{\"groupId\":\"$big\",\"amount\":$i,\"currency\":\"JPY\",\"category\":\"Meal\",\"paidByMemberId\":\"$bm\",\"expenseDate\":\"2025-03-02\",\"splits\":[{\"memberId\":\"$bm\",\"amount\":$i}]}" -o /dev/null
done
head_revision=$(curl -sf "$base/api/groups/$big/changes?since=0&limit=1" -H "Authorization: Bearer $token" -o /dev/null -D - |
  awk -F'"' 'tolower($1) ~ /^etag/ {print $2}')
count=$(curl -sf "$base/api/groups/$big/changes?since=$((head_revision - 10))" -H "Authorization: Bearer $token" |
  python3 -c 'import json,sys; print(len(json.load(sys.stdin)["expenses"]))')
echo "big group at revision $head_revision; the last 10 revisions hold $count expenses" >&2
run "GET changes, 10 of 100,000 expenses, c=1" -t1 -c1 \
  -H "Authorization: Bearer $token" "$base/api/groups/$big/changes?since=$((head_revision - 10))"

#!/usr/bin/env bash
# Holds split-server to its contract with schemathesis, a fuzzer no one here wrote.
#
#   scripts/fuzz-server.sh [EXAMPLES [SEED]]
#
# Installs schemathesis (pinned) from PyPI into a virtualenv under .build-venv/ (git-ignored),
# builds split-server (debug, shared with `swift build --build-tests`), starts it on a free
# 127.0.0.1 port on a fresh database, registers a user for a token, and runs schemathesis over
# every operation of openapi.yaml except /auth/logout (which would revoke that token), with the
# checks below, in the examples, coverage and fuzzing phases. Exits non-zero on any failure.
#
# The database: a new one in the cluster of SPLIT_TEST_DATABASE_URL when scripts/test.sh set
# it, else a throwaway cluster of scripts/pg-cluster.sh. Either is removed at exit.
#
# Defaults (about a minute on two cores): 60 examples per operation, seed 20261123. A deeper
# run, as issue 12 asks: scripts/fuzz-server.sh 200 "$RANDOM$RANDOM".
set -euo pipefail
cd "$(dirname "$0")/.."

schemathesis_version=4.32.5
examples=${1:-${FUZZ_EXAMPLES:-60}}
seed=${2:-${FUZZ_SEED:-20261123}}
# The contract; found where it is, so moving it between targets needs no edit here.
spec=${SPLIT_OPENAPI_SPEC:-$(ls Sources/*/openapi.yaml 2>/dev/null | head -n 1)}
[ -f "$spec" ] || { echo "fuzz-server: no openapi.yaml under Sources/*/" >&2; exit 1; }
spec=$(cd "$(dirname "$spec")" && pwd)/$(basename "$spec")
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
pg_bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
psql=$pg_bin/psql
[ -x "$psql" ] || psql=psql

venv=.build-venv/schemathesis-$schemathesis_version
if [ ! -x "$venv/bin/schemathesis" ]; then
  echo "fuzz-server: installing schemathesis $schemathesis_version into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$schemathesis_version"
fi

# The same build as scripts/test.sh's (with tests): a product-only build uses other flags and
# would recompile half the dependencies, then the next test build would recompile them back.
echo "fuzz-server: building split-server (debug)" >&2
swift build --build-tests >&2
server_bin=$(swift build --show-bin-path)/split-server

work=$(mktemp -d)
# As root, the cluster runs as the postgres user, who must reach $work/pg.
chmod 755 "$work"
server_pid=
database=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ -n "$database" ]; then "$psql" -q "$SPLIT_TEST_DATABASE_URL" -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true; fi
  [ -d "$work/pg" ] && scripts/pg-cluster.sh stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "${SPLIT_TEST_DATABASE_URL:-}" ]; then
  database=fuzz_$$_$RANDOM
  "$psql" -q "$SPLIT_TEST_DATABASE_URL" -c "CREATE DATABASE $database" >/dev/null
  # The same URL with the new database's name; a ?query (sslmode) is kept.
  address=${SPLIT_TEST_DATABASE_URL%%\?*}
  url=${address%/*}/$database${SPLIT_TEST_DATABASE_URL#"$address"}
else
  mkdir -p "$work/pg"
  url=$(scripts/pg-cluster.sh start "$work/pg")
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
DATABASE_URL="$url" HOST=127.0.0.1 PORT=$port LOG_LEVEL=error "$server_bin" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 150); do
  curl -sf "$base/api/ping" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if ! curl -sf "$base/api/ping" >/dev/null 2>&1; then
  echo "fuzz-server: split-server did not start; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi

token=$(curl -sf -X POST "$base/auth/register" -H 'Content-Type: application/json' \
  -d '{"email":"fuzz@example.com","password":"fuzz-password","displayName":"Fuzz"}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

# A trip whose ids schemathesis puts in every path, so operations reach their handlers'
# logic instead of answering 404 for random UUIDs: a group, two members, an expense and a split.
python3 - "$base" "$token" "$work/schemathesis.toml" <<'PY'
import json, sys, urllib.request
base, token, config = sys.argv[1:]
def call(method, path, body=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)
group = call("POST", "/api/groups", {"name": "Fuzz trip"})["group"]["id"]
alex = call("POST", f"/api/groups/{group}/members", {"name": "Alex"})["member"]["id"]
bea = call("POST", f"/api/groups/{group}/members", {"name": "Bea"})["member"]["id"]
expense = call("POST", "/api/expenses", {"groupId": group, "description": "Dinner", "amount": 300, "currency": "JPY",
                                         "category": "Meal", "paidByMemberId": alex, "expenseDate": "2025-01-20",
                                         "splits": [{"memberId": alex, "amount": 150}, {"memberId": bea, "amount": 150}]})["expenseId"]
split = call("GET", f"/api/groups/{group}/expenses")["expenses"][0]["splits"][0]["id"]
with open(config, "w") as out:
    out.write("[parameters]\n")
    for name, value in [("groupId", group), ("memberId", bea), ("expenseId", expense), ("splitId", split)]:
        out.write(f'"path.{name}" = "{value}"\n')
PY

echo "fuzz-server: schemathesis $schemathesis_version on $spec, $examples examples per operation, seed $seed" >&2
status=0
# From the work folder: schemathesis keeps its reports and example database in the current one.
root=$(pwd)
(cd "$work" && "$root/$venv/bin/schemathesis" --no-color --config-file "$work/schemathesis.toml" run "$spec" --url "$base" \
  --header "Authorization: Bearer $token" \
  --checks "$checks" --phases examples,coverage,fuzzing \
  --max-examples "$examples" --seed "$seed" --workers 1 \
  --exclude-path /auth/logout) || status=$?
if [ "$status" -ne 0 ]; then
  echo "fuzz-server: schemathesis reported failures (exit $status); split-server's log:" >&2
  tail -n 50 "$work/server.log" >&2
  exit 1
fi

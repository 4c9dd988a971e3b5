# Sourced by the benchmarks: a throwaway PostgreSQL cluster and split-server on free 127.0.0.1
# ports, both stopped and deleted when the script exits, however it exits.
#
#   split_start_loopback_server SERVER_BIN
#
# Sets `work` (a temporary folder, deleted at exit), `server_pid`, `base` (the server's URL) and
# `database_url` (its PostgreSQL, for writing what another client would have written).
split_start_loopback_server() {
  local server_bin=$1
  work=$(mktemp -d)
  chmod 755 "$work"
  server_pid=
  trap split_stop_loopback_server EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  mkdir -p "$work/pg"
  local url port
  url=$(scripts/pg-cluster.sh start "$work/pg")
  database_url=$url
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  DATABASE_URL="$url" HOST=127.0.0.1 PORT=$port LOG_LEVEL=error "$server_bin" >"$work/server.log" 2>&1 &
  server_pid=$!
  base="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do
    curl -sf "$base/api/ping" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "split-server did not start; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
}

split_stop_loopback_server() {
  [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
  scripts/pg-cluster.sh stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}

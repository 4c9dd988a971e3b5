#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the server tests.
#
#   scripts/pg-cluster.sh start DIR   creates a cluster under DIR, starts it on a free loopback
#                                     port and prints exactly one line to stdout:
#                                       postgres://postgres@127.0.0.1:PORT/postgres
#   scripts/pg-cluster.sh stop DIR    stops that cluster (fine if it is already down) and removes DIR.
#   scripts/pg-cluster.sh halt DIR [fast|immediate]
#                                     stops that cluster's server, keeping DIR (an outage, for the
#                                     tests of split-server while PostgreSQL is away)
#   scripts/pg-cluster.sh resume DIR  starts it again on the same port and waits until it answers.
#
# Everything else goes to stderr or to DIR/postgres.log. The cluster trusts every local
# connection (no password), listens on 127.0.0.1 only, keeps its unix socket inside DIR, and
# trades durability for speed (fsync off): it is for tests, never for data worth keeping.
# Autovacuum is off too: every test makes a database of its own, used for seconds, and the
# launcher would otherwise keep visiting hundreds of them while the tests run.
#
# The binaries come from /usr/lib/postgresql/15/bin (Debian's postgresql-15), or from $PG_BIN.
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user via runuser,
# and DIR is handed to that user; otherwise it runs as the current user.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
# Attempts at finding a port nobody else grabs between our probe and the server's bind.
MAX_PORT_ATTEMPTS=10
# Seconds to wait for the server to accept connections.
READY_TIMEOUT=60

usage() {
  echo "usage: $0 start DIR | stop DIR | halt DIR [fast|immediate] | resume DIR" >&2
  exit 2
}

die() {
  echo "pg-cluster: $*" >&2
  exit 1
}

# Runs a PostgreSQL binary as the user that owns the cluster: `postgres` when we are root, else us.
# The working directory is DIR, so the postgres user never trips over an unreadable cwd (/root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$dir" && runuser -u postgres -- "$@")
  else
    (cd "$dir" && "$@")
  fi
}

# Runs "$@" without the descriptors this script inherited beyond 0-2: the PostgreSQL server
# pg_ctl starts would keep them open for its whole life, and a caller waiting for them to
# close (a pipe it reads, or the socket by which Foundation's Process notices an exit) would
# wait until the cluster stops.
without_inherited_fds() {
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    "$@"
  )
}

# Prints a loopback TCP port that is free right now. Prefers asking the kernel (bind to port 0);
# without python3 it falls back to a random port in 20000-59999 that refuses connections.
# Either way another process may take it before the server binds, so start_cluster retries.
pick_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()'
    return
  fi
  local port
  while :; do
    port=$((20000 + RANDOM % 40000))
    # A successful connect means someone is listening there; try another port.
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
}

start_cluster() {
  [ -x "$PG_BIN/initdb" ] || die "no initdb in $PG_BIN (install the Debian package postgresql, or set PG_BIN)"
  # The socket path and the data dir travel inside pg_ctl's -o string, which a shell splits.
  case "$dir" in
    *[[:space:]\'\"\\\$\`]*) die "DIR must not contain spaces, quotes or shell characters: $dir" ;;
  esac

  mkdir -p "$dir"
  # Marks DIR as ours, so `stop` only ever deletes a directory this script set up.
  : >"$dir/.pg-cluster"
  mkdir -p "$dir/data" "$dir/sock"
  : >"$dir/postgres.log"
  if [ "$(id -u)" -eq 0 ]; then
    getent passwd postgres >/dev/null || die "running as root needs a 'postgres' user (the postgresql package creates it)"
    # mktemp -d makes DIR 0700 root-owned; the postgres user must own it and get into it.
    chown -R postgres: "$dir"
    chmod 755 "$dir"
    runuser -u postgres -- test -x "$dir" -a -w "$dir/data" ||
      die "the postgres user cannot reach $dir (is a parent directory closed to others? try TMPDIR=/tmp)"
  fi
  # initdb wants an empty data dir with no group or world access.
  chmod 700 "$dir/data"

  if ! as_owner "$PG_BIN/initdb" --pgdata="$dir/data" --auth=trust --username=postgres \
    -E UTF8 --locale=C >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    die "initdb failed"
  fi

  local attempt port log_size
  for attempt in $(seq 1 "$MAX_PORT_ATTEMPTS"); do
    port=$(pick_port)
    log_size=$(wc -c <"$dir/postgres.log")
    # -w waits until the server accepts connections (or gives up after -t seconds).
    if without_inherited_fds as_owner "$PG_BIN/pg_ctl" start -w -t "$READY_TIMEOUT" -D "$dir/data" -l "$dir/postgres.log" \
      -o "$(server_options "$port")" \
      >&2; then
      break
    fi
    # Only this attempt's part of the log: did it fail because the port was taken?
    if tail -c +"$((log_size + 1))" "$dir/postgres.log" |
      grep -qiE 'could not bind|address already in use|could not create any TCP/IP sockets'; then
      echo "pg-cluster: port $port was taken, trying another (attempt $attempt of $MAX_PORT_ATTEMPTS)" >&2
      continue
    fi
    tail -n 20 "$dir/postgres.log" >&2
    die "pg_ctl start failed (log: $dir/postgres.log)"
  done
  [ -f "$dir/data/postmaster.pid" ] || die "no free port found after $MAX_PORT_ATTEMPTS attempts"

  # pg_ctl -w already waited; this confirms the TCP listener the tests will use answers.
  local waited=0
  until "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$port" -d postgres -U postgres; do
    waited=$((waited + 1))
    [ "$waited" -lt "$READY_TIMEOUT" ] || die "server not ready on 127.0.0.1:$port after ${READY_TIMEOUT}s"
    sleep 1
  done

  echo "$port" >"$dir/port"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

stop_cluster() {
  [ -d "$dir" ] || return 0
  if [ -f "$dir/data/postmaster.pid" ] && [ -x "$PG_BIN/pg_ctl" ]; then
    # Immediate: no checkpoint, the data is thrown away anyway. A cluster that is already down
    # (stale or missing pid file) makes pg_ctl fail, which is fine here.
    as_owner "$PG_BIN/pg_ctl" stop -w -t 15 -m immediate -D "$dir/data" >&2 || true
  fi
  # Never delete a directory this script did not set up (a wrong argument must not cost data).
  if [ -f "$dir/.pg-cluster" ]; then
    rm -rf "$dir"
  else
    rmdir "$dir" 2>/dev/null || echo "pg-cluster: $dir was not made by this script; left in place" >&2
  fi
}

[ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$1" = halt ]; } || usage
command=$1
[ -n "$2" ] || usage
# Absolute, so the socket path and pg_ctl's -D do not depend on the working directory.
case "$2" in
  /*) dir=$2 ;;
  *) dir=$PWD/$2 ;;
esac
dir=${dir%/}

# The options of every start: the same port (from DIR/port) and settings as the first.
server_options() {
  echo "-p $1 -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir/sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c autovacuum=off -c max_connections=200"
}

halt_server() {
  as_owner "$PG_BIN/pg_ctl" stop -w -t 30 -m "${mode:-fast}" -D "$dir/data" >&2
}

resume_server() {
  local port
  port=$(cat "$dir/port")
  without_inherited_fds as_owner "$PG_BIN/pg_ctl" start -w -t "$READY_TIMEOUT" -D "$dir/data" -l "$dir/postgres.log" -o "$(server_options "$port")" >&2
}

mode=${3:-}
case "$command" in
  start) start_cluster ;;
  stop) stop_cluster ;;
  halt) halt_server ;;
  resume) resume_server ;;
  *) usage ;;
esac

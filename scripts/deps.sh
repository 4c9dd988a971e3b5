# Sourced by the project's scripts: makes sure the Debian packages split needs are present.
# As root it installs them with apt-get; otherwise it prints the exact command and stops.
# libsqlite3-dev: GRDB links the system SQLite. sqlite3: the CLI tests craft foreign files with it.
# postgresql (test.sh, only when no SPLIT_TEST_DATABASE_URL is given): the server tests run a
# throwaway cluster from /usr/lib/postgresql/15/bin.
split_require_packages() {
  local missing=()
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "installing ${missing[*]} ..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "split needs: ${missing[*]}. Install them with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}

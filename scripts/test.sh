#!/usr/bin/env bash
# Runs every test (Swift Testing): the domain core, the SQLite store, and the `split` binary
# end to end. Installs what is missing first (as root), or prints the command to do it.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
split_require_packages libsqlite3-dev sqlite3
swift build --build-tests
swift test

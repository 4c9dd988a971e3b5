#!/usr/bin/env bash
# Builds Debian packages with dpkg-deb:
#   split_VERSION_ARCH.deb         /usr/bin/split, a man page for split and each of its commands,
#                                  bash, zsh and fish completions, README and licence notes
#   split-server_VERSION_ARCH.deb  /usr/bin/split-server, its man page, a systemd unit that runs it
#                                  as the system user split-server (made by postinst) with the
#                                  settings of /etc/split-server/env (a conffile: DATABASE_URL,
#                                  HOST=127.0.0.1, PORT), README and licence notes
#
#   scripts/package-deb.sh [--output DIR] [--only split|split-server] [--scratch-path DIR]
#   scripts/package-deb.sh --binary PATH --server-binary PATH [--output DIR]   # no build
#
# Packages go to dist/ (or --output DIR), compressed with xz (--compression gzip or none is
# quicker: the tests package a debug build with none).
#
# Without --binary / --server-binary it builds that program with `swift build -c release
# --static-swift-stdlib`. split-manual (which writes the man pages) is taken from the folder of
# the split binary. The version is what `split --version` says; the architecture dpkg's.
# Needs dpkg-dev (dpkg-shlibdeps finds the libraries the binaries link). Every bad input is one
# line on stderr and a non-zero exit.
set -euo pipefail

me="package-deb.sh"
usage="usage: scripts/package-deb.sh [--output DIR] [--only split|split-server] [--binary PATH] [--server-binary PATH] [--scratch-path DIR] [--compression xz|gzip|none]"
fail() { # code message
  echo "$me: error: $2" >&2
  exit "$1"
}

output=dist
only=""
binary=""
server_binary=""
scratch=""
compression=xz
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) echo "$usage"; exit 0 ;;
    --output|--only|--binary|--server-binary|--scratch-path|--compression)
      [ $# -ge 2 ] && [ -n "$2" ] && [ "${2#--}" = "$2" ] || fail 64 "$1 needs a value ($usage)"
      case "$1" in
        --output) output="$2" ;;
        --only) only="$2" ;;
        --binary) binary="$2" ;;
        --server-binary) server_binary="$2" ;;
        --scratch-path) scratch="$2" ;;
        --compression) compression="$2" ;;
      esac
      shift 2 ;;
    *) fail 64 "unknown option '$1' ($usage)" ;;
  esac
done
case "$only" in ""|split|split-server) ;; *) fail 64 "--only '$only' is not split or split-server" ;; esac
case "$compression" in xz|gzip|none) ;; *) fail 64 "--compression '$compression' is not xz, gzip or none" ;; esac
want_client=true; want_server=true
[ "$only" = split ] && want_server=false
[ "$only" = split-server ] && want_client=false
# Paths given relative to where we were run.
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
output="$(absolute "$output")"
[ -n "$binary" ] && binary="$(absolute "$binary")"
[ -n "$server_binary" ] && server_binary="$(absolute "$server_binary")"
if [ -e "$output" ] && [ ! -d "$output" ]; then fail 73 "--output '$output' is not a folder"; fi

for tool in dpkg-deb dpkg-shlibdeps dpkg gzip md5sum; do
  command -v "$tool" >/dev/null 2>&1 || fail 69 "$tool is not installed (apt-get install dpkg-dev)"
done

cd "$(dirname "$0")/.."
root="$(pwd)"

# Builds what was not given: split (and split-manual) for either package, split-server for its own.
if { [ -z "$binary" ]; } || { $want_server && [ -z "$server_binary" ]; }; then
  command -v swift >/dev/null 2>&1 || fail 69 "swift is not on PATH; install Swift 6.1 or newer, or give --binary and --server-binary"
  build=(swift build -c release --static-swift-stdlib)
  [ -n "$scratch" ] && build+=(--scratch-path "$scratch")
  bin_dir="$("${build[@]}" --show-bin-path)"
  if [ -z "$binary" ]; then
    echo "building split (release) ..." >&2
    "${build[@]}" --product split >&2
    "${build[@]}" --product split-manual >&2
    binary="$bin_dir/split"
  fi
  if $want_server && [ -z "$server_binary" ]; then
    echo "building split-server (release) ..." >&2
    "${build[@]}" --product split-server >&2
    server_binary="$bin_dir/split-server"
  fi
fi
[ -f "$binary" ] && [ -x "$binary" ] || fail 66 "'$binary' is not an executable file"
version="$("$binary" --version 2>/dev/null </dev/null)" || fail 65 "'$binary' does not run as split (split --version failed)"
version="${version%%$'\n'*}"
case "$version" in "split "[0-9]*) version="${version#split }" ;; *) fail 65 "'$binary' is not split (its --version says '$version')" ;; esac
manual_tool="$(dirname "$binary")/split-manual"
[ -f "$manual_tool" ] && [ -x "$manual_tool" ] || fail 66 "no split-manual beside '$binary' (build it with: swift build --product split-manual)"
if $want_server; then
  [ -f "$server_binary" ] && [ -x "$server_binary" ] || fail 66 "'$server_binary' is not an executable file"
  "$server_binary" --help 2>/dev/null | grep -q "split-server" || fail 65 "'$server_binary' is not split-server"
fi
arch="$(dpkg --print-architecture)"
maintainer="${DEBFULLNAME:-split maintainers} <${DEBEMAIL:-split@localhost}>"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$output"

# The Swift packages of the build a binary came from: its scratch folder's checkouts.
checkouts_of() {
  local directory
  directory="$(cd "$(dirname "$1")" && pwd -P)"
  for _ in 1 2 3 4; do
    [ -d "$directory/checkouts" ] && { echo "$directory/checkouts"; return; }
    directory="$(dirname "$directory")"
  done
}

# usr/share/doc/PACKAGE/copyright: split's own status, then the licence of each part linked in.
write_copyright() { # file binary
  local file="$1" checkouts license swift_license package
  {
    echo "$2 $version"
    echo
    echo "split's source carries no licence file of its own; ask its authors before"
    echo "redistributing it. The binary links the Swift standard library and Foundation"
    echo "(Apache License 2.0 with Runtime Library Exception) and Swift packages that the"
    echo "build resolved; the licence of each of those packages follows (a package used"
    echo "only by the tests, by the build or by the other program is listed too)."
    swift_license="$(command -v swift >/dev/null 2>&1 && dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/share/swift/LICENSE.txt"
    if [ -f "$swift_license" ]; then
      echo
      echo "==== Swift (standard library, Foundation) ===="
      echo
      cat "$swift_license"
    fi
    checkouts="$(checkouts_of "$3")"
    if [ -n "$checkouts" ]; then
      for package in "$checkouts"/*/; do
        license="$(find "$package" -maxdepth 1 -type f \( -iname 'LICENSE*' -o -iname 'LICENCE*' -o -iname 'COPYING*' \) | LC_ALL=C sort | head -n 1)"
        [ -n "$license" ] || continue
        echo
        echo "==== $(basename "$package") ===="
        echo
        cat "$license"
      done
    else
      echo
      echo "(The build's package checkouts were not found beside the binary, so the packages'"
      echo "licences are not listed here.)"
    fi
  } > "$file"
}

# The Depends of these binaries, from dpkg-shlibdeps (it needs a debian/control to read).
shlib_depends() { # binary...
  local control="$work/shlibs" line
  mkdir -p "$control/debian"
  printf 'Source: split\n\nPackage: split\nArchitecture: any\n' > "$control/debian/control"
  line="$(cd "$control" && dpkg-shlibdeps -O --ignore-missing-info "$@" 2>"$work/shlibdeps.err")" \
    || fail 70 "dpkg-shlibdeps failed: $(head -n 1 "$work/shlibdeps.err")"
  echo "${line#shlibs:Depends=}"
}

# A debug build links the Swift runtime from the toolchain; its package runs only beside that.
warn_dynamic_runtime() {
  if ldd "$1" 2>/dev/null | grep -q 'libswiftCore\.so'; then
    echo "$me: warning: $(basename "$1") links the Swift runtime dynamically (not a --static-swift-stdlib build); its package works only where that runtime is installed at the same path" >&2
  fi
}

# The man pages of a binary, gzipped as Debian ships them.
write_man_pages() { # binary folder
  "$1" --experimental-dump-help > "$work/help.json" || fail 70 "$1 --experimental-dump-help failed"
  "$manual_tool" --output "$2" --source "$(basename "$1") $version" "$work/help.json" >/dev/null
  gzip -9n "$2"/*.1
}

# DEBIAN/md5sums, Installed-Size, and the package itself.
finish_package() { # stage name depends description-lines...
  local stage="$1" name="$2" depends="$3" size deb
  shift 3
  (cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
  size="$(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
  {
    echo "Package: $name"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $size"
    [ -n "$depends" ] && echo "Depends: $depends"
    echo "Section: utils"
    echo "Priority: optional"
    printf 'Description: %s\n' "$1"
    shift
    local line
    for line in "$@"; do
      if [ -z "$line" ]; then echo " ."; else echo " $line"; fi
    done
  } > "$stage/DEBIAN/control"
  deb="$output/${name}_${version}_${arch}.deb"
  dpkg-deb --root-owner-group "-Z$compression" --build "$stage" "$deb" >/dev/null
  echo "$deb"
}

doc_files() { # stage package binary
  local doc="$1/usr/share/doc/$2"
  mkdir -p "$doc"
  gzip -9nc "$root/README.md" > "$doc/README.md.gz"
  write_copyright "$doc/copyright" "$2" "$3"
}

if $want_client; then
  stage="$work/split"
  mkdir -p "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/man/man1" "$stage/usr/share/bash-completion/completions" \
    "$stage/usr/share/zsh/vendor-completions" "$stage/usr/share/fish/vendor_completions.d"
  install -m 0755 "$binary" "$stage/usr/bin/split"
  warn_dynamic_runtime "$binary"
  write_man_pages "$binary" "$stage/usr/share/man/man1"
  "$binary" --generate-completion-script bash > "$stage/usr/share/bash-completion/completions/split"
  "$binary" --generate-completion-script zsh > "$stage/usr/share/zsh/vendor-completions/_split"
  "$binary" --generate-completion-script fish > "$stage/usr/share/fish/vendor_completions.d/split.fish"
  doc_files "$stage" split "$binary"
  finish_package "$stage" split "$(shlib_depends "$stage/usr/bin/split")" \
    "expense splitter for trips, settling up with the fewest transfers" \
    "split records who paid for what and how each expense is shared, then shows" \
    "balances and a settle-up plan with the fewest possible transfers. Every trip" \
    "lives in one SQLite file; a trip linked to a split-server syncs between devices."
fi

if $want_server; then
  stage="$work/split-server"
  mkdir -p "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/man/man1" "$stage/usr/lib/systemd/system" "$stage/etc/split-server"
  install -m 0755 "$server_binary" "$stage/usr/bin/split-server"
  warn_dynamic_runtime "$server_binary"
  write_man_pages "$server_binary" "$stage/usr/share/man/man1"
  install -m 0644 "$root/scripts/deb/split-server.service" "$stage/usr/lib/systemd/system/split-server.service"
  install -m 0640 "$root/scripts/deb/split-server.env" "$stage/etc/split-server/env"
  echo /etc/split-server/env > "$stage/DEBIAN/conffiles"
  for script in postinst prerm postrm; do
    install -m 0755 "$root/scripts/deb/split-server.$script" "$stage/DEBIAN/$script"
  done
  doc_files "$stage" split-server "$server_binary"
  depends="$(shlib_depends "$stage/usr/bin/split-server")"
  finish_package "$stage" split-server "adduser${depends:+, $depends}" \
    "split cloud server (the budget_splitter_web API on PostgreSQL)" \
    "split-server keeps trips shared between split clients in PostgreSQL. The" \
    "split-server.service unit runs it as the system user split-server with the" \
    "settings of /etc/split-server/env (DATABASE_URL; it listens on 127.0.0.1:3012" \
    "unless HOST and PORT say otherwise). It is not started until enabled."
fi

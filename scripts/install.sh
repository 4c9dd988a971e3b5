#!/usr/bin/env bash
# Installs split under a prefix: the binary, a man page for split and for each of its
# commands (made from its ArgumentParser definitions by split-manual), and its bash, zsh and fish
# completions where those shells look under the prefix. A manifest of what it wrote (and of the
# folders it made) stays under the prefix, so --uninstall removes exactly that.
#
#   scripts/install.sh [--prefix DIR]               # release build, then install (default /usr/local)
#   scripts/install.sh --uninstall [--prefix DIR]
#   scripts/install.sh --binary PATH [--prefix DIR] # install a split already built (split-manual
#                                                   # is taken from the same folder); no build
#
# Builds with `swift build -c release --static-swift-stdlib` (in .build, or --scratch-path DIR).
# Every bad input is one line on stderr and a non-zero exit; nothing is written then.
set -euo pipefail

me="install.sh"
usage="usage: scripts/install.sh [--prefix DIR] [--binary PATH | --scratch-path DIR] [--uninstall]"
fail() { # code message
  echo "$me: error: $2" >&2
  exit "$1"
}

prefix=/usr/local
binary=""
scratch=""
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) echo "$usage"; exit 0 ;;
    --prefix|--binary|--scratch-path)
      [ $# -ge 2 ] && [ -n "$2" ] && [ "${2#--}" = "$2" ] || fail 64 "$1 needs a value ($usage)"
      case "$1" in
        --prefix) prefix="$2" ;;
        --binary) binary="$2" ;;
        --scratch-path) scratch="$2" ;;
      esac
      shift 2 ;;
    --prefix=*|--binary=*|--scratch-path=*)
      value="${1#*=}"
      [ -n "$value" ] || fail 64 "${1%%=*} needs a value ($usage)"
      case "$1" in
        --prefix=*) prefix="$value" ;;
        --binary=*) binary="$value" ;;
        --scratch-path=*) scratch="$value" ;;
      esac
      shift ;;
    --uninstall) uninstall=true; shift ;;
    *) fail 64 "unknown option '$1' ($usage)" ;;
  esac
done
if $uninstall && { [ -n "$binary" ] || [ -n "$scratch" ]; }; then
  fail 64 "--uninstall takes only --prefix"
fi
[ -n "$binary" ] && [ -n "$scratch" ] && fail 64 "--binary installs a built split and --scratch-path is where to build one: give one of them"

# The prefix, absolute; it must be a folder (or not exist yet) that we may write in.
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac
prefix="${prefix%/}"
[ -n "$prefix" ] || fail 64 "--prefix / is not a place to install into"
if [ -e "$prefix" ] && [ ! -d "$prefix" ]; then
  fail 73 "prefix '$prefix' is not a folder"
fi
existing="$prefix"
while [ ! -e "$existing" ]; do existing="$(dirname "$existing")"; done
[ -d "$existing" ] || fail 73 "'$existing' is not a folder (for prefix '$prefix')"
[ -w "$existing" ] || fail 77 "no permission to write in '$existing' (for prefix '$prefix'); run as root or choose another --prefix"

manifest_name="share/split/install-manifest"
manifest="$prefix/$manifest_name"

# A manifest line: "f PATH" for a file written, "d PATH" for a folder made, PATH relative to
# the prefix ("." the prefix itself). A line that could reach outside the prefix is refused.
check_entry() {
  case "$2" in
    ""|/*|..|../*|*/..|*/../*) fail 65 "manifest '$manifest' has an entry outside the prefix: '$2'" ;;
  esac
  case "$1" in f|d) ;; *) fail 65 "manifest '$manifest' has an unreadable line: '$1 $2'" ;; esac
}

# Removes what the manifest lists: files, then the folders install made, deepest first, each
# only if empty (something else may have been put there since).
remove_installed() {
  local kind path files=() dirs=()
  while read -r kind path; do
    check_entry "$kind" "$path"
    if [ "$kind" = f ]; then files+=("$path"); else dirs+=("$path"); fi
  done < "$manifest"
  for path in ${files[@]+"${files[@]}"}; do
    rm -f "$prefix/$path"
  done
  rm -f "$manifest"
  local sorted
  sorted="$(printf '%s\n' ${dirs[@]+"${dirs[@]}"} | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-)"
  while IFS= read -r path; do
    [ -n "$path" ] || continue
    if [ "$path" = . ]; then rmdir "$prefix" 2>/dev/null || true; else rmdir "$prefix/$path" 2>/dev/null || true; fi
  done <<< "$sorted"
  echo "${#files[@]}"
}

if $uninstall; then
  [ -f "$manifest" ] || fail 66 "nothing of split is installed under '$prefix' (no $manifest_name)"
  [ -w "$(dirname "$manifest")" ] || fail 77 "no permission to remove files under '$prefix'; run as root"
  count="$(remove_installed)"
  echo "removed split from $prefix ($count files)"
  exit 0
fi

# The binaries: built here, or the ones given (a relative --binary is from where we were run).
if [ -n "$binary" ]; then
  case "$binary" in /*) ;; *) binary="$(pwd)/$binary" ;; esac
fi
cd "$(dirname "$0")/.."
if [ -z "$binary" ]; then
  command -v swift >/dev/null 2>&1 || fail 69 "swift is not on PATH; install Swift 6.1 or newer (see README), or give --binary PATH"
  build=(swift build -c release --static-swift-stdlib)
  [ -n "$scratch" ] && build+=(--scratch-path "$scratch")
  echo "building split (release; this takes a while the first time) ..." >&2
  "${build[@]}" --product split >&2
  "${build[@]}" --product split-manual >&2
  bin_dir="$("${build[@]}" --show-bin-path)"
  binary="$bin_dir/split"
fi
[ -f "$binary" ] && [ -x "$binary" ] || fail 66 "'$binary' is not an executable file"
version="$("$binary" --version 2>/dev/null </dev/null)" || fail 65 "'$binary' does not run as split (split --version failed)"
version="${version%%$'\n'*}"
case "$version" in "split "*) ;; *) fail 65 "'$binary' is not split (its --version says '$version')" ;; esac
manual_tool="$(dirname "$binary")/split-manual"
[ -f "$manual_tool" ] && [ -x "$manual_tool" ] || fail 66 "no split-manual beside '$binary' (build it with: swift build --product split-manual)"

# Everything is made in a staging folder first, so a failing step writes nothing under the prefix.
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
man_dir="share/man/man1"
mkdir -p "$stage/bin" "$stage/$man_dir" "$stage/share/bash-completion/completions" \
  "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
cp "$binary" "$stage/bin/split"
"$binary" --experimental-dump-help > "$stage/help.json" || fail 70 "'$binary' --experimental-dump-help failed"
"$manual_tool" --output "$stage/$man_dir" --source "$version" "$stage/help.json" >/dev/null
rm -f "$stage/help.json"
"$binary" --generate-completion-script bash > "$stage/share/bash-completion/completions/split"
"$binary" --generate-completion-script zsh > "$stage/share/zsh/site-functions/_split"
"$binary" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/split.fish"

# Reinstalling: what the last install wrote goes first, so the new manifest is the whole truth.
if [ -f "$manifest" ]; then
  remove_installed >/dev/null
fi

# Copy, recording each folder made and file written. On any failure, what this run wrote is
# removed again.
entries=()
made_dirs=()
written=()
rollback() {
  local path i
  for path in ${written[@]+"${written[@]}"}; do rm -f "$prefix/$path"; done
  for (( i=${#made_dirs[@]}-1; i>=0; i-- )); do
    if [ "${made_dirs[i]}" = . ]; then rmdir "$prefix" 2>/dev/null || true; else rmdir "$prefix/${made_dirs[i]}" 2>/dev/null || true; fi
  done
}
trap 'status=$?; if [ $status -ne 0 ]; then rollback; echo "$me: error: installing into $prefix failed; nothing was left there" >&2; fi; rm -rf "$stage"' EXIT

make_dir() { # relative folder; records every level it makes, parents first
  local relative="$1" parts=() path
  while [ "$relative" != "." ] && [ ! -d "$prefix/$relative" ]; do
    parts=("$relative" ${parts[@]+"${parts[@]}"})
    relative="$(dirname "$relative")"
  done
  if [ "$relative" = "." ] && [ ! -d "$prefix" ]; then
    # Folders above the prefix that this makes are not the install's and stay.
    mkdir -p "$prefix"
    made_dirs+=(".")
    entries+=("d .")
  fi
  for path in ${parts[@]+"${parts[@]}"}; do
    mkdir "$prefix/$path"
    made_dirs+=("$path")
    entries+=("d $path")
  done
}

files=()
while IFS= read -r path; do files+=("${path#./}"); done < <(cd "$stage" && find . -type f | LC_ALL=C sort)
for path in "${files[@]}"; do
  make_dir "$(dirname "$path")"
  mode=0644
  [ "$path" = bin/split ] && mode=0755
  install -m "$mode" "$stage/$path" "$prefix/$path"
  written+=("$path")
  entries+=("f $path")
done
make_dir "$(dirname "$manifest_name")"
printf '%s\n' "${entries[@]}" > "$manifest"
written+=("$manifest_name")

pages=$(ls "$stage/$man_dir" | wc -l)
echo "installed $version into $prefix: bin/split, $pages man pages, bash, zsh and fish completions"
echo "remove it with: scripts/install.sh --uninstall --prefix $prefix"

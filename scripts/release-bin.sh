# Sourced by the benchmark scripts: the release build they measure, made with a static Swift
# runtime as `split` is installed.
#
#   split_release_bin PRODUCT [OVERRIDE]
#
# Prints the path of PRODUCT's release binary, building it first (the build's output on
# stderr); a non-empty OVERRIDE (SPLIT_BIN, SPLIT_SERVER_BIN) is a binary built elsewhere, used
# as it is, so that one script can compare two builds.
split_release_bin() {
  local product=$1 override=${2:-}
  if [ -n "$override" ]; then
    echo "$override"
    return
  fi
  echo "building $product (release)..." >&2
  swift build -c release --static-swift-stdlib --product "$product" >&2
  echo "$(swift build -c release --static-swift-stdlib --show-bin-path)/$product"
}

#!/usr/bin/env bash
# Builds the decode example and runs it on the bundled sample (RFC 3629 examples and malformed
# bytes): each code point with its byte offset, each error by kind and offset, then a summary.
#
#   tools/demo.sh [replace|skip|throw]        default: replace
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: tools/demo.sh [replace|skip|throw]   (the error policy; default: replace)" >&2
  exit 2
}
[ $# -le 1 ] || usage
policy=${1:-replace}
case "$policy" in
  replace|skip|throw) ;;
  *) usage ;;
esac

tools/setup.sh
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF > /dev/null
cmake --build build/demo --target decode > /dev/null
status=0
build/demo/example/decode --policy="$policy" example/sample.txt || status=$?
case $status in
  0) echo "decode exited with 0: the input is well-formed" ;;
  1) echo "decode exited with 1: the input is ill-formed (the sample is, on purpose)" ;;
  *) echo "decode failed with status $status" >&2; exit "$status" ;;
esac

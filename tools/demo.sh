#!/usr/bin/env bash
# Builds the decode example and runs it on the bundled sample (RFC 3629 examples and malformed
# bytes): each code point with its byte offset, each error by kind and offset, then a summary.
# Then the utf8util tool (streaming, in 64 KiB blocks) on the same sample: its first error, its
# statistics, and the sample sanitized.
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
cmake --build build/demo --target decode utf8util > /dev/null
status=0
build/demo/example/decode --policy="$policy" example/sample.txt || status=$?
case $status in
  0) echo "decode exited with 0: the input is well-formed" ;;
  1) echo "decode exited with 1: the input is ill-formed (the sample is, on purpose)" ;;
  *) echo "decode failed with status $status" >&2; exit "$status" ;;
esac
echo
echo "utf8util validate example/sample.txt:"
build/demo/example/utf8util validate example/sample.txt || [ $? = 1 ]  # 1: ill-formed, as intended
echo "utf8util stats example/sample.txt:"
build/demo/example/utf8util stats example/sample.txt
echo "utf8util sanitize example/sample.txt:"
build/demo/example/utf8util sanitize example/sample.txt

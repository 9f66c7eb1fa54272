#!/usr/bin/env bash
# Builds the decode example and runs it on the bundled sample (RFC 3629 examples and malformed
# bytes): each code point with its byte offset, each error by kind and offset. Then the utf8util
# tool (streaming, in 64 KiB blocks) on the same sample: its first error, its statistics, and
# the sample sanitized.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF > /dev/null
cmake --build build/demo --target decode utf8util > /dev/null
status=0
build/demo/example/decode --policy="${1:-replace}" example/sample.txt || status=$?
echo "decode exited with $status (1: the sample is ill-formed, as intended)"
echo
echo "utf8util validate example/sample.txt:"
build/demo/example/utf8util validate example/sample.txt || status=$?
echo "utf8util stats example/sample.txt:"
build/demo/example/utf8util stats example/sample.txt
echo "utf8util sanitize example/sample.txt:"
build/demo/example/utf8util sanitize example/sample.txt

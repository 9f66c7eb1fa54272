#!/usr/bin/env bash
# Builds the decode example and runs it on the bundled sample (RFC 3629 examples and malformed
# bytes): each code point with its byte offset, each error by kind and offset.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
cmake -S . -B build/demo -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF > /dev/null
cmake --build build/demo --target decode > /dev/null
status=0
build/demo/example/decode --policy="${1:-replace}" example/sample.txt || status=$?
echo "decode exited with $status (1: the sample is ill-formed, as intended)"

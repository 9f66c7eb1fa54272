#!/bin/sh
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
#
# Builds the benchmark with one compiler and one set of flags, runs it, and writes its JSON.
#   bench/run.sh g++ "-O3 -march=native" results/gcc-O3-native.json [extra benchmark options]
# The tables and chart of doc/performance.adoc come from such files: see bench/report.py.
set -eu
cxx=$1
flags=$2
out=$3
shift 3
src=$(cd "$(dirname "$0")/.." && pwd)
build=${BOOST_UTF_BENCH_BUILD:-/tmp/boost_utf_bench}/$(echo "$cxx $flags" | tr -c 'A-Za-z0-9\n' '_')
cmake -S "$src" -B "$build" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS_RELEASE="$flags -DNDEBUG" -DBOOST_UTF_BUILD_BENCH=ON \
      -DBUILD_TESTING=OFF -DBOOST_UTF_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j1 --target boost_utf_bench
mkdir -p "$(dirname "$out")"
nice -n 10 "$build/bench/boost_utf_bench" --benchmark_repetitions=3 \
     --benchmark_report_aggregates_only=true --benchmark_out="$out" \
     --benchmark_out_format=json "$@"

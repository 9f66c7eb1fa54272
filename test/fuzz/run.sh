#!/bin/sh
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
#
# Builds every fuzz target with clang++ and libFuzzer (+ ASan, UBSan) and runs each for SECONDS,
# seeded from test/data. Exits non-zero on the first finding; the input that triggered it
# is left in OUT/<target>/ (crash-*, leak-*, timeout-*).
#
#   test/fuzz/run.sh [SECONDS] [OUT]        defaults: 60, ./fuzz-out
#   CXX=clang++-16 CORPORA=/path/to/data JOBS=1 test/fuzz/run.sh 600   (JOBS: targets run at once)
set -eu

seconds=${1:-60}
out=${2:-fuzz-out}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cxx=${CXX:-clang++-16}
corpora=${CORPORA:-$root/test/data}
targets=${TARGETS:-"icu_replace icu_utf16 policies reverse chunked_input roundtrip bulk stream"}

mkdir -p "$out/seeds"
out=$(cd "$out" && pwd)

# Seeds: every byte string of vectors.json, and Kuhn's file whole and in pieces.
if [ -f "$corpora/vectors.json" ]; then
    python3 - "$corpora" "$out/seeds" <<'PY'
import json, os, sys
src, dst = sys.argv[1], sys.argv[2]
n = 0
for v in json.load(open(os.path.join(src, "vectors.json"), encoding="utf-8"))["vectors"]:
    if "input_hex" in v:
        data = bytes.fromhex(v["input_hex"])
    else:  # encode vectors: the code points as little-endian 32-bit values
        cps = v["input_cps"]
        cps = cps.split() if isinstance(cps, str) else cps
        data = b"".join(int(c, 16).to_bytes(4, "little") for c in cps)
    open(os.path.join(dst, "vector-%04d" % n), "wb").write(data)
    n += 1
kuhn = os.path.join(src, "kuhn", "UTF-8-test.txt")
if os.path.exists(kuhn):
    text = open(kuhn, "rb").read()
    open(os.path.join(dst, "kuhn"), "wb").write(text)
    for i in range(0, len(text), 512):
        open(os.path.join(dst, "kuhn-%05d" % i), "wb").write(text[i:i + 512])
print("seeds:", len(os.listdir(dst)))
PY
else
    echo "run.sh: no corpora at $corpora; starting from an empty corpus" >&2
fi

flags="-std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Wall -Wextra -Werror"
runs=""
builds=""
build() { # name source extra-flags...: compiles in the background
    name=$1 src=$2; shift 2
    echo "== build fuzz_$name $*"
    # shellcheck disable=SC2086 # $cxx and $flags are word lists
    $cxx $flags "$@" -I"$root/include" "$here/$src.cpp" -licuuc -o "$out/fuzz_$name" &
    builds="$builds $!"
    runs="$runs $name"
}
for t in $targets; do
    if [ "$t" = bulk ]; then
        # Each input goes through every kernel set the machine runs (capped at run time), and
        # through a build with no kernels at all.
        build bulk_scalar bulk -DBOOST_UTF_NO_SIMD
        build bulk bulk
    else
        build "$t" "$t"
    fi
done
for pid in $builds; do
    wait "$pid" || { echo "run.sh: a fuzz target did not build" >&2; exit 1; }
done

# JOBS targets at a time (default: one per core), each reported in order once its batch ends.
jobs=${JOBS:-$(nproc 2>/dev/null || echo 1)}
run_one() { # name
    mkdir -p "$out/$1/corpus"
    status=0
    (cd "$out/$1" && "$out/fuzz_$1" -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 \
        corpus "$out/seeds" > log.txt 2>&1) || status=$?
    echo "$status" > "$out/$1/status"
}
set -- $runs
while [ $# -gt 0 ]; do
    batch=""
    while [ $# -gt 0 ] && [ "$(echo $batch | wc -w)" -lt "$jobs" ]; do
        run_one "$1" &
        batch="$batch $1"
        shift
    done
    wait
    for t in $batch; do
        echo "== run fuzz_$t for ${seconds}s"
        grep -E "^(Done|stat::number_of_executed_units|SUMMARY)" "$out/$t/log.txt" || true
        if [ "$(cat "$out/$t/status")" -ne 0 ]; then
            tail -40 "$out/$t/log.txt"
            echo "run.sh: fuzz_$t found a problem; see $out/$t" >&2
            exit 1
        fi
    done
done

#!/bin/sh
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
#
# Builds the tests of the code that reads several code units as one machine word (the bulk
# operations, the streaming decoder and validator, and the exhaustive checks, which place errors
# at every offset of a word) for a big-endian CPU, s390x, and runs them under qemu-user. There
# are no SIMD kernels on s390x, so this runs the scalar rules alone. Boost.Test is taken
# header-only, as Debian 12 has no s390x build of its library beside the amd64 one. Exits
# non-zero on the first failure.
#
#   test/big_endian/run.sh [OUT]            default: ./big-endian-out
#   CXX=s390x-linux-gnu-g++ QEMU=qemu-s390x JOBS=2 TESTS="algorithm exhaustive" test/big_endian/run.sh
set -eu

out=${1:-big-endian-out}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cxx=${CXX:-s390x-linux-gnu-g++}
qemu=${QEMU:-qemu-s390x}
jobs=${JOBS:-$(nproc)}
tests=${TESTS:-"algorithm algorithm_transcode exhaustive utf8_decoder utf8_validator corpora"}

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/*.failed

# Each test file, with the header-only Boost.Test in front of it.
for t in $tests; do
    printf '#define BOOST_TEST_MODULE %s\n#include <boost/test/included/unit_test.hpp>\n#include "%s.cpp"\n' \
        "$t" "$t" > "$out/be_$t.cpp"
done

# Built $jobs at a time; a failed build prints its log and stops the rest. algorithm.cpp replaces
# operator new and delete (counting_new.hpp) in the translation unit that now holds Boost.Test as
# well, whose own news GCC then pairs with that delete: -Wmismatched-new-delete is wrong there.
for t in $tests; do echo "$t"; done | xargs -P "$jobs" -I{} sh -c '
    "$0" -std=c++17 -O1 -static -Wall -Wextra -Wpedantic -Werror -Wno-mismatched-new-delete \
        -I"$1/include" -I"$1/test" -DBOOST_UTF_TEST_DATA_DIR="\"$1/test/data\"" \
        "$2/be_{}.cpp" -o "$2/{}" > "$2/{}.log" 2>&1 || { cat "$2/{}.log"; exit 255; }
    echo "== built {}"' "$cxx" "$root" "$out"

# Run $jobs at a time as well; each one's output is printed whole, in order, once all have run.
status=0
for t in $tests; do echo "$t"; done | xargs -P "$jobs" -I{} sh -c '
    "$0" "$1/{}" > "$1/{}.run.log" 2>&1 || echo failed > "$1/{}.failed"' "$qemu" "$out" || status=1
for t in $tests; do
    echo "== run $t"
    cat "$out/$t.run.log"
    if [ -e "$out/$t.failed" ]; then status=1; fi
done
exit $status

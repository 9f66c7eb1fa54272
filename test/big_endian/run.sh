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

# Boost.Test's implementation and main(), header-only, compiled once; each test file is compiled
# as it is (it names its module and includes <boost/test/unit_test.hpp>, as with a static Boost.Test
# library) and linked with it. Compiled $jobs at a time; a failed build prints its log and stops.
# counting_new.hpp replaces operator new and delete in the files that count allocations; at -O1
# GCC inlines that delete into Boost.Test's inline functions, pairs it with the standard new of
# their allocations and warns, wrongly, as the replacement new is the one that runs:
# -Wmismatched-new-delete is off.
printf '#include <boost/test/included/unit_test.hpp>\n' > "$out/framework.cpp"
for t in framework $tests; do echo "$t"; done | xargs -P "$jobs" -I{} sh -c '
    source="$1/test/{}.cpp"
    if [ {} = framework ]; then source="$2/framework.cpp"; fi
    "$0" -std=c++17 -O1 -Wall -Wextra -Wpedantic -Werror -Wno-mismatched-new-delete \
        -I"$1/include" -I"$1/test" -DBOOST_UTF_TEST_DATA_DIR="\"$1/test/data\"" \
        -c "$source" -o "$2/{}.o" > "$2/{}.log" 2>&1 || { cat "$2/{}.log"; exit 255; }
    echo "== built {}"' "$cxx" "$root" "$out"
for t in $tests; do
    "$cxx" -static "$out/$t.o" "$out/framework.o" -o "$out/$t"
done

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

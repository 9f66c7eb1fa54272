#!/usr/bin/env bash
# Builds and runs every test, in every configuration we support:
#   the documentation                  Asciidoctor without a warning, then tools/check_docs.py
#   b2 with g++ 12, release            C++20 (the build description; CMake covers both standards),
#                                      optimised, as every CMake build below is a debug one
#   CMake/CTest with clang++-16        C++17 and C++20 (the widest SIMD level and none)
#   CMake/CTest with g++ 12, ASan+UBSan C++20 (capped at SSE and at AVX2)
#   libFuzzer with clang++-16          every differential fuzz target, briefly (test/fuzz)
#   g++ 12 for s390x, under qemu-user  the word-reading tests on a big-endian CPU (test/big_endian)
#   CMake package, g++ 12              installed and found, and through add_subdirectory
#   CMake/CTest with g++ 12            C++17 (capped at scalar and AVX-512 BW), with the long
#                                      exhaustive tests and the emulated CPUs
# Warnings are errors everywhere. The last lines printed are CTest's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh

jobs=$(nproc)
# Each stage's heading says how long the run has taken so far (SECONDS counts from the start).
step() { printf '\n==== %s (at %d min %02d s) ====\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "documentation"
tools/docs.sh build/doc

step "b2, g++ 12, release"
b2 -j"$jobs" -q --build-dir=build/b2 test example cxxstd=20 variant=release > build-b2.log 2>&1 || {
  tail -n 60 build-b2.log; exit 1; }
grep -c '^\*\*passed\*\*' build-b2.log | sed 's/^/b2: tests passed: /'
rm -f build-b2.log

cmake_config() { # name, then cmake options
  local name=$1; shift
  step "CMake, $name"
  cmake -S . -B "build/$name" -G Ninja "$@" > /dev/null
  cmake --build "build/$name" -j"$jobs" > "build/$name/build.log" 2>&1 || {
    tail -n 60 "build/$name/build.log"; exit 1; }
}

run_ctest() { # build dir, then ctest options; prints the summary line, or everything on failure
  local dir=$1; shift
  ctest --test-dir "$dir" -j"$jobs" --output-on-failure "$@" > "$dir/ctest.log" 2>&1 || {
    cat "$dir/ctest.log"; exit 1; }
  grep 'tests passed' "$dir/ctest.log"
}

# No capped runs: the bulk fuzz target below runs clang's kernels at every level.
cmake_config clang -DCMAKE_CXX_COMPILER=clang++-16 -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O0 -g1" \
  -DBOOST_UTF_TEST_EVERY_LEVEL=OFF
run_ctest build/clang -LE long

# The g++ configurations build every test at -Og with line tables only: g++ compiles that no
# slower than -O0 -g, the tests run several times faster, and the sanitizers' reports still name
# file and line. (clang compiles -Og far slower than -O0, so there only the differential tests,
# which run longest, take it: test/CMakeLists.txt.) No build here keeps more debug information
# than line tables: nothing reads it but a failure's report, and it costs compile time.
gcc_debug_flags="-DCMAKE_CXX_FLAGS_DEBUG=-Og -g1"

# C++20 only: every test, at the widest level this CPU has, capped at SSE and AVX2, and with no
# kernels at all; g++ builds and runs C++17 in the last configuration, capped at the other levels.
cmake_config sanitize -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Debug "$gcc_debug_flags" \
  -DBOOST_UTF_SANITIZE=address,undefined -DBOOST_UTF_TEST_STANDARDS=20 "-DBOOST_UTF_TEST_LEVELS=sse;avx2"
run_ctest build/sanitize -LE long

step "fuzzing, ${BOOST_UTF_FUZZ_SECONDS:-15} s a target, one per core at a time"
BOOST_UTF_SETUP=fuzz tools/setup.sh
mkdir -p build/fuzz
test/fuzz/run.sh "${BOOST_UTF_FUZZ_SECONDS:-15}" build/fuzz > build/fuzz/run.log 2>&1 || {
  tail -n 80 build/fuzz/run.log; exit 1; }
grep -E '^(== run|stat::number_of_executed_units)' build/fuzz/run.log | paste - - | awk '{print $3, $NF, "runs"}'

step "big-endian: the word-reading tests built for s390x, run under qemu-user"
BOOST_UTF_SETUP=big_endian tools/setup.sh
mkdir -p build/big_endian
test/big_endian/run.sh build/big_endian > build/big_endian/run.log 2>&1 || {
  tail -n 80 build/big_endian/run.log; exit 1; }
grep -cF '*** No errors detected' build/big_endian/run.log | sed 's/^/big-endian: test programs passed: /'

step "CMake package: installed and found, and through add_subdirectory, C++17 and C++20"
test/cmake_consumer/run.sh build/consumer

# C++17 only: g++ builds and runs C++20 under the sanitizers above. The widest level this CPU
# has, no kernels, and capped at the levels the sanitizer configuration leaves out (the kernels
# do not depend on the language standard).
cmake_config gcc -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Debug "$gcc_debug_flags" \
  -DBOOST_UTF_TEST_STANDARDS=17 "-DBOOST_UTF_TEST_LEVELS=scalar;avx512bw"
ctest --test-dir build/gcc -j"$jobs" --output-on-failure

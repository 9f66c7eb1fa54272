#!/usr/bin/env bash
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
#
# Boost.UTF as CMake users get it. Installs it to a prefix of its own (not /usr: the install must
# not depend on where it goes), then builds and runs the small project beside this script against
# it with find_package, and again with add_subdirectory, each in C++17 and C++20. Without a
# range-v3 package, a C++17 consumer must be stopped at configure time with a message that says
# so, and a C++20 one must build.
#
#   test/cmake_consumer/run.sh [WORK]        default: build/consumer
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${1:-$root/build/consumer}
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)

cmake -S "$root" -B "$work/utf" -G Ninja -DBUILD_TESTING=OFF -DBOOST_UTF_BUILD_EXAMPLES=OFF \
  > "$work/utf.log" 2>&1 || { cat "$work/utf.log"; exit 1; }
cmake --install "$work/utf" --prefix "$work/prefix" >> "$work/utf.log" 2>&1 || {
  cat "$work/utf.log"; exit 1; }

configure() { # name, then cmake options
  local name=$1; shift
  cmake -S "$here" -B "$work/$name" -G Ninja "$@" > "$work/$name.log" 2>&1
}
installed=(-DCMAKE_PREFIX_PATH="$work/prefix")
subdirectory=(-DBOOST_UTF_SOURCE_DIR="$root")
no_range_v3=(-DCMAKE_DISABLE_FIND_PACKAGE_range-v3=ON)

builds=()
for std in 17 20; do
  builds+=("installed_cxx$std ${installed[*]} -DCMAKE_CXX_STANDARD=$std")
  builds+=("subdirectory_cxx$std ${subdirectory[*]} -DCMAKE_CXX_STANDARD=$std")
done
builds+=("installed_cxx20_without_range_v3 ${installed[*]} ${no_range_v3[*]} -DCMAKE_CXX_STANDARD=20")
for b in "${builds[@]}"; do
  read -r -a args <<< "$b"
  name=${args[0]}
  { configure "${args[@]}" && cmake --build "$work/$name" >> "$work/$name.log" 2>&1; } || {
    cat "$work/$name.log"; echo "run.sh: $name failed" >&2; exit 1; }
  printf "%s: " "$name"
  "$work/$name/consumer"
done

for mode in installed subdirectory; do
  name=${mode}_cxx17_without_range_v3
  declare -n how=$mode
  if configure "$name" "${how[@]}" "${no_range_v3[@]}" -DCMAKE_CXX_STANDARD=17; then
    echo "run.sh: $name configured, but C++17 without range-v3 cannot build" >&2; exit 1
  fi
  grep -q "Boost.UTF needs range-v3 0.12 or later before C++20" "$work/$name.log" || {
    cat "$work/$name.log"; echo "run.sh: $name failed without saying why" >&2; exit 1; }
  echo "$name: stopped at configure time, as it must be"
done

#!/usr/bin/env bash
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
#
# Times a kernel of the working tree (B) against the same kernel of OLD (A) in one process, in
# turn, so that both meet the same spells of this machine (see kernel_ab.cpp):
#
#   bench/kernel_ab.sh OLD KERNEL FILE...
#
# OLD is a revision of this repository or a directory holding boost/utf. The second side is
# compiled with -Disa=isa_b and -Ddetail=detail_b, which rename the headers' instruction-set
# namespace and the detail namespace around it, so that each kernel, and each table the kernels
# share across instruction sets, is two in the program. CXX and CXXFLAGS (default g++, -O2)
# choose the build; KERNEL_AB_BINARY keeps the program, to run it again on other files.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 3 ] || { echo "usage: bench/kernel_ab.sh OLD KERNEL FILE..." >&2; exit 2; }
old=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -d "$old/boost/utf" ]; then
  old_include=$(cd "$old" && pwd)
else
  git -C "$root" archive "$old" include | tar -x -C "$work"
  old_include=$work/include
fi
# Headers from before to_utf8_covered time to_utf8 under its name (kernel_ab_kernels.cpp).
old_flags=
grep -qs to_utf8_covered "$old_include/boost/utf/detail/simd/utf16_kernels.hpp" || old_flags=-DKERNEL_AB_NO_COVERED
cxx=${CXX:-g++}
flags="-std=c++20 ${CXXFLAGS:--O2} -DNDEBUG"
$cxx $flags -I"$old_include" $old_flags -DKERNEL_AB_SIDE=a -c "$root/bench/kernel_ab_kernels.cpp" -o "$work/a.o" &
side_a=$!
$cxx $flags -I"$root/include" -DKERNEL_AB_SIDE=b -Disa=isa_b -Ddetail=detail_b \
  -c "$root/bench/kernel_ab_kernels.cpp" -o "$work/b.o"
# The driver's own copies of the kernels and tables (through the headers it uses) get a third name:
# under the headers' usual one they would be merged with side A's at link time.
$cxx $flags -I"$root/include" -Disa=isa_main -Ddetail=detail_main -c "$root/bench/kernel_ab.cpp" -o "$work/main.o"
wait "$side_a"
binary=${KERNEL_AB_BINARY:-$work/kernel_ab}
$cxx "$work/main.o" "$work/a.o" "$work/b.o" -o "$binary"
"$binary" "$@"

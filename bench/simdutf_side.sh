#!/usr/bin/env bash
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
#
# Transcoding and validation side by side with simdutf (simdutf_side.cpp), at each level this
# CPU has, on the same files in the same process:
#
#   bench/simdutf_side.sh [--size BYTES] [--rounds N] [--filter REGEX] [--levels L,...] FILE...
#
# --filter keeps the rows whose name (operation/file/implementation) matches REGEX, as
# --benchmark_filter does; every row of an operation must be kept for its ratio. --levels runs
# only the levels named (scalar, sse, avx2, avx512vbmi2), of those this CPU has.
#
# simdutf comes from Debian's libnode108 (Node 18's library, which has simdutf built in and
# exports it): the package is downloaded, not installed, into $BOOST_UTF_LIBNODE_DIR (default
# /tmp/boost_utf_libnode), as its dependencies on Node's JavaScript packages cannot be met beside
# another Node. The libraries it links are installed with apt-get where missing. Each round runs
# one process per level; the figures are medians over rounds of each process's medians, and the
# ratios are taken within a process (simdutf's time over Boost.UTF's: above 1.0, Boost.UTF is
# faster). The build is g++ -O2, without -march, as users build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
size="" rounds=3 filter="" only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --filter) filter="$2"; shift 2 ;;
    --levels) only=",$2,"; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: bench/simdutf_side.sh [--size BYTES] [--rounds N] [--filter REGEX] [--levels L,...] FILE..." >&2; exit 2; }
files=("$@")

dir="${BOOST_UTF_LIBNODE_DIR:-/tmp/boost_utf_libnode}"
lib="$dir/root/usr/lib/x86_64-linux-gnu"
if [ ! -e "$lib/libnode.so.108" ]; then
  BOOST_UTF_SETUP=bench "$here/../tools/setup.sh"
  need=(libuv1 libc-ares2 libnghttp2-14 libbrotli1 libicu72 libssl3 zlib1g)
  missing=()
  for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  as_root=()
  [ "$(id -u)" = 0 ] || as_root=(sudo)
  if [ ${#missing[@]} -gt 0 ]; then
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
  fi
  mkdir -p "$dir"
  (cd "$dir" && apt-get download libnode108 > /dev/null 2>&1 && dpkg-deb -x libnode108_*.deb root)
fi
ln -sf libnode.so.108 "$lib/libnode.so"
bin="$dir/boost_utf_simdutf_side"
g++ -std=c++20 -O2 -DNDEBUG -I"$here/../include" -I"$here" "$here/simdutf_side.cpp" -o "$bin" \
    -L"$lib" -lnode -Wl,-rpath,"$lib" -lbenchmark -lpthread

levels=()
flags="$(grep -m1 '^flags' /proc/cpuinfo) none"
for l in scalar:fallback:none sse:westmere:sse4_2 avx2:haswell:avx2 avx512vbmi2:icelake:avx512_vbmi2; do
  IFS=: read -r ours theirs flag <<< "$l"
  [[ -n "$only" && "$only" != *",$ours,"* ]] && continue
  [[ " $flags " == *" $flag "* ]] && levels+=("$ours:$theirs")
done
[ ${#levels[@]} -gt 0 ] || { echo "bench/simdutf_side.sh: no level to run" >&2; exit 2; }
out="$(mktemp -d)"
for r in $(seq "$rounds"); do
  for l in "${levels[@]}"; do
    SIMDUTF_FORCE_IMPLEMENTATION="${l#*:}" "$bin" --level="${l%%:*}" ${size:+--size=$size} "${files[@]}" \
      ${filter:+--benchmark_filter="$filter"} \
      --benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 \
      --benchmark_format=json > "$out/${l%%:*}_$r.json"
  done
done
python3 - "$out" "$rounds" "${size:-whole files}" <<'PY'
import glob, json, os, statistics, sys
out, rounds, size = sys.argv[1], sys.argv[2], sys.argv[3]
times, ratios = {}, {}
for f in sorted(glob.glob(os.path.join(out, '*.json'))):
    level = os.path.basename(f).rsplit('_', 1)[0]
    row = {}
    for b in json.load(open(f))['benchmarks']:
        if b.get('aggregate_name') == 'median':
            op, stem, impl = b['run_name'].split('/')[:3]
            row[(op, stem, impl)] = b['real_time']
    for (op, stem, impl), t in row.items():
        times.setdefault((op, stem, level, impl), []).append(t)
        if impl == 'boost_utf':
            ratios.setdefault((op, stem, level), []).append(row[(op, stem, 'simdutf')] / t)
print(f'medians of {rounds} rounds, microseconds; {size}; ratio = simdutf / Boost.UTF (above 1.0, Boost.UTF is faster)')
print(f'{"operation":14} {"file":22} {"level":12} {"plain":>9} {"Boost.UTF":>9} {"simdutf":>9} {"ratio":>6}  range')
med = lambda k: statistics.median(times[k])
for (op, stem, level) in sorted(ratios):
    r = ratios[(op, stem, level)]
    print(f'{op:14} {stem:22} {level:12} {med((op, stem, level, "plain")):9.1f} {med((op, stem, level, "boost_utf")):9.1f} '
          f'{med((op, stem, level, "simdutf")):9.1f} {statistics.median(r):6.2f}  {min(r):.2f}-{max(r):.2f}')
PY
rm -rf "$out"

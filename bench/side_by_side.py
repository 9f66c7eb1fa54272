#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
"""Validation side by side with simdutf, level by level, on the same files in the same run.

simdutf is reached through Node (buffer.isUtf8 is simdutf's validate_utf8), so nothing needs to be
built or installed beyond Node 18.14 or later. Each round runs boost_utf_files_bench's validate
rows and then Node once per simdutf kernel; the figures are medians over rounds of each round's
median. Ratios are simdutf's time over Boost.UTF's: above 1.0, Boost.UTF is faster.

    bench/side_by_side.py BUILD/bench/boost_utf_files_bench FILE... [--rounds N]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

# Boost.UTF's levels and the simdutf kernel of the same instruction set.
KERNELS = {'scalar': 'fallback', 'sse': 'westmere', 'avx2': 'haswell', 'avx512vbmi2': 'icelake'}


def ours(binary, files, reps):
    out = subprocess.run([binary, '--benchmark_filter=^validate/', f'--benchmark_repetitions={reps}',
                          '--benchmark_report_aggregates_only=true', '--benchmark_format=json',
                          '--benchmark_min_time=0.1'] + files,
                         check=True, capture_output=True, text=True).stdout
    r = {}
    for b in json.loads(out)['benchmarks']:
        if b.get('aggregate_name') != 'median':
            continue
        _, stem, impl = b['run_name'].split('/')[:3]
        r[(stem, impl)] = b['real_time']  # milliseconds
    return r


def simdutf(script, files, kernel, reps):
    env = dict(os.environ, SIMDUTF_FORCE_IMPLEMENTATION=kernel)
    out = subprocess.run(['node', script, str(reps)] + files, check=True, capture_output=True, text=True,
                         env=env).stdout
    r = {}
    for line in out.splitlines():
        x = json.loads(line)
        r[os.path.basename(x['file']).split('.')[0]] = (x['median_ns'] / 1e6, x['simdutf'])
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('binary')
    ap.add_argument('files', nargs='+')
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--reps', type=int, default=5, help='repetitions per round (Node: 10x as many calls)')
    args = ap.parse_args()
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'node_is_utf8.js')
    times = {}
    version = '?'
    for _ in range(args.rounds):
        for key, t in ours(args.binary, args.files, args.reps).items():
            times.setdefault(('boost',) + key, []).append(t)
        levels = sorted({impl[len('bulk_'):] for (_, _, impl) in times if impl.startswith('bulk_')})
        for level in levels:
            if level not in KERNELS:
                continue
            for stem, (t, version) in simdutf(script, args.files, KERNELS[level], args.reps * 10).items():
                times.setdefault(('simdutf', stem, level), []).append(t)
    stems = [os.path.basename(f).split('.')[0] for f in args.files]
    print(f'validation, medians of {args.rounds} rounds (ms); simdutf {version} through Node '
          f'{subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()}')
    print(f'{"file":22} {"level":12} {"plain":>8} {"boost":>8} {"simdutf":>8} {"simdutf/boost":>14}')
    for stem in stems:
        plain = statistics.median(times[('boost', stem, 'plain')])
        for level in KERNELS:
            b = times.get(('boost', stem, 'bulk_' + level))
            s = times.get(('simdutf', stem, level))
            if not b or not s:
                continue
            b, s = statistics.median(b), statistics.median(s)
            print(f'{stem:22} {level:12} {plain:8.3f} {b:8.3f} {s:8.3f} {s / b:14.2f}')
    return 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
"""Ratios of boost_utf_files_bench rows to the plain loop, robust to the machine's slow spells.

On the shared virtual machines these benchmarks run on, the speed of one binary moves by up to
a factor of two from one process to the next and over spells of a second or so within one
(the same row of the same binary read 61 and 116 microseconds in two processes run one after
the other), and it does not move every loop alike: the plain loop and a bulk row over it gave
ratios from 0.81 to 1.27 in six processes. A whole run, which times each row for a second or
more and then the next, takes its ratios from whatever spell each row fell in.

This script times many short repetitions of the rows asked for and the plain loop, in a random
order (Google Benchmark's random interleaving), so that the rows of one process share its
spells; it takes each process's median ratio, and reports the median over several processes
with their range:

    bench/interleaved.py BINARY CORPUS.txt... [--operations decode,encode] \
        [--implementations bulk_scalar] [--processes 5] [--repetitions 40]

Each ratio is plain time / row time: above 1.0 the row is faster than the plain loop.
"""

import argparse
import os
import statistics

from ab import row_medians


def one_process(binary, operations, implementations, corpus, repetitions):
    stem = os.path.splitext(os.path.basename(corpus))[0]
    pattern = "^({})/{}/(plain|{})/".format("|".join(operations), stem, "|".join(implementations))
    times = row_medians(binary, pattern, corpus,
                        ["--benchmark_repetitions={}".format(repetitions), "--benchmark_min_time=0.005",
                         "--benchmark_enable_random_interleaving=true"])
    return {(o, i): times[(o, "plain")] / times[(o, i)]
            for o in operations for i in implementations if (o, i) in times and (o, "plain") in times}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("binary")
    p.add_argument("corpora", nargs="+")
    p.add_argument("--operations", default="validate,decode,encode,utf8_to_utf16,utf16_to_utf8")
    p.add_argument("--implementations", default="bulk_scalar")
    p.add_argument("--processes", type=int, default=5)
    p.add_argument("--repetitions", type=int, default=40)
    a = p.parse_args()
    operations = a.operations.split(",")
    implementations = a.implementations.split(",")
    stems = [os.path.splitext(os.path.basename(c))[0] for c in a.corpora]
    ratios = {}  # (operation, implementation, stem) -> per-process ratios
    for corpus, stem in zip(a.corpora, stems):
        for _ in range(a.processes):
            for (o, i), r in one_process(a.binary, operations, implementations, corpus, a.repetitions).items():
                ratios.setdefault((o, i, stem), []).append(r)
    print("plain / row: median of {} processes (lowest-highest)".format(a.processes))
    print("{:28}".format("operation row") + "".join("{:>20}".format(s[:19]) for s in stems))
    for o in operations:
        for i in implementations:
            cells = []
            for s in stems:
                r = ratios.get((o, i, s))
                cells.append("{:>20}".format("{:.2f} ({:.2f}-{:.2f})".format(statistics.median(r), min(r), max(r))
                                             if r else "-"))
            print("{:28}".format(o + " " + i) + "".join(cells))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
"""Compares two builds of boost_utf_files_bench on one row, corpus by corpus.

A change to a loop of the scalar rules moves its row by a few percent; so do the machine's drift
over a run and the binary's layout. Running one whole benchmark binary and then the other puts
minutes between the two timings of a cell, in which the same binary was seen to move by a fifth.
This runs the two binaries in turn on one corpus at a time, a few rounds, and reports the
medians: each build's time, their ratio (old / new: above 1.0 the new build is faster), and each
build's plain loop over its own row, as boost_utf_files_bench reports it.

    bench/ab.py OLD_BINARY NEW_BINARY OPERATION IMPLEMENTATION CORPUS.txt... [--rounds N]

for example

    bench/ab.py /tmp/old build-bench/bench/boost_utf_files_bench decode bulk_scalar /tmp/corpora/*.txt
"""

import argparse
import json
import os
import statistics
import subprocess
import sys


def row_medians(binary, pattern, corpus, options):
    """Runs the rows of boost_utf_files_bench that match `pattern` on one corpus, with the
    benchmark options given; returns {(operation, implementation): median ms}."""
    out = subprocess.run(
        [binary, "--benchmark_filter=" + pattern, "--benchmark_report_aggregates_only=true",
         "--benchmark_format=json"] + options + [corpus],
        capture_output=True, text=True, check=True).stdout
    times = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            operation, _, implementation = b["run_name"].split("/")[:3]
            times[(operation, implementation)] = b["real_time"]
    return times


def medians(binary, operation, implementation, corpus, repetitions):
    stem = os.path.splitext(os.path.basename(corpus))[0]
    pattern = "^{}/{}/({}|plain)/".format(operation, stem, implementation)
    times = {i: t for (_, i), t in row_medians(
        binary, pattern, corpus,
        ["--benchmark_repetitions={}".format(repetitions), "--benchmark_min_time=0.2"]).items()}
    if implementation not in times or "plain" not in times:
        sys.exit("ab.py: {} has no row {}/{}/{}".format(binary, operation, stem, implementation))
    return times


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("operation")
    p.add_argument("implementation")
    p.add_argument("corpora", nargs="+")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--repetitions", type=int, default=3)
    a = p.parse_args()
    print("{} {}: median ms old, new; old/new; plain/old, plain/new".format(a.operation, a.implementation))
    for corpus in a.corpora:
        old, new, plain_old, plain_new = [], [], [], []
        for _ in range(a.rounds):
            x = medians(a.old, a.operation, a.implementation, corpus, a.repetitions)
            y = medians(a.new, a.operation, a.implementation, corpus, a.repetitions)
            old.append(x[a.implementation])
            new.append(y[a.implementation])
            plain_old.append(x["plain"] / x[a.implementation])
            plain_new.append(y["plain"] / y[a.implementation])
        o, n = statistics.median(old), statistics.median(new)
        print("{:24} {:8.2f} {:8.2f}  {:5.2f}  {:5.2f} {:5.2f}".format(
            os.path.splitext(os.path.basename(corpus))[0], o, n, o / n, statistics.median(plain_old),
            statistics.median(plain_new)))


if __name__ == "__main__":
    main()

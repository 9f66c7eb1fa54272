#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
"""Tables and charts from the benchmark's JSON output (standard library only).

    bench/report.py results/gcc12-O3-native.json [more.json ...] --svg-dir doc/images --adoc out.adoc
    bench/report.py new/*.json --before old/ --changes changes.adoc
    bench/report.py results/*.json --uniform uniform.adoc
    bench/report.py results/short-*.json --short short.adoc

For each JSON file (one compiler and set of flags, written by bench/run.sh): an AsciiDoc table per
operation with the median MB/s of every implementation on every corpus and its ratio to the
plain loop of the same run, and one SVG bar chart (log scale) with the same medians. The plain,
view and utfcpp_iterator kernels are timed at several code offsets (names ending in /offset):
their figure is the median over the offsets, and --spreads writes the slowest and fastest
offset's. The UTF-16 operations (decode16, encode16, validate16, utf8_to_utf16, utf16_to_utf8) get tables
of their own after the UTF-8 ones, not charts. The short-input rows (short_OPERATION/corpus/size/
implementation) are left out of all that; --short tabulates them as nanoseconds per call.
"""

import argparse
import json
import math
import os
import re
import statistics
import sys

CORPORA = ["ascii", "latin", "cyrillic_greek", "cjk", "emoji", "mixed", "invalid"]
# Code points of one length (ASCII is the one-unit case), then of random lengths: corpus.hpp.
UNIFORM = ["ascii", "two_units", "three_units", "four_units", "one_or_two_units", "one_to_four_units"]
OPERATIONS = ["decode", "validate", "encode"]
# Throughput counts UTF-16 bytes for the first three and UTF-8 bytes for the transcodings (bench.cpp).
UTF16_OPERATIONS = ["decode16", "encode16", "validate16", "utf8_to_utf16", "utf16_to_utf8"]
UNITS = {"decode16": "MB/s of UTF-16", "encode16": "MB/s of UTF-16 written", "validate16": "MB/s of UTF-16",
         "utf8_to_utf16": "MB/s of UTF-8 read", "utf16_to_utf8": "MB/s of UTF-8 written"}
COLOURS = ["#4d4d4d", "#1f77b4", "#d62728", "#2ca02c", "#98df8a", "#ff7f0e", "#9467bd", "#8c564b"]
# One colour per implementation in every panel and chart, so that a reader matches bars by colour;
# a library's functions share one (they never meet in one panel).
IMPLEMENTATION_COLOURS = {"plain": "#4d4d4d", "view": "#1f77b4", "bulk": "#d62728", "iconv": "#2ca02c",
                          "icu_u8_next": "#98df8a", "icu_u8_append": "#98df8a",
                          "utfcpp_iterator": "#ff7f0e", "utfcpp": "#ff7f0e", "utfcpp_next": "#9467bd"}


def colour(impl, k):
    return IMPLEMENTATION_COLOURS.get(impl, COLOURS[k % len(COLOURS)])


def load(path, spreads=None, short=None):
    """Median MB/s per (operation, corpus, implementation). A placed kernel (a fourth name part,
    its code offset) was timed at several offsets: its figure is the median over them, and
    `spreads`, if given, receives the lowest and highest of the offsets' medians. `short`, if
    given, receives the median nanoseconds per call of each short-input row, keyed by (operation,
    corpus, size, implementation)."""
    with open(path) as f:
        data = json.load(f)
    placed = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        parts = b["run_name"].split("/")
        if parts[0].startswith("short_"):
            if short is not None and b.get("items_per_second"):
                short[(parts[0][len("short_"):], parts[1], int(parts[2]), parts[3])] = 1e9 / b["items_per_second"]
            continue
        key = tuple(parts[:3])
        placed.setdefault(key, []).append(b["bytes_per_second"] / 1e6)
    medians = {key: statistics.median(v) for key, v in placed.items()}
    if spreads is not None:
        spreads.update({key: (min(v), max(v), len(v)) for key, v in placed.items() if len(v) > 1})
    return data["context"], medians


def implementations(medians, op):
    seen = []
    for (o, _, impl) in medians:
        if o == op and impl not in seen:
            seen.append(impl)
    order = ["plain", "view", "bulk"]
    return sorted(seen, key=lambda i: (order.index(i) if i in order else 3, i))


def label(context):
    return "{}, {}".format(context.get("cxx", context.get("compiler", "?")),
                           context.get("cxxflags", context.get("flags", "?")))


def adoc_tables(context, medians):
    out = []
    out.append(".{} (kernels: {}; {} CPUs at {} MHz)".format(
        label(context), context.get("boost_utf_kernels", "?"), context.get("num_cpus", "?"),
        round(context.get("mhz_per_cpu", 0))))
    # Folded: the performance page leads with its charts and summary, not with every figure.
    out.append("[%collapsible]")
    out.append("====")
    for op in OPERATIONS + UTF16_OPERATIONS:
        impls = implementations(medians, op)
        if not impls:
            continue
        corpora = [c for c in CORPORA if (op, c, "plain") in medians]
        out.append("")
        out.append("*{}*: median {} (ratio to the plain loop)".format(op, UNITS.get(op, "MB/s")))
        out.append("")
        out.append('[cols="2,{}",options="header"]'.format(",".join(["2"] * len(impls))))
        out.append("|===")
        out.append("|corpus " + " ".join("|" + i for i in impls))
        for c in corpora:
            base = medians[(op, c, "plain")]
            cells = []
            for i in impls:
                v = medians.get((op, c, i))
                cells.append("|-" if v is None else "|{:,.0f} ({:.2f}x)".format(v, v / base))
            out.append("|" + c + " " + " ".join(cells))
        out.append("|===")
    out.append("====")
    return "\n".join(out)


def spread_table(context, spreads):
    """How far each placed kernel's speed moved with its code offset."""
    if not spreads:
        return ""
    out = [".{}: median MB/s at the fastest and slowest code offset".format(label(context)),
           "[%collapsible]", "===="]
    impls = sorted({i for (_, _, i) in spreads}, key=lambda i: (i != "plain", i))
    out.append('[cols="2,2,{}",options="header"]'.format(",".join(["3"] * len(impls))))
    out.append("|===")
    out.append("|operation |corpus " + " ".join("|" + i for i in impls))
    for op in OPERATIONS + UTF16_OPERATIONS:
        for c in CORPORA:
            if not any((op, c, i) in spreads for i in impls):
                continue
            cells = []
            for i in impls:
                v = spreads.get((op, c, i))
                cells.append("|-" if v is None else "|{:,.0f} to {:,.0f}".format(v[0], v[1]))
            out.append("|{} |{} {}".format(op, c, " ".join(cells)))
    out.append("|===")
    out.append("====")
    return "\n".join(out)


def ratio(medians, op, corpus, impl, base):
    a, b = medians.get((op, corpus, impl)), medians.get((op, corpus, base))
    return None if a is None or b is None else a / b


def shown(r):
    """A ratio as the tables print it; "-" when the run lacks one of its two figures."""
    return "-" if r is None else "{:.2f}".format(r)


def targets(runs):
    """The ratios issue 4 sets targets for, one column per run."""
    rows = []
    for c in CORPORA:
        rows.append(("decode view / plain, " + c, ">= 1.0", lambda m, c=c: ratio(m, "decode", c, "view", "plain")))
    for c in CORPORA:
        rows.append(("encode view / plain, " + c, ">= 1.0", lambda m, c=c: ratio(m, "encode", c, "view", "plain")))
    for c in CORPORA:
        rows.append(("decode view / utfcpp iterator, " + c, ">= 1.3",
                     lambda m, c=c: ratio(m, "decode", c, "view", "utfcpp_iterator")))
    for c in CORPORA:
        rows.append(("encode view / utfcpp utf32to8, " + c, ">= 1.3",
                     lambda m, c=c: ratio(m, "encode", c, "view", "utfcpp")))
    rows.append(("bulk decode / plain, mixed", ">= 3.0 (-O3 -march=native)",
                 lambda m: ratio(m, "decode", "mixed", "bulk", "plain")))
    rows.append(("bulk decode / plain, ascii", ">= 1.3 (-O3 -march=native)",
                 lambda m: ratio(m, "decode", "ascii", "bulk", "plain")))
    rows.append(("bulk validate / plain, lowest over corpora", ">= 12 (-O3 -march=native)",
                 lambda m: min(r for r in (ratio(m, "validate", c, "bulk", "plain") for c in CORPORA) if r)))
    rows.append(("bulk encode / plain, mixed", ">= 2.5 (-O3 -march=native)",
                 lambda m: ratio(m, "encode", "mixed", "bulk", "plain")))
    out = ['[cols="4,2,{}",options="header"]'.format(",".join(["2"] * len(runs))), "|==="]
    out.append("|ratio of medians |target " + " ".join("|" + label(ctx) for ctx, _ in runs))
    for name, target, f in rows:
        cells = " ".join("|" + shown(f(m)) for _, m in runs)
        out.append("|{} |{} {}".format(name, target, cells))
    out.append("|===")
    return "\n".join(out)


def changes(runs, before):
    """The views' ratios to the plain loop in earlier runs and in these, matched by file name."""
    out = ['[cols="2,2,{}",options="header"]'.format(",".join(["3"] * len(runs))), "|==="]
    out.append("|view |corpus " + " ".join("|" + label(ctx) for ctx, _, _ in runs))
    for op in ("decode", "encode"):
        for c in CORPORA:
            cells = []
            for _, m, name in runs:
                old = before.get(name)
                a = None if old is None else ratio(old, op, c, "view", "plain")
                cells.append("|{} -> {}".format(shown(a), shown(ratio(m, op, c, "view", "plain"))))
            out.append("|{} |{} {}".format(op, c, " ".join(cells)))
    out.append("|===")
    return "\n".join(out)


def short_tables(runs):
    """Per short operation: median nanoseconds per call of each implementation, by corpus and
    size, with the plain loop's time divided by it (above 1: faster than the plain loop)."""
    out = []
    for ctx, short in runs:
        ops = []
        for (op, _, _, _) in short:
            if op not in ops:
                ops.append(op)
        for op in ops:
            impls = []
            for (o, _, _, i) in short:
                if o == op and i not in impls:
                    impls.append(i)
            impls.sort(key=lambda i: (i != "plain", i != "bulk", i))
            rows = sorted({(c, n) for (o, c, n, _) in short if o == op},
                          key=lambda r: (CORPORA.index(r[0]) if r[0] in CORPORA else len(CORPORA), r[1]))
            out.append(".short_{}: median ns per call (plain loop's time / this), {}".format(op, label(ctx)))
            out.append('[cols="2,1,{}",options="header"]'.format(",".join(["2"] * len(impls))))
            out.append("|===")
            out.append("|corpus |size " + " ".join("|" + i for i in impls))
            for c, n in rows:
                base = short.get((op, c, n, "plain"))
                cells = []
                for i in impls:
                    v = short.get((op, c, n, i))
                    cells.append("|-" if v is None else "|{:,.0f} ({})".format(
                        v, "-" if base is None else "{:.2f}".format(base / v)))
                out.append("|{} |{} {}".format(c, n, " ".join(cells)))
            out.append("|===")
            out.append("")
    return "\n".join(out)


def uniform(runs):
    """The views' ratios to the plain loop on the uniform corpora, one column per run."""
    out = ['[cols="2,3,{}",options="header"]'.format(",".join(["3"] * len(runs))), "|==="]
    out.append("|view |input " + " ".join("|" + label(ctx) for ctx, _ in runs))
    for op in ("decode", "encode"):
        for c in UNIFORM:
            cells = " ".join("|" + shown(ratio(m, op, c, "view", "plain")) for _, m in runs)
            out.append("|{} |{} {}".format(op, c, cells))
    out.append("|===")
    return "\n".join(out)


def svg_chart(context, medians):
    # Three panels, one per operation; groups of bars per corpus; log scale.
    width, panel_h, left, top = 1100, 220, 70, 40
    panels = [op for op in OPERATIONS if implementations(medians, op)]
    height = top + len(panels) * (panel_h + 70) + 20
    lo, hi = 50.0, max(v for (op, _, _), v in medians.items() if op in panels) * 1.5
    decades = range(int(math.floor(math.log10(lo))), int(math.ceil(math.log10(hi))) + 1)
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" font-family="sans-serif" '
         'font-size="11">'.format(width, height),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="{}" y="20" font-size="14">Boost.UTF benchmark: median MB/s of UTF-8 (log scale) '
         '&#8212; {}</text>'.format(left, escape(label(context)))]
    for n, op in enumerate(panels):
        y0 = top + n * (panel_h + 70)
        impls = implementations(medians, op)
        corpora = [c for c in CORPORA if (op, c, "plain") in medians]
        plot_w = width - left - 20
        group_w = plot_w / len(corpora)
        bar_w = (group_w - 12) / len(impls)

        def y_of(v):
            v = max(v, lo)
            return y0 + panel_h - (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * panel_h

        s.append('<text x="{}" y="{}" font-size="13" font-weight="bold">{}</text>'.format(left, y0 - 6, op))
        for d in decades:
            v = 10.0 ** d
            if v < lo or v > hi:
                continue
            y = y_of(v)
            s.append('<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#ddd"/>'.format(left, y, width - 20, y))
            s.append('<text x="{}" y="{:.1f}" text-anchor="end">{:,.0f}</text>'.format(left - 4, y + 4, v))
        for g, c in enumerate(corpora):
            x0 = left + g * group_w + 6
            for k, impl in enumerate(impls):
                v = medians.get((op, c, impl))
                if v is None:
                    continue
                y = y_of(v)
                s.append('<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}">'
                         '<title>{} {} {}: {:,.0f} MB/s</title></rect>'.format(
                             x0 + k * bar_w, y, bar_w - 1, y0 + panel_h - y, colour(impl, k),
                             op, c, impl, v))
            s.append('<text x="{:.1f}" y="{}" text-anchor="middle">{}</text>'.format(
                x0 + (group_w - 12) / 2, y0 + panel_h + 14, c))
        for k, impl in enumerate(impls):
            x = left + k * 130
            s.append('<rect x="{}" y="{}" width="10" height="10" fill="{}"/>'.format(
                x, y0 + panel_h + 24, colour(impl, k)))
            s.append('<text x="{}" y="{}">{}</text>'.format(x + 14, y0 + panel_h + 33, impl))
    s.append("</svg>")
    return "\n".join(s)


def escape(t):
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+")
    ap.add_argument("--svg-dir", help="write one chart per input, named after it")
    ap.add_argument("--adoc", help="write the tables here (default: standard output)")
    ap.add_argument("--targets", help="write the table of target ratios here")
    ap.add_argument("--before", help="a folder of earlier runs, with the same file names")
    ap.add_argument("--changes", help="with --before: write the views' ratios, then and now, here")
    ap.add_argument("--spreads", help="write how the placed kernels' speed moved with their offset here")
    ap.add_argument("--uniform", help="write the views' ratios on the uniform corpora here")
    ap.add_argument("--short", help="write the short-input rows, as ns per call, here")
    args = ap.parse_args()
    tables = []
    runs = []
    spread_tables = []
    shorts = []
    for path in args.json:
        spreads = {}
        short = {}
        context, medians = load(path, spreads, short)
        runs.append((context, medians))
        shorts.append((context, short))
        spread_tables.append(spread_table(context, spreads))
        tables.append(adoc_tables(context, medians))
        if args.svg_dir and any(implementations(medians, op) for op in OPERATIONS):
            os.makedirs(args.svg_dir, exist_ok=True)
            name = re.sub(r"\.json$", "", os.path.basename(path)) + ".svg"
            with open(os.path.join(args.svg_dir, name), "w") as f:
                f.write(svg_chart(context, medians))
    if args.targets:
        with open(args.targets, "w") as f:
            f.write(targets(runs) + "\n")
    if args.short:
        with open(args.short, "w") as f:
            f.write(short_tables(shorts) + "\n")
    if args.uniform:
        with open(args.uniform, "w") as f:
            f.write(uniform(runs) + "\n")
    if args.spreads:
        with open(args.spreads, "w") as f:
            f.write("\n\n".join(t for t in spread_tables if t) + "\n")
    if args.before and args.changes:
        before = {}
        for path in args.json:
            old = os.path.join(args.before, os.path.basename(path))
            if os.path.exists(old):
                before[os.path.basename(path)] = load(old)[1]
        named = [(ctx, m, os.path.basename(p)) for (ctx, m), p in zip(runs, args.json)]
        with open(args.changes, "w") as f:
            f.write(changes(named, before) + "\n")
    text = "\n\n".join(tables) + "\n"
    if args.adoc:
        with open(args.adoc, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()

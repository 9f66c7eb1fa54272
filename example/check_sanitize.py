#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
"""check_sanitize.py UTF8UTIL VECTORS_JSON

`utf8util sanitize` against Python's own decoder: for every decode vector of VECTORS_JSON, and for
random inputs long enough to span many 64 KiB blocks, `sanitize --replace` must write
bytes.decode('utf-8', errors='replace') and `sanitize --skip` bytes.decode('utf-8',
errors='ignore'), both encoded back to UTF-8, reading a file and reading standard input."""
import json
import random
import subprocess
import sys
import tempfile

tool, vectors = sys.argv[1], sys.argv[2]


def run(args, data, via_stdin):
    if via_stdin:
        r = subprocess.run([tool, "sanitize", *args], input=data, capture_output=True, check=False)
    else:
        with tempfile.NamedTemporaryFile() as f:
            f.write(data)
            f.flush()
            r = subprocess.run([tool, "sanitize", *args, f.name], capture_output=True, check=False)
    if r.returncode != 0:
        sys.exit(f"sanitize {args} exited with {r.returncode}: {r.stderr.decode(errors='replace')}")
    return r.stdout


failures = 0


def check(label, data, via_stdin=False):
    global failures
    for args, errors in ((["--replace"], "replace"), (["--skip"], "ignore")):
        expected = data.decode("utf-8", errors=errors).encode("utf-8")
        got = run(args, data, via_stdin)
        if got != expected:
            failures += 1
            print(f"MISMATCH {label} {args[0]}: input {data[:64].hex(' ')}\n  got      {got[:64].hex(' ')}"
                  f"\n  expected {expected[:64].hex(' ')}")


count = 0
for v in json.load(open(vectors, encoding="utf-8"))["vectors"]:
    if v["direction"] == "decode":
        check(v["id"], bytes.fromhex(v["input_hex"]), via_stdin=count % 2 == 1)
        count += 1

gen = random.Random(14)
pool = bytes([0x0A, 0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0,
              0xF4, 0xF5, 0xFF])
text = "plain text, caf\u00e9, \u041c\u043e\u0441\u043a\u0432\u0430, \u65e5\u672c\u8a9e, \U0001F600\n".encode()
for round_ in range(4):
    parts = []
    while sum(map(len, parts)) < 300_000:
        parts.append(text * gen.randrange(1, 50))
        parts.append(bytes(gen.choice(pool) for _ in range(gen.randrange(0, 6))))
    check(f"random-{round_}", b"".join(parts), via_stdin=round_ % 2 == 1)

print(f"{count} vectors and 4 long random inputs, {failures} mismatches")
sys.exit(1 if failures or count == 0 else 0)

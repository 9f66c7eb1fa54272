#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
"""check_sanitize.py UTF8UTIL VECTORS_JSON

`utf8util sanitize` against Python's own decoder: for every decode vector of VECTORS_JSON, and for
random inputs long enough to span many 64 KiB blocks, `sanitize --replace` must write
bytes.decode('utf-8', errors='replace') and `sanitize --skip` bytes.decode('utf-8',
errors='ignore'), both encoded back to UTF-8, reading a file and reading standard input; and so
for sequences of every kind placed across each boundary where utf8util cuts its input."""
import json
import random
import subprocess
import sys
import tempfile

tool, vectors = sys.argv[1], sys.argv[2]


# via_stdin: False, the file named (mapped); True, a pipe; "file", a file as standard input (read
# in blocks).
def run(args, data, via_stdin):
    if via_stdin is True:
        r = subprocess.run([tool, "sanitize", *args], input=data, capture_output=True, check=False)
    else:
        with tempfile.NamedTemporaryFile() as f:
            f.write(data)
            f.flush()
            if via_stdin:
                f.seek(0)
                r = subprocess.run([tool, "sanitize", *args], stdin=f, capture_output=True, check=False)
            else:
                r = subprocess.run([tool, "sanitize", *args, f.name], capture_output=True, check=False)
    if r.returncode != 0:
        sys.exit(f"sanitize {args} exited with {r.returncode}: {r.stderr.decode(errors='replace')}")
    return r.stdout


failures = 0


def check(label, data, via_stdin=False, strip_bom=False):
    global failures
    for args, errors in ((["--replace"], "replace"), (["--skip"], "ignore")):
        source = data
        if strip_bom:
            args = args + ["--strip-bom"]
            source = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
        expected = source.decode("utf-8", errors=errors).encode("utf-8")
        got = run(args, data, via_stdin)
        if got != expected:
            failures += 1
            print(f"MISMATCH {label} {args[0]}: input {data[:64].hex(' ')}\n  got      {got[:64].hex(' ')}"
                  f"\n  expected {expected[:64].hex(' ')}")


# The decode vectors, one after another with a line feed after each: an ASCII byte ends any
# sequence before it and starts none, so the whole decodes as the vectors one by one would, and
# one run for each way of reading (instead of one per vector) keeps this test quick under the
# sanitizers. A mismatch is looked for vector by vector, to name it.
decode_vectors = [(v["id"], bytes.fromhex(v["input_hex"]))
                  for v in json.load(open(vectors, encoding="utf-8"))["vectors"] if v["direction"] == "decode"]
count = len(decode_vectors)
joined = b"".join(data + b"\n" for _, data in decode_vectors)
for via_stdin in (False, True, "file"):
    before = failures
    check(f"all {count} decode vectors", joined, via_stdin=via_stdin)
    if failures != before:
        for label, data in decode_vectors:
            check(label, data, via_stdin=via_stdin)

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

# A sequence, well-formed or not, across the boundaries where utf8util cuts its input: the 64 KiB
# blocks it reads, and the 1 MiB pieces of a mapped file it sanitizes at a time. Each sequence
# starts at every one of the four bytes before a boundary, in ASCII and after a 3-byte sequence.
sequences = [b"\xc3\xa9", b"\xe6\x97\xa5", b"\xf0\x9f\x98\x80", b"\xc3", b"\xe6\x97", b"\xf0\x9f\x98",
             b"\x80", b"\xc0\xaf", b"\xe0\x80\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xff", b"\xef\xbb\xbf"]
boundaries = [1 << 16, 2 << 16, 1 << 20]
size = boundaries[-1] + 64
for filler in (b"a", "\u65e5".encode()):
    for k, seq in enumerate(sequences):
        for before in range(1, 5):
            data = bytearray((filler * (size // len(filler) + 1))[:size])
            for b in boundaries:
                data[b - before:b - before + len(seq)] = seq
            check(f"boundaries-{filler.hex()}-{k}-{before}", bytes(data),
                  via_stdin=[False, True, "file"][(k + before) % 3])

# Each kind of sequence as the last bytes of the input: a cut one is an error only at the end.
for seq in sequences:
    for via_stdin in (False, True, "file"):
        check(f"at-the-end-{seq.hex()}", b"text " + seq, via_stdin=via_stdin)
check("boundaries-bom", b"\xef\xbb\xbf" + bytes(data[3:]), strip_bom=True)
check("boundaries-bom-stdin", b"\xef\xbb\xbf" + bytes(data[3:]), via_stdin=True, strip_bom=True)
check("boundaries-bom-stdin-file", b"\xef\xbb\xbf" + bytes(data[3:]), via_stdin="file", strip_bom=True)
check("only-a-bom", b"\xef\xbb\xbf", strip_bom=True)
check("half-a-bom", b"\xef\xbb", via_stdin=True, strip_bom=True)

print(f"{count} vectors, 4 long random inputs and the block boundaries, {failures} mismatches")
sys.exit(1 if failures or count == 0 else 0)

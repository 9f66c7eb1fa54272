// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
//
// Times Node's buffer.isUtf8, which is simdutf's validate_utf8 (Node 18.14 and later), on each
// file: one JSON line per file with the median wall time of REPS calls. simdutf picks its kernel
// at first use; SIMDUTF_FORCE_IMPLEMENTATION (fallback, westmere, haswell, icelake) forces one.
//
//   node bench/node_is_utf8.js REPS FILE...
'use strict';
const fs = require('fs');
const { isUtf8 } = require('buffer');
const reps = Number(process.argv[2]);
for (const file of process.argv.slice(3)) {
  const bytes = fs.readFileSync(file);
  const times = [];
  for (let i = 0; i < reps; ++i) {
    const start = process.hrtime.bigint();
    const valid = isUtf8(bytes);
    const stop = process.hrtime.bigint();
    if (!valid) throw new Error(`${file} is not well-formed UTF-8`);
    times.push(Number(stop - start));
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ file, bytes: bytes.length, median_ns: times[reps >> 1],
                               simdutf: process.versions.simdutf || 'unknown' }));
}

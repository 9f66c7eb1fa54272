// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_VECTORS_HPP
#define BOOST_UTF_TEST_VECTORS_HPP

// The external test vectors of test/data/vectors.json (see test/data/README.md), read once into
// plain structs, so that no test parses JSON itself. Include after <boost/test/unit_test.hpp>.
//
//   for (test::decode_vector const& v : test::decode_vectors())
//       BOOST_TEST_CONTEXT(v.id) { ... v.input ... v.replaced ... v.error_spans ... }

#include "corpus_files.hpp"
#include "json.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace test {

// One maximal subpart: where it starts and how many code units it has.
struct error_span
{
    std::size_t offset;
    std::size_t length;
};

struct decode_vector
{
    std::string id;
    std::string input; // the bytes
    bool valid;        // well-formed UTF-8
    // One U+FFFD per maximal subpart. Where the source follows another practice
    // (follows_maximal_subparts false), this is the maximal-subpart result, not the source's.
    std::u32string replaced;
    std::u32string skipped; // ill-formed subparts dropped
    // Every maximal subpart, in order; the first is where a throwing decoder stops (the file's
    // first_error_offset, checked equal when read).
    std::vector<error_span> error_spans;
    bool follows_maximal_subparts;
    // Streaming cases: the pieces the source fed one at a time (their concatenation is input).
    std::vector<std::string> chunks;
};

struct encode_vector
{
    std::string id;
    std::vector<std::uint32_t> input; // may hold surrogates and values above 10FFFF
    bool valid;                       // scalar values only
    std::string replaced;             // bytes: each non-scalar value as EF BF BD
    std::string skipped;              // bytes: non-scalar values dropped
};

namespace detail {

// "C0 AF 41" -> bytes
inline std::string vector_bytes(std::string const& hex)
{
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 3)
        out.push_back(static_cast<char>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    return out;
}

// ["0041", "FFFD"] -> the code points
inline std::vector<std::uint32_t> vector_values(json const& list)
{
    std::vector<std::uint32_t> out;
    for (json const& h : list.a)
        out.push_back(static_cast<std::uint32_t>(std::stoul(h.s, nullptr, 16)));
    return out;
}

inline std::u32string vector_code_points(json const& list)
{
    std::vector<std::uint32_t> const v = vector_values(list);
    return std::u32string(v.begin(), v.end());
}

struct all_vectors
{
    std::vector<decode_vector> decode;
    std::vector<encode_vector> encode;

    all_vectors()
    {
        json const doc = json::parse(read_corpus("vectors.json"));
        for (json const& v : doc.at("vectors").a)
        {
            if (v.at("direction").s == "decode")
            {
                decode_vector d;
                d.id = v.at("id").s;
                d.input = vector_bytes(v.at("input_hex").s);
                d.valid = v.at("valid").b;
                d.follows_maximal_subparts = v.at("follows_maximal_subparts").b;
                d.replaced = vector_code_points(
                    d.follows_maximal_subparts ? v.at("expected_replace") : v.at("maximal_subparts_replace"));
                d.skipped = vector_code_points(v.at("expected_skip"));
                for (json const& span : v.at("error_spans").a)
                    d.error_spans.push_back(
                        {static_cast<std::size_t>(span.a.at(0).n), static_cast<std::size_t>(span.a.at(1).n)});
                json const& first = v.at("first_error_offset");
                if ((first.kind == json::null) != d.error_spans.empty() ||
                    (first.kind != json::null && static_cast<std::size_t>(first.n) != d.error_spans[0].offset))
                    throw std::runtime_error("vectors.json: " + d.id + ": first_error_offset is not the first span");
                if (json const* chunks = v.find("chunks_hex"))
                    for (json const& c : chunks->a)
                        d.chunks.push_back(vector_bytes(c.s));
                decode.push_back(std::move(d));
            }
            else
            {
                encode_vector e;
                e.id = v.at("id").s;
                e.input = vector_values(v.at("input_cps"));
                e.valid = v.at("valid").b;
                e.replaced = vector_bytes(v.at("expected_replace_bytes_hex").s);
                e.skipped = vector_bytes(v.at("expected_skip_bytes_hex").s);
                encode.push_back(std::move(e));
            }
        }
    }
};

inline all_vectors const& vectors()
{
    static all_vectors const all;
    return all;
}

} // namespace detail

// The 650 decoding vectors, in the file's order.
inline std::vector<decode_vector> const& decode_vectors()
{
    return detail::vectors().decode;
}

// The 32 encoding vectors, in the file's order.
inline std::vector<encode_vector> const& encode_vectors()
{
    return detail::vectors().encode;
}

} // namespace test

#endif // BOOST_UTF_TEST_VECTORS_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// External test material nobody on the team wrote: test/data/vectors.json (650 decode and 32
// encode vectors from Unicode, WHATWG, ICU, CPython, Rust, simdutf, utfcpp and Kuhn) and Markus
// Kuhn's stress test against its golden outputs. Provenance and licences: test/data/README.md.

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE corpora
#include <boost/test/unit_test.hpp>

#include "corpus_files.hpp"
#include "json.hpp"
#include "test_support.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {

test::json const& vectors()
{
    static test::json const doc = test::json::parse(test::read_corpus("vectors.json"));
    return doc;
}

// ["0041", "FFFD"] -> "U+0041 U+FFFD"
std::string cps_of(test::json const& list)
{
    std::u32string out;
    for (auto const& h : list.a)
        out += static_cast<char32_t>(std::stoul(h.s, nullptr, 16));
    return test::cps(out);
}

// Where throw_on_error stops: the offset, or "none".
std::string first_error_offset(std::string const& in)
{
    std::string const e = test::first_error(in);
    return e == "none" ? e : e.substr(e.find('@') + 1);
}

} // namespace

BOOST_AUTO_TEST_CASE(vector_file_is_complete)
{
    auto const& all = vectors().at("vectors").a;
    std::size_t decode = 0, encode = 0;
    for (auto const& v : all)
        (v.at("direction").s == "decode" ? decode : encode) += 1;
    BOOST_TEST(decode == 650u);
    BOOST_TEST(encode == 32u);
}

BOOST_AUTO_TEST_CASE(decode_vectors)
{
    for (auto const& v : vectors().at("vectors").a)
    {
        if (v.at("direction").s != "decode")
            continue;
        BOOST_TEST_CONTEXT(v.at("id").s)
        {
            std::string const in = test::bytes(v.at("input_hex").s);
            // Where the source follows another practice, the maximal-subpart result is beside it.
            test::json const& replaced =
                v.at("follows_maximal_subparts").b ? v.at("expected_replace") : v.at("maximal_subparts_replace");
            std::string const expected = cps_of(replaced);
            std::string const expected_skip = cps_of(v.at("expected_skip"));

            BOOST_TEST(test::cps(test::forward(in | views::utf8)) == expected);
            BOOST_TEST(test::cps(test::backward(in | views::utf8)) == expected);
            BOOST_TEST(test::cps(test::forward(in | views::utf8(utf::skip_on_error))) == expected_skip);
            BOOST_TEST(test::cps(test::backward(in | views::utf8(utf::skip_on_error))) == expected_skip);

            // Through a single-pass range: same output, same error offsets.
            test::test_range<std::input_iterator_tag, char, false> single_pass(in.data(), in.data() + in.size());
            BOOST_TEST(test::cps(test::forward(single_pass | views::utf8)) == expected);

            // Every maximal subpart, where it starts and how long it is.
            std::vector<utf::error_info> log;
            test::forward(in | views::utf8(test::recording_policy{&log}));
            std::string spans;
            for (auto const& s : v.at("error_spans").a)
                spans += (spans.empty() ? "" : " ") + std::to_string(static_cast<long>(s.a[0].n)) + '+' +
                         std::to_string(static_cast<long>(s.a[1].n));
            std::string seen;
            for (auto const& e : log)
                seen += (seen.empty() ? "" : " ") + std::to_string(e.offset) + '+' + std::to_string(e.length);
            BOOST_TEST(seen == spans);

            // Walking back from the end, throw_on_error stops at the last subpart. (Not through
            // begin(), which would throw first when the input starts with an error.)
            std::string last_error = "none";
            try
            {
                auto back = in | views::utf8(utf::throw_on_error);
                for (auto it = back.end(); it.base() != in.begin();)
                    --it;
            }
            catch (utf::utf_error const& e)
            {
                last_error = std::to_string(e.offset());
            }
            auto const& all_spans = v.at("error_spans").a;
            BOOST_TEST(last_error ==
                       (all_spans.empty() ? "none" : std::to_string(static_cast<long>(all_spans.back().a[0].n))));

            test::json const& first = v.at("first_error_offset");
            std::string const expected_first =
                first.kind == test::json::null ? "none" : std::to_string(static_cast<long>(first.n));
            BOOST_TEST(first_error_offset(in) == expected_first);
            BOOST_TEST((first.kind == test::json::null) == v.at("valid").b);
        }
    }
}

BOOST_AUTO_TEST_CASE(encode_vectors)
{
    for (auto const& v : vectors().at("vectors").a)
    {
        if (v.at("direction").s != "encode")
            continue;
        BOOST_TEST_CONTEXT(v.at("id").s)
        {
            std::vector<std::uint32_t> in;
            for (auto const& h : v.at("input_cps").a)
                in.push_back(static_cast<std::uint32_t>(std::stoul(h.s, nullptr, 16)));
            std::string const replaced = test::hex(test::bytes(v.at("expected_replace_bytes_hex").s));
            std::string const skipped = test::hex(test::bytes(v.at("expected_skip_bytes_hex").s));
            BOOST_TEST(test::hex(test::forward(in | views::utf32_to_utf8)) == replaced);
            BOOST_TEST(test::hex(test::backward(in | views::utf32_to_utf8)) == replaced);
            BOOST_TEST(test::hex(test::forward(in | views::utf32_to_utf8(utf::skip_on_error))) == skipped);
            BOOST_TEST(test::hex(test::backward(in | views::utf32_to_utf8(utf::skip_on_error))) == skipped);
            bool threw = false;
            try
            {
                test::forward(in | views::utf32_to_utf8(utf::throw_on_error));
            }
            catch (utf::utf_error const&)
            {
                threw = true;
            }
            BOOST_TEST(threw == !v.at("valid").b);
        }
    }
}

namespace {

// Decodes with `policy` and writes the result back as UTF-8, the form of the golden files.
template<class Policy>
std::string transcode(std::string const& in, Policy policy)
{
    auto const cps = test::forward(in | views::utf8(policy));
    auto const units = test::forward(cps | views::utf32_to_utf8_as<char>(utf::throw_on_error));
    return std::string(units.begin(), units.end());
}

} // namespace

BOOST_AUTO_TEST_CASE(kuhn_stress_test_replace)
{
    std::string const in = test::read_corpus("kuhn/UTF-8-test.txt");
    std::string const golden = test::read_corpus("kuhn/UTF-8-test.replace.txt");
    BOOST_TEST(in.size() == 22781u);
    BOOST_TEST(transcode(in, utf::replace_on_error) == golden);

    std::size_t replaced = 0;
    for (char32_t c : in | views::utf8)
        replaced += c == U'\uFFFD';
    // 378 maximal subparts, plus the one well-formed U+FFFD of line 2.3.4
    BOOST_TEST(replaced == 379u);

    auto v = in | views::utf8;
    BOOST_TEST(test::cps(test::backward(v)) == test::cps(test::forward(v)));
}

BOOST_AUTO_TEST_CASE(kuhn_stress_test_skip)
{
    std::string const in = test::read_corpus("kuhn/UTF-8-test.txt");
    BOOST_TEST(transcode(in, utf::skip_on_error) == test::read_corpus("kuhn/UTF-8-test.skip.txt"));
    auto v = in | views::utf8(utf::skip_on_error);
    BOOST_TEST(test::cps(test::backward(v)) == test::cps(test::forward(v)));
}

BOOST_AUTO_TEST_CASE(kuhn_stress_test_throw)
{
    std::string const in = test::read_corpus("kuhn/UTF-8-test.txt");
    std::string const golden = test::read_corpus("kuhn/UTF-8-test.replace.txt");
    // The golden text equals the input up to the first replacement (a well-formed U+FFFD only
    // comes later, in section 2.3), so that is where the first error is.
    std::size_t const first = golden.find("\xEF\xBF\xBD");
    BOOST_TEST_REQUIRE(first != std::string::npos);
    BOOST_TEST(in.compare(0, first, golden, 0, first) == 0);
    BOOST_TEST(first_error_offset(in) == std::to_string(first));
}

BOOST_AUTO_TEST_CASE(kuhn_stress_test_through_a_single_pass_range)
{
    std::string const in = test::read_corpus("kuhn/UTF-8-test.txt");
    test::test_range<std::input_iterator_tag, char, false> r(in.data(), in.data() + in.size());
    BOOST_TEST(test::cps(test::forward(r | views::utf8)) == test::cps(test::forward(in | views::utf8)));
}

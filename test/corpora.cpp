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
#include "test_support.hpp"
#include "vectors.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {

// Where throw_on_error stops: the offset, or "none".
std::string first_error_offset(std::string const& in)
{
    std::string const e = test::first_error(in);
    return e == "none" ? e : e.substr(e.find('@') + 1);
}

} // namespace

BOOST_AUTO_TEST_CASE(vector_file_is_complete)
{
    BOOST_TEST(test::decode_vectors().size() == 650u);
    BOOST_TEST(test::encode_vectors().size() == 32u);
}

BOOST_AUTO_TEST_CASE(decode_vectors)
{
    for (test::decode_vector const& v : test::decode_vectors())
    {
        BOOST_TEST_CONTEXT(v.id)
        {
            std::string const& in = v.input;
            std::string const expected = test::cps(v.replaced);
            std::string const expected_skip = test::cps(v.skipped);

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
            // Each span appended (a string put before a temporary's makes g++ 12 warn falsely
            // of overlapping copies at -O2 and above: -Wrestrict).
            auto const add_span = [](std::string& to, std::size_t offset, std::size_t length) {
                if (!to.empty())
                    to += ' ';
                to += std::to_string(offset) + '+' + std::to_string(length);
            };
            for (test::error_span const& s : v.error_spans)
                add_span(spans, s.offset, s.length);
            std::string seen;
            for (auto const& e : log)
                add_span(seen, e.offset, e.length);
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
            BOOST_TEST(last_error == (v.error_spans.empty() ? "none" : std::to_string(v.error_spans.back().offset)));

            BOOST_TEST(first_error_offset(in) ==
                       (v.error_spans.empty() ? "none" : std::to_string(v.error_spans.front().offset)));
            BOOST_TEST(v.error_spans.empty() == v.valid);
        }
    }
}

BOOST_AUTO_TEST_CASE(encode_vectors)
{
    for (test::encode_vector const& v : test::encode_vectors())
    {
        BOOST_TEST_CONTEXT(v.id)
        {
            std::vector<std::uint32_t> const& in = v.input;
            std::string const replaced = test::hex(v.replaced);
            std::string const skipped = test::hex(v.skipped);
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
            BOOST_TEST(threw == !v.valid);
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

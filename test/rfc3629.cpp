// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Every example RFC 3629 gives, and every range boundary of its section 4 ABNF, through both views
// and all three policies.

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE rfc3629
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"

#include <string>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;
using utf::error_kind;

namespace {

std::string decode(std::string const& in) { return test::cps(test::forward(in | views::utf8)); }

std::string decode_skip(std::string const& in)
{
    return test::cps(test::forward(in | views::utf8(utf::skip_on_error)));
}

std::string encode(std::u32string const& in) { return test::hex(test::forward(in | views::utf32_to_utf8)); }

// A well-formed example: decodes to `cps`, encodes back to the same bytes, in both directions.
void check_well_formed(char const* hex, char const* cps, std::u32string const& code_points)
{
    std::string const in = test::bytes(hex);
    BOOST_TEST(decode(in) == cps);
    BOOST_TEST(decode_skip(in) == cps);
    BOOST_TEST(test::first_error(in) == "none");
    BOOST_TEST(test::cps(test::backward(in | views::utf8)) == cps);
    BOOST_TEST(encode(code_points) == hex);
}

} // namespace

// Section 7: examples.
BOOST_AUTO_TEST_CASE(section_7_examples)
{
    // "A<NOT IDENTICAL TO><ALPHA>."
    check_well_formed("41 E2 89 A2 CE 91 2E", "U+0041 U+2262 U+0391 U+002E", U"A\u2262\u0391.");
    // "hangugeo", Korean for "the Korean language"
    check_well_formed("ED 95 9C EA B5 AD EC 96 B4", "U+D55C U+AD6D U+C5B4", U"\uD55C\uAD6D\uC5B4");
    // "nihongo", Japanese for "the Japanese language"
    check_well_formed("E6 97 A5 E6 9C AC E8 AA 9E", "U+65E5 U+672C U+8A9E", U"\u65E5\u672C\u8A9E");
    // a byte order mark, then U+233B4 (a Chinese character meaning 'stump of tree')
    check_well_formed("EF BB BF F0 A3 8E B4", "U+FEFF U+233B4", U"\uFEFF\U000233B4");
}

// Section 6: a BOM is a character like any other here; the views never strip it.
BOOST_AUTO_TEST_CASE(section_6_bom_is_kept)
{
    BOOST_TEST(decode(test::bytes("EF BB BF")) == "U+FEFF");
    BOOST_TEST(decode(test::bytes("EF BB BF EF BB BF 41")) == "U+FEFF U+FEFF U+0041");
    BOOST_TEST(encode(U"\uFEFFA") == "EF BB BF 41");
}

// Section 3: decoders must not accept overlong forms or encoded surrogates.
BOOST_AUTO_TEST_CASE(section_3_overlong_nul_is_not_nul)
{
    std::string const in = test::bytes("C0 80");
    BOOST_TEST(decode(in) == "U+FFFD U+FFFD");
    BOOST_TEST(decode_skip(in) == "");
    BOOST_TEST(test::first_error(in) == "overlong@0");
}

BOOST_AUTO_TEST_CASE(section_3_surrogate_pair_is_not_u233b4)
{
    std::string const in = test::bytes("ED A1 8C ED BE B4");
    BOOST_TEST(decode(in) == "U+FFFD U+FFFD U+FFFD U+FFFD U+FFFD U+FFFD");
    BOOST_TEST(decode_skip(in) == "");
    BOOST_TEST(test::first_error(in) == "surrogate@0");
    BOOST_TEST(encode(U"\U000233B4") == "F0 A3 8E B4");
    std::vector<std::uint32_t> const halves = {0xD84C, 0xDFB4};
    BOOST_TEST(test::hex(test::forward(halves | views::utf32_to_utf8)) == "EF BF BD EF BF BD");
}

// Section 10: "/../" smuggled in with an overlong dot must not come out as "/../".
BOOST_AUTO_TEST_CASE(section_10_overlong_dot_does_not_become_a_path)
{
    std::string const in = test::bytes("2F C0 AE 2E 2F");
    BOOST_TEST(decode(in) == "U+002F U+FFFD U+FFFD U+002E U+002F");
    BOOST_TEST(decode_skip(in) == "U+002F U+002E U+002F"); // "/./": the dot pair never forms
    BOOST_TEST(test::first_error(in) == "overlong@1");
}

// Section 4: each edge of the ABNF, on both sides.
BOOST_AUTO_TEST_CASE(section_4_abnf_boundaries)
{
    struct row
    {
        char const* bytes;
        char const* replaced;
        char const* first_error;
    };
    row const rows[] = {
        {"7F", "U+007F", "none"},
        {"80", "U+FFFD", "unexpected_continuation@0"},
        {"C1 BF", "U+FFFD U+FFFD", "overlong@0"},
        {"C2 80", "U+0080", "none"},
        {"DF BF", "U+07FF", "none"},
        {"DF C0", "U+FFFD U+FFFD", "truncated@0"},
        {"E0 9F BF", "U+FFFD U+FFFD U+FFFD", "overlong@0"},
        {"E0 A0 80", "U+0800", "none"},
        {"ED 9F BF", "U+D7FF", "none"},
        {"ED A0 80", "U+FFFD U+FFFD U+FFFD", "surrogate@0"},
        {"EF BF BF", "U+FFFF", "none"},
        {"F0 8F BF BF", "U+FFFD U+FFFD U+FFFD U+FFFD", "overlong@0"},
        {"F0 90 80 80", "U+10000", "none"},
        {"F4 8F BF BF", "U+10FFFF", "none"},
        {"F4 90 80 80", "U+FFFD U+FFFD U+FFFD U+FFFD", "out_of_range@0"},
        {"F5 80 80 80", "U+FFFD U+FFFD U+FFFD U+FFFD", "out_of_range@0"},
    };
    for (row const& r : rows)
    {
        BOOST_TEST_CONTEXT(r.bytes)
        {
            std::string const in = test::bytes(r.bytes);
            BOOST_TEST(decode(in) == r.replaced);
            BOOST_TEST(test::cps(test::backward(in | views::utf8)) == r.replaced);
            BOOST_TEST(test::first_error(in) == r.first_error);
        }
    }
}

// The encoder's side of the same edges.
BOOST_AUTO_TEST_CASE(section_4_encoder_boundaries)
{
    std::vector<std::int64_t> const in = {0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF,
                                          0xD800, 0xDFFF, 0x110000, -1};
    std::vector<utf::error_info> log;
    BOOST_TEST(test::hex(test::forward(in | views::utf32_to_utf8(test::recording_policy{&log}))) ==
               "7F C2 80 DF BF E0 A0 80 EF BF BF F0 90 80 80 F4 8F BF BF "
               "EF BF BD EF BF BD EF BF BD EF BF BD");
    BOOST_TEST(test::describe(log) == "surrogate@7+1 surrogate@8+1 out_of_range@9+1 out_of_range@10+1");
}

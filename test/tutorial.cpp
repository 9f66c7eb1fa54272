// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The snippets of doc/tutorial.adoc, which includes the tagged regions below, compiled and run so
// that the tutorial stays true. Each snippet is a function or a block the way a user would write
// it; the test cases after them feed them known input and check what comes out. Snippets that
// need std::views are C++20 only; those that use range-v3 run in both standards.

// tag::decode_file[]
#include <boost/utf.hpp>
#include <fstream>
#include <iterator>
#include <string>

// Reads the whole file, then decodes it; ill-formed bytes become U+FFFD.
std::u32string decode_file(char const* path)
{
    std::ifstream file(path, std::ios::binary);
    using file_bytes = std::istreambuf_iterator<char>;
    std::string const bytes{file_bytes(file), file_bytes()};

    std::u32string text;
    for (char32_t c : bytes | boost::utf::views::utf8)
        text += c;
    return text;
}
// end::decode_file[]

#define BOOST_TEST_MODULE tutorial
#include <boost/test/unit_test.hpp>

#include <range/v3/range/conversion.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/subrange.hpp>
#include <range/v3/view/take.hpp>
#include <range/v3/view/transform.hpp>

#include <cstdint>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <vector>

#if BOOST_UTF_STD_RANGES
#include <algorithm>
#include <ranges>
#endif

// tag::decode_file_fast[]
// The same, in one call that works on whole blocks (see "Speed" below).
std::u32string decode_file_fast(char const* path)
{
    std::ifstream file(path, std::ios::binary);
    using file_bytes = std::istreambuf_iterator<char>;
    std::string const bytes{file_bytes(file), file_bytes()};
    return boost::utf::to<std::u32string>(bytes | boost::utf::views::utf8);
}
// end::decode_file_fast[]

#if BOOST_UTF_STD_RANGES
// tag::decode_stdin[]
// Prints the code points of standard input as they arrive: nothing is read before it is
// needed, and nothing is kept, so the input may be of any length.
void print_code_points(std::istream& in = std::cin, std::ostream& out = std::cout)
{
    using stream_bytes = std::istreambuf_iterator<char>;
    std::ranges::subrange bytes{stream_bytes(in), stream_bytes()};
    for (char32_t c : bytes | boost::utf::views::utf8)
        out << "U+" << std::hex << std::uppercase << std::setw(4) << std::setfill('0')
            << std::uint32_t{c} << '\n';
}
// end::decode_stdin[]
#else
// tag::decode_stdin_cxx17[]
// C++17: the same with range-v3's subrange.
void print_code_points(std::istream& in = std::cin, std::ostream& out = std::cout)
{
    using stream_bytes = std::istreambuf_iterator<char>;
    ranges::subrange bytes{stream_bytes(in), stream_bytes()};
    for (char32_t c : bytes | boost::utf::views::utf8)
        out << "U+" << std::hex << std::uppercase << std::setw(4) << std::setfill('0')
            << std::uint32_t{c} << '\n';
}
// end::decode_stdin_cxx17[]
#endif

// tag::offsets[]
// Where each code point starts, in bytes: it.base() is the underlying iterator at the code
// point's first byte.
std::vector<std::size_t> code_point_offsets(std::string const& bytes)
{
    std::vector<std::size_t> offsets;
    auto const code_points = bytes | boost::utf::views::utf8;
    for (auto it = code_points.begin(); it != code_points.end(); ++it)
        offsets.push_back(static_cast<std::size_t>(it.base() - bytes.begin()));
    return offsets;
}
// end::offsets[]

// tag::count_errors[]
// A policy is an object callable with the error's description (kind, offset, length, value)
// that returns what to put in the error's place. This one counts the errors and writes '?'.
// Policies are copied into iterators, so the count lives outside, behind a pointer.
struct count_errors
{
    std::size_t* count = nullptr;

    char32_t operator()(boost::utf::error_info const&) const noexcept
    {
        ++*count;
        return U'?';
    }
};
// end::count_errors[]

// tag::log_errors[]
// A policy that keeps a record of each error and drops it from the output.
struct log_errors
{
    std::vector<boost::utf::error_info>* log = nullptr;

    char32_t operator()(boost::utf::error_info const& e) const
    {
        log->push_back(e);
        return boost::utf::no_replacement; // nothing in the output for it
    }
};
// end::log_errors[]


namespace views = boost::utf::views;

namespace {

// A file of known bytes in the current directory, removed at the end of the test.
struct scratch_file
{
    char const* path;
    scratch_file(char const* name, std::string const& bytes) : path(name)
    {
        std::ofstream(path, std::ios::binary) << bytes;
    }
    ~scratch_file() { std::remove(path); }
};

} // namespace

BOOST_AUTO_TEST_CASE(decode_a_file)
{
    scratch_file const file("tutorial_decode_a_file.txt", "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xC0\xAF\n");
    std::u32string const want = U"caf\u00e9 \U0001F375 \uFFFD\uFFFD\n";
    BOOST_TEST((decode_file(file.path) == want));
    BOOST_TEST((decode_file_fast(file.path) == want));
}

BOOST_AUTO_TEST_CASE(decode_standard_input)
{
    // An ill-formed byte, then the start of a sequence cut short by the end of the input.
    std::istringstream in("A\xC3\xA9\xFF\xF0\x9F");
    std::ostringstream out;
    print_code_points(in, out);
    BOOST_TEST(out.str() == "U+0041\nU+00E9\nU+FFFD\nU+FFFD\n");
}

BOOST_AUTO_TEST_CASE(byte_offsets)
{
    BOOST_TEST((code_point_offsets("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80!") ==
                std::vector<std::size_t>{0, 1, 3, 6, 10}));
}

BOOST_AUTO_TEST_CASE(policies)
{
    std::string const bytes = "ok \xC0\xAF \xED\xA0\x80 end";

    // tag::use_count_errors[]
    std::size_t errors = 0;
    std::u32string text;
    for (char32_t c : bytes | boost::utf::views::utf8(count_errors{&errors}))
        text += c;
    // text == U"ok ?? ??? end", errors == 5: C0 and AF are two maximal subparts, and so are
    // each of ED, A0 and 80 (an encoded surrogate is no prefix of a well-formed sequence)
    // end::use_count_errors[]
    BOOST_TEST((text == U"ok ?? ??? end"));
    BOOST_TEST(errors == 5u);

    // tag::use_log_errors[]
    std::vector<boost::utf::error_info> log;
    std::u32string clean;
    for (char32_t c : bytes | boost::utf::views::utf8(log_errors{&log}))
        clean += c;
    // clean == U"ok   end"; log[0].kind == error_kind::overlong, log[0].offset == 3,
    // log[2].kind == error_kind::surrogate, log[2].offset == 6
    // end::use_log_errors[]
    BOOST_TEST((clean == U"ok   end"));
    BOOST_REQUIRE(log.size() == 5u);
    BOOST_TEST((log[0].kind == boost::utf::error_kind::overlong));
    BOOST_TEST(log[0].offset == 3u);
    BOOST_TEST((log[1].kind == boost::utf::error_kind::unexpected_continuation));
    BOOST_TEST((log[2].kind == boost::utf::error_kind::surrogate));
    BOOST_TEST(log[2].offset == 6u);

    // tag::throw_on_error[]
    try
    {
        std::u32string strict;
        for (char32_t c : bytes | boost::utf::views::utf8(boost::utf::throw_on_error))
            strict += c;
    }
    catch (boost::utf::utf_error const& e)
    {
        // e.kind() == error_kind::overlong, e.offset() == 3,
        // e.what() == "boost::utf: overlong at offset 3"
        // end::throw_on_error[]
        BOOST_TEST((e.kind() == boost::utf::error_kind::overlong));
        BOOST_TEST(e.offset() == 3u);
        BOOST_TEST(std::string(e.what()) == "boost::utf: overlong at offset 3");
        return;
    }
    BOOST_ERROR("throw_on_error did not throw");
}

BOOST_AUTO_TEST_CASE(pipelines_with_range_v3)
{
    std::string const bytes = "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xC0 world";

    // tag::range_v3[]
    namespace rv = ranges::views;

    // Decode, keep the letters that are not ASCII, collect them.
    auto const not_ascii = [](char32_t c) { return c >= 0x80 && c != 0xFFFD; };
    auto const greek = bytes | views::utf8 | rv::filter(not_ascii)
                       | ranges::to<std::u32string>();
    // greek == U"κόσμε"

    // Decode the first four bytes only: range-v3 on the left of views::utf8.
    auto const first = bytes | rv::take(4) | views::utf8 | ranges::to<std::u32string>();
    // first == U"κό"

    // Upper-case the ASCII letters, and encode back to UTF-8.
    auto const upper = [](char32_t c) -> char32_t {
        return c >= U'a' && c <= U'z' ? c - 32 : c;
    };
    auto const shout = bytes | views::utf8 | rv::transform(upper)
                       | views::utf32_to_utf8_as<char> | ranges::to<std::string>();
    // shout == "κόσμε \xEF\xBF\xBD WORLD": the ill-formed C0 became U+FFFD on the way
    // end::range_v3[]

    BOOST_TEST((greek == U"\u03ba\u03cc\u03c3\u03bc\u03b5"));
    BOOST_TEST((first == U"\u03ba\u03cc"));
    BOOST_TEST(shout == "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xEF\xBF\xBD WORLD");
}

#if BOOST_UTF_STD_RANGES
BOOST_AUTO_TEST_CASE(pipelines_with_std_views)
{
    std::string const bytes = "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xC0 world";

    // tag::std_views[]
    // Decode, keep the letters that are not ASCII, take the first three.
    auto letters = bytes | views::utf8 |
                   std::views::filter([](char32_t c) { return c >= 0x80 && c != 0xFFFD; }) |
                   std::views::take(3);
    std::u32string first_three;
    std::ranges::copy(letters, std::back_inserter(first_three));
    // first_three == U"κόσ"

    // Find a code point, and where it starts in the bytes.
    auto const text = bytes | views::utf8;
    auto const w = std::ranges::find(text, U'w');
    std::size_t const offset = static_cast<std::size_t>(w.base() - bytes.begin()); // 13

    // Walk backwards: the views are bidirectional over a bidirectional range.
    std::u32string backwards;
    auto const last_five = text | std::views::reverse | std::views::take(5);
    std::ranges::copy(last_five, std::back_inserter(backwards));
    // backwards == U"dlrow"
    // end::std_views[]

    BOOST_TEST((first_three == U"\u03ba\u03cc\u03c3"));
    BOOST_TEST(offset == 13u);
    BOOST_TEST((backwards == U"dlrow"));
}
#endif

BOOST_AUTO_TEST_CASE(speed)
{
    std::string const bytes = "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xC0\xAF";

    // tag::speed[]
    // Check a whole buffer: far faster than walking a view.
    bool const valid = boost::utf::is_valid(bytes); // false
    auto const bad = boost::utf::find_invalid(bytes) - bytes.begin(); // 11: the C0

    // Decode a whole buffer into a container; errors meet the policy, as with the view.
    auto const text = boost::utf::to<std::u32string>(bytes | views::utf8);
    auto const skipped = bytes | views::utf8(boost::utf::skip_on_error);
    auto const kept = boost::utf::to<std::u32string>(skipped);

    // Encode into a buffer of your own: a code point takes at most four UTF-8 code units.
    std::vector<char> out(4 * text.size());
    char* const end = boost::utf::copy(text | views::utf32_to_utf8_as<char>, out.data());
    out.resize(static_cast<std::size_t>(end - out.data()));
    // end::speed[]

    BOOST_TEST(!valid);
    BOOST_TEST(bad == 11);
    BOOST_TEST((text == U"caf\u00e9 \U0001F375 \uFFFD\uFFFD"));
    BOOST_TEST((kept == U"caf\u00e9 \U0001F375 "));
    BOOST_TEST(std::string(out.begin(), out.end()) == "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xEF\xBF\xBD\xEF\xBF\xBD");
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// C++20: the views in std::ranges pipelines and algorithms. Built twice: with range-v3 in the
// translation unit when it is installed, and without (BOOST_UTF_NO_RANGE_V3).

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE std_ranges
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"

#include <algorithm>
#include <ranges>
#include <sstream>
#include <string>
#include <vector>

#if BOOST_UTF_RANGE_V3_INTEROP
#  include <range/v3/view/reverse.hpp>
#  include <range/v3/view/take.hpp>
#endif

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {
std::string const text = "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xC0 world";
}

static_assert(std::ranges::bidirectional_range<decltype(text | views::utf8)>);
static_assert(std::ranges::view<decltype(text | views::utf8)>);

BOOST_AUTO_TEST_CASE(std_views_before_and_after)
{
    auto head = text | std::views::take(6) | views::utf8;
    BOOST_TEST(test::cps(test::forward(head)) == "U+03BA U+03CC U+03C3");

    auto reversed = text | views::utf8 | std::views::reverse;
    std::u32string r(reversed.begin(), reversed.end());
    auto f = test::forward(text | views::utf8);
    BOOST_TEST(test::cps(r) == test::cps(std::u32string(f.rbegin(), f.rend())));

    auto letters = text | views::utf8 | std::views::filter([](char32_t c) { return c >= 0x80 && c != 0xFFFD; }) |
                   std::views::transform([](char32_t c) { return static_cast<char32_t>(c - 0x20); });
    BOOST_TEST(test::cps(test::forward(letters)) == "U+039A U+03AC U+03A3 U+039C U+0395");

    // A temporary container is kept alive by the view (owning_view).
    auto owned = std::string("\xC3\xA9") | views::utf8;
    BOOST_TEST(test::cps(test::forward(owned)) == "U+00E9");
}

BOOST_AUTO_TEST_CASE(std_algorithms)
{
    auto v = text | views::utf8;
    BOOST_TEST(std::ranges::count(v, U'\uFFFD') == 1);
    BOOST_TEST(std::ranges::distance(v) == 13); // 5 Greek letters, space, U+FFFD, space, "world"
    auto it = std::ranges::find(v, U'w');
    BOOST_TEST((it.base() - text.begin() == 13));
    BOOST_TEST(std::ranges::equal(v | std::views::reverse | std::views::reverse, v));
    // Classic algorithms see C++17 input iterators, and still work.
    BOOST_TEST(std::count(v.begin(), v.end(), U' ') == 2);
}

BOOST_AUTO_TEST_CASE(decoding_a_stream_single_pass)
{
    std::istringstream in(text);
    auto stream = std::ranges::subrange(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    auto v = stream | views::utf8;
    static_assert(std::ranges::input_range<decltype(v)> && !std::ranges::forward_range<decltype(v)>);
    static_assert(!std::ranges::common_range<decltype(v)>);
    std::u32string out;
    std::ranges::copy(v, std::back_inserter(out));
    BOOST_TEST(test::cps(out) == test::cps(test::forward(text | views::utf8)));
}

BOOST_AUTO_TEST_CASE(range_v3_and_std_together)
{
    std::u32string const cps = U"a\u00e9\U0001F600";
    auto units = cps | views::utf32_to_utf8 | std::views::take(3);
    std::u8string s;
    std::ranges::copy(units, std::back_inserter(s));
    BOOST_TEST((s == u8"a\u00e9"));
}

// ---- adaptors composed before a range is given --------------------------------------------------

namespace {
// The code points of `text`, in reverse.
std::string const text_reversed = "U+0064 U+006C U+0072 U+006F U+0077 U+0020 U+FFFD U+0020 U+03B5 U+03BC U+03C3 "
                                  "U+03CC U+03BA";
} // namespace

BOOST_AUTO_TEST_CASE(our_adaptors_then_std_views)
{
    auto first_two = views::utf8 | std::views::take(2);
    BOOST_TEST(test::cps(test::forward(text | first_two)) == "U+03BA U+03CC");
    // An rvalue container is kept alive by the composition's result.
    BOOST_TEST(test::cps(test::forward(std::string("\xC3\xA9xyz") | first_two)) == "U+00E9 U+0078");
    BOOST_TEST(test::cps(test::forward(first_two(std::string_view(text)))) == "U+03BA U+03CC");

    auto reversed = views::utf8(utf::replace_on_error) | std::views::reverse;
    BOOST_TEST(test::cps(test::forward(text | reversed)) == text_reversed);

    // A reverse iterator reads an element more than once, so the policy may be called more
    // than once for the one error: always for it, at offset 11.
    std::vector<std::size_t> offsets;
    auto logged = views::utf8([&offsets](utf::error_info const& e) {
                      offsets.push_back(e.offset);
                      return U'?';
                  }) |
                  std::views::reverse;
    BOOST_TEST(test::cps(test::forward(text | logged)) ==
               "U+0064 U+006C U+0072 U+006F U+0077 U+0020 U+003F U+0020 U+03B5 U+03BC U+03C3 U+03CC U+03BA");
    BOOST_TEST(!offsets.empty());
    BOOST_TEST(std::ranges::all_of(offsets, [](std::size_t o) { return o == 11; }));

    std::u32string const cps = U"a\u00e9\U0001F600";
    auto first_units = views::utf32_to_utf8_as<char> | std::views::take(3);
    BOOST_TEST(test::hex(test::forward(cps | first_units)) == "61 C3 A9");
}

BOOST_AUTO_TEST_CASE(std_views_then_our_adaptors)
{
    auto three_bytes = std::views::take(3) | views::utf8;
    BOOST_TEST(test::cps(test::forward(text | three_bytes)) == "U+03BA U+FFFD");
    BOOST_TEST(test::cps(test::forward(std::string(text) | three_bytes)) == "U+03BA U+FFFD");
    auto second = std::views::drop(2) | views::utf8(utf::skip_on_error) | std::views::take(1);
    BOOST_TEST(test::cps(test::forward(text | second)) == "U+03CC");
    std::u32string const cps = {U'x', char32_t(0xD800), U'\u00e9'};
    auto last_two = std::views::drop(1) | views::utf32_to_utf8_as<char>(utf::replace_policy{U'?'});
    BOOST_TEST(test::hex(test::forward(cps | last_two)) == "3F C3 A9");
}

BOOST_AUTO_TEST_CASE(our_adaptors_composed_together)
{
    // Decoding then encoding: ill-formed input comes out well-formed.
    auto sanitise = views::utf8 | views::utf32_to_utf8_as<char>;
    std::string const in = test::bytes("61 C0 62");
    BOOST_TEST(test::hex(test::forward(in | sanitise)) == "61 EF BF BD 62");
    BOOST_TEST(test::hex(test::forward(in | (sanitise | std::views::reverse))) == "62 BD BF EF 61");
}

#if BOOST_UTF_RANGE_V3_INTEROP
// range-v3 in the same translation unit: its closures, its views as arguments.

BOOST_AUTO_TEST_CASE(with_range_v3_in_the_same_translation_unit)
{
    namespace rv = ::ranges::views;
    // An rvalue range-v3 view, adapted, then adapted by range-v3 again.
    auto both = text | rv::take(3) | views::utf8 | rv::reverse;
    BOOST_TEST(test::cps(test::forward(both)) == "U+FFFD U+03BA");
    // Closures of both libraries composed first, either way round.
    auto ours_first = views::utf8 | rv::reverse;
    BOOST_TEST(test::cps(test::forward(text | ours_first)) == text_reversed);
    auto theirs_first = rv::take(3) | views::utf8;
    BOOST_TEST(test::cps(test::forward(text | theirs_first)) == "U+03BA U+FFFD");
    // And std's on the other side of ours.
    auto with_std = views::utf8 | std::views::take(2);
    BOOST_TEST(test::cps(test::forward(text | rv::take(4) | with_std)) == "U+03BA U+03CC");
}
#endif

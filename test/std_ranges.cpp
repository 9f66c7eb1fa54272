// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// C++20: the views in std::ranges pipelines and algorithms.

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE std_ranges
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"

#include <algorithm>
#include <ranges>
#include <sstream>
#include <string>
#include <vector>

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

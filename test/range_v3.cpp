// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Pipelines that mix range-v3 and Boost.UTF, in C++17 (where range-v3 is the range library) and
// in C++20 (where the views are std::ranges views that range-v3 also accepts).

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE range_v3
#include <boost/test/unit_test.hpp>

#include <range/v3/algorithm/count.hpp>
#include <range/v3/algorithm/equal.hpp>
#include <range/v3/algorithm/find.hpp>
#include <range/v3/range/concepts.hpp>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/drop_while.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/reverse.hpp>
#include <range/v3/view/take.hpp>
#include <range/v3/view/transform.hpp>

#include "test_support.hpp"

#include <string>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;
namespace rv = ::ranges::views;

using sv_view = decltype(std::string_view() | views::utf8);
static_assert(::ranges::view_<sv_view>, "range-v3 sees utf8_view as a view");
static_assert(::ranges::bidirectional_range<sv_view>, "");
static_assert(::ranges::common_range<sv_view>, "");
static_assert(!::ranges::sized_range<sv_view>, "");
static_assert(::ranges::borrowed_range<sv_view>, "");
static_assert(::ranges::view_<decltype(std::u32string_view() | views::utf32_to_utf8)>, "");

namespace {
std::string const text = "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xC0 world";
}

BOOST_AUTO_TEST_CASE(range_v3_before_and_after)
{
    // range-v3 on the left ...
    auto head = text | rv::take(6) | views::utf8;
    BOOST_TEST(test::cps(test::forward(head)) == "U+03BA U+03CC U+03C3");
    // ... and on the right.
    auto const reversed = text | views::utf8 | rv::reverse | ::ranges::to<std::u32string>();
    auto forward = text | views::utf8 | ::ranges::to<std::u32string>();
    BOOST_TEST(test::cps(std::u32string(forward.rbegin(), forward.rend())) == test::cps(reversed));

    auto upper_ascii = text | views::utf8 | rv::filter([](char32_t c) { return c < 0x80 && c != U' '; }) |
                       rv::transform([](char32_t c) { return static_cast<char32_t>(c - 32); }) |
                       ::ranges::to<std::u32string>();
    BOOST_TEST((upper_ascii == U"WORLD"));
}

BOOST_AUTO_TEST_CASE(range_v3_algorithms)
{
    auto v = text | views::utf8;
    BOOST_TEST(::ranges::count(v, U'\uFFFD') == 1);
    auto it = ::ranges::find(v, U'w');
    BOOST_TEST((it.base() - text.begin() == 13));
    auto rest = v | rv::drop_while([](char32_t c) { return c != U' '; });
    BOOST_TEST(test::cps(test::forward(rest)) == "U+0020 U+FFFD U+0020 U+0077 U+006F U+0072 U+006C U+0064");
}

BOOST_AUTO_TEST_CASE(encode_then_decode_through_range_v3)
{
    std::u32string const cps = U"\u00e9\U0001F600z";
    auto bytes = cps | views::utf32_to_utf8_as<char> | ::ranges::to<std::string>();
    BOOST_TEST(bytes == "\xC3\xA9\xF0\x9F\x98\x80z");
    auto round = cps | views::utf32_to_utf8 | views::utf8 | ::ranges::to<std::u32string>();
    BOOST_TEST(::ranges::equal(round, cps));
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Pipelines that mix range-v3 and Boost.UTF, in C++17 (where range-v3 is the range library) and
// in C++20 (where the views are std::ranges views that range-v3 also accepts).

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE range_v3
#include <boost/test/unit_test.hpp>

#include <range/v3/algorithm/all_of.hpp>
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

// ---- adaptors composed before a range is given --------------------------------------------------

namespace {
std::string const text_reversed = "U+0064 U+006C U+0072 U+006F U+0077 U+0020 U+FFFD U+0020 U+03B5 U+03BC U+03C3 "
                                  "U+03CC U+03BA";
} // namespace

BOOST_AUTO_TEST_CASE(our_adaptors_then_range_v3)
{
    auto first_two = views::utf8 | rv::take(2);
    BOOST_TEST(test::cps(test::forward(text | first_two)) == "U+03BA U+03CC");
    BOOST_TEST(test::cps(test::forward(std::string_view(text) | first_two)) == "U+03BA U+03CC");

    auto reversed = views::utf8(utf::replace_on_error) | rv::reverse;
    BOOST_TEST(test::cps(test::forward(text | reversed)) == text_reversed);
    // range-v3 views as the argument, an lvalue and an rvalue.
    auto const head = text | rv::take(6);
    BOOST_TEST(test::cps(test::forward(head | reversed)) == "U+03C3 U+03CC U+03BA");
    BOOST_TEST(test::cps(test::forward(text | rv::take(6) | reversed)) == "U+03C3 U+03CC U+03BA");

    std::u32string const cps = U"a\u00e9\U0001F600";
    auto first_units = views::utf32_to_utf8_as<char> | rv::take(3);
    BOOST_TEST(test::hex(test::forward(cps | first_units)) == "61 C3 A9");
}

BOOST_AUTO_TEST_CASE(range_v3_then_our_adaptors)
{
    auto three_bytes = rv::take(3) | views::utf8;
    BOOST_TEST(test::cps(test::forward(text | three_bytes)) == "U+03BA U+FFFD");
    BOOST_TEST(test::cps(test::forward(std::string_view(text) | three_bytes)) == "U+03BA U+FFFD");
    // Both sides at once, on an lvalue and on an rvalue range-v3 view.
    auto const head = text | rv::take(3);
    BOOST_TEST(test::cps(test::forward(head | views::utf8 | rv::reverse)) == "U+FFFD U+03BA");
    BOOST_TEST(test::cps(test::forward(text | rv::take(3) | views::utf8 | rv::reverse)) == "U+FFFD U+03BA");
    auto around = rv::take(3) | views::utf8 | rv::reverse;
    BOOST_TEST(test::cps(test::forward(text | around)) == "U+FFFD U+03BA");
}

BOOST_AUTO_TEST_CASE(lambda_policies_through_range_v3)
{
    // range-v3 asks views to be semiregular; a capturing lambda is boxed so that they are.
    // Reversing walks to the end first, and reverse iterators read an element more than once,
    // so the policy is called more than once for the one error: always for it, at offset 11.
    std::vector<std::size_t> offsets;
    auto logging = [&offsets](utf::error_info const& e) {
        offsets.push_back(e.offset);
        return U'?';
    };
    auto const only_at_11 = [&offsets] {
        return !offsets.empty() && ::ranges::all_of(offsets, [](std::size_t o) { return o == 11; });
    };
    auto v = text | rv::take(12) | views::utf8(logging) | rv::reverse;
    BOOST_TEST(test::cps(test::forward(v)) == "U+003F U+0020 U+03B5 U+03BC U+03C3 U+03CC U+03BA");
    BOOST_TEST(only_at_11());
    offsets.clear();
    auto composed = rv::take(12) | views::utf8(logging) | rv::reverse;
    BOOST_TEST(test::cps(test::forward(text | composed)) == "U+003F U+0020 U+03B5 U+03BC U+03C3 U+03CC U+03BA");
    BOOST_TEST(only_at_11());
    offsets.clear();
    auto round = text | views::utf8(logging) | views::utf32_to_utf8_as<char> | ::ranges::to<std::string>();
    BOOST_TEST(round == "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 ? world");
    BOOST_TEST((offsets == std::vector<std::size_t>{11}));
}

BOOST_AUTO_TEST_CASE(our_adaptors_composed_together)
{
    auto sanitise = views::utf8 | views::utf32_to_utf8_as<char>;
    std::string const in = test::bytes("61 C0 62");
    BOOST_TEST(test::hex(test::forward(in | sanitise)) == "61 EF BF BD 62");
    BOOST_TEST(test::hex(test::forward(in | (sanitise | rv::reverse))) == "62 BD BF EF 61");
}

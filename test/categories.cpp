// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Every view over test ranges of every iterator category, common or with a sentinel: the
// concepts they model (checked at compile time) and what they produce (checked at run time).

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE categories
#include <boost/test/unit_test.hpp>

#include "concepts.hpp"
#include "test_support.hpp"

#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {

std::string const mixed = test::bytes("41 CE BA 80 E2 89 A2 F0 9F 98 80 C0 E1 80");
char const* const mixed_decoded = "U+0041 U+03BA U+FFFD U+2262 U+1F600 U+FFFD U+FFFD";
char const* const mixed_skipped = "U+0041 U+03BA U+2262 U+1F600";
std::u32string const code_points = {U'A', char32_t(0xD800), U'\u03BA', U'\U0001F600'};
char const* const code_points_encoded = "41 EF BF BD CE BA F0 9F 98 80";

// What the view's iterator is, given what the base's iterator is.
template<class Tag>
struct expected
{
    static constexpr bool input = true;
    static constexpr bool forward = std::is_base_of<std::forward_iterator_tag, Tag>::value;
    static constexpr bool bidirectional = std::is_base_of<std::bidirectional_iterator_tag, Tag>::value;
};

template<class View, class Tag, bool Common>
void check_concepts()
{
    using I = test::rc::iterator_t<View>;
    static_assert(test::rc::view<View>, "");
    static_assert(test::rc::input_range<View>, "");
    static_assert(test::rc::input_iterator<I>, "");
    static_assert(test::rc::forward_iterator<I> == expected<Tag>::forward, "forward exactly when the base is");
    static_assert(test::rc::bidirectional_iterator<I> == expected<Tag>::bidirectional,
                  "bidirectional exactly when the base is");
    static_assert(!test::rc::random_access_iterator<I>, "never random access");
    static_assert(!test::rc::sized_range<View>, "never sized");
    static_assert(test::rc::common_range<View> == (Common && expected<Tag>::forward),
                  "common when the base is common and at least forward");
}

template<class Tag, bool Common>
void check_decoding()
{
    using range = test::test_range<Tag, char, Common>;
    check_concepts<decltype(std::declval<range&>() | views::utf8), Tag, Common>();

    range r1(mixed);
    BOOST_TEST(test::cps(test::forward(r1 | views::utf8)) == mixed_decoded);
    range r2(mixed);
    BOOST_TEST(test::cps(test::forward(r2 | views::utf8(utf::skip_on_error))) == mixed_skipped);

    std::vector<utf::error_info> log;
    range r3(mixed);
    test::forward(r3 | views::utf8(test::recording_policy{&log}));
    BOOST_TEST(test::describe(log) == "unexpected_continuation@3+1 overlong@11+1 truncated@12+2");

    if constexpr (expected<Tag>::bidirectional && Common)
    {
        range r4(mixed);
        BOOST_TEST(test::cps(test::backward(r4 | views::utf8)) == mixed_decoded);
        range r5(mixed);
        BOOST_TEST(test::cps(test::backward(r5 | views::utf8(utf::skip_on_error))) == mixed_skipped);
    }
    if constexpr (expected<Tag>::forward)
    {
        // A forward view can be walked twice, and base() tells where each element starts.
        range r6(mixed);
        auto v = r6 | views::utf8;
        BOOST_TEST(test::cps(test::forward(v)) == test::cps(test::forward(v)));
        std::vector<std::ptrdiff_t> starts;
        for (auto it = v.begin(); it != v.end(); ++it)
            starts.push_back(it.base().get() - mixed.data());
        BOOST_TEST((starts == std::vector<std::ptrdiff_t>{0, 1, 3, 4, 7, 11, 12}));
    }
}

template<class Tag, bool Common>
void check_encoding()
{
    using range = test::test_range<Tag, char32_t, Common>;
    check_concepts<decltype(std::declval<range&>() | views::utf32_to_utf8), Tag, Common>();

    range r1(code_points);
    BOOST_TEST(test::hex(test::forward(r1 | views::utf32_to_utf8)) == code_points_encoded);
    range r2(code_points);
    BOOST_TEST(test::hex(test::forward(r2 | views::utf32_to_utf8(utf::skip_on_error))) ==
               "41 CE BA F0 9F 98 80");
    if constexpr (expected<Tag>::bidirectional && Common)
    {
        range r3(code_points);
        BOOST_TEST(test::hex(test::backward(r3 | views::utf32_to_utf8)) == code_points_encoded);
    }
}

// UTF-16: a pair, an unpaired low surrogate, and a high surrogate cut short by the end.
std::u16string const mixed16 = {u'A', char16_t(0xD83D), char16_t(0xDE00), char16_t(0xDC00), u'B', char16_t(0xD800)};
char const* const mixed16_decoded = "U+0041 U+1F600 U+FFFD U+0042 U+FFFD";
char const* const mixed16_skipped = "U+0041 U+1F600 U+0042";

template<class Tag, bool Common>
void check_decoding16()
{
    using range = test::test_range<Tag, char16_t, Common>;
    check_concepts<decltype(std::declval<range&>() | views::utf16), Tag, Common>();

    range r1(mixed16);
    BOOST_TEST(test::cps(test::forward(r1 | views::utf16)) == mixed16_decoded);
    range r2(mixed16);
    BOOST_TEST(test::cps(test::forward(r2 | views::utf16(utf::skip_on_error))) == mixed16_skipped);
    std::vector<utf::error_info> log;
    range r3(mixed16);
    test::forward(r3 | views::utf16(test::recording_policy{&log}));
    BOOST_TEST(test::describe(log) == "unexpected_continuation@3+1 truncated@5+1");
    if constexpr (expected<Tag>::bidirectional && Common)
    {
        range r4(mixed16);
        BOOST_TEST(test::cps(test::backward(r4 | views::utf16)) == mixed16_decoded);
        range r5(mixed16);
        BOOST_TEST(test::cps(test::backward(r5 | views::utf16(utf::skip_on_error))) == mixed16_skipped);
    }
    if constexpr (expected<Tag>::forward)
    {
        range r6(mixed16);
        auto v = r6 | views::utf16;
        std::vector<std::ptrdiff_t> starts;
        for (auto it = v.begin(); it != v.end(); ++it)
            starts.push_back(it.base().get() - mixed16.data());
        BOOST_TEST((starts == std::vector<std::ptrdiff_t>{0, 1, 3, 4, 5}));
    }
}

template<class Tag, bool Common>
void check_encoding16()
{
    using range = test::test_range<Tag, char32_t, Common>;
    check_concepts<decltype(std::declval<range&>() | views::utf32_to_utf16), Tag, Common>();

    range r1(code_points);
    BOOST_TEST(test::hex(test::forward(r1 | views::utf32_to_utf16)) == "0041 FFFD 03BA D83D DE00");
    range r2(code_points);
    BOOST_TEST(test::hex(test::forward(r2 | views::utf32_to_utf16(utf::skip_on_error))) == "0041 03BA D83D DE00");
    if constexpr (expected<Tag>::bidirectional && Common)
    {
        range r3(code_points);
        BOOST_TEST(test::hex(test::backward(r3 | views::utf32_to_utf16)) == "0041 FFFD 03BA D83D DE00");
        range r4(code_points);
        BOOST_TEST(test::hex(test::backward(r4 | views::utf32_to_utf16(utf::skip_on_error))) ==
                   "0041 03BA D83D DE00");
    }
}

template<class Tag>
void check_category()
{
    check_decoding<Tag, true>();
    check_decoding<Tag, false>();
    check_encoding<Tag, true>();
    check_encoding<Tag, false>();
    check_decoding16<Tag, true>();
    check_decoding16<Tag, false>();
    check_encoding16<Tag, true>();
    check_encoding16<Tag, false>();
}

} // namespace

BOOST_AUTO_TEST_CASE(input) { check_category<std::input_iterator_tag>(); }
BOOST_AUTO_TEST_CASE(forward) { check_category<std::forward_iterator_tag>(); }
BOOST_AUTO_TEST_CASE(bidirectional) { check_category<std::bidirectional_iterator_tag>(); }
BOOST_AUTO_TEST_CASE(random_access) { check_category<std::random_access_iterator_tag>(); }
BOOST_AUTO_TEST_CASE(contiguous) { check_category<test::contiguous_tag>(); }

// The single-pass test iterator throws if a stale copy is touched: this shows that the check
// works, so that the input cases above mean something.
BOOST_AUTO_TEST_CASE(single_pass_check_is_armed)
{
    test::test_range<std::input_iterator_tag, char> r(mixed);
    auto a = r.begin();
    auto b = a;
    ++a;
    BOOST_CHECK_THROW(*b, std::logic_error);
}

// Stepping never leaves the base range, even where the policy drops everything.
BOOST_AUTO_TEST_CASE(all_dropped)
{
    std::string const junk = test::bytes("80 80 C0 FF E1 80");
    test::test_range<std::bidirectional_iterator_tag, char> r(junk);
    auto v = r | views::utf8(utf::skip_on_error);
    BOOST_TEST((v.begin() == v.end()));
    std::u32string const bad = {char32_t(0xD800), char32_t(0x110000)};
    test::test_range<std::bidirectional_iterator_tag, char32_t> r2(bad);
    auto w = r2 | views::utf32_to_utf8(utf::skip_on_error);
    BOOST_TEST((w.begin() == w.end()));
    auto w16 = r2 | views::utf32_to_utf16(utf::skip_on_error);
    BOOST_TEST((w16.begin() == w16.end()));
    std::u16string const lone = {char16_t(0xDC00), char16_t(0xD800), char16_t(0xDBFF)};
    test::test_range<std::bidirectional_iterator_tag, char16_t> r3(lone);
    auto x = r3 | views::utf16(utf::skip_on_error);
    BOOST_TEST((x.begin() == x.end()));
}

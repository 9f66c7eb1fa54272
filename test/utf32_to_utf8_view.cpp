// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#include <boost/utf/utf32_to_utf8_view.hpp>

#define BOOST_TEST_MODULE utf32_to_utf8_view
#include <boost/test/unit_test.hpp>

#include <boost/utf/utf8_view.hpp>

#include "concepts.hpp"
#include "test_support.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;
using utf::error_kind;

namespace {

template<class Range>
std::string encode(Range const& in)
{
    return test::hex(test::forward(in | views::utf32_to_utf8));
}

template<class Range, class Policy>
std::string encode(Range const& in, Policy p)
{
    return test::hex(test::forward(in | views::utf32_to_utf8(p)));
}

} // namespace

BOOST_AUTO_TEST_CASE(boundaries_of_each_length)
{
    struct row
    {
        std::uint32_t cp;
        char const* bytes;
    };
    row const rows[] = {
        {0x0, "00"},          {0x7F, "7F"},          {0x80, "C2 80"},          {0x7FF, "DF BF"},
        {0x800, "E0 A0 80"},  {0xD7FF, "ED 9F BF"},  {0xE000, "EE 80 80"},     {0xFFFF, "EF BF BF"},
        {0x10000, "F0 90 80 80"}, {0x10FFFF, "F4 8F BF BF"}, {0x233B4, "F0 A3 8E B4"},
    };
    for (row const& r : rows)
    {
        BOOST_TEST_CONTEXT(r.bytes)
        {
            std::u32string const in(1, static_cast<char32_t>(r.cp));
            BOOST_TEST(encode(in) == r.bytes);
            BOOST_TEST(encode(in, utf::throw_on_error) == r.bytes);
        }
    }
}

BOOST_AUTO_TEST_CASE(non_scalar_values)
{
    std::vector<std::int32_t> const in = {0x41, 0xD800, 0xDFFF, 0x110000, -1, 0x42, 0x7FFFFFFF};
    BOOST_TEST(encode(in) == "41 EF BF BD EF BF BD EF BF BD EF BF BD 42 EF BF BD");
    BOOST_TEST(encode(in, utf::skip_on_error) == "41 42");
    BOOST_TEST(encode(in, utf::replace_policy{U'?'}) == "41 3F 3F 3F 3F 42 3F");

    std::vector<utf::error_info> log;
    test::forward(in | views::utf32_to_utf8(test::recording_policy{&log}));
    BOOST_TEST(test::describe(log) == "surrogate@1+1 surrogate@2+1 out_of_range@3+1 out_of_range@4+1 "
                                      "out_of_range@6+1");
    BOOST_TEST((log[3].value == char32_t(0xFFFFFFFFu)));
}

BOOST_AUTO_TEST_CASE(throw_reports_the_index_of_the_code_point)
{
    std::u32string const in = {U'a', U'b', char32_t(0xDC00), U'c'};
    std::string seen;
    BOOST_TEST(test::thrown([&] {
                   for (char c : in | views::utf32_to_utf8_as<char>(utf::throw_on_error))
                       seen += c;
               }) == "surrogate@2");
    BOOST_TEST(seen == "ab");
}

BOOST_AUTO_TEST_CASE(a_non_scalar_replacement_still_gives_well_formed_output)
{
    std::u32string const in = {char32_t(0xD800)};
    BOOST_TEST(encode(in, utf::replace_policy{char32_t(0xDFFF)}) == "EF BF BD");
}

BOOST_AUTO_TEST_CASE(input_element_types)
{
    std::vector<std::uint32_t> const u32 = {0x24, 0x20AC};
    std::vector<int> const i = {0x24, 0x20AC};
    std::vector<long long> const ll = {0x24, 0x20AC, 0x100000000LL};
    std::wstring const w = L"$\u20AC";
    BOOST_TEST(encode(u32) == "24 E2 82 AC");
    BOOST_TEST(encode(i) == "24 E2 82 AC");
    BOOST_TEST(encode(ll) == "24 E2 82 AC EF BF BD");
    BOOST_TEST(encode(w) == "24 E2 82 AC");
}

template<class Unit>
void check_output_type()
{
    std::u32string const in = U"a\u00e9\U0001F600";
    auto v = in | views::utf32_to_utf8_as<Unit>;
    static_assert(std::is_same<std::remove_cv_t<decltype(*v.begin())>, Unit>::value, "");
    BOOST_TEST(test::hex(test::forward(v)) == "61 C3 A9 F0 9F 98 80");
}

BOOST_AUTO_TEST_CASE(output_code_unit_types)
{
    check_output_type<char>();
    check_output_type<unsigned char>();
    check_output_type<std::byte>();
#if BOOST_UTF_HAS_CHAR8_T
    check_output_type<char8_t>();
#endif
#if BOOST_CXX_VERSION >= 202002L && BOOST_UTF_HAS_CHAR8_T
    static_assert(std::is_same<utf::default_utf8_char, char8_t>::value, "char8_t in C++20");
#else
    static_assert(std::is_same<utf::default_utf8_char, char>::value, "char in C++17");
#endif
}

BOOST_AUTO_TEST_CASE(backward_equals_forward)
{
    std::vector<std::int32_t> const in = {-5, 0x41, 0xD800, 0x7FF, 0x110000, 0xFFFF, 0x10FFFF, 0xDFFF};
    BOOST_TEST(test::hex(test::backward(in | views::utf32_to_utf8)) ==
               test::hex(test::forward(in | views::utf32_to_utf8)));
    BOOST_TEST(test::hex(test::backward(in | views::utf32_to_utf8(utf::skip_on_error))) ==
               test::hex(test::forward(in | views::utf32_to_utf8(utf::skip_on_error))));
    BOOST_TEST(test::hex(test::backward(in | views::utf32_to_utf8(utf::replace_policy{U'x'}))) ==
               test::hex(test::forward(in | views::utf32_to_utf8(utf::replace_policy{U'x'}))));
}

BOOST_AUTO_TEST_CASE(base_is_the_code_point)
{
    std::u32string const in = U"a\u00e9";
    auto v = in | views::utf32_to_utf8;
    auto it = v.begin();
    BOOST_TEST((it.base() == in.begin()));
    ++it;
    BOOST_TEST((it.base() == in.begin() + 1));
    ++it;
    BOOST_TEST((it.base() == in.begin() + 1));
    ++it;
    BOOST_TEST((it == v.end()));
}

// Every scalar value survives encoding then decoding, and nothing else is produced.
BOOST_AUTO_TEST_CASE(round_trip_of_every_scalar_value)
{
    std::u32string all;
    all.reserve(0x110000 - 0x800);
    for (char32_t c = 0; c <= 0x10FFFF; ++c)
        if (c < 0xD800 || c > 0xDFFF)
            all.push_back(c);
    BOOST_TEST(all.size() == 1112064u);

    auto const units = test::forward(all | views::utf32_to_utf8_as<char>);
    std::string const bytes(units.begin(), units.end());
    // 128 one-byte, 1920 two-byte, 61440 three-byte, 1048576 four-byte forms
    BOOST_TEST(bytes.size() == 128u + 1920u * 2 + 61440u * 3 + 1048576u * 4);

    std::size_t i = 0, mismatches = 0;
    for (char32_t c : bytes | views::utf8(utf::throw_on_error))
        mismatches += (i < all.size() ? all[i++] != c : 1);
    BOOST_TEST(i == all.size());
    BOOST_TEST(mismatches == 0u);
}

BOOST_AUTO_TEST_CASE(range_properties)
{
    using view = decltype(std::u32string_view() | views::utf32_to_utf8);
    static_assert(test::rc::view<view>, "");
    static_assert(test::rc::bidirectional_range<view>, "");
    static_assert(!test::rc::random_access_range<view>, "never random access");
    static_assert(test::rc::common_range<view>, "");
    static_assert(!test::rc::sized_range<view>, "never sized");
    static_assert(test::rc::borrowed_range<view>, "");
    static_assert(test::rc::bidirectional_range<view const>, "");
    using it = test::rc::iterator_t<view>;
    static_assert(noexcept(++std::declval<it&>()), "replace never throws");
    auto v = std::u32string_view() | views::utf32_to_utf8;
    static_assert(noexcept(v.begin()) && noexcept(v.end()), "");
    auto t = std::u32string_view() | views::utf32_to_utf8(utf::throw_on_error);
    static_assert(!noexcept(t.begin()), "");
    static_assert(!noexcept(++std::declval<decltype((std::u32string_view() |
                                                     views::utf32_to_utf8(utf::throw_on_error)).begin())&>()),
                  "");

    // Exercised: a borrowed view's iterators stay valid after the view is gone, walking back
    // mirrors walking forwards, replace never throws and throw does.
    std::u32string const text{U'a', static_cast<char32_t>(0xD800), U'\U0001F600'};
    auto const first = (std::u32string_view(text) | views::utf32_to_utf8_as<char>).begin();
    auto const last = (std::u32string_view(text) | views::utf32_to_utf8_as<char>).end();
    std::string forwards;
    for (auto i = first; i != last; ++i)
        forwards += *i;
    std::string backwards;
    for (auto i = last; i != first;)
        backwards.insert(backwards.begin(), *--i);
    BOOST_TEST(test::hex(forwards) == "61 EF BF BD F0 9F 98 80");
    BOOST_TEST(backwards == forwards);
    BOOST_CHECK_THROW(test::forward(std::u32string_view(text) | views::utf32_to_utf8(utf::throw_on_error)),
                      utf::utf_error);
}

#if BOOST_CXX_VERSION >= 202002L && BOOST_UTF_HAS_CHAR8_T
namespace {
constexpr bool encodes_at_compile_time()
{
    std::u32string_view const in = U"A\u2262\U000233B4";
    std::u8string_view const expected = u8"A\u2262\U000233B4";
    std::size_t i = 0;
    for (char8_t u : in | views::utf32_to_utf8)
        if (i >= expected.size() || u != expected[i++])
            return false;
    return i == expected.size();
}
} // namespace
static_assert(encodes_at_compile_time());
#endif

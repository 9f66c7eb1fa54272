// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE utf
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>
#include <type_traits>

namespace utf = boost::utf;
namespace views = boost::utf::views;

// The umbrella header brings every public name of the contract.
BOOST_AUTO_TEST_CASE(every_public_name)
{
    static_assert(std::is_same<decltype(std::string_view() | views::utf8),
                               utf::utf8_view<std::string_view, utf::replace_policy>>::value,
                  "replace_policy is the default");
    static_assert(std::is_same<decltype(std::u32string_view() | views::utf32_to_utf8(utf::skip_on_error)),
                               utf::utf32_to_utf8_view<std::u32string_view, utf::skip_policy>>::value,
                  "");
    static_assert(std::is_same<decltype(utf::throw_on_error), utf::throw_policy const>::value, "");
    static_assert(std::is_same<decltype(utf::replace_on_error), utf::replace_policy const>::value, "");
    static_assert(std::is_same<decltype(utf::skip_on_error), utf::skip_policy const>::value, "");
    static_assert(std::is_enum<utf::error_kind>::value, "");
    static_assert(std::is_base_of<std::runtime_error, utf::utf_error>::value, "");

    // The four adaptor forms of each view agree.
    std::string const in = "\xC3\xA9t\xC3\xA9\xFF";
    std::u32string a, b, c, d;
    for (char32_t x : views::utf8(in)) a += x;
    for (char32_t x : views::utf8(in, utf::replace_on_error)) b += x;
    for (char32_t x : in | views::utf8) c += x;
    for (char32_t x : in | views::utf8(utf::replace_on_error)) d += x;
    BOOST_TEST((a == U"\u00e9t\u00e9\uFFFD"));
    BOOST_TEST((a == b && b == c && c == d));

    std::string e, f, g, h;
    for (auto x : views::utf32_to_utf8(a)) e += static_cast<char>(x);
    for (auto x : views::utf32_to_utf8(a, utf::replace_on_error)) f += static_cast<char>(x);
    for (auto x : a | views::utf32_to_utf8) g += static_cast<char>(x);
    for (auto x : a | views::utf32_to_utf8(utf::replace_on_error)) h += static_cast<char>(x);
    BOOST_TEST(e == "\xC3\xA9t\xC3\xA9\xEF\xBF\xBD");
    BOOST_TEST((e == f && f == g && g == h));

    // Class template argument deduction works like the adaptor.
    utf::utf8_view v(in);
    utf::utf8_view w(in, utf::skip_on_error);
    std::u32string x, y;
    for (char32_t cp : v) x += cp;
    for (char32_t cp : w) y += cp;
    BOOST_TEST((x == a));
    BOOST_TEST((y == U"\u00e9t\u00e9"));
}

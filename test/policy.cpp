// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#include <boost/utf/policy.hpp>

#define BOOST_TEST_MODULE policy
#include <boost/test/unit_test.hpp>

#include <boost/utf/algorithm.hpp>
#include <boost/utf/utf32_to_utf8_view.hpp>
#include <boost/utf/utf8_view.hpp>

#include "test_support.hpp"

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;
using utf::error_info;
using utf::error_kind;

// ---- the three standard policies --------------------------------------------------------------

static_assert(utf::replace_on_error.replacement == U'\uFFFD', "U+FFFD by default");
static_assert(utf::replace_policy{U'?'}(error_info{error_kind::overlong, 0, 1, 0xC0}) == U'?', "");
static_assert(utf::skip_on_error(error_info{error_kind::overlong, 0, 1, 0xC0}) == utf::no_replacement, "");
static_assert(noexcept(utf::replace_on_error(std::declval<error_info const&>())), "");
static_assert(noexcept(utf::skip_on_error(std::declval<error_info const&>())), "");
static_assert(!noexcept(utf::throw_on_error(std::declval<error_info const&>())), "");

BOOST_AUTO_TEST_CASE(throw_policy_throws_with_kind_and_offset)
{
    BOOST_TEST(test::thrown([] { utf::throw_on_error(error_info{error_kind::truncated, 7, 2, 0xE1}); }) ==
               "truncated@7");
}

// ---- the protocol: which types are policies ---------------------------------------------------

namespace {

struct not_a_policy
{
};

struct returns_a_string
{
    std::string operator()(error_info const&) const { return "?"; }
};

} // namespace

static_assert(utf::detail::is_error_policy_v<utf::throw_policy>, "");
static_assert(utf::detail::is_error_policy_v<utf::replace_policy>, "");
static_assert(utf::detail::is_error_policy_v<utf::skip_policy>, "");
static_assert(utf::detail::is_error_policy_v<test::recording_policy>, "");
static_assert(!utf::detail::is_error_policy_v<not_a_policy>, "");
static_assert(!utf::detail::is_error_policy_v<returns_a_string>, "");
static_assert(!utf::detail::is_error_policy_v<int>, "");
static_assert(!utf::detail::is_error_policy_v<std::string>, "a range is not a policy");

// ---- user-defined policies, as the documentation shows them ----------------------------------

namespace {

// Counts errors and replaces them.
struct count_errors
{
    std::size_t* count = nullptr;
    char32_t operator()(error_info const&) const noexcept
    {
        ++*count;
        return U'\uFFFD';
    }
};

// Logs each error as a line of text and replaces it.
struct log_and_replace
{
    std::vector<std::string>* lines = nullptr;
    char32_t operator()(error_info const& e) const
    {
        lines->push_back(std::string(utf::to_string(e.kind)) + " at " + std::to_string(e.offset));
        return U'\uFFFD';
    }
};

// Keeps every ill-formed byte, as a private-use code point U+10FF00 + byte, so nothing is lost.
struct bytes_to_private_use
{
    static constexpr bool per_code_unit = true;
    constexpr char32_t operator()(error_info const& e) const noexcept { return 0x10FF00 + e.value; }
};

struct record_per_unit : test::recording_policy
{
    static constexpr bool per_code_unit = true;
};

} // namespace

BOOST_AUTO_TEST_CASE(counting_policy)
{
    std::string const in = test::bytes("41 80 C0 AF E1 80 42");
    std::size_t count = 0;
    auto v = in | views::utf8(count_errors{&count});
    BOOST_TEST(test::cps(test::forward(v)) == "U+0041 U+FFFD U+FFFD U+FFFD U+FFFD U+0042");
    BOOST_TEST(count == 4u);
    static_assert(noexcept(++std::declval<decltype(v.begin())&>()), "a noexcept policy keeps the view noexcept");
}

BOOST_AUTO_TEST_CASE(logging_policy)
{
    std::string const in = test::bytes("41 80 42 ED A0 80");
    std::vector<std::string> lines;
    BOOST_TEST(test::cps(test::forward(in | views::utf8(log_and_replace{&lines}))) ==
               "U+0041 U+FFFD U+0042 U+FFFD U+FFFD U+FFFD");
    BOOST_TEST((lines == std::vector<std::string>{"unexpected_continuation at 1", "surrogate at 3",
                                                  "unexpected_continuation at 4", "unexpected_continuation at 5"}));
    // The same protocol serves the encoder.
    lines.clear();
    std::vector<long> const cps = {0x41, 0xDFFF, -3};
    BOOST_TEST(test::hex(test::forward(cps | views::utf32_to_utf8(log_and_replace{&lines}))) ==
               "41 EF BF BD EF BF BD");
    BOOST_TEST((lines == std::vector<std::string>{"surrogate at 1", "out_of_range at 2"}));
}

BOOST_AUTO_TEST_CASE(per_code_unit_policy_sees_every_byte)
{
    std::string const in = test::bytes("41 E1 80 42 F0 90 80 C0 AF");
    std::string const expected = "U+0041 U+10FFE1 U+10FF80 U+0042 U+10FFF0 U+10FF90 U+10FF80 U+10FFC0 U+10FFAF";
    auto v = in | views::utf8(bytes_to_private_use{});
    BOOST_TEST(test::cps(test::forward(v)) == expected);
    BOOST_TEST(test::cps(test::backward(v)) == expected);
    std::vector<std::ptrdiff_t> starts;
    for (auto it = v.begin(); it != v.end(); ++it)
        starts.push_back(it.base() - in.begin());
    BOOST_TEST((starts == std::vector<std::ptrdiff_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

BOOST_AUTO_TEST_CASE(per_code_unit_kinds)
{
    // The first unit keeps the subpart's kind; the rest are stray continuation bytes.
    std::string const in = test::bytes("E1 80 41 E0 80");
    std::vector<error_info> log;
    test::forward(in | views::utf8(record_per_unit{{&log}}));
    BOOST_TEST(test::describe(log) ==
               "truncated@0+1 unexpected_continuation@1+1 overlong@3+1 unexpected_continuation@4+1");
}

BOOST_AUTO_TEST_CASE(an_adaptor_with_a_policy_is_reusable)
{
    auto const lenient = views::utf8(utf::replace_policy{U'?'});
    std::string const a = test::bytes("61 80"), b = test::bytes("C0 62");
    BOOST_TEST(test::cps(test::forward(a | lenient)) == "U+0061 U+003F");
    BOOST_TEST(test::cps(test::forward(lenient(b))) == "U+003F U+0062");
    BOOST_TEST(test::cps(test::forward(views::utf8(b, utf::skip_on_error))) == "U+0062");
}

// ---- lambdas ------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(capturing_lambda_counts_errors_in_both_views)
{
    std::string const in = test::bytes("41 80 C0 AF E1 80 42");
    std::size_t count = 0;
    auto counting = [&count](error_info const&) noexcept {
        ++count;
        return U'?';
    };
    // Pipe form and call form.
    BOOST_TEST(test::cps(test::forward(in | views::utf8(counting))) == "U+0041 U+003F U+003F U+003F U+003F U+0042");
    BOOST_TEST(count == 4u);
    auto v = views::utf8(in, counting);
    BOOST_TEST(test::cps(test::backward(v)) == "U+0041 U+003F U+003F U+003F U+003F U+0042");
    BOOST_TEST(count == 8u);
    static_assert(noexcept(++std::declval<decltype(v.begin())&>()), "a noexcept lambda keeps the view noexcept");

    std::vector<std::string> lines;
    auto logging = [&lines](error_info const& e) {
        lines.push_back(std::string(utf::to_string(e.kind)) + " at " + std::to_string(e.offset));
        return utf::no_replacement;
    };
    std::u32string const cps = {U'a', char32_t(0xD800), U'b', char32_t(0x110000)};
    auto encoded = cps | views::utf32_to_utf8(logging);
    BOOST_TEST(test::hex(test::forward(encoded)) == "61 62");
    BOOST_TEST(test::hex(test::forward(views::utf32_to_utf8(cps, logging))) == "61 62");
    BOOST_TEST((lines == std::vector<std::string>{"surrogate at 1", "out_of_range at 3", "surrogate at 1",
                                                  "out_of_range at 3"}));
    static_assert(!noexcept(++std::declval<decltype(encoded.begin())&>()),
                  "a lambda that may throw makes the view's steps noexcept(false)");
}

BOOST_AUTO_TEST_CASE(stateless_and_generic_lambdas)
{
    std::string const in = test::bytes("61 ED A0 80 62");
    auto question = [](error_info const&) { return U'?'; };
    auto by_kind = [](auto const& e) { return e.kind == error_kind::surrogate ? U'S' : U'?'; };
    BOOST_TEST(test::cps(test::forward(in | views::utf8(question))) == "U+0061 U+003F U+003F U+003F U+0062");
    BOOST_TEST(test::cps(test::forward(views::utf8(in, by_kind))) == "U+0061 U+0053 U+003F U+003F U+0062");
    // A stateless lambda needs no box where it is default-constructible and assignable (C++20).
#if BOOST_CXX_VERSION >= 202002L
    static_assert(std::is_same<utf::detail::boxed_t<decltype(question)>, decltype(question)>::value, "");
#endif
}

BOOST_AUTO_TEST_CASE(lambda_policy_iterators_are_regular)
{
    // Iterators and views over a capturing lambda can be default-constructed, copied and
    // assigned, as std::ranges and range-v3 require.
    std::string const bytes = test::bytes("61 80 62");
    std::string_view const in = bytes; // default-constructible, as a view over it then is
    std::size_t count = 0;
    auto v = in | views::utf8([&count](error_info const&) {
                  ++count;
                  return U'\uFFFD';
              });
    using view_t = decltype(v);
    using iterator_t = decltype(v.begin());
    static_assert(std::is_default_constructible<view_t>::value && std::is_copy_assignable<view_t>::value, "");
    static_assert(std::is_default_constructible<iterator_t>::value && std::is_copy_assignable<iterator_t>::value, "");
    iterator_t it;
    it = v.begin();
    iterator_t second = it;
    ++second;
    BOOST_TEST((*it == U'a'));
    BOOST_TEST((*second == U'\uFFFD'));
    it = second; // assigning over an engaged box
    ++it;
    BOOST_TEST((*it == U'b'));
    view_t w;
    w = v;
    BOOST_TEST(test::cps(test::forward(w)) == "U+0061 U+FFFD U+0062");
    // The copies share the counter: one call per error met by each walk.
    BOOST_TEST(count == 2u);
}

BOOST_AUTO_TEST_CASE(lambda_policy_with_copy_and_to)
{
    std::string const in = test::bytes("41 C0 42 F5 43");
    std::size_t count = 0;
    auto counting = [&count](error_info const&) {
        ++count;
        return U'\uFFFD';
    };
    std::u32string const decoded = utf::to<std::u32string>(in | views::utf8(counting));
    BOOST_TEST(test::cps(decoded) == "U+0041 U+FFFD U+0042 U+FFFD U+0043");
    BOOST_TEST(count == 2u);
    std::vector<char32_t> out(8);
    auto const last = utf::copy(views::utf8(in, counting), out.begin());
    BOOST_TEST((last - out.begin() == 5));
    BOOST_TEST(count == 4u);
    std::u32string const cps = {U'a', char32_t(0xDC00), U'b'};
    std::string const encoded =
        utf::to<std::string>(cps | views::utf32_to_utf8_as<char>([&count](error_info const&) {
                                 ++count;
                                 return U'-';
                             }));
    BOOST_TEST(encoded == "a-b");
    BOOST_TEST(count == 5u);
}

#if BOOST_CXX_VERSION >= 202002L && BOOST_UTF_HAS_CHAR8_T
namespace {
// A lambda that captures by value is boxed; the box works in constant expressions too.
constexpr bool lambda_policy_at_compile_time()
{
    std::u8string_view const in = u8"a\xC0" "b";
    char32_t marker = U'#'; // not const, so that the lambda must hold a copy
    auto v = in | views::utf8([marker](error_info const&) { return marker; });
    auto it = v.begin();
    auto copy = it;
    it = copy; // destroy and reconstruct
    ++it;
    return *copy == U'a' && *it == U'#';
}
} // namespace
static_assert(lambda_policy_at_compile_time());
#endif

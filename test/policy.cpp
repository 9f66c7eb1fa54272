// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#include <boost/utf/policy.hpp>

#define BOOST_TEST_MODULE policy
#include <boost/test/unit_test.hpp>

#include <boost/utf/utf32_to_utf8_view.hpp>
#include <boost/utf/utf8_view.hpp>

#include "test_support.hpp"

#include <string>
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
    try
    {
        utf::throw_on_error(error_info{error_kind::truncated, 7, 2, 0xE1});
        BOOST_FAIL("no exception");
    }
    catch (utf::utf_error const& e)
    {
        BOOST_TEST((e.kind() == error_kind::truncated));
        BOOST_TEST(e.offset() == 7u);
    }
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

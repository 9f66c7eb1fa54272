// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The header under test comes first: it must stand on its own.
#include <boost/utf/algorithm.hpp>
#include <boost/utf/utf32_to_utf16_view.hpp>

#include <boost/utf/utf16_view.hpp>
#include <boost/utf/utf32_to_utf8_view.hpp>
#include <boost/utf/utf8_view.hpp>

#define BOOST_TEST_MODULE utf32_to_utf16_view
#include <boost/test/unit_test.hpp>

#include "concepts.hpp"
#include "test_support.hpp"

#include <cstddef>
#include <cstdint>
#include <list>
#include <string>
#include <string_view>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;
using utf::error_kind;

namespace {

// The reference: RFC 2781 section 2.1, for one value; `replacement` for a value that is not a
// scalar value (none when it is no_replacement).
std::u16string reference_encode(std::uint32_t v, char32_t replacement = U'\uFFFD')
{
    bool const scalar = v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF);
    if (!scalar)
    {
        if (replacement == utf::no_replacement)
            return {};
        v = replacement;
    }
    if (v < 0x10000)
        return std::u16string(1, char16_t(v));
    std::uint32_t const u = v - 0x10000;
    return {char16_t(0xD800 + u / 0x400), char16_t(0xDC00 + u % 0x400)};
}

std::u16string reference_encode(std::u32string const& in, char32_t replacement = U'\uFFFD')
{
    std::u16string out;
    for (char32_t c : in)
        out += reference_encode(c, replacement);
    return out;
}

template<class Range>
std::u16string collect(Range&& r)
{
    std::u16string out;
    for (auto u : r)
        out += char16_t(u);
    return out;
}

template<class V>
std::u16string collect_backward(V&& v)
{
    auto const got = test::backward(v);
    std::u16string out;
    for (auto u : got)
        out += char16_t(u);
    return out;
}

std::string errors(std::u32string const& in)
{
    std::vector<utf::error_info> log;
    for (auto u : in | views::utf32_to_utf16(test::recording_policy{&log}))
        (void)u;
    return test::describe(log);
}

std::uint32_t const values[] = {0x0000,  0x007F,   0x0080,   0x07FF,   0x0800,  0xD7FF,
                                0xD800,  0xDBFF,   0xDC00,   0xDFFF,   0xE000,  0xFFFD,
                                0xFFFF,  0x10000,  0x10FFFF, 0x110000, 0x7FFFFFFF, 0x80000000,
                                0xFFFFFFFE, 0xFFFFFFFF};

} // namespace

BOOST_AUTO_TEST_CASE(rfc_2781_example)
{
    std::u32string const in = {char32_t(0x12345), U'=', U'R', U'a'};
    BOOST_TEST(test::hex(in | views::utf32_to_utf16) == "D808 DF45 003D 0052 0061");
}

BOOST_AUTO_TEST_CASE(every_boundary_value_alone_padded_and_in_pairs)
{
    for (std::uint32_t a : values)
    {
        for (std::uint32_t b : values)
        {
            std::u32string const pairs[] = {{char32_t(a)}, {U'A', char32_t(a), U'B'}, {char32_t(a), char32_t(b)},
                                            {U'\U0001F600', char32_t(a), char32_t(b), U'\U0010FFFF'}};
            for (std::u32string const& in : pairs)
            {
                BOOST_TEST_CONTEXT(std::hex << a << ' ' << b)
                {
                    BOOST_TEST((collect(in | views::utf32_to_utf16) == reference_encode(in)));
                    BOOST_TEST((collect(in | views::utf32_to_utf16(utf::replace_policy{U'\U00012345'})) ==
                                reference_encode(in, U'\U00012345')));
                    BOOST_TEST((collect(in | views::utf32_to_utf16(utf::skip_on_error)) ==
                                reference_encode(in, utf::no_replacement)));
                    BOOST_TEST((collect_backward(in | views::utf32_to_utf16) == reference_encode(in)));
                    BOOST_TEST((collect_backward(in | views::utf32_to_utf16(utf::replace_policy{U'\U00012345'})) ==
                                reference_encode(in, U'\U00012345')));
                    BOOST_TEST((collect_backward(in | views::utf32_to_utf16(utf::skip_on_error)) ==
                                reference_encode(in, utf::no_replacement)));
                    test::test_range<std::input_iterator_tag, char32_t> single(in);
                    BOOST_TEST((collect(test::forward(single | views::utf32_to_utf16)) == reference_encode(in)));
                }
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(error_kinds_and_offsets)
{
    std::u32string const in = {U'A', char32_t(0xD800), U'\U0001F600', char32_t(0x110000), char32_t(0xDFFF)};
    BOOST_TEST(errors(in) == "surrogate@1+1 out_of_range@3+1 surrogate@4+1");
    std::vector<int> const negative = {65, -1};
    std::vector<utf::error_info> log;
    BOOST_TEST(test::hex(negative | views::utf32_to_utf16(test::recording_policy{&log})) == "0041 FFFD");
    BOOST_TEST(test::describe(log) == "out_of_range@1+1");
    BOOST_TEST(test::thrown([&] {
                   for (auto u : in | views::utf32_to_utf16(utf::throw_on_error))
                       (void)u;
               }) == "surrogate@1");
}

BOOST_AUTO_TEST_CASE(a_chosen_replacement_is_written_in_utf16)
{
    // replace_policy{c}: c's UTF-16 form for each bad value, a pair when c is above FFFF, the
    // same forwards, backwards and in bulk.
    std::u32string const in = {U'A', char32_t(0xD800), U'B', char32_t(0x110000)};
    auto const question = in | views::utf32_to_utf16(utf::replace_policy{U'?'});
    BOOST_TEST(test::hex(question) == "0041 003F 0042 003F");
    BOOST_TEST(test::hex(test::backward(question)) == "0041 003F 0042 003F");
    BOOST_TEST(test::hex(utf::to<std::u16string>(question)) == "0041 003F 0042 003F");
    auto const face = in | views::utf32_to_utf16(utf::replace_policy{U'\U0001F600'});
    BOOST_TEST(test::hex(face) == "0041 D83D DE00 0042 D83D DE00");
    BOOST_TEST(test::hex(test::backward(face)) == "0041 D83D DE00 0042 D83D DE00");
    BOOST_TEST(test::hex(utf::to<std::u16string>(face)) == "0041 D83D DE00 0042 D83D DE00");
}

struct out_of_range_policy
{
    char32_t operator()(utf::error_info const&) const noexcept { return char32_t(0x110000); }
};

BOOST_AUTO_TEST_CASE(a_replacement_that_is_not_a_scalar_value_becomes_fffd)
{
    std::u32string const in = {char32_t(0xD800)};
    BOOST_TEST(test::hex(in | views::utf32_to_utf16(utf::replace_policy{char32_t(0xDC00)})) == "FFFD");
    BOOST_TEST(test::hex(in | views::utf32_to_utf16(out_of_range_policy{})) == "FFFD");
}

BOOST_AUTO_TEST_CASE(output_unit_types)
{
    std::u32string const in = {U'A', U'\U0001F600'};
    auto a = in | views::utf32_to_utf16;
    static_assert(std::is_same<decltype(*a.begin()), char16_t>::value, "char16_t by default");
    auto b = in | views::utf32_to_utf16_as<std::uint16_t>;
    static_assert(std::is_same<decltype(*b.begin()), std::uint16_t>::value, "");
    BOOST_TEST(test::hex(b) == "0041 D83D DE00");
    auto c = views::utf32_to_utf16_as<std::uint16_t>(in, utf::skip_on_error);
    BOOST_TEST(test::hex(c) == "0041 D83D DE00");
#if WCHAR_MAX <= 0xFFFF
    auto d = in | views::utf32_to_utf16_as<wchar_t>;
    BOOST_TEST(test::hex(d) == "0041 D83D DE00");
#endif
    // 32-bit wchar_t holds code points.
    std::wstring const w = {wchar_t(0x41), wchar_t(0x1F600)};
    BOOST_TEST(test::hex(w | views::utf32_to_utf16) == "0041 D83D DE00");
}

BOOST_AUTO_TEST_CASE(the_four_adaptor_forms)
{
    std::u32string const in = {U'A', char32_t(0xD800)};
    BOOST_TEST(test::hex(views::utf32_to_utf16(in)) == "0041 FFFD");
    BOOST_TEST(test::hex(views::utf32_to_utf16(in, utf::skip_on_error)) == "0041");
    BOOST_TEST(test::hex(in | views::utf32_to_utf16) == "0041 FFFD");
    BOOST_TEST(test::hex(in | views::utf32_to_utf16(utf::skip_on_error)) == "0041");
    utf::utf32_to_utf16_view v(in);
    BOOST_TEST(test::hex(v) == "0041 FFFD");
    utf::utf32_to_utf16_view w(in, utf::skip_on_error);
    BOOST_TEST(test::hex(w) == "0041");
}

BOOST_AUTO_TEST_CASE(base_is_the_code_point_of_each_code_unit)
{
    std::u32string const in = {U'A', U'\U0001F600', U'B'};
    auto v = in | views::utf32_to_utf16;
    std::vector<std::ptrdiff_t> at;
    for (auto it = v.begin(); it != v.end(); ++it)
        at.push_back(it.base() - in.begin());
    BOOST_TEST((at == std::vector<std::ptrdiff_t>{0, 1, 1, 2}));
    auto it = v.end();
    --it;
    --it;
    BOOST_TEST((*it == char16_t(0xDE00)));
    auto const old = it--;
    BOOST_TEST((*old == char16_t(0xDE00)));
    BOOST_TEST((*it == char16_t(0xD83D)));
}

BOOST_AUTO_TEST_CASE(range_properties)
{
    using sv_view = decltype(std::u32string_view() | views::utf32_to_utf16);
    static_assert(test::rc::view<sv_view>, "");
    static_assert(test::rc::bidirectional_range<sv_view>, "");
    static_assert(!test::rc::random_access_range<sv_view>, "never random access");
    static_assert(test::rc::common_range<sv_view>, "");
    static_assert(!test::rc::sized_range<sv_view>, "never sized");
    static_assert(test::rc::borrowed_range<sv_view>, "borrowed when the base is");
    static_assert(test::rc::bidirectional_range<sv_view const>, "const-iterable");
    using list_view = decltype(std::declval<std::list<char32_t>&>() | views::utf32_to_utf16);
    static_assert(test::rc::bidirectional_range<list_view>, "");
    BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(noexcept_where_the_policy_allows)
{
    using replace_it = decltype((std::u32string_view() | views::utf32_to_utf16).begin());
    using throw_it = decltype((std::u32string_view() | views::utf32_to_utf16(utf::throw_on_error)).begin());
    static_assert(noexcept(++std::declval<replace_it&>()), "");
    static_assert(noexcept(--std::declval<replace_it&>()), "");
    static_assert(noexcept(*std::declval<replace_it&>()), "");
    static_assert(!noexcept(++std::declval<throw_it&>()), "");
    BOOST_TEST(true);
}

// ---- round trips of every scalar value --------------------------------------------------------

namespace {

std::u32string all_scalar_values()
{
    std::u32string all;
    all.reserve(0x10F800);
    for (char32_t c = 0; c <= 0x10FFFF; ++c)
        if (c < 0xD800 || c > 0xDFFF)
            all += c;
    return all;
}

} // namespace

BOOST_AUTO_TEST_CASE(every_scalar_value_round_trips_through_utf16)
{
    std::u32string const all = all_scalar_values();
    BOOST_TEST(all.size() == 1112064u);
    std::u16string const encoded = collect(all | views::utf32_to_utf16(utf::throw_on_error));
    BOOST_TEST((encoded == reference_encode(all)));
    std::u32string decoded;
    for (char32_t c : encoded | views::utf16(utf::throw_on_error))
        decoded += c;
    BOOST_TEST((decoded == all));
}

BOOST_AUTO_TEST_CASE(every_scalar_value_round_trips_between_utf8_and_utf16)
{
    std::u32string const all = all_scalar_values();
    std::string utf8;
    for (auto u : all | views::utf32_to_utf8_as<char>(utf::throw_on_error))
        utf8 += u;
    std::u16string const utf16 = reference_encode(all);

    // UTF-8 to UTF-16 and back, by composing the views.
    std::u16string const from_utf8 = collect(utf8 | views::utf8(utf::throw_on_error) | views::utf32_to_utf16);
    BOOST_TEST((from_utf8 == utf16));
    std::string from_utf16;
    for (auto u : utf16 | views::utf16(utf::throw_on_error) | views::utf32_to_utf8_as<char>)
        from_utf16 += u;
    BOOST_TEST((from_utf16 == utf8));
}

// ---- constant expressions (C++20) -------------------------------------------------------------

#if BOOST_CXX_VERSION >= 202002L
namespace {
constexpr bool encodes_at_compile_time()
{
    std::u32string_view const in = U"A\U0001F600";
    char16_t const expected[] = {u'A', 0xD83D, 0xDE00};
    std::size_t i = 0;
    for (char16_t u : in | views::utf32_to_utf16)
        if (i >= 3 || u != expected[i++])
            return false;
    return i == 3;
}
constexpr bool reverses_at_compile_time()
{
    std::u32string_view const in = U"A\U0001F600";
    auto v = in | views::utf32_to_utf16;
    auto it = v.end();
    --it;
    return *it == char16_t(0xDE00);
}
} // namespace
static_assert(encodes_at_compile_time());
static_assert(reverses_at_compile_time());
#endif

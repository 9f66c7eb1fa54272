// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The header under test comes first: it must stand on its own.
#include <boost/utf/utf16_view.hpp>

#define BOOST_TEST_MODULE utf16_view
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

// ---- an independent reference, from the definition of UTF-16 (RFC 2781 section 2.2) -----------

// What views::utf16 should give for `in`: the code points (each unpaired surrogate replaced by
// `replacement`, or dropped when it is no_replacement) and the errors as "kind@offset+length".
struct reference_result
{
    std::u32string out;
    std::string errors;
};

reference_result reference_decode(std::u16string const& in, char32_t replacement)
{
    reference_result r;
    std::size_t i = 0;
    while (i < in.size())
    {
        unsigned const w1 = in[i];
        if (w1 < 0xD800 || w1 > 0xDFFF)
        {
            r.out += char32_t(w1);
            i += 1;
            continue;
        }
        if (w1 <= 0xDBFF && i + 1 < in.size() && in[i + 1] >= 0xDC00 && in[i + 1] <= 0xDFFF)
        {
            unsigned const w2 = in[i + 1];
            r.out += char32_t(0x10000 + (w1 - 0xD800) * 0x400 + (w2 - 0xDC00));
            i += 2;
            continue;
        }
        if (!r.errors.empty())
            r.errors += ' ';
        r.errors += (w1 <= 0xDBFF ? "truncated@" : "unexpected_continuation@") + std::to_string(i) + "+1";
        if (replacement != utf::no_replacement)
            r.out += replacement;
        i += 1;
    }
    return r;
}

std::string units(std::initializer_list<unsigned> us)
{
    std::string out;
    for (unsigned u : us)
        out += std::to_string(u) + ' ';
    return out;
}

template<class Range>
std::u32string collect(Range&& r)
{
    std::u32string out;
    for (char32_t c : r)
        out += c;
    return out;
}

template<class V>
std::u32string collect_backward(V&& v)
{
    auto const got = test::backward(v);
    return std::u32string(got.begin(), got.end());
}

std::string decode(std::u16string const& in) { return test::cps(in | views::utf16); }

std::string errors(std::u16string const& in)
{
    std::vector<utf::error_info> log;
    for (char32_t c : in | views::utf16(test::recording_policy{&log}))
        (void)c;
    return test::describe(log);
}

std::u16string u16(std::initializer_list<unsigned> us)
{
    std::u16string out;
    for (unsigned u : us)
        out += char16_t(u);
    return out;
}

// Everything the view says about `in`, under every policy, forwards and backwards, against the
// reference.
void check_against_reference(std::u16string const& in)
{
    reference_result const replaced = reference_decode(in, U'\uFFFD');
    reference_result const questioned = reference_decode(in, U'?');
    reference_result const skipped = reference_decode(in, utf::no_replacement);

    BOOST_TEST((collect(in | views::utf16) == replaced.out));
    BOOST_TEST((collect(in | views::utf16(utf::replace_policy{U'?'})) == questioned.out));
    BOOST_TEST((collect(in | views::utf16(utf::skip_on_error)) == skipped.out));
    BOOST_TEST(errors(in) == replaced.errors);

    // Backwards: exactly the reverse, under every policy.
    BOOST_TEST((collect_backward(in | views::utf16) == replaced.out));
    BOOST_TEST((collect_backward(in | views::utf16(utf::replace_policy{U'?'})) == questioned.out));
    BOOST_TEST((collect_backward(in | views::utf16(utf::skip_on_error)) == skipped.out));

    // A single-pass walk gives the same.
    test::test_range<std::input_iterator_tag, char16_t> single(in);
    BOOST_TEST((collect(test::forward(single | views::utf16)) == replaced.out));

    // throw_on_error stops at the first error, with its kind and offset.
    std::string first = "none";
    try
    {
        for (char32_t c : in | views::utf16(utf::throw_on_error))
            (void)c;
    }
    catch (utf::utf_error const& e)
    {
        first = std::string(utf::to_string(e.kind())) + '@' + std::to_string(e.offset()) + "+1";
    }
    BOOST_TEST(first == (replaced.errors.empty() ? std::string("none")
                                                 : replaced.errors.substr(0, replaced.errors.find(' '))));
}

// The boundary set of the issue: the ends of each range of code units that UTF-16 treats alike.
unsigned const boundaries[] = {0x0000, 0x007F, 0x0080, 0x07FF, 0x0800, 0xD7FF, 0xD800,
                               0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF};

} // namespace

// ---- RFC 2781 section 3.3: "=Ra" after the hieroglyph U+12345 ---------------------------------

BOOST_AUTO_TEST_CASE(rfc_2781_examples)
{
    // The serialisations of the RFC, read as 16-bit code units in their byte order.
    std::string const big_endian_bom = test::bytes("FE FF D8 08 DF 45 00 3D 00 52 00 61");
    std::string const little_endian_bom = test::bytes("FF FE 08 D8 45 DF 3D 00 52 00 61 00");
    std::string const big_endian = test::bytes("D8 08 DF 45 00 3D 00 52 00 61");
    auto to_units = [](std::string const& b, bool big) {
        std::u16string out;
        for (std::size_t i = 0; i + 1 < b.size(); i += 2)
        {
            unsigned const hi = static_cast<unsigned char>(b[big ? i : i + 1]);
            unsigned const lo = static_cast<unsigned char>(b[big ? i + 1 : i]);
            out += char16_t(hi << 8 | lo);
        }
        return out;
    };
    BOOST_TEST(decode(to_units(big_endian_bom, true)) == "U+FEFF U+12345 U+003D U+0052 U+0061");
    BOOST_TEST(decode(to_units(little_endian_bom, false)) ==
               "U+FEFF U+12345 U+003D U+0052 U+0061");
    BOOST_TEST(decode(to_units(big_endian, true)) == "U+12345 U+003D U+0052 U+0061");
    BOOST_TEST(errors(to_units(big_endian, true)) == "");
}

// ---- error kinds and offsets, per the contract ------------------------------------------------

BOOST_AUTO_TEST_CASE(unpaired_surrogates_one_error_per_code_unit)
{
    BOOST_TEST(errors(u16({0xD800})) == "truncated@0+1");
    BOOST_TEST(errors(u16({0xD800, 0x41})) == "truncated@0+1");
    BOOST_TEST(errors(u16({0xDBFF, 0xDBFF, 0xDC00})) == "truncated@0+1");
    BOOST_TEST(errors(u16({0xDC00})) == "unexpected_continuation@0+1");
    BOOST_TEST(errors(u16({0xDFFF, 0xDC00})) == "unexpected_continuation@0+1 unexpected_continuation@1+1");
    BOOST_TEST(errors(u16({0x41, 0xDC00, 0xD800, 0xD800})) ==
               "unexpected_continuation@1+1 truncated@2+1 truncated@3+1");
    BOOST_TEST(decode(u16({0xD800, 0xD800, 0xDC00, 0xDC00})) == "U+FFFD U+10000 U+FFFD");
    // The error_info value is the code unit.
    std::vector<utf::error_info> log;
    std::u16string const lone = u16({0xDABC});
    for (char32_t c : lone | views::utf16(test::recording_policy{&log}))
        (void)c;
    BOOST_TEST(log.size() == 1u);
    BOOST_TEST((log.at(0).value == char32_t(0xDABC)));
}

BOOST_AUTO_TEST_CASE(offsets_count_from_the_start_of_the_view)
{
    std::u16string const s = u16({0x41, 0x41, 0xDC00});
    std::vector<utf::error_info> log;
    for (char32_t c : std::u16string_view(s).substr(1) | views::utf16(test::recording_policy{&log}))
        (void)c;
    BOOST_TEST(test::describe(log) == "unexpected_continuation@1+1");
}

// ---- every code unit, and every pair of the boundary set, against the reference ---------------

BOOST_AUTO_TEST_CASE(every_single_code_unit_alone_and_padded)
{
    for (unsigned u = 0; u <= 0xFFFF; ++u)
    {
        BOOST_TEST_CONTEXT(std::hex << u)
        {
            check_against_reference(u16({u}));
            check_against_reference(u16({0x41, u, 0x42}));
            check_against_reference(u16({0xD83D, 0xDE00, u, 0xD83D, 0xDE00}));
        }
    }
}

BOOST_AUTO_TEST_CASE(every_pair_of_boundaries_alone_and_padded)
{
    for (unsigned a : boundaries)
        for (unsigned b : boundaries)
        {
            BOOST_TEST_CONTEXT(units({a, b}))
            {
                check_against_reference(u16({a, b}));
                check_against_reference(u16({0x41, a, b, 0x42}));
                check_against_reference(u16({0xDBFF, 0xDFFF, a, b, 0xD800}));
                for (unsigned c : boundaries)
                    check_against_reference(u16({a, b, c}));
            }
        }
}

// ---- policies ---------------------------------------------------------------------------------

// Maps each unpaired surrogate to a private-use code point that says where it was.
struct private_use_policy
{
    char32_t operator()(utf::error_info const& e) const noexcept { return char32_t(0xE000 + e.offset); }
};

BOOST_AUTO_TEST_CASE(custom_policies_and_replacements)
{
    std::u16string const in = u16({0x41, 0xDC00, 0xD800});
    BOOST_TEST(test::cps(in | views::utf16(private_use_policy{})) == "U+0041 U+E001 U+E002");
    BOOST_TEST(test::cps(test::backward(in | views::utf16(private_use_policy{}))) == "U+0041 U+E001 U+E002");
    BOOST_TEST(test::cps(views::utf16(in, utf::replace_policy{U'?'})) == "U+0041 U+003F U+003F");
}

// A per-code-unit policy sees the same as a per-subpart one: every UTF-16 error is one code unit.
struct per_unit_policy
{
    static constexpr bool per_code_unit = true;
    std::vector<utf::error_info>* log = nullptr;
    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back(e);
        return U'\uFFFD';
    }
};

BOOST_AUTO_TEST_CASE(per_code_unit_policy_changes_nothing)
{
    std::u16string const in = u16({0xD800, 0xDBFF, 0xDC00, 0xDC00, 0x41, 0xD800});
    std::vector<utf::error_info> log;
    auto const forward = collect(in | views::utf16(per_unit_policy{&log}));
    BOOST_TEST((forward == reference_decode(in, U'\uFFFD').out));
    BOOST_TEST(test::describe(log) == errors(in));
    std::vector<utf::error_info> back_log;
    BOOST_TEST((collect_backward(in | views::utf16(per_unit_policy{&back_log})) == forward));
}

BOOST_AUTO_TEST_CASE(backward_reports_each_error_once_in_reverse)
{
    std::u16string const in = u16({0xDC00, 0x41, 0xD800, 0xD83D, 0xDE00, 0xDFFF, 0xDBFF});
    std::vector<utf::error_info> forward_log;
    for (char32_t c : in | views::utf16(test::recording_policy{&forward_log}))
        (void)c;
    std::vector<utf::error_info> back_log;
    auto v = in | views::utf16(test::recording_policy{&back_log});
    auto const first = v.begin();
    back_log.clear();
    for (auto it = v.end(); it != first;)
        --it;
    std::vector<utf::error_info> const reversed(back_log.rbegin(), back_log.rend());
    BOOST_TEST(test::describe(reversed) == test::describe(forward_log));
}

BOOST_AUTO_TEST_CASE(backward_throw_reports_the_last_error)
{
    std::u16string const in = u16({0xDC00, 0x41, 0xD800, 0x42});
    auto v = in | views::utf16(utf::throw_on_error);
    auto it = v.end();
    --it;
    BOOST_TEST((*it == U'B'));
    BOOST_TEST(test::thrown([&] { --it; }) == "truncated@2");
}

// ---- range behaviour ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(base_is_the_first_code_unit_of_the_element)
{
    std::u16string const in = u16({0x41, 0xD83D, 0xDE00, 0xDC00, 0x42});
    auto v = in | views::utf16;
    std::vector<std::ptrdiff_t> starts;
    for (auto it = v.begin(); it != v.end(); ++it)
        starts.push_back(it.base() - in.begin());
    BOOST_TEST((starts == std::vector<std::ptrdiff_t>{0, 1, 3, 4}));
}

BOOST_AUTO_TEST_CASE(postfix_and_prefix_steps_agree)
{
    std::u16string const in = u16({0x41, 0xD83D, 0xDE00, 0xDC00});
    auto v = in | views::utf16;
    auto it = v.begin();
    BOOST_TEST((*it++ == U'A'));
    BOOST_TEST((*it == U'\U0001F600'));
    auto jt = v.end();
    auto const old = jt--;
    BOOST_TEST((old == v.end()));
    BOOST_TEST((*jt == U'\uFFFD'));
}

BOOST_AUTO_TEST_CASE(the_four_adaptor_forms)
{
    std::u16string const in = u16({0x41, 0xDC00});
    BOOST_TEST(test::cps(views::utf16(in)) == "U+0041 U+FFFD");
    BOOST_TEST(test::cps(views::utf16(in, utf::skip_on_error)) == "U+0041");
    BOOST_TEST(test::cps(in | views::utf16) == "U+0041 U+FFFD");
    BOOST_TEST(test::cps(in | views::utf16(utf::skip_on_error)) == "U+0041");
    // Class template argument deduction.
    utf::utf16_view v(in);
    BOOST_TEST(test::cps(v) == "U+0041 U+FFFD");
    utf::utf16_view w(in, utf::skip_on_error);
    BOOST_TEST(test::cps(w) == "U+0041");
}

BOOST_AUTO_TEST_CASE(every_code_unit_type)
{
    std::vector<std::uint16_t> const u = {0x41, 0xD83D, 0xDE00, 0xD800};
    BOOST_TEST(test::cps(u | views::utf16) == "U+0041 U+1F600 U+FFFD");
    std::list<char16_t> const l = {0x41, 0xD83D, 0xDE00, 0xD800};
    BOOST_TEST(test::cps(l | views::utf16) == "U+0041 U+1F600 U+FFFD");
    BOOST_TEST(test::cps(test::backward(l | views::utf16)) == "U+0041 U+1F600 U+FFFD");
#if WCHAR_MAX <= 0xFFFF
    std::wstring const w = {wchar_t(0x41), wchar_t(0xD83D), wchar_t(0xDE00)};
    BOOST_TEST(test::cps(w | views::utf16) == "U+0041 U+1F600");
#endif
}

BOOST_AUTO_TEST_CASE(range_properties)
{
    using sv_view = decltype(std::u16string_view() | views::utf16);
    static_assert(test::rc::view<sv_view>, "");
    static_assert(test::rc::bidirectional_range<sv_view>, "");
    static_assert(!test::rc::random_access_range<sv_view>, "never random access");
    static_assert(test::rc::common_range<sv_view>, "");
    static_assert(!test::rc::sized_range<sv_view>, "never sized");
    static_assert(test::rc::borrowed_range<sv_view>, "borrowed when the base is");
    static_assert(test::rc::bidirectional_range<sv_view const>, "const-iterable");
#if BOOST_UTF_STD_RANGES
    using owning = decltype(std::u16string() | views::utf16);
    static_assert(!test::rc::borrowed_range<owning>, "a view that owns its container is not borrowed");
#endif
    // The const iterator is made from the non-const one.
    std::u16string const in = u16({0x41});
    auto v = in | views::utf16;
    test::rc::iterator_t<sv_view const> cit = (std::u16string_view(in) | views::utf16).begin();
    BOOST_TEST((*cit == U'A'));
    (void)v;
}

BOOST_AUTO_TEST_CASE(nothing_is_read_before_it_is_asked_for)
{
    std::u16string const in = u16({0xDC00, 0x41, 0xDC00});
    std::vector<utf::error_info> log;
    auto v = in | views::utf16(test::recording_policy{&log});
    BOOST_TEST(log.empty());
    auto it = v.begin();
    BOOST_TEST(log.size() == 1u);
    ++it;
    BOOST_TEST(log.size() == 1u);
    (void)it;
}

BOOST_AUTO_TEST_CASE(noexcept_where_the_policy_allows)
{
    using replace_it = decltype((std::u16string_view() | views::utf16).begin());
    using throw_it = decltype((std::u16string_view() | views::utf16(utf::throw_on_error)).begin());
    static_assert(noexcept(++std::declval<replace_it&>()), "");
    static_assert(noexcept(--std::declval<replace_it&>()), "");
    static_assert(noexcept(*std::declval<replace_it&>()), "");
    static_assert(!noexcept(++std::declval<throw_it&>()), "");
    auto v = std::u16string_view() | views::utf16(utf::skip_on_error);
    static_assert(noexcept(v.begin()) && noexcept(v.end()), "");
    BOOST_TEST(true);
}

// ---- constant expressions (C++20) -------------------------------------------------------------

#if BOOST_CXX_VERSION >= 202002L
namespace {
constexpr bool decodes_at_compile_time()
{
    std::u16string_view const in = u"A\u2262\U0001F600";
    char32_t const expected[] = {U'A', U'\u2262', U'\U0001F600'};
    std::size_t i = 0;
    for (char32_t c : in | views::utf16)
        if (i >= 3 || c != expected[i++])
            return false;
    return i == 3;
}
constexpr std::size_t count_replaced_at_compile_time()
{
    char16_t const in[] = {0xDC00, u'a', 0xD800, 0xD800};
    std::size_t n = 0;
    for (char32_t c : std::u16string_view(in, 4) | views::utf16)
        n += c == U'\uFFFD';
    return n;
}
constexpr bool reverses_at_compile_time()
{
    std::u16string_view const in = u"ab\U0001F600";
    auto v = in | views::utf16;
    auto it = v.end();
    --it;
    return *it == U'\U0001F600';
}
} // namespace
static_assert(decodes_at_compile_time());
static_assert(count_replaced_at_compile_time() == 3);
static_assert(reverses_at_compile_time());
#endif

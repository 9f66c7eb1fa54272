// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The header under test comes first: it must stand on its own.
#include <boost/utf/utf8_view.hpp>

#define BOOST_TEST_MODULE utf8_view
#include <boost/test/unit_test.hpp>

#include "concepts.hpp"
#include "test_support.hpp"

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;
using utf::error_kind;

namespace {

std::string decode(std::string const& in) { return test::cps(test::forward(in | views::utf8)); }

template<class Policy>
std::string decode(std::string const& in, Policy p)
{
    return test::cps(test::forward(in | views::utf8(p)));
}

// The errors reported while decoding `in`, as "kind@offset+length".
std::string errors(std::string const& in)
{
    std::vector<utf::error_info> log;
    for (char32_t c : in | views::utf8(test::recording_policy{&log}))
        (void)c;
    return test::describe(log);
}

} // namespace

// ---- well-formed input: every row of Table 3-7, at both ends -------------------------------

BOOST_AUTO_TEST_CASE(table_3_7_row_edges)
{
    struct row
    {
        char const* bytes;
        char const* expected;
    };
    row const rows[] = {
        {"00", "U+0000"},           {"7F", "U+007F"},           {"C2 80", "U+0080"},
        {"DF BF", "U+07FF"},        {"E0 A0 80", "U+0800"},     {"E0 BF BF", "U+0FFF"},
        {"E1 80 80", "U+1000"},     {"EC BF BF", "U+CFFF"},     {"ED 80 80", "U+D000"},
        {"ED 9F BF", "U+D7FF"},     {"EE 80 80", "U+E000"},     {"EF BF BF", "U+FFFF"},
        {"F0 90 80 80", "U+10000"}, {"F0 BF BF BF", "U+3FFFF"}, {"F1 80 80 80", "U+40000"},
        {"F3 BF BF BF", "U+FFFFF"}, {"F4 80 80 80", "U+100000"}, {"F4 8F BF BF", "U+10FFFF"},
    };
    for (row const& r : rows)
    {
        BOOST_TEST_CONTEXT(r.bytes)
        {
            std::string const in = test::bytes(r.bytes);
            BOOST_TEST(decode(in) == r.expected);
            BOOST_TEST(decode(in, utf::throw_on_error) == r.expected);
            BOOST_TEST(errors(in) == "");
        }
    }
}

BOOST_AUTO_TEST_CASE(empty_input)
{
    std::string const empty;
    auto v = empty | views::utf8;
    BOOST_TEST((v.begin() == v.end()));
    BOOST_TEST(v.empty());
    BOOST_TEST(decode(empty, utf::skip_on_error) == "");
}

// ---- error kinds: the contract's table, row by row -------------------------------------------

BOOST_AUTO_TEST_CASE(error_kind_per_contract_row)
{
    struct row
    {
        char const* bytes;
        char const* errors;
    };
    row const rows[] = {
        {"80", "unexpected_continuation@0+1"},
        {"BF", "unexpected_continuation@0+1"},
        {"C0 AF", "overlong@0+1 unexpected_continuation@1+1"},
        {"C1 BF", "overlong@0+1 unexpected_continuation@1+1"},
        {"E0 80 80", "overlong@0+1 unexpected_continuation@1+1 unexpected_continuation@2+1"},
        {"E0 9F BF", "overlong@0+1 unexpected_continuation@1+1 unexpected_continuation@2+1"},
        {"F0 80 80 80", "overlong@0+1 unexpected_continuation@1+1 unexpected_continuation@2+1 "
                        "unexpected_continuation@3+1"},
        {"F0 8F BF BF", "overlong@0+1 unexpected_continuation@1+1 unexpected_continuation@2+1 "
                        "unexpected_continuation@3+1"},
        {"ED A0 80", "surrogate@0+1 unexpected_continuation@1+1 unexpected_continuation@2+1"},
        {"ED BF BF", "surrogate@0+1 unexpected_continuation@1+1 unexpected_continuation@2+1"},
        {"F4 90 80 80", "out_of_range@0+1 unexpected_continuation@1+1 unexpected_continuation@2+1 "
                        "unexpected_continuation@3+1"},
        {"F4 BF", "out_of_range@0+1 unexpected_continuation@1+1"},
        {"F5 80", "out_of_range@0+1 unexpected_continuation@1+1"},
        {"F6", "out_of_range@0+1"},
        {"F7", "out_of_range@0+1"},
        {"F8", "invalid_lead_byte@0+1"},
        {"FC 80", "invalid_lead_byte@0+1 unexpected_continuation@1+1"},
        {"FE", "invalid_lead_byte@0+1"},
        {"FF", "invalid_lead_byte@0+1"},
        // a valid prefix cut short by the end of input ...
        {"C2", "truncated@0+1"},
        {"E1 80", "truncated@0+2"},
        {"F0 90 80", "truncated@0+3"},
        {"F4 8F", "truncated@0+2"},
        // ... or by a byte that cannot continue it
        {"C2 41", "truncated@0+1"},
        {"E1 80 C2 80", "truncated@0+2"},
        {"F1 80 80 F1 80 80 80", "truncated@0+3"},
        {"E0 41", "truncated@0+1"},
        {"ED C0", "truncated@0+1 overlong@1+1"},
    };
    for (row const& r : rows)
    {
        BOOST_TEST_CONTEXT(r.bytes) { BOOST_TEST(errors(test::bytes(r.bytes)) == r.errors); }
    }
}

BOOST_AUTO_TEST_CASE(offsets_count_code_units_from_the_start_of_the_view)
{
    BOOST_TEST(errors(test::bytes("41 C0 42 E1 80")) == "overlong@1+1 truncated@3+2");
    BOOST_TEST(errors(test::bytes("CE BA E1 BD B9 80")) == "unexpected_continuation@5+1");
    // A view of a suffix counts from the suffix.
    std::string const s = test::bytes("41 41 80");
    std::vector<utf::error_info> log;
    for (char32_t c : std::string_view(s).substr(1) | views::utf8(test::recording_policy{&log}))
        (void)c;
    BOOST_TEST(test::describe(log) == "unexpected_continuation@1+1");
}

// ---- policies ---------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(default_policy_replaces_each_maximal_subpart_with_fffd)
{
    // Unicode Table 3-11: truncated sequences, one U+FFFD each.
    std::string const in = test::bytes("E1 80 E2 F0 91 92 F1 BF 41");
    BOOST_TEST(decode(in) == "U+FFFD U+FFFD U+FFFD U+FFFD U+0041");
    BOOST_TEST(decode(in, utf::replace_on_error) == decode(in));
}

BOOST_AUTO_TEST_CASE(custom_replacement)
{
    std::string const in = test::bytes("61 80 62 E1 80");
    BOOST_TEST(decode(in, utf::replace_policy{U'?'}) == "U+0061 U+003F U+0062 U+003F");
}

BOOST_AUTO_TEST_CASE(skip_drops_each_maximal_subpart)
{
    BOOST_TEST(decode(test::bytes("80 61 C0 AF 62 E1 80"), utf::skip_on_error) == "U+0061 U+0062");
    BOOST_TEST(decode(test::bytes("80 81 FF"), utf::skip_on_error) == "");
    std::string const junk = test::bytes("80 81 FF");
    auto v = junk | views::utf8(utf::skip_on_error);
    BOOST_TEST((v.begin() == v.end()));
}

BOOST_AUTO_TEST_CASE(throw_reports_the_first_subpart)
{
    std::string const in = test::bytes("41 42 ED A0 80 C0");
    try
    {
        for (char32_t c : in | views::utf8(utf::throw_on_error))
            (void)c;
        BOOST_FAIL("no exception");
    }
    catch (utf::utf_error const& e)
    {
        BOOST_TEST((e.kind() == error_kind::surrogate));
        BOOST_TEST(e.offset() == 2u);
        BOOST_TEST(std::string(e.what()).find("surrogate") != std::string::npos);
    }
    // The elements before the error come out first.
    std::u32string seen;
    try
    {
        for (char32_t c : in | views::utf8(utf::throw_on_error))
            seen += c;
    }
    catch (utf::utf_error const&)
    {
    }
    BOOST_TEST(test::cps(seen) == "U+0041 U+0042");
}

// ---- walking backwards ------------------------------------------------------------------------

namespace {

template<class Policy>
void check_reverse(std::string const& in, Policy p)
{
    auto v = in | views::utf8(p);
    BOOST_TEST(test::cps(test::backward(v)) == test::cps(test::forward(v)));
}

} // namespace

BOOST_AUTO_TEST_CASE(backward_equals_forward_on_ill_formed_input)
{
    char const* const inputs[] = {
        "",
        "41",
        "E1 80",
        "E1 80 80 80",
        "C2 80 80",
        "F0 90 80 80 80 80 80",
        "E0 80 41",
        "ED A0 80 ED BF BF ED AF 41",
        "F4 91 92 93 FF 41 80 BF 42",
        "C0 AF E0 80 BF F0 81 82 41",
        "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
        "80 80 80 80 F0",
        "F0 F0 90 F0 90 80 F0 90 80 80",
    };
    std::vector<utf::error_info> fwd_log, back_log;
    for (char const* hex : inputs)
    {
        BOOST_TEST_CONTEXT(hex)
        {
            std::string const in = test::bytes(hex);
            check_reverse(in, utf::replace_on_error);
            check_reverse(in, utf::skip_on_error);
            check_reverse(in, utf::replace_policy{U'#'});

            // The policy is told the same errors, in the opposite order.
            fwd_log.clear();
            test::forward(in | views::utf8(test::recording_policy{&fwd_log}));
            auto v = in | views::utf8(test::recording_policy{&back_log});
            auto const first = v.begin();
            back_log.clear(); // begin() has read the first element
            for (auto it = v.end(); it != first;)
                --it;
            std::vector<utf::error_info> reversed(back_log.rbegin(), back_log.rend());
            BOOST_TEST(test::describe(reversed) == test::describe(fwd_log));
        }
    }
}

BOOST_AUTO_TEST_CASE(backward_throw_reports_the_last_subpart)
{
    std::string const in = test::bytes("41 80 42 C0 43");
    auto v = in | views::utf8(utf::throw_on_error);
    auto it = v.end();
    --it;
    BOOST_TEST((*it == U'C'));
    BOOST_TEST(test::thrown([&] { --it; }) == "overlong@3");
}

// ---- iterators --------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(base_is_the_first_code_unit_of_the_element)
{
    std::string const in = test::bytes("41 CE BA 80 F0 9F 98 80");
    auto v = in | views::utf8;
    std::vector<std::ptrdiff_t> offsets;
    for (auto it = v.begin(); it != v.end(); ++it)
        offsets.push_back(it.base() - in.begin());
    BOOST_TEST((offsets == std::vector<std::ptrdiff_t>{0, 1, 3, 4}));
    auto last = v.end();
    --last;
    BOOST_TEST((last.base() - in.begin() == 4));
}

BOOST_AUTO_TEST_CASE(postfix_and_prefix_steps_agree)
{
    std::string const in = test::bytes("41 CE BA F0 9F 98 80");
    auto v = in | views::utf8;
    auto it = v.begin();
    auto old = it++;
    BOOST_TEST((*old == U'A'));
    BOOST_TEST((*it == U'\u03BA'));
    auto back = it--;
    BOOST_TEST((*back == U'\u03BA'));
    BOOST_TEST((it == v.begin()));
}

BOOST_AUTO_TEST_CASE(null_terminated_string_with_a_sentinel)
{
    char const* const text = "\x41\xE2\x89\xA2\xCE\x91\x2E\xC0";
    test::rc::lib::subrange<char const*, test::null_sentinel> r(text, test::null_sentinel{});
    auto v = r | views::utf8;
    static_assert(!test::rc::common_range<decltype(v)>, "a sentinel-terminated base gives a sentinel");
    BOOST_TEST(test::cps(test::forward(v)) == "U+0041 U+2262 U+0391 U+002E U+FFFD");
}

BOOST_AUTO_TEST_CASE(istreambuf_single_pass)
{
    std::string const in = test::bytes("41 E2 89 A2 80 CE 91 E1 80");
    std::istringstream stream(in);
    test::rc::lib::subrange<std::istreambuf_iterator<char>, std::istreambuf_iterator<char>> r{
        std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
    std::vector<utf::error_info> log;
    auto v = r | views::utf8(test::recording_policy{&log});
    static_assert(std::is_same<test::rc::iterator_t<decltype(v)>::iterator_concept,
                               std::input_iterator_tag>::value,
                  "an input base gives an input view");
    BOOST_TEST(test::cps(test::forward(v)) == "U+0041 U+2262 U+FFFD U+0391 U+FFFD");
    BOOST_TEST(test::describe(log) == "unexpected_continuation@4+1 truncated@7+2");

    std::istringstream again(in);
    test::rc::lib::subrange<std::istreambuf_iterator<char>, std::istreambuf_iterator<char>> r2{
        std::istreambuf_iterator<char>(again), std::istreambuf_iterator<char>()};
    BOOST_TEST(test::thrown([&] {
                   for (char32_t c : r2 | views::utf8(utf::throw_on_error))
                       (void)c;
               }) == "unexpected_continuation@4");
}

// ---- element types ----------------------------------------------------------------------------

template<class Unit>
void check_unit_type()
{
    std::string const in = test::bytes("41 CE BA E2 89 A2 F0 9F 98 80 FF");
    std::vector<Unit> units;
    for (char c : in)
        units.push_back(static_cast<Unit>(static_cast<unsigned char>(c)));
    BOOST_TEST(test::cps(test::forward(units | views::utf8)) == "U+0041 U+03BA U+2262 U+1F600 U+FFFD");
}

BOOST_AUTO_TEST_CASE(every_code_unit_type)
{
    check_unit_type<char>();
    check_unit_type<signed char>();
    check_unit_type<unsigned char>();
    check_unit_type<std::byte>();
#if BOOST_UTF_HAS_CHAR8_T
    check_unit_type<char8_t>();
#endif
}

// ---- range properties -------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(range_properties)
{
    using sv_view = decltype(std::string_view() | views::utf8);
    static_assert(test::rc::view<sv_view>, "");
    static_assert(test::rc::bidirectional_range<sv_view>, "");
    static_assert(!test::rc::random_access_range<sv_view>, "never random access");
    static_assert(test::rc::common_range<sv_view>, "");
    static_assert(!test::rc::sized_range<sv_view>, "never sized");
    static_assert(test::rc::borrowed_range<sv_view>, "borrowed when the base is");
    static_assert(test::rc::bidirectional_range<sv_view const>, "const-iterable");

    std::string s;
    using ref_view = decltype(s | views::utf8);
    static_assert(test::rc::borrowed_range<ref_view>, "a view of an lvalue container is borrowed");
    static_assert(test::rc::bidirectional_range<ref_view const>, "");

#if BOOST_UTF_STD_RANGES
    using owning = decltype(std::string() | views::utf8);
    static_assert(!test::rc::borrowed_range<owning>, "a view that owns its container is not borrowed");
#endif

    // Copying a view copies its base view and nothing else.
    std::string const in = test::bytes("41 42");
    auto v = in | views::utf8;
    auto w = v;
    BOOST_TEST(test::cps(test::forward(w)) == "U+0041 U+0042");
    BOOST_TEST((v.begin().base() == w.begin().base()));
}

BOOST_AUTO_TEST_CASE(nothing_is_read_before_it_is_asked_for)
{
    std::string const in = test::bytes("41 80 42 80");
    std::vector<utf::error_info> log;
    auto v = in | views::utf8(test::recording_policy{&log});
    BOOST_TEST(log.empty());
    auto it = v.begin();
    BOOST_TEST(log.empty());
    ++it;
    BOOST_TEST(log.size() == 1u);
}

BOOST_AUTO_TEST_CASE(noexcept_where_the_policy_allows)
{
    using replace_it = decltype((std::string_view() | views::utf8).begin());
    using throw_it = decltype((std::string_view() | views::utf8(utf::throw_on_error)).begin());
    static_assert(noexcept(++std::declval<replace_it&>()), "");
    static_assert(noexcept(--std::declval<replace_it&>()), "");
    static_assert(noexcept(*std::declval<replace_it&>()), "");
    static_assert(noexcept(++std::declval<decltype((std::string_view() | views::utf8(utf::skip_on_error)).begin())&>()), "");
    static_assert(!noexcept(++std::declval<throw_it&>()), "");
    // begin() and end() too, since begin() decodes the first element.
    auto v = std::string_view() | views::utf8;
    auto const cv = std::string_view() | views::utf8(utf::skip_on_error);
    static_assert(noexcept(v.begin()) && noexcept(v.end()) && noexcept(cv.begin()) && noexcept(cv.end()), "");
    auto t = std::string_view() | views::utf8(utf::throw_on_error);
    static_assert(!noexcept(t.begin()), "");

    // And what the declarations promise is what happens on ill-formed input: replace and skip
    // carry on, throw throws.
    std::string const bad = test::bytes("41 C0 80 42 ED A0");
    BOOST_TEST(test::cps(test::forward(bad | views::utf8)) == "U+0041 U+FFFD U+FFFD U+0042 U+FFFD U+FFFD");
    BOOST_TEST(test::cps(test::backward(bad | views::utf8)) == "U+0041 U+FFFD U+FFFD U+0042 U+FFFD U+FFFD");
    BOOST_TEST(test::cps(test::forward(bad | views::utf8(utf::skip_on_error))) == "U+0041 U+0042");
    BOOST_CHECK_THROW(test::forward(bad | views::utf8(utf::throw_on_error)), utf::utf_error);
    BOOST_CHECK_THROW(test::backward(bad | views::utf8(utf::throw_on_error)), utf::utf_error);
}

// ---- constant expressions (C++20) -------------------------------------------------------------

#if BOOST_CXX_VERSION >= 202002L && BOOST_UTF_HAS_CHAR8_T
namespace {
constexpr bool decodes_at_compile_time()
{
    std::u8string_view const in = u8"A\u2262\u0391.\U000233B4";
    char32_t const expected[] = {U'A', U'\u2262', U'\u0391', U'.', U'\U000233B4'};
    std::size_t i = 0;
    for (char32_t c : in | views::utf8)
        if (i >= 5 || c != expected[i++])
            return false;
    return i == 5;
}
constexpr std::size_t count_replaced_at_compile_time()
{
    char const in[] = {'\xC0', '\xAF', 'a', '\xE1', '\x80'};
    std::size_t n = 0;
    for (char32_t c : std::string_view(in, sizeof in) | views::utf8)
        n += c == U'\uFFFD';
    return n;
}
constexpr bool reverses_at_compile_time()
{
    std::u8string_view const in = u8"ab\u00e9";
    auto v = in | views::utf8;
    auto it = v.end();
    --it;
    return *it == U'\u00e9';
}
} // namespace
static_assert(decodes_at_compile_time());
static_assert(count_replaced_at_compile_time() == 3);
static_assert(reverses_at_compile_time());
#endif

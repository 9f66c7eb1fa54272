// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The bulk paths of the compositions (UTF-8 to UTF-16, UTF-16 to UTF-8, and the sanitising UTF-8
// to UTF-8 and UTF-16 to UTF-16) against the lazy compositions they stand for, and is_valid and
// find_invalid over UTF-16. Output, and every call of both policies in order (which policy, kind,
// offset, length, value), must be the same, for errors of every kind at every offset of a block,
// for every policy answer (including answers that are not scalar values, which the outer view
// must then handle), and when a policy throws.

#include <boost/utf/algorithm.hpp>
#include <boost/utf.hpp>

#define BOOST_TEST_MODULE algorithm_transcode
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {

// Every policy call of a composition, in order: 'i' for the inner (decoding) view, 'o' for the
// outer (encoding) one.
struct call
{
    char who;
    utf::error_kind kind;
    std::size_t offset;
    std::size_t length;
    char32_t value;

    friend bool operator==(call const& a, call const& b)
    {
        return a.who == b.who && a.kind == b.kind && a.offset == b.offset && a.length == b.length &&
               a.value == b.value;
    }
    friend std::ostream& operator<<(std::ostream& os, call const& c)
    {
        return os << c.who << ':' << utf::to_string(c.kind) << '@' << c.offset << '+' << c.length << ':'
                  << std::hex << static_cast<std::uint32_t>(c.value) << std::dec;
    }
};

using log_t = std::vector<call>;

struct logging_policy
{
    log_t* log = nullptr;
    char who = 'i';
    char32_t with = U'\uFFFD';
    std::size_t throw_at = static_cast<std::size_t>(-1); // throws at this call of the whole log

    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back({who, e.kind, e.offset, e.length, e.value});
        if (log->size() > throw_at)
            throw utf::utf_error(e.kind, e.offset);
        return with;
    }
};

struct logging_per_unit_policy : logging_policy
{
    static constexpr bool per_code_unit = true;
};

template<class T>
struct outcome
{
    std::vector<std::uint32_t> out;
    log_t log;
    bool threw = false;
};

// What the policies answer: the inner one every kind of value, the outer one a few.
char32_t const inner_answers[] = {U'\uFFFD', utf::no_replacement, U'?', U'\U0001F600', char32_t(0xD800),
                                  char32_t(0x110000)};
char32_t const outer_answers[] = {U'\uFFFD', utf::no_replacement, U'x'};

// The lazy composition, walked element by element, and the bulk copy through a pointer (the
// caller's buffer), through a back_inserter (the sink's buffer), and to<>; all must agree.
template<class Unit, class Make, class Inner>
void check_composition(Make make, Inner inner_template, char32_t outer_with, std::size_t throw_at,
                       char const* what)
{
    auto run = [&](auto&& copy_into) {
        outcome<Unit> r;
        Inner inner = inner_template;
        inner.log = &r.log;
        inner.who = 'i';
        inner.throw_at = throw_at;
        logging_policy outer{&r.log, 'o', outer_with, throw_at};
        try
        {
            copy_into(make(inner, outer), r.out);
        }
        catch (utf::utf_error const&)
        {
            r.threw = true;
        }
        return r;
    };
    // The lazy walk stops at the sentinel: forming end() of a view over a decoding view forms the
    // decoding view's begin(), which decodes (and reports) its first element once more.
    outcome<Unit> lazy = run([](auto&& v, std::vector<std::uint32_t>& out) {
        for (auto it = v.begin(); it != boost::utf::detail::rng::default_sentinel; ++it)
            out.push_back(static_cast<std::uint32_t>(*it));
    });
    // Where the outer policy needs an offset over a bidirectional decoding view, the lazy
    // composition counts it by walking the decoding view from its start, which reports the errors
    // on the way once more; the bulk path counts as it goes. Each error of the source is the same
    // error, reported in the same order: keep the first report of each.
    log_t first_reports;
    for (call const& c : lazy.log)
    {
        bool again = false;
        for (call const& d : first_reports)
            again = again || (c.who == 'i' && d.who == 'i' && c.offset == d.offset);
        if (!again)
            first_reports.push_back(c);
    }
    lazy.log = first_reports;
    outcome<Unit> const through_pointer = run([](auto&& v, std::vector<std::uint32_t>& out) {
        std::vector<Unit> buffer(4096);
        Unit* const end = utf::copy(v, buffer.data());
        out.assign(buffer.data(), end);
    });
    outcome<Unit> const through_inserter = run([](auto&& v, std::vector<std::uint32_t>& out) {
        std::vector<Unit> got;
        try
        {
            utf::copy(v, std::back_inserter(got));
        }
        catch (...)
        {
            out.assign(got.begin(), got.end());
            throw;
        }
        out.assign(got.begin(), got.end());
    });
    BOOST_TEST_CONTEXT(what)
    {
        BOOST_TEST(lazy.threw == through_inserter.threw);
        BOOST_TEST(lazy.out == through_inserter.out, boost::test_tools::per_element());
        BOOST_TEST(lazy.log == through_inserter.log, boost::test_tools::per_element());
        BOOST_TEST(lazy.threw == through_pointer.threw);
        BOOST_TEST(lazy.log == through_pointer.log, boost::test_tools::per_element());
        if (!lazy.threw)
        {
            BOOST_TEST(lazy.out == through_pointer.out, boost::test_tools::per_element());
            // to<> too.
            outcome<Unit> const to = run([](auto&& v, std::vector<std::uint32_t>& out) {
                auto const got = utf::to<std::basic_string<Unit>>(v);
                out.assign(got.begin(), got.end());
            });
            BOOST_TEST(lazy.out == to.out, boost::test_tools::per_element());
            BOOST_TEST(lazy.log == to.log, boost::test_tools::per_element());
        }
    }
}

// All four compositions over `in` (UTF-8 bytes) and `in16` (UTF-16 units), every policy answer.
template<class Inner>
void check_all(std::string const& in, std::u16string const& in16, std::size_t throw_at = static_cast<std::size_t>(-1))
{
    for (char32_t inner_with : inner_answers)
    {
        // A throwing policy is counted by calls, which the lazy re-walk above would change.
        if (throw_at != static_cast<std::size_t>(-1) && inner_with != utf::no_replacement &&
            utf::detail::check_scalar(inner_with) != utf::error_kind{})
            continue;
        for (char32_t outer_with : outer_answers)
        {
            Inner inner{};
            inner.with = inner_with;
            check_composition<char16_t>(
                [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf16(op); }, inner,
                outer_with, throw_at, "utf8 | utf32_to_utf16");
            check_composition<char>(
                [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf8_as<char>(op); }, inner,
                outer_with, throw_at, "utf8 | utf32_to_utf8");
            check_composition<char>(
                [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf8_as<char>(op); },
                inner, outer_with, throw_at, "utf16 | utf32_to_utf8");
            check_composition<char16_t>(
                [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf16(op); }, inner,
                outer_with, throw_at, "utf16 | utf32_to_utf16");
        }
    }
}

// Well-formed text of every UTF-8 length, longer than any block.
std::u32string const text = U"Grüße, Ελλάδα, мир, 日本語, 😀🎉 — and some plain ASCII to fill a block of sixty-four.";

std::string utf8_of(std::u32string const& s)
{
    std::string out;
    for (char c : s | views::utf32_to_utf8_as<char>)
        out += c;
    return out;
}

std::u16string utf16_of(std::u32string const& s)
{
    std::u16string out;
    for (char16_t c : s | views::utf32_to_utf16)
        out += c;
    return out;
}

// UTF-8 errors of every kind, and UTF-16 unpaired surrogates.
std::string const utf8_errors[] = {"\x80", "\xC0\xAF", "\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                                   "\xF8", "\xE1\x80", "\xF0\x9F\x98"};
std::u16string const utf16_errors[] = {{char16_t(0xD800)}, {char16_t(0xDC00)}, {char16_t(0xDBFF), char16_t(0xDBFF)},
                                       {char16_t(0xDFFF), char16_t(0xD800)}};

} // namespace

BOOST_AUTO_TEST_CASE(well_formed_text)
{
    check_all<logging_policy>(utf8_of(text), utf16_of(text));
}

BOOST_AUTO_TEST_CASE(every_error_at_every_offset_of_a_block)
{
    std::string const t8 = utf8_of(text);
    std::u16string const t16 = utf16_of(text);
    for (std::size_t i = 0; i < 8; ++i)
    {
        for (std::size_t at = 0; at <= 72; ++at)
        {
            std::string in = t8;
            in.insert(std::min(at, in.size()), utf8_errors[i]);
            std::u16string in16 = t16;
            in16.insert(std::min(at, in16.size()), utf16_errors[i % 4]);
            check_all<logging_policy>(in, in16);
            if (at % 8 == 0)
                check_all<logging_per_unit_policy>(in, in16);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_policy_that_throws)
{
    std::string in = utf8_of(text);
    in.insert(5, "\xC0");
    in.insert(40, "\xED\xA0\x80");
    std::u16string in16 = utf16_of(text);
    in16.insert(5, 1, char16_t(0xDC00));
    in16.insert(40, 1, char16_t(0xD800));
    for (std::size_t n = 0; n < 4; ++n)
        check_all<logging_policy>(in, in16, n);
}

BOOST_AUTO_TEST_CASE(every_scalar_value)
{
    std::u32string all;
    for (char32_t c = 0; c <= 0x10FFFF; ++c)
        if (c < 0xD800 || c > 0xDFFF)
            all += c;
    std::string const u8 = utf8_of(all);
    std::u16string const u16 = utf16_of(all);
    BOOST_TEST((utf::to<std::u16string>(u8 | views::utf8 | views::utf32_to_utf16) == u16));
    BOOST_TEST((utf::to<std::string>(u16 | views::utf16 | views::utf32_to_utf8_as<char>) == u8));
    BOOST_TEST((utf::to<std::string>(u8 | views::utf8 | views::utf32_to_utf8_as<char>) == u8));
    BOOST_TEST((utf::to<std::u16string>(u16 | views::utf16 | views::utf32_to_utf16) == u16));
}

BOOST_AUTO_TEST_CASE(other_output_unit_types)
{
    std::string const in = "a\xC0" "b\xF0\x9F\x98\x80";
    std::vector<std::uint16_t> out(8);
    auto const end = utf::copy(in | views::utf8 | views::utf32_to_utf16_as<std::uint16_t>, out.data());
    BOOST_TEST((std::vector<std::uint16_t>(out.data(), end) ==
                std::vector<std::uint16_t>{0x61, 0xFFFD, 0x62, 0xD83D, 0xDE00}));
    std::vector<std::uint16_t> const units = {0x61, 0xDC00, 0xD83D, 0xDE00};
    auto const bytes = utf::to<std::vector<unsigned char>>(units | views::utf16 | views::utf32_to_utf8_as<unsigned char>);
    BOOST_TEST((bytes == std::vector<unsigned char>{0x61, 0xEF, 0xBF, 0xBD, 0xF0, 0x9F, 0x98, 0x80}));
}

// ---- is_valid and find_invalid over UTF-16 ------------------------------------------------------

BOOST_AUTO_TEST_CASE(utf16_validation_agrees_with_the_view)
{
    std::u16string const t16 = utf16_of(text);
    for (std::u16string const& e : utf16_errors)
    {
        for (std::size_t at = 0; at <= t16.size(); ++at)
        {
            std::u16string in = t16;
            in.insert(at, e);
            std::size_t first = in.size();
            try
            {
                for (char32_t c : in | views::utf16(utf::throw_on_error))
                    (void)c;
            }
            catch (utf::utf_error const& x)
            {
                first = x.offset();
            }
            BOOST_TEST_CONTEXT("at " << at)
            {
                BOOST_TEST(utf::is_valid(in) == (first == in.size()));
                BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(in) - in.begin()) == first);
                std::list<char16_t> const l(in.begin(), in.end());
                BOOST_TEST(utf::is_valid(l) == (first == in.size()));
                BOOST_TEST(static_cast<std::size_t>(std::distance(l.begin(), utf::find_invalid(l))) == first);
                std::vector<std::uint16_t> const u(in.begin(), in.end());
                BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(u) - u.begin()) == first);
            }
        }
    }
    BOOST_TEST(utf::is_valid(t16));
    BOOST_TEST((utf::find_invalid(t16) == t16.end()));
    std::list<char16_t> const l(t16.begin(), t16.end());
    BOOST_TEST(utf::is_valid(l));
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The bulk paths of the compositions (UTF-8 to UTF-16, UTF-16 to UTF-8, and the sanitising UTF-8
// to UTF-8 and UTF-16 to UTF-16) and of the UTF-16 views alone against the lazy views they stand
// for, and is_valid and find_invalid over UTF-16. Output, and every call of both policies in order (which policy, kind,
// offset, length, value), must be the same, for errors of every kind at every offset of a block,
// for every policy answer (including answers that are not scalar values, which the outer view
// must then handle), and when a policy throws.

#include <boost/utf/algorithm.hpp>
#include <boost/utf.hpp>

#define BOOST_TEST_MODULE algorithm_transcode
#include <boost/test/unit_test.hpp>

#include "guarded_memory.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {

using test::of_class;

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

// Answers by the error's offset, so that one input mixes subparts replaced by a scalar value,
// dropped, and replaced by a value the outer view must handle; the answer to the same error is
// the same however often the lazy walk reports it.
template<class Base>
struct mixed_answers_policy : Base
{
    char32_t operator()(utf::error_info const& e) const
    {
        static constexpr char32_t answers[] = {U'?', utf::no_replacement, char32_t(0xD800), U'\U0001F600',
                                               utf::no_replacement, char32_t(0x110000)};
        mixed_answers_policy copy = *this;
        copy.with = answers[(e.offset / 3) % 6];
        return copy.Base::operator()(e);
    }
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
    // Through the caller's buffer: sized to what the lazy walk wrote, so that a write past the last
    // element is one past the buffer, which the sanitizers report. Where the walk threw, it wrote
    // only part of the output, and the copy goes into a buffer longer than any output here.
    outcome<Unit> const through_pointer = run([&lazy](auto&& v, std::vector<std::uint32_t>& out) {
        static std::vector<Unit> spare(std::size_t(1) << 16);
        std::vector<Unit> exact(lazy.out.size());
        Unit* const buffer = lazy.threw ? spare.data() : exact.data();
        Unit* const end = utf::copy(v, buffer);
        out.assign(buffer, end);
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

// The values a UTF-16 string stands for, each unpaired surrogate kept as a value that is not a
// scalar value (a high one as it is, a low one past 10FFFF): the input of an encoding view alone.
std::u32string values_of(std::u16string const& s)
{
    std::u32string out;
    for (std::size_t i = 0; i < s.size(); ++i)
    {
        char32_t const u = s[i];
        bool const high = u >= 0xD800 && u <= 0xDBFF, low = u >= 0xDC00 && u <= 0xDFFF;
        if (high && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF)
            out += static_cast<char32_t>(0x10000 + ((u - 0xD800) << 10) + (s[++i] - 0xDC00));
        else
            out += low ? static_cast<char32_t>(0x110000 + u) : u;
    }
    return out;
}

// The UTF-16 views alone, which copy and to<> take through the UTF-16 kernels too: views::utf16
// over `in16` with the inner policy (when `decode`), and views::utf32_to_utf16 over its values
// with the outer one (when `encode`).
template<class Inner>
void check_utf16_alone(std::u16string const& in16, Inner inner, char32_t outer_with, std::size_t throw_at,
                       bool decode = true, bool encode = true)
{
    if (decode)
        check_composition<char32_t>([&](auto ip, auto) { return in16 | views::utf16(ip); }, inner, outer_with,
                                    throw_at, "utf16");
    if (encode)
    {
        std::u32string const values = values_of(in16);
        check_composition<char16_t>([&](auto, auto op) { return values | views::utf32_to_utf16(op); }, inner,
                                    outer_with, throw_at, "utf32_to_utf16");
    }
}

// All four compositions over `in` (UTF-8 bytes) and `in16` (UTF-16 units), every policy answer,
// and the UTF-16 views alone.
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
            // Each view alone has one policy: once for each of its answers.
            check_utf16_alone(in16, inner, outer_with, throw_at, outer_with == outer_answers[0],
                              inner_with == inner_answers[0]);
        }
    }
}

// Well-formed text of every UTF-8 length, three-byte forms from just above 800 (Devanagari) as well
// as far above it, longer than any block.
std::u32string const text = U"Grüße, Ελλάδα, мир, 日本語, 😀🎉 — and some plain ASCII to fill a block of sixty-four; नमस्ते.";

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

// `s` with `bytes` put in at `at`. (Not string::insert of a literal at a constant place: there
// g++ 12 warns falsely of overlapping copies at -O2 and above, -Wrestrict.)
std::string spliced(std::string const& s, std::size_t at, std::string const& bytes)
{
    return s.substr(0, at) + bytes + s.substr(at);
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

// Many errors in one input, some dropped, some replaced, some replaced by values that are not
// scalar values: the outer policy is told the inner element's index after all of them, which the
// sanitising paths work out only when asked, over the stretches and subparts before.
BOOST_AUTO_TEST_CASE(element_index_after_many_errors)
{
    std::string const t8 = utf8_of(text);
    std::u16string const t16 = utf16_of(text);
    for (std::size_t shift = 0; shift < 3; ++shift)
    {
        std::string in;
        std::u16string in16;
        for (std::size_t i = 0; i < 24; ++i)
        {
            in += t8.substr((i * 5 + shift) % 20, i % 7);
            in += utf8_errors[(i + shift) % 8];
            in16 += t16.substr((i * 5 + shift) % 20, i % 7);
            in16 += utf16_errors[(i + shift) % 4];
        }
        in += t8;
        in16 += t16;
        for (std::size_t i = 0; i < 10; ++i)
        {
            in += utf8_errors[(i + shift) % 8];
            in16 += utf16_errors[(i + shift) % 4];
        }
        BOOST_TEST_CONTEXT("shift " << shift)
        {
            for (char32_t outer_with : outer_answers)
            {
                mixed_answers_policy<logging_policy> inner{};
                check_composition<char>(
                    [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf8_as<char>(op); }, inner,
                    outer_with, static_cast<std::size_t>(-1), "utf8 | utf32_to_utf8");
                check_composition<char16_t>(
                    [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf16(op); }, inner,
                    outer_with, static_cast<std::size_t>(-1), "utf16 | utf32_to_utf16");
                mixed_answers_policy<logging_per_unit_policy> per_unit{};
                check_composition<char>(
                    [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf8_as<char>(op); },
                    per_unit, outer_with, static_cast<std::size_t>(-1), "utf8 | utf32_to_utf8, per code unit");
            }
        }
    }
}

namespace {

// The sanitising composition over `in` (utf8 | utf32_to_utf8) under a policy per element, and
// also under one per code unit where `per_code_unit`.
void check_sanitized(std::string const& in, bool per_code_unit)
{
    auto const sanitized = [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf8_as<char>(op); };
    check_composition<char>(sanitized, logging_policy{}, U'x', static_cast<std::size_t>(-1), "utf8 | utf32_to_utf8");
    if (per_code_unit)
        check_composition<char>(sanitized, logging_per_unit_policy{}, U'x', static_cast<std::size_t>(-1),
                                "utf8 | utf32_to_utf8, per code unit");
}

} // namespace

// Errors close together, so that several fall in one step of the validating kernel (64 bytes at
// every level): after the first, the sanitiser finds the others from the flags the kernel worked
// out for that step, and the next step's kernel call begins where those flags end. Two or three
// errors with 0 to 9 bytes of text between them, the first at every offset of a step, in ASCII
// and in multi-byte text (where an error inserted inside a sequence makes more).
BOOST_AUTO_TEST_CASE(errors_close_together_in_one_kernel_step)
{
    std::string const backgrounds[] = {std::string(160, 'x'), utf8_of(text) + utf8_of(text)};
    for (std::string const& background : backgrounds)
        for (std::size_t gap : {0, 1, 3, 9})
            for (std::size_t count : {2, 3})
                for (std::size_t at = 0; at <= 66; ++at)
                {
                    std::string in = background;
                    for (std::size_t j = 0, pos = at; j < count; ++j)
                    {
                        std::string const& e = utf8_errors[(at + 3 * j) % 8];
                        in.insert(pos, e);
                        pos += e.size() + gap;
                    }
                    BOOST_TEST_CONTEXT(count << " errors " << gap << " bytes apart from " << at << " in "
                                             << (background[0] == 'x' ? "ASCII" : "text"))
                    {
                        check_sanitized(in, at % 4 == 0);
                    }
                }
}

// Where fewer bytes than a block are left after a validating kernel's whole blocks, the scan
// validates the block that ends where the input ends, over bytes it has already judged. An error
// of every kind at each of the last 40 places, at every length from one block and three bytes
// (less goes by the rules alone) to past three steps: every error is reported once, in order
// (and each code unit of it, for a policy that steps per code unit), and find_invalid stops at
// the first.
BOOST_AUTO_TEST_CASE(errors_where_the_input_ends_inside_a_block)
{
    std::string const backgrounds[] = {std::string(240, 'x'), utf8_of(text) + utf8_of(text) + utf8_of(text)};
    for (std::string const& background : backgrounds)
        for (std::size_t length = 35; length <= 200; ++length)
        {
            // Cut where an element begins, so that the end adds no error of its own.
            std::size_t cut = length;
            while ((static_cast<unsigned char>(background[cut]) & 0xC0) == 0x80)
                --cut;
            std::string const piece = background.substr(0, cut);
            for (std::size_t back = 1; back <= 40 && back <= piece.size(); ++back)
            {
                std::string const& e = utf8_errors[(length + back) % 8];
                std::string const in = spliced(piece, piece.size() - back, e);
                BOOST_TEST_CONTEXT("length " << in.size() << ", error " << (length + back) % 8 << " " << back
                                             << " bytes before the end in "
                                             << (background[0] == 'x' ? "ASCII" : "text"))
                {
                    check_sanitized(in, back % 4 == 0);
                    // The first error alone, as the view walked element by element finds it.
                    log_t log;
                    for (char32_t c : in | views::utf8(logging_policy{&log}))
                        (void)c;
                    BOOST_TEST_REQUIRE(!log.empty());
                    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(in) - in.begin()) == log.front().offset);
                    BOOST_TEST(!utf::is_valid(in));
                }
            }
        }
}

// ---- short input ---------------------------------------------------------------------------------
//
// Below a kernel's block the bulk paths take the input by the rules alone, in one stretch when
// the output is the caller's buffer, ASCII eight bytes or four UTF-16 code units at a time, and
// the sanitising UTF-16 path element by element instead of validating and then copying. Every
// length up to 20 code units and then around each level's blocks, up to 65, with an error of
// every kind at every position, under policies that replace, drop, answer with a value the
// outer view must handle, and step per code unit.

namespace {

template<class Inner>
void check_short8(std::string const& in, Inner inner)
{
    check_composition<char16_t>([&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf16(op); },
                                inner, U'x', static_cast<std::size_t>(-1), "utf8 | utf32_to_utf16");
}

template<class Inner>
void check_short16(std::u16string const& in16, Inner inner)
{
    check_composition<char>(
        [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf8_as<char>(op); }, inner, U'x',
        static_cast<std::size_t>(-1), "utf16 | utf32_to_utf8");
    check_composition<char16_t>(
        [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf16(op); }, inner, U'x',
        static_cast<std::size_t>(-1), "utf16 | utf32_to_utf16");
    // The encoding view alone does not see the inner policy: once is enough.
    check_utf16_alone(in16, inner, U'x', static_cast<std::size_t>(-1), true,
                      std::is_same<Inner, logging_policy>::value && inner.with == U'\uFFFD');
}

// Replacing, dropping, a value that is not a scalar value, and per code unit.
template<class Check>
void under_each_policy(Check check)
{
    for (char32_t inner_with : {U'\uFFFD', utf::no_replacement, char32_t(0xD800)})
    {
        logging_policy inner{};
        inner.with = inner_with;
        check(inner);
    }
    check(logging_per_unit_policy{});
}

} // namespace

BOOST_AUTO_TEST_CASE(short_input_with_an_error_at_every_position)
{
    // All ASCII, and ASCII broken up by other lengths at irregular places.
    std::u32string const texts[] = {
        U"The quick brown fox jumps over the lazy dog, 0123456789. Pack my box with five dozen liquor jugs.",
        U"abc\u00E9defghij\u4E00klmnopqrstu\U0001F600vwxyzABCD\u0416EFGHIJKLMNOP\u4E8C\u4E09\u56DB"
        U"\u4E94qrstuvw\U00010348xyz\u00FC\u00E4\u00F6ABCDEFGHIJKLMNOPQRSTUVWXYZ"};
    for (std::u32string const& t : texts)
    {
        std::string const t8 = utf8_of(t);
        std::u16string const t16 = utf16_of(t);
        // Every length up to 20, then lengths around the SSE and AVX2 blocks (16 and 32 code
        // units) and the AVX-512 ones (32 code units to UTF-8, 64 otherwise): below a block the
        // pieces never reach a kernel, and between the AVX-512 widths only to_utf8 takes them.
        for (std::size_t len : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 28, 31,
                                32, 33, 40, 47, 63, 64, 65})
        {
            // The first `len` code units: a cut sequence or pair at the end is one more error.
            std::string const s8 = t8.substr(0, len);
            std::u16string const s16 = t16.substr(0, len);
            BOOST_TEST_CONTEXT("length " << len)
            {
                under_each_policy([&](auto p) {
                    check_short8(s8, p);
                    check_short16(s16, p);
                });
                for (std::size_t at = 0; at <= len; ++at)
                {
                    BOOST_TEST_CONTEXT("at " << at)
                    {
                        for (std::string const& e : utf8_errors)
                            under_each_policy([&](auto p) { check_short8(std::string(s8).insert(at, e), p); });
                        for (std::u16string const& e : utf16_errors)
                            under_each_policy([&](auto p) { check_short16(std::u16string(s16).insert(at, e), p); });
                    }
                }
            }
        }
    }
}

// The last one to three code units of a UTF-8 input, which the transcoder decodes from a copy
// followed by zero bytes (detail/transcode.hpp, decode_near_end): every combination of bytes that
// matter to the rules (ASCII, continuation bytes at the edges of each lead's second-byte range,
// leads of every length, bytes that never occur), after nothing, after ASCII and after a
// two-byte letter, so that the tail starts at every position of a short input's last word.
BOOST_AUTO_TEST_CASE(every_utf8_tail_of_up_to_three_code_units)
{
    unsigned char const bytes[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                                   0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF};
    std::string const before[] = {"", "abcd", "\xC3\xA9"};
    for (std::size_t n = 1; n <= 3; ++n)
    {
        std::size_t combinations = 1;
        for (std::size_t i = 0; i < n; ++i)
            combinations *= std::size(bytes);
        for (std::size_t c = 0; c < combinations; ++c)
        {
            std::string tail;
            for (std::size_t i = 0, rest = c; i < n; ++i, rest /= std::size(bytes))
                tail += static_cast<char>(bytes[rest % std::size(bytes)]);
            for (std::string const& b : before)
            {
                std::string const in = b + tail;
                BOOST_TEST_CONTEXT("tail " << test::hex(tail) << " after " << b.size() << " bytes")
                {
                    check_short8(in, logging_policy{});
                    check_short8(in, logging_per_unit_policy{});
                }
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(a_policy_that_throws)
{
    std::string in = utf8_of(text);
    in = spliced(in, 5, "\xC0");
    in = spliced(in, 40, "\xED\xA0\x80");
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

namespace {

// An allocator whose every block ends against an inaccessible page (test::guarded_array), and
// that counts its allocations: to<> writes through a pointer into what it sized, so a size that
// is one element short faults at once.
template<class T>
struct guarded_allocator
{
    using value_type = T;
    static inline std::size_t allocations = 0;
    static inline std::vector<std::unique_ptr<test::guarded_array<T>>> blocks;

    guarded_allocator() = default;
    template<class U>
    guarded_allocator(guarded_allocator<U> const&) noexcept
    {
    }
    T* allocate(std::size_t n)
    {
        ++allocations;
        blocks.push_back(std::make_unique<test::guarded_array<T>>(n, false));
        return blocks.back()->begin();
    }
    void deallocate(T* p, std::size_t) noexcept
    {
        blocks.erase(std::find_if(blocks.begin(), blocks.end(), [&](auto const& b) { return b->begin() == p; }));
    }
    friend bool operator==(guarded_allocator const&, guarded_allocator const&) { return true; }
    friend bool operator!=(guarded_allocator const&, guarded_allocator const&) { return false; }
};

} // namespace

// to<> over a composition sizes its output once, for the most the input can give: every code
// unit an ill-formed subpart replaced by a supplementary code point (two UTF-16 code units or
// four UTF-8 ones each), and well-formed text.
BOOST_AUTO_TEST_CASE(to_sizes_the_output_of_a_composition_once)
{
    using out16_t = std::vector<char16_t, guarded_allocator<char16_t>>;
    using out8_t = std::vector<char, guarded_allocator<char>>;
    for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(7), std::size_t(31), std::size_t(40),
                          std::size_t(1000)})
    {
        BOOST_TEST_CONTEXT("n " << n)
        {
            for (bool worst : {true, false})
            {
                std::string const bytes(n, worst ? '\x80' : 'a');
                std::u16string const units(n, worst ? char16_t(0xDC00) : u'a');
                log_t log;
                logging_policy inner{&log, 'i', U'\U0001F600'};
                // The lazy walk into the same kind of container, then to<>.
                auto const check = [&](auto out, auto make) {
                    using out_t = decltype(out);
                    using alloc_t = typename out_t::allocator_type;
                    auto&& v = make();
                    for (auto it = v.begin(); it != boost::utf::detail::rng::default_sentinel; ++it)
                        out.push_back(*it);
                    alloc_t::allocations = 0;
                    out_t const got = utf::to<out_t>(make());
                    BOOST_TEST(alloc_t::allocations <= 1u);
                    BOOST_TEST((got == out));
                };
                check(out16_t{}, [&] { return bytes | views::utf8(inner) | views::utf32_to_utf16; });
                check(out8_t{}, [&] { return units | views::utf16(inner) | views::utf32_to_utf8_as<char>; });
                check(out16_t{}, [&] { return units | views::utf16(inner) | views::utf32_to_utf16; });
                check(out8_t{}, [&] { return bytes | views::utf8(inner) | views::utf32_to_utf8_as<char>; });
            }
        }
    }
}

// to<> over a long input reserves what windows spread over the input promise, and grows the
// container when the rest gives more. Text that is ASCII in the windows and ill-formed
// elsewhere, each subpart replaced by a supplementary code point, gives up to four times more;
// all-ASCII text fits in the one allocation. The views are compared with the lazy walks.
BOOST_AUTO_TEST_CASE(to_grows_a_long_output_past_what_its_start_promises)
{
    using utf::detail::to_window;
    using utf::detail::to_windows;
    std::size_t const n = 16 * 1024;
    static_assert(n / (to_windows * to_windows) >= to_window, "the windows are full");
    for (bool misleading : {true, false})
    {
        BOOST_TEST_CONTEXT("misleading " << misleading)
        {
            std::string bytes(n, 'a');
            std::u16string units(n, u'a');
            std::u32string points(n, U'a');
            if (misleading)
                for (std::size_t i = 0; i < n; ++i)
                    if (i % (n / to_windows) >= to_window)
                    {
                        bytes[i] = '\x80';
                        units[i] = char16_t(0xDC00);
                        points[i] = char32_t(0xD800);
                    }
            log_t log;
            logging_policy replacing{&log, 'i', U'\U0001F600'};
            auto const check = [&](auto out, auto make, std::size_t most_allocations) {
                using out_t = decltype(out);
                using alloc_t = typename out_t::allocator_type;
                auto&& v = make();
                for (auto it = v.begin(); it != boost::utf::detail::rng::default_sentinel; ++it)
                    out.push_back(*it);
                log_t const lazy_log = log;
                log.clear();
                alloc_t::allocations = 0;
                out_t const got = utf::to<out_t>(make());
                BOOST_TEST(alloc_t::allocations <= most_allocations);
                BOOST_TEST(got.size() == out.size());
                BOOST_TEST((got == out));
                BOOST_TEST((log == lazy_log));
                log.clear();
            };
            using out32_t = std::vector<char32_t, guarded_allocator<char32_t>>;
            using out16_t = std::vector<char16_t, guarded_allocator<char16_t>>;
            using out8_t = std::vector<char, guarded_allocator<char>>;
            std::size_t const grows = misleading ? 3 : 1;
            check(out32_t{}, [&] { return bytes | views::utf8(replacing); }, 1);
            check(out8_t{}, [&] { return points | views::utf32_to_utf8_as<char>(replacing); }, grows);
            check(out16_t{}, [&] { return bytes | views::utf8(replacing) | views::utf32_to_utf16; }, grows);
            check(out8_t{}, [&] { return units | views::utf16(replacing) | views::utf32_to_utf8_as<char>; }, grows);
            check(out16_t{}, [&] { return units | views::utf16(replacing) | views::utf32_to_utf16; }, grows);
            check(out8_t{}, [&] { return bytes | views::utf8(replacing) | views::utf32_to_utf8_as<char>; }, grows);
            // The UTF-16 views alone: one code point at most per code unit, and the
            // replacements of encoding take two code units where the windows promise one.
            check(out32_t{}, [&] { return units | views::utf16(replacing); }, 1);
            check(out16_t{}, [&] { return points | views::utf32_to_utf16(replacing); }, grows);
        }
    }
}

// With the library's policies answering in the Basic Multilingual Plane, to<> sizes a
// composition's container for one UTF-16 code unit or three UTF-8 ones per source code unit:
// input that is all errors, or all well-formed, fills it to that bound or stays within it,
// whether the container is a vector or a string (which to<> grows by appending zeros), and
// short or long (where to<> samples windows of the input first).
BOOST_AUTO_TEST_CASE(to_sizes_a_composition_for_what_its_policies_answer)
{
    using vector16_t = std::vector<char16_t, guarded_allocator<char16_t>>;
    using vector8_t = std::vector<char, guarded_allocator<char>>;
    using string16_t = std::basic_string<char16_t, std::char_traits<char16_t>, guarded_allocator<char16_t>>;
    using string8_t = std::basic_string<char, std::char_traits<char>, guarded_allocator<char>>;
    // Each maximal subpart one byte or one code unit; then text that uses the whole bound
    // without errors (ASCII to UTF-16, U+0800 and up to UTF-8), and a mix with emoji.
    std::string const bad8 = "\x80\xFF\xC0";
    std::u16string const bad16 = {char16_t(0xDC00), char16_t(0xD800)};
    std::string const good8 = "a\xE4\xB8\x80\xF0\x9F\x98\x80";
    std::u16string const good16 = u"a\u4E00\U0001F600";
    for (std::size_t n : {std::size_t(1), std::size_t(30), std::size_t(5000), std::size_t(20000)})
    {
        for (int shape = 0; shape < 3; ++shape)
        {
            BOOST_TEST_CONTEXT("n " << n << ", shape " << shape)
            {
                std::string bytes;
                std::u16string units;
                while (bytes.size() < n)
                    bytes += shape == 0 ? bad8 : shape == 1 ? std::string("a") : good8 + bad8;
                while (units.size() < n)
                    units += shape == 0 ? bad16 : shape == 1 ? std::u16string(u"\u4E00") : good16 + bad16;
                // The lazy walk (test::forward) against to<>.
                auto const check = [&](auto out, auto make) {
                    using out_t = decltype(out);
                    auto const walked = test::forward(make());
                    out_t const got = utf::to<out_t>(make());
                    BOOST_TEST((got == out_t(walked.begin(), walked.end())));
                };
                for (char32_t r : {U'\uFFFD', U'?'})
                {
                    auto const p = utf::replace_policy{r};
                    check(vector16_t{}, [&] { return bytes | views::utf8(p) | views::utf32_to_utf16; });
                    check(string16_t{}, [&] { return bytes | views::utf8(p) | views::utf32_to_utf16; });
                    check(vector8_t{}, [&] { return units | views::utf16(p) | views::utf32_to_utf8_as<char>; });
                    check(string8_t{}, [&] { return units | views::utf16(p) | views::utf32_to_utf8_as<char>; });
                    check(string16_t{}, [&] { return units | views::utf16(p) | views::utf32_to_utf16; });
                    check(string8_t{}, [&] { return bytes | views::utf8(p) | views::utf32_to_utf8_as<char>; });
                }
                check(string16_t{}, [&] { return bytes | views::utf8(utf::skip_on_error) | views::utf32_to_utf16; });
                // A surrogate for a replacement is no scalar value: the encoder's policy answers.
                auto const odd = utf::replace_policy{char32_t(0xD800)};
                check(string16_t{}, [&] {
                    return bytes | views::utf8(odd) | views::utf32_to_utf16(utf::replace_policy{U'\U0001F600'});
                });
                check(string8_t{}, [&] {
                    return units | views::utf16(odd) | views::utf32_to_utf8_as<char>(utf::replace_policy{U'\U0001F600'});
                });
            }
        }
    }
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

// ---- long stretches: the kernels' paths ---------------------------------------------------------
//
// The bulk paths run the kernels over stretches of a block (16 or 32 UTF-16 code units, 16 or 64
// bytes) and more, through a buffer of 256 code points and a sink of 1024 code units; the texts
// below are long enough for all of it, in one length class each, with errors at every offset of a
// block, across the buffer's and the sink's boundaries, and with every length of tail.

namespace {

// The compositions over one form, with an inner policy that replaces and one whose answer is not
// a scalar value (so that the outer policy's element index is checked after the kernels' runs).
void check_long(std::string const& in, std::u16string const& in16)
{
    for (char32_t inner_with : {U'\uFFFD', char32_t(0xD800)})
    {
        logging_policy inner{};
        inner.with = inner_with;
        if (!in.empty())
        {
            check_composition<char16_t>(
                [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf16(op); }, inner, U'x',
                static_cast<std::size_t>(-1), "utf8 | utf32_to_utf16");
            check_composition<char>(
                [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf8_as<char>(op); }, inner,
                U'x', static_cast<std::size_t>(-1), "utf8 | utf32_to_utf8");
        }
        if (!in16.empty())
        {
            check_composition<char>(
                [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf8_as<char>(op); },
                inner, U'x', static_cast<std::size_t>(-1), "utf16 | utf32_to_utf8");
            check_composition<char16_t>(
                [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf16(op); }, inner, U'x',
                static_cast<std::size_t>(-1), "utf16 | utf32_to_utf16");
            check_utf16_alone(in16, inner, U'x', static_cast<std::size_t>(-1), true, inner_with == U'\uFFFD');
        }
    }
}

// Offsets to put an error at: every offset of a block, those across the buffer's boundary (256),
// and those across the sink's (1024).
std::vector<std::size_t> error_offsets(std::size_t size)
{
    std::vector<std::size_t> at;
    for (std::size_t i = 192; i <= 264; ++i)
        at.push_back(i);
    for (std::size_t i = 1016; i <= 1032; ++i)
        at.push_back(i);
    at.erase(std::remove_if(at.begin(), at.end(), [&](std::size_t i) { return i > size; }), at.end());
    return at;
}

void check_every_length_class()
{
    for (unsigned cls = 0; cls < 4; ++cls)
    {
        std::u32string const t = of_class(cls, 1100 / (cls + 1));
        for (std::size_t cut = 0; cut < 70; ++cut)
        {
            std::u32string const part = t.substr(0, t.size() - cut);
            BOOST_TEST_CONTEXT("class " << cls << ", " << part.size() << " code points")
            {
                check_long(utf8_of(part), utf16_of(part));
            }
        }
    }
    // All classes together, changing every few code points.
    std::u32string mixed;
    for (std::size_t i = 0; mixed.size() < 1200; ++i)
        mixed += of_class(static_cast<unsigned>(i % 4), 1 + i % 5);
    check_long(utf8_of(mixed), utf16_of(mixed));
    // ASCII runs of every length from one code unit to several words past those that the rules
    // copy one by one, each ended by a letter of another class.
    std::u32string runs;
    for (std::size_t n = 1; n <= 24; ++n)
        for (unsigned cls = 1; cls < 4; ++cls)
            runs += of_class(0, n) + of_class(cls, 1);
    check_long(utf8_of(runs), utf16_of(runs));
}

} // namespace

BOOST_AUTO_TEST_CASE(long_well_formed_stretches_of_every_length_class)
{
    check_every_length_class();
}

BOOST_AUTO_TEST_CASE(long_stretches_with_an_error_at_every_offset)
{
    for (unsigned cls = 0; cls < 4; ++cls)
    {
        std::u32string const t = of_class(cls, 1100 / (cls + 1));
        std::string const t8 = utf8_of(t);
        std::u16string const t16 = utf16_of(t);
        for (std::size_t e = 0; e < 8; ++e)
        {
            for (std::size_t at : error_offsets(t8.size()))
            {
                std::string in = t8;
                in.insert(at, utf8_errors[e]);
                BOOST_TEST_CONTEXT("class " << cls << ", UTF-8 error " << e << " at " << at)
                {
                    check_long(in, {});
                }
            }
        }
        // UTF-16: the BMP classes are one code unit each, the supplementary one two.
        if (cls != 0 && cls != 3)
            continue;
        for (std::size_t e = 0; e < 4; ++e)
        {
            for (std::size_t at : error_offsets(t16.size()))
            {
                std::u16string in16 = t16;
                in16.insert(at, utf16_errors[e]);
                BOOST_TEST_CONTEXT("class " << cls << ", UTF-16 error " << e << " at " << at)
                {
                    check_long({}, in16);
                }
            }
        }
    }
}

// Four-byte forms that only their value makes ill-formed (leads from F5, and the overlong and too
// large second bytes of F0 and F4) with their continuation bytes in place, among four-byte
// sequences: as UTF-16 the AVX-512 VBMI2 kernel takes such a block by its leads and continuation
// bytes, and must find them by the code point of each. Text longer and shorter than the calls
// that hold the kernel's constants (held_from, 512 bytes), each form at every offset of a block.
BOOST_AUTO_TEST_CASE(four_byte_forms_ill_formed_by_value_alone)
{
    // F8 90 80 80 and F9 8F BF BF are well-formed forms (U+10000, U+4FFFF) but for the lead's bit 3.
    char const* const forms[] = {"\xF5\x80\x80\x80", "\xF7\xBF\xBF\xBF", "\xF8\x90\x80\x80", "\xF9\x8F\xBF\xBF",
                                 "\xFF\xBF\xBF\xBF", "\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80"};
    for (std::size_t points : {100, 400})
    {
        std::string const t8 = utf8_of(of_class(3, points));
        for (std::size_t f = 0; f < std::size(forms); ++f)
            for (std::size_t at = 128; at <= 200; ++at)
            {
                std::string in = t8;
                in.insert(at, forms[f]);
                BOOST_TEST_CONTEXT(points << " code points, form " << f << " at " << at)
                {
                    check_composition<char16_t>(
                        [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf16(op); },
                        logging_policy{}, U'x', static_cast<std::size_t>(-1), "utf8 | utf32_to_utf16");
                }
            }
    }
}

// Output long enough for to<> to fill its container a stretch at a time (container_sink), and a
// back_inserter its buffer, with errors close to multiples of 256 code units of input, where the
// stretches of the bounded sinks end (room_stretch: 256 and 1,024 code units to UTF-8, 512 and
// 2,048 to UTF-16, 256 after a kernel stops), and text whose UTF-8 length changes every few code
// points (the scalar encoders' groups), so that errors, groups and runs of ASCII meet the end of a
// stretch at every phase.
BOOST_AUTO_TEST_CASE(errors_where_the_stretches_of_a_bounded_sink_end)
{
    std::u32string const text = test::mixed_lengths(9000);
    std::string const text8 = utf8_of(text);
    std::u16string const text16 = utf16_of(text);
    for (std::size_t phase = 0; phase < 6; ++phase)
    {
        std::string in8 = text8;
        std::u16string in16 = text16;
        test::plant_every(in16, 256, phase, 0xDC00, 0xD800);
        test::plant_every(in8, 256, phase, 0x80, 0xFF);
        BOOST_TEST_CONTEXT("phase " << phase)
        {
            check_long(in8, in16);
        }
    }
}

// ---- every driver within the room it reserves ----------------------------------------------------
//
// The sinks of copy and to<> give more room than a driver asks for, so a driver that writes past
// its reserve() (after an error, at a stretch's end, in a kernel's call) passes with them; through
// exact_room_sink (guarded_array.hpp) it faults. Each view's driver (bulk_into, as copy and to<>
// choose it) runs into that sink at three sizes of room (copy's buffer, a size no stretch divides,
// the container of to<>), and writes the elements the view gives, with the same policy calls.

namespace {

// make(log) is the view, its policies logging into `log`. The texts start well-formed, so that
// forming end() reports no error.
template<class Unit, class Make>
void check_exact_rooms(Make make)
{
    log_t view_log;
    std::vector<std::uint32_t> expected;
    for (auto c : make(view_log))
        expected.push_back(static_cast<std::uint32_t>(static_cast<Unit>(c)));
    auto const check = [&](auto room) {
        BOOST_TEST_CONTEXT("room " << room.value)
        {
            log_t log;
            test::exact_room_sink<Unit, decltype(room)::value> sink;
            std::vector<Unit> const& out = sink.write(make(log));
            std::vector<std::uint32_t> const got(out.begin(), out.end());
            BOOST_TEST(got == expected, boost::test_tools::per_element());
            BOOST_TEST(log == view_log, boost::test_tools::per_element());
        }
    };
    check(std::integral_constant<std::size_t, utf::detail::sink_capacity>{});
    check(std::integral_constant<std::size_t, 2999>{});
    check(std::integral_constant<std::size_t, utf::detail::container_room>{});
}

template<class Inner>
void check_every_driver_in_exact_rooms(std::string const& in8, std::u16string const& in16,
                                       std::u32string const& cps)
{
    using answers = mixed_answers_policy<Inner>;
    auto const inner = [](log_t& log) {
        answers p{};
        p.log = &log;
        return p;
    };
    auto const outer = [](log_t& log) { return logging_policy{&log, 'o'}; };
    BOOST_TEST_CONTEXT("utf8")
    check_exact_rooms<char32_t>([&](log_t& log) { return in8 | views::utf8(inner(log)); });
    BOOST_TEST_CONTEXT("utf16")
    check_exact_rooms<char32_t>([&](log_t& log) { return in16 | views::utf16(inner(log)); });
    BOOST_TEST_CONTEXT("utf32_to_utf8")
    check_exact_rooms<unsigned char>([&](log_t& log) { return cps | views::utf32_to_utf8_as<char>(inner(log)); });
    BOOST_TEST_CONTEXT("utf32_to_utf16")
    check_exact_rooms<char16_t>([&](log_t& log) { return cps | views::utf32_to_utf16(inner(log)); });
    BOOST_TEST_CONTEXT("utf8 | utf32_to_utf16")
    check_exact_rooms<char16_t>(
        [&](log_t& log) { return in8 | views::utf8(inner(log)) | views::utf32_to_utf16(outer(log)); });
    BOOST_TEST_CONTEXT("utf8 | utf32_to_utf8")
    check_exact_rooms<unsigned char>(
        [&](log_t& log) { return in8 | views::utf8(inner(log)) | views::utf32_to_utf8_as<char>(outer(log)); });
    BOOST_TEST_CONTEXT("utf16 | utf32_to_utf8")
    check_exact_rooms<unsigned char>(
        [&](log_t& log) { return in16 | views::utf16(inner(log)) | views::utf32_to_utf8_as<char>(outer(log)); });
    BOOST_TEST_CONTEXT("utf16 | utf32_to_utf16")
    check_exact_rooms<char16_t>(
        [&](log_t& log) { return in16 | views::utf16(inner(log)) | views::utf32_to_utf16(outer(log)); });
}

} // namespace

// Text of each length class (whose output fills a stretch's room most), text of mixed lengths,
// well-formed, with errors where bounded stretches end (every 64 and 256 code units, at six
// phases), far enough apart that a stretch goes on long after one (every 1000), and every few
// code units.
BOOST_AUTO_TEST_CASE(every_driver_writes_within_the_room_it_reserves)
{
    for (unsigned cls = 0; cls < 4; ++cls)
    {
        std::u32string const t = of_class(cls, 5000);
        BOOST_TEST_CONTEXT("class " << cls)
        check_every_driver_in_exact_rooms<logging_policy>(utf8_of(t), utf16_of(t), t);
    }
    std::u32string const text = test::mixed_lengths(9000);
    std::string const text8 = utf8_of(text);
    std::u16string const text16 = utf16_of(text);
    check_every_driver_in_exact_rooms<logging_policy>(text8, text16, text);
    for (std::size_t every : {64, 256, 1000, 7})
        for (std::size_t phase = 0; phase < (every == 7 ? 1 : 6); ++phase)
        {
            std::string in8 = text8;
            std::u16string in16 = text16;
            std::u32string cps = text;
            test::plant_every(in8, every, phase, 0x80, 0xFF);
            test::plant_every(in16, every, phase, 0xDC00, 0xD800);
            test::plant_every(cps, every, phase, 0xD800, 0x110000);
            BOOST_TEST_CONTEXT("an error every " << every << ", phase " << phase)
            {
                check_every_driver_in_exact_rooms<logging_policy>(in8, in16, cps);
                check_every_driver_in_exact_rooms<logging_per_unit_policy>(in8, in16, cps);
            }
        }
}

// Validation of long UTF-16 and of code points, where the scalar level tests blocks of 32 code
// units and 64 values at once, and the kernels theirs: an error at every offset of the first
// blocks, in text of every class (pairs begin at both parities of a block's end) and in a mix.
namespace {

// Where views::utf16 first meets an unpaired surrogate in `in` (text without U+FFFD), or its size.
std::size_t first_unpaired_by_the_view(std::u16string_view in)
{
    auto const v = in | views::utf16;
    for (auto it = v.begin(); it != v.end(); ++it)
        if (*it == U'\uFFFD')
            return static_cast<std::size_t>(it.base() - in.begin());
    return in.size();
}

} // namespace

BOOST_AUTO_TEST_CASE(long_utf16_validation_with_an_error_at_every_offset)
{
    std::vector<std::u16string> texts;
    for (unsigned cls = 0; cls < 4; ++cls)
        texts.push_back(utf16_of(of_class(cls, 160)));
    std::u32string mixed;
    for (std::size_t i = 0; mixed.size() < 160; ++i)
        mixed += of_class(i % 3 == 0 ? 3u : static_cast<unsigned>(i % 4), 1 + i % 5);
    texts.push_back(utf16_of(mixed));
    for (std::u16string const& t16 : texts)
    {
        BOOST_TEST(utf::is_valid(t16));
        for (std::u16string const& e : utf16_errors)
        {
            for (std::size_t at = 0; at <= 130; ++at)
            {
                std::u16string in = t16;
                in.insert(at, e);
                // None, where the code units inserted complete the pairs they fall between.
                std::size_t const first = first_unpaired_by_the_view(in);
                BOOST_TEST_CONTEXT("text of " << t16.size() << " code units, error at " << at)
                {
                    BOOST_TEST(utf::is_valid(in) == (first == in.size()));
                    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(in) - in.begin()) == first);
                }
            }
        }
    }
}

// UTF-16 validation where a block ends inside a pair: text of pairs and ASCII, at every
// alignment to a cache line and every length around a few blocks, with its last pairs broken at
// each place near the end (a surrogate made ASCII, an ASCII letter a high surrogate), against
// where the view first meets an unpaired surrogate.
BOOST_AUTO_TEST_CASE(utf16_validation_of_pairs_across_block_ends)
{
    std::u16string pattern;
    for (int k = 0; pattern.size() < 240; ++k)
        pattern += k % 7 == 3 ? std::u16string(u"a") : std::u16string(u"\U0001F600");
    std::vector<char16_t> buffer(pattern.size() + 64);
    for (std::size_t shift = 0; shift < 32; ++shift)
    {
        for (std::size_t n = 60; n <= 200; ++n)
        {
            char16_t* const p = buffer.data() + shift;
            for (std::size_t at = n > 70 ? n - 70 : 0; at <= n; ++at)
            {
                std::copy(pattern.begin(), pattern.begin() + static_cast<std::ptrdiff_t>(n), p);
                if (at < n)
                    p[at] = (p[at] & 0xF800) == 0xD800 ? u'b' : char16_t(0xD800);
                std::u16string_view const in(p, n);
                std::size_t const expected = first_unpaired_by_the_view(in);
                BOOST_TEST_CONTEXT("shift " << shift << ", " << n << " code units, broken at " << at)
                {
                    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(in) - in.begin()) == expected);
                    BOOST_TEST(utf::is_valid(in) == (expected == n));
                }
            }
        }
    }
}

namespace {

// Whether `v` is a Unicode scalar value, stated here apart from the library's rules.
template<class T>
bool scalar_value_for_the_test(T v)
{
    long long const x = static_cast<long long>(v);
    return x >= 0 && x <= 0x10FFFF && !(x >= 0xD800 && x <= 0xDFFF);
}

template<class T>
void check_code_point_validation(std::vector<T> const& bad_values)
{
    std::vector<T> text;
    for (char32_t c : of_class(3, 40) + of_class(2, 60) + of_class(0, 60) + of_class(1, 40))
        text.push_back(static_cast<T>(c));
    BOOST_TEST(utf::is_valid(text));
    for (T bad : bad_values)
    {
        for (std::size_t at = 0; at < text.size(); ++at)
        {
            std::vector<T> in = text;
            in[at] = bad;
            BOOST_TEST_CONTEXT("value " << static_cast<long long>(bad) << " at " << at)
            {
                BOOST_TEST(!scalar_value_for_the_test(bad));
                BOOST_TEST(!utf::is_valid(in));
                BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(in) - in.begin()) == at);
            }
        }
    }
}

} // namespace

// Encoding to UTF-16 in bulk, where the scalar level takes blocks of 16 values: a value that is
// not a scalar value at every offset, in each element type, gives what the view gives one element
// at a time (U+FFFD for it).
template<class T>
void check_encoding_to_utf16(std::vector<T> const& bad_values)
{
    std::vector<T> text;
    for (char32_t c : of_class(3, 20) + of_class(2, 20) + of_class(0, 20))
        text.push_back(static_cast<T>(c));
    for (T bad : bad_values)
    {
        for (std::size_t at = 0; at < text.size(); ++at)
        {
            std::vector<T> in = text;
            in[at] = bad;
            std::u16string by_view;
            for (char16_t u : in | views::utf32_to_utf16)
                by_view += u;
            BOOST_TEST_CONTEXT("value " << static_cast<long long>(bad) << " at " << at)
            {
                BOOST_TEST((utf::to<std::u16string>(in | views::utf32_to_utf16) == by_view));
                BOOST_TEST(by_view.find(u'\uFFFD') != std::u16string::npos);
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(code_point_validation_with_a_bad_value_at_every_offset)
{
    check_code_point_validation<char32_t>({char32_t(0xD800), char32_t(0xDFFF), char32_t(0x110000), char32_t(0xFFFFFFFF)});
    check_code_point_validation<std::uint32_t>({0xDBFFu, 0x110000u, 0x80000000u});
    check_code_point_validation<int>({-1, 0xDC00, 0x110000});
    // Values whose low 32 bits are a scalar value.
    check_code_point_validation<long long>({-1, 0x100000041LL, 0x7FFFFFFF0000004ELL, 0xD800});
}

BOOST_AUTO_TEST_CASE(encoding_to_utf16_with_a_bad_value_at_every_offset)
{
    check_encoding_to_utf16<char32_t>({char32_t(0xD800), char32_t(0x110000)});
    check_encoding_to_utf16<int>({-1, 0xDFFF});
    check_encoding_to_utf16<long long>({-1, 0x100000041LL, 0x10000D800LL});
}

// ---- the lazy compositions read each inner element once --------------------------------------

namespace {

// Walks `composed` (made by make(inner policy, outer policy)) forwards, with an inner policy
// that answers each error with a surrogate, so that the outer view meets an error of its own
// there too; checks that the inner policy sees exactly what it sees over the inner view alone,
// and the outer one each of those at its index among the inner view's elements.
template<class Inner, class Make>
void check_policy_calls(Inner inner_alone, Make make)
{
    std::vector<std::size_t> alone, inner, outer;
    auto const logging = [](std::vector<std::size_t>& log, char32_t answer) {
        return [&log, answer](utf::error_info const& e) {
            log.push_back(e.offset);
            return answer;
        };
    };
    std::vector<std::size_t> expected_outer;
    std::size_t index = 0;
    for (char32_t c : inner_alone(logging(alone, char32_t(0xD800))))
    {
        if (c == 0xD800)
            expected_outer.push_back(index);
        ++index;
    }
    BOOST_TEST_REQUIRE(!alone.empty());
    auto composed = make(logging(inner, char32_t(0xD800)), logging(outer, U'?'));
    auto const end = composed.end();
    BOOST_TEST(inner.empty()); // end() reads nothing
    for (auto it = composed.begin(); it != end; ++it)
        ;
    BOOST_TEST(inner == alone, boost::test_tools::per_element());
    BOOST_TEST(outer == expected_outer, boost::test_tools::per_element());
}

} // namespace

// Going forwards a composition reads each element of its inner view once: its end() decodes
// nothing, and an outer error's index is counted rather than found by walking the inner view
// again, so each inner error reaches the inner policy once, as the bulk operations call it.
BOOST_AUTO_TEST_CASE(a_composition_calls_the_inner_policy_once_per_error)
{
    std::string const in = "\xC0" "ab\xC0" "cd\xE2\x82\xAC\xC0" "ef\xF0\x9F";
    std::u16string const in16 = {char16_t(0xDC00), u'a', char16_t(0xD800), u'b', char16_t(0x20AC), char16_t(0xDC00),
                                 u'c',             char16_t(0xD83D), char16_t(0xDE00), char16_t(0xD800)};
    check_policy_calls([&](auto p) { return in | views::utf8(p); },
                       [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf16(op); });
    check_policy_calls([&](auto p) { return in | views::utf8(p); },
                       [&](auto ip, auto op) { return in | views::utf8(ip) | views::utf32_to_utf8_as<char>(op); });
    check_policy_calls([&](auto p) { return in16 | views::utf16(p); },
                       [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf8_as<char>(op); });
    check_policy_calls([&](auto p) { return in16 | views::utf16(p); },
                       [&](auto ip, auto op) { return in16 | views::utf16(ip) | views::utf32_to_utf16(op); });
    // With a policy that throws, end() does not, and begin() throws at the first element.
    auto const throwing = in | views::utf8(utf::throw_on_error) | views::utf32_to_utf8_as<char>;
    BOOST_CHECK_NO_THROW(throwing.end());
    BOOST_CHECK_THROW(throwing.begin(), utf::utf_error);
    // A range that only holds a decoding view's iterators is encoded as any other range is.
#if BOOST_UTF_STD_RANGES
    namespace lib = std::ranges;
#else
    namespace lib = ::ranges;
#endif
    auto const decoded = in | views::utf8;
    auto const held = lib::subrange(decoded.begin(), decoded.end()) | views::utf32_to_utf8_as<char>;
    BOOST_TEST(std::string(held.begin(), held.end()) == utf::to<std::string>(in | views::utf8 | views::utf32_to_utf8_as<char>));
}

// ---- nothing read or written outside the ranges ---------------------------------------------------

namespace {

using test::guarded_copy;

using test::lazy;

} // namespace

// views::utf32_to_utf16 alone into the caller's buffer validates narrow_chunk code points at a
// time before it narrows them: values that are not scalar values on either side of the chunks'
// boundaries, in input several chunks long, of code points of one and of two code units.
// Errors far into long input, around multiples of a size that once cut the input into chunks.
BOOST_AUTO_TEST_CASE(utf32_to_utf16_errors_far_into_long_input)
{
    std::size_t const chunk = 2048;
    for (unsigned cls : {0u, 2u, 3u})
    {
        std::u16string const t16 = utf16_of(of_class(cls, 3 * chunk + 40));
        std::size_t const units = cls == 3 ? 2 : 1; // code units a code point
        for (std::size_t at : {chunk - 1, chunk, chunk + 1, 2 * chunk - 17, 2 * chunk + 63, 3 * chunk + 39})
        {
            for (std::u16string const& e : utf16_errors)
            {
                std::u16string in16 = t16;
                in16.insert(at * units, e);
                BOOST_TEST_CONTEXT("class " << cls << ", UTF-16 error " << int(e[0]) << " at code point " << at)
                {
                    logging_policy inner{};
                    check_utf16_alone(in16, inner, U'x', static_cast<std::size_t>(-1), false, true);
                }
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(nothing_read_or_written_outside_the_ranges)
{
    // Every class and errors, several blocks long; each cut puts the end at another offset of a
    // block, and the input (and a cut-short sequence or pair) right against the guard.
    std::u32string base;
    for (std::size_t i = 0; base.size() < 500; ++i)
        base += of_class(static_cast<unsigned>(i % 4), 1 + i % 40);
    std::string t8 = utf8_of(base);
    t8 = spliced(t8, 300, "\xF0\x9F\x98");
    t8 = spliced(t8, 100, "\xC0");
    std::u16string t16 = utf16_of(base);
    t16.insert(300, 1, char16_t(0xD800));
    t16.insert(100, 1, char16_t(0xDC00));
    for (std::size_t cut = 0; cut < 70; ++cut)
    {
        std::string const whole8 = t8.substr(0, t8.size() - cut);
        std::u16string const whole16 = t16.substr(0, t16.size() - cut);
        std::u16string const to16 = lazy<char16_t>(whole8 | views::utf8 | views::utf32_to_utf16);
        std::string const to8 = lazy<char>(whole16 | views::utf16 | views::utf32_to_utf8_as<char>);
        std::u16string const clean16 = lazy<char16_t>(whole16 | views::utf16 | views::utf32_to_utf16);
        std::u32string const decoded16 = lazy<char32_t>(whole16 | views::utf16);
        std::u32string const values = values_of(whole16);
        std::u16string const encoded16 = lazy<char16_t>(values | views::utf32_to_utf16);
        std::size_t first = whole16.size();
        for (std::size_t i = 0; i < whole16.size(); ++i)
            if (whole16[i] == 0xDC00 || (whole16[i] == 0xD800 && (i + 1 == whole16.size() || whole16[i + 1] < 0xDC00)))
            {
                first = i;
                break;
            }
        for (bool guard_before : {false, true})
        {
            BOOST_TEST_CONTEXT("cut " << cut << (guard_before ? ", guard before" : ", guard after"))
            {
                test::guarded_array<char> const in8_memory(whole8.size(), guard_before);
                std::string_view const in8 = guarded_copy(in8_memory, whole8);
                test::guarded_array<char16_t> const in16_memory(whole16.size(), guard_before);
                std::u16string_view const in16 = guarded_copy(in16_memory, whole16);

                test::guarded_array<char16_t> const out16(to16.size(), false);
                char16_t* const end16 = utf::copy(in8 | views::utf8 | views::utf32_to_utf16, out16.begin());
                BOOST_TEST((end16 == out16.end()));
                BOOST_TEST((std::u16string_view(out16.begin(), out16.size()) == to16));

                test::guarded_array<char> const out8(to8.size(), false);
                char* const end8 = utf::copy(in16 | views::utf16 | views::utf32_to_utf8_as<char>, out8.begin());
                BOOST_TEST((end8 == out8.end()));
                BOOST_TEST((std::string_view(out8.begin(), out8.size()) == to8));

                test::guarded_array<char16_t> const sanitized(clean16.size(), false);
                char16_t* const end_clean = utf::copy(in16 | views::utf16 | views::utf32_to_utf16, sanitized.begin());
                BOOST_TEST((end_clean == sanitized.end()));
                BOOST_TEST((std::u16string_view(sanitized.begin(), sanitized.size()) == clean16));

                test::guarded_array<char32_t> const out32(decoded16.size(), false);
                char32_t* const end32 = utf::copy(in16 | views::utf16, out32.begin());
                BOOST_TEST((end32 == out32.end()));
                BOOST_TEST((std::u32string_view(out32.begin(), out32.size()) == decoded16));

                test::guarded_array<char32_t> const values_memory(values.size(), guard_before);
                std::u32string_view const in32 = guarded_copy(values_memory, values);
                test::guarded_array<char16_t> const encoded(encoded16.size(), false);
                char16_t* const end_encoded = utf::copy(in32 | views::utf32_to_utf16, encoded.begin());
                BOOST_TEST((end_encoded == encoded.end()));
                BOOST_TEST((std::u16string_view(encoded.begin(), encoded.size()) == encoded16));

                BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(in16) - in16.begin()) == first);
                BOOST_TEST(utf::is_valid(in16) == (first == in16.size()));
            }
        }
    }
}

namespace {

// `composed()` (a composition to UTF-8) copied into exactly the room its output needs, with a
// guard page after it: the same bytes as walking it, and nothing written past them.
template<class Composed>
void check_into_exact_room(Composed const& composed)
{
    test::copies_into_exact_room(composed(), lazy<char>(composed()));
}

} // namespace

BOOST_AUTO_TEST_CASE(utf16_to_utf8_writes_nothing_past_the_output)
{
    // Code units of one, two and three UTF-8 bytes in runs, each count from 0 to 200, so that
    // the last block ends at every offset; then with an unpaired surrogate planted at each offset
    // and skipped, so that the output ends right after a block the kernel encodes (stored
    // exactly, as the last of its call) and before the block it stops at.
    std::u32string base;
    for (std::size_t i = 0; base.size() < 200; ++i)
        base += of_class(static_cast<unsigned>(i % 3), 1 + i % 7);
    std::u16string const pool = utf16_of(base.substr(0, 200));
    for (std::size_t n = 0; n <= pool.size(); ++n)
    {
        std::u16string const units = pool.substr(0, n);
        BOOST_TEST_CONTEXT(n << " code units")
        {
            check_into_exact_room([&] { return units | views::utf16 | views::utf32_to_utf8_as<char>; });
        }
    }
    for (char16_t bad : {char16_t(0xD800), char16_t(0xDC00)})
        for (std::size_t at = 0; at < 160; ++at)
        {
            std::u16string units = pool.substr(0, 160);
            units[at] = bad;
            BOOST_TEST_CONTEXT(std::hex << unsigned(bad) << std::dec << " at " << at)
            {
                check_into_exact_room(
                    [&] { return units | views::utf16(utf::skip_on_error) | views::utf32_to_utf8_as<char>; });
            }
        }
}

// With a policy that may write nothing for an error, the bytes the direct path writes past a
// block must not count on what follows: valid text of a few blocks, then unpaired surrogates to
// the end, into an output of exactly the text's size with a guard page after it. Skipped, or
// replaced by a value that is not a scalar value and then skipped by the encoder, they write
// nothing; replaced by U+FFFD, they write three bytes each; replaced by no_replacement, nothing.
BOOST_AUTO_TEST_CASE(utf16_to_utf8_with_errors_at_the_end_writes_nothing_past_the_output)
{
    // Letters of one, two and three bytes in turn; and mostly ASCII with a letter of two or three
    // bytes now and then (as English with its quotation marks), whose blocks write few bytes.
    std::u32string mixed, english;
    for (std::size_t i = 0; mixed.size() < 300; ++i)
        mixed += of_class(static_cast<unsigned>(i % 3), 1 + i % 5);
    for (std::size_t i = 0; english.size() < 300; ++i)
        english += of_class(0, 3 + i % 11) + of_class(1 + static_cast<unsigned>(i % 2), 1);
    for (std::u32string const* text : {&mixed, &english})
    for (std::size_t valid : {32u, 64u, 100u, 250u})
        for (std::size_t bad : {1u, 17u, 40u, 100u})
        {
            std::u16string units = utf16_of(text->substr(0, valid));
            units.append(bad, char16_t(0xDC00));
            BOOST_TEST_CONTEXT((text == &mixed ? "mixed, " : "English, ") << valid << " code points, then " << bad
                                                                           << " low surrogates")
            {
                check_into_exact_room(
                    [&] { return units | views::utf16(utf::skip_on_error) | views::utf32_to_utf8_as<char>; });
                check_into_exact_room([&] {
                    return units | views::utf16(utf::replace_policy{char32_t(0xD800)}) |
                           views::utf32_to_utf8_as<char>(utf::skip_on_error);
                });
                check_into_exact_room([&] { return units | views::utf16 | views::utf32_to_utf8_as<char>; });
                check_into_exact_room([&] {
                    return units | views::utf16(utf::replace_policy{char32_t(0xD800)}) | views::utf32_to_utf8_as<char>;
                });
                // A replacing decoder that replaces with nothing drops the error before the
                // encoder, replacing too, can write anything for it.
                check_into_exact_room([&] {
                    return units | views::utf16(utf::replace_policy{utf::no_replacement}) |
                           views::utf32_to_utf8_as<char>;
                });
            }
        }
}

BOOST_AUTO_TEST_CASE(utf16_ascii_runs_write_nothing_past_the_output)
{
    // The scalar loop stores the word that ends a run of ASCII whole, where what follows is sure
    // to write over its excess. With a policy that may write nothing for an error, the output
    // ends right after the run: runs of every length up to three words and more, after a letter
    // or not, then unpaired surrogates, into exactly the room the output needs.
    for (std::size_t run = 0; run <= 30; ++run)
        for (std::size_t bad = 1; bad <= 9; bad += 2)
            for (bool letter_first : {false, true})
            {
                std::u16string units;
                if (letter_first)
                    units += char16_t(0x4E2D);
                for (std::size_t i = 0; i < run; ++i)
                    units += static_cast<char16_t>('a' + i % 26);
                units.append(bad, char16_t(0xDC00));
                BOOST_TEST_CONTEXT(run << " of ASCII" << (letter_first ? " after a letter" : "") << ", then " << bad
                                       << " low surrogates")
                {
                    check_into_exact_room(
                        [&] { return units | views::utf16(utf::skip_on_error) | views::utf32_to_utf8_as<char>; });
                    check_into_exact_room([&] {
                        return units | views::utf16(utf::replace_policy{utf::no_replacement}) |
                               views::utf32_to_utf8_as<char>;
                    });
                    check_into_exact_room([&] {
                        return units | views::utf16(utf::replace_policy{char32_t(0xD800)}) |
                               views::utf32_to_utf8_as<char>(utf::skip_on_error);
                    });
                    check_into_exact_room([&] { return units | views::utf16 | views::utf32_to_utf8_as<char>; });
                }
            }
}

// The narrowing kernels, called directly: the decoding kernels of some levels give them only
// ASCII, so the compositions alone would not reach their other paths.
BOOST_AUTO_TEST_CASE(narrowing_kernels_write_exactly_the_utf16_form)
{
    namespace simd = boost::utf::detail::simd;
    for (simd::utf16_kernel_set const& k : simd::utf16_kernel_sets)
    {
        if (k.narrow == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::size_t n = 0; n < 80; ++n)
        {
            std::u32string cps;
            for (std::size_t i = 0; cps.size() < n; ++i)
                cps += of_class(static_cast<unsigned>((i * 3 + n) % 4), 1 + i % 9).substr(0, n - cps.size());
            std::u16string const expected = utf16_of(cps);
            BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", " << n << " code points")
            {
                test::guarded_array<char32_t> const in(cps.size(), false);
                std::copy(cps.begin(), cps.end(), in.begin());
                test::guarded_array<std::uint16_t> const out(expected.size(), false);
                std::size_t const made = k.narrow(in.begin(), n, out.begin());
                BOOST_TEST(made == expected.size());
                BOOST_TEST(std::equal(expected.begin(), expected.end(), out.begin(), out.end()));
            }
        }
    }
}

// ---- the pair paths of the UTF-16 kernels ---------------------------------------------------------

namespace {

// Code units built from pieces: 'a' ASCII, 'b' a BMP code unit of three UTF-8 bytes, 'd' one of
// three just above 800 (the least such), 'c' one of two, 'p' a pair, 'h' a high surrogate alone,
// 'l' a low one alone. Each piece of a kind differs from the last a little, so that every lane
// gets its own code point.
std::u16string units_of(std::string const& pieces)
{
    std::u16string out;
    unsigned k = 0;
    for (char c : pieces)
    {
        k = (k * 37 + 11) % 1024;
        switch (c)
        {
        case 'a': out += static_cast<char16_t>(u'a' + k % 26); break;
        case 'b': out += static_cast<char16_t>(0x4E00 + k); break;
        case 'd': out += static_cast<char16_t>(0x0800 + k); break;
        case 'c': out += static_cast<char16_t>(0x0400 + k); break;
        case 'p':
            out += static_cast<char16_t>(0xD800 + (k * 7) % 1024);
            out += static_cast<char16_t>(0xDC00 + k);
            break;
        case 'h': out += static_cast<char16_t>(0xD800 + k); break;
        default: out += static_cast<char16_t>(0xDC00 + k); break;
        }
    }
    return out;
}

// Inputs with a pair at every offset of two blocks (among ASCII, BMP or pairs), after every
// number of other code units, and each with an unpaired surrogate or a pair cut short at its end,
// or at every offset; and some mixtures.
std::vector<std::u16string> pair_inputs()
{
    std::vector<std::u16string> in;
    for (std::size_t at = 0; at < 132; ++at)
        for (char fill : {'a', 'b', 'p'})
            for (char pair : {'p', 'h', 'l'})
            {
                std::string pieces(134, fill);
                pieces[at] = pair;
                in.push_back(units_of(pieces));
                // The same with a BMP code unit first, so that the pairs of an all-pair fill
                // straddle the blocks' ends.
                in.push_back(units_of('b' + pieces));
            }
    for (std::size_t lead = 0; lead < 34; ++lead)
        for (char last : {'p', 'h', 'l', 'a'})
            in.push_back(units_of(std::string(lead, 'a') + std::string(40, 'p') + last));
    unsigned seed = 12345;
    for (int i = 0; i < 300; ++i)
    {
        std::string pieces;
        for (int j = 0; j < 80; ++j)
        {
            seed = seed * 1103515245u + 12345u;
            unsigned const r = (seed >> 16) % 64;
            pieces += r < 30 ? 'p' : r < 45 ? 'b' : r < 62 ? 'a' : i % 2 ? 'h' : 'l';
        }
        in.push_back(units_of(pieces));
    }
    // Short input, for the kernels that take a last block shorter than their others: every length
    // from SSE's block to past AVX-512's, with a surrogate alone or a pair at its ends.
    for (std::size_t length = 14; length < 72; ++length)
        for (char end : {'p', 'h', 'l', 'a'})
        {
            in.push_back(units_of(std::string(length, 'a') + end));
            in.push_back(units_of(end + std::string(length, 'b')));
            std::string pieces;
            for (std::size_t j = 0; j < length; ++j)
            {
                seed = seed * 1103515245u + 12345u;
                unsigned const r = (seed >> 16) % 16;
                pieces += r < 6 ? 'p' : r < 11 ? 'a' : 'b';
            }
            in.push_back(units_of(pieces + end));
        }
    return in;
}

// Calls f(k, units, in) for each UTF-16 kernel set this processor runs that has `kernel`, and
// each input at least as long as the set's `fewest` (the shortest the drivers give the kernel):
// `units`, and `in`, a copy of it against an inaccessible page (before it for every third input,
// after it for the others).
template<class Kernel, class F>
void for_each_kernel_and_input(Kernel* boost::utf::detail::simd::utf16_kernel_set::*kernel,
                               std::size_t boost::utf::detail::simd::utf16_kernel_set::*fewest,
                               std::vector<std::u16string> const& inputs, F f)
{
    namespace simd = boost::utf::detail::simd;
    for (simd::utf16_kernel_set const& k : simd::utf16_kernel_sets)
    {
        if (k.*kernel == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::size_t which = 0; which < inputs.size(); ++which)
        {
            std::u16string const& units = inputs[which];
            if (units.size() < k.*fewest)
                continue;
            BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", input " << which)
            {
                test::guarded_array<std::uint16_t> const in(units.size(), which % 3 == 0);
                std::copy(units.begin(), units.end(), in.begin());
                f(k, units, in);
            }
        }
    }
}

// The same for valid_prefix and widen, and for the narrowing kernels (whose inputs are longer).
template<class Kernel, class F>
void for_each_kernel_and_input(Kernel* boost::utf::detail::simd::utf16_kernel_set::*kernel,
                               std::vector<std::u16string> const& inputs, F f)
{
    for_each_kernel_and_input(kernel, &boost::utf::detail::simd::utf16_kernel_set::fewest, inputs, f);
}

} // namespace

// The widening kernels, called directly: they must take a well-formed prefix that ends where an
// element does (as far as the validating kernel goes), write its code points and nothing past
// them, stop only at a block that is not well-formed on its own terms (see utf16_kernels.hpp),
// and read nothing outside the input.
BOOST_AUTO_TEST_CASE(widening_kernels_write_exactly_the_code_points)
{
    namespace simd = boost::utf::detail::simd;
    std::vector<std::u16string> const inputs = pair_inputs();
    for_each_kernel_and_input(&simd::utf16_kernel_set::widen, inputs,
                              [](simd::utf16_kernel_set const& k, std::u16string const& units,
                                 test::guarded_array<std::uint16_t> const& in) {
        std::size_t const n = units.size();
        test::guarded_array<char32_t> const out(n, false);
        std::fill(out.begin(), out.end(), char32_t(0xFFFFFFFF));
        simd::transcode_step const r = k.widen(in.begin(), n, out.begin());
        BOOST_TEST_REQUIRE(r.consumed <= n);
        BOOST_TEST_REQUIRE(r.produced <= r.consumed);
        // The validating kernel stops within a block of it: their blocks may start at other
        // places (AVX2's widening goes on from where its stores are aligned).
        std::size_t const valid = k.valid_prefix(in.begin(), n);
        BOOST_TEST(valid < r.consumed + k.width);
        BOOST_TEST(r.consumed < valid + k.width);
        // What was consumed, decoded by the rules.
        std::u32string expected;
        std::uint16_t const* p = in.begin();
        std::uint16_t const* const end = in.begin() + r.consumed;
        bool well_formed = true;
        while (p < end)
        {
            boost::utf::detail::decoded const d = boost::utf::detail::decode_next16(p, end);
            well_formed = well_formed && d.ok();
            expected += d.value;
        }
        BOOST_TEST(well_formed);
        BOOST_TEST((p == end));
        BOOST_TEST((std::u32string(out.begin(), out.begin() + r.produced) == expected));
        BOOST_TEST(std::all_of(out.begin() + r.produced, out.end(),
                               [](char32_t c) { return c == char32_t(0xFFFFFFFF); }));
        // Where it stopped: fewer than its last block left, or a block with an unpaired surrogate
        // other than a high one in its last place. A kernel called with less than a block (fewest
        // < width) takes what is left after its whole blocks in blocks of last_block code units
        // or more (one block of what is left, at the AVX-512 levels).
        if (r.resume == 0)
            BOOST_TEST(n - r.consumed < k.last_block);
        else
        {
            BOOST_TEST((r.resume == k.width || r.resume == k.last_block));
            // The block it stopped at: `resume` code units, or what is left where that is fewer
            // and a last block may be shorter.
            std::size_t const left = n - r.consumed;
            std::size_t const block = left < r.resume && k.last_block < r.resume ? left : r.resume;
            BOOST_TEST_REQUIRE(block >= 2u);
            BOOST_TEST_REQUIRE(left >= block);
            std::uint16_t const* q = in.begin() + r.consumed;
            std::uint16_t const* const block_end = q + block;
            bool unpaired = false;
            while (q < block_end && !unpaired)
            {
                std::uint16_t const* const at = q;
                boost::utf::detail::decoded const d = boost::utf::detail::decode_next16(q, block_end);
                unpaired = !d.ok() && !(at + 1 == block_end && boost::utf::detail::is_high_surrogate(*at));
            }
            BOOST_TEST(unpaired);
        }
    });
}

// The validating and widening kernels with their input at every alignment to a cache line (the
// AVX-512 ones take the code units up to the next line first), and the output at every alignment
// to 32 bytes (AVX2 goes on from where its stores are aligned): on well-formed input, with a pair
// or a high surrogate alone at each of the first places, they must go on to the last block, and
// with a surrogate unpaired there, stop before it, having written nothing past what they made.
BOOST_AUTO_TEST_CASE(validating_and_widening_kernels_at_every_alignment)
{
    namespace simd = boost::utf::detail::simd;
    std::vector<std::string> pieces;
    for (std::size_t at = 0; at < 34; ++at)
        for (char c : {'p', 'h', 'l'})
        {
            std::string s(150, at % 2 ? 'b' : 'a');
            s[at] = c;
            pieces.push_back(s);
        }
    for (simd::utf16_kernel_set const& k : simd::utf16_kernel_sets)
    {
        if (k.widen == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::string const& piece : pieces)
        {
            std::u16string const units = units_of(piece);
            std::size_t const n = units.size();
            // Where a kernel must stop: after a surrogate's block when it is unpaired, else near the end.
            std::size_t const bad = piece.find_first_of("hl");
            for (std::size_t offset = 0; offset < 32; ++offset)
                BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", " << piece.substr(0, 40) << ", offset " << offset)
                {
                    std::vector<std::uint16_t> memory(n + 32 + 32);
                    std::uint16_t* const in = test::at_alignment(memory.data(), 64, offset);
                    std::copy(units.begin(), units.end(), in);
                    std::vector<char32_t> out_memory(n + 32, char32_t(0xFFFFFFFF));
                    char32_t* const out = test::at_alignment(out_memory.data(), 64, offset * 3 % 16);
                    simd::transcode_step const r = k.widen(in, n, out);
                    std::size_t const valid = k.valid_prefix(in, n);
                    std::u32string const values = values_of(units.substr(0, r.consumed));
                    BOOST_TEST((std::u32string(out, out + r.produced) == values));
                    BOOST_TEST(std::all_of(out + r.produced, out_memory.data() + out_memory.size(),
                                           [](char32_t c) { return c == char32_t(0xFFFFFFFF); }));
                    BOOST_TEST(valid < r.consumed + k.width);
                    BOOST_TEST(r.consumed < valid + k.width);
                    if (bad == std::string::npos)
                    {
                        BOOST_TEST(r.resume == 0u);
                        BOOST_TEST(n - r.consumed < k.last_block);
                        BOOST_TEST(n - valid < k.last_block);
                    }
                    else
                    {
                        BOOST_TEST(r.consumed <= bad);
                        BOOST_TEST(valid <= bad);
                        BOOST_TEST((r.resume == k.width || r.resume == k.last_block));
                    }
                }
        }
    }
}

// The direct UTF-16 to UTF-8 kernels, called directly: they must take whole blocks without a
// surrogate, write exactly their UTF-8 form and nothing past it, stop only at a block with a
// surrogate or where fewer than a block is left, and read nothing outside the input. The inputs
// put one code unit of each kind ('a' ASCII, 'c' two bytes, 'b' and 'd' three bytes, a pair) at
// every offset of three blocks among each other kind, with every length of tail, so that each
// block path (ASCII, one or two bytes, up to three) follows each other one.
namespace {

std::vector<std::u16string> direct_utf16_to_utf8_inputs()
{
    std::vector<std::u16string> inputs;
    for (std::size_t at = 0; at < 100; ++at)
        for (char fill : {'a', 'c', 'b', 'd'})
            for (char other : {'a', 'c', 'b', 'd', 'p'})
            {
                std::string pieces(100, fill);
                pieces[at] = other;
                inputs.push_back(units_of(pieces.substr(0, 100 - at % 7)));
            }
    unsigned seed = 2024;
    for (int i = 0; i < 400; ++i)
    {
        std::string pieces;
        char run = 'a';
        for (int j = 0; j < 16 + i % 114; ++j)
        {
            seed = seed * 1103515245u + 12345u;
            unsigned const r = (seed >> 16) % 100;
            // Runs of one kind, as in text, broken now and then, and rarely a pair.
            if (r < 12)
                run = "acb"[r % 3];
            pieces += r == 99 ? 'p' : run;
        }
        inputs.push_back(units_of(pieces));
    }
    // Pairs in every block, for the kernels that take them, now and then an unpaired surrogate.
    for (int i = 0; i < 300; ++i)
    {
        std::string pieces;
        for (int j = 0; j < 60 + i % 130; ++j)
        {
            seed = seed * 1103515245u + 12345u;
            unsigned const r = (seed >> 16) % 1000;
            pieces += r < 600u - static_cast<unsigned>(i) ? 'p' : r == 999 ? 'h' : r == 998 ? 'l' : "acbd"[r % 4];
        }
        inputs.push_back(units_of(pieces));
    }
    return inputs;
}

// `slack` is how many bytes past those returned the kernel may write, and no more than the code
// units after those it consumed (to_utf8_covered; 0 for to_utf8).
template<class Slack>
void check_direct_utf16_to_utf8(
    boost::utf::detail::simd::utf16_to_utf8_kernel* boost::utf::detail::simd::utf16_kernel_set::*kernel, Slack slack)
{
    namespace simd = boost::utf::detail::simd;
    auto const fewest = &simd::utf16_kernel_set::to_utf8_fewest;
    for_each_kernel_and_input(
        kernel, fewest, direct_utf16_to_utf8_inputs(),
        [&](simd::utf16_kernel_set const& k, std::u16string const& units,
            test::guarded_array<std::uint16_t> const& in) {
            std::size_t const n = units.size();
            test::guarded_array<unsigned char> const out(3 * n, false);
            std::fill(out.begin(), out.end(), static_cast<unsigned char>(0xFF));
            simd::transcode_step const r = (k.*kernel)(in.begin(), n, out.begin());
            BOOST_TEST_REQUIRE(r.consumed <= n);
            std::u16string const consumed(units.begin(), units.begin() + static_cast<std::ptrdiff_t>(r.consumed));
            // Well-formed; and without a surrogate, but where the set takes pairs.
            BOOST_TEST(boost::utf::is_valid(consumed));
            if (k.level != boost::utf::simd_level::avx512vbmi2)
                BOOST_TEST(std::none_of(consumed.begin(), consumed.end(),
                                        [](char16_t u) { return u >= 0xD800 && u <= 0xDFFF; }));
            std::string const expected = utf8_of(values_of(consumed));
            BOOST_TEST_REQUIRE(r.produced == expected.size());
            BOOST_TEST(std::equal(expected.begin(), expected.end(), out.begin(),
                                  [](char e, unsigned char o) { return static_cast<unsigned char>(e) == o; }));
            // 0xFF is never a byte of UTF-8, so any byte written past what is allowed shows.
            std::size_t const allowed = std::min(slack(k), n - r.consumed);
            BOOST_TEST(std::all_of(out.begin() + std::min(r.produced + allowed, 3 * n), out.end(),
                                   [](unsigned char c) { return c == 0xFF; }));
            // Where it stopped: fewer than SSE's block left (its short blocks), or a block with a
            // surrogate.
            if (r.resume == 0)
                BOOST_TEST(n - r.consumed < k.to_utf8_fewest);
            else
            {
                BOOST_TEST(r.resume <= k.width);
                BOOST_TEST_REQUIRE(n - r.consumed >= r.resume);
                BOOST_TEST(std::any_of(units.begin() + static_cast<std::ptrdiff_t>(r.consumed),
                                       units.begin() + static_cast<std::ptrdiff_t>(r.consumed + r.resume),
                                       [](char16_t u) { return u >= 0xD800 && u <= 0xDFFF; }));
            }
        });
}

} // namespace

BOOST_AUTO_TEST_CASE(direct_utf16_to_utf8_kernels_write_exactly_the_utf8_form)
{
    check_direct_utf16_to_utf8(&boost::utf::detail::simd::utf16_kernel_set::to_utf8,
                               [](boost::utf::detail::simd::utf16_kernel_set const&) { return std::size_t(0); });
}

// to_utf8_covered writes the same, and past it no more than the set's width of bytes, nor than
// the code units that follow (which the caller makes sure write over them).
BOOST_AUTO_TEST_CASE(covered_utf16_to_utf8_kernels_write_the_utf8_form)
{
    check_direct_utf16_to_utf8(&boost::utf::detail::simd::utf16_kernel_set::to_utf8_covered,
                               [](boost::utf::detail::simd::utf16_kernel_set const& k) { return k.width; });
}

// ---- the kernels that check code points as they encode them ------------------------------------

namespace {

// The kernels are checked against the rule itself (detail/unicode.hpp).
constexpr auto is_scalar = &boost::utf::detail::is_scalar_value<std::uint32_t>;

// Code points of every length in runs (as in text), with a value of each length or a bad one
// planted at every offset, up to past four blocks of the widest encoding loop (4 * 32), so that
// every loop of every level, and its last blocks, see them.
std::vector<std::vector<std::uint32_t>> checked_encoding_inputs()
{
    std::vector<std::vector<std::uint32_t>> inputs;
    std::uint32_t const plants[] = {0x41, 0xE9, 0x800, 0xFFFF, 0x10000, 0x10FFFF, 0xD800, 0xDFFF, 0x110000, 0xFFFFFFFF};
    for (unsigned cls = 0; cls < 4; ++cls)
        for (std::uint32_t plant : plants)
            for (std::size_t at = 0; at < 150; at += at < 40 ? 1 : 3)
            {
                std::u32string const fill = of_class(cls, 150);
                std::vector<std::uint32_t> in(fill.begin(), fill.end());
                in[at] = plant;
                in.resize(150 - at % 5);
                inputs.push_back(in);
            }
    unsigned seed = 77;
    for (int i = 0; i < 300; ++i)
    {
        std::vector<std::uint32_t> in;
        unsigned cls = 0;
        for (int j = 0; j < 20 + i % 200; ++j)
        {
            seed = seed * 1103515245u + 12345u;
            unsigned const r = (seed >> 16) % 200;
            if (r < 20)
                cls = r % 4;
            in.push_back(r == 199 ? 0xD800u + r : static_cast<std::uint32_t>(of_class(cls, 1 + j % 7).back()));
        }
        inputs.push_back(in);
    }
    return inputs;
}

// `slack` is how many bytes past those returned the kernel may write, and no more than the code
// points after those it consumed (encode_covered; 0 for encode).
template<class Slack>
void check_encoding_kernel(boost::utf::detail::simd::encode_kernel* boost::utf::detail::simd::kernel_set::*kernel,
                           Slack slack)
{
    namespace simd = boost::utf::detail::simd;
    std::vector<std::vector<std::uint32_t>> const inputs = checked_encoding_inputs();
    for (simd::kernel_set const& k : simd::kernel_sets)
    {
        if (k.*kernel == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::size_t which = 0; which < inputs.size(); ++which)
        {
            std::vector<std::uint32_t> const& values = inputs[which];
            std::size_t const n = values.size();
            if (n < k.encode_width)
                continue; // the driver gives it no less
            BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", input " << which)
            {
                test::guarded_array<std::uint32_t> const in(n, false);
                std::copy(values.begin(), values.end(), in.begin());
                test::guarded_array<unsigned char> const out(4 * n, false);
                std::fill(out.begin(), out.end(), static_cast<unsigned char>(0xFF));
                simd::transcode_step const r = (k.*kernel)(in.begin(), n, out.begin());
                BOOST_TEST_REQUIRE(r.consumed <= n);
                auto const consumed_end = values.begin() + static_cast<std::ptrdiff_t>(r.consumed);
                BOOST_TEST(std::all_of(values.begin(), consumed_end, is_scalar));
                std::string const expected = utf8_of(std::u32string(values.begin(), consumed_end));
                BOOST_TEST_REQUIRE(r.produced == expected.size());
                BOOST_TEST(std::equal(expected.begin(), expected.end(), out.begin(),
                                      [](char e, unsigned char o) { return static_cast<unsigned char>(e) == o; }));
                // 0xFF is never a byte of UTF-8, so any byte written past what is allowed shows.
                std::size_t const allowed = std::min(slack(), n - r.consumed);
                BOOST_TEST(std::all_of(out.begin() + std::min(r.produced + allowed, 4 * n), out.end(),
                                       [](unsigned char c) { return c == 0xFF; }));
                // Where it stopped: fewer than a block left, or a block with a value that is not a
                // scalar value.
                if (r.resume == 0)
                    BOOST_TEST(n - r.consumed < k.encode_width);
                else
                {
                    BOOST_TEST(r.resume <= 32u);
                    BOOST_TEST_REQUIRE(n - r.consumed >= r.resume);
                    BOOST_TEST(!std::all_of(values.begin() + static_cast<std::ptrdiff_t>(r.consumed),
                                            values.begin() + static_cast<std::ptrdiff_t>(r.consumed + r.resume),
                                            is_scalar));
                }
            }
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(encoding_kernels_write_exactly_the_utf8_form)
{
    check_encoding_kernel(&boost::utf::detail::simd::kernel_set::encode, [] { return std::size_t(0); });
}

// encode_covered writes the same, and past it no more than a block's 32 bytes, nor than the code
// points that follow (which the caller makes sure write over them).
BOOST_AUTO_TEST_CASE(covered_encoding_kernels_write_the_utf8_form)
{
    check_encoding_kernel(&boost::utf::detail::simd::kernel_set::encode_covered, [] { return std::size_t(32); });
}

// narrow_checked narrows whole blocks while they hold scalar values only, and stops at the first
// that does not; past what it returns it writes no more than 4 code units, and only where the 4
// code points after those it consumed are scalar values.
BOOST_AUTO_TEST_CASE(checked_narrowing_kernels_stop_at_the_first_bad_block)
{
    namespace simd = boost::utf::detail::simd;
    std::vector<std::vector<std::uint32_t>> const inputs = checked_encoding_inputs();
    for (simd::utf16_kernel_set const& k : simd::utf16_kernel_sets)
    {
        if (k.narrow_checked == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::size_t which = 0; which < inputs.size(); ++which)
        {
            std::vector<std::uint32_t> const& values = inputs[which];
            std::size_t const n = values.size();
            BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", input " << which)
            {
                test::guarded_array<char32_t> const in(n, false);
                std::copy(values.begin(), values.end(), in.begin());
                test::guarded_array<std::uint16_t> const out(2 * n, false);
                std::fill(out.begin(), out.end(), std::uint16_t(0xFFFF));
                simd::transcode_step const r = k.narrow_checked(in.begin(), n, out.begin());
                // The first block with a value that is not a scalar value, or the last whole block.
                std::size_t const bad = static_cast<std::size_t>(
                    std::find_if_not(values.begin(), values.end(), is_scalar) - values.begin());
                std::size_t const blocks = std::min(bad, n) / k.narrow_width * k.narrow_width;
                BOOST_TEST_REQUIRE(r.consumed == blocks);
                BOOST_TEST(r.resume == (n - blocks >= k.narrow_width ? k.narrow_width : 0u));
                std::u16string const expected =
                    utf16_of(std::u32string(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(r.consumed)));
                BOOST_TEST_REQUIRE(r.produced == expected.size());
                BOOST_TEST(std::equal(expected.begin(), expected.end(), out.begin()));
                // FFFF marks what was not written.
                auto const consumed_end = values.begin() + static_cast<std::ptrdiff_t>(r.consumed);
                bool const covered = n - r.consumed >= 4 && std::all_of(consumed_end, consumed_end + 4, is_scalar);
                std::size_t const allowed = covered ? 4 : 0;
                BOOST_TEST(std::all_of(out.begin() + std::min(r.produced + allowed, 2 * n), out.end(),
                                       [](std::uint16_t u) { return u == 0xFFFF; }));
            }
        }
    }
}

// The narrowing kernels with a supplementary code point at every offset of a block among BMP
// ones, a BMP one among supplementary ones, and every length of tail.
BOOST_AUTO_TEST_CASE(narrowing_kernels_put_pairs_at_every_offset)
{
    namespace simd = boost::utf::detail::simd;
    for (simd::utf16_kernel_set const& k : simd::utf16_kernel_sets)
    {
        if (k.narrow == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::size_t n = 1; n < 72; ++n)
            for (std::size_t at = 0; at < n; ++at)
                for (bool pairs_around : {false, true})
                {
                    std::u32string cps = of_class(pairs_around ? 3 : 1, n);
                    cps[at] = of_class(pairs_around ? 0 : 3, at + 1)[at];
                    std::u16string const expected = utf16_of(cps);
                    BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", " << n << " code points, " << at)
                    {
                        test::guarded_array<char32_t> const in(n, pairs_around);
                        std::copy(cps.begin(), cps.end(), in.begin());
                        test::guarded_array<std::uint16_t> const out(expected.size(), false);
                        std::size_t const made = k.narrow(in.begin(), n, out.begin());
                        BOOST_TEST(made == expected.size());
                        BOOST_TEST(std::equal(expected.begin(), expected.end(), out.begin(), out.end()));
                    }
                }
    }
}

namespace {

// The compositions over pairs that start at every offset of a block and straddle its ends, with
// BMP and ASCII code units and unpaired surrogates among them.
void check_pairs_at_every_offset()
{
    for (std::size_t lead = 0; lead < 33; ++lead)
        for (char last : {'p', 'h', 'l'})
        {
            std::string pieces = std::string(lead, lead % 2 ? 'b' : 'a') + std::string(150, 'p');
            pieces[lead + 60] = 'b';
            pieces[lead + 100] = last;
            BOOST_TEST_CONTEXT(lead << " code units first, " << last)
            {
                check_long({}, units_of(pieces));
            }
        }
}

} // namespace

BOOST_AUTO_TEST_CASE(pairs_at_every_offset_through_the_compositions)
{
    check_pairs_at_every_offset();
}

// The avx2 level has two rows of kernels (detail/simd/dispatch.hpp), and a CPU runs only one of
// them uncapped: each is run here wherever the CPU has AVX2. What differs between them is the
// encoding kernels: UTF-32 to UTF-8 alone, and UTF-16 to UTF-8 through the compositions.
BOOST_AUTO_TEST_CASE(both_rows_of_the_avx2_level)
{
    namespace simd = utf::detail::simd;
    if (utf::supported_simd_level() < utf::simd_level::avx2)
        return;
    utf::simd_level const previous = utf::set_simd_cap(utf::simd_level::avx2);
    for (simd::halves const h : {simd::halves::no, simd::halves::yes})
    {
        simd::assume_halves(h);
        BOOST_TEST_CONTEXT("halves " << (h == simd::halves::yes))
        {
            std::size_t const row =
                h == simd::halves::yes ? simd::halves_avx2_row : static_cast<std::size_t>(utf::simd_level::avx2);
            BOOST_TEST(simd::active_row() == row);
            BOOST_TEST(utf::to_string(utf::active_simd_level()) == "avx2");
#if BOOST_UTF_SIMD_X86
            BOOST_TEST((simd::active_kernels().encode ==
                        (h == simd::halves::yes ? &simd::sse::encode : &simd::avx2::encode)));
            BOOST_TEST((simd::active_utf16_kernels().to_utf8 ==
                        (h == simd::halves::yes ? &simd::utf16_sse::to_utf8 : &simd::utf16_avx2::to_utf8)));
#endif
            for (unsigned cls = 0; cls < 4; ++cls)
                for (std::size_t n : {std::size_t(15), std::size_t(16), std::size_t(17), std::size_t(300)})
                {
                    std::u32string const t = of_class(cls, n);
                    BOOST_TEST(utf::to<std::string>(t | views::utf32_to_utf8_as<char>) == utf8_of(t));
                }
            check_every_length_class();
            check_pairs_at_every_offset();
        }
    }
    simd::assume_halves(simd::halves::ask_cpu);
    utf::set_simd_cap(previous);
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Exhaustive checks of both views against a reference written here from RFC 3629, independent
// of detail/utf8.hpp.
//
// Decoding: byte strings of length 1..4, alone and followed by padding, under replace, skip,
// throw, a recording policy and a per-code-unit one, walked forwards and backwards over a
// contiguous range, and forwards over a forward-only and a single-pass one; and find_invalid at
// the scalar level, where the bulk validator runs the automaton of detail/utf8.hpp. Encoding:
// every scalar value and the non-scalar boundaries.
//
// The quick part (every run) covers every string of 1 and 2 bytes, 3-byte strings whose last two
// bytes come from a boundary set, and 4-byte strings built from the boundary set. Built with
// BOOST_UTF_EXHAUSTIVE_LONG (CTest label `long`), it also covers every 3-byte string (16.8
// million) and every 4-byte string that starts with F0..F4 (84 million).

#define BOOST_TEST_MODULE exhaustive
#include <boost/test/unit_test.hpp>

#include <boost/utf.hpp>

#include "test_support.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#if BOOST_UTF_STD_RANGES
#  include <ranges>
#else
#  include <range/v3/view/subrange.hpp>
#endif

namespace utf = boost::utf;

namespace {

#if BOOST_UTF_STD_RANGES
template<class T>
using span = std::ranges::subrange<T const*>;
#else
template<class T>
using span = ::ranges::subrange<T const*>;
#endif

// ---- the reference, from RFC 3629 --------------------------------------------------------------

// Section 4, the ABNF of UTF8-char, one alternative per line; UTF8-tail is 80..BF.
struct byte_range
{
    unsigned char lo, hi;
};
struct alternative
{
    int length;
    byte_range bytes[4];
};
constexpr byte_range tail{0x80, 0xBF};
constexpr alternative utf8_char[] = {
    {1, {{0x00, 0x7F}}},                                 // UTF8-1
    {2, {{0xC2, 0xDF}, tail}},                           // UTF8-2
    {3, {{0xE0, 0xE0}, {0xA0, 0xBF}, tail}},             // UTF8-3
    {3, {{0xE1, 0xEC}, tail, tail}},                     //
    {3, {{0xED, 0xED}, {0x80, 0x9F}, tail}},             //
    {3, {{0xEE, 0xEF}, tail, tail}},                     //
    {4, {{0xF0, 0xF0}, {0x90, 0xBF}, tail, tail}},       // UTF8-4
    {4, {{0xF1, 0xF3}, tail, tail, tail}},               //
    {4, {{0xF4, 0xF4}, {0x80, 0x8F}, tail, tail}},       //
};

// One element of the input: a scalar value, or one maximal subpart.
struct ref_element
{
    bool ok;
    char32_t value; // the scalar value, or the subpart's first byte
    std::size_t offset;
    std::size_t length;
    utf::error_kind kind;
};

// The error kind of a maximal subpart, as the API contract tabulates it. `next` is the byte
// after the subpart's first one, or -1 at the end of input.
utf::error_kind ref_kind(unsigned b, int next, std::size_t length)
{
    using k = utf::error_kind;
    if (length > 1)
        return k::truncated; // only a valid prefix can be longer than one byte
    if (b >= 0x80 && b <= 0xBF)
        return k::unexpected_continuation;
    if (b == 0xC0 || b == 0xC1)
        return k::overlong;
    if (b >= 0xF5 && b <= 0xF7)
        return k::out_of_range;
    if (b >= 0xF8)
        return k::invalid_lead_byte;
    bool const cont = next >= 0x80 && next <= 0xBF;
    if ((b == 0xE0 && cont && next <= 0x9F) || (b == 0xF0 && cont && next <= 0x8F))
        return k::overlong;
    if (b == 0xED && cont && next >= 0xA0)
        return k::surrogate;
    if (b == 0xF4 && cont && next >= 0x90)
        return k::out_of_range;
    return k::truncated;
}

// Splits s[0, n) into scalar values and maximal subparts (Unicode 3.9: the longest prefix of some
// well-formed sequence, or one byte when there is none).
std::size_t ref_decode(unsigned char const* s, std::size_t n, ref_element* out)
{
    std::size_t count = 0;
    for (std::size_t i = 0; i < n;)
    {
        std::size_t best = 0;
        alternative const* match = nullptr;
        for (auto const& alt : utf8_char)
        {
            std::size_t m = 0;
            while (m < std::size_t(alt.length) && i + m < n && s[i + m] >= alt.bytes[m].lo &&
                   s[i + m] <= alt.bytes[m].hi)
                ++m;
            if (m == std::size_t(alt.length))
                match = &alt;
            best = m > best ? m : best;
        }
        if (match)
        {
            // Section 3: the lead byte keeps its bits below the length marker, each tail byte six.
            std::size_t const len = std::size_t(match->length);
            char32_t v = len == 1 ? s[i] : s[i] & (0xFFu >> (len + 1));
            for (std::size_t j = 1; j < len; ++j)
                v = v << 6 | (s[i + j] & 0x3Fu);
            out[count++] = {true, v, i, len, utf::error_kind{}};
            i += len;
        }
        else
        {
            std::size_t const len = best ? best : 1;
            int const next = i + 1 < n ? s[i + 1] : -1;
            out[count++] = {false, s[i], i, len, ref_kind(s[i], next, len)};
            i += len;
        }
    }
    return count;
}

// Section 3's table, written forwards: the shortest form of a scalar value.
std::size_t ref_encode(char32_t c, unsigned char* out)
{
    if (c <= 0x7F)
    {
        out[0] = static_cast<unsigned char>(c);
        return 1;
    }
    std::size_t const len = c <= 0x7FF ? 2 : c <= 0xFFFF ? 3 : 4;
    unsigned const marker[] = {0, 0, 0xC0, 0xE0, 0xF0};
    for (std::size_t j = len - 1; j > 0; --j, c >>= 6)
        out[j] = static_cast<unsigned char>(0x80 | (c & 0x3F));
    out[0] = static_cast<unsigned char>(marker[len] | c);
    return len;
}

// ---- comparing the views with it ------------------------------------------------------------------

// A few elements, without allocating: the inputs here are at most seven bytes long.
template<class T, std::size_t N = 8>
struct small_vec
{
    T data[N];
    std::size_t count = 0;

    void push_back(T const& t)
    {
        if (count < N) // more than N would be a bug in the view; the size check reports it
            data[count] = t;
        ++count;
    }
    std::size_t size() const { return count; }
    void clear() { count = 0; }
};

// The tests' recording policy, logging without allocating; once per subpart, or per code unit.
using recorder = test::basic_recording_policy<small_vec<utf::error_info>>;
using unit_recorder = test::basic_recording_policy<small_vec<utf::error_info>, true>;

std::string hex_of(unsigned char const* s, std::size_t n)
{
    std::string out;
    char buf[4];
    for (std::size_t i = 0; i < n; ++i)
    {
        std::snprintf(buf, sizeof buf, i ? " %02X" : "%02X", s[i]);
        out += buf;
    }
    return out;
}

std::string cps_of(small_vec<char32_t> const& v, bool reversed)
{
    std::string out;
    char buf[16];
    std::size_t const n = v.size() < 8 ? v.size() : 8; // more than 8 is already a failure
    for (std::size_t i = 0; i < n; ++i)
    {
        std::snprintf(buf, sizeof buf, i ? " %04X" : "%04X", unsigned(v.data[reversed ? n - 1 - i : i]));
        out += buf;
    }
    return out;
}

class checker
{
public:
    std::size_t failures = 0;
    // Strings the view decoded (unpadded, with the recording policy) without a policy call.
    std::size_t well_formed = 0;

    // How many of the paddings below each string is also tried with (0..2). The quick part uses
    // fewer for the larger sets, to stay fast in an unoptimised build.
    explicit checker(std::size_t paddings = 2)
        : paddings_used(paddings), previous_cap(utf::set_simd_cap(utf::simd_level::scalar))
    {
#ifdef BOOST_UTF_EXHAUSTIVE_LONG
        paddings_used = 2; // the long part tries everything
#endif
    }
    checker(checker const&) = delete;
    checker& operator=(checker const&) = delete;
    ~checker() { utf::set_simd_cap(previous_cap); }

    // s[0, n) on its own, where the input ends inside a sequence, and followed by padding, where
    // a decoder may read ahead without testing for the end at every code unit.
    // with_throw: whether the throw policy is checked too (on s alone, not on its padded forms).
    void check(unsigned char const* s, std::size_t n, bool with_throw = true)
    {
        unsigned char padded[8];
        for (std::size_t p = 0; p < paddings_used; ++p)
        {
            auto const& pad = paddings[p];
            for (std::size_t i = 0; i < n; ++i)
                padded[i] = s[i];
            for (std::size_t i = 0; i < 3; ++i)
                padded[n + i] = pad[i];
            check_one(padded, n + 3, throw_padded);
        }
        well_formed += check_one(s, n, with_throw);
        check_bulk(s, n);
    }

private:
    // find_invalid at the scalar level (the checker's cap), with s[0, n) inside a longer buffer,
    // where the bulk validator runs its automaton sixteen bytes at a time from the first byte
    // that is not ASCII (here a two-byte sequence at 0): s at the start of such a step, and where
    // it crosses into the next. ASCII after s ends any sequence left open, at the same first
    // error.
    void check_bulk(unsigned char const* s, std::size_t n)
    {
        ref_element ref[8];
        std::size_t const count = ref_decode(s, n, ref);
        std::size_t first_error = n;
        for (std::size_t i = 0; i < count && first_error == n; ++i)
            if (!ref[i].ok)
                first_error = ref[i].offset;
        for (std::size_t ascii : {0, 12, 13, 14})
        {
            unsigned char buffer[40];
            std::fill(std::begin(buffer), std::end(buffer), static_cast<unsigned char>('a'));
            buffer[0] = 0xC3;
            buffer[1] = 0xA9;
            std::copy(s, s + n, buffer + 2 + ascii);
            std::size_t const want = first_error == n ? sizeof buffer : 2 + ascii + first_error;
            std::size_t const got =
                static_cast<std::size_t>(utf::find_invalid(span<unsigned char>(buffer, buffer + sizeof buffer)) - buffer);
            if (got != want)
                fail(s, n, "find_invalid, scalar level",
                     "at " + std::to_string(2 + ascii) + " in 40 bytes: got " + std::to_string(got) + ", want " +
                         std::to_string(want));
        }
    }

    // ASCII, which ends any sequence; and continuation bytes, which must not be swallowed.
    static constexpr unsigned char paddings[2][3] = {{0x41, 0x42, 0x43}, {0x80, 0xBF, 0x80}};
    std::size_t paddings_used;
    // The views do not depend on it; find_invalid runs the scalar level's validator under it.
    utf::simd_level previous_cap;
#ifdef BOOST_UTF_EXHAUSTIVE_LONG
    // Unwinding costs some twenty times the rest of a check: the long part checks the throw
    // policy on every string, but not again on its padded forms.
    static constexpr bool throw_padded = false;
#else
    static constexpr bool throw_padded = true;
#endif

    // Every way of decoding s[0, n) must agree with the reference. Returns whether the view found
    // s well-formed (made no policy call).
    bool check_one(unsigned char const* s, std::size_t n, bool with_throw)
    {
        ref_element ref[8];
        std::size_t const count = ref_decode(s, n, ref);
        span<unsigned char> const bytes(s, s + n);

        // replace and skip, forwards and backwards
        small_vec<char32_t> replaced, skipped;
        std::size_t errors = 0;
        for (std::size_t i = 0; i < count; ++i)
        {
            replaced.push_back(ref[i].ok ? ref[i].value : U'\uFFFD');
            if (ref[i].ok)
                skipped.push_back(ref[i].value);
            errors += !ref[i].ok;
        }
        expect(s, n, "replace, forwards", forwards(bytes | utf::views::utf8), replaced, false);
        expect(s, n, "replace, backwards", backwards(bytes | utf::views::utf8), replaced, true);
        auto const skip = bytes | utf::views::utf8(utf::skip_on_error);
        expect(s, n, "skip, forwards", forwards(skip), skipped, false);
        expect(s, n, "skip, backwards", backwards(skip), skipped, true);

        // what each policy call is told, in both directions
        small_vec<utf::error_info> log;
        auto const recorded = utf::views::utf8(bytes, recorder{&log});
        forwards(recorded);
        bool const view_found_it_well_formed = log.size() == 0;
        expect_log(s, n, "recorded, forwards", log, ref, count, false);
        log.clear();
        walk_back(recorded, s);
        expect_log(s, n, "recorded, backwards", log, ref, count, true);

        // throw: the elements before the first error met, then that error
        if (with_throw)
        {
            check_throw(s, n, bytes, ref, count, errors, false);
            check_throw(s, n, bytes, ref, count, errors, true);
        }

        // once per code unit: a subpart's first unit with its kind, the others as continuations
        ref_element units[8];
        std::size_t unit_count = 0;
        for (std::size_t i = 0; i < count; ++i)
        {
            if (ref[i].ok)
            {
                units[unit_count++] = ref[i];
                continue;
            }
            for (std::size_t j = 0; j < ref[i].length; ++j)
                units[unit_count++] = {false, s[ref[i].offset + j], ref[i].offset + j, 1,
                                       j == 0 ? ref[i].kind : utf::error_kind::unexpected_continuation};
        }
        log.clear();
        auto const per_unit = utf::views::utf8(bytes, unit_recorder{&log});
        forwards(per_unit);
        expect_log(s, n, "per code unit, forwards", log, units, unit_count, false);
        log.clear();
        walk_back(per_unit, s);
        expect_log(s, n, "per code unit, backwards", log, units, unit_count, true);

        // single-pass and forward-only ranges step through other code (no going back, offsets
        // counted as they go)
        test::test_range<std::input_iterator_tag, unsigned char> const input(s, s + n);
        expect(s, n, "input range, replace", forwards(input | utf::views::utf8), replaced, false);
        log.clear();
        test::test_range<std::input_iterator_tag, unsigned char> const input2(s, s + n);
        forwards(utf::views::utf8(input2, recorder{&log}));
        expect_log(s, n, "input range, recorded", log, ref, count, false);
        test::test_range<std::forward_iterator_tag, unsigned char> const fwd(s, s + n);
        log.clear();
        forwards(utf::views::utf8(fwd, recorder{&log}));
        expect_log(s, n, "forward range, recorded", log, ref, count, false);
        log.clear();
        forwards(utf::views::utf8(fwd, unit_recorder{&log}));
        expect_log(s, n, "forward range, per code unit", log, units, unit_count, false);
        expect(s, n, "forward range, skip", forwards(fwd | utf::views::utf8(utf::skip_on_error)), skipped, false);
        return view_found_it_well_formed;
    }

    template<class View>
    static small_vec<char32_t> forwards(View const& v)
    {
        small_vec<char32_t> out;
        for (auto it = v.begin(); it != v.end(); ++it)
            out.push_back(*it);
        return out;
    }

    template<class View>
    static small_vec<char32_t> backwards(View const& v)
    {
        small_vec<char32_t> out;
        auto const first = v.begin();
        for (auto it = v.end(); it != first;)
            out.push_back(*--it);
        return out;
    }

    // Backwards to the first code unit, without forming begin() (which decodes, and with a
    // throwing or recording policy would act on the first element out of turn).
    template<class View>
    static small_vec<char32_t> walk_back(View const& v, unsigned char const* first)
    {
        small_vec<char32_t> out;
        for (auto it = v.end(); it.base() != first;)
            out.push_back(*--it);
        return out;
    }

    void fail(unsigned char const* s, std::size_t n, char const* what, std::string const& detail)
    {
        if (++failures <= 20)
            BOOST_ERROR("[" << hex_of(s, n) << "] " << what << ": " << detail);
    }

    void expect(unsigned char const* s, std::size_t n, char const* what, small_vec<char32_t> const& got,
                small_vec<char32_t> const& want, bool reversed)
    {
        bool same = got.size() == want.size();
        for (std::size_t i = 0; same && i < got.size(); ++i)
            same = got.data[i] == want.data[reversed ? want.size() - 1 - i : i];
        if (!same)
            fail(s, n, what, "got [" + cps_of(got, false) + "], want [" + cps_of(want, reversed) + "]");
    }

    void expect_log(unsigned char const* s, std::size_t n, char const* what, small_vec<utf::error_info> const& log,
                    ref_element const* ref, std::size_t count, bool reversed)
    {
        small_vec<ref_element> want;
        for (std::size_t i = 0; i < count; ++i)
            if (!ref[reversed ? count - 1 - i : i].ok)
                want.push_back(ref[reversed ? count - 1 - i : i]);
        bool same = log.size() == want.size();
        for (std::size_t i = 0; same && i < log.size(); ++i)
        {
            auto const& g = log.data[i];
            auto const& w = want.data[i];
            same = g.kind == w.kind && g.offset == w.offset && g.length == w.length && g.value == w.value;
            if (!same)
                fail(s, n, what, std::string("got ") + utf::to_string(g.kind) + "@" + std::to_string(g.offset) +
                                     "+" + std::to_string(g.length) + ", want " + utf::to_string(w.kind) + "@" +
                                     std::to_string(w.offset) + "+" + std::to_string(w.length));
        }
        if (log.size() != want.size())
            fail(s, n, what, std::to_string(log.size()) + " errors reported, want " + std::to_string(want.size()));
    }

    void check_throw(unsigned char const* s, std::size_t n, span<unsigned char> const& bytes, ref_element const* ref,
                     std::size_t count, std::size_t errors, bool reversed)
    {
        char const* what = reversed ? "throw, backwards" : "throw, forwards";
        auto const v = bytes | utf::views::utf8(utf::throw_on_error);
        small_vec<char32_t> got;
        bool thrown = false;
        utf::error_kind kind{};
        std::size_t offset = 0;
        try
        {
            if (reversed)
                for (auto it = v.end(); it.base() != s;)
                    got.push_back(*--it);
            else
                for (auto it = v.begin(); it != v.end(); ++it)
                    got.push_back(*it);
        }
        catch (utf::utf_error const& e)
        {
            thrown = true;
            kind = e.kind();
            offset = e.offset();
        }
        // The elements met before the first error, in the order met.
        small_vec<char32_t> want;
        ref_element const* first_error = nullptr;
        for (std::size_t i = 0; i < count && !first_error; ++i)
        {
            ref_element const& r = ref[reversed ? count - 1 - i : i];
            if (r.ok)
                want.push_back(r.value);
            else
                first_error = &r;
        }
        expect(s, n, what, got, want, false);
        if (thrown != (errors > 0))
            fail(s, n, what, thrown ? "threw on well-formed input" : "did not throw");
        else if (thrown && (kind != first_error->kind || offset != first_error->offset))
            fail(s, n, what, std::string("threw ") + utf::to_string(kind) + "@" + std::to_string(offset) + ", want " +
                                 utf::to_string(first_error->kind) + "@" + std::to_string(first_error->offset));
    }
};

// Bytes where the rules of Table 3-7 change.
constexpr unsigned char boundary[] = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                                      0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF};

void report(checker const& c, char const* what)
{
    BOOST_TEST_MESSAGE(what << ": " << c.well_formed << " well-formed byte strings");
    BOOST_TEST(c.failures == 0u);
}

// How many byte strings of each length are well-formed, counted from Table 3-7 alone (neither
// from the reference above nor from the library): a string is well-formed when it splits into
// sequences of 1, 2, 3 and 4 bytes, and Table 3-7 has 128, 1,920, 61,440 and 1,048,576 of those
// (U+0000..7F; U+0080..7FF; U+0800..FFFF less 2,048 surrogates; U+10000..10FFFF).
std::size_t well_formed_strings(std::size_t length)
{
    std::size_t const sequences[] = {0, 128, 1920, 61440, 1048576};
    std::size_t count[8] = {1};
    for (std::size_t n = 1; n <= length; ++n)
        for (std::size_t k = 1; k <= 4 && k <= n; ++k)
            count[n] += sequences[k] * count[n - k];
    return count[length];
}

} // namespace

// The reference itself, on the rows of Table 3-7 and on Unicode's maximal-subpart examples:
// a mistake in it would otherwise only show as a disagreement.
BOOST_AUTO_TEST_CASE(reference_decoder)
{
    struct example
    {
        std::vector<unsigned char> in;
        std::vector<std::size_t> lengths; // per element
        std::size_t errors;
    };
    example const examples[] = {
        // Unicode 3-8..3-11, and the RFC's own examples
        {{0xC0, 0xAF, 0xE0, 0x80, 0xBF, 0xF0, 0x81, 0x82, 0x41}, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 8},
        {{0xED, 0xA0, 0x80, 0xED, 0xBF, 0xBF, 0xED, 0xAF, 0x41}, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 8},
        {{0xF4, 0x91, 0x92, 0x93, 0xFF, 0x41, 0x80, 0xBF, 0x42}, {1, 1, 1, 1, 1, 1, 1, 1, 1}, 7},
        {{0xE1, 0x80, 0xE2, 0xF0, 0x91, 0x92, 0xF1, 0xBF, 0x41}, {2, 1, 3, 2, 1}, 4},
        {{0xE2, 0x82, 0xAC}, {3}, 0},
        {{0xF0, 0x9F, 0x98, 0x80}, {4}, 0},
        {{0xF4, 0x8F, 0xBF, 0xBF, 0xEF, 0xBF, 0xBF}, {4, 3}, 0},
    };
    for (auto const& e : examples)
    {
        ref_element out[16];
        std::size_t const count = ref_decode(e.in.data(), e.in.size(), out);
        BOOST_TEST_REQUIRE(count == e.lengths.size());
        std::size_t errors = 0;
        for (std::size_t i = 0; i < count; ++i)
        {
            BOOST_TEST(out[i].length == e.lengths[i]);
            errors += !out[i].ok;
        }
        BOOST_TEST(errors == e.errors);
    }
    ref_element out[4];
    unsigned char const euro[] = {0xE2, 0x82, 0xAC};
    BOOST_TEST_REQUIRE(ref_decode(euro, 3, out) == 1u);
    BOOST_TEST(std::uint32_t(out[0].value) == 0x20ACu);
    unsigned char const max[] = {0xF4, 0x8F, 0xBF, 0xBF};
    BOOST_TEST_REQUIRE(ref_decode(max, 4, out) == 1u);
    BOOST_TEST(std::uint32_t(out[0].value) == 0x10FFFFu);
    unsigned char buf[4];
    BOOST_TEST(ref_encode(0x20AC, buf) == 3u);
    BOOST_TEST((buf[0] == 0xE2 && buf[1] == 0x82 && buf[2] == 0xAC));
}

BOOST_AUTO_TEST_CASE(decode_every_string_of_one_and_two_bytes)
{
    checker c;
    unsigned char s[2];
    for (unsigned a = 0; a < 256; ++a)
    {
        s[0] = static_cast<unsigned char>(a);
        c.check(s, 1);
        for (unsigned b = 0; b < 256; ++b)
        {
            s[1] = static_cast<unsigned char>(b);
            c.check(s, 2);
        }
    }
    // The view's verdicts, counted: 128 + 128 * 128 + 1,920.
    BOOST_TEST(c.well_formed == well_formed_strings(1) + well_formed_strings(2));
    report(c, "1 and 2 bytes");
}

// The other code unit types go through the same rules; a sign extension would show here.
template<class T>
void check_code_unit_type(char const* name)
{
    std::size_t failures = 0;
    T s[5];
    unsigned char u[5];
    for (unsigned x = 0; x < 0x10000u; ++x)
    {
        u[0] = static_cast<unsigned char>(x >> 8);
        u[1] = static_cast<unsigned char>(x);
        u[2] = 0xF0;
        u[3] = 0x9F;
        u[4] = 0x98;
        for (std::size_t i = 0; i < 5; ++i)
            s[i] = static_cast<T>(u[i]);
        std::vector<char32_t> want, got, back;
        for (char32_t c : span<unsigned char>(u, u + 5) | utf::views::utf8)
            want.push_back(c);
        auto const v = span<T>(s, s + 5) | utf::views::utf8;
        for (char32_t c : v)
            got.push_back(c);
        for (auto it = v.end(); it != v.begin();)
            back.insert(back.begin(), *--it);
        if ((got != want || back != want) && ++failures <= 5)
            BOOST_ERROR(name << ": [" << hex_of(u, 5) << "] differs from unsigned char");
    }
    BOOST_TEST(failures == 0u, name);
}

BOOST_AUTO_TEST_CASE(decode_every_code_unit_type_alike)
{
    check_code_unit_type<char>("char");
    check_code_unit_type<signed char>("signed char");
    check_code_unit_type<std::byte>("std::byte");
#if BOOST_UTF_HAS_CHAR8_T
    check_code_unit_type<char8_t>("char8_t");
#endif
}

BOOST_AUTO_TEST_CASE(decode_three_bytes_any_lead_boundary_tail)
{
    checker c(1);
    unsigned char s[3];
    for (unsigned a = 0; a < 256; ++a)
        for (unsigned char b : boundary)
            for (unsigned char d : boundary)
            {
                s[0] = static_cast<unsigned char>(a);
                s[1] = b;
                s[2] = d;
                c.check(s, 3);
            }
    report(c, "3 bytes, boundary tails");
}

BOOST_AUTO_TEST_CASE(decode_four_boundary_bytes)
{
    checker c(0);
    unsigned char s[4];
    for (unsigned char a : boundary)
        for (unsigned char b : boundary)
            for (unsigned char d : boundary)
                for (unsigned char e : boundary)
                {
                    s[0] = a;
                    s[1] = b;
                    s[2] = d;
                    s[3] = e;
                    c.check(s, 4);
                }
    report(c, "4 boundary bytes");
}

#ifdef BOOST_UTF_EXHAUSTIVE_LONG

namespace {

// The throw policy decodes nothing of its own: it throws the first error the recording policy,
// checked on every string, is told. Unwinding costs some twenty times the rest of a check, so the
// long part checks it where the last byte is a boundary byte (19 of 256).
bool last_byte_is_boundary(unsigned char const* s, std::size_t n)
{
    return std::find(std::begin(boundary), std::end(boundary), s[n - 1]) != std::end(boundary);
}

} // namespace

BOOST_AUTO_TEST_CASE(decode_every_string_of_three_bytes)
{
    checker c;
    unsigned char s[3];
    for (std::uint32_t x = 0; x < (1u << 24); ++x)
    {
        s[0] = static_cast<unsigned char>(x >> 16);
        s[1] = static_cast<unsigned char>(x >> 8);
        s[2] = static_cast<unsigned char>(x);
        c.check(s, 3, last_byte_is_boundary(s, 3));
    }
    BOOST_TEST(c.well_formed == well_formed_strings(3));
    report(c, "every 3 bytes");
}

namespace {

// Every 4-byte string that starts with lead. Each lead is a test case of its own, so that CTest
// can run the five (and the 3-byte case) side by side.
void check_every_four_bytes_after(unsigned lead)
{
    checker c;
    unsigned char s[4];
    for (std::uint32_t x = 0; x < (1u << 24); ++x)
    {
        s[0] = static_cast<unsigned char>(lead);
        s[1] = static_cast<unsigned char>(x >> 16);
        s[2] = static_cast<unsigned char>(x >> 8);
        s[3] = static_cast<unsigned char>(x);
        c.check(s, 4, last_byte_is_boundary(s, 4));
    }
    // After F0..F4 only a 4-byte sequence is well-formed: those of the scalar values whose top
    // three bits (of 21) are lead's low three, within U+10000..10FFFF.
    std::uint32_t const first = std::max<std::uint32_t>(0x10000, (lead - 0xF0u) << 18);
    std::uint32_t const last = std::min<std::uint32_t>(0x10FFFF, ((lead - 0xF0u + 1) << 18) - 1);
    BOOST_TEST(c.well_formed == last - first + 1);
    report(c, "every 4 bytes from this lead");
}

} // namespace

BOOST_AUTO_TEST_CASE(decode_every_four_bytes_from_f0) { check_every_four_bytes_after(0xF0); }
BOOST_AUTO_TEST_CASE(decode_every_four_bytes_from_f1) { check_every_four_bytes_after(0xF1); }
BOOST_AUTO_TEST_CASE(decode_every_four_bytes_from_f2) { check_every_four_bytes_after(0xF2); }
BOOST_AUTO_TEST_CASE(decode_every_four_bytes_from_f3) { check_every_four_bytes_after(0xF3); }
BOOST_AUTO_TEST_CASE(decode_every_four_bytes_from_f4) { check_every_four_bytes_after(0xF4); }

#endif

// ---- encoding ---------------------------------------------------------------------------------

namespace {

template<class View>
std::vector<unsigned char> encoded_forwards(View const& v)
{
    std::vector<unsigned char> out;
    for (auto it = v.begin(); it != v.end(); ++it)
        out.push_back(static_cast<unsigned char>(*it));
    return out;
}

template<class View>
std::vector<unsigned char> encoded_backwards(View const& v)
{
    std::vector<unsigned char> out;
    auto const first = v.begin();
    for (auto it = v.end(); it != first;)
        out.push_back(static_cast<unsigned char>(*--it));
    return std::vector<unsigned char>(out.rbegin(), out.rend());
}

// Where the encoder's rules change, and values outside the scalar range on either side.
std::vector<std::uint32_t> encoder_boundaries()
{
    return {0x0,      0x7F,     0x80,     0x7FF,    0x800,    0xFFF,     0x1000,    0xCFFF,
            0xD000,   0xD7FF,   0xD800,   0xDBFF,   0xDC00,   0xDFFF,    0xE000,    0xFFFD,
            0xFFFF,   0x10000,  0x3FFFF,  0x40000,  0xFFFFF,  0x100000,  0x10FFFF,  0x110000,
            0x1FFFFF, 0x200000, 0x3FFFFFF, 0x4000000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF};
}

bool is_scalar(std::uint32_t v) { return v <= 0x10FFFF && (v < 0xD800 || v > 0xDFFF); }

} // namespace

BOOST_AUTO_TEST_CASE(encode_every_scalar_value)
{
    std::vector<char32_t> all;
    std::vector<unsigned char> want;
    unsigned char buf[4];
    for (std::uint32_t v = 0; v <= 0x10FFFF; ++v)
    {
        if (!is_scalar(v))
            continue;
        all.push_back(static_cast<char32_t>(v));
        std::size_t const n = ref_encode(v, buf);
        want.insert(want.end(), buf, buf + n);
    }
    // The reference encoder's lengths against Table 3-7's counts of 1- to 4-byte sequences.
    BOOST_TEST(want.size() == 128u * 1 + 1920u * 2 + 61440u * 3 + 1048576u * 4);
    span<char32_t> const cps(all.data(), all.data() + all.size());

    for (auto const& got : {encoded_forwards(cps | utf::views::utf32_to_utf8),
                            encoded_backwards(cps | utf::views::utf32_to_utf8),
                            encoded_forwards(cps | utf::views::utf32_to_utf8(utf::throw_on_error)),
                            encoded_backwards(cps | utf::views::utf32_to_utf8(utf::throw_on_error))})
        BOOST_TEST((got == want)); // not element-wise: 4.3 MB of output

    // and back: the decoder returns every value it was given
    span<unsigned char> const bytes(want.data(), want.data() + want.size());
    std::vector<char32_t> back;
    for (char32_t c : bytes | utf::views::utf8(utf::throw_on_error))
        back.push_back(c);
    BOOST_TEST((back == all));
}

BOOST_AUTO_TEST_CASE(encode_every_non_scalar_boundary)
{
    // Each boundary value between two scalars, under every policy, both ways.
    for (std::uint32_t v : encoder_boundaries())
    {
        std::vector<char32_t> const in{U'a', static_cast<char32_t>(v), U'\u00E9'};
        span<char32_t> const cps(in.data(), in.data() + in.size());
        unsigned char buf[4];
        std::vector<unsigned char> middle_replaced, middle_skipped;
        if (is_scalar(v))
            middle_replaced.assign(buf, buf + ref_encode(v, buf));
        else
            middle_replaced = {0xEF, 0xBF, 0xBD};
        if (is_scalar(v))
            middle_skipped = middle_replaced;
        auto with = [](std::vector<unsigned char> middle) {
            middle.insert(middle.begin(), 'a');
            middle.push_back(0xC3);
            middle.push_back(0xA9);
            return middle;
        };
        BOOST_TEST((encoded_forwards(cps | utf::views::utf32_to_utf8) == with(middle_replaced)), std::hex << v);
        BOOST_TEST((encoded_backwards(cps | utf::views::utf32_to_utf8) == with(middle_replaced)), std::hex << v);
        auto const skip = cps | utf::views::utf32_to_utf8(utf::skip_on_error);
        BOOST_TEST((encoded_forwards(skip) == with(middle_skipped)), std::hex << v);
        BOOST_TEST((encoded_backwards(skip) == with(middle_skipped)), std::hex << v);

        auto const thrower = cps | utf::views::utf32_to_utf8(utf::throw_on_error);
        for (bool reversed : {false, true})
        {
            bool thrown = false;
            try
            {
                reversed ? encoded_backwards(thrower) : encoded_forwards(thrower);
            }
            catch (utf::utf_error const& e)
            {
                thrown = true;
                BOOST_TEST(e.offset() == 1u);
                BOOST_TEST((e.kind() == (v >= 0xD800 && v <= 0xDFFF ? utf::error_kind::surrogate
                                                                      : utf::error_kind::out_of_range)));
            }
            BOOST_TEST(thrown == !is_scalar(v), std::hex << v);
        }
    }

    // Every surrogate, and negative values of a signed input type.
    std::vector<char32_t> surrogates;
    for (char32_t v = 0xD800; v <= 0xDFFF; ++v)
        surrogates.push_back(v);
    span<char32_t> const sur(surrogates.data(), surrogates.data() + surrogates.size());
    BOOST_TEST(encoded_forwards(sur | utf::views::utf32_to_utf8).size() == 3u * 2048u);
    BOOST_TEST(encoded_backwards(sur | utf::views::utf32_to_utf8(utf::skip_on_error)).empty());

    std::vector<int> const negative{-1, std::numeric_limits<int>::min(), 0x41, -0x41};
    span<int> const neg(negative.data(), negative.data() + negative.size());
    std::vector<utf::error_info> log;
    BOOST_TEST((encoded_forwards(utf::views::utf32_to_utf8(neg, test::recording_policy{&log, utf::no_replacement})) ==
                std::vector<unsigned char>{0x41}));
    BOOST_TEST_REQUIRE(log.size() == 3u);
    std::size_t const offsets[] = {0, 1, 3};
    for (std::size_t i = 0; i < 3; ++i)
    {
        BOOST_TEST((log[i].kind == utf::error_kind::out_of_range));
        BOOST_TEST(log[i].offset == offsets[i]);
    }
}

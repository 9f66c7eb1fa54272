// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_UTF8_HPP
#define BOOST_UTF_DETAIL_UTF8_HPP

// The UTF-8 rules, and nothing else: what is well-formed (RFC 3629 section 4, Unicode Table 3-7),
// where a maximal subpart ends (Unicode 3.9), which error_kind it is, and how a scalar value is
// written. Every reader and writer of UTF-8 in the library steps through these functions.

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/detail/type_traits.hpp>
#include <boost/utf/detail/unicode.hpp>
#include <boost/predef/other/endian.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(_MSC_VER) && !defined(__clang__)
#  include <intrin.h>
#endif

namespace boost {
namespace utf {
namespace detail {

// ---- code unit types -----------------------------------------------------------------------

template<class T>
inline constexpr bool is_code_unit_v =
    std::is_same<T, char>::value || std::is_same<T, signed char>::value ||
    std::is_same<T, unsigned char>::value || std::is_same<T, std::byte>::value
#if BOOST_UTF_HAS_CHAR8_T
    || std::is_same<T, char8_t>::value
#endif
    ;

template<class T>
constexpr unsigned char to_byte(T unit) noexcept
{
    if constexpr (std::is_same<T, std::byte>::value)
        return std::to_integer<unsigned char>(unit);
    else
        return static_cast<unsigned char>(unit);
}

template<class T>
constexpr T from_byte(unsigned char b) noexcept
{
    return static_cast<T>(b);
}

constexpr bool is_continuation(unsigned char b) noexcept { return (b & 0xC0u) == 0x80u; }

// The eight bytes at `p` as one word, in the machine's byte order, wherever `p` is aligned. The
// word-at-a-time loops over bytes, UTF-16 code units and code points all read through it.
BOOST_FORCEINLINE std::uint64_t load_word64(void const* p) noexcept
{
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    return word;
}

// The top bits of the eight bytes at `p`, read as one word: zero when all eight are ASCII. The
// bulk loops step over runs of ASCII with it.
BOOST_FORCEINLINE std::uint64_t non_ascii_bits8(void const* p) noexcept
{
    return load_word64(p) & 0x8080808080808080u;
}

// Index of the lowest set bit of `m`, which is not 0.
BOOST_FORCEINLINE unsigned lowest_set_bit64(std::uint64_t m) noexcept
{
#if defined(__GNUC__) || defined(__clang__)
    return static_cast<unsigned>(__builtin_ctzll(m));
#elif defined(_MSC_VER)
    unsigned long i;
    if (_BitScanForward(&i, static_cast<unsigned long>(m)))
        return static_cast<unsigned>(i);
    _BitScanForward(&i, static_cast<unsigned long>(m >> 32));
    return static_cast<unsigned>(i) + 32;
#else
    unsigned i = 0;
    for (; (m & 1) == 0; m >>= 1)
        ++i;
    return i;
#endif
}

// How many of the eight bytes that non_ascii_bits8 read come, in memory order, before the first
// one that is not ASCII; `high` is its result, which is not 0. The word was read in the machine's
// byte order: the first byte in memory is its lowest byte on a little-endian machine, and its
// highest on a big-endian one.
BOOST_FORCEINLINE unsigned ascii_bytes_before(std::uint64_t high) noexcept
{
#if BOOST_ENDIAN_BIG_BYTE
#  if defined(__GNUC__) || defined(__clang__)
    return static_cast<unsigned>(__builtin_clzll(high)) / 8;
#  else
    unsigned i = 0;
    for (; (high >> 63) == 0; high <<= 1)
        ++i;
    return i / 8;
#  endif
#else
    return lowest_set_bit64(high) / 8;
#endif
}

// ---- decoding --------------------------------------------------------------------------------

// Table 3-7, one row per lead byte. For a byte that cannot start a sequence, `length` is 0 and
// `kind` says why. For a lead byte, `second_min`..`second_max` is where its second byte must lie,
// and `kind` is what a continuation byte outside that range means.
struct lead_rule
{
    unsigned char length;
    unsigned char second_min;
    unsigned char second_max;
    error_kind kind;
};

constexpr lead_rule make_lead_rule(unsigned b) noexcept
{
    if (b < 0x80u) return {1, 0, 0, error_kind{}};
    if (b < 0xC0u) return {0, 0, 0, error_kind::unexpected_continuation};
    if (b < 0xC2u) return {0, 0, 0, error_kind::overlong};
    if (b < 0xE0u) return {2, 0x80, 0xBF, error_kind::truncated};
    if (b == 0xE0u) return {3, 0xA0, 0xBF, error_kind::overlong};
    if (b == 0xEDu) return {3, 0x80, 0x9F, error_kind::surrogate};
    if (b < 0xF0u) return {3, 0x80, 0xBF, error_kind::truncated};
    if (b == 0xF0u) return {4, 0x90, 0xBF, error_kind::overlong};
    if (b < 0xF4u) return {4, 0x80, 0xBF, error_kind::truncated};
    if (b == 0xF4u) return {4, 0x80, 0x8F, error_kind::out_of_range};
    if (b < 0xF8u) return {0, 0, 0, error_kind::out_of_range};
    return {0, 0, 0, error_kind::invalid_lead_byte};
}

constexpr std::array<lead_rule, 256> make_lead_rules() noexcept
{
    std::array<lead_rule, 256> rules{};
    for (unsigned b = 0; b < 256; ++b)
        rules[b] = make_lead_rule(b);
    return rules;
}

inline constexpr std::array<lead_rule, 256> lead_rules = make_lead_rules();

// Iterators that can read a few code units ahead once they know how many are left: the decoder
// then tests the end once per element instead of once per code unit.
template<class I, class S, class = void>
struct can_look_ahead : std::false_type
{
};

template<class I, class S>
struct can_look_ahead<
    I, S,
    std::void_t<std::enable_if_t<std::is_integral<decltype(std::declval<S const&>() -
                                                           std::declval<I const&>())>::value &&
                                 std::is_same<decltype(std::declval<I&>() += 2), I&>::value>,
                decltype(std::declval<I const&>()[3])>> : std::true_type
{
};

// Whether `lead` and `b1` are a well-formed two-byte sequence (Table 3-7: C2..DF, then a
// continuation byte), and its value: subtracting both marker bits at once is cheaper than
// masking each byte.
constexpr bool is_two_byte_sequence(unsigned lead, unsigned b1) noexcept
{
    return lead - 0xC2u <= 0xDFu - 0xC2u && is_continuation(static_cast<unsigned char>(b1));
}
constexpr char32_t two_byte_value(unsigned lead, unsigned b1) noexcept
{
    return (char32_t(lead) << 6) + b1 - 0x3080u;
}

// The two-byte shortcut says what Table 3-7 (lead_rules) says of every lead byte, with second
// bytes on either side of each bound of the continuation range, and gives the value of every
// well-formed two-byte sequence.
constexpr bool two_byte_sequences_agree() noexcept
{
    constexpr unsigned seconds[] = {0x00, 0x7F, 0x80, 0x81, 0xBE, 0xBF, 0xC0, 0xFF};
    for (unsigned lead = 0; lead < 256; ++lead)
    {
        lead_rule const r = lead_rules[lead];
        for (unsigned b1 : seconds)
            if (is_two_byte_sequence(lead, b1) != (r.length == 2 && b1 >= r.second_min && b1 <= r.second_max))
                return false;
        if (r.length == 2)
            for (unsigned b1 = 0x80; b1 < 0xC0; ++b1)
                if (two_byte_value(lead, b1) != ((char32_t(lead) & 0x1Fu) << 6 | (b1 & 0x3Fu)))
                    return false;
    }
    return true;
}
static_assert(two_byte_sequences_agree(), "utf8.hpp: the two-byte shortcut must agree with Table 3-7");

// Whether `b1` lies within the bounds that the lead's rule sets for the byte after it.
constexpr bool second_byte_fits(lead_rule const& r, unsigned b1) noexcept
{
    return b1 - r.second_min <= unsigned(r.second_max - r.second_min);
}

// Whether `lead`, `b1` and `b2` are a well-formed three-byte sequence (Table 3-7: E0..EF, a second
// byte within the lead's bounds, then a continuation byte), and its value.
constexpr bool is_three_byte_sequence(unsigned lead, unsigned b1, unsigned b2) noexcept
{
    return lead - 0xE0u <= 0xEFu - 0xE0u && second_byte_fits(lead_rules[lead], b1) &&
           is_continuation(static_cast<unsigned char>(b2));
}
constexpr char32_t three_byte_value(unsigned lead, unsigned b1, unsigned b2) noexcept
{
    return (char32_t(lead) << 12) + (char32_t(b1) << 6) + b2 - 0xE2080u;
}

// The three-byte shortcut says what Table 3-7 says of every lead byte: for the three-byte leads,
// with second bytes on either side of each bound and third bytes on either side of the
// continuation range, and the value of each sequence it takes; for the others, that it takes no
// sequence that any three-byte lead would begin.
constexpr bool three_byte_sequences_agree() noexcept
{
    constexpr unsigned seconds[] = {0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0};
    constexpr unsigned thirds[] = {0x7F, 0x80, 0xBF, 0xC0};
    for (unsigned lead = 0; lead < 256; ++lead)
    {
        lead_rule const r = lead_rules[lead];
        if (r.length != 3)
        {
            if (is_three_byte_sequence(lead, 0x80, 0x80) || is_three_byte_sequence(lead, 0xA0, 0x80))
                return false;
            continue;
        }
        for (unsigned b1 : seconds)
            for (unsigned b2 : thirds)
            {
                bool const rule =
                    b1 >= r.second_min && b1 <= r.second_max && is_continuation(static_cast<unsigned char>(b2));
                if (is_three_byte_sequence(lead, b1, b2) != rule)
                    return false;
                if (rule && three_byte_value(lead, b1, b2) !=
                                ((char32_t(lead) & 0x0Fu) << 12 | (b1 & 0x3Fu) << 6 | (b2 & 0x3Fu)))
                    return false;
            }
    }
    return true;
}
static_assert(three_byte_sequences_agree(), "utf8.hpp: the three-byte shortcut must agree with Table 3-7");

// Letters of one script come in words, of one length each (two bytes for Greek, Cyrillic, Hebrew,
// Arabic; three for CJK and Indic): the bulk loops decode a run of them in a loop of its own.
// Writes the value of each well-formed sequence of `Length` bytes (2 or 3) from `p`, where one
// starts, and goes on while the next starts before `stop` and is one too, whole before `last`.
// Leaves `p` past the run and `o` past its values, one output unit each (all are below 10000).
template<unsigned Length, class T, class O>
BOOST_FORCEINLINE void decode_run(T const*& p, T const* const stop, T const* const last, O*& o) noexcept
{
    static_assert(Length == 2 || Length == 3, "decode_run: runs of two- or three-byte sequences");
    auto const starts_one = [last](T const* q) {
        if constexpr (Length == 2)
            return last - q >= 2 && is_two_byte_sequence(to_byte(q[0]), to_byte(q[1]));
        else
            return last - q >= 3 && is_three_byte_sequence(to_byte(q[0]), to_byte(q[1]), to_byte(q[2]));
    };
    do
    {
        if constexpr (Length == 2)
            *o++ = static_cast<O>(two_byte_value(to_byte(p[0]), to_byte(p[1])));
        else
            *o++ = static_cast<O>(three_byte_value(to_byte(p[0]), to_byte(p[1]), to_byte(p[2])));
        p += Length;
    } while (p < stop && starts_one(p));
}

// The bulk loops' run of ASCII, after ASCII bytes: the bytes from `p` go eight at a time, each
// one output unit, while all eight are ASCII and eight are left before `stop`. Where a word is not
// all ASCII, its ASCII bytes before the first that is not are copied, so that that one is next and
// no byte is tested twice: before `covered_end` (where the caller knows that eight units at `o`
// are inside the output, and what follows writes over those past the run) as a whole word,
// without a branch on how many there are; elsewhere one by one. Leaves `p` and `o` past what
// was copied. Fewer than eight bytes before `stop` also go one by one, while they are ASCII:
// here, rather than each once round the caller's loop, which is most of a short input's work.
template<class T, class O>
BOOST_FORCEINLINE void copy_ascii_run(T const*& p, T const* const stop, T const* const covered_end, O*& o) noexcept
{
    // The eight bytes at `q`, each one unit at `to`, each by a statement of its own: GCC at -O2
    // keeps a loop over them (eight trips, a branch each), which it unrolls at -O3.
    auto const copy_eight = [](T const* const q, O* const to) {
        to[0] = static_cast<O>(to_byte(q[0]));
        to[1] = static_cast<O>(to_byte(q[1]));
        to[2] = static_cast<O>(to_byte(q[2]));
        to[3] = static_cast<O>(to_byte(q[3]));
        to[4] = static_cast<O>(to_byte(q[4]));
        to[5] = static_cast<O>(to_byte(q[5]));
        to[6] = static_cast<O>(to_byte(q[6]));
        to[7] = static_cast<O>(to_byte(q[7]));
    };
    while (stop - p >= 8)
    {
        if (std::uint64_t const high = non_ascii_bits8(p))
        {
            // Outside the covered part, the byte loop below copies them.
            if (covered_end - p < 8)
                break;
            unsigned const n = ascii_bytes_before(high);
            copy_eight(p, o);
            o += n;
            p += n;
            return;
        }
        copy_eight(p, o);
        o += 8;
        p += 8;
    }
    // The bytes of a word that is not all ASCII outside the covered part, or the fewer than eight
    // left before `stop`: one by one while they are ASCII.
    for (; p != stop && to_byte(*p) < 0x80u; ++p)
        *o++ = static_cast<O>(to_byte(*p));
}

// decode_next for a multi-byte lead at it[0] when it[1..3] are all there: the well-formed cases,
// with the sequence length decided from the lead byte itself, so that a mispredicted length is
// found out as early as possible. Once the marker bits are known, subtracting them all at once
// is cheaper than masking each code unit. Anything else goes to the general loop below, which
// gives the same results, step for step.
template<class I>
BOOST_FORCEINLINE constexpr bool decode_ahead(I& it, unsigned lead, decoded& d) noexcept(noexcept(it[3]))
{
    unsigned char const b1 = to_byte(it[1]);
    if (lead < 0xE0u)
    {
        if (BOOST_LIKELY(lead >= 0xC2u && is_continuation(b1)))
        {
            d = {two_byte_value(lead, b1), 2, error_kind{}};
            it += 2;
            return true;
        }
        return false;
    }
    lead_rule const rule = lead_rules[lead];
    unsigned char const b2 = to_byte(it[2]);
    bool const second_ok = second_byte_fits(rule, b1);
    if (lead < 0xF0u)
    {
        if (BOOST_LIKELY(second_ok && is_continuation(b2)))
        {
            d = {three_byte_value(lead, b1, b2), 3, error_kind{}};
            it += 3;
            return true;
        }
        return false;
    }
    unsigned char const b3 = to_byte(it[3]);
    if (BOOST_LIKELY(rule.length == 4 && second_ok && is_continuation(b2) && is_continuation(b3)))
    {
        d = {(char32_t(lead) << 18) + (char32_t(b1) << 12) + (char32_t(b2) << 6) + b3 - 0x3C82080u, 4,
             error_kind{}};
        it += 4;
        return true;
    }
    return false;
}

// Reads the element that starts at `it` (it != last) and leaves `it` just past it. Never steps
// over the code unit that ends a subpart, so a single-pass input iterator loses nothing.
template<class I, class S>
BOOST_FORCEINLINE constexpr decoded decode_next(I& it, S const& last) noexcept(nothrow_iteration_v<I, S>)
{
    // Widened at once, so that every test below is on a zero-extended value: a char kept as a
    // byte would make the ASCII test a sign test, and every load a sign extension.
    unsigned const lead = to_byte(*it);
    if constexpr (can_look_ahead<I, S>::value)
    {
        if (BOOST_LIKELY(lead < 0x80u))
        {
            ++it;
            return {lead, 1, error_kind{}};
        }
        decoded d{};
        if (BOOST_LIKELY(last - it >= 4) && BOOST_LIKELY(decode_ahead(it, lead, d)))
            return d;
    }
    ++it;
    if (BOOST_LIKELY(lead < 0x80u))
        return {lead, 1, error_kind{}};

    lead_rule const rule = lead_rules[lead];
    if (rule.length == 0)
        return {lead, 1, rule.kind};
    if (it == last)
        return {lead, 1, error_kind::truncated};

    unsigned char b = to_byte(*it);
    if (b < rule.second_min || b > rule.second_max)
        return {lead, 1, is_continuation(b) ? rule.kind : error_kind::truncated};
    ++it;
    char32_t value = (char32_t(lead) & (0x7Fu >> rule.length)) << 6 | (b & 0x3Fu);

    for (unsigned char n = 2; n < rule.length; ++n)
    {
        if (it == last)
            return {lead, n, error_kind::truncated};
        b = to_byte(*it);
        if (!is_continuation(b))
            return {lead, n, error_kind::truncated};
        ++it;
        value = value << 6 | (b & 0x3Fu);
    }
    return {value, rule.length, error_kind{}};
}

// The bulk loops' walk over UTF-8, written once for every form they write (code points, UTF-16):
// from `p`, where an element starts, each element that starts before `stop` is written at `o`,
// or, where it is ill-formed, given decoded to `on_error`, which handles it and leaves `p` past
// it (and `o` where the output goes on). Each kind of text goes in a loop of its own: ASCII eight
// bytes at a time after two ASCII bytes (copy_ascii_run, up to `covered_end` in whole words; the
// single space between words of other scripts is not worth a word's test), letters of two bytes
// (Greek, Cyrillic, Hebrew, Arabic) or three (CJK, Indic), which come in words, after a first
// one (decode_run), each one output unit; anything else through `Writer::write`. Leaves `p` at
// or past `stop`.
template<class Writer, class T, class O, class OnError>
BOOST_FORCEINLINE void decode_elements(T const*& p, T const* const stop, T const* const last,
                                       T const* const covered_end, O*& o, OnError&& on_error)
{
    while (p < stop)
    {
        unsigned const lead = to_byte(*p);
        if (lead < 0x80u)
        {
            *o++ = static_cast<O>(lead);
            ++p;
            if (p != stop && to_byte(*p) < 0x80u)
            {
                *o++ = static_cast<O>(to_byte(*p));
                ++p;
                copy_ascii_run(p, stop, covered_end, o);
            }
            continue;
        }
        if (last - p >= 2 && is_two_byte_sequence(lead, to_byte(p[1])))
        {
            decode_run<2>(p, stop, last, o);
            continue;
        }
        if (last - p >= 3 && is_three_byte_sequence(lead, to_byte(p[1]), to_byte(p[2])))
        {
            decode_run<3>(p, stop, last, o);
            continue;
        }
        T const* next = p;
        decoded const d = decode_next(next, last);
        if (BOOST_LIKELY(d.ok()))
        {
            Writer::write(d.value, o);
            p = next;
            continue;
        }
        on_error(d);
    }
}

// The element that ends at `p`, where `p` (!= first) is an element boundary found by decoding
// forwards. Elements longer than one code unit begin with a lead byte C2..F4 and continue with at
// most three continuation bytes, and a lead byte always begins an element; so either the nearest
// such lead byte begins the element that ends at `p`, or the element is the single code unit
// before `p`. Decoding from the candidate settles which, and decoding is always bounded by `last`,
// as forwards, so the two directions give the same elements and the same error kinds.
template<bool PerCodeUnit, class I, class S>
constexpr decoded_before<I> decode_previous(I const& first, I const& p, S const& last)
    noexcept(nothrow_iteration_v<I, S>)
{
    I single = p;
    --single;
    if (is_continuation(to_byte(*single)))
    {
        I candidate = single;
        for (int back = 1; back <= 3 && candidate != first; ++back)
        {
            --candidate;
            unsigned char const b = to_byte(*candidate);
            if (is_continuation(b))
                continue;
            if (lead_rules[b].length > 1)
            {
                I end = candidate;
                decoded const d = decode_next(end, last);
                if (step_length<PerCodeUnit>(d) == d.length && end == p)
                    return {candidate, d};
            }
            break;
        }
    }
    I end = single;
    decoded const d = decode_next(end, last);
    return {single, d};
}

// ---- validation by automaton -----------------------------------------------------------------
//
// lead_rules again, as a deterministic automaton over bytes, for the validating loops that need
// only "well-formed or not" over a stretch of bytes: one table load and one shift per byte, and
// no branch on the bytes, where decode_next branches on each element's length. Its states are
// `error` (which it never leaves), `accept` (at an element boundary), and one state per pair
// (range the next byte must lie in, bytes still to come after it) that lead_rules give rise to.
// Each state is a multiple of 6 below 64, and row b of the table holds, in the six bits from
// each state's own value, the state that byte b leads to from it: so one step is
// rows[b] >> (state & 63), whose bits above the low six are junk that the next step's mask
// drops (and that x86 shifts drop by themselves).
struct utf8_automaton
{
    static constexpr unsigned state_bits = 6;
    static constexpr std::uint64_t error = 0;
    static constexpr std::uint64_t accept = state_bits;
    std::array<std::uint64_t, 256> rows;
    unsigned states;

    BOOST_FORCEINLINE static constexpr std::uint64_t state_of(std::uint64_t s) noexcept { return s & 63u; }
};

struct automaton_builder
{
    // A state other than error and accept: the next byte must lie in [min, max], and `remaining`
    // bytes come after it.
    struct pending
    {
        unsigned char min, max, remaining;
    };
    pending pending_states[64 / utf8_automaton::state_bits]{};
    unsigned count = 2; // error and accept come first

    // The index of the state, made a new one the first time it is asked for; 0 (error) when
    // they no longer fit in a row, which make_utf8_automaton's check then refuses.
    constexpr unsigned index_of(pending s) noexcept
    {
        for (unsigned i = 2; i < count; ++i)
            if (pending_states[i].min == s.min && pending_states[i].max == s.max &&
                pending_states[i].remaining == s.remaining)
                return i;
        if (count == 64 / utf8_automaton::state_bits)
            return 0;
        pending_states[count] = s;
        return count++;
    }
};

constexpr utf8_automaton make_utf8_automaton() noexcept
{
    automaton_builder b;
    unsigned after_lead[256]{}; // from accept
    for (unsigned x = 0; x < 256; ++x)
        if (lead_rules[x].length > 1)
            after_lead[x] = b.index_of({lead_rules[x].second_min, lead_rules[x].second_max,
                                        static_cast<unsigned char>(lead_rules[x].length - 2)});
    // From a pending state, on a byte in its range; the loop takes in the states it makes.
    unsigned after_byte[64 / utf8_automaton::state_bits]{};
    for (unsigned i = 2; i < b.count; ++i)
        after_byte[i] = b.pending_states[i].remaining == 0
                            ? 1
                            : b.index_of({0x80, 0xBF, static_cast<unsigned char>(b.pending_states[i].remaining - 1)});
    utf8_automaton a{{}, b.count};
    for (unsigned x = 0; x < 256; ++x)
    {
        std::uint64_t row = std::uint64_t(x < 0x80u ? 1u : after_lead[x]) * utf8_automaton::state_bits
                            << utf8_automaton::accept;
        for (unsigned i = 2; i < b.count; ++i)
        {
            auto const& s = b.pending_states[i];
            unsigned const next = x >= s.min && x <= s.max ? after_byte[i] : 0;
            row |= std::uint64_t(next) * utf8_automaton::state_bits << (i * utf8_automaton::state_bits);
        }
        a.rows[x] = row;
    }
    return a;
}

inline constexpr utf8_automaton utf8_automaton_table = make_utf8_automaton();

// Every state has a place in a row, and the three lengths of sequence, with their second-byte
// ranges, give the seven pending states of Table 3-7: C2..DF, E0, E1..EC and EE..EF, ED, F0,
// F1..F3, F4, and the continuations after them.
static_assert(utf8_automaton_table.states == 9, "detail/utf8.hpp: the automaton must have the states of Table 3-7");

BOOST_FORCEINLINE std::uint64_t automaton_step(std::uint64_t state, unsigned char b) noexcept
{
    return utf8_automaton_table.rows[b] >> (state & 63u);
}

// From `p`, an element boundary: an element boundary `q` such that [p, q) is well-formed and
// fewer than 16 bytes are left after it, or the first error in [p, last) begins at most 19
// bytes after it (a step of 16, and the sequence that the step began inside). Runs of ASCII
// are stepped over eight bytes at a time, the rest through the automaton sixteen at a time.
// Forced inline, as the code that calls it lives in a namespace of its -m flags
// (BOOST_UTF_ISA_NAMESPACE): an out-of-line copy built with wider flags could be the one that
// another translation unit links to.
BOOST_FORCEINLINE unsigned char const* skip_well_formed(unsigned char const* p, unsigned char const* const last) noexcept
{
    constexpr std::size_t step = 16;
    std::uint64_t state = utf8_automaton::accept;
    while (static_cast<std::size_t>(last - p) >= step)
    {
        if (utf8_automaton::state_of(state) == utf8_automaton::accept)
        {
            // At a boundary, ASCII needs no automaton: the step starts at the first byte that
            // is not ASCII.
            std::uint64_t high = non_ascii_bits8(p);
            if (high == 0)
            {
                high = non_ascii_bits8(p + 8);
                if (high == 0)
                {
                    p += step;
                    continue;
                }
                p += 8;
            }
            p += ascii_bytes_before(high);
            if (static_cast<std::size_t>(last - p) < step)
                break;
        }
        std::uint64_t const before = state;
        for (std::size_t i = 0; i < step; i += 4)
        {
            state = automaton_step(state, p[i]);
            state = automaton_step(state, p[i + 1]);
            state = automaton_step(state, p[i + 2]);
            state = automaton_step(state, p[i + 3]);
        }
        if (utf8_automaton::state_of(state) == utf8_automaton::error)
        {
            state = before;
            break;
        }
        p += step;
    }
    // Back to the lead byte of the sequence that `p` is inside of, if any: the bytes after it
    // are continuation bytes the automaton took, and it is at or after where this call began.
    if (utf8_automaton::state_of(state) != utf8_automaton::accept)
        do
            --p;
        while (is_continuation(*p));
    return p;
}

// ---- encoding --------------------------------------------------------------------------------

// The UTF-8 form of a scalar value, first code unit in the low byte.
// `c` must be a scalar value.
BOOST_FORCEINLINE constexpr encoded_word encode_word(char32_t c) noexcept
{
    if (c < 0x80u)
        return {c, 1};
    if (c < 0x800u)
        return {(0xC0u | c >> 6) | (0x80u | (c & 0x3Fu)) << 8, 2};
    if (c < 0x10000u)
        return {(0xE0u | c >> 12) | (0x80u | (c >> 6 & 0x3Fu)) << 8 | (0x80u | (c & 0x3Fu)) << 16, 3};
    return {(0xF0u | c >> 18) | (0x80u | (c >> 12 & 0x3Fu)) << 8 | (0x80u | (c >> 6 & 0x3Fu)) << 16 |
                (0x80u | (c & 0x3Fu)) << 24,
            4};
}

// The same, as an array of code units, for writers that store bytes.
struct encoded
{
    unsigned char units[4];
    unsigned char length;
};

BOOST_FORCEINLINE constexpr encoded encode(char32_t c) noexcept
{
    encoded_word const w = encode_word(c);
    return {{static_cast<unsigned char>(w.units), static_cast<unsigned char>(w.units >> 8),
             static_cast<unsigned char>(w.units >> 16), static_cast<unsigned char>(w.units >> 24)},
            w.length};
}

// The form of a value below 800 as two code units, first in the low byte, computed without a
// branch on the value (masks rather than a conditional, which compilers may turn into a branch):
// for bulk encoding of text that mixes ASCII and two-unit letters, where a branch per value
// would be taken at random. An ASCII value's second unit is junk, for the next value to overwrite.
BOOST_FORCEINLINE constexpr encoded_word encode_below_800(std::uint32_t v) noexcept
{
    std::uint32_t const wide = v >= 0x80u;
    std::uint32_t const lead = v ^ ((v ^ (0xC0u | v >> 6)) & (0u - wide));
    return {(lead & 0xFFu) | (0x80u | (v & 0x3Fu)) << 8, static_cast<unsigned char>(1 + wide)};
}

// Whether a branch-free form `f` of the scalar value `v` is encode_word's: its length, and the
// units of that length (the bytes past them are junk).
constexpr bool is_encode_words_form(encoded_word const f, std::uint32_t const v) noexcept
{
    encoded_word const w = encode_word(v);
    std::uint32_t const mask = 0xFFFFFFFFu >> (8 * (4 - w.length));
    return f.length == w.length && (f.units & mask) == w.units;
}

// encode_below_800 gives encode_word's form for every value below 800.
constexpr bool encode_below_800_agrees() noexcept
{
    for (std::uint32_t v = 0; v < 0x800u; ++v)
        if (!is_encode_words_form(encode_below_800(v), v))
            return false;
    return true;
}
static_assert(encode_below_800_agrees(), "utf8.hpp: encode_below_800 must give encode_word's forms");

// A value below 800, its one or two code units stored as two whatever its length
// (encode_below_800): the second unit of an ASCII value is junk that the next value overwrites.
template<class O>
BOOST_FORCEINLINE void write_below_800(std::uint32_t const v, O*& o) noexcept
{
    encoded_word const w = encode_below_800(v);
    o[0] = static_cast<O>(static_cast<unsigned char>(w.units));
    o[1] = static_cast<O>(static_cast<unsigned char>(w.units >> 8));
    o += w.length;
}

// The form of a value below 10000 that is not a surrogate as one to three code units, first in
// the low byte, for bulk encoding of text whose letters change length every few values (words of
// CJK, Cyrillic or Arabic between spaces and punctuation), where a branch on the length would be
// taken at random. All three forms are computed and one is selected, which GCC compiles to
// conditional moves. The bytes past the form are junk, for the next values to overwrite. Below
// 800 the form is the last two units of the three-unit pattern, with the lead's marker 110 in
// place of the continuation's 10.
BOOST_FORCEINLINE constexpr encoded_word encode_below_10000(std::uint32_t v) noexcept
{
    std::uint32_t const three = 0x8080E0u | v >> 12 | (v << 2 & 0x3F00u) | (v << 16 & 0x3F0000u);
    std::uint32_t const two = three >> 8 | 0x40u;
    std::uint32_t const ge_80 = (v + 0xFF80u) >> 16;
    std::uint32_t const ge_800 = (v + 0xF800u) >> 16;
    std::uint32_t w = ge_800 != 0 ? three : two;
    w = ge_80 != 0 ? w : v;
    return {w, static_cast<unsigned char>(1u + ge_80 + ge_800)};
}

// encode_below_10000 gives encode_word's form for every value below 10000 that is not a
// surrogate. All of them would take more steps than some compilers allow a constant expression:
// this takes every value below 1000, where all three lengths and both bounds are, and from there
// an odd stride, so that the values it meets end in every pattern of six low bits.
constexpr bool encode_below_10000_agrees() noexcept
{
    for (std::uint32_t v = 0; v < 0x10000u; v += v < 0x1000u ? 1u : 0x3Du)
    {
        if (v >= 0xD800u && v < 0xE000u)
            continue;
        if (!is_encode_words_form(encode_below_10000(v), v))
            return false;
    }
    encoded_word const top = encode_below_10000(0xFFFFu);
    return top.length == 3 && top.units == encode_word(0xFFFFu).units;
}
static_assert(encode_below_10000_agrees(), "utf8.hpp: encode_below_10000 must give encode_word's forms");

// Stores the four code units of `units` (first in the low byte, as encoded_word holds them) to
// `o`, in memory order on either byte order.
template<class O>
BOOST_FORCEINLINE void store_units4(std::uint32_t units, O* const o) noexcept
{
    static_assert(sizeof(O) == 1, "UTF-8 code units");
#if BOOST_ENDIAN_BIG_BYTE
    units = units >> 24 | (units >> 8 & 0xFF00u) | (units << 8 & 0xFF0000u) | units << 24;
#endif
    std::memcpy(o, &units, 4);
}

// A value below 10000 that is not a surrogate, its one to three code units stored as four
// whatever its length (encode_below_10000): the junk past the form is for the next values to
// overwrite, so the caller sees to it that they write three code units at least.
template<class O>
BOOST_FORCEINLINE void write_below_10000(std::uint32_t const v, O*& o) noexcept
{
    encoded_word const w = encode_below_10000(v);
    store_units4(w.units, o);
    o += w.length;
}

// The form of any scalar value as one to four code units, first in the low byte, without a branch
// on the value: for bulk encoding of text where values of four code units come among others at
// random (emoji between words and spaces). From 10000 the four-unit form is taken, below it
// encode_below_10000's, through a mask: GCC makes a branch of a conditional expression here, which
// such text takes at random.
BOOST_FORCEINLINE constexpr encoded_word encode_below_110000(std::uint32_t v) noexcept
{
    encoded_word const below = encode_below_10000(v & 0xFFFFu);
    std::uint32_t const four =
        0x808080F0u | v >> 18 | (v >> 4 & 0x3F00u) | (v << 10 & 0x3F0000u) | (v << 24 & 0x3F000000u);
    std::uint32_t const take_four = ((v + 0xFFFF0000u) >> 31) - 1u; // all ones from 10000, else 0
    return {(four & take_four) | (below.units & ~take_four),
            static_cast<unsigned char>((4u & take_four) | (below.length & ~take_four))};
}

// encode_below_110000 gives encode_word's form for every scalar value. The values below 10000 are
// encode_below_10000's, checked above; this takes the first and last values of each length, and
// the planes above them with an odd stride, so that each of the four units meets every pattern of
// its six low bits.
constexpr bool encode_below_110000_agrees() noexcept
{
    auto const agrees = [](std::uint32_t const v) { return is_encode_words_form(encode_below_110000(v), v); };
    for (std::uint32_t const v : {0x0u, 0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xD7FFu, 0xE000u, 0xFFFFu, 0x10000u, 0x10FFFFu})
        if (!agrees(v))
            return false;
    for (std::uint32_t v = 0; v < 0x10000u; v += 0x3Du)
        if ((v < 0xD800u || v >= 0xE000u) && !agrees(v))
            return false;
    for (std::uint32_t v = 0x10000u; v < 0x110000u; v += 0x3C1u)
        if (!agrees(v))
            return false;
    return true;
}
static_assert(encode_below_110000_agrees(), "utf8.hpp: encode_below_110000 must give encode_word's forms");

// A scalar value, its one to four code units stored as four whatever its length
// (encode_below_110000): the junk past the form is for the next values to overwrite, so the
// caller sees to it that they write three code units at least.
template<class O>
BOOST_FORCEINLINE void write_below_110000(std::uint32_t const v, O*& o) noexcept
{
    encoded_word const w = encode_below_110000(v);
    store_units4(w.units, o);
    o += w.length;
}

// ---- the form, as the generic iterators see it ----------------------------------------------

// decoding_iterator and encoding_iterator are written once; this is all they know of UTF-8.
struct utf8_rules
{
    template<class T>
    static constexpr bool is_unit_v = is_code_unit_v<T>;

    // Decoding: the element at `it` (it != last), leaving `it` past it.
    template<class I, class S>
    BOOST_FORCEINLINE static constexpr decoded next(I& it, S const& last) noexcept(nothrow_iteration_v<I, S>)
    {
        return decode_next(it, last);
    }

    // Decoding backwards: the element that ends at the boundary `p` (!= first).
    template<bool PerCodeUnit, class I, class S>
    static constexpr decoded_before<I> previous(I const& first, I const& p, S const& last)
        noexcept(nothrow_iteration_v<I, S>)
    {
        return decode_previous<PerCodeUnit>(first, p, last);
    }

    // In well-formed text, whether code unit `u` begins an element (rather than continues one).
    static constexpr bool begins_element(unsigned char u) noexcept { return !is_continuation(u); }

    // Encoding: code units are `unit_bits` wide, packed first-lowest into a word by encode(). A
    // form of more than one code unit has no zero code unit, and no form is all ones.
    static constexpr unsigned unit_bits = 8;
    // Every value below this is a scalar value, whose form needs no other test than its size.
    static constexpr std::uint32_t unchecked_below = 0x800u;

    // `c` must be a scalar value.
    BOOST_FORCEINLINE static constexpr std::uint32_t encode(char32_t c) noexcept { return encode_word(c).units; }

    template<class CharT>
    static constexpr CharT unit(std::uint32_t units) noexcept
    {
        return from_byte<CharT>(static_cast<unsigned char>(units));
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_UTF8_HPP

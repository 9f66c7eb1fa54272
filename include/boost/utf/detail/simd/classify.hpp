// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_CLASSIFY_HPP
#define BOOST_UTF_DETAIL_SIMD_CLASSIFY_HPP

// Block validation after Keiser and Lemire, "Validating UTF-8 in less than one instruction per
// byte" (2021). Each byte is judged against the byte before it by three 16-entry tables, indexed
// by the high and low nibble of the previous byte and the high nibble of the current one: a bit
// set in all three marks an error. The third and fourth bytes of longer sequences are then
// checked against the bytes two and three places back.
//
// The tables are not written out: they are built below from one predicate per error class, and
// the classes are exactly the rows of Table 3-7 (see detail/utf8.hpp). They only say *whether* a
// block is well-formed; *which* error it holds is always decided by the scalar rules.

#include <boost/utf/detail/utf8.hpp>

#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {

// One bit per error class, each a product of three nibble sets (previous byte high nibble,
// previous byte low nibble, current byte high nibble).
struct error_class
{
    std::uint16_t prev_high; // bit n set: high nibble n of the previous byte belongs
    std::uint16_t prev_low;
    std::uint16_t cur_high;
};

constexpr std::uint16_t nibbles(unsigned first, unsigned last) noexcept
{
    std::uint16_t m = 0;
    for (unsigned n = first; n <= last; ++n)
        m = static_cast<std::uint16_t>(m | (1u << n));
    return m;
}

inline constexpr std::uint16_t any_nibble = 0xFFFF;
inline constexpr std::uint16_t continuation_high = nibbles(0x8, 0xB);
inline constexpr std::uint16_t not_continuation_high = static_cast<std::uint16_t>(~continuation_high);

// Bit 7 is special: "a continuation byte after a continuation byte", which is an error unless a
// lead byte two or three places back asks for it; the kernels settle that with the bytes
// themselves.
inline constexpr unsigned two_continuations_bit = 7;

inline constexpr error_class error_classes[8] = {
    // 0: a lead byte (C0..FF) not followed by a continuation byte
    {nibbles(0xC, 0xF), any_nibble, not_continuation_high},
    // 1: an ASCII byte followed by a continuation byte
    {nibbles(0x0, 0x7), any_nibble, continuation_high},
    // 2: C0, C1 (overlong two-byte forms)
    {nibbles(0xC, 0xC), nibbles(0x0, 0x1), continuation_high},
    // 3: E0 80..9F (overlong three-byte forms)
    {nibbles(0xE, 0xE), nibbles(0x0, 0x0), nibbles(0x8, 0x9)},
    // 4: ED A0..BF (surrogates)
    {nibbles(0xE, 0xE), nibbles(0xD, 0xD), nibbles(0xA, 0xB)},
    // 5: F0 80..8F (overlong four-byte forms), F5..FF 80..8F (beyond 10FFFF, or not UTF-8)
    {nibbles(0xF, 0xF), static_cast<std::uint16_t>(nibbles(0x0, 0x0) | nibbles(0x5, 0xF)), nibbles(0x8, 0x8)},
    // 6: F4 90..BF, F5..FF 90..BF (beyond 10FFFF, or not UTF-8)
    {nibbles(0xF, 0xF), nibbles(0x4, 0xF), nibbles(0x9, 0xB)},
    // 7: a continuation byte after a continuation byte
    {continuation_high, any_nibble, continuation_high},
};

enum class table_index
{
    prev_high,
    prev_low,
    cur_high
};

// A plain array, so that kernels compiled for any target read it without calling a function.
struct nibble_table
{
    alignas(16) std::uint8_t v[16];
};

constexpr nibble_table make_table(table_index which) noexcept
{
    nibble_table t{};
    for (unsigned n = 0; n < 16; ++n)
        for (unsigned bit = 0; bit < 8; ++bit)
        {
            error_class const& c = error_classes[bit];
            std::uint16_t const set = which == table_index::prev_high  ? c.prev_high
                                      : which == table_index::prev_low ? c.prev_low
                                                                       : c.cur_high;
            if (set & (1u << n))
                t.v[n] = static_cast<std::uint8_t>(t.v[n] | (1u << bit));
        }
    return t;
}

inline constexpr nibble_table prev_high_table = make_table(table_index::prev_high);
inline constexpr nibble_table prev_low_table = make_table(table_index::prev_low);
inline constexpr nibble_table cur_high_table = make_table(table_index::cur_high);

// ---- the tables against the rules of detail/utf8.hpp -------------------------------------------
//
// For every pair of a byte and the byte after it, what the tables say must follow from
// lead_rules (Table 3-7):
//   - after a lead byte of a two-, three- or four-byte sequence, an error class other than bit 7
//     fires exactly when the byte is outside the lead's second-byte range;
//   - after a byte that cannot begin a sequence and is not a continuation byte (C0, C1, F5..FF),
//     some class other than bit 7 always fires;
//   - after an ASCII byte, a class fires exactly when the byte is a continuation byte;
//   - after a continuation byte, only bit 7 can fire, exactly when the byte is a continuation
//     byte (the kernels then decide with the lead two or three places back).
// The kernels find those leads by comparison: a byte two places back asks for a third byte
// exactly when it is at least E0, three places back for a fourth when it is at least F0. That
// too must follow from the rules, for every byte that is a lead.
//
// The tables see only the second byte's high nibble. So the rules must not tell apart two bytes
// with the same high nibble (each second-byte range and the continuation bytes are whole nibble
// rows, checked first), and then one byte of each row stands for all sixteen: 256 x 16 pairs
// rather than 256 x 256, which keeps the check cheap for every translation unit that includes it.

constexpr std::uint8_t table_bits(unsigned prev, unsigned cur) noexcept
{
    return static_cast<std::uint8_t>(prev_high_table.v[prev >> 4] & prev_low_table.v[prev & 0xF] &
                                     cur_high_table.v[cur >> 4]);
}

constexpr bool rules_follow_nibble_rows() noexcept
{
    for (unsigned b = 0; b < 256; ++b)
    {
        if (is_continuation(static_cast<unsigned char>(b)) != is_continuation(static_cast<unsigned char>(b & 0xF0)))
            return false;
        lead_rule const rule = lead_rules[b];
        if (rule.length >= 2 && ((rule.second_min & 0xF) != 0 || (rule.second_max & 0xF) != 0xF))
            return false;
    }
    return true;
}
static_assert(rules_follow_nibble_rows(),
              "classify.hpp: a second-byte range of lead_rules splits a high nibble, which the tables cannot see");

constexpr bool tables_follow_rules() noexcept
{
    constexpr std::uint8_t two_continuations = 1u << two_continuations_bit;
    for (unsigned prev = 0; prev < 256; ++prev)
    {
        lead_rule const rule = lead_rules[prev];
        for (unsigned cur = 0; cur < 256; cur += 16)
        {
            std::uint8_t const bits = table_bits(prev, cur);
            bool const other = (bits & ~two_continuations) != 0;
            bool const second = (bits & two_continuations) != 0;
            bool const cont = is_continuation(static_cast<unsigned char>(cur));
            if (rule.length >= 2)
            {
                bool const in_range = cur >= rule.second_min && cur <= rule.second_max;
                if (other == in_range || second)
                    return false;
            }
            else if (rule.length == 1)
            {
                if (other != cont || second)
                    return false;
            }
            else if (is_continuation(static_cast<unsigned char>(prev)))
            {
                if (other || second != cont)
                    return false;
            }
            else if (!other)
                return false;
        }
        if (rule.length >= 2 && ((rule.length >= 3) != (prev >= 0xE0) || (rule.length == 4) != (prev >= 0xF0)))
            return false;
    }
    return true;
}
static_assert(tables_follow_rules(), "classify.hpp: the validation tables disagree with lead_rules");

// The byte bounds that kernels test by comparison alone, without the tables: below 80 ASCII, then
// continuation bytes up to first_lead, C0 and C1 which begin only overlong forms, two-byte leads
// from first_two_byte_lead, three-byte ones from first_three_byte_lead, and from
// first_four_byte_lead four-byte leads or bytes that begin nothing.
inline constexpr unsigned char first_lead = 0xC0;
inline constexpr unsigned char first_two_byte_lead = 0xC2;
inline constexpr unsigned char first_three_byte_lead = 0xE0;
inline constexpr unsigned char first_four_byte_lead = 0xF0;

constexpr bool lead_bounds_follow_rules() noexcept
{
    for (unsigned b = 0; b < 256; ++b)
    {
        lead_rule const rule = lead_rules[b];
        bool const continuation = b >= 0x80 && b < first_lead;
        if (continuation != (rule.kind == error_kind::unexpected_continuation && rule.length == 0))
            return false;
        unsigned const length = b < 0x80                    ? 1
                                : b < first_two_byte_lead   ? 0
                                : b < first_three_byte_lead ? 2
                                : b < first_four_byte_lead  ? 3
                                                            : 4;
        if (rule.length != length && !(length == 4 && rule.length == 0))
            return false;
    }
    return true;
}
static_assert(lead_bounds_follow_rules(), "classify.hpp: the lead byte bounds disagree with lead_rules");

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_CLASSIFY_HPP

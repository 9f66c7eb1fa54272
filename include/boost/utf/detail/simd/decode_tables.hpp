// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_DECODE_TABLES_HPP
#define BOOST_UTF_DETAIL_SIMD_DECODE_TABLES_HPP

// Constant tables of the SSE and AVX2 decoding kernels (sse.hpp, avx2.hpp), which have no byte
// compression and no variable shifts: they decode a well-formed window of 16 bytes in lanes of
// four code points, as follows.
//
//   - The positions of the window's lead bytes are listed in a vector, eight bits of the lead
//     mask at a time (bit_positions).
//   - Lane k gathers the bytes of the k-th sequence with one byte shuffle, right-aligned: the
//     last byte in the lane's byte 3, the lead in byte 4 - length, zeros before it
//     (gather_offsets, chosen by the lead's shape).
//   - Every byte was first reduced to its payload (payload_masks), so the lane is the code point
//     once its bytes are weighed by 2^18, 2^12, 2^6 and 1: two multiply-adds.
//
// The shapes and masks follow from lead_rules (detail/utf8.hpp), checked below.

#include <boost/utf/detail/simd/classify.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {

// For each 8-bit mask, the positions of its set bits in increasing order, padded with zeros,
// and how many there are.
struct bit_positions_table
{
    alignas(8) std::uint8_t positions[256][8];
    std::uint8_t count[256];
};

constexpr bit_positions_table make_bit_positions() noexcept
{
    bit_positions_table t{};
    for (unsigned m = 0; m < 256; ++m)
    {
        unsigned k = 0;
        for (unsigned bit = 0; bit < 8; ++bit)
            if (m & (1u << bit))
                t.positions[m][k++] = static_cast<std::uint8_t>(bit);
        t.count[m] = static_cast<std::uint8_t>(k);
    }
    return t;
}

inline constexpr bit_positions_table bit_positions = make_bit_positions();

// 16 bytes read from `v + 16 - k` (0 <= k <= 16), used as a byte shuffle, move a vector's bytes
// up by k places and put zeros below them.
struct byte_shift_table
{
    alignas(16) std::uint8_t v[32];
};

constexpr byte_shift_table make_byte_shift() noexcept
{
    byte_shift_table t{};
    for (unsigned i = 0; i < 16; ++i)
    {
        t.v[i] = 0x80;
        t.v[16 + i] = static_cast<std::uint8_t>(i);
    }
    return t;
}

inline constexpr byte_shift_table byte_shift = make_byte_shift();

// For each 8-bit mask, a byte shuffle that gathers the 16-bit lanes of a vector of eight whose
// bits are set, in increasing order, into its first lanes; the other lanes are unspecified (they
// read lane 0). Built from bit_positions: lane k takes the two bytes of lane positions[m][k].
struct lane_compress_table
{
    alignas(16) std::uint8_t v[256][16];
};

constexpr lane_compress_table make_lane_compress() noexcept
{
    lane_compress_table t{};
    for (unsigned m = 0; m < 256; ++m)
        for (unsigned k = 0; k < 8; ++k)
        {
            t.v[m][2 * k] = static_cast<std::uint8_t>(2 * bit_positions.positions[m][k]);
            t.v[m][2 * k + 1] = static_cast<std::uint8_t>(2 * bit_positions.positions[m][k] + 1);
        }
    return t;
}

inline constexpr lane_compress_table lane_compress = make_lane_compress();

// Byte shuffles that repeat each of the first four bytes of a vector four times: lane k of a
// group of four code points reads byte k of the lead list.
inline constexpr nibble_table repeat_by_four = {{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}};

// The sequence length a byte announces when it is a lead; 0 for a continuation byte.
constexpr unsigned lead_length_of_nibble(unsigned high_nibble) noexcept
{
    return high_nibble < 0x8 ? 1 : high_nibble < 0xC ? 0 : high_nibble < 0xE ? 2 : high_nibble == 0xE ? 3 : 4;
}

// By high nibble: the bits of a byte that belong to the code point, whether it is a lead (by
// its length) or a continuation byte (six bits).
constexpr nibble_table make_payload_masks() noexcept
{
    nibble_table t{};
    for (unsigned n = 0; n < 16; ++n)
    {
        unsigned const length = lead_length_of_nibble(n);
        t.v[n] = static_cast<std::uint8_t>(length == 0 ? 0x3F : length == 1 ? 0x7F : 0x7F >> length);
    }
    return t;
}

inline constexpr nibble_table payload_masks = make_payload_masks();

// By high nibble: the lead's shape, 4 * (length - 1), which picks its row of gather_offsets.
// Continuation bytes are never leads; they get 0.
constexpr nibble_table make_lead_shapes() noexcept
{
    nibble_table t{};
    for (unsigned n = 0; n < 16; ++n)
    {
        unsigned const length = lead_length_of_nibble(n);
        t.v[n] = static_cast<std::uint8_t>(length == 0 ? 0 : 4 * (length - 1));
    }
    return t;
}

inline constexpr nibble_table lead_shapes = make_lead_shapes();

// Indexed by shape + j: the byte of the sequence that byte j of the lane takes, counted from the
// lead, so that the sequence ends in byte 3; 0x80 (a zero byte) before the lead. Added to the
// lead's position in the window, 0x80 stays at least 0x80, which a byte shuffle reads as zero.
constexpr nibble_table make_gather_offsets() noexcept
{
    nibble_table t{};
    for (unsigned length = 1; length <= 4; ++length)
        for (unsigned j = 0; j < 4; ++j)
            t.v[4 * (length - 1) + j] = static_cast<std::uint8_t>(j + length >= 4 ? j + length - 4 : 0x80);
    return t;
}

inline constexpr nibble_table gather_offsets = make_gather_offsets();

// The nibble classes against lead_rules: every byte that begins a sequence announces the length
// the rules give it, and its payload mask keeps exactly the bits above its marker.
constexpr bool decode_tables_follow_rules() noexcept
{
    for (unsigned b = 0; b < 256; ++b)
    {
        lead_rule const rule = lead_rules[b];
        unsigned const length = lead_length_of_nibble(b >> 4);
        bool const cont = is_continuation(static_cast<unsigned char>(b));
        if (cont != (length == 0))
            return false;
        if (rule.length >= 1 && rule.length != length)
            return false;
        unsigned const marker_bits = length <= 1 ? (cont ? 2 : 1) : length + 1;
        if (payload_masks.v[b >> 4] != (0xFFu >> marker_bits))
            return false;
    }
    return true;
}

static_assert(decode_tables_follow_rules(), "decode_tables.hpp: the nibble classes disagree with lead_rules");

// The AVX2 kernel decodes a block of one- and two-byte sequences in 16-bit lanes, each lane a
// byte and the one after it: a lead below 80 is the code point; a two-byte lead's low five bits
// weigh 64 and the continuation's low six bits 1. Checked against lead_rules and the payload
// masks: every byte from 80 below E0 that may begin a sequence begins a two-byte one, every
// lead from E0 a longer one, any continuation byte completes a two-byte lead, and the two-byte forms' largest code point fits in the 16 bits.
constexpr bool two_byte_lanes_follow_rules() noexcept
{
    for (unsigned b = 0x80; b < 0x100; ++b)
    {
        lead_rule const rule = lead_rules[b];
        if (rule.length >= 1 && (rule.length == 2) != (b < 0xE0))
            return false;
        // A two-byte lead takes any continuation byte: the kernel checks one past a block so.
        if (rule.length == 2 && (rule.second_min != 0x80 || rule.second_max != 0xBF))
            return false;
    }
    return payload_masks.v[0xC] == 0x1F && payload_masks.v[0xD] == 0x1F && payload_masks.v[0x8] == 0x3F &&
           payload_masks.v[0x0] == 0x7F && (0x1Fu << 6 | 0x3Fu) <= 0xFFFFu;
}

static_assert(two_byte_lanes_follow_rules(), "decode_tables.hpp: the two-byte lanes disagree with lead_rules");

// The AVX2 kernel decodes a block of one- to three-byte sequences in 16-bit lanes (avx2.hpp,
// three_byte_lanes): a lane's code point, from a lead b0 and the two bytes after it, as the
// kernel's arithmetic computes it.
constexpr unsigned three_byte_lane(unsigned b0, unsigned b1, unsigned b2) noexcept
{
    unsigned const pair = (b0 & 0x1Fu) * 64 + (b1 & 0x3Fu);
    unsigned const triple = ((pair << 6) | (b2 & 0x3Fu)) & 0xFFFFu;
    unsigned const multi = (b0 & 0x20u) != 0 ? triple : pair;
    return (b0 & 0x80u) != 0 ? multi : b0;
}

// The same code point from lead_rules and the payload masks: the lead's bits, then six more
// per continuation byte.
constexpr unsigned decoded_by_rules(unsigned b0, unsigned b1, unsigned b2) noexcept
{
    unsigned const length = lead_rules[b0].length;
    unsigned const bytes[3] = {b0, b1, b2};
    unsigned cp = 0;
    for (unsigned k = 0; k < length; ++k)
        cp = (cp << 6) | (bytes[k] & payload_masks.v[bytes[k] >> 4]);
    return cp;
}

// Checked against the rules: every lead below F0 begins a sequence of one to three bytes, and
// for each, with its second byte at the ends and middle of its range and any third byte, the
// lanes give the code point the rules give, which fits the 16 bits.
constexpr bool three_byte_lanes_follow_rules() noexcept
{
    unsigned const thirds[] = {0x80, 0x95, 0xAA, 0xBF};
    for (unsigned b0 = 0; b0 < 0xF0; ++b0)
    {
        lead_rule const rule = lead_rules[b0];
        if (rule.length == 0)
            continue;
        if (rule.length > 3)
            return false;
        unsigned const seconds[] = {rule.second_min, (rule.second_min + rule.second_max) / 2u, rule.second_max};
        for (unsigned b1 : seconds)
            for (unsigned b2 : thirds)
            {
                if (rule.length >= 2 && !is_continuation(static_cast<unsigned char>(b1)))
                    return false;
                unsigned const cp = decoded_by_rules(b0, b1, b2);
                if (cp > 0xFFFFu || three_byte_lane(b0, b1, b2) != cp)
                    return false;
            }
    }
    return true;
}

static_assert(three_byte_lanes_follow_rules(), "decode_tables.hpp: the three-byte lanes disagree with lead_rules");

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_DECODE_TABLES_HPP

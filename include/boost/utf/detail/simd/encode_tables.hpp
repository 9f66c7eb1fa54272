// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_ENCODE_TABLES_HPP
#define BOOST_UTF_DETAIL_SIMD_ENCODE_TABLES_HPP

// Byte shuffles that close the gaps between the UTF-8 forms of a few code points, for the
// encoding kernels that have no byte compression instruction (sse.hpp, avx2.hpp). Each kernel
// first spreads every code point into a lane as wide as its longest form, then one shuffle per
// 16 output bytes at most keeps the bytes in use, in order, and the table gives their count.
//
// Three layouts:
//   - four lanes of 32 bits, each holding a form of 1 to 4 bytes in its *last* bytes (the lead
//     at byte 4 - length, the last continuation byte at byte 3): the index holds bit 0 of
//     (length - 1) of lane k at bit k and bit 1 at bit k + 4, which is what two movemasks of
//     32-bit lanes give;
//   - four lanes of 32 bits for code points below 10000 (bmp_lanes), each built from its code
//     unit w as bmp_lane gives below: w's low byte (an ASCII form), the three-byte lead, the last
//     continuation byte, then the byte before it (or the two-byte lead); the rows pick the form's
//     bytes in order. They are indexed two bits per lane: bit 2k set when lane k is ASCII, bit
//     2k + 1 when it is below 800 (so 1, 2 or 3 bytes). That is what one byte movemask gives of
//     16-bit lanes whose first byte is the ASCII test and second the test for below 800, so a
//     kernel that starts from UTF-16 code units takes each 8-bit slice of the movemask as the
//     row of four lanes with no bit shuffling;
//   - eight lanes of 16 bits, each holding a form of 1 or 2 bytes in its *first* bytes (the lead
//     or the ASCII byte at byte 0): bit k of the index is set when lane k takes two bytes.
// Shuffle bytes past the count are 0x80 (they write zeros, later overwritten or never stored).

#include <boost/utf/detail/utf8.hpp>

#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {

// One layout's shuffles and counts. Each layout is an object of its own, its rows at its start,
// so that a row's address is the table's plus 16 times the index: the load of a row waits on the
// movemask that gives the index, and an offset to add would lengthen that wait.
struct shuffle_table
{
    alignas(16) std::uint8_t rows[256][16];
    std::uint8_t length[256];
};

constexpr unsigned four_lanes_form_length(unsigned index, unsigned lane) noexcept
{
    return 1 + ((index >> lane) & 1) + 2 * ((index >> (lane + 4)) & 1);
}

// A lane both ASCII and not below 800 cannot occur; its row is never used.
constexpr unsigned bmp_lanes_form_length(unsigned index, unsigned lane) noexcept
{
    bool const ascii = (index >> (2 * lane)) & 1;
    bool const below_800 = (index >> (2 * lane + 1)) & 1;
    return ascii ? 1 : below_800 ? 2 : 3;
}

// Which byte of a 32-bit lane holds each byte of a form, by the form's length.
struct lane_layout
{
    std::uint8_t at[4][4];
};
// Forms at the lane's end (four_lanes).
inline constexpr lane_layout forms_at_lane_end{{{3}, {2, 3}, {1, 2, 3}, {0, 1, 2, 3}}};
// The lane bmp_lane builds.
inline constexpr lane_layout bmp_lane_layout{{{0}, {3, 2}, {1, 3, 2}, {}}};

// The lane of a code unit w below 10000 and not a surrogate, as the kernels build it in two
// 16-bit halves (low byte first): w's low byte and E0 | w >> 12 (the high byte of w >> 4); then
// 80 | (w & 3F) and 80 | (w >> 6 & 3F), the two-byte lead C0 | w >> 6 where w is below 800 (the
// low byte of w and the high byte of w << 2, masked with 3F3F, then marked).
constexpr std::uint32_t bmp_lane(std::uint32_t w) noexcept
{
    std::uint32_t const low = (w & 0xFFu) | (0xE0u | w >> 12) << 8;
    std::uint32_t const high = ((w & 0xFFu) | (w << 2 & 0xFF00u)) & 0x3F3Fu;
    return low | (high | 0x8080u | (w < 0x800u ? 0x4000u : 0u)) << 16;
}

// Fills a row of four 32-bit lanes with forms where `layout` places them, and returns its count.
template<class FormLength>
constexpr std::uint8_t make_four_lanes_row(std::uint8_t (&row)[16], unsigned index, FormLength form_length,
                                           lane_layout const& layout) noexcept
{
    unsigned n = 0;
    for (unsigned lane = 0; lane < 4; ++lane)
    {
        unsigned const length = form_length(index, lane);
        for (unsigned b = 0; b < length; ++b)
            row[n++] = static_cast<std::uint8_t>(4 * lane + layout.at[length - 1][b]);
    }
    std::uint8_t const count = static_cast<std::uint8_t>(n);
    for (; n < 16; ++n)
        row[n] = 0x80;
    return count;
}

template<class FormLength>
constexpr shuffle_table make_four_lanes_table(FormLength form_length, lane_layout const& layout) noexcept
{
    shuffle_table t{};
    for (unsigned index = 0; index < 256; ++index)
        t.length[index] = make_four_lanes_row(t.rows[index], index, form_length, layout);
    return t;
}

constexpr shuffle_table make_eight_lanes_table() noexcept
{
    shuffle_table t{};
    for (unsigned index = 0; index < 256; ++index)
    {
        unsigned n = 0;
        for (unsigned lane = 0; lane < 8; ++lane)
        {
            t.rows[index][n++] = static_cast<std::uint8_t>(2 * lane);
            if (index & (1u << lane))
                t.rows[index][n++] = static_cast<std::uint8_t>(2 * lane + 1);
        }
        t.length[index] = static_cast<std::uint8_t>(n);
        for (; n < 16; ++n)
            t.rows[index][n] = 0x80;
    }
    return t;
}

inline constexpr shuffle_table four_lanes_shuffles = make_four_lanes_table(four_lanes_form_length, forms_at_lane_end);
inline constexpr shuffle_table eight_lanes_shuffles = make_eight_lanes_table();
inline constexpr shuffle_table bmp_lanes_shuffles = make_four_lanes_table(bmp_lanes_form_length, bmp_lane_layout);

static_assert(four_lanes_shuffles.length[0] == 4 && four_lanes_shuffles.length[255] == 16 &&
                  eight_lanes_shuffles.length[0] == 8 && eight_lanes_shuffles.length[255] == 16 &&
                  bmp_lanes_shuffles.length[0xFF] == 4 && bmp_lanes_shuffles.length[0xAA] == 8 &&
                  bmp_lanes_shuffles.length[0] == 12,
              "encode_tables.hpp: each lane keeps 1 to 4 bytes (four lanes), 1 or 2 (eight lanes) or 1 to 3 "
              "(bmp lanes)");

// The kernels set a lane's two bits from its code unit by the tests c < 80 and c < 800. Four
// lanes built by bmp_lane, one holding c and the others an ASCII letter, shuffled by the row
// of their bits, must give encode_word's forms (utf8.hpp) in order, and the row's count their
// length: at each bound and in every lane.
constexpr std::uint32_t bmp_lanes_bits(char32_t c) noexcept
{
    return (c < 0x80 ? 1u : 0u) | (c < 0x800 ? 2u : 0u);
}

constexpr bool bmp_lanes_follow_the_rules() noexcept
{
    constexpr char32_t values[] = {0x0, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4E2D, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF};
    constexpr char32_t letter = 0x61;
    for (char32_t c : values)
        for (unsigned lane = 0; lane < 4; ++lane)
        {
            unsigned char bytes[16] = {};
            unsigned char expected[16] = {};
            unsigned index = 0, length = 0;
            for (unsigned k = 0; k < 4; ++k)
            {
                char32_t const v = k == lane ? c : letter;
                std::uint32_t const built = bmp_lane(v);
                for (unsigned b = 0; b < 4; ++b)
                    bytes[4 * k + b] = static_cast<unsigned char>(built >> (8 * b));
                index |= bmp_lanes_bits(v) << (2 * k);
                encoded_word const w = encode_word(v);
                for (unsigned b = 0; b < w.length; ++b)
                    expected[length++] = static_cast<unsigned char>(w.units >> (8 * b));
            }
            if (bmp_lanes_shuffles.length[index] != length)
                return false;
            for (unsigned b = 0; b < length; ++b)
                if (bytes[bmp_lanes_shuffles.rows[index][b]] != expected[b])
                    return false;
        }
    return true;
}
static_assert(bmp_lanes_follow_the_rules(), "encode_tables.hpp: the bmp_lanes rows disagree with encode_word");

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_ENCODE_TABLES_HPP

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
//   - the same four lanes for code points below 10000 (bmp_lanes), indexed two bits per lane:
//     bit 2k set when lane k is ASCII, bit 2k + 1 when it is below 800 (so 1, 2 or 3 bytes).
//     That is what one byte movemask gives of 16-bit lanes whose first byte is the ASCII test
//     and second the test for below 800, so a kernel that starts from UTF-16 code units takes
//     each 8-bit slice of the movemask as the row of four lanes with no bit shuffling;
//   - eight lanes of 16 bits, each holding a form of 1 or 2 bytes in its *first* bytes (the lead
//     or the ASCII byte at byte 0): bit k of the index is set when lane k takes two bytes.
// Shuffle bytes past the count are 0x80 (they write zeros, later overwritten or never stored).

#include <boost/utf/detail/utf8.hpp>

#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {

struct encode_shuffles
{
    alignas(16) std::uint8_t four_lanes[256][16];
    alignas(16) std::uint8_t eight_lanes[256][16];
    alignas(16) std::uint8_t bmp_lanes[256][16];
    std::uint8_t four_lanes_length[256];
    std::uint8_t eight_lanes_length[256];
    std::uint8_t bmp_lanes_length[256];
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

// Fills a row of four 32-bit lanes whose forms end at each lane's last byte, and returns its
// count.
template<class FormLength>
constexpr std::uint8_t make_four_lanes_row(std::uint8_t (&row)[16], unsigned index, FormLength form_length) noexcept
{
    unsigned n = 0;
    for (unsigned lane = 0; lane < 4; ++lane)
        for (unsigned b = 4 - form_length(index, lane); b < 4; ++b)
            row[n++] = static_cast<std::uint8_t>(4 * lane + b);
    std::uint8_t const count = static_cast<std::uint8_t>(n);
    for (; n < 16; ++n)
        row[n] = 0x80;
    return count;
}

constexpr encode_shuffles make_encode_shuffles() noexcept
{
    encode_shuffles t{};
    for (unsigned index = 0; index < 256; ++index)
    {
        t.four_lanes_length[index] = make_four_lanes_row(t.four_lanes[index], index, four_lanes_form_length);
        t.bmp_lanes_length[index] = make_four_lanes_row(t.bmp_lanes[index], index, bmp_lanes_form_length);

        unsigned n = 0;
        for (unsigned lane = 0; lane < 8; ++lane)
        {
            t.eight_lanes[index][n++] = static_cast<std::uint8_t>(2 * lane);
            if (index & (1u << lane))
                t.eight_lanes[index][n++] = static_cast<std::uint8_t>(2 * lane + 1);
        }
        t.eight_lanes_length[index] = static_cast<std::uint8_t>(n);
        for (; n < 16; ++n)
            t.eight_lanes[index][n] = 0x80;
    }
    return t;
}

inline constexpr encode_shuffles encode_shuffle_tables = make_encode_shuffles();

static_assert(encode_shuffle_tables.four_lanes_length[0] == 4 && encode_shuffle_tables.four_lanes_length[255] == 16 &&
                  encode_shuffle_tables.eight_lanes_length[0] == 8 &&
                  encode_shuffle_tables.eight_lanes_length[255] == 16 &&
                  encode_shuffle_tables.bmp_lanes_length[0xFF] == 4 &&
                  encode_shuffle_tables.bmp_lanes_length[0xAA] == 8 && encode_shuffle_tables.bmp_lanes_length[0] == 12,
              "encode_tables.hpp: each lane keeps 1 to 4 bytes (four lanes), 1 or 2 (eight lanes) or 1 to 3 "
              "(bmp lanes)");

// The kernels set a lane's two bits from its code unit by the tests c < 80 and c < 800; the
// row's length for that lane must be the length of the form that encode_word (utf8.hpp) gives,
// at each bound and in every lane.
constexpr bool bmp_lanes_follow_the_rules() noexcept
{
    constexpr char32_t bounds[] = {0x0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF};
    for (char32_t c : bounds)
        for (unsigned lane = 0; lane < 4; ++lane)
        {
            unsigned const bits = (c < 0x80 ? 1u : 0u) | (c < 0x800 ? 2u : 0u);
            if (bmp_lanes_form_length(bits << (2 * lane), lane) != encode_word(c).length)
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

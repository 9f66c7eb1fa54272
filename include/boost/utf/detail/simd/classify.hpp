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

#include <array>
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

constexpr std::array<std::uint8_t, 16> make_table(table_index which) noexcept
{
    std::array<std::uint8_t, 16> t{};
    for (unsigned n = 0; n < 16; ++n)
        for (unsigned bit = 0; bit < 8; ++bit)
        {
            error_class const& c = error_classes[bit];
            std::uint16_t const set = which == table_index::prev_high  ? c.prev_high
                                      : which == table_index::prev_low ? c.prev_low
                                                                       : c.cur_high;
            if (set & (1u << n))
                t[n] = static_cast<std::uint8_t>(t[n] | (1u << bit));
        }
    return t;
}

inline constexpr std::array<std::uint8_t, 16> prev_high_table = make_table(table_index::prev_high);
inline constexpr std::array<std::uint8_t, 16> prev_low_table = make_table(table_index::prev_low);
inline constexpr std::array<std::uint8_t, 16> cur_high_table = make_table(table_index::cur_high);

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_CLASSIFY_HPP

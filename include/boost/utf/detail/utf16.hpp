// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_UTF16_HPP
#define BOOST_UTF_DETAIL_UTF16_HPP

// The UTF-16 rules, and nothing else (Unicode 3.9, D91; RFC 2781 section 2): what is well-formed,
// which error_kind an unpaired surrogate is, and how a scalar value is written. Every reader and
// writer of UTF-16 in the library steps through these functions.
//
// Well-formed UTF-16 is 0000..D7FF and E000..FFFF alone, or a high surrogate D800..DBFF followed
// by a low surrogate DC00..DFFF. Every other code unit is an ill-formed subpart of its own: a high
// surrogate not followed by a low one is `truncated`, a low surrogate not preceded by a high one
// is `unexpected_continuation`.

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/detail/type_traits.hpp>
#include <boost/utf/detail/unicode.hpp>
#include <boost/predef/other/endian.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace boost {
namespace utf {
namespace detail {

// ---- code unit types -----------------------------------------------------------------------

template<class T>
inline constexpr bool is_utf16_unit_v =
    std::is_same<T, char16_t>::value || std::is_same<T, std::uint16_t>::value ||
    (std::is_same<T, wchar_t>::value && sizeof(wchar_t) == 2);

template<class T>
constexpr std::uint16_t to_unit16(T unit) noexcept
{
    return static_cast<std::uint16_t>(unit);
}

constexpr bool is_surrogate16(std::uint32_t u) noexcept { return (u & 0xF800u) == 0xD800u; }
constexpr bool is_high_surrogate(std::uint32_t u) noexcept { return (u & 0xFC00u) == 0xD800u; }
constexpr bool is_low_surrogate(std::uint32_t u) noexcept { return (u & 0xFC00u) == 0xDC00u; }
// The scalar value of the pair of a high surrogate `high` and a low surrogate `low`.
constexpr char32_t pair_value(std::uint32_t high, std::uint32_t low) noexcept
{
    return 0x10000u + ((high - 0xD800u) << 10) + (low - 0xDC00u);
}

// Whether any of the `N` code units from `p` is a surrogate; vector code (any_in_block).
template<std::size_t N, class T>
BOOST_FORCEINLINE bool has_surrogate16(T const* p) noexcept
{
    return any_in_block<N>([p](std::size_t j) { return is_surrogate16(to_unit16(p[j])); });
}

// The code units that a block of `N` from `p`, which is_paired_block16 accepts, accounts for: the
// block, and the low surrogate after it when its last code unit begins a pair.
template<std::size_t N, class T>
constexpr std::size_t paired_block_length16(T const* p) noexcept
{
    return is_high_surrogate(to_unit16(p[N - 1])) ? N + 1 : N;
}

// Whether the `N` code units from `p`, where an element starts, are well-formed, and so is the
// pair that the last of them may begin with the code unit after them: none is a low surrogate
// unless the one before it is a high surrogate, and each high surrogate is followed by a low one.
// Reads p[0..N]; vector code (any_in_block). It also fails where the code unit after the block is
// a low surrogate that the last one does not pair with, though the block alone is well-formed.
template<std::size_t N, class T>
BOOST_FORCEINLINE bool is_paired_block16(T const* p) noexcept
{
    return !is_low_surrogate(to_unit16(p[0])) && !any_in_block<N>([p](std::size_t j) {
        return is_high_surrogate(to_unit16(p[j])) != is_low_surrogate(to_unit16(p[j + 1]));
    });
}

// ---- decoding --------------------------------------------------------------------------------

// Reads the element that starts at `it` (it != last) and leaves `it` just past it. Never steps
// over the code unit that ends a subpart, so a single-pass input iterator loses nothing.
template<class I, class S>
BOOST_FORCEINLINE constexpr decoded decode_next16(I& it, S const& last) noexcept(nothrow_iteration_v<I, S>)
{
    std::uint32_t const u = to_unit16(*it);
    ++it;
    if (BOOST_LIKELY(!is_surrogate16(u)))
        return {u, 1, error_kind{}};
    if (!is_high_surrogate(u))
        return {u, 1, error_kind::unexpected_continuation};
    if (it == last)
        return {u, 1, error_kind::truncated};
    std::uint32_t const low = to_unit16(*it);
    if (!is_low_surrogate(low))
        return {u, 1, error_kind::truncated};
    ++it;
    return {pair_value(u, low), 2, error_kind{}};
}

// The element that ends at `p`, where `p` (!= first) is an element boundary found by decoding
// forwards. A high surrogate always takes the low surrogate after it, so a low surrogate before
// `p` with a high one before it ends a pair; anything else is an element of one code unit.
// Every error is one code unit, so reporting per code unit changes nothing.
template<bool PerCodeUnit, class I, class S>
constexpr decoded_before<I> decode_previous16(I const& first, I const& p, S const& last)
    noexcept(nothrow_iteration_v<I, S>)
{
    I single = p;
    --single;
    if (is_low_surrogate(to_unit16(*single)) && single != first)
    {
        I pair = single;
        --pair;
        if (is_high_surrogate(to_unit16(*pair)))
        {
            I end = pair;
            return {pair, decode_next16(end, last)};
        }
    }
    I end = single;
    return {single, decode_next16(end, last)};
}

// ---- encoding --------------------------------------------------------------------------------

// Whether `value` (any value, not only a scalar value) is one UTF-16 code unit, itself: 0000..D7FF
// or E000..FFFF. No branch between the two tests, so that a loop over a block of values becomes
// vector code (any_in_block).
template<class T>
constexpr bool is_one_unit16(T value) noexcept
{
    auto const v = static_cast<std::make_unsigned_t<T>>(value);
    return v < 0x10000u && !is_surrogate16(static_cast<std::uint32_t>(v));
}

// The pair of code units of a scalar value `c` of 10000 or more, the high surrogate in the low
// half.
constexpr std::uint32_t pair_units16(char32_t c) noexcept
{
    std::uint32_t const v = c - 0x10000u;
    return (0xD800u | v >> 10) | (0xDC00u | (v & 0x3FFu)) << 16;
}

// The UTF-16 form of a scalar value `c`, first code unit in the low half.
BOOST_FORCEINLINE constexpr encoded_word encode_word16(char32_t c) noexcept
{
    if (c < 0x10000u)
        return {c, 1};
    return {pair_units16(c), 2};
}

// encode_word16's form, computed without a branch on the value (a mask rather than a
// conditional, which GCC makes a branch of): for bulk encoding of text where pairs come among
// other values at random (emoji between words and spaces).
BOOST_FORCEINLINE constexpr encoded_word encode_word16_unbranched(std::uint32_t v) noexcept
{
    std::uint32_t const pair = static_cast<std::uint32_t>(v >= 0x10000u);
    return {v ^ ((pair_units16(v) ^ v) & (0u - pair)), static_cast<unsigned char>(1u + pair)};
}

// encode_word16_unbranched gives encode_word16's form for every scalar value. All of them would
// take more steps than some compilers allow a constant expression: this takes every value below
// 1000, and from there an odd stride, so that the values it meets end in every pattern of ten low
// bits (a pair's low surrogate) and pass through every run of 400 (its high one), and the values
// at the edges of the surrogates and of the planes.
constexpr bool encode_word16_unbranched_agrees() noexcept
{
    auto const same = [](std::uint32_t v) {
        encoded_word const f = encode_word16_unbranched(v), w = encode_word16(v);
        return f.units == w.units && f.length == w.length;
    };
    for (std::uint32_t v = 0; v < 0x110000u; v += v < 0x1000u ? 1u : 0x3Du)
        if ((v < 0xD800u || v > 0xDFFFu) && !same(v))
            return false;
    for (std::uint32_t const v : {0xD7FFu, 0xE000u, 0xFFFFu, 0x10000u, 0x10FFFFu})
        if (!same(v))
            return false;
    return true;
}
static_assert(encode_word16_unbranched_agrees(), "utf16.hpp: encode_word16_unbranched must give encode_word16's forms");

// Stores the two code units of `units` (first in the low half, as encoded_word holds them) to
// `o`, in memory order on either byte order.
template<class O>
BOOST_FORCEINLINE void store_units16x2(std::uint32_t units, O* const o) noexcept
{
    static_assert(sizeof(O) == 2 && std::is_trivially_copyable<O>::value, "UTF-16 code units");
#if BOOST_ENDIAN_BIG_BYTE
    units = units << 16 | units >> 16;
#endif
    std::memcpy(o, &units, 4);
}

// Writes the UTF-16 form of the scalar value `c` at `o` and moves `o` past it: exactly its code
// units, since the output may be the caller's buffer, sized to fit.
template<class O>
BOOST_FORCEINLINE void write_word16(char32_t c, O*& o) noexcept
{
    encoded_word const w = encode_word16(c);
    o[0] = static_cast<O>(static_cast<std::uint16_t>(w.units));
    if (w.length > 1)
        o[1] = static_cast<O>(static_cast<std::uint16_t>(w.units >> 16));
    o += w.length;
}

// ---- the form, as the generic iterators see it ----------------------------------------------

struct utf16_rules
{
    template<class T>
    static constexpr bool is_unit_v = is_utf16_unit_v<T>;

    template<class I, class S>
    BOOST_FORCEINLINE static constexpr decoded next(I& it, S const& last) noexcept(nothrow_iteration_v<I, S>)
    {
        return decode_next16(it, last);
    }

    template<bool PerCodeUnit, class I, class S>
    static constexpr decoded_before<I> previous(I const& first, I const& p, S const& last)
        noexcept(nothrow_iteration_v<I, S>)
    {
        return decode_previous16<PerCodeUnit>(first, p, last);
    }

    // In well-formed text, whether code unit `u` begins an element (rather than ends a pair).
    template<class T>
    static constexpr bool begins_element(T u) noexcept
    {
        return !is_low_surrogate(to_unit16(u));
    }

    // A pair has no zero code unit, and no form is FFFF FFFF (a pair starts with D800..DBFF).
    static constexpr unsigned unit_bits = 16;
    static constexpr std::uint32_t unchecked_below = 0xD800u;

    BOOST_FORCEINLINE static constexpr std::uint32_t encode(char32_t c) noexcept { return encode_word16(c).units; }

    template<class CharT>
    static constexpr CharT unit(std::uint32_t units) noexcept
    {
        return static_cast<CharT>(static_cast<std::uint16_t>(units));
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_UTF16_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_SSE_HPP
#define BOOST_UTF_DETAIL_SIMD_SSE_HPP

// SSE kernels (SSSE3 and SSE4.1), 16 code units or 4 code points at a time: block validation
// (see classify.hpp), decoding of multi-byte text (see decode_tables.hpp), an ASCII fast path
// for encoding, and code point validation. Every function is compiled for exactly this level
// (see target.hpp).

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/classify.hpp>
#include <boost/utf/detail/simd/decode_tables.hpp>
#include <boost/utf/detail/simd/step.hpp>
#include <boost/utf/detail/simd/target.hpp>

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {
inline namespace BOOST_UTF_ISA_NAMESPACE {
namespace sse {

#define BOOST_UTF_SSE_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_SSE
#define BOOST_UTF_SSE_KERNEL inline BOOST_NOINLINE BOOST_UTF_TARGET_SSE

BOOST_UTF_SSE_INLINE __m128i load(void const* p) noexcept
{
    return _mm_loadu_si128(static_cast<__m128i const*>(p));
}

inline constexpr std::size_t validate_width = 16;
inline constexpr std::size_t decode_width = 16;
inline constexpr std::size_t encode_width = 8;
inline constexpr std::size_t code_point_width = 16;
// Multi-byte text stops the ASCII-only encoding kernel: the scalar rules then take a longer
// stretch before they try again.
inline constexpr std::size_t encode_resume = 64;

BOOST_UTF_SSE_INLINE bool block_valid(unsigned char const* p) noexcept
{
    __m128i const cur = load(p);
    if (_mm_movemask_epi8(cur) == 0)
        return p[-1] < 0xC0 && p[-2] < 0xE0 && p[-3] < 0xF0;
    __m128i const p1 = load(p - 1);
    __m128i const low = _mm_set1_epi8(0x0F);
    __m128i const a = _mm_shuffle_epi8(load(prev_high_table.v), _mm_and_si128(_mm_srli_epi16(p1, 4), low));
    __m128i const b = _mm_shuffle_epi8(load(prev_low_table.v), _mm_and_si128(p1, low));
    __m128i const c = _mm_shuffle_epi8(load(cur_high_table.v), _mm_and_si128(_mm_srli_epi16(cur, 4), low));
    __m128i const e = _mm_and_si128(_mm_and_si128(a, b), c);
    // 0x80 where a lead two or three places back expects a continuation here.
    __m128i const ahead = _mm_or_si128(_mm_subs_epu8(load(p - 2), _mm_set1_epi8(char(0xDF))),
                                       _mm_subs_epu8(load(p - 3), _mm_set1_epi8(char(0xEF))));
    __m128i const expected =
        _mm_and_si128(_mm_cmpgt_epi8(ahead, _mm_setzero_si128()), _mm_set1_epi8(char(0x80)));
    __m128i const diff = _mm_xor_si128(e, expected);
    return _mm_testz_si128(diff, diff) != 0;
}

BOOST_UTF_SSE_KERNEL std::size_t valid_prefix(unsigned char const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    while (n - i >= validate_width && block_valid(p + i))
        i += validate_width;
    return i;
}

// ---- decoding multi-byte text (decode_tables.hpp) -----------------------------------------------

// The bytes in error among the 16 of `cur`, taken alone: `cur` begins an element, so nothing
// before it matters (zeros come in). `high` holds the bytes' high nibbles.
BOOST_UTF_SSE_INLINE unsigned decode_errors(__m128i cur, __m128i high) noexcept
{
    __m128i const low = _mm_set1_epi8(0x0F);
    __m128i const a = _mm_shuffle_epi8(load(prev_high_table.v), _mm_slli_si128(high, 1));
    __m128i const b = _mm_shuffle_epi8(load(prev_low_table.v), _mm_and_si128(_mm_slli_si128(cur, 1), low));
    __m128i const c = _mm_shuffle_epi8(load(cur_high_table.v), high);
    __m128i const e = _mm_and_si128(_mm_and_si128(a, b), c);
    // Bit 7 where a lead two or three places back expects a continuation here: the saturating
    // subtractions leave bit 7 exactly for bytes from E0 and from F0.
    __m128i const ahead = _mm_or_si128(_mm_subs_epu8(_mm_slli_si128(cur, 2), _mm_set1_epi8(0x60)),
                                       _mm_subs_epu8(_mm_slli_si128(cur, 3), _mm_set1_epi8(0x70)));
    __m128i const diff = _mm_xor_si128(e, _mm_and_si128(ahead, _mm_set1_epi8(char(0x80))));
    return ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(diff, _mm_setzero_si128()))) & 0xFFFFu;
}

// Bit i set when byte i of `cur` is not a continuation byte.
BOOST_UTF_SSE_INLINE unsigned non_continuations(__m128i cur) noexcept
{
    // Continuation bytes, 80..BF, are the signed bytes below C0.
    return ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpgt_epi8(_mm_set1_epi8(char(0xC0)), cur))) & 0xFFFFu;
}

// The positions of the set bits of `m` (below 2^16), in increasing order, one per byte; their
// number in `count`. Bytes from `count` on are unspecified.
BOOST_UTF_SSE_INLINE __m128i set_bit_positions(unsigned m, unsigned& count) noexcept
{
    unsigned const lo = m & 0xFFu;
    unsigned const hi = m >> 8;
    __m128i const a = _mm_loadl_epi64(reinterpret_cast<__m128i const*>(bit_positions.positions[lo]));
    __m128i const b = _mm_add_epi8(_mm_loadl_epi64(reinterpret_cast<__m128i const*>(bit_positions.positions[hi])),
                                   _mm_set1_epi8(8));
    unsigned const below = bit_positions.count[lo];
    count = below + bit_positions.count[hi];
    // a is zero from byte `below` on, where b goes.
    return _mm_or_si128(a, _mm_shuffle_epi8(b, load(byte_shift.v + 16 - below)));
}

// What a window of 16 well-formed bytes needs to decode its leads: the bytes reduced to their
// payloads, the leads' positions and the leads' shapes (decode_tables.hpp).
struct decode_window
{
    __m128i payload;
    __m128i positions;
    __m128i shapes;
};

BOOST_UTF_SSE_INLINE decode_window prepare_window(__m128i bytes, __m128i high, __m128i positions) noexcept
{
    __m128i const payload = _mm_and_si128(bytes, _mm_shuffle_epi8(load(payload_masks.v), high));
    __m128i const shapes = _mm_shuffle_epi8(_mm_shuffle_epi8(load(lead_shapes.v), high), positions);
    return {payload, positions, shapes};
}

// The code points of leads g, g + 1, g + 2, g + 3 of the window.
BOOST_UTF_SSE_INLINE __m128i decode_four(decode_window const& w, unsigned g) noexcept
{
    __m128i const pick = _mm_add_epi8(load(repeat_by_four.v), _mm_set1_epi8(static_cast<char>(g)));
    __m128i const lead = _mm_shuffle_epi8(w.positions, pick);
    __m128i const row = _mm_or_si128(_mm_shuffle_epi8(w.shapes, pick), _mm_set1_epi32(0x03020100));
    __m128i const index = _mm_add_epi8(lead, _mm_shuffle_epi8(load(gather_offsets.v), row));
    __m128i const x = _mm_shuffle_epi8(w.payload, index);
    // Bytes 0..3 of a lane weigh 2^18, 2^12, 2^6 and 1: 64 and 1 within each pair of bytes
    // (at most 64 * 7F + 3F, no saturation), then 2^12 and 1 within each pair of words.
    __m128i const pairs = _mm_maddubs_epi16(x, _mm_set1_epi16(0x0140));
    return _mm_madd_epi16(pairs, _mm_set1_epi32(0x00011000));
}

BOOST_UTF_SSE_INLINE void store_four(char32_t* o, __m128i v) noexcept
{
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
}

// The code points of the window's `count` leads, 4 <= count <= 13, at o[0, count): four at a
// time, the last four ending at o + count, so that nothing past them is written.
BOOST_UTF_SSE_INLINE void decode_leads(decode_window const& w, unsigned count, char32_t* o) noexcept
{
    store_four(o, decode_four(w, 0));
    store_four(o + count - 4, decode_four(w, count - 4));
    if (count > 8)
    {
        unsigned const third = count - 4 < 8 ? count - 4 : 8;
        store_four(o + 4, decode_four(w, 4));
        store_four(o + third, decode_four(w, third));
    }
}

BOOST_UTF_SSE_INLINE void widen_ascii(__m128i cur, char32_t* o) noexcept
{
    __m128i* const out = reinterpret_cast<__m128i*>(o);
    _mm_storeu_si128(out, _mm_cvtepu8_epi32(cur));
    _mm_storeu_si128(out + 1, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 4)));
    _mm_storeu_si128(out + 2, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 8)));
    _mm_storeu_si128(out + 3, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 12)));
}

// A step that found its first error at byte `error` of `cur`: the elements that start before
// error - 3 end before it, and are decoded if there are four; then the scalar rules take the
// bytes up to the error.
BOOST_UTF_SSE_INLINE transcode_step decode_before_error(__m128i cur, __m128i high, unsigned leads, unsigned error,
                                                        std::size_t i, std::size_t produced, char32_t* o) noexcept
{
    if (error >= 7)
    {
        unsigned const cut = error - 3;
        unsigned count;
        __m128i const positions = set_bit_positions(leads & ((1u << cut) - 1), count);
        if (count >= 4)
        {
            unsigned const next = static_cast<unsigned>(__builtin_ctz(leads >> cut)) + cut;
            unsigned const used = next < error ? next : error;
            decode_leads(prepare_window(cur, high, positions), count, o + produced);
            return {i + used, produced + count, error + std::size_t(1) - used};
        }
    }
    return {i, produced, error + std::size_t(1)};
}

// Each step loads 16 bytes and decodes the elements that start in its first 13, which lie wholly
// inside: at least four, since none is longer than four bytes.
BOOST_UTF_SSE_KERNEL transcode_step decode(unsigned char const* p, std::size_t n, char32_t* o) noexcept
{
    std::size_t i = 0, produced = 0;
    while (n - i >= decode_width)
    {
        __m128i const cur = load(p + i);
        if (_mm_movemask_epi8(cur) == 0)
        {
            widen_ascii(cur, o + produced);
            i += decode_width;
            produced += decode_width;
            continue;
        }
        __m128i const high = _mm_and_si128(_mm_srli_epi16(cur, 4), _mm_set1_epi8(0x0F));
        unsigned const errors = decode_errors(cur, high);
        // A lead at 16 stands for the end of the window.
        unsigned const leads = non_continuations(cur) | 0x10000u;
        // The next step's start depends on the leads alone, not on the validation, which the
        // processor then need not wait for.
        if (BOOST_UNLIKELY(errors != 0))
            return decode_before_error(cur, high, leads, static_cast<unsigned>(__builtin_ctz(errors)), i, produced,
                                       o);
        unsigned count;
        __m128i const positions = set_bit_positions(leads & 0x1FFFu, count);
        decode_leads(prepare_window(cur, high, positions), count, o + produced);
        i += static_cast<unsigned>(__builtin_ctz(leads >> 13)) + 13;
        produced += count;
    }
    return {i, produced, 0};
}

BOOST_UTF_SSE_KERNEL transcode_step encode(std::uint32_t const* p, std::size_t n, unsigned char* o) noexcept
{
    std::size_t i = 0;
    while (n - i >= encode_width)
    {
        __m128i const a = load(p + i);
        __m128i const b = load(p + i + 4);
        if (!_mm_testz_si128(_mm_or_si128(a, b), _mm_set1_epi32(~0x7F)))
            return {i, i, encode_resume};
        // Every value is below 80, so the saturating packs are exact.
        __m128i const words = _mm_packs_epi32(a, b);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(o + i), _mm_packus_epi16(words, words));
        i += encode_width;
    }
    return {i, i, 0};
}

// Lanes holding a value above 10FFFF or a surrogate.
BOOST_UTF_SSE_INLINE __m128i not_scalar(__m128i x) noexcept
{
    __m128i const above = _mm_cmpgt_epi32(_mm_srli_epi32(x, 16), _mm_set1_epi32(0x10));
    __m128i const surrogate = _mm_cmpeq_epi32(_mm_and_si128(x, _mm_set1_epi32(int(0xFFFFF800u))), _mm_set1_epi32(0xD800));
    return _mm_or_si128(above, surrogate);
}

BOOST_UTF_SSE_KERNEL std::size_t valid_code_points(std::uint32_t const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    while (n - i >= code_point_width)
    {
        __m128i const bad = _mm_or_si128(_mm_or_si128(not_scalar(load(p + i)), not_scalar(load(p + i + 4))),
                                         _mm_or_si128(not_scalar(load(p + i + 8)), not_scalar(load(p + i + 12))));
        if (!_mm_testz_si128(bad, bad))
            break;
        i += code_point_width;
    }
    return i;
}

#undef BOOST_UTF_SSE_INLINE
#undef BOOST_UTF_SSE_KERNEL

} // namespace sse
} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_SSE_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_SSE_HPP
#define BOOST_UTF_DETAIL_SIMD_SSE_HPP

// SSE kernels, 16 code units at a time: ASCII fast paths with SSE2 (every x86-64 target), and
// block validation (see classify.hpp) when SSSE3's byte shuffle is there. Everything else goes
// through the scalar rules.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/classify.hpp>

#include <emmintrin.h>
#if defined(__SSSE3__)
#  include <tmmintrin.h>
#endif

#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {
namespace sse {

BOOST_FORCEINLINE __m128i load(void const* p) noexcept
{
    return _mm_loadu_si128(static_cast<__m128i const*>(p));
}

inline constexpr std::size_t validate_width = 16;
// Multi-byte text stops the ASCII-only kernels (and, without SSSE3, validation): the scalar
// rules then take a longer stretch before they try again.
#if defined(__SSSE3__)
inline constexpr std::size_t validate_backoff = 0;
#else
inline constexpr std::size_t validate_backoff = 256;
#endif
inline constexpr std::size_t decode_backoff = 256;
inline constexpr std::size_t encode_backoff = 64;

BOOST_FORCEINLINE bool block_valid(unsigned char const* p) noexcept
{
    __m128i const cur = load(p);
    if (_mm_movemask_epi8(cur) == 0)
        return p[-1] < 0xC0 && p[-2] < 0xE0 && p[-3] < 0xF0;
#if defined(__SSSE3__)
    __m128i const p1 = load(p - 1);
    __m128i const low = _mm_set1_epi8(0x0F);
    __m128i const a = _mm_shuffle_epi8(load(prev_high_table.data()), _mm_and_si128(_mm_srli_epi16(p1, 4), low));
    __m128i const b = _mm_shuffle_epi8(load(prev_low_table.data()), _mm_and_si128(p1, low));
    __m128i const c = _mm_shuffle_epi8(load(cur_high_table.data()), _mm_and_si128(_mm_srli_epi16(cur, 4), low));
    __m128i const e = _mm_and_si128(_mm_and_si128(a, b), c);
    __m128i const ahead = _mm_or_si128(_mm_subs_epu8(load(p - 2), _mm_set1_epi8(char(0xDF))),
                                       _mm_subs_epu8(load(p - 3), _mm_set1_epi8(char(0xEF))));
    __m128i const expected =
        _mm_and_si128(_mm_cmpgt_epi8(ahead, _mm_setzero_si128()), _mm_set1_epi8(char(0x80)));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_xor_si128(e, expected), _mm_setzero_si128())) == 0xFFFF;
#else
    return false; // the scalar rules take the block
#endif
}

struct decode_step
{
    unsigned consumed;
    unsigned produced;
    unsigned flagged;
};

inline constexpr std::size_t decode_width = 16;

BOOST_FORCEINLINE decode_step decode_block(unsigned char const* p, char32_t* o) noexcept
{
    __m128i const cur = load(p);
    if (_mm_movemask_epi8(cur) != 0)
        return {0, 0, 15};
    __m128i const zero = _mm_setzero_si128();
    __m128i const lo = _mm_unpacklo_epi8(cur, zero);
    __m128i const hi = _mm_unpackhi_epi8(cur, zero);
    __m128i* const out = reinterpret_cast<__m128i*>(o);
    _mm_storeu_si128(out, _mm_unpacklo_epi16(lo, zero));
    _mm_storeu_si128(out + 1, _mm_unpackhi_epi16(lo, zero));
    _mm_storeu_si128(out + 2, _mm_unpacklo_epi16(hi, zero));
    _mm_storeu_si128(out + 3, _mm_unpackhi_epi16(hi, zero));
    return {16, 16, 0};
}

inline constexpr std::size_t encode_width = 8;
inline constexpr std::size_t encode_failed = ~std::size_t(0);

BOOST_FORCEINLINE std::size_t encode_block(std::uint32_t const* p, unsigned char* o) noexcept
{
    __m128i const a = load(p);
    __m128i const b = load(p + 4);
    __m128i const high = _mm_and_si128(_mm_or_si128(a, b), _mm_set1_epi32(~0x7F));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(high, _mm_setzero_si128())) != 0xFFFF)
        return encode_failed;
    // Every value is below 80, so the saturating packs are exact.
    __m128i const words = _mm_packs_epi32(a, b);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(o), _mm_packus_epi16(words, words));
    return 8;
}

} // namespace sse
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_SSE_HPP

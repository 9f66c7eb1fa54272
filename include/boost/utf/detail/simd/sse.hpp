// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_SSE_HPP
#define BOOST_UTF_DETAIL_SIMD_SSE_HPP

// SSE kernels (SSSE3 and SSE4.1), 16 code units or 4 code points at a time: block validation
// (see classify.hpp), ASCII fast paths for decoding and encoding, and code point validation.
// Every function is compiled for exactly this level (see target.hpp).

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/classify.hpp>
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
// Multi-byte text stops the ASCII-only kernels: the scalar rules then take a longer stretch
// before they try again.
inline constexpr std::size_t decode_resume = 256;
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

BOOST_UTF_SSE_KERNEL transcode_step decode(unsigned char const* p, std::size_t n, char32_t* o) noexcept
{
    std::size_t i = 0;
    while (n - i >= decode_width)
    {
        __m128i const cur = load(p + i);
        if (_mm_movemask_epi8(cur) != 0)
            return {i, i, decode_resume};
        __m128i* const out = reinterpret_cast<__m128i*>(o + i);
        _mm_storeu_si128(out, _mm_cvtepu8_epi32(cur));
        _mm_storeu_si128(out + 1, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 4)));
        _mm_storeu_si128(out + 2, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 8)));
        _mm_storeu_si128(out + 3, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 12)));
        i += decode_width;
    }
    return {i, i, 0};
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

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_AVX2_HPP
#define BOOST_UTF_DETAIL_SIMD_AVX2_HPP

// AVX2 kernels: block validation over 32 code units (see classify.hpp), ASCII fast paths for
// decoding (32 code units) and encoding (8 code points), and code point validation. Every
// function is compiled for exactly this level (see target.hpp).

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
namespace avx2 {

#define BOOST_UTF_AVX2_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_AVX2
#define BOOST_UTF_AVX2_KERNEL inline BOOST_NOINLINE BOOST_UTF_TARGET_AVX2

BOOST_UTF_AVX2_INLINE __m256i table(nibble_table const& t) noexcept
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<__m128i const*>(t.v)));
}

BOOST_UTF_AVX2_INLINE __m256i load(void const* p) noexcept
{
    return _mm256_loadu_si256(static_cast<__m256i const*>(p));
}

inline constexpr std::size_t validate_width = 32;
inline constexpr std::size_t decode_width = 32;
inline constexpr std::size_t encode_width = 8;
inline constexpr std::size_t code_point_width = 32;
// Multi-byte text stops the ASCII-only kernels: the scalar rules then take a longer stretch
// before they try again.
inline constexpr std::size_t decode_resume = 256;
inline constexpr std::size_t encode_resume = 64;

BOOST_UTF_AVX2_INLINE bool block_valid(unsigned char const* p) noexcept
{
    __m256i const cur = load(p);
    if (_mm256_movemask_epi8(cur) == 0)
        return p[-1] < 0xC0 && p[-2] < 0xE0 && p[-3] < 0xF0;
    __m256i const p1 = load(p - 1);
    __m256i const low = _mm256_set1_epi8(0x0F);
    __m256i const a = _mm256_shuffle_epi8(table(prev_high_table), _mm256_and_si256(_mm256_srli_epi16(p1, 4), low));
    __m256i const b = _mm256_shuffle_epi8(table(prev_low_table), _mm256_and_si256(p1, low));
    __m256i const c = _mm256_shuffle_epi8(table(cur_high_table), _mm256_and_si256(_mm256_srli_epi16(cur, 4), low));
    __m256i const e = _mm256_and_si256(_mm256_and_si256(a, b), c);
    // 0x80 where a lead two or three places back expects a continuation here.
    __m256i const ahead = _mm256_or_si256(_mm256_subs_epu8(load(p - 2), _mm256_set1_epi8(char(0xDF))),
                                          _mm256_subs_epu8(load(p - 3), _mm256_set1_epi8(char(0xEF))));
    __m256i const expected = _mm256_and_si256(_mm256_cmpgt_epi8(ahead, _mm256_setzero_si256()),
                                              _mm256_set1_epi8(char(0x80)));
    __m256i const diff = _mm256_xor_si256(e, expected);
    return _mm256_testz_si256(diff, diff) != 0;
}

BOOST_UTF_AVX2_KERNEL std::size_t valid_prefix(unsigned char const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    while (n - i >= validate_width && block_valid(p + i))
        i += validate_width;
    return i;
}

BOOST_UTF_AVX2_KERNEL transcode_step decode(unsigned char const* p, std::size_t n, char32_t* o) noexcept
{
    std::size_t i = 0;
    while (n - i >= decode_width)
    {
        __m256i const cur = load(p + i);
        if (_mm256_movemask_epi8(cur) != 0)
            return {i, i, decode_resume};
        __m128i const lo = _mm256_castsi256_si128(cur);
        __m128i const hi = _mm256_extracti128_si256(cur, 1);
        __m256i* const out = reinterpret_cast<__m256i*>(o + i);
        _mm256_storeu_si256(out, _mm256_cvtepu8_epi32(lo));
        _mm256_storeu_si256(out + 1, _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)));
        _mm256_storeu_si256(out + 2, _mm256_cvtepu8_epi32(hi));
        _mm256_storeu_si256(out + 3, _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8)));
        i += decode_width;
    }
    return {i, i, 0};
}

BOOST_UTF_AVX2_KERNEL transcode_step encode(std::uint32_t const* p, std::size_t n, unsigned char* o) noexcept
{
    std::size_t i = 0;
    while (n - i >= encode_width)
    {
        __m256i const x = load(p + i);
        if (!_mm256_testz_si256(x, _mm256_set1_epi32(~0x7F)))
            return {i, i, encode_resume};
        __m128i const words = _mm_packus_epi32(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(o + i), _mm_packus_epi16(words, words));
        i += encode_width;
    }
    return {i, i, 0};
}

// Lanes holding a value above 10FFFF or a surrogate.
BOOST_UTF_AVX2_INLINE __m256i not_scalar(__m256i x) noexcept
{
    __m256i const above = _mm256_cmpgt_epi32(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(0x10));
    __m256i const surrogate =
        _mm256_cmpeq_epi32(_mm256_and_si256(x, _mm256_set1_epi32(int(0xFFFFF800u))), _mm256_set1_epi32(0xD800));
    return _mm256_or_si256(above, surrogate);
}

BOOST_UTF_AVX2_KERNEL std::size_t valid_code_points(std::uint32_t const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    while (n - i >= code_point_width)
    {
        __m256i const bad =
            _mm256_or_si256(_mm256_or_si256(not_scalar(load(p + i)), not_scalar(load(p + i + 8))),
                            _mm256_or_si256(not_scalar(load(p + i + 16)), not_scalar(load(p + i + 24))));
        if (!_mm256_testz_si256(bad, bad))
            break;
        i += code_point_width;
    }
    return i;
}

#undef BOOST_UTF_AVX2_INLINE
#undef BOOST_UTF_AVX2_KERNEL

} // namespace avx2
} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_AVX2_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_AVX2_HPP
#define BOOST_UTF_DETAIL_SIMD_AVX2_HPP

// AVX2 kernels: block validation over 32 code units (see classify.hpp), and ASCII fast paths for
// decoding (32 code units) and encoding (8 code points). Multi-byte text is decoded and encoded
// by the scalar rules.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/classify.hpp>

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {
namespace avx2 {

BOOST_FORCEINLINE __m256i table(std::array<std::uint8_t, 16> const& t) noexcept
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<__m128i const*>(t.data())));
}

BOOST_FORCEINLINE __m256i load(void const* p) noexcept
{
    return _mm256_loadu_si256(static_cast<__m256i const*>(p));
}

inline constexpr std::size_t validate_width = 32;
// Multi-byte text stops the ASCII-only kernels: the scalar rules then take a longer stretch
// before they try again.
inline constexpr std::size_t validate_backoff = 0;
inline constexpr std::size_t decode_backoff = 256;
inline constexpr std::size_t encode_backoff = 64;

BOOST_FORCEINLINE bool block_valid(unsigned char const* p) noexcept
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
    return _mm256_testz_si256(_mm256_xor_si256(e, expected), _mm256_xor_si256(e, expected)) != 0;
}

struct decode_step
{
    unsigned consumed;
    unsigned produced;
    unsigned flagged;
};

inline constexpr std::size_t decode_width = 32;

BOOST_FORCEINLINE decode_step decode_block(unsigned char const* p, char32_t* o) noexcept
{
    __m256i const cur = load(p);
    if (_mm256_movemask_epi8(cur) != 0)
        return {0, 0, 31};
    __m128i const lo = _mm256_castsi256_si128(cur);
    __m128i const hi = _mm256_extracti128_si256(cur, 1);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), _mm256_cvtepu8_epi32(lo));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + 8), _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + 16), _mm256_cvtepu8_epi32(hi));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + 24), _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8)));
    return {32, 32, 0};
}

inline constexpr std::size_t encode_width = 8;
inline constexpr std::size_t encode_failed = ~std::size_t(0);

BOOST_FORCEINLINE std::size_t encode_block(std::uint32_t const* p, unsigned char* o) noexcept
{
    __m256i const x = load(p);
    if (!_mm256_testz_si256(x, _mm256_set1_epi32(~0x7F)))
        return encode_failed;
    __m128i const words = _mm_packus_epi32(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(o), _mm_packus_epi16(words, words));
    return 8;
}

} // namespace avx2
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_AVX2_HPP

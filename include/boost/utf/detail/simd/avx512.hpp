// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_AVX512_HPP
#define BOOST_UTF_DETAIL_SIMD_AVX512_HPP

// AVX-512 kernels: 64 code units or 16 code points per step. Validation needs AVX-512BW;
// decoding and encoding of multi-byte text also need VBMI and VBMI2 (byte permutes and byte
// compression), and fall back to an ASCII-only fast path without them.
//
// Decoding follows the idea of Lemire and Muła, "Transcoding billions of Unicode characters per
// second with SIMD instructions" (2022), in a form of our own: once a block is known to be
// well-formed, the positions of its lead bytes are compressed into a vector, each lead gathers
// itself and the three bytes after it into a 32-bit lane, and each lane becomes a code point by
// shifts whose amounts depend on the lead alone. Encoding runs the other way: each code point
// spreads into a 32-bit lane of UTF-8, and the lanes' used bytes are compressed together.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/classify.hpp>

#include <immintrin.h>
#if defined(_MSC_VER) && !defined(__clang__)
#  include <intrin.h>
#endif

#include <cstddef>
#include <cstdint>

// GCC 12's AVX-512 headers start some intrinsics from an "undefined" vector and then warn that
// it may be used uninitialised once they are inlined (GCC bug 105593).
#if defined(BOOST_GCC) && BOOST_GCC < 130000
#  pragma GCC diagnostic push
#  pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#  pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace boost {
namespace utf {
namespace detail {
namespace simd {
namespace avx512 {

// Bit counts of the 64-bit lane masks, from the compilers' own intrinsics: the headers depend on
// Boost.Config and Predef only. lowest_set_bit requires a non-zero mask.
inline unsigned lowest_set_bit(std::uint64_t mask) noexcept
{
#if defined(_MSC_VER) && !defined(__clang__)
    unsigned long index;
    _BitScanForward64(&index, mask);
    return static_cast<unsigned>(index);
#else
    return static_cast<unsigned>(__builtin_ctzll(mask));
#endif
}

inline unsigned set_bits(std::uint64_t mask) noexcept
{
#if defined(_MSC_VER) && !defined(__clang__)
    return static_cast<unsigned>(__popcnt64(mask));
#else
    return static_cast<unsigned>(__builtin_popcountll(mask));
#endif
}

#if defined(__AVX512VBMI__) && defined(__AVX512VBMI2__)
inline constexpr bool has_transcoder = true;
#else
inline constexpr bool has_transcoder = false;
#endif

BOOST_FORCEINLINE __m512i table(std::array<std::uint8_t, 16> const& t) noexcept
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<__m128i const*>(t.data())));
}

BOOST_FORCEINLINE __m512i load(void const* p) noexcept { return _mm512_loadu_si512(p); }

// The bytes of `cur` in error, knowing the one, two and three bytes before each.
BOOST_FORCEINLINE std::uint64_t error_mask(__m512i cur, __m512i p1, __m512i p2, __m512i p3) noexcept
{
    __m512i const low = _mm512_set1_epi8(0x0F);
    __m512i const a = _mm512_shuffle_epi8(table(prev_high_table), _mm512_and_si512(_mm512_srli_epi16(p1, 4), low));
    __m512i const b = _mm512_shuffle_epi8(table(prev_low_table), _mm512_and_si512(p1, low));
    __m512i const c = _mm512_shuffle_epi8(table(cur_high_table), _mm512_and_si512(_mm512_srli_epi16(cur, 4), low));
    __m512i const e = _mm512_ternarylogic_epi32(a, b, c, 0x80); // a & b & c
    std::uint64_t const other = _mm512_test_epi8_mask(e, _mm512_set1_epi8(0x7F));
    std::uint64_t const two_continuations = _mm512_test_epi8_mask(e, _mm512_set1_epi8(char(0x80)));
    // A third or fourth byte: a three- or four-byte lead two or three places back.
    std::uint64_t const expected = _mm512_cmpge_epu8_mask(p2, _mm512_set1_epi8(char(0xE0))) |
                                   _mm512_cmpge_epu8_mask(p3, _mm512_set1_epi8(char(0xF0)));
    return other | (two_continuations ^ expected);
}

inline constexpr std::size_t validate_width = 64;
// Bytes (or code points) the scalar rules take after a block the kernels could not handle, before
// the kernels try again: none when only errors stop them, more when multi-byte text does.
inline constexpr std::size_t validate_backoff = 0;
inline constexpr std::size_t decode_backoff = has_transcoder ? 0 : 256;
inline constexpr std::size_t encode_backoff = has_transcoder ? 0 : 64;

// True when the bytes [p, p + 64) are well-formed given the three before them, which must be
// readable: no byte flags an error, counting a sequence begun before p and not continued.
BOOST_FORCEINLINE bool block_valid(unsigned char const* p) noexcept
{
    __m512i const cur = load(p);
    if (_mm512_movepi8_mask(cur) == 0)
        return p[-1] < 0xC0 && p[-2] < 0xE0 && p[-3] < 0xF0;
    return error_mask(cur, load(p - 1), load(p - 2), load(p - 3)) == 0;
}

struct decode_step
{
    unsigned consumed; // 0: not provably well-formed
    unsigned produced;
    unsigned flagged;  // when consumed is 0: the scalar rules must go at least past this byte
};

inline constexpr std::size_t decode_width = 64;

BOOST_FORCEINLINE void widen_ascii(__m512i bytes, char32_t* o) noexcept
{
    _mm512_storeu_si512(o, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(bytes)));
    _mm512_storeu_si512(o + 16, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, 1)));
    _mm512_storeu_si512(o + 32, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, 2)));
    _mm512_storeu_si512(o + 48, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, 3)));
}

#if defined(__AVX512VBMI__) && defined(__AVX512VBMI2__)

struct byte_indices
{
    alignas(64) std::uint8_t iota[64];
    alignas(64) std::uint8_t back1[64];
    alignas(64) std::uint8_t back2[64];
    alignas(64) std::uint8_t back3[64];
};

constexpr byte_indices make_byte_indices() noexcept
{
    byte_indices r{};
    for (unsigned i = 0; i < 64; ++i)
    {
        r.iota[i] = static_cast<std::uint8_t>(i);
        r.back1[i] = static_cast<std::uint8_t>((i + 63) % 64);
        r.back2[i] = static_cast<std::uint8_t>((i + 62) % 64);
        r.back3[i] = static_cast<std::uint8_t>((i + 61) % 64);
    }
    return r;
}

inline constexpr byte_indices indices = make_byte_indices();

// 16 code points from 16 lead positions (bytes of `pos16`, zero-extended) in `block`.
BOOST_FORCEINLINE __m512i decode_lanes(__m512i block, __m128i pos16) noexcept
{
    // Lane k gathers bytes pos, pos+1, pos+2, pos+3: the lead in the low byte.
    __m512i const pos = _mm512_cvtepu8_epi32(pos16);
    __m512i const idx = _mm512_add_epi32(_mm512_mullo_epi32(pos, _mm512_set1_epi32(0x01010101)),
                                         _mm512_set1_epi32(0x03020100));
    __m512i const x = _mm512_permutexvar_epi8(idx, block);
    __m512i const lead = _mm512_and_si512(x, _mm512_set1_epi32(0xFF));
    __mmask16 const two = _mm512_cmpge_epu32_mask(lead, _mm512_set1_epi32(0xC0));
    __mmask16 const three = _mm512_cmpge_epu32_mask(lead, _mm512_set1_epi32(0xE0));
    __mmask16 const four = _mm512_cmpge_epu32_mask(lead, _mm512_set1_epi32(0xF0));
    // Payload of the lead, by length: 7, 5, 4 or 3 bits.
    __m512i lead_mask = _mm512_set1_epi32(0x7F);
    lead_mask = _mm512_mask_mov_epi32(lead_mask, two, _mm512_set1_epi32(0x1F));
    lead_mask = _mm512_mask_mov_epi32(lead_mask, three, _mm512_set1_epi32(0x0F));
    lead_mask = _mm512_mask_mov_epi32(lead_mask, four, _mm512_set1_epi32(0x07));
    // All four bytes as if the sequence were four long, then shifted down by six bits per
    // missing byte: bytes past the sequence fall off the bottom.
    __m512i const c3 = _mm512_and_si512(_mm512_srli_epi32(x, 24), _mm512_set1_epi32(0x3F));
    __m512i const c2 = _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(x, 16), _mm512_set1_epi32(0x3F)), 6);
    __m512i const c1 = _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(x, 8), _mm512_set1_epi32(0x3F)), 12);
    __m512i const c0 = _mm512_slli_epi32(_mm512_and_si512(lead, lead_mask), 18);
    __m512i const all = _mm512_or_si512(_mm512_or_si512(c0, c1), _mm512_or_si512(c2, c3));
    __m512i shift = _mm512_set1_epi32(18);
    shift = _mm512_mask_mov_epi32(shift, two, _mm512_set1_epi32(12));
    shift = _mm512_mask_mov_epi32(shift, three, _mm512_set1_epi32(6));
    shift = _mm512_mask_mov_epi32(shift, four, _mm512_setzero_si512());
    return _mm512_srlv_epi32(all, shift);
}

// Decodes the elements that start in [p, p + 61) when p begins an element and the 64 bytes from
// p are readable; stops at the first element that starts at 61 or later.
BOOST_FORCEINLINE decode_step decode_block(unsigned char const* p, char32_t* o) noexcept
{
    __m512i const cur = load(p);
    if (_mm512_movepi8_mask(cur) == 0)
    {
        widen_ascii(cur, o);
        return {64, 64, 0};
    }
    // The block alone: p begins an element, so nothing before it matters.
    __m512i const p1 = _mm512_maskz_permutexvar_epi8(~std::uint64_t(1), load(indices.back1), cur);
    __m512i const p2 = _mm512_maskz_permutexvar_epi8(~std::uint64_t(3), load(indices.back2), cur);
    __m512i const p3 = _mm512_maskz_permutexvar_epi8(~std::uint64_t(7), load(indices.back3), cur);
    std::uint64_t const errors = error_mask(cur, p1, p2, p3);
    if (errors != 0)
        return {0, 0, lowest_set_bit(errors)};

    std::uint64_t const continuation =
        _mm512_cmpeq_epi8_mask(_mm512_and_si512(cur, _mm512_set1_epi8(char(0xC0))), _mm512_set1_epi8(char(0x80)));
    std::uint64_t const leads = ~continuation;
    std::uint64_t const taken = leads & ((std::uint64_t(1) << 61) - 1);
    std::uint64_t const rest = leads >> 61;
    unsigned const consumed = rest ? 61 + lowest_set_bit(rest) : 64;
    unsigned const n = set_bits(taken);

    // Stores are masked to the code points produced: the output may be the caller's own buffer,
    // sized for exactly what the view would write.
    __m512i const positions = _mm512_maskz_compress_epi8(taken, load(indices.iota));
    auto const lanes = [n](unsigned group) {
        unsigned const left = n - 16 * group;
        return static_cast<__mmask16>(left >= 16 ? 0xFFFFu : (1u << left) - 1);
    };
    _mm512_mask_storeu_epi32(o, lanes(0), decode_lanes(cur, _mm512_castsi512_si128(positions)));
    if (n > 16)
    {
        _mm512_mask_storeu_epi32(o + 16, lanes(1), decode_lanes(cur, _mm512_extracti32x4_epi32(positions, 1)));
        if (n > 32)
        {
            _mm512_mask_storeu_epi32(o + 32, lanes(2), decode_lanes(cur, _mm512_extracti32x4_epi32(positions, 2)));
            if (n > 48)
                _mm512_mask_storeu_epi32(o + 48, lanes(3), decode_lanes(cur, _mm512_extracti32x4_epi32(positions, 3)));
        }
    }
    return {consumed, n, 0};
}

#else

BOOST_FORCEINLINE decode_step decode_block(unsigned char const* p, char32_t* o) noexcept
{
    __m512i const cur = load(p);
    if (_mm512_movepi8_mask(cur) == 0)
    {
        widen_ascii(cur, o);
        return {64, 64, 0};
    }
    return {0, 0, 63};
}

#endif

inline constexpr std::size_t encode_width = 16;
inline constexpr std::size_t encode_failed = ~std::size_t(0);

// Encodes 16 code points into at most 64 bytes at `o`; encode_failed, writing nothing, when one
// of them is not a scalar value.
BOOST_FORCEINLINE std::size_t encode_block(std::uint32_t const* p, unsigned char* o) noexcept
{
    __m512i const x = load(p);
    __mmask16 const bad =
        _mm512_cmpgt_epu32_mask(x, _mm512_set1_epi32(0x10FFFF)) |
        _mm512_cmplt_epu32_mask(_mm512_sub_epi32(x, _mm512_set1_epi32(0xD800)), _mm512_set1_epi32(0x800));
    if (bad)
        return encode_failed;
    __mmask16 const two = _mm512_cmpge_epu32_mask(x, _mm512_set1_epi32(0x80));
    if (two == 0)
    {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm512_cvtepi32_epi8(x));
        return 16;
    }
#if defined(__AVX512VBMI2__)
    __mmask16 const three = _mm512_cmpge_epu32_mask(x, _mm512_set1_epi32(0x800));
    __mmask16 const four = _mm512_cmpge_epu32_mask(x, _mm512_set1_epi32(0x10000));
    __m512i const six = _mm512_set1_epi32(0x3F);
    // The code point's six-bit groups, lowest first: the lead's group ends up in the low byte
    // once the lane is shifted down by one byte per missing byte.
    __m512i const spread = _mm512_or_si512(
        _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(x, six), 24),
                        _mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(x, 6), six), 16)),
        _mm512_or_si512(_mm512_slli_epi32(_mm512_and_si512(_mm512_srli_epi32(x, 12), six), 8),
                        _mm512_srli_epi32(x, 18)));
    __m512i shift = _mm512_set1_epi32(16);
    shift = _mm512_mask_mov_epi32(shift, three, _mm512_set1_epi32(8));
    shift = _mm512_mask_mov_epi32(shift, four, _mm512_setzero_si512());
    __m512i marker = _mm512_set1_epi32(0x80C0);
    marker = _mm512_mask_mov_epi32(marker, three, _mm512_set1_epi32(0x8080E0));
    marker = _mm512_mask_mov_epi32(marker, four, _mm512_set1_epi32(int(0x808080F0u)));
    __m512i const bytes = _mm512_mask_or_epi32(x, two, _mm512_srlv_epi32(spread, shift), marker);
    // Bytes in use: 1 to 4 per lane.
    __m512i keep = _mm512_set1_epi32(0xFF);
    keep = _mm512_mask_mov_epi32(keep, two, _mm512_set1_epi32(0xFFFF));
    keep = _mm512_mask_mov_epi32(keep, three, _mm512_set1_epi32(0xFFFFFF));
    keep = _mm512_mask_mov_epi32(keep, four, _mm512_set1_epi32(-1));
    std::uint64_t const used = _mm512_movepi8_mask(keep);
    unsigned const n = set_bits(used);
    __m512i const packed = _mm512_maskz_compress_epi8(used, bytes);
    _mm512_mask_storeu_epi8(o, n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1, packed);
    return n;
#else
    return encode_failed;
#endif
}

} // namespace avx512
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#if defined(BOOST_GCC) && BOOST_GCC < 130000
#  pragma GCC diagnostic pop
#endif

#endif // BOOST_UTF_DETAIL_SIMD_AVX512_HPP

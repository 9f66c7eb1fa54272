// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_AVX512_HPP
#define BOOST_UTF_DETAIL_SIMD_AVX512_HPP

// AVX-512 kernels, 64 code units or 16 code points per step, in two sets. avx512bw (F, BW, VL):
// validation and code point validation, with decoding and encoding from the AVX2 set.
// avx512vbmi2 (and VBMI): the same validation (avx512_validate.ipp), looking bytes up with byte
// permutes, and decoding and encoding of every script with byte permutes and byte compression.
// Every function is compiled for exactly its set (target.hpp).
//
// Decoding follows the idea of Lemire and Muła, "Transcoding billions of Unicode characters per
// second with SIMD instructions" (2022), in a form of our own: once a block is known to be
// well-formed, the positions of its lead bytes are compressed into a vector, each lead gathers
// itself and the three bytes after it into a 32-bit lane, and each lane becomes a code point by
// shifts whose amounts depend on the lead alone. A block without four-byte sequences does the same
// in 16-bit lanes, 32 leads to a register, and a block of one- and two-byte sequences alone pairs
// every byte with the next and compresses the pairs that start at leads. Those two kinds of block
// are not put through the full validation: a check of their lead and continuation masks, and of
// the three-byte values, stands in for it, and only a block that fails it is. Every block also
// goes straight to UTF-16 (decode16): code points below 10000 are code units as they are, and
// the four-byte path makes surrogate pairs in its 32-bit lanes. Encoding runs
// the other way: each code point spreads into a 32-bit lane of UTF-8, and the lanes' used bytes
// are compressed together.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/avx2.hpp>
#include <boost/utf/detail/simd/classify.hpp>
#include <boost/utf/detail/simd/decode_tables.hpp>
#include <boost/utf/detail/simd/step.hpp>
#include <boost/utf/detail/simd/target.hpp>
#include <boost/utf/detail/utf16.hpp>

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

// GCC 12's AVX-512 headers start some intrinsics from an "undefined" vector and then warn that
// it may be used uninitialised once they are inlined (GCC bug 105593).
#if defined(BOOST_GCC) && BOOST_GCC < 130000
#  pragma GCC diagnostic push
#  pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#  pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#define BOOST_UTF_AVX512BW_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_AVX512BW
#define BOOST_UTF_AVX512BW_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_AVX512BW
#define BOOST_UTF_AVX512VBMI2_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_AVX512VBMI2
#define BOOST_UTF_AVX512VBMI2_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_AVX512VBMI2

namespace boost {
namespace utf {
namespace detail {
namespace simd {
inline namespace BOOST_UTF_ISA_NAMESPACE {
namespace avx512bw {

BOOST_UTF_AVX512BW_INLINE unsigned count_trailing_zeros(std::uint64_t m) noexcept
{
    return static_cast<unsigned>(_tzcnt_u64(m));
}

BOOST_UTF_AVX512BW_INLINE unsigned count_ones(std::uint64_t m) noexcept
{
    return static_cast<unsigned>(_mm_popcnt_u64(m));
}

BOOST_UTF_AVX512BW_INLINE __m512i table(nibble_table const& t) noexcept
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<__m128i const*>(t.v)));
}

BOOST_UTF_AVX512BW_INLINE __m512i load(void const* p) noexcept { return _mm512_loadu_si512(p); }

// Sixteen copies of a byte, to broadcast from memory: GCC makes _mm512_set1_epi8 from a general
// register inside the loop again, an extra transfer per block.
template<std::uint8_t B>
inline constexpr nibble_table splat = {{B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B}};

// Each byte of x looked up in t by its low four bits (avx512_validate.ipp).
BOOST_UTF_AVX512BW_INLINE __m512i nibble_lookup(__m512i t, __m512i x, __m512i low_nibbles) noexcept
{
    // A byte shuffle gives zero for an index with bit 7 set.
    return _mm512_shuffle_epi8(t, _mm512_and_si512(x, low_nibbles));
}

// Bytes of a block. The validating and decoding kernels take their last 32 to 63 bytes with the
// AVX2 kernel instead of leaving them to the scalar rules, so they are called from 32 bytes on
// (validate_width, decode_width): with input of a few dozen bytes that is most of it.
inline constexpr std::size_t block_width = 64;
inline constexpr std::size_t validate_width = avx2::validate_width;
inline constexpr std::size_t code_point_width = 64;
// Without VBMI2's byte compression this set has no transcoding kernels of its own: it decodes
// and encodes with the AVX2 ones, which take every script, so that no level transcodes slower
// than the one below it.
using avx2::decode_width;
using avx2::decode;
using avx2::encode_width;
using avx2::encode;

#define BOOST_UTF_AVX512_VALIDATE_INLINE BOOST_UTF_AVX512BW_INLINE
#define BOOST_UTF_AVX512_VALIDATE_KERNEL BOOST_UTF_AVX512BW_KERNEL
#include <boost/utf/detail/simd/avx512_validate.ipp>
#undef BOOST_UTF_AVX512_VALIDATE_INLINE
#undef BOOST_UTF_AVX512_VALIDATE_KERNEL

BOOST_UTF_AVX512BW_INLINE void widen_ascii(__m512i bytes, char32_t* o) noexcept
{
    _mm512_storeu_si512(o, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(bytes)));
    _mm512_storeu_si512(o + 16, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, 1)));
    _mm512_storeu_si512(o + 32, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, 2)));
    _mm512_storeu_si512(o + 48, _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(bytes, 3)));
}

// Lanes that are not scalar values: above 10FFFF, or surrogates.
BOOST_UTF_AVX512BW_INLINE __mmask16 not_scalar(__m512i x) noexcept
{
    return _mm512_cmpgt_epu32_mask(x, _mm512_set1_epi32(0x10FFFF)) |
           _mm512_cmplt_epu32_mask(_mm512_sub_epi32(x, _mm512_set1_epi32(0xD800)), _mm512_set1_epi32(0x800));
}

BOOST_UTF_AVX512BW_KERNEL std::size_t valid_code_points(std::uint32_t const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    while (n - i >= code_point_width)
    {
        if ((not_scalar(load(p + i)) | not_scalar(load(p + i + 16)) | not_scalar(load(p + i + 32)) |
             not_scalar(load(p + i + 48))) != 0)
            break;
        i += code_point_width;
    }
    return i;
}

} // namespace avx512bw

namespace avx512vbmi2 {

using avx512bw::block_width;
using avx512bw::validate_width;
using avx512bw::code_point_width;
using avx512bw::valid_code_points;
inline constexpr std::size_t decode_width = avx2::decode_width;
inline constexpr std::size_t encode_width = 16;

using avx512bw::load;

// Each byte of x looked up in t by its low six bits, which pick the same entry as its low four
// (t holds its table in every 16-byte lane): no mask first, as a byte shuffle needs.
BOOST_UTF_AVX512VBMI2_INLINE __m512i nibble_lookup(__m512i t, __m512i x, __m512i) noexcept
{
    return _mm512_permutexvar_epi8(x, t);
}

#define BOOST_UTF_AVX512_VALIDATE_INLINE BOOST_UTF_AVX512VBMI2_INLINE
#define BOOST_UTF_AVX512_VALIDATE_KERNEL BOOST_UTF_AVX512VBMI2_KERNEL
#include <boost/utf/detail/simd/avx512_validate.ipp>
#undef BOOST_UTF_AVX512_VALIDATE_INLINE
#undef BOOST_UTF_AVX512_VALIDATE_KERNEL

struct byte_indices
{
    alignas(64) std::uint8_t iota[64];
    alignas(64) std::uint8_t back1[64];
    alignas(64) std::uint8_t back2[64];
    alignas(64) std::uint8_t back3[64];
    // Byte pairs (k, k + 1) as 16-bit lanes: k in [0, 32), and in [32, 64) (the last pair's
    // second byte wraps to byte 0).
    alignas(64) std::uint8_t pairs_low[64];
    alignas(64) std::uint8_t pairs_high[64];
    // Each of bytes [0, 32), and of [32, 64), twice: positions spread to 16-bit lanes.
    alignas(64) std::uint8_t spread_low[64];
    alignas(64) std::uint8_t spread_high[64];
    // Positions 16g to 16g + 15, each four times: spread to 32-bit lanes.
    alignas(64) std::uint8_t quads[4][64];
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
        r.pairs_low[i] = static_cast<std::uint8_t>(i / 2 + i % 2);
        r.pairs_high[i] = static_cast<std::uint8_t>((32 + i / 2 + i % 2) % 64);
        r.spread_low[i] = static_cast<std::uint8_t>(i / 2);
        r.spread_high[i] = static_cast<std::uint8_t>(32 + i / 2);
        for (unsigned g = 0; g < 4; ++g)
            r.quads[g][i] = static_cast<std::uint8_t>(16 * g + i / 4);
    }
    return r;
}

inline constexpr byte_indices indices = make_byte_indices();

// decode_lanes' two tables, 32-bit lanes indexed by a lead's high four bits, from the nibble
// tables of decode_tables.hpp (which are checked against lead_rules): the bits of the four bytes
// from the lead that are payload if the sequence were four bytes long (the lead's own, then six
// of each byte after it), and the bits by which that payload is to be shifted down (six for
// each byte the sequence lacks). Continuation bytes are never leads.
struct lead_lane_rules
{
    alignas(64) std::uint32_t payload[16];
    alignas(64) std::uint32_t shift[16];
};

constexpr lead_lane_rules make_lead_lane_rules() noexcept
{
    lead_lane_rules r{};
    for (unsigned high = 0; high < 16; ++high)
    {
        unsigned const length = lead_length_of_nibble(high);
        r.payload[high] = payload_masks.v[high] | std::uint32_t(payload_masks.v[0x8]) * 0x01010100u;
        r.shift[high] = length == 0 ? 0 : 6 * (4 - length);
    }
    return r;
}

inline constexpr lead_lane_rules lead_rows = make_lead_lane_rules();

// v as a value the compiler cannot see into, so that it cannot make it again where it is used.
BOOST_UTF_AVX512VBMI2_INLINE __m512i opaque(__m512i v) noexcept
{
#if defined(__GNUC__)
    __asm__("" : "+v"(v));
#endif
    return v;
}

// v, through opaque where Held.
template<bool Held>
BOOST_UTF_AVX512VBMI2_INLINE __m512i held(__m512i v) noexcept
{
    return Held ? opaque(v) : v;
}

// The vectors of the decoding loop (decode_blocks). GCC makes each _mm512_set1 constant again in
// every block that uses it, from an immediate through a general register (a transfer to the
// vector unit per constant and block), even with registers to spare. Held (made once before the
// loop through opaque, which GCC cannot make again), they stay in registers or on the stack; but
// making them all costs a call some nanoseconds, which short input notices, so a call on fewer
// than held_from elements (bytes here, code points in encoding) makes them in each block instead.
struct decode_constants
{
    // In every byte, for comparisons with the bytes of a block.
    __m512i lead8, two_byte_lead8, three_byte_lead8, four_byte_lead8;
    // In every 16-bit lane: the masks of 7, 5 and 6 low bits, the offsets from a lead's position
    // to the byte after it (in the high byte) and to the one after that, the low byte, the first
    // lead and the first three-byte lead, the least three-byte value and the first surrogate;
    // for surrogate pairs, the first continuation byte and the first four-byte lead, the planes'
    // offset (10000 >> 10), their count (400) and the first low surrogate.
    __m512i low7, low5, low6, next_byte, third_byte, low_byte, lead16, three_byte_lead16, least_three, surrogate;
    __m512i continuation16, four_byte_lead16, plane_offset, planes, low_surrogate;
    // In every 32-bit lane: decode_lanes' byte offsets and weights.
    __m512i quad_offsets, byte_weights, pair_weights;
};

// The calls that hold the constants: on this many elements or more (see decode_constants).
inline constexpr std::size_t held_from = 512;

template<bool Held>
BOOST_UTF_AVX512VBMI2_INLINE decode_constants make_decode_constants() noexcept
{
    return {held<Held>(_mm512_set1_epi8(static_cast<char>(first_lead))),
            held<Held>(_mm512_set1_epi8(static_cast<char>(first_two_byte_lead))),
            held<Held>(_mm512_set1_epi8(static_cast<char>(first_three_byte_lead))),
            held<Held>(_mm512_set1_epi8(static_cast<char>(first_four_byte_lead))),
            held<Held>(_mm512_set1_epi16(0x7F)),
            held<Held>(_mm512_set1_epi16(0x1F)),
            held<Held>(_mm512_set1_epi16(0x3F)),
            held<Held>(_mm512_set1_epi16(0x0100)),
            held<Held>(_mm512_set1_epi16(0x0202)),
            held<Held>(_mm512_set1_epi16(0xFF)),
            held<Held>(_mm512_set1_epi16(first_lead)),
            held<Held>(_mm512_set1_epi16(first_three_byte_lead)),
            held<Held>(_mm512_set1_epi16(0x800)),
            held<Held>(_mm512_set1_epi16(static_cast<short>(0xD800))),
            held<Held>(_mm512_set1_epi16(0x80)),
            held<Held>(_mm512_set1_epi16(first_four_byte_lead)),
            held<Held>(_mm512_set1_epi16(0x40)),
            held<Held>(_mm512_set1_epi16(0x400)),
            held<Held>(_mm512_set1_epi16(static_cast<short>(0xDC00))),
            held<Held>(_mm512_set1_epi32(0x03020100)),
            held<Held>(_mm512_set1_epi16(0x0140)),
            held<Held>(_mm512_set1_epi32(0x00011000))};
}

// 16 code points from the leads at positions 16 * Group to 16 * Group + 15 of `positions` (bytes)
// in `block`.
template<unsigned Group>
BOOST_UTF_AVX512VBMI2_INLINE __m512i decode_lanes(decode_constants const& k, __m512i block, __m512i positions) noexcept
{
    // Lane k gathers bytes pos, pos+1, pos+2, pos+3: the lead in the low byte. Leads are below
    // 61, so the sums stay in the block.
    __m512i const at = _mm512_permutexvar_epi8(load(indices.quads[Group]), positions);
    __m512i const x = _mm512_permutexvar_epi8(_mm512_add_epi8(at, k.quad_offsets), block);
    // The lead's row of lead_rows: its high four bits, which are the low four of the lane
    // shifted down by four (vpermd reads no more).
    __m512i const row = _mm512_srli_epi32(x, 4);
    __m512i const payload = _mm512_and_si512(x, _mm512_permutexvar_epi32(row, load(lead_rows.payload)));
    // The bytes weighed by 2^18, 2^12, 2^6 and 1 in two multiply-adds, as if the sequence were
    // four long, then shifted down by six bits per missing byte: bytes past the sequence fall off
    // the bottom. At most 7F << 18 | 3FFFF, which fits the signed 32-bit sums.
    __m512i const pairs = _mm512_maddubs_epi16(payload, k.byte_weights);
    __m512i const all = _mm512_madd_epi16(pairs, k.pair_weights);
    return _mm512_srlv_epi32(all, _mm512_permutexvar_epi32(row, load(lead_rows.shift)));
}

// How the first n elements of a register go to memory: the whole register, or exactly those n,
// nothing past them, as the output may be the caller's own buffer, sized for exactly what the
// view would write. A whole store is only for where later stores of the same call write over
// the excess: masked stores back to back, each starting where the one before ends its
// elements, are slow on some processors (Zen 5) once the output goes past the caches.
enum class store
{
    whole,
    exact
};

// Lanes [0, n) of 16 stored at `o` (How).
template<store How = store::exact>
BOOST_UTF_AVX512VBMI2_INLINE void store_lanes(char32_t* o, __m512i v, unsigned n) noexcept
{
    if constexpr (How == store::whole)
        _mm512_storeu_si512(o, v);
    else
        _mm512_mask_storeu_epi32(o, static_cast<__mmask16>(n >= 16 ? 0xFFFFu : (1u << n) - 1), v);
}

// Lanes [0, n) of 32 16-bit values below 10000 stored at `o`, as code points or as UTF-16 code
// units (How).
template<store How = store::exact>
BOOST_UTF_AVX512VBMI2_INLINE void store_values(char32_t* o, __m512i v, unsigned n) noexcept
{
    store_lanes<How>(o, _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v)), n);
    if (n > 16)
        store_lanes<How>(o + 16, _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(v, 1)), n - 16);
}

template<store How = store::exact>
BOOST_UTF_AVX512VBMI2_INLINE void store_values(std::uint16_t* o, __m512i v, unsigned n) noexcept
{
    if constexpr (How == store::whole)
        _mm512_storeu_si512(o, v);
    else
        _mm512_mask_storeu_epi16(o, n >= 32 ? ~__mmask32(0) : (__mmask32(1) << n) - 1, v);
}

// An ASCII block, 64 values.
BOOST_UTF_AVX512VBMI2_INLINE void store_ascii(char32_t* o, __m512i block) noexcept { avx512bw::widen_ascii(block, o); }

BOOST_UTF_AVX512VBMI2_INLINE void store_ascii(std::uint16_t* o, __m512i block) noexcept
{
    _mm512_storeu_si512(o, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(block)));
    _mm512_storeu_si512(o + 32, _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(block, 1)));
}

// The code points of one- and two-byte sequences, one a 16-bit lane of `pairs`: its low byte the
// lead, its high byte the byte after it; `two` marks the two-byte leads.
BOOST_UTF_AVX512VBMI2_INLINE __m512i two_byte_values(decode_constants const& k, __m512i pairs, __mmask32 two) noexcept
{
    __m512i const ascii = _mm512_and_si512(pairs, k.low7);
    __m512i const lead_bits = _mm512_slli_epi16(_mm512_and_si512(pairs, k.low5), 6);
    __m512i const continuation_bits = _mm512_and_si512(_mm512_srli_epi16(pairs, 8), k.low6);
    return _mm512_mask_blend_epi16(two, ascii, _mm512_or_si512(lead_bits, continuation_bits));
}

// The code points of the one- and two-byte sequences whose leads are the 16-bit lanes of
// `pairs` (as two_byte_values), the lanes of `taken` compressed to the front and stored at `o`
// (How). Returns how many.
template<store How, class Out>
BOOST_UTF_AVX512VBMI2_INLINE unsigned store_two_byte_lanes(decode_constants const& k, __m512i pairs, __mmask32 two,
                                                           __mmask32 taken, Out* o) noexcept
{
    __m512i const packed = _mm512_maskz_compress_epi16(taken, two_byte_values(k, pairs, two));
    unsigned const n = avx512bw::count_ones(taken);
    store_values<How>(o, packed, n);
    return n;
}

// The values, all below 10000, of the sequences of one to three bytes in `block` whose leads are
// at the positions that `spread` picks from `positions` (32 of them, one a 16-bit lane), and the
// lanes whose three-byte sequence is overlong (below 800) or a surrogate. Once each lead has its
// continuation bytes and no lead is C0 or C1, those are the only errors left below F0: they are
// the narrower second-byte ranges of E0 and ED (Table 3-7), seen in the value.
//
// With Pairs, as UTF-16 code units: a four-byte sequence has two positions, its lead's and its
// third byte's (the only continuation bytes among the positions), whose lanes take its high and
// its low surrogate, and a lane is also ill-formed where the sequence's code point is not from
// 10000 to 10FFFF: the ranges of F0 and F4 and the leads above F4, which the value shows too.
struct three_byte_lanes
{
    __m512i values;
    __mmask32 ill_formed;
};

template<bool Pairs>
BOOST_UTF_AVX512VBMI2_INLINE three_byte_lanes decode_three_byte_lanes(decode_constants const& k, __m512i block,
                                                                      __m512i positions, __m512i spread) noexcept
{
    __m512i const at = _mm512_add_epi16(_mm512_permutexvar_epi8(spread, positions), k.next_byte);
    // Lane k: the lead and the byte after it, and the third byte in the low half.
    __m512i const first = _mm512_permutexvar_epi8(at, block);
    __m512i const third = _mm512_and_si512(_mm512_permutexvar_epi8(_mm512_add_epi16(at, k.third_byte), block), k.low6);
    __m512i const lead = _mm512_and_si512(first, k.low_byte);
    __m512i const second = _mm512_and_si512(_mm512_srli_epi16(first, 8), k.low6);
    // The 16-bit shift keeps the three-byte lead's four payload bits and drops the rest.
    __m512i const of_three =
        _mm512_or_si512(_mm512_slli_epi16(lead, 12), _mm512_or_si512(_mm512_slli_epi16(second, 6), third));
    __mmask32 const two = _mm512_cmpge_epu16_mask(lead, k.lead16);
    __mmask32 three = _mm512_cmpge_epu16_mask(lead, k.three_byte_lead16);
    __m512i values;
    __mmask32 out_of_range = 0;
    if constexpr (Pairs)
    {
        __mmask32 const four = _mm512_cmpge_epu16_mask(lead, k.four_byte_lead16);
        __mmask32 const low_half = _mm512_cmpge_epu16_mask(lead, k.continuation16) & ~two;
        three &= ~four;
        // For a four-byte lead, of_three >> 4 is the code point's bits 10 and up (of the lead,
        // only its low four bits, so that a lead above F7 gives 800 or more): less 40, below 400
        // exactly for code points from 10000 to 10FFFF, and then the high surrogate's ten bits.
        __m512i const plane = _mm512_sub_epi16(_mm512_srli_epi16(of_three, 4), k.plane_offset);
        out_of_range = _mm512_mask_cmpge_epu16_mask(four, plane, k.planes);
        // The two-byte value of a third and a fourth byte holds the low surrogate's ten bits,
        // and the third byte's bit 4 as bit 10, which DC00 has set anyway.
        __m512i const shorter = two_byte_values(k, first, two | low_half);
        values = _mm512_mask_blend_epi16(low_half, shorter, _mm512_or_si512(shorter, k.low_surrogate));
        values = _mm512_mask_blend_epi16(three, values, of_three);
        values = _mm512_mask_blend_epi16(four, values, _mm512_or_si512(plane, k.surrogate));
    }
    else
        values = _mm512_mask_blend_epi16(three, two_byte_values(k, first, two), of_three);
    __mmask32 const overlong = _mm512_mask_cmplt_epu16_mask(three, of_three, k.least_three);
    __mmask32 const surrogate =
        _mm512_mask_cmplt_epu16_mask(three, _mm512_sub_epi16(of_three, k.surrogate), k.least_three);
    return {values, static_cast<__mmask32>(overlong | surrogate | out_of_range)};
}

// Where the values of a block come from: each element's position, and with Pairs (UTF-16) each
// four-byte sequence's third byte, for the elements that start before 61; 0 where the leads and
// continuation bytes are not in their places. Without Pairs the block has no byte from F0. They are in their
// places exactly when each continuation byte is one that a lead before it expects, as the block
// begins an element, and then the sequences that start before 61 are whole in the block. `high`
// marks the bytes from 80, `four` those from F0 (0 without Pairs).
template<bool Pairs>
BOOST_UTF_AVX512VBMI2_INLINE std::uint64_t value_places(decode_constants const& k, __m512i block, std::uint64_t high,
                                                        std::uint64_t four) noexcept
{
    std::uint64_t const lead = _mm512_cmpge_epu8_mask(block, k.lead8);
    std::uint64_t const three = _mm512_cmpge_epu8_mask(block, k.three_byte_lead8);
    std::uint64_t const continuation = high & ~lead;
    std::uint64_t const expected = (lead << 1) | (three << 2) | (Pairs ? four << 3 : 0);
    // C0 and C1 only begin overlong forms.
    std::uint64_t const overlong = _mm512_cmplt_epu8_mask(block, k.two_byte_lead8) & lead;
    if (expected != continuation || overlong != 0)
        return 0;
    std::uint64_t const taken = ~continuation & ((std::uint64_t(1) << 61) - 1);
    return Pairs ? taken | (taken & four) << 2 : taken;
}

// The values of decode_three_byte_lanes<Pairs> at the places of value_places (1 to 61 of them) in
// `block`, stored at o, the first register whole and any second one as Last; returns how many, or
// 0, with nothing stored, where a lane is ill-formed. At least 21 elements start in the first 61
// bytes: the second register, if any, is the last. Lanes past n repeat lane 0 (the compressed
// positions there are 0), so their verdicts add nothing.
template<bool Pairs, store Last, class Out>
BOOST_UTF_AVX512VBMI2_INLINE unsigned store_block_lanes(decode_constants const& k, __m512i block, std::uint64_t places,
                                                        Out* o) noexcept
{
    unsigned const n = avx512bw::count_ones(places);
    __m512i const positions = _mm512_maskz_compress_epi8(places, load(indices.iota));
    three_byte_lanes const low = decode_three_byte_lanes<Pairs>(k, block, positions, load(indices.spread_low));
    if (n > 32)
    {
        three_byte_lanes const rest = decode_three_byte_lanes<Pairs>(k, block, positions, load(indices.spread_high));
        if ((low.ill_formed | rest.ill_formed) != 0)
            return 0;
        store_values<store::whole>(o, low.values, 32);
        store_values<Last>(o + 32, rest.values, n - 32);
        return n;
    }
    if (low.ill_formed != 0)
        return 0;
    store_values<Last>(o, low.values, n);
    return n;
}

// Where the next block starts after the block at p, which decodes the elements that start before
// 61: at the first of bytes 61, 62 and 63 that is not a continuation byte, or at 64. The next
// block's load waits on this, so it is read from memory, a scalar load and a few integer
// operations, rather than from the block's lead mask, which a vector compare and a mask transfer
// give later.
BOOST_UTF_AVX512VBMI2_INLINE unsigned next_block_start(unsigned char const* p) noexcept
{
    std::uint32_t w; // bytes 60 to 63, the first in the low byte (x86 is little-endian)
    std::memcpy(&w, p + 60, sizeof w);
    // Zero exactly for a continuation byte, 10xxxxxx; otherwise bit 7 or bit 6 is set.
    std::uint32_t const c = (w & 0xC0C0C0C0u) ^ 0x80808080u;
    // Bit 8k + 7 set where byte 61 + k begins an element; byte 64 always does.
    std::uint32_t const starts = (((c | (c << 1)) & 0x80808080u) >> 8) | 0x80000000u;
    return 61 + (static_cast<unsigned>(_tzcnt_u32(starts)) >> 3);
}

// The surrogate pair that decode_three_byte_lanes<true> makes of a four-byte form f (its first
// byte in the low byte), high surrogate in the low half, lane by lane as 16-bit values: the high
// one D800 | (the three-byte value of its first three bytes >> 4) - 40, the low one DC00 | the
// two-byte value of its last two. Checked against pair_units16 (detail/utf16.hpp) of the code
// points whose forms encode_word (detail/utf8.hpp) gives: each of the 20 payload bits set alone
// and cleared alone.
constexpr std::uint32_t pair_of_form(std::uint32_t f) noexcept
{
    std::uint32_t const lead = f & 0xFFu, second = f >> 8 & 0x3Fu, third = f >> 16 & 0xFFu, fourth = f >> 24 & 0x3Fu;
    std::uint32_t const of_three = (lead << 12 | second << 6 | (third & 0x3Fu)) & 0xFFFFu;
    std::uint32_t const two = (third & 0x1Fu) << 6 | fourth;
    return (((of_three >> 4) - 0x40u) | 0xD800u) | (two | 0xDC00u) << 16;
}

constexpr bool pair_lanes_follow_the_rules() noexcept
{
    for (unsigned bit = 0; bit <= 20; ++bit)
    {
        std::uint32_t const alone = (1u << bit) & 0xFFFFFu;
        for (std::uint32_t t : {alone, ~alone & 0xFFFFFu})
        {
            char32_t const c = static_cast<char32_t>(0x10000u + t);
            if (pair_of_form(encode_word(c).units) != pair_units16(c))
                return false;
        }
    }
    return true;
}
static_assert(pair_lanes_follow_the_rules(),
              "avx512.hpp: the lanes of a four-byte form must give the pair of detail/utf16.hpp");

// Decodes the elements that start in [p, p + 61) when p begins an element and the 64 bytes from
// p are readable; stops at the first element that starts at 61 or later. A block of one- and
// two-byte sequences alone is decoded up to its last byte, or the one before when that is a
// two-byte lead. Returns the bytes consumed, or 0 where the block is ill-formed, with the offset
// of the first byte in error in `produced` as code points (as UTF-16 the caller does not ask).
// Written once for code points and for UTF-16 code units (`produced` counts what it writes). Its
// last store is exact, or whole (Last) where what follows writes over the excess: fewer than 32
// code units, as a store of 32 holds at least one of the block's own.
template<store Last, class Out>
BOOST_UTF_AVX512VBMI2_INLINE unsigned decode_block(decode_constants const& k, unsigned char const* p, Out* o,
                                                   unsigned& produced) noexcept
{
    __m512i const cur = load(p);
    std::uint64_t const high = _mm512_movepi8_mask(cur);
    if (high == 0)
    {
        store_ascii(o, cur);
        produced = 64;
        return 64;
    }
    if (_mm512_cmpge_epu8_mask(cur, k.three_byte_lead8) == 0)
    {
        // Below E0, such a block is well-formed exactly when each byte from C0 is a lead from C2
        // (C0 and C1 only begin overlong forms) followed by a continuation byte, and each
        // continuation byte follows such a lead; a lead in the last place is left to the next
        // block. Any other block goes the general way below, which finds its first error.
        std::uint64_t const two = _mm512_cmpge_epu8_mask(cur, k.lead8);
        std::uint64_t const continuation = high & ~two;
        std::uint64_t const overlong = _mm512_cmplt_epu8_mask(cur, k.two_byte_lead8) & two;
        if ((two << 1) == continuation && overlong == 0)
        {
            std::uint64_t const taken = ~continuation & ~(two & (std::uint64_t(1) << 63));
            // The first half is stored whole: its 32 bytes make n of 16 to 32 values, and the
            // second half writes at least 16 from n, or 15 when it starts with the continuation
            // of a lead at byte 31 (then n is 17 or more), so it covers the first's excess,
            // which ends at 16 or 32; only the block's last store may need to be exact.
            unsigned const n =
                store_two_byte_lanes<store::whole>(k, _mm512_permutexvar_epi8(load(indices.pairs_low), cur),
                                                   static_cast<__mmask32>(two), static_cast<__mmask32>(taken), o);
            produced = n + store_two_byte_lanes<Last>(k, _mm512_permutexvar_epi8(load(indices.pairs_high), cur),
                                                      static_cast<__mmask32>(two >> 32),
                                                      static_cast<__mmask32>(taken >> 32), o + n);
            // From memory, as next_block_start.
            return 64 - static_cast<unsigned>(p[63] >= first_lead);
        }
    }
    // Below F0, with the leads and continuation bytes in their places (value_places), no C0 or
    // C1 and no three-byte value overlong or a surrogate, the sequences that start before 61 are
    // well-formed; as UTF-16, a block with four-byte leads comes this way too, each sequence two
    // code units, its code point checked in its lane. Any other block goes the general way
    // below, which finds its first error. The block of two-byte sequences above is the same
    // check with no three-byte lead; it stays apart, ahead of this one, so that the text of one-
    // and two-byte letters reaches its stores after the fewest tests.
    std::uint64_t const four = _mm512_cmpge_epu8_mask(cur, k.four_byte_lead8);
    if (four == 0)
    {
        std::uint64_t const places = value_places<false>(k, cur, high, 0);
        if (places != 0 && (produced = store_block_lanes<false, Last>(k, cur, places, o)) != 0)
            return next_block_start(p);
    }
    else if constexpr (sizeof(Out) == 2)
    {
        std::uint64_t const places = value_places<true>(k, cur, high, four);
        if (places != 0 && (produced = store_block_lanes<true, Last>(k, cur, places, o)) != 0)
            return next_block_start(p);
    }
    // As UTF-16, the ways above take every well-formed block: this one is ill-formed, and the
    // caller decodes it (decode16's contract).
    if constexpr (sizeof(Out) == 2)
        return 0;
    else
    {
        // The block alone: p begins an element, so nothing before it matters.
        __m512i const p1 = _mm512_maskz_permutexvar_epi8(~std::uint64_t(1), load(indices.back1), cur);
        __m512i const p2 = _mm512_maskz_permutexvar_epi8(~std::uint64_t(3), load(indices.back2), cur);
        __m512i const p3 = _mm512_maskz_permutexvar_epi8(~std::uint64_t(7), load(indices.back3), cur);
        std::uint64_t const errors = error_mask(error_parts_of(make_error_constants(), cur, p1, p2, p3));
        if (errors != 0)
        {
            produced = avx512bw::count_trailing_zeros(errors);
            return 0;
        }
        // A well-formed block that the ways above did not take has a four-byte sequence. Every
        // group of 16 leads but the last is full and goes to memory whole; only the last store is
        // as Last says (a masked store each would cost as the comment of `store` says).
        std::uint64_t const continuation = high & ~_mm512_cmpge_epu8_mask(cur, k.lead8);
        std::uint64_t const taken = ~continuation & ((std::uint64_t(1) << 61) - 1);
        unsigned const consumed = next_block_start(p);
        unsigned const n = avx512bw::count_ones(taken);
        __m512i const positions = _mm512_maskz_compress_epi8(taken, load(indices.iota));
        __m512i v = decode_lanes<0>(k, cur, positions);
        if (n > 16)
        {
            store_lanes<store::whole>(o, v, 16);
            v = decode_lanes<1>(k, cur, positions);
            if (n > 32)
            {
                store_lanes<store::whole>(o + 16, v, 16);
                v = decode_lanes<2>(k, cur, positions);
                if (n > 48)
                {
                    store_lanes<store::whole>(o + 32, v, 16);
                    v = decode_lanes<3>(k, cur, positions);
                }
            }
        }
        unsigned const full = (n - 1) / 16 * 16; // n >= 1: the block begins an element
        store_lanes<Last>(o + full, v, n - full);
        produced = n;
        return consumed;
    }
}

// One block of decode_blocks' loop, at i: false where it ends the loop, with `stop` set. The
// constants are k where Held, and made for the block otherwise.
template<store Last, bool Held, class Out>
BOOST_UTF_AVX512VBMI2_INLINE bool decode_step(decode_constants const& k, unsigned char const* p, Out* o, std::size_t& i,
                                              std::size_t& produced, transcode_step& stop) noexcept
{
    unsigned made;
    unsigned used;
    if constexpr (Held)
        used = decode_block<Last>(k, p + i, o + produced, made);
    else
        used = decode_block<Last>(make_decode_constants<false>(), p + i, o + produced, made);
    if (used == 0)
    {
        if constexpr (sizeof(Out) == 4)
            stop = {i, produced, made + std::size_t(1)};
        else
            stop = {i, produced, decode_width};
        return false;
    }
    i += used;
    produced += made;
    return true;
}

// The loop over blocks for both outputs. A block that decode_block does not take ends it: with
// code points, `resume` is the bytes up to and with the first one in error; with UTF-16 code
// units (decode16, kernels.hpp), it is decode_width, and the caller decodes that block. The last
// 32 to 63 bytes go to AVX2's kernel for the same output. Covered (decode_covered,
// decode16_covered), a block with covered_tail bytes or more after it ends with a whole store:
// what follows it writes over the excess, fewer than a register's lanes (16 code points, 32 UTF-16
// code units), which covered_tail / 4 and covered_tail / 3 are not.
static_assert(sizeof(__m512i) / sizeof(char32_t) - 1 <= covered_tail / 4 &&
                  sizeof(__m512i) / sizeof(std::uint16_t) - 1 <= covered_tail / 3,
              "avx512.hpp: a covered block's whole store writes past its values no more than kernels.hpp allows");

template<bool Covered, bool Held, class Out>
BOOST_UTF_AVX512VBMI2_INLINE transcode_step decode_blocks(unsigned char const* p, std::size_t n, Out* o) noexcept
{
    std::size_t i = 0, produced = 0;
    transcode_step stop;
    decode_constants const k = make_decode_constants<Held>();
    if constexpr (Covered)
    {
        while (n - i >= block_width + covered_tail)
            if (!decode_step<store::whole, Held>(k, p, o, i, produced, stop))
                return stop;
    }
    while (n - i >= block_width)
        if (!decode_step<store::exact, Held>(k, p, o, i, produced, stop))
            return stop;
    if (n - i < avx2::decode_width)
        return {i, produced, 0};
    transcode_step last;
    if constexpr (sizeof(Out) == 4)
        last = avx2::decode(p + i, n - i, o + produced);
    else
        last = avx2::decode16(p + i, n - i, o + produced);
    return {i + last.consumed, produced + last.produced, last.resume};
}

BOOST_UTF_AVX512VBMI2_KERNEL transcode_step decode(unsigned char const* p, std::size_t n, char32_t* o) noexcept
{
    return n >= held_from ? decode_blocks<false, true>(p, n, o) : decode_blocks<false, false>(p, n, o);
}

BOOST_UTF_AVX512VBMI2_KERNEL transcode_step decode_covered(unsigned char const* p, std::size_t n, char32_t* o) noexcept
{
    return n >= held_from ? decode_blocks<true, true>(p, n, o) : decode_blocks<true, false>(p, n, o);
}

BOOST_UTF_AVX512VBMI2_KERNEL transcode_step decode16(unsigned char const* p, std::size_t n, std::uint16_t* o) noexcept
{
    return n >= held_from ? decode_blocks<false, true>(p, n, o) : decode_blocks<false, false>(p, n, o);
}

BOOST_UTF_AVX512VBMI2_KERNEL transcode_step decode16_covered(unsigned char const* p, std::size_t n,
                                                             std::uint16_t* o) noexcept
{
    return n >= held_from ? decode_blocks<true, true>(p, n, o) : decode_blocks<true, false>(p, n, o);
}

// ---- encoding ----------------------------------------------------------------------------------
//
// Blocks of 32 values, UTF-16 code units or code points packed into 16-bit lanes (the sources of
// encode_loop.ipp). Each value spreads into the bytes of its UTF-8 form within its lane, and the
// bytes in use are compressed together; a block of code points with a value of 10000 or more
// spreads them in 32-bit lanes (encode_sixteen).
//
// A block stores its first register whole and only its second one exactly (see store): the
// first writes at most 64 less the block's bytes past them, at most `width` (32), and the next
// block writes over that, as encode_loop.ipp requires.

// The vectors of the encoding functions, together, so that a loop can either hold them (made once
// before it, through opaque, as decode_constants) or make them where they are used, where GCC
// makes each _mm512_set1 again in every block. code_point_units holds them through a pointer in
// calls on held_from code points or more; utf16_blocks holds them as a member, made with the
// source, which both compilers keep in registers in the loop over UTF-16 and in the loop over
// blocks of pairs beside it (utf16_kernels.hpp).
struct encode_constants
{
    // In every 16-bit lane: the least two- and three-byte values, the low six bits, the
    // markers of a two- and a three-byte form's first two bytes (in memory order), the low byte,
    // a surrogate's top bits and the first surrogate.
    __m512i two16, three16, low6, two_marker16, three_marker16, low_byte16, surrogate_bits, surrogate16;
    // In every 32-bit lane: the least two-, three- and four-byte values, spread_utf8's six-bit
    // group selectors (64-bit lanes), the six-bit masks of its bytes, the shifts of a two- and a
    // three-byte form, the markers of the two-, three- and four-byte forms, and the high half.
    __m512i two32, three32, four32, groups, low6_bytes, two_shift, three_shift;
    __m512i two_marker32, three_marker32, four_marker32, high_half;
};

template<bool Held>
BOOST_UTF_AVX512VBMI2_INLINE encode_constants make_encode_constants() noexcept
{
    return {held<Held>(_mm512_set1_epi16(0x80)),
            held<Held>(_mm512_set1_epi16(0x800)),
            held<Held>(_mm512_set1_epi16(0x3F)),
            held<Held>(_mm512_set1_epi16(static_cast<short>(0x80C0))),
            held<Held>(_mm512_set1_epi16(static_cast<short>(0x80E0))),
            held<Held>(_mm512_set1_epi16(0x00FF)),
            held<Held>(_mm512_set1_epi16(static_cast<short>(0xF800))),
            held<Held>(_mm512_set1_epi16(static_cast<short>(0xD800))),
            held<Held>(_mm512_set1_epi32(0x80)),
            held<Held>(_mm512_set1_epi32(0x800)),
            held<Held>(_mm512_set1_epi32(0x10000)),
            held<Held>(_mm512_set1_epi64(0x20262C3200060C12)),
            held<Held>(_mm512_set1_epi32(0x3F3F3F3F)),
            held<Held>(_mm512_set1_epi32(16)),
            held<Held>(_mm512_set1_epi32(8)),
            held<Held>(_mm512_set1_epi32(0x80C0)),
            held<Held>(_mm512_set1_epi32(0x8080E0)),
            held<Held>(_mm512_set1_epi32(static_cast<int>(0x808080F0u))),
            held<Held>(_mm512_set1_epi32(static_cast<int>(0xFFFF0000u)))};
}

template<store How>
BOOST_UTF_AVX512VBMI2_INLINE void store_bytes(unsigned char* o, __m512i v, unsigned n) noexcept
{
    if constexpr (How == store::whole)
        _mm512_storeu_si512(o, v);
    else
        _mm512_mask_storeu_epi8(o, n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1, v);
}

// The bytes of `bytes` that `used` marks, compressed to the front and stored at o (How); returns
// their count.
template<store How>
BOOST_UTF_AVX512VBMI2_INLINE unsigned store_used(unsigned char* o, __m512i bytes, std::uint64_t used) noexcept
{
    unsigned const n = avx512bw::count_ones(used);
    store_bytes<How>(o, _mm512_maskz_compress_epi8(used, bytes), n);
    return n;
}

// The UTF-8 forms of sixteen scalar values x, `two` those of 80 and above: each in its 32-bit
// lane, lead first, and the bytes in use (1 to 4 per lane).
struct utf8_lanes
{
    __m512i bytes;
    std::uint64_t used;
};

BOOST_UTF_AVX512VBMI2_INLINE utf8_lanes spread_utf8(encode_constants const& k, __m512i x, __mmask16 two) noexcept
{
    __mmask16 const three = _mm512_cmpge_epu32_mask(x, k.three32);
    __mmask16 const four = _mm512_cmpge_epu32_mask(x, k.four32);
    // The code point's six-bit groups, highest first: byte k of a lane holds bits 18 - 6k up
    // (k.groups).
    __m512i const spread = _mm512_and_si512(_mm512_multishift_epi64_epi8(k.groups, x), k.low6_bytes);
    __m512i shift = k.two_shift;
    shift = _mm512_mask_mov_epi32(shift, three, k.three_shift);
    shift = _mm512_mask_mov_epi32(shift, four, _mm512_setzero_si512());
    __m512i marker = k.two_marker32;
    marker = _mm512_mask_mov_epi32(marker, three, k.three_marker32);
    marker = _mm512_mask_mov_epi32(marker, four, k.four_marker32);
    __m512i const bytes = _mm512_mask_or_epi32(x, two, _mm512_srlv_epi32(spread, shift), marker);
    // A lane's lead byte is in use, and past it the bytes that are not 0 (continuation bytes).
    return {bytes, _mm512_test_epi8_mask(bytes, bytes) | 0x1111111111111111u};
}

// Sixteen scalar values as UTF-8 at `o` (How): 16 to 64 bytes, the count returned.
template<store How>
BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_sixteen(encode_constants const& k, __m512i x, unsigned char* o) noexcept
{
    __mmask16 const two = _mm512_cmpge_epu32_mask(x, k.two32);
    if (two == 0)
    {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm512_cvtepi32_epi8(x));
        return 16;
    }
    utf8_lanes const u = spread_utf8(k, x, two);
    return store_used<How>(o, u.bytes, u.used);
}

// Thirty-two code units below 800 as UTF-8 at o (How): 32 to 64 bytes, the count returned.
template<store How>
BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_two_byte_units(encode_constants const& k, __m512i x, __mmask32 two,
                                                            unsigned char* o) noexcept
{
    // Lead then continuation byte, in memory order: C0 | x >> 6, then 80 | (x & 3F).
    __m512i const pair = _mm512_or_si512(
        _mm512_or_si512(_mm512_slli_epi16(_mm512_and_si512(x, k.low6), 8), _mm512_srli_epi16(x, 6)), k.two_marker16);
    __m512i const bytes = _mm512_mask_mov_epi16(x, two, pair);
    // The low byte of every lane, the high one of a two-byte lane.
    __m512i const keep = _mm512_mask_mov_epi16(k.low_byte16, two, _mm512_set1_epi16(-1));
    return store_used<How>(o, bytes, _mm512_movepi8_mask(keep));
}

// Word indices of 32 code units: `order` is the order that an interleave of 16-bit lanes, which
// works within 128-bit lanes, gives back in order (lanes 0-3 of each 128-bit lane from the first
// 16 code units, 4 in a row, lanes 4-7 from the last 16); `previous` is, for each lane of
// `order`, the code unit before it, as an index into two registers: the last of the second
// (63) before the first.
struct interleave_indices
{
    alignas(64) std::uint16_t order[32];
    alignas(64) std::uint16_t previous[32];
};

constexpr interleave_indices make_interleave_indices() noexcept
{
    interleave_indices r{};
    for (unsigned lane = 0; lane < 32; ++lane)
    {
        unsigned const quarter = lane / 8, place = lane % 8;
        unsigned const unit = place < 4 ? 4 * quarter + place : 16 + 4 * quarter + place - 4;
        r.order[lane] = static_cast<std::uint16_t>(unit);
        r.previous[lane] = static_cast<std::uint16_t>(unit == 0 ? 63 : unit - 1);
    }
    return r;
}

inline constexpr interleave_indices interleave = make_interleave_indices();

BOOST_UTF_AVX512VBMI2_INLINE __m512i interleave_order() noexcept
{
    return avx512bw::load(interleave.order);
}

// The UTF-8 of code units u (in interleave_order) without a surrogate, each as two 16-bit halves:
// `first` its first two bytes in memory order (the second 0 for ASCII), `third` its third byte
// (0 but where `three` is set).
struct unit_bytes
{
    __m512i first, third;
};

BOOST_UTF_AVX512VBMI2_INLINE unit_bytes bmp_unit_bytes(encode_constants const& k, __m512i u, __mmask32 two,
                                                       __mmask32 three) noexcept
{
    __m512i const six = k.low6;
    __m512i const low = _mm512_and_si512(u, six);
    // Two bytes: C0 | u >> 6, 80 | low. Three: E0 | u >> 12, 80 | (u >> 6 & 3F), then 80 | low.
    __m512i const two_bytes =
        _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi16(u, 6), _mm512_slli_epi16(low, 8)), k.two_marker16);
    __m512i const middle = _mm512_and_si512(_mm512_srli_epi16(u, 6), six);
    __m512i const three_bytes =
        _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi16(u, 12), _mm512_slli_epi16(middle, 8)), k.three_marker16);
    __m512i first = _mm512_mask_mov_epi16(u, two, two_bytes);
    first = _mm512_mask_mov_epi16(first, three, three_bytes);
    // 80, the least two-byte value, is also the continuation bytes' marker.
    return {first, _mm512_maskz_mov_epi16(three, _mm512_or_si512(low, k.two16))};
}

// The bytes of 32 code units (unit_bytes of interleave_order) compressed and stored at o, the
// first 16 code units' as First, the others' exactly, but for the bytes `last` leaves out of the
// last 4 code units' (their bits 60-63): the count returned. A byte in use is its code unit's
// first or has its top bit set (lead and continuation bytes); the others are 0.
template<store First>
BOOST_UTF_AVX512VBMI2_INLINE unsigned store_unit_bytes(unit_bytes b, std::uint64_t last, unsigned char* o) noexcept
{
    __m512i const lo = _mm512_unpacklo_epi16(b.first, b.third);
    __m512i const hi = _mm512_unpackhi_epi16(b.first, b.third);
    std::uint64_t const firsts = 0x1111111111111111u;
    unsigned const n = store_used<First>(o, lo, _mm512_movepi8_mask(lo) | firsts);
    return n + store_used<store::exact>(o + n, hi, (_mm512_movepi8_mask(hi) | firsts) & last);
}

// Thirty-two code units without a surrogate as UTF-8 at o (the first 16 as First, the rest exactly):
// 34 to 96 bytes, the count returned. Each code unit becomes a 32-bit lane of its one to three
// bytes in memory order, built in 16-bit lanes as two halves (the first two bytes, then the
// third), which an interleave of 16-bit lanes pairs up.
template<store First>
BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_bmp_units(encode_constants const& k, __m512i x, unsigned char* o) noexcept
{
    __m512i const u = _mm512_permutexvar_epi16(interleave_order(), x);
    __mmask32 const two = _mm512_cmpge_epu16_mask(u, k.two16);
    __mmask32 const three = _mm512_cmpge_epu16_mask(u, k.three16);
    return store_unit_bytes<First>(bmp_unit_bytes(k, u, two, three), ~std::uint64_t(0), o);
}

// What both sources share: a block's values as 16-bit lanes in one register, x, with `two` the
// lanes of 80 and above, and how such a block is encoded where encode_loop.ipp has found it
// ASCII, below 800 or, for `encode`, encodable. Source gives below_800 and encode_bmp, which
// `encode` picks between.
template<class Source>
struct unit_lanes
{
    static constexpr std::size_t width = 32;
    static constexpr bool ascii_runs = true;
    static constexpr bool masked_stores = true;

    template<class Block>
    BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_below_800(Block const& w, unsigned char* o) const noexcept
    {
        return encode_two_byte_units<store::whole>(static_cast<Source const&>(*this).constants(), w.x, w.two, o);
    }
    // The first register stored as First, any second one exactly.
    template<store First = store::whole, class Block>
    BOOST_UTF_AVX512VBMI2_INLINE unsigned encode(std::size_t, Block const& w, unsigned char* o) const noexcept
    {
        Source const& s = static_cast<Source const&>(*this);
        return s.below_800(w) ? encode_two_byte_units<First>(s.constants(), w.x, w.two, o)
                              : s.template encode_bmp<First>(w, o);
    }
    template<class Block>
    BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_exactly(std::size_t i, Block const& w, unsigned char* o) const noexcept
    {
        return encode<store::exact>(i, w, o);
    }
    template<class Block>
    BOOST_UTF_AVX512VBMI2_INLINE static unsigned encode_ascii(Block const& w, unsigned char* o) noexcept
    {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), _mm512_cvtepi16_epi8(w.x));
        return 32;
    }
};

// UTF-16 code units: a block of 32, one register, is checked to hold no surrogate, so that each
// code unit is a code point below 10000 (pairs are left to the caller). ASCII blocks narrow to
// their 32 bytes; a block below 800 makes each 16-bit lane its one or two bytes, lead first, and
// compresses away the unused high byte of each ASCII lane; any other takes encode_bmp_units.
struct utf16_blocks : unit_lanes<utf16_blocks>
{
    std::uint16_t const* p;
    // Made with each source (see encode_constants): made once per call instead, and kept across
    // the loop over blocks of pairs too (utf16_kernels.hpp), GCC spills them.
    encode_constants held_constants;
    BOOST_UTF_AVX512VBMI2_INLINE explicit utf16_blocks(std::uint16_t const* from) noexcept
        : p(from)
        , held_constants(make_encode_constants<true>())
    {
    }
    BOOST_UTF_AVX512VBMI2_INLINE encode_constants const& constants() const noexcept { return held_constants; }
    static constexpr bool ascii_pairs = false; // a block of 64 is test enough
    static constexpr bool early_reads = true;
    static constexpr bool two_bytes_first = false;
    struct block
    {
        __m512i x;
        __mmask32 two; // the code units 80 and above
    };

    BOOST_UTF_AVX512VBMI2_INLINE void read(std::size_t i, block& w) const noexcept
    {
        w.x = avx512bw::load(p + i);
        w.two = _mm512_cmpge_epu16_mask(w.x, constants().two16);
    }
    BOOST_UTF_AVX512VBMI2_INLINE bool encodable(block const& w) const noexcept
    {
        encode_constants const& k = constants();
        return _mm512_cmpeq_epi16_mask(_mm512_and_si512(w.x, k.surrogate_bits), k.surrogate16) == 0;
    }
    BOOST_UTF_AVX512VBMI2_INLINE static bool ascii(block const& w) noexcept { return w.two == 0; }
    BOOST_UTF_AVX512VBMI2_INLINE bool below_800(block const& w) const noexcept
    {
        return _mm512_cmpge_epu16_mask(w.x, constants().three16) == 0;
    }
    BOOST_UTF_AVX512VBMI2_INLINE static bool ascii_first_half(block const& w) noexcept
    {
        return (w.two & 0xFFFFu) == 0;
    }
    template<store First = store::whole>
    BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_bmp(block const& w, unsigned char* o) const noexcept
    {
        return encode_bmp_units<First>(constants(), w.x, o);
    }
};

// Code points (UTF-32) read as UTF-16 code units: a block of 32, two registers, packed into the
// one register of utf16_blocks (a saturating pack, exact for values below 10000) and encoded as
// those are. `big` marks the lanes of either register with a value of 10000 or more: a block with
// one (or with a value that is not a scalar value, which the pack would make look like another) is
// checked and encoded from the code points themselves.
template<bool Held>
struct code_point_units : unit_lanes<code_point_units<Held>>
{
    std::uint32_t const* p;
    // Held: made once, before the loop (see encode_constants); otherwise null, and the constants
    // are made where they are used.
    encode_constants const* held_constants;
    code_point_units(std::uint32_t const* from, encode_constants const* constants_held) noexcept
        : p(from)
        , held_constants(constants_held)
    {
    }
    BOOST_UTF_AVX512VBMI2_INLINE decltype(auto) constants() const noexcept
    {
        if constexpr (Held)
            return static_cast<encode_constants const&>(*held_constants);
        else
            return make_encode_constants<false>();
    }
    static constexpr bool ascii_pairs = false; // a block of 128 bytes is test enough
    static constexpr bool early_reads = true;
    static constexpr bool two_bytes_first = true;
    struct block
    {
        __m512i x0, x1, x;
        __mmask32 two;  // the values 80 and above, where big is 0
        __mmask16 big;
    };

    BOOST_UTF_AVX512VBMI2_INLINE void read(std::size_t i, block& w) const noexcept
    {
        w.x0 = avx512bw::load(p + i);
        w.x1 = avx512bw::load(p + i + 16);
        // The pack works within 128-bit lanes; the permutation puts its 64-bit pieces in order.
        w.x = _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), _mm512_packus_epi32(w.x0, w.x1));
        w.two = _mm512_cmpge_epu16_mask(w.x, constants().two16);
        w.big = _mm512_test_epi32_mask(_mm512_or_si512(w.x0, w.x1), constants().high_half);
    }
    BOOST_UTF_AVX512VBMI2_INLINE bool encodable(block const& w) const noexcept
    {
        if (w.big == 0)
            return _mm512_cmpeq_epi16_mask(_mm512_and_si512(w.x, constants().surrogate_bits),
                                           constants().surrogate16) == 0;
        return (avx512bw::not_scalar(w.x0) | avx512bw::not_scalar(w.x1)) == 0;
    }
    BOOST_UTF_AVX512VBMI2_INLINE static bool ascii(block const& w) noexcept { return (w.two | w.big) == 0; }
    BOOST_UTF_AVX512VBMI2_INLINE bool below_800(block const& w) const noexcept
    {
        return (_mm512_cmpge_epu16_mask(w.x, constants().three16) | w.big) == 0;
    }
    BOOST_UTF_AVX512VBMI2_INLINE static bool ascii_first_half(block const& w) noexcept
    {
        return ((w.two & 0xFFFFu) | w.big) == 0;
    }
    // The first register stored as First, the second exactly. A block of sixteen code points
    // writes 16 bytes at least, so the first's whole store ends at most `width` bytes past the
    // block's.
    template<store First = store::whole>
    BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_bmp(block const& w, unsigned char* o) const noexcept
    {
        if (w.big == 0)
            return encode_bmp_units<First>(constants(), w.x, o);
        unsigned const n = encode_sixteen<First>(constants(), w.x0, o);
        return n + encode_sixteen<store::exact>(constants(), w.x1, o + n);
    }
};

#define BOOST_UTF_ENCODE_LOOP_INLINE BOOST_UTF_AVX512VBMI2_INLINE
#include <boost/utf/detail/simd/encode_loop.ipp>
#undef BOOST_UTF_ENCODE_LOOP_INLINE

// Input of a few blocks, and what the blocks leave, goes 16 code points at a time, stored
// exactly: on a piece of 16 to 64 code points the look-ahead costs more than whole stores save.
template<bool Covered>
BOOST_UTF_AVX512VBMI2_INLINE transcode_step encode_code_points(std::uint32_t const* p, std::size_t n,
                                                               unsigned char* o) noexcept
{
    transcode_step r{0, 0, 0};
    if (n >= held_from)
    {
        encode_constants const k = make_encode_constants<true>();
        code_point_units<true> const source{p, &k};
        r = Covered ? encode_blocks_covered(source, n, o) : encode_blocks(source, n, o);
        if (r.resume != 0)
            return r;
    }
    else if (n >= 4 * code_point_units<false>::width)
    {
        code_point_units<false> const source{p, nullptr};
        r = Covered ? encode_blocks_covered(source, n, o) : encode_blocks(source, n, o);
        if (r.resume != 0)
            return r;
    }
    for (; n - r.consumed >= encode_width; r.consumed += encode_width)
    {
        __m512i const x = avx512bw::load(p + r.consumed);
        if (avx512bw::not_scalar(x) != 0)
            return {r.consumed, r.produced, encode_width};
        r.produced += encode_sixteen<store::exact>(make_encode_constants<false>(), x, o + r.produced);
    }
    return r;
}
BOOST_UTF_AVX512VBMI2_KERNEL transcode_step encode(std::uint32_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return encode_code_points<false>(p, n, o);
}
BOOST_UTF_AVX512VBMI2_KERNEL transcode_step encode_covered(std::uint32_t const* p, std::size_t n,
                                                           unsigned char* o) noexcept
{
    return encode_code_points<true>(p, n, o);
}

} // namespace avx512vbmi2
} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#undef BOOST_UTF_AVX512BW_INLINE
#undef BOOST_UTF_AVX512BW_KERNEL
#undef BOOST_UTF_AVX512VBMI2_INLINE
#undef BOOST_UTF_AVX512VBMI2_KERNEL

#if defined(BOOST_GCC) && BOOST_GCC < 130000
#  pragma GCC diagnostic pop
#endif

#endif // BOOST_UTF_DETAIL_SIMD_AVX512_HPP

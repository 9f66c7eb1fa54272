// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_SSE_HPP
#define BOOST_UTF_DETAIL_SIMD_SSE_HPP

// SSE kernels (SSSE3 and SSE4.1), 16 code units or 4 code points at a time: block validation
// (see classify.hpp), decoding of multi-byte text (see decode_tables.hpp; blocks of one- and
// two-byte sequences in 16-bit lanes, as avx2.hpp does; text below U+10000 also straight to
// UTF-16: decode16), encoding of all scalar values (see encode_tables.hpp), and code point
// validation. Every function is compiled for exactly this level (see target.hpp).

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/classify.hpp>
#include <boost/utf/detail/simd/decode_tables.hpp>
#include <boost/utf/detail/simd/encode_tables.hpp>
#include <boost/utf/detail/simd/step.hpp>
#include <boost/utf/detail/simd/target.hpp>

#include <immintrin.h>
#if defined(_MSC_VER) && !defined(__clang__)
#  include <intrin.h>
#endif

#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {
inline namespace BOOST_UTF_ISA_NAMESPACE {
namespace sse {

#define BOOST_UTF_SSE_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_SSE
#define BOOST_UTF_SSE_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_SSE

BOOST_UTF_SSE_INLINE __m128i load(void const* p) noexcept
{
    return _mm_loadu_si128(static_cast<__m128i const*>(p));
}

// Index of the lowest set bit of `m`, which is not 0. This level has no BMI, so no TZCNT.
BOOST_UTF_SSE_INLINE unsigned lowest_set_bit(unsigned m) noexcept
{
#if defined(_MSC_VER) && !defined(__clang__)
    unsigned long i;
    _BitScanForward(&i, m);
    return static_cast<unsigned>(i);
#else
    return static_cast<unsigned>(__builtin_ctz(m));
#endif
}

inline constexpr std::size_t validate_width = 16;
inline constexpr std::size_t decode_width = 16;
inline constexpr std::size_t encode_width = 16;
inline constexpr std::size_t code_point_width = 16;

// Nonzero where a byte of the block at p (its code units `cur`) breaks the rules, judged with
// the three bytes before the block, read from memory.
BOOST_UTF_SSE_INLINE __m128i block_errors(unsigned char const* p, __m128i cur) noexcept
{
    __m128i const p1 = load(p - 1);
    __m128i const low = _mm_set1_epi8(0x0F);
    __m128i const a = _mm_shuffle_epi8(load(prev_high_table.v), _mm_and_si128(_mm_srli_epi16(p1, 4), low));
    __m128i const b = _mm_shuffle_epi8(load(prev_low_table.v), _mm_and_si128(p1, low));
    __m128i const c = _mm_shuffle_epi8(load(cur_high_table.v), _mm_and_si128(_mm_srli_epi16(cur, 4), low));
    __m128i const e = _mm_and_si128(_mm_and_si128(a, b), c);
    // 0x80 where a lead two or three places back expects a continuation here: the saturating
    // subtractions leave bit 7 exactly for bytes from E0 and from F0.
    __m128i const ahead = _mm_or_si128(_mm_subs_epu8(load(p - 2), _mm_set1_epi8(first_three_byte_lead - 0x80)),
                                       _mm_subs_epu8(load(p - 3), _mm_set1_epi8(first_four_byte_lead - 0x80)));
    return _mm_xor_si128(e, _mm_and_si128(ahead, _mm_set1_epi8(char(0x80))));
}

// Bit i set where byte i of a block flags an error, from its block_errors.
BOOST_UTF_SSE_INLINE unsigned error_bits(__m128i diff) noexcept
{
    return ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(diff, _mm_setzero_si128()))) & 0xFFFFu;
}

// Bit i set where byte i of the block at p (its code units `cur`) flags an error.
BOOST_UTF_SSE_INLINE unsigned block_error_bits(unsigned char const* p, __m128i cur) noexcept
{
    if (_mm_movemask_epi8(cur) == 0)
        return pending_flags(p);
    return error_bits(block_errors(p, cur));
}

// The first step (four blocks) with a flagged byte, and its flags (flagged_step, step.hpp).
BOOST_UTF_SSE_KERNEL flagged_step valid_prefix(unsigned char const* p, std::size_t n) noexcept
{
    static_assert(4 * validate_width == validate_step, "four blocks a step");
    std::size_t i = 0;
    // Four blocks a step and one branch on all four; a step that fails gives the flags already
    // worked out.
    constexpr std::size_t w = validate_width;
    while (n - i >= 4 * w)
    {
        unsigned char const* const q = p + i;
        __m128i const b0 = load(q), b1 = load(q + w), b2 = load(q + 2 * w), b3 = load(q + 3 * w);
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(b0, b1), _mm_or_si128(b2, b3))) == 0)
        {
            if (!nothing_pending(q))
                return {i, pending_flags(q)};
            // After an ASCII step nothing is pending: the run of ASCII steps goes on with one
            // test a step.
            for (i += 4 * w; n - i >= 4 * w; i += 4 * w)
            {
                unsigned char const* const r = p + i;
                if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(load(r), load(r + w)),
                                                   _mm_or_si128(load(r + 2 * w), load(r + 3 * w)))) != 0)
                    break;
            }
            continue;
        }
        else
        {
            __m128i const d0 = block_errors(q, b0), d1 = block_errors(q + w, b1);
            __m128i const d2 = block_errors(q + 2 * w, b2), d3 = block_errors(q + 3 * w, b3);
            __m128i const diff = _mm_or_si128(_mm_or_si128(d0, d1), _mm_or_si128(d2, d3));
            if (_mm_testz_si128(diff, diff) == 0)
                return {i, (error_bits(d0) | error_bits(d1) << 16) |
                               std::uint64_t(error_bits(d2) | error_bits(d3) << 16) << 32};
        }
        i += 4 * w;
    }
    // The whole blocks left, fewer than four, are one step.
    std::uint64_t flags = 0;
    std::size_t j = i;
    for (; n - j >= w; j += w)
        flags |= std::uint64_t(block_error_bits(p + j, load(p + j))) << (j - i);
    return flags != 0 ? flagged_step{i, flags} : flagged_step{j, 0};
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

// Four code points at o: as code points, or as UTF-16 code units when all four are below 10000
// (each its own code unit; packing saturates nothing then).
BOOST_UTF_SSE_INLINE void store_four(char32_t* o, __m128i v) noexcept
{
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
}

BOOST_UTF_SSE_INLINE void store_four(std::uint16_t* o, __m128i v) noexcept
{
    _mm_storel_epi64(reinterpret_cast<__m128i*>(o), _mm_packus_epi32(v, v));
}

// The code points of the window's `count` leads, 4 <= count <= 13, at o[0, count): four at a
// time, the last four ending at o + count, so that nothing past them is written.
template<class Out>
BOOST_UTF_SSE_INLINE void decode_leads(decode_window const& w, unsigned count, Out* o) noexcept
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

// The 16 bytes of an ASCII block as code points, or as UTF-16 code units.
BOOST_UTF_SSE_INLINE void widen_ascii(__m128i cur, char32_t* o) noexcept
{
    __m128i* const out = reinterpret_cast<__m128i*>(o);
    _mm_storeu_si128(out, _mm_cvtepu8_epi32(cur));
    _mm_storeu_si128(out + 1, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 4)));
    _mm_storeu_si128(out + 2, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 8)));
    _mm_storeu_si128(out + 3, _mm_cvtepu8_epi32(_mm_srli_si128(cur, 12)));
}

BOOST_UTF_SSE_INLINE void widen_ascii(__m128i cur, std::uint16_t* o) noexcept
{
    __m128i* const out = reinterpret_cast<__m128i*>(o);
    _mm_storeu_si128(out, _mm_unpacklo_epi8(cur, _mm_setzero_si128()));
    _mm_storeu_si128(out + 1, _mm_unpackhi_epi8(cur, _mm_setzero_si128()));
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
            unsigned const next = lowest_set_bit(leads >> cut) + cut;
            unsigned const used = next < error ? next : error;
            decode_leads(prepare_window(cur, high, positions), count, o + produced);
            return {i + used, produced + count, error + std::size_t(1) - used};
        }
    }
    return {i, produced, error + std::size_t(1)};
}

// ---- blocks of one- and two-byte sequences -----------------------------------------------------
//
// As in avx2.hpp: a well-formed block with no byte from E0 needs no lead positions. Every byte
// position gets, in a 16-bit lane, the code point a sequence starting there would have (from the
// byte and the one after it), and the lanes of the leads are gathered eight positions at a time
// (lane_compress). A two-byte lead at byte 15 is left to the next step, so nothing past the block
// is read: the leads taken then cover at least 15 bytes, two at most each, so there are at least
// eight of them, and at least four in bytes 0..7.

// Lane j of `x` holds a byte and the one after it: the code point of a sequence that starts at
// the byte, if it is a lead below 80 or a two-byte lead (those lanes all-ones in `two`).
BOOST_UTF_SSE_INLINE __m128i two_byte_lanes(__m128i x, __m128i two) noexcept
{
    __m128i const one = _mm_and_si128(x, _mm_set1_epi16(0x00FF));
    // The lead's five bits weigh 64 and the continuation's six weigh 1: at most 7FF.
    __m128i const pair = _mm_maddubs_epi16(_mm_and_si128(x, _mm_set1_epi16(0x3F1F)), _mm_set1_epi16(0x0140));
    return _mm_blendv_epi8(one, pair, two);
}

// Eight values below 10000, in 16-bit lanes, at o: as UTF-16 code units, or as code points.
BOOST_UTF_SSE_INLINE void store_eight(std::uint16_t* o, __m128i v) noexcept
{
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
}

BOOST_UTF_SSE_INLINE void store_eight(char32_t* o, __m128i v) noexcept
{
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_cvtepu16_epi32(v));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 4), _mm_cvtepu16_epi32(_mm_srli_si128(v, 8)));
}

// The code points of the block `cur`, well-formed and without bytes from E0, whose leads are the
// set bits of `leads` (byte 15 only if below 80), written exactly at o, as UTF-16 code units or
// as code points; returns their count.
template<class Out>
BOOST_UTF_SSE_INLINE unsigned store_two_byte_block(__m128i cur, unsigned leads, Out* o) noexcept
{
    // Even positions from `cur`, odd ones from it a byte on; a lane's low byte is its position's
    // byte, and a lane whose byte is 80 or above is taken as a two-byte lead (the lanes of
    // continuation bytes are not gathered).
    __m128i const next = _mm_srli_si128(cur, 1);
    __m128i const even = two_byte_lanes(cur, _mm_srai_epi16(_mm_slli_epi16(cur, 8), 15));
    __m128i const odd = two_byte_lanes(next, _mm_srai_epi16(_mm_slli_epi16(next, 8), 15));
    unsigned const m0 = leads & 0xFFu, m1 = leads >> 8;
    __m128i const g0 = _mm_shuffle_epi8(_mm_unpacklo_epi16(even, odd), load(lane_compress.v[m0]));
    __m128i const g1 = _mm_shuffle_epi8(_mm_unpackhi_epi16(even, odd), load(lane_compress.v[m1]));
    unsigned const c0 = bit_positions.count[m0], c1 = bit_positions.count[m1];
    unsigned const count = c0 + c1;
    // g0's lanes past c0 are written over by the last eight, which start at count - 8 <= c0 and
    // end at count (count >= 8). Their lane k is g1's lane k + c1 - 8 where that is not
    // negative, else g0's lane k + c0 + c1 - 8 (below c0). A byte index below 0 has bit 7 set,
    // which both makes the shuffle of g1 give 0 and picks g0 in the blend.
    store_eight(o, g0);
    __m128i const bytes = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i const index1 = _mm_add_epi8(bytes, _mm_set1_epi8(static_cast<char>(2 * (int(c1) - 8))));
    __m128i const index0 = _mm_add_epi8(bytes, _mm_set1_epi8(static_cast<char>(2 * (int(count) - 8))));
    __m128i const last = _mm_blendv_epi8(_mm_shuffle_epi8(g1, index1), _mm_shuffle_epi8(g0, index0), index1);
    store_eight(o + count - 8, last);
    return count;
}

// A decoding step's window: the positions of a 16-byte block where an element, at most four
// bytes long, starts and also ends inside the block.
inline constexpr unsigned decode_window = 13;
inline constexpr unsigned decode_window_mask = (1u << decode_window) - 1;
static_assert(decode_window + 3 == decode_width, "sse: a window's last element must end in its block");

// Each step loads 16 bytes and decodes the elements that start in its window: at least four,
// since none is longer than four bytes.
//
// Written once for both outputs: code points (decode), and UTF-16 code units (decode16), which
// takes only the steps whose leads are all below F0 (one code unit per code point) and stops,
// with `resume` set to the block's width, at any other step (one with an error or a four-byte
// sequence), which the caller decodes. A block of one- and two-byte sequences alone is taken
// whole instead (store_two_byte_block), up to its last byte or the one before: it has more
// elements than a window, and needs no lead positions.
template<class Out>
BOOST_UTF_SSE_INLINE transcode_step decode_blocks(unsigned char const* p, std::size_t n, Out* o) noexcept
{
    constexpr bool code_points = sizeof(Out) == 4;
    std::size_t i = 0, produced = 0;
    while (n - i >= decode_width)
    {
        __m128i const cur = load(p + i);
        if (_mm_movemask_epi8(cur) == 0)
        {
            widen_ascii(cur, o + produced);
            i += decode_width;
            produced += decode_width;
            // After an ASCII block, decode16 goes on through ASCII a pair of blocks to a test:
            // in text with a letter above 7F every line or so (English), a test per block is a
            // branch per 16 bytes, one that goes the other way at every such letter. Code
            // points, four bytes each, are bound by their stores; there the pair test costs
            // text of accented letters more than it gains.
            if constexpr (!code_points)
            {
                while (n - i >= 2 * decode_width)
                {
                    __m128i const a = load(p + i);
                    __m128i const b = load(p + i + 16);
                    if (_mm_movemask_epi8(_mm_or_si128(a, b)) != 0)
                        break;
                    widen_ascii(a, o + produced);
                    widen_ascii(b, o + produced + 16);
                    i += 2 * decode_width;
                    produced += 2 * decode_width;
                }
            }
            continue;
        }
        __m128i const high = _mm_and_si128(_mm_srli_epi16(cur, 4), _mm_set1_epi8(0x0F));
        unsigned const errors = decode_errors(cur, high);
        // A lead at 16 stands for the end of the window.
        unsigned const leads = non_continuations(cur) | 0x10000u;
        // The next step's start depends on the leads alone, not on the validation, which the
        // processor then need not wait for.
        if (BOOST_UNLIKELY(errors != 0))
        {
            if constexpr (code_points)
                return decode_before_error(cur, high, leads, lowest_set_bit(errors), i, produced, o);
            else
                return {i, produced, decode_width};
        }
        if (_mm_testz_si128(_mm_subs_epu8(cur, _mm_set1_epi8(char(0xDF))), _mm_set1_epi8(char(0xFF))))
        {
            // Only one- and two-byte sequences; a lead at byte 15 from C0 (bit 15 of `leads`
            // and of the high bits) is left to the next step.
            unsigned const cut = (leads & static_cast<unsigned>(_mm_movemask_epi8(cur))) >> 15 & 1u;
            produced += store_two_byte_block(cur, leads & (0xFFFFu >> cut), o + produced);
            i += decode_width - cut;
            continue;
        }
        if constexpr (!code_points)
        {
            // A four-byte lead in the window (the block is well-formed, so a byte from F0, the
            // bytes whose high nibble is F, is one) makes a code point that needs two code units.
            static_assert(first_four_byte_lead == 0xF0, "sse: four-byte leads are told by their high nibble");
            unsigned const four = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(high, _mm_set1_epi8(0x0F))));
            if ((four & decode_window_mask) != 0)
                return {i, produced, decode_width};
        }
        unsigned count;
        __m128i const positions = set_bit_positions(leads & decode_window_mask, count);
        decode_leads(prepare_window(cur, high, positions), count, o + produced);
        i += lowest_set_bit(leads >> decode_window) + decode_window;
        produced += count;
    }
    return {i, produced, 0};
}

BOOST_UTF_SSE_KERNEL transcode_step decode(unsigned char const* p, std::size_t n, char32_t* o) noexcept
{
    return decode_blocks(p, n, o);
}

BOOST_UTF_SSE_KERNEL transcode_step decode16(unsigned char const* p, std::size_t n, std::uint16_t* o) noexcept
{
    return decode_blocks(p, n, o);
}

// ---- encoding --------------------------------------------------------------------------------
//
// Blocks of 16 values, UTF-16 code units or code points packed into 16-bit lanes (encode_blocks'
// sources), checked to hold no surrogate (and code points, scalar values only): all below 80
// (ASCII) packs down to 16 bytes; all below 800 (one or two bytes) is spread into 16-bit lanes
// and compressed eight lanes per shuffle; any other block below 10000 is spread into 32-bit lanes
// and compressed four lanes per shuffle, as is a block of code points with one of 10000 or more
// (encode_tables.hpp).
//
// A shuffle's 16 bytes are stored whole, though only its first `length` are used, when the rest
// of the same call overwrites the excess: the block is not the last the call encodes, and a
// block writes at least 16 bytes. The last block is written exactly (encode_last_block), so
// nothing is written past the bytes returned as produced.

// Eight values below 800, as 16-bit lanes, as UTF-8 at o: 8 to 16 bytes, 16 stored. Returns the
// bytes used.
BOOST_UTF_SSE_INLINE unsigned encode_two_byte_lanes(__m128i w, unsigned char* o) noexcept
{
    __m128i const two = _mm_cmpgt_epi16(w, _mm_set1_epi16(0x7F));
    // Lead then continuation byte, in memory order.
    __m128i const pair = _mm_or_si128(
        _mm_or_si128(_mm_slli_epi16(_mm_and_si128(w, _mm_set1_epi16(0x3F)), 8), _mm_srli_epi16(w, 6)),
        _mm_set1_epi16(static_cast<short>(0x80C0)));
    __m128i const bytes = _mm_blendv_epi8(w, pair, two);
    std::size_t const index = static_cast<unsigned>(_mm_movemask_epi8(_mm_packs_epi16(two, two))) & 0xFFu;
    __m128i const shuffle = load(eight_lanes_shuffles.rows[index]);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_shuffle_epi8(bytes, shuffle));
    return eight_lanes_shuffles.length[index];
}

// Four scalar values as UTF-8 at o: 4 to 16 bytes, 16 stored. Returns the bytes used.
BOOST_UTF_SSE_INLINE unsigned encode_four_lanes(__m128i x, unsigned char* o) noexcept
{
    __m128i const six = _mm_set1_epi32(0x3F);
    // Signed comparisons are exact: scalar values are below 2^31.
    __m128i const ge80 = _mm_cmpgt_epi32(x, _mm_set1_epi32(0x7F));
    __m128i const ge800 = _mm_cmpgt_epi32(x, _mm_set1_epi32(0x7FF));
    __m128i const ge10000 = _mm_cmpgt_epi32(x, _mm_set1_epi32(0xFFFF));
    // The four-byte form's payload, lead first: bits 18.., 12..17, 6..11, 0..5. A shorter form
    // is the tail of it, since its lead's bits are the group below the unused ones.
    __m128i const groups = _mm_or_si128(
        _mm_or_si128(_mm_slli_epi32(_mm_and_si128(x, six), 24), _mm_and_si128(_mm_slli_epi32(x, 10), _mm_set1_epi32(0x3F0000))),
        _mm_or_si128(_mm_and_si128(_mm_srli_epi32(x, 4), _mm_set1_epi32(0x3F00)), _mm_srli_epi32(x, 18)));
    // The markers of the four-byte form, the lead's marker of a three-byte form at byte 1, of a
    // two-byte form at byte 2 (80 ^ 60 = E0, 80 ^ 40 = C0).
    __m128i const marker = _mm_xor_si128(
        _mm_set1_epi32(int(0x808080F0u)),
        _mm_or_si128(_mm_andnot_si128(ge10000, _mm_set1_epi32(0x6000)), _mm_andnot_si128(ge800, _mm_set1_epi32(0x400000))));
    __m128i const bytes = _mm_blendv_epi8(_mm_slli_epi32(x, 24), _mm_or_si128(groups, marker), ge80);
    unsigned const bit0 = static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_xor_si128(_mm_xor_si128(ge80, ge800), ge10000))));
    unsigned const bit1 = static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(ge800)));
    unsigned const index = bit0 | bit1 << 4;
    __m128i const shuffle = load(four_lanes_shuffles.rows[index]);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_shuffle_epi8(bytes, shuffle));
    return four_lanes_shuffles.length[index];
}

// Eight code units without a surrogate, as UTF-8 at o: 8 to 24 bytes, up to 12 stored past them.
// Returns the bytes used. Each code unit becomes the 32-bit lane of bmp_lane (encode_tables.hpp),
// built in two 16-bit halves.
BOOST_UTF_SSE_INLINE unsigned encode_bmp_lanes(__m128i w, unsigned char* o) noexcept
{
    __m128i const zero = _mm_setzero_si128();
    __m128i const high_bytes = _mm_set1_epi16(static_cast<short>(0xFF00));
    __m128i const one = _mm_cmpeq_epi16(_mm_and_si128(w, _mm_set1_epi16(static_cast<short>(0xFF80))), zero);
    __m128i const below_800 = _mm_cmpeq_epi16(_mm_and_si128(w, _mm_set1_epi16(static_cast<short>(0xF800))), zero);
    __m128i const low = _mm_or_si128(_mm_blendv_epi8(w, _mm_srli_epi16(w, 4), high_bytes),
                                     _mm_set1_epi16(static_cast<short>(0xE000)));
    __m128i const high = _mm_or_si128(
        _mm_and_si128(_mm_blendv_epi8(w, _mm_slli_epi16(w, 2), high_bytes), _mm_set1_epi16(0x3F3F)),
        _mm_or_si128(_mm_set1_epi16(static_cast<short>(0x8080)), _mm_and_si128(below_800, _mm_set1_epi16(0x4000))));
    // Two bits per code unit, in order: ASCII, then below 800 (the rows of bmp_lanes).
    __m128i const rows = _mm_blendv_epi8(one, below_800, high_bytes);
    auto const m = static_cast<unsigned>(_mm_movemask_epi8(rows));
    std::size_t const first = m & 0xFF, second = m >> 8;
    unsigned const n = bmp_lanes_shuffles.length[first];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o),
                     _mm_shuffle_epi8(_mm_unpacklo_epi16(low, high), load(bmp_lanes_shuffles.rows[first])));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + n),
                     _mm_shuffle_epi8(_mm_unpackhi_epi16(low, high), load(bmp_lanes_shuffles.rows[second])));
    return n + bmp_lanes_shuffles.length[second];
}

// Whether any of the 16 code units of a and b is a surrogate (D800 to DFFF, their top five bits
// 11011); utf16_kernels.hpp's kernels test their blocks with it too.
BOOST_UTF_SSE_INLINE bool any_surrogate(__m128i a, __m128i b) noexcept
{
    __m128i const m = _mm_set1_epi16(static_cast<short>(0xF800));
    __m128i const t = _mm_set1_epi16(static_cast<short>(0xD800));
    __m128i const s = _mm_or_si128(_mm_cmpeq_epi16(_mm_and_si128(a, m), t), _mm_cmpeq_epi16(_mm_and_si128(b, m), t));
    return _mm_testz_si128(s, s) == 0;
}

// Sources of encode_loop.ipp.
//
// What both sources share: a block's values as 16-bit lanes in two registers, a and b, and how
// such a block is encoded where encode_loop.ipp has found it ASCII, below 800 or, for `encode`,
// encodable. Source gives below_800 and encode_bmp, which `encode` picks between.
template<class Source>
struct unit_lanes
{
    static constexpr std::size_t width = encode_width;
    static constexpr bool ascii_runs = true;
    static constexpr bool masked_stores = false;

    template<class Block>
    BOOST_UTF_SSE_INLINE static bool ascii_first_half(Block const& w) noexcept
    {
        return _mm_testz_si128(w.a, _mm_set1_epi16(static_cast<short>(0xFF80))) != 0;
    }
    template<class Block>
    BOOST_UTF_SSE_INLINE static unsigned encode_ascii(Block const& w, unsigned char* o) noexcept
    {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_packus_epi16(w.a, w.b));
        return 16;
    }
    template<class Block>
    BOOST_UTF_SSE_INLINE static unsigned encode_below_800(Block const& w, unsigned char* o) noexcept
    {
        unsigned const n = encode_two_byte_lanes(w.a, o);
        return n + encode_two_byte_lanes(w.b, o + n);
    }
    template<class Block>
    BOOST_UTF_SSE_INLINE static unsigned encode(std::size_t, Block const& w, unsigned char* o) noexcept
    {
        return Source::below_800(w) ? encode_below_800(w, o) : Source::encode_bmp(w, o);
    }
};

// UTF-16 code units: a block is checked to hold no surrogate, so that each code unit is a code
// point below 10000 (pairs are left to the caller), and `block` is the code units themselves.
struct utf16_blocks : unit_lanes<utf16_blocks>
{
    std::uint16_t const* p;
    explicit utf16_blocks(std::uint16_t const* from) noexcept : p(from) {}
    static constexpr bool ascii_pairs = true;
    static constexpr bool early_reads = false;
    static constexpr bool two_bytes_first = true;
    struct block
    {
        __m128i a, b;
        bool ascii; // kept, so that the test is made once per block
    };

    BOOST_UTF_SSE_INLINE void read(std::size_t i, block& w) const noexcept
    {
        w.a = load(p + i);
        w.b = load(p + i + 8);
        w.ascii = _mm_testz_si128(_mm_or_si128(w.a, w.b), _mm_set1_epi16(static_cast<short>(0xFF80))) != 0;
    }
    BOOST_UTF_SSE_INLINE static bool encodable(block const& w) noexcept
    {
        return !any_surrogate(w.a, w.b);
    }
    BOOST_UTF_SSE_INLINE static bool ascii(block const& w) noexcept
    {
        return w.ascii;
    }
    BOOST_UTF_SSE_INLINE static bool below_800(block const& w) noexcept
    {
        return _mm_testz_si128(_mm_or_si128(w.a, w.b), _mm_set1_epi16(static_cast<short>(0xF800))) != 0;
    }
    BOOST_UTF_SSE_INLINE static unsigned encode_bmp(block const& w, unsigned char* o) noexcept
    {
        unsigned const n = encode_bmp_lanes(w.a, o);
        return n + encode_bmp_lanes(w.b, o + n);
    }
};

// Lanes holding a value above 10FFFF or a surrogate.
BOOST_UTF_SSE_INLINE __m128i not_scalar(__m128i x) noexcept
{
    __m128i const above = _mm_cmpgt_epi32(_mm_srli_epi32(x, 16), _mm_set1_epi32(0x10));
    __m128i const surrogate = _mm_cmpeq_epi32(_mm_and_si128(x, _mm_set1_epi32(int(0xFFFFF800u))), _mm_set1_epi32(0xD800));
    return _mm_or_si128(above, surrogate);
}

// Code points (UTF-32) read as UTF-16 code units: a block of 16, four registers, packed into the
// two registers of utf16_blocks (a saturating pack, exact for values below 10000), and encoded as
// those are. `any` is the four registers or-ed together, so that ASCII, below 800 and below 10000
// are exact tests of every value; a block with a value of 10000 or more (or not a scalar value,
// which the pack would make look like another) is checked and encoded from the code points
// themselves, read again from `at`.
struct code_point_units : unit_lanes<code_point_units>
{
    std::uint32_t const* p;
    explicit code_point_units(std::uint32_t const* from) noexcept : p(from) {}
    static constexpr bool ascii_pairs = false;
    static constexpr bool early_reads = false;
    static constexpr bool two_bytes_first = true;
    struct block
    {
        __m128i a, b, any;
        std::uint32_t const* at;
    };

    BOOST_UTF_SSE_INLINE void read(std::size_t i, block& w) const noexcept
    {
        w.at = p + i;
        __m128i const x0 = load(w.at), x1 = load(w.at + 4), x2 = load(w.at + 8), x3 = load(w.at + 12);
        w.a = _mm_packus_epi32(x0, x1);
        w.b = _mm_packus_epi32(x2, x3);
        w.any = _mm_or_si128(_mm_or_si128(x0, x1), _mm_or_si128(x2, x3));
    }
    // Whether every value is below `bound`, a power of two: -bound has exactly the bits from it up.
    BOOST_UTF_SSE_INLINE static bool below(block const& w, int bound) noexcept
    {
        return _mm_testz_si128(w.any, _mm_set1_epi32(-bound)) != 0;
    }
    BOOST_UTF_SSE_INLINE static bool encodable(block const& w) noexcept
    {
        if (below(w, 0x10000))
            return !any_surrogate(w.a, w.b);
        __m128i const bad = _mm_or_si128(_mm_or_si128(not_scalar(load(w.at)), not_scalar(load(w.at + 4))),
                                         _mm_or_si128(not_scalar(load(w.at + 8)), not_scalar(load(w.at + 12))));
        return _mm_testz_si128(bad, bad) != 0;
    }
    BOOST_UTF_SSE_INLINE static bool ascii(block const& w) noexcept
    {
        return below(w, 0x80);
    }
    BOOST_UTF_SSE_INLINE static bool below_800(block const& w) noexcept
    {
        return below(w, 0x800);
    }
    BOOST_UTF_SSE_INLINE static unsigned encode_bmp(block const& w, unsigned char* o) noexcept
    {
        if (below(w, 0x10000))
        {
            unsigned const n = encode_bmp_lanes(w.a, o);
            return n + encode_bmp_lanes(w.b, o + n);
        }
        unsigned n = encode_four_lanes(load(w.at), o);
        n += encode_four_lanes(load(w.at + 4), o + n);
        n += encode_four_lanes(load(w.at + 8), o + n);
        return n + encode_four_lanes(load(w.at + 12), o + n);
    }
};

// Copies n >= 16 bytes in 16-byte pieces, the last one overlapping the one before, so that
// exactly n bytes are written. Shared with the AVX2 kernels, whose target includes this one's.
BOOST_UTF_SSE_INLINE void copy_exactly(unsigned char* o, unsigned char const* from, unsigned n) noexcept
{
    for (unsigned k = 0; k + 16 < n; k += 16)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o + k), load(from + k));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + n - 16), load(from + n - 16));
}

#define BOOST_UTF_ENCODE_LOOP_INLINE BOOST_UTF_SSE_INLINE
#include <boost/utf/detail/simd/encode_loop.ipp>
#undef BOOST_UTF_ENCODE_LOOP_INLINE

BOOST_UTF_SSE_KERNEL transcode_step encode(std::uint32_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return encode_blocks(code_point_units{p}, n, o);
}
BOOST_UTF_SSE_KERNEL transcode_step encode_covered(std::uint32_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return encode_blocks_covered(code_point_units{p}, n, o);
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

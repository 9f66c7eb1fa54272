// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_AVX2_HPP
#define BOOST_UTF_DETAIL_SIMD_AVX2_HPP

// AVX2 kernels: block validation over 32 code units (see classify.hpp), decoding of multi-byte
// text 32 code units at a time (see decode_tables.hpp; blocks of one- to three-byte sequences in
// 16-bit lanes, which also go straight to UTF-16: decode16), encoding of all scalar values (16 code points at a time, see encode_tables.hpp),
// and code point validation. Every function is compiled for exactly this level (see target.hpp).

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/classify.hpp>
#include <boost/utf/detail/simd/decode_tables.hpp>
#include <boost/utf/detail/simd/encode_tables.hpp>
#include <boost/utf/detail/simd/sse.hpp>
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
#define BOOST_UTF_AVX2_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_AVX2

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
inline constexpr std::size_t encode_width = 16;
inline constexpr std::size_t code_point_width = 32;

// Nonzero where a byte of the block at p (its code units `cur`) breaks the rules, judged with
// the three bytes before the block, read from memory.
BOOST_UTF_AVX2_INLINE __m256i block_errors(unsigned char const* p, __m256i cur) noexcept
{
    __m256i const p1 = load(p - 1);
    __m256i const low = _mm256_set1_epi8(0x0F);
    __m256i const a = _mm256_shuffle_epi8(table(prev_high_table), _mm256_and_si256(_mm256_srli_epi16(p1, 4), low));
    __m256i const b = _mm256_shuffle_epi8(table(prev_low_table), _mm256_and_si256(p1, low));
    __m256i const c = _mm256_shuffle_epi8(table(cur_high_table), _mm256_and_si256(_mm256_srli_epi16(cur, 4), low));
    __m256i const e = _mm256_and_si256(_mm256_and_si256(a, b), c);
    // 0x80 where a lead two or three places back expects a continuation here: the saturating
    // subtractions leave bit 7 exactly for bytes from E0 and from F0.
    __m256i const ahead = _mm256_or_si256(_mm256_subs_epu8(load(p - 2), _mm256_set1_epi8(first_three_byte_lead - 0x80)),
                                          _mm256_subs_epu8(load(p - 3), _mm256_set1_epi8(first_four_byte_lead - 0x80)));
    return _mm256_xor_si256(e, _mm256_and_si256(ahead, _mm256_set1_epi8(char(0x80))));
}

// Bit i set where byte i of a block flags an error, from its block_errors.
BOOST_UTF_AVX2_INLINE std::uint32_t error_bits(__m256i diff) noexcept
{
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(diff, _mm256_setzero_si256())));
}

// The first step (two blocks) with a flagged byte, and its flags (flagged_step, step.hpp).
BOOST_UTF_AVX2_KERNEL flagged_step valid_prefix(unsigned char const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    constexpr std::size_t w = validate_width;
    static_assert(2 * w == validate_step, "two blocks a step");
    // Two blocks a step. An ASCII step is told apart first and costs a load and an OR a block,
    // as in the SSE kernel: in text that is ASCII but for a letter or a punctuation mark here and
    // there, most steps are ASCII, and between two such marks there is often only one. Text that
    // mixes scripts pays for the branch where it mispredicts; the AVX-512 kernel, whose blocks
    // are a whole step, goes without it.
    while (n - i >= 2 * w)
    {
        __m256i const lo = load(p + i);
        __m256i const hi = load(p + i + w);
        if (_mm256_movemask_epi8(_mm256_or_si256(lo, hi)) == 0)
        {
            if (!nothing_pending(p + i))
                return {i, pending_flags(p + i)};
            // After an ASCII step nothing is pending: the run goes on with one test a step.
            for (i += 2 * w; n - i >= 2 * w; i += 2 * w)
                if (_mm256_movemask_epi8(_mm256_or_si256(load(p + i), load(p + i + w))) != 0)
                    break;
            continue;
        }
        __m256i const d_lo = block_errors(p + i, lo);
        __m256i const d_hi = block_errors(p + i + w, hi);
        __m256i const diff = _mm256_or_si256(d_lo, d_hi);
        if (_mm256_testz_si256(diff, diff) == 0)
            return {i, error_bits(d_lo) | std::uint64_t(error_bits(d_hi)) << 32};
        i += 2 * w;
    }
    if (n - i >= w)
    {
        __m256i const cur = load(p + i);
        std::uint32_t const flags =
            _mm256_movemask_epi8(cur) == 0 ? pending_flags(p + i) : error_bits(block_errors(p + i, cur));
        return flags != 0 ? flagged_step{i, flags} : flagged_step{i + w, 0};
    }
    return {i, 0};
}

// ---- decoding multi-byte text (decode_tables.hpp) -----------------------------------------------

// `v` moved up by K bytes across its two halves, zeros coming in.
template<int K>
BOOST_UTF_AVX2_INLINE __m256i shift_in_zeros(__m256i v) noexcept
{
    // The low half of v in the high half, zeros in the low half: the bytes that move across.
    return _mm256_alignr_epi8(v, _mm256_permute2x128_si256(v, v, 0x08), 16 - K);
}

// The bytes in error among the 32 of `cur`, taken alone: `cur` begins an element, so nothing
// before it matters (zeros come in). `high` holds the bytes' high nibbles.
BOOST_UTF_AVX2_INLINE std::uint32_t decode_errors(__m256i cur, __m256i high) noexcept
{
    __m256i const low = _mm256_set1_epi8(0x0F);
    __m256i const a = _mm256_shuffle_epi8(table(prev_high_table), shift_in_zeros<1>(high));
    __m256i const b = _mm256_shuffle_epi8(table(prev_low_table), _mm256_and_si256(shift_in_zeros<1>(cur), low));
    __m256i const c = _mm256_shuffle_epi8(table(cur_high_table), high);
    __m256i const e = _mm256_and_si256(_mm256_and_si256(a, b), c);
    // Bit 7 where a lead two or three places back expects a continuation here: the saturating
    // subtractions leave bit 7 exactly for bytes from E0 and from F0.
    __m256i const ahead = _mm256_or_si256(_mm256_subs_epu8(shift_in_zeros<2>(cur), _mm256_set1_epi8(0x60)),
                                          _mm256_subs_epu8(shift_in_zeros<3>(cur), _mm256_set1_epi8(0x70)));
    __m256i const diff = _mm256_xor_si256(e, _mm256_and_si256(ahead, _mm256_set1_epi8(char(0x80))));
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(diff, _mm256_setzero_si256())));
}

// Bit i set when byte i of `cur` is not a continuation byte.
BOOST_UTF_AVX2_INLINE std::uint32_t non_continuations(__m256i cur) noexcept
{
    // Continuation bytes, 80..BF, are the signed bytes below C0.
    return ~static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_set1_epi8(char(0xC0)), cur)));
}

// The positions of the set bits of `m` (below 2^16), in increasing order, one per byte; their
// number in `count`. Bytes from `count` on are unspecified.
BOOST_UTF_AVX2_INLINE __m128i set_bit_positions(std::uint32_t m, unsigned& count) noexcept
{
    unsigned const lo = m & 0xFFu;
    unsigned const hi = m >> 8;
    __m128i const a = _mm_loadl_epi64(reinterpret_cast<__m128i const*>(bit_positions.positions[lo]));
    __m128i const b = _mm_add_epi8(_mm_loadl_epi64(reinterpret_cast<__m128i const*>(bit_positions.positions[hi])),
                                   _mm_set1_epi8(8));
    unsigned const below = bit_positions.count[lo];
    count = below + bit_positions.count[hi];
    // a is zero from byte `below` on, where b goes.
    __m128i const shift = _mm_loadu_si128(reinterpret_cast<__m128i const*>(byte_shift.v + 16 - below));
    return _mm_or_si128(a, _mm_shuffle_epi8(b, shift));
}

// Two windows of 16 well-formed bytes, one per half, and what decoding their leads needs: the
// bytes reduced to their payloads, the leads' positions in their window and the leads' shapes
// (decode_tables.hpp).
struct decode_windows
{
    __m256i payload;
    __m256i positions;
    __m256i shapes;
};

BOOST_UTF_AVX2_INLINE decode_windows prepare_windows(__m256i bytes, __m256i positions) noexcept
{
    __m256i const high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), _mm256_set1_epi8(0x0F));
    __m256i const payload = _mm256_and_si256(bytes, _mm256_shuffle_epi8(table(payload_masks), high));
    __m256i const shapes = _mm256_shuffle_epi8(_mm256_shuffle_epi8(table(lead_shapes), high), positions);
    return {payload, positions, shapes};
}

// The code points of four leads of each window, from the lead each half of `first` names (in
// every byte of the half).
BOOST_UTF_AVX2_INLINE __m256i decode_eight(decode_windows const& w, __m256i first) noexcept
{
    __m256i const pick = _mm256_add_epi8(table(repeat_by_four), first);
    __m256i const lead = _mm256_shuffle_epi8(w.positions, pick);
    __m256i const row = _mm256_or_si256(_mm256_shuffle_epi8(w.shapes, pick), _mm256_set1_epi32(0x03020100));
    __m256i const index = _mm256_add_epi8(lead, _mm256_shuffle_epi8(table(gather_offsets), row));
    __m256i const x = _mm256_shuffle_epi8(w.payload, index);
    // Bytes 0..3 of a lane weigh 2^18, 2^12, 2^6 and 1: 64 and 1 within each pair of bytes
    // (at most 64 * 7F + 3F, no saturation), then 2^12 and 1 within each pair of words.
    __m256i const pairs = _mm256_maddubs_epi16(x, _mm256_set1_epi16(0x0140));
    return _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x00011000));
}

// Stores the two halves of `v`: code points first..first+3 of each window, at `lo` and `hi`.
BOOST_UTF_AVX2_INLINE void store_halves(char32_t* lo, char32_t* hi, __m256i v) noexcept
{
    _mm_storeu_si128(reinterpret_cast<__m128i*>(lo), _mm256_castsi256_si128(v));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(hi), _mm256_extracti128_si256(v, 1));
}

// The code points of the windows' leads, count1 and count2 of them (each from 4 to 13), at
// o1[0, count1) and o2[0, count2): four at a time per window, the last four ending at the end,
// so that nothing past them is written. With o1 == o2, the windows must be the same.
BOOST_UTF_AVX2_INLINE void decode_leads(decode_windows const& w, unsigned count1, unsigned count2, char32_t* o1,
                                        char32_t* o2) noexcept
{
    // The last four of each window start at count - 4: in every byte of its half.
    __m256i const last = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_set1_epi8(static_cast<char>(count1 - 4))),
                                                 _mm_set1_epi8(static_cast<char>(count2 - 4)), 1);
    store_halves(o1, o2, decode_eight(w, _mm256_setzero_si256()));
    store_halves(o1 + count1 - 4, o2 + count2 - 4, decode_eight(w, last));
    if (count1 > 8 || count2 > 8)
    {
        unsigned const a1 = count1 - 4 < 4 ? count1 - 4 : 4, a2 = count2 - 4 < 4 ? count2 - 4 : 4;
        unsigned const b1 = count1 - 4 < 8 ? count1 - 4 : 8, b2 = count2 - 4 < 8 ? count2 - 4 : 8;
        store_halves(o1 + a1, o2 + a2, decode_eight(w, _mm256_min_epu8(last, _mm256_set1_epi8(4))));
        store_halves(o1 + b1, o2 + b2, decode_eight(w, _mm256_min_epu8(last, _mm256_set1_epi8(8))));
    }
}

// The 32 bytes of an ASCII block as code points, or as UTF-16 code units.
BOOST_UTF_AVX2_INLINE void widen_ascii(__m256i cur, char32_t* o) noexcept
{
    __m128i const lo = _mm256_castsi256_si128(cur);
    __m128i const hi = _mm256_extracti128_si256(cur, 1);
    __m256i* const out = reinterpret_cast<__m256i*>(o);
    _mm256_storeu_si256(out, _mm256_cvtepu8_epi32(lo));
    _mm256_storeu_si256(out + 1, _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)));
    _mm256_storeu_si256(out + 2, _mm256_cvtepu8_epi32(hi));
    _mm256_storeu_si256(out + 3, _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8)));
}

BOOST_UTF_AVX2_INLINE void widen_ascii(__m256i cur, std::uint16_t* o) noexcept
{
    __m256i* const out = reinterpret_cast<__m256i*>(o);
    _mm256_storeu_si256(out, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(cur)));
    _mm256_storeu_si256(out + 1, _mm256_cvtepu8_epi16(_mm256_extracti128_si256(cur, 1)));
}

// After an ASCII block at p widened to o: the bytes to go on from, fewer than a block, so that
// the output is at the start of a cache line and the ASCII blocks that follow each write whole
// lines (text of runs of ASCII between other letters leaves the output at any alignment). A
// 32-byte boundary alone is not enough: with pairs of stores that each straddle two lines, large
// outputs were written no faster than unaligned. Only where the two blocks from there are ASCII
// too: the caller then takes the first whole and returns as produced all that this block wrote,
// and the run is long enough for its whole lines to pay for the bytes widened twice, which a run
// that ends at the next accent (Latin text) is not; else 0, and the caller goes on past the
// block. And only in long input (ascii_realign_from bytes left): the blocks then end elsewhere,
// and in short input the bytes left after the last block, which the scalar rules decode, cost
// more than aligned stores save.
inline constexpr std::size_t ascii_realign_from = 1024;

// The elements from o up to the next 64-byte boundary (a cache line), 0 where o is on one:
// fewer than 32 bytes' worth of code units, or 16 code points.
template<class T>
BOOST_UTF_AVX2_INLINE std::size_t elements_to_line(T const* o) noexcept
{
    return (0u - reinterpret_cast<std::uintptr_t>(o)) % 64 / sizeof(T);
}

BOOST_UTF_AVX2_INLINE std::size_t ascii_realigned(unsigned char const* p, std::size_t left, char32_t const* o) noexcept
{
    static_assert(ascii_realign_from >= 3 * decode_width, "the two blocks from k are read whole");
    std::size_t const k = elements_to_line(o);
    if (k != 0 && left >= ascii_realign_from &&
        _mm256_movemask_epi8(_mm256_or_si256(load(p + k), load(p + k + decode_width))) == 0)
        return k;
    return 0;
}

// Decodes two windows of 16 bytes of the block `cur` at p, one per half of the vectors: the
// elements that start in [0, cut1) (cut1 <= 13), then those that start in the 13 bytes from the
// first lead after them, `start2`, and before `cut` (cut <= 29), all of which lie inside the 32
// bytes; elements up to `cut` must be well-formed and wholly inside. A window is decoded only if
// it has four leads or more; the second only after the first. Returns the bytes consumed, at
// most `limit`, and the code points written at o, in `produced`.
BOOST_UTF_AVX2_INLINE unsigned decode_windows_of(unsigned char const* p, __m256i cur, std::uint64_t leads,
                                                 unsigned cut, unsigned limit, char32_t* o, unsigned& produced) noexcept
{
    unsigned const cut1 = cut < 13 ? cut : 13;
    unsigned count1;
    __m128i const positions1 = set_bit_positions(static_cast<std::uint32_t>(leads) & ((1u << cut1) - 1), count1);
    produced = 0;
    if (count1 < 4)
        return 0;
    unsigned const next1 = static_cast<unsigned>(_tzcnt_u64(leads >> cut1)) + cut1;
    unsigned const start2 = next1 < limit ? next1 : limit;
    unsigned const cut2 = cut <= start2 ? 0 : cut - start2 < 13 ? cut - start2 : 13;
    unsigned count2;
    __m128i positions2 = set_bit_positions(static_cast<std::uint32_t>(leads >> start2) & ((1u << cut2) - 1), count2);
    unsigned used = start2;
    unsigned from2 = 0;
    char32_t* o2 = o;
    if (BOOST_LIKELY(count2 >= 4))
    {
        unsigned const next2 = static_cast<unsigned>(_tzcnt_u64(leads >> (start2 + cut2))) + start2 + cut2;
        used = next2 < limit ? next2 : limit;
        from2 = start2;
        o2 = o + count1;
        produced = count2;
    }
    else
    {
        // Only the first window: the second half repeats it, to the same place.
        positions2 = positions1;
        count2 = count1;
    }
    __m256i const bytes = _mm256_inserti128_si256(cur, _mm_loadu_si128(reinterpret_cast<__m128i const*>(p + from2)), 1);
    __m256i const positions = _mm256_inserti128_si256(_mm256_castsi128_si256(positions1), positions2, 1);
    decode_leads(prepare_windows(bytes, positions), count1, count2, o, o2);
    produced += count1;
    return used;
}

// ---- blocks of one- and two-byte sequences -----------------------------------------------------
//
// A well-formed block with no byte from E0 (code points below 800) needs no lead positions:
// every byte position gets, in a 16-bit lane, the code point a sequence starting there would
// have (from the byte and the one after it); then the lanes of the leads are gathered eight
// positions at a time (lane_compress) and widened to 32 bits. The four groups of eight are
// independent of each other: only the store addresses wait on the counts.

// Lane j of `x` holds a byte and the one after it: the code point of a sequence that starts at
// the byte, if it is a lead below 80 or a two-byte lead (those lanes all-ones in `two`).
BOOST_UTF_AVX2_INLINE __m256i two_byte_lanes(__m256i x, __m256i two) noexcept
{
    __m256i const one = _mm256_and_si256(x, _mm256_set1_epi16(0x00FF));
    // The lead's five bits weigh 64 and the continuation's six weigh 1: at most 7FF.
    __m256i const pair =
        _mm256_maddubs_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x3F1F)), _mm256_set1_epi16(0x0140));
    return _mm256_blendv_epi8(one, pair, two);
}

BOOST_UTF_AVX2_INLINE __m256i load_two_halves(void const* lo, void const* hi) noexcept
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_load_si128(static_cast<__m128i const*>(lo))),
                                   _mm_load_si128(static_cast<__m128i const*>(hi)), 1);
}

// The 16-bit lanes of a block's leads, from the lanes of its even and its odd positions, gathered
// eight positions at a time (lane_compress): group k holds the lanes of the leads among
// positions 8k to 8k + 7 first, in order; groups 0 and 2 are the halves of `a`, groups 1 and 3
// those of `b`. masks[k] is group k's eight bits of `leads`.
struct lead_lanes
{
    __m256i a, b;
    unsigned masks[4];
};

BOOST_UTF_AVX2_INLINE lead_lanes gather_lead_lanes(__m256i even, __m256i odd, std::uint32_t leads) noexcept
{
    // Positions 0..7 and 16..23 in `low`, 8..15 and 24..31 in `high`.
    __m256i const low = _mm256_unpacklo_epi16(even, odd);
    __m256i const high = _mm256_unpackhi_epi16(even, odd);
    unsigned const m0 = leads & 0xFFu, m1 = (leads >> 8) & 0xFFu, m2 = (leads >> 16) & 0xFFu, m3 = leads >> 24;
    return {_mm256_shuffle_epi8(low, load_two_halves(lane_compress.v[m0], lane_compress.v[m2])),
            _mm256_shuffle_epi8(high, load_two_halves(lane_compress.v[m1], lane_compress.v[m3])),
            {m0, m1, m2, m3}};
}

// The lanes of the leads of the block `cur`, well-formed and without bytes from E0, whose leads
// are the set bits of `leads`; `next` holds the block's bytes 1..32, and a lead at byte 31 ends
// with byte 32. Each group of eight positions has four leads or more: a continuation byte
// follows a lead.
BOOST_UTF_AVX2_INLINE lead_lanes two_byte_block_lanes(__m256i cur, __m256i next, std::uint32_t leads) noexcept
{
    // Even positions from `cur`, odd ones from `next`; a lane's low byte is its position's byte.
    return gather_lead_lanes(two_byte_lanes(cur, _mm256_srai_epi16(_mm256_slli_epi16(cur, 8), 15)),
                             two_byte_lanes(next, _mm256_srai_epi16(cur, 15)), leads);
}

// Writes exactly the code points of a two-byte block's lanes `g` at o (16 to 32 of them), as
// code points or as UTF-16 code units; returns their count.
BOOST_UTF_AVX2_INLINE unsigned store_two_byte_block(lead_lanes const& g, char32_t* o) noexcept
{
    __m256i const a = g.a, b = g.b;
    unsigned const m0 = g.masks[0], m1 = g.masks[1], m2 = g.masks[2], m3 = g.masks[3];
    __m256i const g0 = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(a));
    __m256i const g1 = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(b));
    __m256i const g2 = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(a, 1));
    __m256i const g3 = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(b, 1));
    unsigned const c0 = bit_positions.count[m0], c1 = bit_positions.count[m1];
    unsigned const c2 = bit_positions.count[m2], c3 = bit_positions.count[m3];
    unsigned const s2 = c0 + c1, count = s2 + c2 + c3;
    __m256i* const out = reinterpret_cast<__m256i*>(o);
    // Each store's lanes past its group's count are overwritten by the next store; the last
    // store holds the block's last eight code points, so nothing past `count` is written.
    _mm256_storeu_si256(out, g0);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + c0), g1);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + s2), g2);
    // Lane k of the last eight is group 3's lane k + c3 - 8 from k = 8 - c3 on, and group 2's
    // lane k + c2 + c3 - 8 below (c2 + c3 >= 8); the permutations read indexes modulo 8.
    __m256i const t = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(int(c3)));
    __m256i const from2 = _mm256_permutevar8x32_epi32(g2, _mm256_add_epi32(t, _mm256_set1_epi32(int(c2))));
    __m256i const from3 = _mm256_permutevar8x32_epi32(g3, t);
    __m256i const last = _mm256_blendv_epi8(from2, from3, _mm256_cmpgt_epi32(t, _mm256_set1_epi32(7)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + count - 8), last);
    return count;
}

// The last eight code points of a block, [last, last + 8), put together in registers from its
// groups of 16-bit lanes: a group whose code points start at code point s of the block gives lane
// j of the eight its lane last + j - s, through the byte indexes 2 (last - s) + 0..15. An index
// below 0 has bit 7 set, which makes the shuffle give 0 and, in over_last_eight, keeps the lane
// of the groups before; laid over them in order, each lane ends with the last group that starts
// at or before it (an index past a group's own lanes is always replaced by a later group's).
BOOST_UTF_AVX2_INLINE __m128i last_eight_index(unsigned s, unsigned last) noexcept
{
    return _mm_add_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                        _mm_set1_epi8(static_cast<char>(2 * (int(last) - int(s)))));
}

BOOST_UTF_AVX2_INLINE __m128i over_last_eight(__m128i eight, __m128i group, unsigned s, unsigned last) noexcept
{
    __m128i const index = last_eight_index(s, last);
    return _mm_blendv_epi8(_mm_shuffle_epi8(group, index), eight, index);
}

BOOST_UTF_AVX2_INLINE unsigned store_two_byte_block(lead_lanes const& g, std::uint16_t* o) noexcept
{
    __m128i const g0 = _mm256_castsi256_si128(g.a), g1 = _mm256_castsi256_si128(g.b);
    __m128i const g2 = _mm256_extracti128_si256(g.a, 1), g3 = _mm256_extracti128_si256(g.b, 1);
    unsigned const c0 = bit_positions.count[g.masks[0]], c1 = bit_positions.count[g.masks[1]];
    unsigned const c2 = bit_positions.count[g.masks[2]], c3 = bit_positions.count[g.masks[3]];
    unsigned const s2 = c0 + c1, count = s2 + c2 + c3;
    // As for code points: each store's lanes past its group's count are overwritten by the next
    // store, and group 2's store ends at s2 + 8, not past `count` (c2 + c3 >= 8).
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), g0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + c0), g1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + s2), g2);
    // The last eight come from groups 2 and 3 alone (c2 + c3 >= 8).
    unsigned const last = count - 8, s3 = s2 + c2;
    __m128i const eight = over_last_eight(_mm_shuffle_epi8(g2, last_eight_index(s2, last)), g3, s3, last);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + last), eight);
    return count;
}

// ---- blocks of one- to three-byte sequences ---------------------------------------------------
//
// A well-formed block with no byte from F0 has only code points below 10000, which fit 16-bit
// lanes, as in the two-byte blocks: every position gets the code point a sequence starting there
// would have, from the byte and the two after it (three_byte_lanes), and the lanes of the leads
// are gathered eight positions at a time (lane_compress). A group of eight positions may hold as
// few as two leads, so the groups are put end to end in a small buffer and widened from there:
// the output gets exactly the block's code points.

// Lane j of `x` holds a byte and the one after it, the low byte of lane j of `third` the byte
// after those: the code point of a sequence that starts at the byte, if it is a lead below 80
// or a lead of two or three bytes (three_byte_lanes_follow_rules checks the arithmetic).
BOOST_UTF_AVX2_INLINE __m256i three_byte_lanes(__m256i x, __m256i third) noexcept
{
    __m256i const one = _mm256_and_si256(x, _mm256_set1_epi16(0x00FF));
    // The lead's five bits weigh 64 and the continuation's six weigh 1: at most 7FF. A lead
    // from E0 has bit 4 clear, so that its five bits are its four payload bits: at most 3FF.
    __m256i const pair =
        _mm256_maddubs_epi16(_mm256_and_si256(x, _mm256_set1_epi16(0x3F1F)), _mm256_set1_epi16(0x0140));
    __m256i const triple = _mm256_or_si256(_mm256_slli_epi16(pair, 6), _mm256_and_si256(third, _mm256_set1_epi16(0x003F)));
    // A lead from 80 has bit 7 set, and bit 5 too from E0; both bits taken to the whole lane.
    __m256i const multi = _mm256_blendv_epi8(pair, triple, _mm256_srai_epi16(_mm256_slli_epi16(x, 10), 15));
    return _mm256_blendv_epi8(one, multi, _mm256_srai_epi16(_mm256_slli_epi16(x, 8), 15));
}

// Eight code points below 10000, in 16-bit lanes, at o: as code points or as UTF-16 code units.
BOOST_UTF_AVX2_INLINE void store_eight(__m128i v, char32_t* o) noexcept
{
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), _mm256_cvtepu16_epi32(v));
}

BOOST_UTF_AVX2_INLINE void store_eight(__m128i v, std::uint16_t* o) noexcept
{
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
}

// Decodes the leads of the block at p (its bytes `cur`), well-formed and without bytes from F0,
// that are the set bits of `leads`, whose sequences all end inside the block: at least eight.
// Reads p[0, 34). Writes exactly the code points it returns at o, as code points or as UTF-16
// code units (one per code point, all below 10000).
template<class Out>
BOOST_UTF_AVX2_INLINE unsigned decode_three_byte_block(unsigned char const* p, __m256i cur, std::uint32_t leads,
                                                       Out* o) noexcept
{
    __m256i const next = load(p + 1);
    __m256i const after = load(p + 2);
    // Even positions 2k from `cur` (bytes 2k, 2k + 1), their third byte the high byte of lane k
    // of `next`; odd positions 2k + 1 from `next`, their third byte the high byte of `after`'s.
    lead_lanes const g = gather_lead_lanes(three_byte_lanes(cur, _mm256_srli_epi16(next, 8)),
                                           three_byte_lanes(next, _mm256_srli_epi16(after, 8)), leads);
    __m128i const g0 = _mm256_castsi256_si128(g.a), g1 = _mm256_castsi256_si128(g.b);
    __m128i const g2 = _mm256_extracti128_si256(g.a, 1), g3 = _mm256_extracti128_si256(g.b, 1);
    unsigned const s1 = bit_positions.count[g.masks[0]], s2 = s1 + bit_positions.count[g.masks[1]];
    unsigned const s3 = s2 + bit_positions.count[g.masks[2]], count = s3 + bit_positions.count[g.masks[3]];
    unsigned const last = count - 8;
    // Each group goes to where its code points start, s_k, or to `last` when its eight would
    // pass `count`. So [0, last) is right once all four are written: a group's lanes past its
    // count are overwritten by the next group's, or lie in [last, count). Nothing goes through
    // memory to be read back: such a load waits for every store before it to reach the cache,
    // the output's included, which costs a trip to memory on large outputs.
    store_eight(g0, o);
    store_eight(g1, o + (s1 < last ? s1 : last));
    store_eight(g2, o + (s2 < last ? s2 : last));
    store_eight(g3, o + (s3 < last ? s3 : last));
    // Then [last, count), from all four groups: as few as two code points may start in each.
    __m128i eight = _mm_shuffle_epi8(g0, last_eight_index(0, last));
    eight = over_last_eight(eight, g1, s1, last);
    eight = over_last_eight(eight, g2, s2, last);
    eight = over_last_eight(eight, g3, s3, last);
    store_eight(eight, o + last);
    return count;
}

// Each step validates 32 bytes, then decodes two windows of 16 bytes, one per half of the
// vectors: the elements that start in the first 13 bytes (at least four, since none is longer
// than four bytes, and wholly inside), then those that start in the 13 bytes after them, which
// still lie inside the 32. A block of one- and two-byte sequences alone is decoded whole instead
// (two_byte_block_lanes), and one of one- to three-byte sequences up to its last lead whose
// sequence ends inside it (decode_three_byte_block), when two more bytes can be read. A step
// that finds an error at byte e decodes only elements that start before e - 3 (they end before
// e), in windows that have four; then the scalar rules take the bytes up to e.
//
// Written once for both outputs: code points (decode), and UTF-16 code units (decode16), which
// takes only the blocks whose code points are all below 10000 (ASCII, two-byte and three-byte
// blocks: one code unit per code point) and stops, with `resume` set to the block's width, at
// any other block (one with an error or a four-byte sequence), which the caller decodes; it
// stops with `resume` 0 when fewer than a block and the two bytes after it are left, at a block
// that needs them.
template<class Out>
BOOST_UTF_AVX2_INLINE transcode_step decode_blocks(unsigned char const* p, std::size_t n, Out* o) noexcept
{
    constexpr bool code_points = sizeof(Out) == 4;
    std::size_t i = 0, produced = 0;
    while (n - i >= decode_width)
    {
        __m256i const cur = load(p + i);
        if (_mm256_movemask_epi8(cur) == 0)
        {
            widen_ascii(cur, o + produced);
            if constexpr (code_points)
            {
                // A run of ASCII goes on from where the output starts a cache line (four
                // stores a block; UTF-16's two gain nothing measurable).
                std::size_t const k = ascii_realigned(p + i, n - i, o + produced);
                if (k != 0)
                {
                    i += k;
                    produced += k;
                    continue;
                }
            }
            i += decode_width;
            produced += decode_width;
            // As in sse.hpp: after an ASCII block, decode16 goes on through ASCII a pair of
            // blocks to a test.
            if constexpr (!code_points)
            {
                while (n - i >= 2 * decode_width)
                {
                    __m256i const a = load(p + i);
                    __m256i const b = load(p + i + 32);
                    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0)
                        break;
                    widen_ascii(a, o + produced);
                    widen_ascii(b, o + produced + 32);
                    i += 2 * decode_width;
                    produced += 2 * decode_width;
                }
            }
            continue;
        }
        __m256i const high = _mm256_and_si256(_mm256_srli_epi16(cur, 4), _mm256_set1_epi8(0x0F));
        std::uint32_t const errors = decode_errors(cur, high);
        std::uint32_t const starts = non_continuations(cur);
        // A lead at 32 stands for the end of the block.
        std::uint64_t const leads = starts | (std::uint64_t(1) << 32);
        // The next step's start depends on the leads alone, not on the validation, which the
        // processor then need not wait for.
        if (BOOST_UNLIKELY(errors != 0))
        {
            if constexpr (code_points)
            {
                unsigned const error = static_cast<unsigned>(_tzcnt_u32(errors));
                if (error < 7)
                    return {i, produced, error + std::size_t(1)};
                unsigned made;
                unsigned const used = decode_windows_of(p + i, cur, leads, error - 3, error, o + produced, made);
                return {i + used, produced + made, error + std::size_t(1) - used};
            }
            else
                return {i, produced, decode_width};
        }
        if (_mm256_testz_si256(_mm256_subs_epu8(cur, _mm256_set1_epi8(char(0xDF))), _mm256_set1_epi8(char(0xFF))))
        {
            // Only one- and two-byte sequences. A lead at byte 31 (from C0) takes byte 32 along,
            // when the two make a sequence: the block's errors judge a lead by the byte after
            // it, which is not in the block. The bytes 1..32 are read from memory, so the block
            // must not be the input's last.
            unsigned const straddle = (static_cast<std::uint32_t>(_mm256_movemask_epi8(cur)) & starts) >> 31;
            // Whether byte 31 is a lead is as good as random in text of two-byte letters: both
            // bytes are read and the test has no branch on it.
            if (n - i > decode_width &&
                ((straddle ^ 1u) | (static_cast<unsigned>(lead_rules[p[i + decode_width - 1]].length == 2) &
                                    static_cast<unsigned>(is_continuation(p[i + decode_width])))) != 0)
            {
                produced += store_two_byte_block(two_byte_block_lanes(cur, load(p + i + 1), starts), o + produced);
                i += decode_width + straddle;
                continue;
            }
        }
        if (n - i >= decode_width + 2 &&
            _mm256_testz_si256(_mm256_subs_epu8(cur, _mm256_set1_epi8(char(0xEF))), _mm256_set1_epi8(char(0xFF))))
        {
            // Sequences of one to three bytes. The block's errors do not judge bytes past it, so
            // a lead at byte 31 (from C0) or at byte 30 (from E0) is left to the next step, which
            // then starts at it; at most one of them is a lead, since the block is well-formed.
            unsigned const cut = 32u - static_cast<unsigned>(p[i + 31] >= 0xC0) - 2u * static_cast<unsigned>(p[i + 30] >= 0xE0);
            produced += decode_three_byte_block(p + i, cur, starts & static_cast<std::uint32_t>((std::uint64_t(1) << cut) - 1),
                                                o + produced);
            i += cut;
            continue;
        }
        if constexpr (code_points)
        {
            unsigned made;
            i += decode_windows_of(p + i, cur, leads, 29, 32, o + produced, made);
            produced += made;
        }
        else
        {
            // With two bytes past the block, every block below F0 is taken above: this one has a
            // four-byte sequence, which the caller decodes. Otherwise the block is at the input's
            // end, which the caller decodes too, but then fewer bytes are left than a step needs.
            return {i, produced, n - i >= decode_width + 2 ? decode_width : 0};
        }
    }
    return {i, produced, 0};
}

BOOST_UTF_AVX2_KERNEL transcode_step decode(unsigned char const* p, std::size_t n, char32_t* o) noexcept
{
    return decode_blocks(p, n, o);
}

BOOST_UTF_AVX2_KERNEL transcode_step decode16(unsigned char const* p, std::size_t n, std::uint16_t* o) noexcept
{
    return decode_blocks(p, n, o);
}

// ---- encoding --------------------------------------------------------------------------------
//
// Blocks of 32 values (sse.hpp's are 16): UTF-16 code units or code points packed into 16-bit lanes
// (encode_blocks' sources), checked to hold no surrogate (and code points, scalar values only);
// all below 80 (ASCII) packs down to 32 bytes; all below 800 (one or two bytes) is compressed
// eight 16-bit lanes per shuffle; any other block below 10000 is spread into 32-bit lanes and
// compressed four lanes per shuffle, as is a block of code points with one of 10000 or more
// (encode_tables.hpp). Byte shuffles stay within 128-bit halves, so each half has its own table
// entry and its own store.
//
// A half's 16 bytes are stored whole, though only its first `length` are used, when the rest of
// the same call overwrites the excess: the block is not the last the call encodes, and a block
// writes at least 16 bytes. The last block is written exactly (encode_last_block), so nothing
// is written past the bytes returned as produced.

// The low and high halves of `v` shuffled by the table rows `lo` and `hi`, stored one after the
// other from o: 32 bytes stored at most, the count returned.
BOOST_UTF_AVX2_INLINE unsigned store_halves(__m256i v, std::uint8_t const (&lo)[16], std::uint8_t const (&hi)[16],
                                            unsigned lo_length, unsigned hi_length, unsigned char* o) noexcept
{
    __m256i const shuffle = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<__m128i const*>(lo))),
                                                    _mm_loadu_si128(reinterpret_cast<__m128i const*>(hi)), 1);
    __m256i const packed = _mm256_shuffle_epi8(v, shuffle);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm256_castsi256_si128(packed));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + lo_length), _mm256_extracti128_si256(packed, 1));
    return lo_length + hi_length;
}

// Sixteen values below 800, as 16-bit lanes in order, as UTF-8 at o: 16 to 32 bytes, up to 32
// stored. Returns the bytes used.
BOOST_UTF_AVX2_INLINE unsigned encode_two_byte_lanes(__m256i w, unsigned char* o) noexcept
{
    __m256i const two = _mm256_cmpgt_epi16(w, _mm256_set1_epi16(0x7F));
    // Lead then continuation byte, in memory order.
    __m256i const pair = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi16(_mm256_and_si256(w, _mm256_set1_epi16(0x3F)), 8), _mm256_srli_epi16(w, 6)),
        _mm256_set1_epi16(static_cast<short>(0x80C0)));
    __m256i const bytes = _mm256_blendv_epi8(w, pair, two);
    // One byte per lane, each half's eight in its low eight bytes.
    auto const mask = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_packs_epi16(two, two)));
    unsigned const lo = mask & 0xFF, hi = (mask >> 16) & 0xFF;
    return store_halves(bytes, eight_lanes_shuffles.rows[lo], eight_lanes_shuffles.rows[hi],
                        eight_lanes_shuffles.length[lo], eight_lanes_shuffles.length[hi], o);
}

// Eight scalar values as UTF-8 at o: 8 to 32 bytes, up to 32 stored. Returns the bytes used.
BOOST_UTF_AVX2_INLINE unsigned encode_four_lanes(__m256i x, unsigned char* o) noexcept
{
    __m256i const six = _mm256_set1_epi32(0x3F);
    // Signed comparisons are exact: scalar values are below 2^31.
    __m256i const ge80 = _mm256_cmpgt_epi32(x, _mm256_set1_epi32(0x7F));
    __m256i const ge800 = _mm256_cmpgt_epi32(x, _mm256_set1_epi32(0x7FF));
    __m256i const ge10000 = _mm256_cmpgt_epi32(x, _mm256_set1_epi32(0xFFFF));
    // The four-byte form's payload, lead first: bits 18.., 12..17, 6..11, 0..5. A shorter form
    // is the tail of it, since its lead's bits are the group below the unused ones.
    __m256i const groups = _mm256_or_si256(
        _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(x, six), 24),
                        _mm256_and_si256(_mm256_slli_epi32(x, 10), _mm256_set1_epi32(0x3F0000))),
        _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 4), _mm256_set1_epi32(0x3F00)), _mm256_srli_epi32(x, 18)));
    // The markers of the four-byte form, the lead's marker of a three-byte form at byte 1, of a
    // two-byte form at byte 2 (80 ^ 60 = E0, 80 ^ 40 = C0).
    __m256i const marker = _mm256_xor_si256(
        _mm256_set1_epi32(int(0x808080F0u)),
        _mm256_or_si256(_mm256_andnot_si256(ge10000, _mm256_set1_epi32(0x6000)),
                        _mm256_andnot_si256(ge800, _mm256_set1_epi32(0x400000))));
    __m256i const bytes = _mm256_blendv_epi8(_mm256_slli_epi32(x, 24), _mm256_or_si256(groups, marker), ge80);
    auto const bit0 = static_cast<unsigned>(
        _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_xor_si256(_mm256_xor_si256(ge80, ge800), ge10000))));
    auto const bit1 = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(ge800)));
    unsigned const lo = (bit0 & 0xF) | (bit1 & 0xF) << 4;
    unsigned const hi = bit0 >> 4 | (bit1 & 0xF0);
    return store_halves(bytes, four_lanes_shuffles.rows[lo], four_lanes_shuffles.rows[hi],
                        four_lanes_shuffles.length[lo], four_lanes_shuffles.length[hi], o);
}

// The bmp_lanes shuffles of rows lo and hi, for the low and the high 128-bit lane.
BOOST_UTF_AVX2_INLINE __m256i bmp_lanes_rows(unsigned lo, unsigned hi) noexcept
{
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<__m128i const*>(bmp_lanes_shuffles.rows[lo]))),
        _mm_loadu_si128(reinterpret_cast<__m128i const*>(bmp_lanes_shuffles.rows[hi])), 1);
}

// Sixteen code units without a surrogate, as UTF-8 at o: 16 to 48 bytes, up to 12 stored past
// them. Returns the bytes used. The lanes are sse::encode_bmp_lanes's; the interleaves work within
// 128-bit lanes, so the first register holds code units 0-3 and 8-11, the second 4-7 and 12-15,
// and the movemask's bytes are the rows of code units 0-3, 4-7, 8-11 and 12-15 in turn.
BOOST_UTF_AVX2_INLINE unsigned encode_bmp_lanes(__m256i w, unsigned char* o) noexcept
{
    __m256i const zero = _mm256_setzero_si256();
    __m256i const high_bytes = _mm256_set1_epi16(static_cast<short>(0xFF00));
    __m256i const one = _mm256_cmpeq_epi16(_mm256_and_si256(w, _mm256_set1_epi16(static_cast<short>(0xFF80))), zero);
    __m256i const below_800 = _mm256_cmpeq_epi16(_mm256_and_si256(w, _mm256_set1_epi16(static_cast<short>(0xF800))), zero);
    __m256i const low = _mm256_or_si256(_mm256_blendv_epi8(w, _mm256_srli_epi16(w, 4), high_bytes),
                                        _mm256_set1_epi16(static_cast<short>(0xE000)));
    __m256i const high = _mm256_or_si256(
        _mm256_and_si256(_mm256_blendv_epi8(w, _mm256_slli_epi16(w, 2), high_bytes), _mm256_set1_epi16(0x3F3F)),
        _mm256_or_si256(_mm256_set1_epi16(static_cast<short>(0x8080)),
                        _mm256_and_si256(below_800, _mm256_set1_epi16(0x4000))));
    // Two bits per code unit, in order: ASCII, then below 800 (the rows of bmp_lanes).
    __m256i const rows = _mm256_blendv_epi8(one, below_800, high_bytes);
    auto const m = static_cast<unsigned>(_mm256_movemask_epi8(rows));
    unsigned const g0 = m & 0xFF, g1 = m >> 8 & 0xFF, g2 = m >> 16 & 0xFF, g3 = m >> 24;
    __m256i const a = _mm256_shuffle_epi8(_mm256_unpacklo_epi16(low, high), bmp_lanes_rows(g0, g2));
    __m256i const b = _mm256_shuffle_epi8(_mm256_unpackhi_epi16(low, high), bmp_lanes_rows(g1, g3));
    unsigned const n0 = bmp_lanes_shuffles.length[g0];
    unsigned const n1 = n0 + bmp_lanes_shuffles.length[g1];
    unsigned const n2 = n1 + bmp_lanes_shuffles.length[g2];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm256_castsi256_si128(a));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + n0), _mm256_castsi256_si128(b));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + n1), _mm256_extracti128_si256(a, 1));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + n2), _mm256_extracti128_si256(b, 1));
    return n2 + bmp_lanes_shuffles.length[g3];
}

// Whether any of the 32 code units of a and b is a surrogate (D800 to DFFF, their top five bits
// 11011); utf16_kernels.hpp's kernels test their blocks with it too.
BOOST_UTF_AVX2_INLINE bool any_surrogate(__m256i a, __m256i b) noexcept
{
    __m256i const m = _mm256_set1_epi16(static_cast<short>(0xF800));
    __m256i const t = _mm256_set1_epi16(static_cast<short>(0xD800));
    __m256i const s =
        _mm256_or_si256(_mm256_cmpeq_epi16(_mm256_and_si256(a, m), t), _mm256_cmpeq_epi16(_mm256_and_si256(b, m), t));
    return _mm256_testz_si256(s, s) == 0;
}

// Sources of encode_loop.ipp.
//
// What both sources share: a block's values as 16-bit lanes in two registers, a and b, and how
// such a block is encoded where encode_loop.ipp has found it ASCII, below 800 or, for `encode`,
// encodable. Source gives below_800 and encode_bmp, which `encode` picks between.
template<class Source>
struct unit_lanes
{
    static constexpr std::size_t width = 32;
    static constexpr bool ascii_runs = true;
    static constexpr bool masked_stores = false;

    template<class Block>
    BOOST_UTF_AVX2_INLINE static bool ascii_first_half(Block const& w) noexcept
    {
        return _mm256_testz_si256(w.a, _mm256_set1_epi16(static_cast<short>(0xFF80))) != 0;
    }
    template<class Block>
    BOOST_UTF_AVX2_INLINE static unsigned encode_ascii(Block const& w, unsigned char* o) noexcept
    {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(o),
                            _mm256_permute4x64_epi64(_mm256_packus_epi16(w.a, w.b), 0xD8));
        return 32;
    }
    template<class Block>
    BOOST_UTF_AVX2_INLINE static unsigned encode_below_800(Block const& w, unsigned char* o) noexcept
    {
        unsigned const n = encode_two_byte_lanes(w.a, o);
        return n + encode_two_byte_lanes(w.b, o + n);
    }
    template<class Block>
    BOOST_UTF_AVX2_INLINE static unsigned encode(std::size_t, Block const& w, unsigned char* o) noexcept
    {
        return Source::below_800(w) ? encode_below_800(w, o) : Source::encode_bmp(w, o);
    }
};

// UTF-16 code units: a block of 32, two registers, is checked to hold no surrogate, so that each
// code unit is a code point below 10000 (pairs are left to the caller), and `block` is the code
// units themselves. An ASCII block is packed whole; any other is encoded as a whole, ASCII halves
// included, as whether a half is ASCII, or below 800, is a coin toss in text with a letter above
// 7F every few words. (The covered loop writes an ASCII first half apart only where an ASCII run
// ends in it: ascii_first_half.)
struct utf16_blocks : unit_lanes<utf16_blocks>
{
    std::uint16_t const* p;
    explicit utf16_blocks(std::uint16_t const* from) noexcept : p(from) {}
    static constexpr bool ascii_pairs = true;
    static constexpr bool early_reads = false;
    static constexpr bool two_bytes_first = true;
    struct block
    {
        __m256i a, b;
        bool ascii; // kept, so that the test is made once per block
    };

    BOOST_UTF_AVX2_INLINE void read(std::size_t i, block& w) const noexcept
    {
        w.a = load(p + i);
        w.b = load(p + i + 16);
        w.ascii = _mm256_testz_si256(_mm256_or_si256(w.a, w.b), _mm256_set1_epi16(static_cast<short>(0xFF80))) != 0;
    }
    BOOST_UTF_AVX2_INLINE static bool encodable(block const& w) noexcept
    {
        return !any_surrogate(w.a, w.b);
    }
    BOOST_UTF_AVX2_INLINE static bool ascii(block const& w) noexcept
    {
        return w.ascii;
    }
    // A block below 800 is two-byte lanes in both halves; any other is encode_bmp_lanes: one
    // branch per block, as the halves of a block with a letter above 7FF (a quotation mark or a
    // dash amid English) go either way at random.
    BOOST_UTF_AVX2_INLINE static bool below_800(block const& w) noexcept
    {
        return _mm256_testz_si256(_mm256_or_si256(w.a, w.b), _mm256_set1_epi16(static_cast<short>(0xF800))) != 0;
    }
    BOOST_UTF_AVX2_INLINE static unsigned encode_bmp(block const& w, unsigned char* o) noexcept
    {
        unsigned const n = encode_bmp_lanes(w.a, o);
        return n + encode_bmp_lanes(w.b, o + n);
    }
};

// Lanes holding a value above 10FFFF or a surrogate.
BOOST_UTF_AVX2_INLINE __m256i not_scalar(__m256i x) noexcept
{
    __m256i const above = _mm256_cmpgt_epi32(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(0x10));
    __m256i const surrogate =
        _mm256_cmpeq_epi32(_mm256_and_si256(x, _mm256_set1_epi32(int(0xFFFFF800u))), _mm256_set1_epi32(0xD800));
    return _mm256_or_si256(above, surrogate);
}

// Code points (UTF-32) read as UTF-16 code units: a block of 32, four registers, packed into the
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
        __m256i a, b, any;
        std::uint32_t const* at;
    };

    BOOST_UTF_AVX2_INLINE void read(std::size_t i, block& w) const noexcept
    {
        w.at = p + i;
        __m256i const x0 = load(w.at), x1 = load(w.at + 8), x2 = load(w.at + 16), x3 = load(w.at + 24);
        w.a = _mm256_permute4x64_epi64(_mm256_packus_epi32(x0, x1), 0xD8);
        w.b = _mm256_permute4x64_epi64(_mm256_packus_epi32(x2, x3), 0xD8);
        w.any = _mm256_or_si256(_mm256_or_si256(x0, x1), _mm256_or_si256(x2, x3));
    }
    // Whether every value is below `bound`, a power of two: -bound has exactly the bits from it up.
    BOOST_UTF_AVX2_INLINE static bool below(block const& w, int bound) noexcept
    {
        return _mm256_testz_si256(w.any, _mm256_set1_epi32(-bound)) != 0;
    }
    BOOST_UTF_AVX2_INLINE static bool encodable(block const& w) noexcept
    {
        if (below(w, 0x10000))
            return !any_surrogate(w.a, w.b);
        __m256i const bad = _mm256_or_si256(_mm256_or_si256(not_scalar(load(w.at)), not_scalar(load(w.at + 8))),
                                            _mm256_or_si256(not_scalar(load(w.at + 16)), not_scalar(load(w.at + 24))));
        return _mm256_testz_si256(bad, bad) != 0;
    }
    BOOST_UTF_AVX2_INLINE static bool ascii(block const& w) noexcept
    {
        return below(w, 0x80);
    }
    BOOST_UTF_AVX2_INLINE static bool below_800(block const& w) noexcept
    {
        return below(w, 0x800);
    }
    BOOST_UTF_AVX2_INLINE static unsigned encode_bmp(block const& w, unsigned char* o) noexcept
    {
        if (below(w, 0x10000))
        {
            unsigned const n = encode_bmp_lanes(w.a, o);
            return n + encode_bmp_lanes(w.b, o + n);
        }
        unsigned n = encode_four_lanes(load(w.at), o);
        n += encode_four_lanes(load(w.at + 8), o + n);
        n += encode_four_lanes(load(w.at + 16), o + n);
        return n + encode_four_lanes(load(w.at + 24), o + n);
    }
};

#define BOOST_UTF_ENCODE_LOOP_INLINE BOOST_UTF_AVX2_INLINE
#include <boost/utf/detail/simd/encode_loop.ipp>
#undef BOOST_UTF_ENCODE_LOOP_INLINE

// Blocks of 32 (code_point_units), then what is left a block of 16 at a time (SSE's), as is input
// of fewer than three blocks: there the look-ahead loop would write its last block of 32 through
// a local buffer, which cost mixed text of 64 code points more than SSE's blocks.
template<bool Covered>
BOOST_UTF_AVX2_INLINE transcode_step encode_code_points(std::uint32_t const* p, std::size_t n,
                                                        unsigned char* o) noexcept
{
    if (n < 3 * code_point_units::width)
        return sse::encode_blocks(sse::code_point_units{p}, n, o);
    transcode_step r =
        Covered ? encode_blocks_covered(code_point_units{p}, n, o) : encode_blocks(code_point_units{p}, n, o);
    if (r.resume != 0)
        return r;
    transcode_step const tail =
        sse::encode_blocks(sse::code_point_units{p + r.consumed}, n - r.consumed, o + r.produced);
    return {r.consumed + tail.consumed, r.produced + tail.produced, tail.resume};
}
BOOST_UTF_AVX2_KERNEL transcode_step encode(std::uint32_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return encode_code_points<false>(p, n, o);
}
BOOST_UTF_AVX2_KERNEL transcode_step encode_covered(std::uint32_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return encode_code_points<true>(p, n, o);
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

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_UTF16_KERNELS_HPP
#define BOOST_UTF_DETAIL_SIMD_UTF16_KERNELS_HPP

// The UTF-16 kernels of the bulk operations (detail/transcode.hpp), one set per row of
// dispatch.hpp, kept apart from the UTF-8 sets of kernels.hpp. They keep that file's contract: a
// kernel goes as far as it can prove the input well-formed, never decides an error, never calls a
// policy, writes only what it returns and reads nothing outside [p, p + n).
//
//   valid_prefix(p, n)   code units from p, where an element starts, that are well-formed and end
//                        where an element ends; it stops at the first block it cannot prove so
//   widen(p, n, o)       likewise, and writes the code points of what it consumed (transcode_step;
//                        `resume` is the width of the block it stopped at)
//   narrow(p, n, o)      writes the UTF-16 form of n scalar values; returns the code units written
//   narrow_checked(p, n, o)  code points from p, in blocks of narrow_width, while a block holds
//                        scalar values only, written as UTF-16 (transcode_step; `resume` is
//                        narrow_width when it stopped at a block). It may write up to 4 code
//                        units past those it returns, only where the 4 code points after those
//                        it consumed are scalar values: what the caller writes for them writes
//                        over those
//   to_utf8(p, n, o)     code units from p, where an element starts, written as UTF-8
//                        (transcode_step), by the level's encoding loop (encode_blocks): without
//                        a surrogate, and at avx512vbmi2 with paired ones too; what is left
//                        after its blocks in SSE's. `resume` is nonzero where it stopped at a
//                        block it does not take: a surrogate is among the next `resume` code
//                        units (`width` at most); otherwise fewer than SSE's block are left
//   to_utf8_covered(p, n, o)  likewise (encode_blocks_covered), but it may write bytes past
//                        those it returns: no more than `width`, nor than the code units after
//                        those it consumed, nor past o + 3 * n. For a caller that writes at least
//                        a byte for each of those code units, or whose output has room for 3 * n
//                        bytes
//
// A block of `width` code units is well-formed on its own terms when every high surrogate in it is
// followed by a low one and every low one follows a high one; a high surrogate in its last place
// is left to the next block, which then starts with it. A block without surrogates is widened or
// packed as it is; one with pairs computes every lane as if it began a pair and as if it did not,
// keeps the right one, and closes the gaps with a byte shuffle (utf16_shuffles).
//
// The AVX-512 levels validate and widen 64 code units per block, compressing 32-bit lanes where
// the shuffles close gaps, and take what is left after the last whole block as one short block
// (masked loads), so that they can be called with fewer code units than a block. AVX2 takes what
// is left after its last whole block in SSE's blocks of 16 code units. avx512vbmi2
// also writes UTF-8 by byte compression (to_utf8), pairs included. Their validation and widening
// check a block with surrogates against the one before it, so that where the next block starts
// never waits on its masks: a pair that begins in its last place is ended by the next block (see
// utf16_avx512bw). Both narrow with the AVX2 kernel.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/decode_tables.hpp>
#include <boost/utf/detail/simd/dispatch.hpp>
#include <boost/utf/detail/simd/step.hpp>
#include <boost/utf/detail/simd/target.hpp>
#include <boost/utf/detail/utf16.hpp>

#if BOOST_UTF_SIMD_X86
#  include <boost/utf/detail/simd/avx2.hpp>
#  include <boost/utf/detail/simd/avx512.hpp>
#  include <boost/utf/detail/simd/sse.hpp>
#  include <immintrin.h>
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace boost {
namespace utf {
namespace detail {
namespace simd {
inline namespace BOOST_UTF_ISA_NAMESPACE {

// How many code units of a block with high surrogates `high` and low ones `low` (bit i for code
// unit i, `width` bits) are well-formed from its start: all of it, all but a high surrogate in
// its last place, or 0 when a surrogate is unpaired inside it.
// Mask is std::uint32_t or std::uint64_t, `width` at most its bits.
template<class Mask>
BOOST_FORCEINLINE unsigned block_extent16(Mask high, Mask low, unsigned width) noexcept
{
    static_assert(std::is_same<Mask, std::uint32_t>::value || std::is_same<Mask, std::uint64_t>::value,
                  "a bit mask of 32 or 64 code units");
    Mask const all = width == 8 * sizeof(Mask) ? ~Mask(0) : (Mask(1) << width) - 1;
    if (((high << 1) & all) != low)
        return 0;
    return (high >> (width - 1)) != 0 ? width - 1 : width;
}

// block_extent16 of a whole block of Width code units at p: whether it is well-formed from its
// masks, and where its last element ends from memory, a scalar load of its last code unit. The
// next block's load waits on the extent, which the masks give later (a compare, a mask transfer
// and the shifts): on text with pairs in every block, the wait was the loop's pace.
template<unsigned Width, class Mask>
BOOST_FORCEINLINE unsigned whole_block_extent16(Mask high, Mask low, std::uint16_t const* p) noexcept
{
    if (block_extent16(high, low, Width) == 0)
        return 0;
    return is_high_surrogate(p[Width - 1]) ? Width - 1 : Width;
}

// ---- shuffles and rules of the pair paths --------------------------------------------------------
//
// Without a compression instruction (SSE, AVX2), the pair paths put each lane's result in place
// and one byte shuffle per 16 bytes closes the gaps:
//   - keep[m] gathers, in order, the 16-bit lanes k of an 8-lane register whose bit k of m is set
//     (widening drops the lane of each low surrogate, whose pair the lane before it made);
//   - spread[m] writes 4 lanes of 32 bits as UTF-16: lane k's first code unit (its low half),
//     and its second (its high half) when bit k of m is set (a pair, as encode_word16 lays it).
// Shuffle bytes past the count are 0x80. A store of a whole register past the count is either
// overwritten by the next store of the same call or cut to the count (see each kernel).
struct utf16_shuffles
{
    alignas(16) std::uint8_t keep[256][16];
    alignas(16) std::uint8_t spread[16][16];
};
// The lanes kept, or the pairs among 4 lanes, are the bits set in the index: bit_positions.count
// (decode_tables.hpp), whose positions keep is built from.

constexpr utf16_shuffles make_utf16_shuffles() noexcept
{
    utf16_shuffles t{};
    for (unsigned m = 0; m < 256; ++m)
    {
        unsigned n = 0;
        for (unsigned i = 0; i < bit_positions.count[m]; ++i)
        {
            unsigned const lane = bit_positions.positions[m][i];
            t.keep[m][n++] = static_cast<std::uint8_t>(2 * lane);
            t.keep[m][n++] = static_cast<std::uint8_t>(2 * lane + 1);
        }
        for (; n < 16; ++n)
            t.keep[m][n] = 0x80;
    }
    for (unsigned m = 0; m < 16; ++m)
    {
        unsigned n = 0;
        for (unsigned lane = 0; lane < 4; ++lane)
            for (unsigned unit = 0; unit < 1 + ((m >> lane) & 1); ++unit)
            {
                t.spread[m][n++] = static_cast<std::uint8_t>(4 * lane + 2 * unit);
                t.spread[m][n++] = static_cast<std::uint8_t>(4 * lane + 2 * unit + 1);
            }
        for (; n < 16; ++n)
            t.spread[m][n] = 0x80;
    }
    return t;
}

inline constexpr utf16_shuffles utf16_shuffle_tables = make_utf16_shuffles();

static_assert(bit_positions.count[0] == 0 && bit_positions.count[0xA5] == 4 &&
                  bit_positions.count[255] == 8 && utf16_shuffle_tables.keep[0xA0][2] == 14 &&
                  utf16_shuffle_tables.spread[0xF][15] == 15 && utf16_shuffle_tables.spread[0][8] == 0x80,
              "utf16_kernels.hpp: keep gathers the lanes of its index, spread gives each pair two code units");

// The code point a widening kernel makes of a high surrogate `hi` followed by a low one `lo`, in
// two halves that 16-bit lanes compute: the low 16 bits, (hi << 10) | (lo & 3FF) (the shift drops
// all of hi but its last 6 bits), and the plane above them, ((hi >> 6) & F) + 1.
constexpr char32_t widened_pair16(std::uint16_t hi, std::uint16_t lo) noexcept
{
    std::uint16_t const low = static_cast<std::uint16_t>((hi << 10) | (lo & 0x3FFu));
    std::uint16_t const plane = static_cast<std::uint16_t>(((hi >> 6) & 0xFu) + 1);
    return static_cast<char32_t>(std::uint32_t(plane) << 16 | low);
}

// The same code point from a 32-bit lane that holds hi in its low half and lo in its high half,
// by a multiply-add of signed 16-bit halves (pmaddwd): hi * 400 + lo, and one add of a constant
// that removes both tags and adds the 10000 that UTF-16 takes away, (hi << 10) + lo - (D800 << 10)
// - DC00 + 10000 modulo 2^32 (pair_offset32); as each half reads as itself less 10000 (both are
// 8000 or more), the constant adds back 401 * 10000 too.
inline constexpr std::uint32_t pair_offset32 = 0x10000u - (0xD800u << 10) - 0xDC00u;
inline constexpr std::uint32_t pair_madd_weights = 0x0001'0400u; // 400 for the low half, 1 for the high
inline constexpr std::uint32_t pair_madd_offset = pair_offset32 + 0x401u * 0x10000u;
constexpr char32_t widened_pair_madd(std::uint16_t hi, std::uint16_t lo) noexcept
{
    std::int32_t const h = hi < 0x8000 ? hi : hi - 0x10000, l = lo < 0x8000 ? lo : lo - 0x10000;
    std::int32_t const product = h * static_cast<std::int32_t>(pair_madd_weights & 0xFFFF) +
                                 l * static_cast<std::int32_t>(pair_madd_weights >> 16);
    return static_cast<char32_t>(static_cast<std::uint32_t>(product) + pair_madd_offset);
}

// The two code units a narrowing kernel makes of a supplementary scalar value `c`, first in the
// low half: D800 | (c - 10000) >> 10 and DC00 | (c & 3FF) (c - 10000 and c have the same last 10 bits).
constexpr std::uint32_t narrowed_pair16(char32_t c) noexcept
{
    std::uint32_t const v = static_cast<std::uint32_t>(c) - 0x10000u;
    return (0xD800u | v >> 10) | (0xDC00u | (static_cast<std::uint32_t>(c) & 0x3FFu)) << 16;
}

// Both against the rules of utf16.hpp, and the same code points back. Each half of a pair gives
// its own bits of the code point, through shifts, masks and an add that stays within its five
// bits, so each of a half's ten payload bits set alone and cleared alone, against a few values of
// the other half, meets every way a lane could go wrong. (Every pair at once would cost each
// translation unit that includes this most of a second of constant evaluation; the tests run
// every pair through the kernels.)
constexpr bool pair_lanes_follow_the_rules() noexcept
{
    constexpr std::uint16_t some[] = {0, 0x155, 0x2AA, 0x3FF};
    // bit 10 is outside the payload: it stands for none set (0) and all set (3FF).
    for (unsigned bit = 0; bit <= 10; ++bit)
    {
        std::uint16_t const alone = static_cast<std::uint16_t>((1u << bit) & 0x3FFu);
        std::uint16_t const cleared = static_cast<std::uint16_t>(~(1u << bit) & 0x3FFu);
        for (std::uint16_t k : {alone, cleared})
            for (std::uint16_t s : some)
                for (int side = 0; side < 2; ++side)
                {
                    std::uint16_t const units[2] = {static_cast<std::uint16_t>(0xD800 + (side ? s : k)),
                                                    static_cast<std::uint16_t>(0xDC00 + (side ? k : s))};
                    std::uint16_t const* it = units;
                    decoded const d = decode_next16(it, units + 2);
                    if (!d.ok() || d.length != 2 || d.value != widened_pair16(units[0], units[1]) ||
                        d.value != widened_pair_madd(units[0], units[1]))
                        return false;
                    encoded_word const w = encode_word16(d.value);
                    if (w.length != 2 || w.units != narrowed_pair16(d.value))
                        return false;
                }
    }
    return true;
}
static_assert(pair_lanes_follow_the_rules(),
              "utf16_kernels.hpp: the pair lanes must make the code points and code units of utf16.hpp");

#if BOOST_UTF_SIMD_X86

#  define BOOST_UTF_SSE_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_SSE
#  define BOOST_UTF_SSE_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_SSE
#  define BOOST_UTF_AVX2_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_AVX2
#  define BOOST_UTF_AVX2_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_AVX2
#  define BOOST_UTF_AVX512BW_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_AVX512BW
#  define BOOST_UTF_AVX512BW_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_AVX512BW
#  define BOOST_UTF_AVX512VBMI2_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_AVX512VBMI2
#  define BOOST_UTF_AVX512VBMI2_KERNEL inline BOOST_NOINLINE BOOST_UTF_KERNEL_PLACEMENT BOOST_UTF_TARGET_AVX512VBMI2

// ---- SSE: 16 code units (two registers) per block ----------------------------------------------
namespace utf16_sse {

inline constexpr std::size_t width = 16;
inline constexpr std::size_t fewest = width;
inline constexpr std::size_t last_block = width;
inline constexpr std::size_t narrow_width = 16;

BOOST_UTF_SSE_INLINE __m128i load(void const* p) noexcept { return _mm_loadu_si128(static_cast<__m128i const*>(p)); }

// Bit i set where code unit i of the two registers is a surrogate of the kind `tag` (D800 for
// high, DC00 for low).
BOOST_UTF_SSE_INLINE std::uint32_t kind_mask(__m128i a, __m128i b, int tag) noexcept
{
    __m128i const m = _mm_set1_epi16(static_cast<short>(0xFC00));
    __m128i const t = _mm_set1_epi16(static_cast<short>(tag));
    __m128i const x = _mm_cmpeq_epi16(_mm_and_si128(a, m), t);
    __m128i const y = _mm_cmpeq_epi16(_mm_and_si128(b, m), t);
    return static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_packs_epi16(x, y)));
}

using sse::any_surrogate;

// Writes the first `bytes` (even, 0..16) bytes of v at o, and nothing past them.
BOOST_UTF_SSE_INLINE void store_first_bytes(void* o, __m128i v, unsigned bytes) noexcept
{
    unsigned char* p = static_cast<unsigned char*>(o);
    if (bytes == 16)
    {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
        return;
    }
    if (bytes & 8)
    {
        _mm_storel_epi64(reinterpret_cast<__m128i*>(p), v);
        p += 8;
        v = _mm_srli_si128(v, 8);
    }
    if (bytes & 4)
    {
        std::uint32_t const x = static_cast<std::uint32_t>(_mm_cvtsi128_si32(v));
        std::memcpy(p, &x, 4);
        p += 4;
        v = _mm_srli_si128(v, 4);
    }
    if (bytes & 2)
    {
        std::uint16_t const x = static_cast<std::uint16_t>(_mm_cvtsi128_si32(v));
        std::memcpy(p, &x, 2);
    }
}

// Writes the first `count` (0..8) code points of (first, second) at o, and nothing past them.
BOOST_UTF_SSE_INLINE void store_first(char32_t* o, __m128i first, __m128i second, unsigned count) noexcept
{
    if (count >= 4)
    {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), first);
        o += 4;
        count -= 4;
        first = second;
    }
    store_first_bytes(o, first, 4 * count);
}

// The halves (see widened_pair16) of the code point that each of the 8 code units of `u` starts,
// `next` holding the code unit after each: a high surrogate's lane takes its pair, any other lane
// its code unit (the lane of a low surrogate is dropped afterwards).
BOOST_UTF_SSE_INLINE void widened_halves(__m128i u, __m128i next, __m128i& low, __m128i& plane) noexcept
{
    __m128i const high =
        _mm_cmpeq_epi16(_mm_and_si128(u, _mm_set1_epi16(static_cast<short>(0xFC00))), _mm_set1_epi16(static_cast<short>(0xD800)));
    __m128i const pair = _mm_or_si128(_mm_slli_epi16(u, 10), _mm_and_si128(next, _mm_set1_epi16(0x3FF)));
    low = _mm_blendv_epi8(u, pair, high);
    plane = _mm_and_si128(high, _mm_add_epi16(_mm_and_si128(_mm_srli_epi16(u, 6), _mm_set1_epi16(0xF)), _mm_set1_epi16(1)));
}

// The code points of the lanes of (low, plane) that bit mask `m` keeps, in order: the first four
// in `first`, the next four in `second`.
BOOST_UTF_SSE_INLINE void keep_lanes(__m128i low, __m128i plane, unsigned m, __m128i& first, __m128i& second) noexcept
{
    __m128i const k = load(utf16_shuffle_tables.keep[m]);
    low = _mm_shuffle_epi8(low, k);
    plane = _mm_shuffle_epi8(plane, k);
    first = _mm_unpacklo_epi16(low, plane);
    second = _mm_unpackhi_epi16(low, plane);
}

// The code points of code units [0, e) of the block (a, b), well-formed with e from block_extent16
// and `low` its low surrogates, written at o; returns how many. A block starts where an element
// does, so each low surrogate follows a high one in it: at most e / 2 of them, at least 8 code
// points. So the first register's 8 lanes are all inside them, and only the second's are cut to
// their count.
BOOST_UTF_SSE_INLINE unsigned widen_pairs(__m128i a, __m128i b, std::uint32_t low, unsigned e, char32_t* o) noexcept
{
    std::uint32_t const keep = ~low & ((std::uint32_t(1) << e) - 1);
    __m128i la, pa, lb, pb, first, second;
    // The last lane's `next` is 0: it is not a high surrogate, or e leaves it out.
    widened_halves(a, _mm_alignr_epi8(b, a, 2), la, pa);
    widened_halves(b, _mm_srli_si128(b, 2), lb, pb);
    keep_lanes(la, pa, keep & 0xFF, first, second);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), first);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 4), second);
    unsigned const in_a = bit_positions.count[keep & 0xFF];
    unsigned const in_b = bit_positions.count[keep >> 8];
    keep_lanes(lb, pb, keep >> 8, first, second);
    store_first(o + in_a, first, second, in_b);
    return in_a + in_b;
}

// The UTF-16 forms of the 4 scalar values of `c`, each in its lane as encode_word16 lays it (see
// narrowed_pair16), and in `pairs` bit k set when lane k is a pair.
BOOST_UTF_SSE_INLINE __m128i narrowed_lanes(__m128i c, unsigned& pairs) noexcept
{
    // Scalar values are below 2^31, so the signed comparison is exact.
    __m128i const supplementary = _mm_cmpgt_epi32(c, _mm_set1_epi32(0xFFFF));
    __m128i const high = _mm_or_si128(_mm_srli_epi32(_mm_sub_epi32(c, _mm_set1_epi32(0x10000)), 10), _mm_set1_epi32(0xD800));
    __m128i const low = _mm_or_si128(_mm_slli_epi32(_mm_and_si128(c, _mm_set1_epi32(0x3FF)), 16),
                                     _mm_set1_epi32(static_cast<int>(0xDC000000u)));
    pairs = static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(supplementary)));
    return _mm_blendv_epi8(c, _mm_or_si128(high, low), supplementary);
}

// The UTF-16 form of the 4 scalar values of `c`, in order, and its length in code units (4..8).
BOOST_UTF_SSE_INLINE __m128i narrow4(__m128i c, unsigned& units) noexcept
{
    unsigned pairs;
    __m128i const lanes = narrowed_lanes(c, pairs);
    units = 4 + bit_positions.count[pairs];
    return _mm_shuffle_epi8(lanes, load(utf16_shuffle_tables.spread[pairs]));
}

// The code units of the block at p that are well-formed (block_extent16): 0 when one is unpaired.
BOOST_UTF_SSE_INLINE unsigned valid_block(std::uint16_t const* p) noexcept
{
    __m128i const a = load(p);
    __m128i const b = load(p + 8);
    if (!any_surrogate(a, b))
        return width;
    return block_extent16(kind_mask(a, b, 0xD800), kind_mask(a, b, 0xDC00), width);
}

// The block at p widened at o: its extent as valid_block gives it (nothing is written where that
// is 0), and in `made` the code points written.
BOOST_UTF_SSE_INLINE unsigned widen_block(std::uint16_t const* p, char32_t* o, unsigned& made) noexcept
{
    __m128i const a = load(p);
    __m128i const b = load(p + 8);
    if (!any_surrogate(a, b))
    {
        __m128i* const out = reinterpret_cast<__m128i*>(o);
        _mm_storeu_si128(out, _mm_cvtepu16_epi32(a));
        _mm_storeu_si128(out + 1, _mm_cvtepu16_epi32(_mm_srli_si128(a, 8)));
        _mm_storeu_si128(out + 2, _mm_cvtepu16_epi32(b));
        _mm_storeu_si128(out + 3, _mm_cvtepu16_epi32(_mm_srli_si128(b, 8)));
        made = width;
        return width;
    }
    std::uint32_t const low = kind_mask(a, b, 0xDC00);
    unsigned const e = block_extent16(kind_mask(a, b, 0xD800), low, width);
    made = e == 0 ? 0 : widen_pairs(a, b, low, e, o);
    return e;
}

// The loops of valid_prefix and widen, from code unit i: also the short blocks of the AVX2 kernels.
BOOST_UTF_SSE_INLINE std::size_t valid_blocks(std::uint16_t const* p, std::size_t n, std::size_t i) noexcept
{
    while (n - i >= width)
    {
        unsigned const e = valid_block(p + i);
        if (e == 0)
            break;
        i += e;
    }
    return i;
}

BOOST_UTF_SSE_INLINE transcode_step widen_blocks(std::uint16_t const* p, std::size_t n, char32_t* o, std::size_t i,
                                                 std::size_t made) noexcept
{
    while (n - i >= width)
    {
        unsigned block_made;
        unsigned const e = widen_block(p + i, o + made, block_made);
        if (e == 0)
            return {i, made, width};
        i += e;
        made += block_made;
    }
    return {i, made, 0};
}

BOOST_UTF_SSE_KERNEL std::size_t valid_prefix(std::uint16_t const* p, std::size_t n) noexcept
{
    return valid_blocks(p, n, 0);
}

BOOST_UTF_SSE_KERNEL transcode_step widen(std::uint16_t const* p, std::size_t n, char32_t* o) noexcept
{
    return widen_blocks(p, n, o, 0, 0);
}

BOOST_UTF_SSE_KERNEL transcode_step to_utf8(std::uint16_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return sse::encode_blocks(sse::utf16_blocks{p}, n, o);
}
BOOST_UTF_SSE_KERNEL transcode_step to_utf8_covered(std::uint16_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return sse::encode_blocks_covered(sse::utf16_blocks{p}, n, o);
}
inline constexpr std::size_t to_utf8_fewest = sse::utf16_blocks::width;

// The short blocks of the wider levels' to_utf8: after their encoding loop `done` has left fewer
// code units than its block (resume 0), the rest in SSE's blocks of 16, written exactly.
BOOST_UTF_SSE_INLINE transcode_step to_utf8_rest(std::uint16_t const* p, std::size_t n, unsigned char* o,
                                                 transcode_step done) noexcept
{
    if (done.resume != 0)
        return done;
    transcode_step const r =
        sse::encode_blocks(sse::utf16_blocks{p + done.consumed}, n - done.consumed, o + done.produced);
    return {done.consumed + r.consumed, done.produced + r.produced, r.resume};
}

// Whether the 4 values at p are all scalar values.
BOOST_UTF_SSE_INLINE bool scalar_values4(char32_t const* p) noexcept
{
    __m128i const bad = sse::not_scalar(load(p));
    return _mm_testz_si128(bad, bad) != 0;
}

// Blocks of narrow_width values from p narrowed to UTF-16 at o, while a block is left. Checked,
// each block is first checked to hold scalar values only, and the loop stops at one that does
// not (`resume` narrow_width); it leaves what is after the last block to the caller. Otherwise
// the values are scalar values, and it writes them all.
template<bool Checked>
BOOST_UTF_SSE_INLINE transcode_step narrow_blocks(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
{
    std::uint16_t* const start = o;
    std::size_t i = 0;
    for (; n - i >= narrow_width; i += narrow_width)
    {
        // Four registers of their own: GCC keeps an array of them in memory.
        __m128i const c0 = load(p + i), c1 = load(p + i + 4), c2 = load(p + i + 8), c3 = load(p + i + 12);
        __m128i const any = _mm_or_si128(_mm_or_si128(c0, c1), _mm_or_si128(c2, c3));
        if (_mm_testz_si128(any, _mm_set1_epi32(static_cast<int>(0xFFFF0000u))))
        {
            // Every value is below 10000, so the unsigned saturating packs are exact.
            __m128i const first = _mm_packus_epi32(c0, c1);
            __m128i const second = _mm_packus_epi32(c2, c3);
            if (Checked && BOOST_UNLIKELY(any_surrogate(first, second)))
                return {i, static_cast<std::size_t>(o - start), narrow_width};
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o), first);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 8), second);
            o += narrow_width;
            continue;
        }
        if (Checked)
        {
            __m128i const bad = _mm_or_si128(_mm_or_si128(sse::not_scalar(c0), sse::not_scalar(c1)),
                                             _mm_or_si128(sse::not_scalar(c2), sse::not_scalar(c3)));
            if (!_mm_testz_si128(bad, bad))
                return {i, static_cast<std::size_t>(o - start), narrow_width};
        }
        // Each store writes 8 code units, past the count when there are fewer pairs than lanes;
        // the 4 code points after it write at least 4 code units over the rest, if they are
        // scalar values. The last store of the call has none after it, so it writes only its
        // count.
        unsigned units;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), narrow4(c0, units));
        o += units;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), narrow4(c1, units));
        o += units;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o), narrow4(c2, units));
        o += units;
        __m128i const last = narrow4(c3, units);
        if (n - i - narrow_width >= 4 && (!Checked || scalar_values4(p + i + narrow_width)))
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o), last);
        else
            store_first_bytes(o, last, 2 * units);
        o += units;
    }
    if (!Checked)
        for (; i < n; ++i)
            write_word16(p[i], o);
    return {i, static_cast<std::size_t>(o - start), 0};
}

BOOST_UTF_SSE_KERNEL std::size_t narrow(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
{
    return narrow_blocks<false>(p, n, o).produced;
}
BOOST_UTF_SSE_KERNEL transcode_step narrow_checked(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
{
    return narrow_blocks<true>(p, n, o);
}

} // namespace utf16_sse

// ---- AVX2: 32 code units (two registers) per block ---------------------------------------------
namespace utf16_avx2 {

inline constexpr std::size_t width = 32;
// What is left after the last block is taken in SSE's blocks (valid_prefix, widen), so input of
// 16 code units or more: in text with pairs, the rules would mispredict each branch on a pair.
inline constexpr std::size_t fewest = utf16_sse::width;
inline constexpr std::size_t last_block = utf16_sse::width;
inline constexpr std::size_t narrow_width = 16;

BOOST_UTF_AVX2_INLINE __m256i load(void const* p) noexcept
{
    return _mm256_loadu_si256(static_cast<__m256i const*>(p));
}

// The 16-bit lanes of a and b packed to bytes, in order (the pack works within 128-bit halves).
BOOST_UTF_AVX2_INLINE __m256i pack_in_order(__m256i a, __m256i b) noexcept
{
    return _mm256_permute4x64_epi64(_mm256_packs_epi16(a, b), 0xD8);
}

BOOST_UTF_AVX2_INLINE std::uint32_t kind_mask(__m256i a, __m256i b, int tag) noexcept
{
    __m256i const m = _mm256_set1_epi16(static_cast<short>(0xFC00));
    __m256i const t = _mm256_set1_epi16(static_cast<short>(tag));
    __m256i const x = _mm256_cmpeq_epi16(_mm256_and_si256(a, m), t);
    __m256i const y = _mm256_cmpeq_epi16(_mm256_and_si256(b, m), t);
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(pack_in_order(x, y)));
}

using avx2::any_surrogate;

// As utf16_sse::widened_halves, on 16 code units.
BOOST_UTF_AVX2_INLINE void widened_halves(__m256i u, __m256i next, __m256i& low, __m256i& plane) noexcept
{
    __m256i const high = _mm256_cmpeq_epi16(_mm256_and_si256(u, _mm256_set1_epi16(static_cast<short>(0xFC00))),
                                            _mm256_set1_epi16(static_cast<short>(0xD800)));
    __m256i const pair = _mm256_or_si256(_mm256_slli_epi16(u, 10), _mm256_and_si256(next, _mm256_set1_epi16(0x3FF)));
    low = _mm256_blendv_epi8(u, pair, high);
    plane = _mm256_and_si256(
        high, _mm256_add_epi16(_mm256_and_si256(_mm256_srli_epi16(u, 6), _mm256_set1_epi16(0xF)), _mm256_set1_epi16(1)));
}

// Two byte shuffles of 16 bytes, one per 128-bit half.
BOOST_UTF_AVX2_INLINE __m256i two_shuffles(std::uint8_t const (&first)[16], std::uint8_t const (&second)[16]) noexcept
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(utf16_sse::load(first)), utf16_sse::load(second), 1);
}

// The code points of the lanes of (low, plane) that bit mask `m` keeps, each 128-bit half on its
// own (bits 0..7 of m for the first, 8..15 for the second): the first half's in `first`, the
// second's in `second`, each from its first lane.
BOOST_UTF_AVX2_INLINE void keep_lanes(__m256i low, __m256i plane, unsigned m, __m256i& first, __m256i& second) noexcept
{
    __m256i const k = two_shuffles(utf16_shuffle_tables.keep[m & 0xFF], utf16_shuffle_tables.keep[m >> 8]);
    low = _mm256_shuffle_epi8(low, k);
    plane = _mm256_shuffle_epi8(plane, k);
    __m256i const lo = _mm256_unpacklo_epi16(low, plane);
    __m256i const hi = _mm256_unpackhi_epi16(low, plane);
    first = _mm256_permute2x128_si256(lo, hi, 0x20);
    second = _mm256_permute2x128_si256(lo, hi, 0x31);
}

// Writes the first `count` (0..8) code points of v at o, and nothing past them.
BOOST_UTF_AVX2_INLINE void store_first(char32_t* o, __m256i v, unsigned count) noexcept
{
    if (count == 8)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), v);
    else
        utf16_sse::store_first(o, _mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1), count);
}

// As utf16_sse::widen_pairs, on the block (a, b) of 32 code units, in four quarters of 8. At
// least 16 code points, and 11 from the second quarter on (23 code units at least, at most 12 of
// them low surrogates, since one may come first): the first two quarters' stores are inside
// them; the last two write no more than their count, and the third may need its 8 lanes.
BOOST_UTF_AVX2_INLINE unsigned widen_pairs(__m256i a, __m256i b, std::uint32_t low, unsigned e, char32_t* o) noexcept
{
    std::uint32_t const keep = ~low & (e == 32 ? ~std::uint32_t(0) : (std::uint32_t(1) << e) - 1);
    __m256i la, pa, lb, pb, q0, q1, q2, q3;
    // The code units after those of a (1..16) and b (17..31 and 0: see utf16_sse::widen_pairs).
    widened_halves(a, _mm256_alignr_epi8(_mm256_permute2x128_si256(a, b, 0x21), a, 2), la, pa);
    widened_halves(b, _mm256_alignr_epi8(_mm256_permute2x128_si256(b, b, 0x81), b, 2), lb, pb);
    keep_lanes(la, pa, keep & 0xFFFF, q0, q1);
    keep_lanes(lb, pb, keep >> 16, q2, q3);
    unsigned const c0 = bit_positions.count[keep & 0xFF];
    unsigned const c1 = bit_positions.count[(keep >> 8) & 0xFF];
    unsigned const c2 = bit_positions.count[(keep >> 16) & 0xFF];
    unsigned const c3 = bit_positions.count[keep >> 24];
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), q0);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + c0), q1);
    store_first(o + c0 + c1, q2, c2 + c3 < 8 ? c2 + c3 : 8);
    store_first(o + c0 + c1 + c2, q3, c3);
    return c0 + c1 + c2 + c3;
}

// As utf16_sse::narrowed_lanes, on 8 scalar values.
BOOST_UTF_AVX2_INLINE __m256i narrowed_lanes(__m256i c, unsigned& pairs) noexcept
{
    __m256i const supplementary = _mm256_cmpgt_epi32(c, _mm256_set1_epi32(0xFFFF));
    __m256i const high =
        _mm256_or_si256(_mm256_srli_epi32(_mm256_sub_epi32(c, _mm256_set1_epi32(0x10000)), 10), _mm256_set1_epi32(0xD800));
    __m256i const low = _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(c, _mm256_set1_epi32(0x3FF)), 16),
                                        _mm256_set1_epi32(static_cast<int>(0xDC000000u)));
    pairs = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(supplementary)));
    return _mm256_blendv_epi8(c, _mm256_or_si256(high, low), supplementary);
}

// The UTF-16 forms of the 8 scalar values of `c`, the first four's in order in the first 128-bit
// half and the last four's in the second, and the length of each in code units (4..8).
BOOST_UTF_AVX2_INLINE __m256i narrow8(__m256i c, unsigned& first, unsigned& second) noexcept
{
    unsigned pairs;
    __m256i const lanes = narrowed_lanes(c, pairs);
    first = 4 + bit_positions.count[pairs & 0xF];
    second = 4 + bit_positions.count[pairs >> 4];
    return _mm256_shuffle_epi8(lanes,
                               two_shuffles(utf16_shuffle_tables.spread[pairs & 0xF], utf16_shuffle_tables.spread[pairs >> 4]));
}

BOOST_UTF_AVX2_KERNEL std::size_t valid_prefix(std::uint16_t const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    while (n - i >= width)
    {
        __m256i const a = load(p + i);
        __m256i const b = load(p + i + 16);
        if (!any_surrogate(a, b))
        {
            i += width;
            continue;
        }
        unsigned const e = block_extent16(kind_mask(a, b, 0xD800), kind_mask(a, b, 0xDC00), width);
        if (e == 0)
            return i;
        i += e;
    }
    return utf16_sse::valid_blocks(p, n, i);
}

BOOST_UTF_AVX2_INLINE void widen_half(__m256i a, char32_t* o) noexcept
{
    __m256i* const out = reinterpret_cast<__m256i*>(o);
    _mm256_storeu_si256(out, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(a)));
    _mm256_storeu_si256(out + 1, _mm256_cvtepu16_epi32(_mm256_extracti128_si256(a, 1)));
}

// Without surrogates, each code unit is a code point: the output stays in step with the input,
// and once o + made is a multiple of 64 bytes no store crosses a cache line. So a first block
// without surrogates is widened whole, and the loop goes on from the code unit k whose code point
// starts a cache line, writing the first block's code points from there on again. Only if the
// block at k has no surrogate either: the loop then takes it, and so returns all that the first
// block wrote as produced.
BOOST_UTF_AVX2_KERNEL transcode_step widen(std::uint16_t const* p, std::size_t n, char32_t* o) noexcept
{
    std::size_t i = 0, made = 0;
    if (n >= 2 * width)
    {
        __m256i const a = load(p);
        __m256i const b = load(p + 16);
        if (!any_surrogate(a, b))
        {
            widen_half(a, o);
            widen_half(b, o + 16);
            std::size_t const k = avx2::elements_to_line(o);
            i = made = any_surrogate(load(p + k), load(p + k + 16)) ? width : k;
        }
    }
    while (n - i >= width)
    {
        __m256i const a = load(p + i);
        __m256i const b = load(p + i + 16);
        if (!any_surrogate(a, b))
        {
            widen_half(a, o + made);
            widen_half(b, o + made + 16);
            i += width;
            made += width;
            continue;
        }
        std::uint32_t const low = kind_mask(a, b, 0xDC00);
        unsigned const e = block_extent16(kind_mask(a, b, 0xD800), low, width);
        if (e == 0)
            return {i, made, width};
        made += widen_pairs(a, b, low, e, o + made);
        i += e;
    }
    return utf16_sse::widen_blocks(p, n, o, i, made);
}

BOOST_UTF_AVX2_KERNEL transcode_step to_utf8(std::uint16_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return utf16_sse::to_utf8_rest(p, n, o, avx2::encode_blocks(avx2::utf16_blocks{p}, n, o));
}
// The source tests a block for below 800 first (two_bytes_first): with 32-unit blocks, a second
// test on each block of two-byte letters made the covered loop slower than the look-ahead loop
// on such text (see performance.adoc, "covered").
BOOST_UTF_AVX2_KERNEL transcode_step to_utf8_covered(std::uint16_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return utf16_sse::to_utf8_rest(p, n, o, avx2::encode_blocks_covered(avx2::utf16_blocks{p}, n, o));
}
inline constexpr std::size_t to_utf8_fewest = utf16_sse::to_utf8_fewest;

// As utf16_sse::narrow_blocks, 16 values at a time.
template<bool Checked>
BOOST_UTF_AVX2_INLINE transcode_step narrow_blocks(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
{
    std::uint16_t* const start = o;
    std::size_t i = 0;
    for (; n - i >= narrow_width; i += narrow_width)
    {
        __m256i const a = load(p + i);
        __m256i const b = load(p + i + 8);
        if (_mm256_testz_si256(_mm256_or_si256(a, b), _mm256_set1_epi32(static_cast<int>(0xFFFF0000u))))
        {
            // Every value is below 10000, so the unsigned saturating pack is exact.
            __m256i const units = _mm256_packus_epi32(a, b);
            if (Checked && BOOST_UNLIKELY(any_surrogate(units, units)))
                return {i, static_cast<std::size_t>(o - start), narrow_width};
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(o), _mm256_permute4x64_epi64(units, 0xD8));
            o += narrow_width;
        }
        else
        {
            if (Checked)
            {
                __m256i const bad = _mm256_or_si256(avx2::not_scalar(a), avx2::not_scalar(b));
                if (!_mm256_testz_si256(bad, bad))
                    return {i, static_cast<std::size_t>(o - start), narrow_width};
            }
            // As in utf16_sse::narrow_blocks, one store per 4 code points, the last of the call
            // (or before values that are not all scalar values) cut to its count.
            unsigned u0, u1, u2, u3;
            __m256i const ua = narrow8(a, u0, u1);
            __m256i const ub = narrow8(b, u2, u3);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm256_castsi256_si128(ua));
            o += u0;
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm256_extracti128_si256(ua, 1));
            o += u1;
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm256_castsi256_si128(ub));
            o += u2;
            if (n - i - narrow_width >= 4 && (!Checked || utf16_sse::scalar_values4(p + i + narrow_width)))
                _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm256_extracti128_si256(ub, 1));
            else
                utf16_sse::store_first_bytes(o, _mm256_extracti128_si256(ub, 1), 2 * u3);
            o += u3;
        }
    }
    if (!Checked)
        for (; i < n; ++i)
            write_word16(p[i], o);
    return {i, static_cast<std::size_t>(o - start), 0};
}

BOOST_UTF_AVX2_KERNEL std::size_t narrow(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
{
    return narrow_blocks<false>(p, n, o).produced;
}
BOOST_UTF_AVX2_KERNEL transcode_step narrow_checked(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
{
    return narrow_blocks<true>(p, n, o);
}

} // namespace utf16_avx2

// GCC 12 warns about its own AVX-512 intrinsics here, as in avx512.hpp (GCC bug 105593).
#  if defined(BOOST_GCC) && BOOST_GCC < 130000
#    pragma GCC diagnostic push
#    pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#    pragma GCC diagnostic ignored "-Wuninitialized"
#  endif

// ---- AVX-512 BW: 64 code units (two registers) per block ----------------------------------------
//
// Validation and widening: the masks of a block are one 64-bit word each. Blocks with surrogates
// are checked against the block before them rather than on their own: `carry` is 1 where that
// block left a high surrogate for this one, whose first code unit must then be a low one, so a
// block is well-formed when its low surrogates are exactly the places after a high one
// (pairs_follow). The next block's place never waits on the masks.
//
// Validation takes blocks whole: a high surrogate in the last place is the carry. Widening takes
// `pair_stride` (63) code units of a block with surrogates, whose last code unit is read only as
// the one after the 63rd and begins the next block: every lane of a high surrogate finds its low
// one in the same registers. Each 16 code units are put in 32-bit lanes, each beside the code
// unit after it (unit_pairs, one permutation), every lane of a high surrogate made the pair it
// begins (pair_values, a multiply-add), and the lanes of low surrogates compressed away.
// Narrowing stays AVX2's at both levels (compressing 16-bit lanes, a VBMI2 instruction, measured
// no faster than its shuffles), and so does to_utf8 here.
namespace utf16_avx512bw {

inline constexpr std::size_t width = 64;
// Code units a block with surrogates advances when widened.
inline constexpr std::size_t pair_stride = width - 1;
// The last block may be short (masked loads and stores), so input of any length could be taken;
// from SSE's block on, as at AVX2, since the rules would mispredict each branch on a pair; below
// it, the scalar blocks (detail/transcode.hpp) cost less than the call.
inline constexpr std::size_t fewest = utf16_sse::width;
inline constexpr std::size_t last_block = 2;
using utf16_avx2::narrow;
using utf16_avx2::narrow_checked;
using utf16_avx2::narrow_width;
using utf16_avx2::to_utf8;
using utf16_avx2::to_utf8_covered;
using utf16_avx2::to_utf8_fewest;

BOOST_UTF_AVX512BW_INLINE __m512i load(void const* p) noexcept { return _mm512_loadu_si512(p); }

// Bit i set where code unit i of x is a surrogate of the kind `tag` (D800 for high, DC00 for low),
// given in every lane, as `kind_bits` is FC00.
BOOST_UTF_AVX512BW_INLINE std::uint32_t kind_mask(__m512i x, __m512i kind_bits, __m512i tag) noexcept
{
    return _mm512_cmpeq_epi16_mask(_mm512_and_si512(x, kind_bits), tag);
}

BOOST_UTF_AVX512BW_INLINE std::uint32_t kind_mask(__m512i x, int tag) noexcept
{
    return kind_mask(x, _mm512_set1_epi16(static_cast<short>(0xFC00)), _mm512_set1_epi16(static_cast<short>(tag)));
}

// Whether the 64 code units of a and b hold a surrogate: adding 2800 takes D800..DFFF, and only
// them, to 0..7FF, and the lesser of two lanes is below 800 when either is.
BOOST_UTF_AVX512BW_INLINE bool any_surrogate(__m512i a, __m512i b) noexcept
{
    __m512i const lift = _mm512_set1_epi16(0x2800);
    __m512i const least = _mm512_min_epu16(_mm512_add_epi16(a, lift), _mm512_add_epi16(b, lift));
    return _mm512_cmplt_epu16_mask(least, _mm512_set1_epi16(0x800)) != 0;
}

// The high and the low surrogates of a block of 64 code units (a, b).
struct surrogates
{
    std::uint64_t high, low;
};

// The masks of a and b joined in mask registers (a's in the low half), so that only the joined
// one goes to a general register: two transfers a block instead of four, and no shifts.
BOOST_UTF_AVX512BW_INLINE std::uint64_t kind_mask(__m512i a, __m512i b, int tag) noexcept
{
    return _cvtmask64_u64(_mm512_kunpackd(kind_mask(b, tag), kind_mask(a, tag)));
}

BOOST_UTF_AVX512BW_INLINE surrogates surrogates_of(__m512i a, __m512i b) noexcept
{
    return {kind_mask(a, b, 0xD800), kind_mask(a, b, 0xDC00)};
}

// Whether the low surrogates of a block are the places after its high ones, and its first place
// where `carry` is 1: each pair is whole but one that begins in the last place. With carry 0,
// the test of block_extent16.
BOOST_FORCEINLINE bool pairs_follow(surrogates s, std::uint64_t carry) noexcept
{
    return s.low == (s.high << 1 | carry);
}

// The first `count` (0..16) 32-bit lanes of v at o, and nothing past them.
BOOST_UTF_AVX512BW_INLINE void store_first(char32_t* o, __m512i v, unsigned count) noexcept
{
    _mm512_mask_storeu_epi32(o, static_cast<__mmask16>((std::uint32_t(1) << count) - 1), v);
}

// The permutations' indices, for a group that starts at code unit `start` (0 or 16) of a
// register: 16-bit lane 2k takes code unit start + k, lane 2k + 1 the one after it.
struct unit_pair_lanes
{
    alignas(64) std::uint16_t lane[32];
};

constexpr unit_pair_lanes make_unit_pair_lanes(unsigned start) noexcept
{
    unit_pair_lanes r{};
    for (unsigned k = 0; k < 32; ++k)
        r.lane[k] = static_cast<std::uint16_t>(start + k / 2 + k % 2);
    return r;
}

inline constexpr unit_pair_lanes unit_pairs_from_first = make_unit_pair_lanes(0);
inline constexpr unit_pair_lanes unit_pairs_from_half = make_unit_pair_lanes(16);

// Group G of a block (a, b): its 16 code units from 16G, each in a 32-bit lane beside the code
// unit after it (the unit in the low half, the next one in the high half), by one permutation of
// 16-bit lanes; the pair a high surrogate begins is then one lane. The last lane of group 3 has
// no unit after it in the block, and its high half is b's first (the index wraps): a high
// surrogate in the block's last place is never kept (widen_pairs), so no pair reads it.
template<unsigned G>
BOOST_UTF_AVX512BW_INLINE __m512i unit_pairs(__m512i a, __m512i b, __m512i from_first, __m512i from_half) noexcept
{
    static_assert(G < 4, "a block has four groups");
    if constexpr (G == 0)
        return _mm512_permutexvar_epi16(from_first, a);
    else if constexpr (G == 1)
        return _mm512_permutex2var_epi16(a, from_half, b);
    else if constexpr (G == 2)
        return _mm512_permutexvar_epi16(from_first, b);
    else
        return _mm512_permutexvar_epi16(from_half, b);
}

// The code points of a group's lanes (unit_pairs): each lane of a high surrogate (`high`) the pair
// it begins, by one multiply-add of its two halves (widened_pair_madd), every other lane its
// code unit.
BOOST_UTF_AVX512BW_INLINE __m512i pair_values(__m512i w, std::uint32_t high) noexcept
{
    __m512i const unit = _mm512_and_si512(w, _mm512_set1_epi32(0xFFFF));
    __m512i const madd = _mm512_madd_epi16(w, _mm512_set1_epi32(pair_madd_weights));
    return _mm512_mask_add_epi32(unit, static_cast<__mmask16>(high), madd,
                                 _mm512_set1_epi32(static_cast<int>(pair_madd_offset)));
}

// How many code points the groups before group G (1..4) of a block keep: the bits of `keep` below
// bit 16G. Each count is taken from `keep` itself, not from the one before it, so that the
// stores' places do not wait on one another.
template<unsigned G>
BOOST_UTF_AVX512BW_INLINE unsigned kept_before(std::uint64_t keep) noexcept
{
    static_assert(G >= 1 && G <= 4, "a block has four groups, and none before the first");
    return avx512bw::count_ones(keep << (64 - 16 * G) % 64);
}

// The code points of group G of the block (a, b) that `keep` keeps (16 bits from bit 16G), in
// order in the first lanes (zeros after them). A kept high surrogate's low one is in the block.
template<unsigned G>
BOOST_UTF_AVX512BW_INLINE __m512i kept_values(__m512i a, __m512i b, __m512i from_first, __m512i from_half,
                                              std::uint64_t high, std::uint64_t keep) noexcept
{
    return _mm512_maskz_compress_epi32(
        static_cast<__mmask16>(keep >> 16 * G),
        pair_values(unit_pairs<G>(a, b, from_first, from_half), static_cast<std::uint32_t>(high >> 16 * G & 0xFFFF)));
}

// The code points of the block (a, b) that `keep` keeps (no low surrogate, nothing past the
// block's end), `high` its high surrogates, written at o; returns how many. Exact stores, but
// for a block of pairs (Stride: the first pair_stride code units kept, pairs_follow) where the
// registers of the first groups are stored whole: 16 code units give 8 or more code points (no
// two low surrogates are neighbours), the last 15 give 7 or more, and a store starts where the
// code points before it end, so it covers the excess of the one before (at most 8) but where 8
// code points are followed by 7. Masked stores back to back cost more than whole ones on some
// processors (see avx512vbmi2::store).
template<bool Stride>
BOOST_UTF_AVX512BW_INLINE unsigned widen_pairs(__m512i a, __m512i b, std::uint64_t high, std::uint64_t keep,
                                               char32_t* o) noexcept
{
    __m512i const from_first = load(unit_pairs_from_first.lane), from_half = load(unit_pairs_from_half.lane);
    unsigned const s1 = kept_before<1>(keep), s2 = kept_before<2>(keep);
    unsigned const s3 = kept_before<3>(keep), all = kept_before<4>(keep);
    __m512i const v0 = kept_values<0>(a, b, from_first, from_half, high, keep);
    __m512i const v1 = kept_values<1>(a, b, from_first, from_half, high, keep);
    __m512i const v2 = kept_values<2>(a, b, from_first, from_half, high, keep);
    __m512i const v3 = kept_values<3>(a, b, from_first, from_half, high, keep);
    if (Stride)
    {
        _mm512_storeu_si512(o, v0);
        _mm512_storeu_si512(o + s1, v1);
        if (all - s2 >= 16)
            _mm512_storeu_si512(o + s2, v2);
        else
            store_first(o + s2, v2, s3 - s2);
    }
    else
    {
        store_first(o, v0, s1);
        store_first(o + s1, v1, s2 - s1);
        store_first(o + s2, v2, s3 - s2);
    }
    store_first(o + s3, v3, all - s3);
    return all;
}

// A 64-byte load that crosses a cache line costs two. The kernels take the code units up to the
// next line (0 to 31 of them) first, by a masked load, so that their blocks are lines after it
// (until a block has surrogates); this is how many, for input at p.
BOOST_UTF_AVX512BW_INLINE unsigned units_to_line(std::uint16_t const* p) noexcept
{
    return static_cast<unsigned>(((64 - (reinterpret_cast<std::uintptr_t>(p) & 63)) & 63) / 2);
}

// The code units before the first line (units_to_line), when whole blocks follow them: the code
// units themselves in x (zeros past them), their surrogates, and how many are well-formed, by
// block_extent16. That is 0 for a surrogate unpaired among them, which the first block meets
// too, or for one high surrogate alone, and when there are none: the blocks take them all.
struct line_head
{
    __m512i x;
    std::uint32_t high, low;
    unsigned extent;
};

BOOST_UTF_AVX512BW_INLINE line_head read_line_head(std::uint16_t const* p, std::size_t n) noexcept
{
    unsigned const head = units_to_line(p);
    if (head == 0 || n < width + head)
        return {_mm512_setzero_si512(), 0, 0, 0};
    std::uint32_t const lanes = (std::uint32_t(1) << head) - 1;
    __m512i const x = _mm512_maskz_loadu_epi16(lanes, p);
    std::uint32_t const high = kind_mask(x, 0xD800) & lanes;
    std::uint32_t const low = kind_mask(x, 0xDC00) & lanes;
    return {x, high, low, block_extent16(high, low, head)};
}

// The last `rest` (2..63) code units of the input, from p, as a block of their own: the code units
// in a and b with zeros past them (read by masked loads, which touch nothing past the input), and
// their surrogates. A zero is no surrogate, so the block is well-formed as far as
// block_extent16(high, low, rest) says.
struct short_block
{
    __m512i a, b;
    surrogates s;
};

BOOST_UTF_AVX512BW_INLINE short_block read_short_block(std::uint16_t const* p, std::size_t rest) noexcept
{
    std::uint64_t const lanes = (std::uint64_t(1) << rest) - 1;
    __m512i const a = _mm512_maskz_loadu_epi16(static_cast<__mmask32>(lanes), p);
    __m512i const b = _mm512_maskz_loadu_epi16(static_cast<__mmask32>(lanes >> 32), p + 32);
    return {a, b, surrogates_of(a, b)};
}

BOOST_UTF_AVX512BW_KERNEL std::size_t valid_prefix(std::uint16_t const* p, std::size_t n) noexcept
{
    std::size_t i = read_line_head(p, n).extent;
    std::uint64_t carry = 0;
    while (n - i >= width)
    {
        __m512i a = load(p + i);
        __m512i b = load(p + i + 32);
        if (!any_surrogate(a, b))
        {
            i += width;
            continue;
        }
        // Blocks with surrogates come in runs: their masks are read first, up to a block with
        // none. A carry is a high surrogate in the last place, which such a block leaves
        // unpaired.
        for (;;)
        {
            surrogates const s = surrogates_of(a, b);
            if (!pairs_follow(s, carry))
                return i - carry;
            if ((s.high | s.low) == 0)
                break;
            carry = s.high >> 63;
            i += width;
            if (n - i < width)
                break;
            a = load(p + i);
            b = load(p + i + 32);
        }
    }
    // A high surrogate left for a block that is not there: its low one begins what is left
    // (fewer than `width` code units, which the short block takes), or it is unpaired.
    if (carry != 0)
    {
        if (i == n || !is_low_surrogate(p[i]))
            return i - 1;
        ++i;
    }
    if (n - i >= 2)
    {
        short_block const t = read_short_block(p + i, n - i);
        i += block_extent16(t.s.high, t.s.low, static_cast<unsigned>(n - i));
    }
    return i;
}

// The `rest` code units of a short block without surrogates, as code points at o, and nothing
// past them.
BOOST_UTF_AVX512BW_INLINE void widen_short(short_block const& t, unsigned rest, char32_t* o) noexcept
{
    std::uint64_t const lanes = (std::uint64_t(1) << rest) - 1;
    _mm512_mask_storeu_epi32(o, static_cast<__mmask16>(lanes), _mm512_cvtepu16_epi32(_mm512_castsi512_si256(t.a)));
    if (rest > 16)
        _mm512_mask_storeu_epi32(o + 16, static_cast<__mmask16>(lanes >> 16),
                                 _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(t.a, 1)));
    if (rest > 32)
    {
        _mm512_mask_storeu_epi32(o + 32, static_cast<__mmask16>(lanes >> 32),
                                 _mm512_cvtepu16_epi32(_mm512_castsi512_si256(t.b)));
        if (rest > 48)
            _mm512_mask_storeu_epi32(o + 48, static_cast<__mmask16>(lanes >> 48),
                                     _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(t.b, 1)));
    }
}

// The lanes of the first `e` (0..64) code units that a block with low surrogates `low` keeps.
BOOST_FORCEINLINE std::uint64_t kept_lanes(std::uint64_t low, unsigned e) noexcept
{
    return ~low & (e == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << e) - 1);
}

BOOST_UTF_AVX512BW_KERNEL transcode_step widen(std::uint16_t const* p, std::size_t n, char32_t* o) noexcept
{
    line_head const h = read_line_head(p, n);
    std::size_t i = h.extent, made = 0;
    if (h.extent != 0)
        made = widen_pairs<false>(h.x, _mm512_setzero_si512(), h.high, kept_lanes(h.low, h.extent), o);
    std::uint64_t carry = 0;
    while (n - i >= width)
    {
        __m512i a = load(p + i);
        __m512i b = load(p + i + 32);
        if (!any_surrogate(a, b))
        {
            // Sixteen code units at a time, loaded again from the first-level cache and widened
            // in one instruction, rather than taken out of the registers tested: four extracts
            // and stores fewer than with 32-byte stores, though the output's alignment is the
            // caller's and a 64-byte store across a cache line costs two.
            for (std::size_t k = 0; k < width; k += 16)
                _mm512_storeu_si512(o + made + k, _mm512_cvtepu16_epi32(_mm256_loadu_si256(
                                                      reinterpret_cast<__m256i const*>(p + i + k))));
            i += width;
            made += width;
            continue;
        }
        // As in valid_prefix, a run of blocks with surrogates. The low surrogate of a carry is
        // consumed: its pair is written.
        for (;;)
        {
            surrogates const s = surrogates_of(a, b);
            if (!pairs_follow(s, carry))
                return {i + carry, made, width};
            if ((s.high | s.low) == 0)
                break;
            made += widen_pairs<true>(a, b, s.high, kept_lanes(s.low, pair_stride), o + made);
            carry = s.high >> (pair_stride - 1) & 1;
            i += pair_stride;
            if (n - i < width)
                break;
            a = load(p + i);
            b = load(p + i + 32);
        }
    }
    i += carry;
    if (n - i >= 2)
    {
        // Both ways write exactly the code points of the input, none for the zeros past it.
        short_block const t = read_short_block(p + i, n - i);
        if ((t.s.high | t.s.low) == 0)
        {
            widen_short(t, static_cast<unsigned>(n - i), o + made);
            return {n, made + (n - i), 0};
        }
        unsigned const e = block_extent16(t.s.high, t.s.low, static_cast<unsigned>(n - i));
        if (e == 0)
            return {i, made, width};
        made += widen_pairs<false>(t.a, t.b, t.s.high, kept_lanes(t.s.low, e), o + made);
        i += e;
    }
    return {i, made, 0};
}

} // namespace utf16_avx512bw

// ---- AVX-512 VBMI2: UTF-16 to UTF-8 with byte compression ---------------------------------------
//
// UTF-8 goes through the encoding loop (avx512vbmi2::utf16_blocks), and blocks with pairs through
// encode_pairs.
namespace utf16_avx512vbmi2 {

using utf16_avx512bw::valid_prefix;
using utf16_avx512bw::fewest;
using utf16_avx512bw::last_block;
using utf16_avx512bw::widen;
using utf16_avx512bw::width;

using utf16_avx2::narrow;
using utf16_avx2::narrow_checked;
using utf16_avx2::narrow_width;

inline constexpr std::size_t to_utf8_fewest = utf16_sse::to_utf8_fewest;

// The vectors of encode_paired_units besides encode_constants (whose surrogate16 is the first
// high surrogate), in every 16-bit lane: the bits that tell a high from a low surrogate (FC00),
// the first low surrogate, and the masks and markers of a pair's bytes. The loop over blocks of
// pairs makes them once where it starts, through opaque: GCC otherwise makes each again in every
// block (as in decode_constants).
struct pair_constants
{
    __m512i kind_bits, low_surrogate, ten_bits, plane_offset, four_byte_marker;
    __m512i second_bits, third_high_bits, third_low_bits, continuation_marker;
};

BOOST_UTF_AVX512VBMI2_INLINE pair_constants make_pair_constants() noexcept
{
    using avx512vbmi2::opaque;
    return {opaque(_mm512_set1_epi16(static_cast<short>(0xFC00))),
            opaque(_mm512_set1_epi16(static_cast<short>(0xDC00))),
            opaque(_mm512_set1_epi16(0x3FF)),
            opaque(_mm512_set1_epi16(0x40)),
            opaque(_mm512_set1_epi16(static_cast<short>(0x80F0))),
            opaque(_mm512_set1_epi16(0x3F00)),
            opaque(_mm512_set1_epi16(0x30)),
            opaque(_mm512_set1_epi16(0xF)),
            opaque(_mm512_set1_epi16(static_cast<short>(0x8080)))};
}

// Thirty-two code units whose surrogates are paired within them, but for a low surrogate in the
// first place, whose high one is the last code unit of `before`, as UTF-8 at o, exactly; without
// the last code unit where `drop_last` (a high surrogate the next block begins with). The count
// returned. A pair's four bytes are as many as its two code units, so it stays in their lanes of
// encode_bmp_units: a high surrogate h gives the first two, from hp = (h & 3FF) + 40, the code
// point's bits 10 and up (F0 | hp >> 8, then 80 | (hp >> 2 & 3F)), and the low one l after it the
// last two (80 | (h & 3) << 4 | (l & 3FF) >> 6, then 80 | (l & 3F)): only the third byte takes
// bits of both.
BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_paired_units(avx512vbmi2::encode_constants const& units,
                                                          pair_constants const& k, __m512i x, __m512i before,
                                                          bool drop_last, unsigned char* o) noexcept
{
    using utf16_avx512bw::kind_mask;
    __m512i const u = _mm512_permutexvar_epi16(avx512vbmi2::interleave_order(), x);
    // In each lane, the code unit before it (the last of `before` for x's first).
    __m512i const h = _mm512_permutex2var_epi16(x, avx512bw::load(avx512vbmi2::interleave.previous), before);
    __mmask32 const high = kind_mask(u, k.kind_bits, units.surrogate16);
    __mmask32 const low = kind_mask(u, k.kind_bits, k.low_surrogate);
    __mmask32 const two = _mm512_cmpge_epu16_mask(u, units.two16);
    __mmask32 const three = _mm512_cmpge_epu16_mask(u, units.three16) & ~(high | low);
    avx512vbmi2::unit_bytes b = avx512vbmi2::bmp_unit_bytes(units, u, two, three);
    __m512i const hp = _mm512_add_epi16(_mm512_and_si512(u, k.ten_bits), k.plane_offset);
    __m512i const high_bytes = _mm512_or_si512(
        _mm512_or_si512(_mm512_srli_epi16(hp, 8), _mm512_and_si512(_mm512_slli_epi16(hp, 6), k.second_bits)),
        k.four_byte_marker);
    __m512i const third_byte = _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16(h, 4), k.third_high_bits),
                                               _mm512_and_si512(_mm512_srli_epi16(u, 6), k.third_low_bits));
    __m512i const low_bytes = _mm512_or_si512(
        _mm512_or_si512(third_byte, _mm512_slli_epi16(_mm512_and_si512(u, units.low6), 8)), k.continuation_marker);
    b.first = _mm512_mask_mov_epi16(b.first, high, high_bytes);
    b.first = _mm512_mask_mov_epi16(b.first, low, low_bytes);
    return avx512vbmi2::store_unit_bytes<avx512vbmi2::store::exact>(b, drop_last ? ~std::uint64_t(0) >> 4 : ~std::uint64_t(0), o);
}

// The UTF-8 of code units [0, e) of the block (a, b), well-formed with e from block_extent16, at
// o, exactly: 32 code units at a time by encode_paired_units. Returns the bytes written.
BOOST_UTF_AVX512VBMI2_INLINE unsigned encode_pairs(avx512vbmi2::encode_constants const& units, pair_constants const& k,
                                                   __m512i a, __m512i b, unsigned e, unsigned char* o) noexcept
{
    // The block starts where an element does: the code unit given before its first one is not used.
    unsigned const made = encode_paired_units(units, k, a, a, false, o);
    return made + encode_paired_units(units, k, b, a, e != width, o + made);
}

// The encoding loop takes the blocks without surrogates, and the blocks of pairs follow it where
// it stops at one with some: as many blocks of `width` code units as have surrogates, all paired,
// through encode_pairs; what is left after the last block of pairs goes back to the encoding
// loop, and what that leaves, fewer than its block, to SSE's blocks (to_utf8_rest). Stops where
// a block has an unpaired surrogate (`resume` is `width`); at the block with a surrogate where
// the encoding loop stopped, if fewer than `width` code units are left, with the loop's
// `resume`; or where SSE's blocks stop. Both loops use the vectors `source` holds, and the loop
// over blocks of pairs makes its own where it starts. The two loops share one function: with the
// loop over blocks of pairs in a function of its own, both compilers ran text of pairs slower
// (performance.adoc, "UTF-16 to UTF-8 at AVX-512: the constants of both loops held").
template<bool Covered>
BOOST_UTF_AVX512VBMI2_INLINE transcode_step encode_with_pairs(std::uint16_t const* p, std::size_t n,
                                                              unsigned char* o) noexcept
{
    std::size_t i = 0, made = 0;
    for (;;)
    {
        // Fewer than a block left: not worth making the source's vectors.
        if (n - i < avx512vbmi2::utf16_blocks::width)
            return utf16_sse::to_utf8_rest(p, n, o, {i, made, 0});
        avx512vbmi2::utf16_blocks const source{p + i};
        transcode_step const r = Covered ? avx512vbmi2::encode_blocks_covered(source, n - i, o + made)
                                         : avx512vbmi2::encode_blocks(source, n - i, o + made);
        i += r.consumed;
        made += r.produced;
        if (r.resume == 0)
            return utf16_sse::to_utf8_rest(p, n, o, {i, made, 0});
        pair_constants const k = make_pair_constants();
        for (bool first = true;; first = false)
        {
            if (n - i < width)
            {
                if (first)
                    return {i, made, r.resume};
                break;
            }
            __m512i const a = avx512bw::load(p + i);
            __m512i const b = avx512bw::load(p + i + 32);
            utf16_avx512bw::surrogates const s = utf16_avx512bw::surrogates_of(a, b);
            if ((s.high | s.low) == 0)
                break;
            unsigned const e = whole_block_extent16<width>(s.high, s.low, p + i);
            if (e == 0)
                return {i, made, width};
            made += encode_pairs(source.constants(), k, a, b, e, o + made);
            i += e;
        }
    }
}

BOOST_UTF_AVX512VBMI2_KERNEL transcode_step to_utf8(std::uint16_t const* p, std::size_t n, unsigned char* o) noexcept
{
    return encode_with_pairs<false>(p, n, o);
}
BOOST_UTF_AVX512VBMI2_KERNEL transcode_step to_utf8_covered(std::uint16_t const* p, std::size_t n,
                                                             unsigned char* o) noexcept
{
    return encode_with_pairs<true>(p, n, o);
}

} // namespace utf16_avx512vbmi2
#  if defined(BOOST_GCC) && BOOST_GCC < 130000
#    pragma GCC diagnostic pop
#  endif

#  undef BOOST_UTF_SSE_INLINE
#  undef BOOST_UTF_SSE_KERNEL
#  undef BOOST_UTF_AVX2_INLINE
#  undef BOOST_UTF_AVX2_KERNEL
#  undef BOOST_UTF_AVX512BW_INLINE
#  undef BOOST_UTF_AVX512BW_KERNEL
#  undef BOOST_UTF_AVX512VBMI2_INLINE
#  undef BOOST_UTF_AVX512VBMI2_KERNEL

#endif // BOOST_UTF_SIMD_X86

using utf16_valid_prefix_kernel = std::size_t(std::uint16_t const*, std::size_t) noexcept;
using utf16_widen_kernel = transcode_step(std::uint16_t const*, std::size_t, char32_t*) noexcept;
using utf16_narrow_kernel = std::size_t(char32_t const*, std::size_t, std::uint16_t*) noexcept;
using utf16_narrow_checked_kernel = transcode_step(char32_t const*, std::size_t, std::uint16_t*) noexcept;
using utf16_to_utf8_kernel = transcode_step(std::uint16_t const*, std::size_t, unsigned char*) noexcept;

struct utf16_kernel_set
{
    simd_level level;
    // Code units a block has (valid_prefix, widen), and code points a narrow step takes; the
    // drivers call a kernel only when at least that many are left, except that valid_prefix and
    // widen are called with `fewest` code units or more: where that is less than `width`, they
    // take what is left after their whole blocks in shorter blocks, of `last_block` code units or
    // more, and return with fewer than `last_block` left unless they stop at a block. to_utf8 and
    // to_utf8_covered are called with `to_utf8_fewest` code units or more, take what is left after
    // their own blocks in SSE's (to_utf8_rest), and return with fewer than that left unless they
    // stop at a block. 0 for the scalar level.
    std::size_t width;
    std::size_t fewest;
    std::size_t last_block;
    std::size_t narrow_width;
    std::size_t to_utf8_fewest;
    utf16_valid_prefix_kernel* valid_prefix;
    utf16_widen_kernel* widen;
    utf16_narrow_kernel* narrow;
    utf16_narrow_checked_kernel* narrow_checked;
    utf16_to_utf8_kernel* to_utf8;
    utf16_to_utf8_kernel* to_utf8_covered;
};

#define BOOST_UTF_UTF16_KERNEL_SET(level, ns)                                                                          \
  utf16_kernel_set                                                                                                     \
  {                                                                                                                    \
    simd_level::level, ns::width, ns::fewest, ns::last_block, ns::narrow_width, ns::to_utf8_fewest, &ns::valid_prefix, \
        &ns::widen, &ns::narrow, &ns::narrow_checked, &ns::to_utf8, &ns::to_utf8_covered                               \
  }

// Indexed by the rows of dispatch.hpp, as kernel_sets. halves_avx2_row writes UTF-8 with the
// 128-bit encoding loop.
inline constexpr utf16_kernel_set utf16_kernel_sets[] = {
    utf16_kernel_set{simd_level::scalar, 0, 0, 0, 0, 0, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
#if BOOST_UTF_SIMD_X86
    BOOST_UTF_UTF16_KERNEL_SET(sse, utf16_sse),
    BOOST_UTF_UTF16_KERNEL_SET(avx2, utf16_avx2),
    BOOST_UTF_UTF16_KERNEL_SET(avx512bw, utf16_avx512bw),
    BOOST_UTF_UTF16_KERNEL_SET(avx512vbmi2, utf16_avx512vbmi2),
    utf16_kernel_set{simd_level::avx2, utf16_avx2::width, utf16_avx2::fewest, utf16_avx2::last_block,
                     utf16_avx2::narrow_width, utf16_sse::to_utf8_fewest, &utf16_avx2::valid_prefix, &utf16_avx2::widen,
                     &utf16_avx2::narrow, &utf16_avx2::narrow_checked, &utf16_sse::to_utf8,
                     &utf16_sse::to_utf8_covered},
#endif
};

#undef BOOST_UTF_UTF16_KERNEL_SET

inline constexpr bool has_utf16_kernels = sizeof(utf16_kernel_sets) / sizeof(utf16_kernel_sets[0]) > 1;

// One set per row, in order (see one_set_per_row); a block is at least two code units (a pair),
// and so is the least input of valid_prefix and widen, which is no more than a block, and no
// less than their last block.
constexpr bool utf16_kernel_sets_are_complete() noexcept
{
    for (utf16_kernel_set const& k : utf16_kernel_sets)
        if (k.level != simd_level::scalar &&
            (k.width < 2 || k.last_block < 2 || k.last_block > k.fewest || k.fewest > k.width))
            return false;
    return one_set_per_row(utf16_kernel_sets, [](utf16_kernel_set const& k) {
        return std::array<std::size_t, 5>{k.width, k.fewest, k.last_block, k.narrow_width, k.to_utf8_fewest};
    });
}
static_assert(utf16_kernel_sets_are_complete(),
              "detail/simd: utf16_kernel_sets must list one complete kernel set per row of dispatch.hpp, in order");

// The UTF-16 kernels of the level in use: looked up once per bulk call.
BOOST_FORCEINLINE utf16_kernel_set const& active_utf16_kernels() noexcept
{
    return set_for_active_row(utf16_kernel_sets);
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_UTF16_KERNELS_HPP

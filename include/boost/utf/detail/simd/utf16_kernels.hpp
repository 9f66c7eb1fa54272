// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_UTF16_KERNELS_HPP
#define BOOST_UTF_DETAIL_SIMD_UTF16_KERNELS_HPP

// The UTF-16 kernels of the bulk operations (detail/transcode.hpp), one set per simd_level, kept
// apart from the UTF-8 sets of kernels.hpp. They keep that file's contract: a kernel goes as far
// as it can prove the input well-formed, never decides an error, never calls a policy, writes
// only what it returns and reads nothing outside [p, p + n).
//
//   valid_prefix(p, n)   code units from p, where an element starts, that are well-formed and end
//                        where an element ends; it stops at the first block it cannot prove so
//   widen(p, n, o)       likewise, and writes the code points of what it consumed (transcode_step;
//                        `resume` is the width when it stopped at a block)
//   ascii(p, n, o)       code units from p that are all ASCII, written as bytes
//   narrow(p, n, o)      writes the UTF-16 form of n scalar values; returns the code units written
//
// A block of `width` code units is well-formed on its own terms when every high surrogate in it is
// followed by a low one and every low one follows a high one; a high surrogate in its last place
// is left to the next block, which then starts with it.
//
// The AVX-512 levels use the AVX2 set: those CPUs all have AVX2, and a 16-bit lane gains nothing
// from the wider registers that would be worth a third copy of the code.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/dispatch.hpp>
#include <boost/utf/detail/simd/step.hpp>
#include <boost/utf/detail/simd/target.hpp>
#include <boost/utf/detail/utf16.hpp>

#if BOOST_UTF_SIMD_X86
#  include <immintrin.h>
#endif

#include <array>
#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {
inline namespace BOOST_UTF_ISA_NAMESPACE {

// How many code units of a block with high surrogates `high` and low ones `low` (bit i for code
// unit i, `width` bits) are well-formed from its start: all of it, all but a high surrogate in
// its last place, or 0 when a surrogate is unpaired inside it.
BOOST_FORCEINLINE unsigned block_extent16(std::uint32_t high, std::uint32_t low, unsigned width) noexcept
{
    std::uint32_t const all = width == 32 ? ~std::uint32_t(0) : (std::uint32_t(1) << width) - 1;
    if (((high << 1) & all) != low)
        return 0;
    return (high >> (width - 1)) != 0 ? width - 1 : width;
}

// The code points of `n` code units known to be well-formed UTF-16, by the rules of utf16.hpp;
// returns how many.
BOOST_FORCEINLINE std::size_t combine_pairs16(std::uint16_t const* p, std::size_t n, char32_t* o) noexcept
{
    std::size_t made = 0;
    for (std::uint16_t const* const last = p + n; p != last;)
        o[made++] = static_cast<char32_t>(decode_next16(p, last).value);
    return made;
}

#if BOOST_UTF_SIMD_X86

#  define BOOST_UTF_SSE_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_SSE
#  define BOOST_UTF_SSE_KERNEL inline BOOST_NOINLINE BOOST_UTF_TARGET_SSE
#  define BOOST_UTF_AVX2_INLINE BOOST_FORCEINLINE BOOST_UTF_TARGET_AVX2
#  define BOOST_UTF_AVX2_KERNEL inline BOOST_NOINLINE BOOST_UTF_TARGET_AVX2

// ---- SSE: 16 code units (two registers) per block ----------------------------------------------
namespace utf16_sse {

inline constexpr std::size_t width = 16;
inline constexpr std::size_t narrow_width = 8;

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

BOOST_UTF_SSE_INLINE bool any_surrogate(__m128i a, __m128i b) noexcept
{
    __m128i const m = _mm_set1_epi16(static_cast<short>(0xF800));
    __m128i const t = _mm_set1_epi16(static_cast<short>(0xD800));
    __m128i const s = _mm_or_si128(_mm_cmpeq_epi16(_mm_and_si128(a, m), t), _mm_cmpeq_epi16(_mm_and_si128(b, m), t));
    return _mm_testz_si128(s, s) == 0;
}

BOOST_UTF_SSE_KERNEL std::size_t valid_prefix(std::uint16_t const* p, std::size_t n) noexcept
{
    std::size_t i = 0;
    while (n - i >= width)
    {
        __m128i const a = load(p + i);
        __m128i const b = load(p + i + 8);
        if (!any_surrogate(a, b))
        {
            i += width;
            continue;
        }
        unsigned const e = block_extent16(kind_mask(a, b, 0xD800), kind_mask(a, b, 0xDC00), width);
        if (e == 0)
            break;
        i += e;
    }
    return i;
}

BOOST_UTF_SSE_KERNEL transcode_step widen(std::uint16_t const* p, std::size_t n, char32_t* o) noexcept
{
    std::size_t i = 0, made = 0;
    while (n - i >= width)
    {
        __m128i const a = load(p + i);
        __m128i const b = load(p + i + 8);
        if (!any_surrogate(a, b))
        {
            __m128i* const out = reinterpret_cast<__m128i*>(o + made);
            _mm_storeu_si128(out, _mm_cvtepu16_epi32(a));
            _mm_storeu_si128(out + 1, _mm_cvtepu16_epi32(_mm_srli_si128(a, 8)));
            _mm_storeu_si128(out + 2, _mm_cvtepu16_epi32(b));
            _mm_storeu_si128(out + 3, _mm_cvtepu16_epi32(_mm_srli_si128(b, 8)));
            i += width;
            made += width;
            continue;
        }
        unsigned const e = block_extent16(kind_mask(a, b, 0xD800), kind_mask(a, b, 0xDC00), width);
        if (e == 0)
            return {i, made, width};
        made += combine_pairs16(p + i, e, o + made);
        i += e;
    }
    return {i, made, 0};
}

BOOST_UTF_SSE_KERNEL std::size_t ascii(std::uint16_t const* p, std::size_t n, unsigned char* o) noexcept
{
    std::size_t i = 0;
    while (n - i >= width)
    {
        __m128i const a = load(p + i);
        __m128i const b = load(p + i + 8);
        if (!_mm_testz_si128(_mm_or_si128(a, b), _mm_set1_epi16(static_cast<short>(0xFF80))))
            break;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o + i), _mm_packus_epi16(a, b));
        i += width;
    }
    return i;
}

BOOST_UTF_SSE_KERNEL std::size_t narrow(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
{
    std::uint16_t* const start = o;
    std::size_t i = 0;
    for (; n - i >= narrow_width; i += narrow_width)
    {
        __m128i const a = load(p + i);
        __m128i const b = load(p + i + 4);
        if (_mm_testz_si128(_mm_or_si128(a, b), _mm_set1_epi32(static_cast<int>(0xFFFF0000u))))
        {
            // Every value is below 10000, so the unsigned saturating pack is exact.
            _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_packus_epi32(a, b));
            o += narrow_width;
        }
        else
            for (std::size_t j = 0; j < narrow_width; ++j)
                write_word16(p[i + j], o);
    }
    for (; i < n; ++i)
        write_word16(p[i], o);
    return static_cast<std::size_t>(o - start);
}

} // namespace utf16_sse

// ---- AVX2: 32 code units (two registers) per block ---------------------------------------------
namespace utf16_avx2 {

inline constexpr std::size_t width = 32;
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

BOOST_UTF_AVX2_INLINE bool any_surrogate(__m256i a, __m256i b) noexcept
{
    __m256i const m = _mm256_set1_epi16(static_cast<short>(0xF800));
    __m256i const t = _mm256_set1_epi16(static_cast<short>(0xD800));
    __m256i const s =
        _mm256_or_si256(_mm256_cmpeq_epi16(_mm256_and_si256(a, m), t), _mm256_cmpeq_epi16(_mm256_and_si256(b, m), t));
    return _mm256_testz_si256(s, s) == 0;
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
            break;
        i += e;
    }
    return i;
}

BOOST_UTF_AVX2_INLINE void widen_half(__m256i a, char32_t* o) noexcept
{
    __m256i* const out = reinterpret_cast<__m256i*>(o);
    _mm256_storeu_si256(out, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(a)));
    _mm256_storeu_si256(out + 1, _mm256_cvtepu16_epi32(_mm256_extracti128_si256(a, 1)));
}

BOOST_UTF_AVX2_KERNEL transcode_step widen(std::uint16_t const* p, std::size_t n, char32_t* o) noexcept
{
    std::size_t i = 0, made = 0;
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
        unsigned const e = block_extent16(kind_mask(a, b, 0xD800), kind_mask(a, b, 0xDC00), width);
        if (e == 0)
            return {i, made, width};
        made += combine_pairs16(p + i, e, o + made);
        i += e;
    }
    return {i, made, 0};
}

BOOST_UTF_AVX2_KERNEL std::size_t ascii(std::uint16_t const* p, std::size_t n, unsigned char* o) noexcept
{
    std::size_t i = 0;
    while (n - i >= width)
    {
        __m256i const a = load(p + i);
        __m256i const b = load(p + i + 16);
        if (!_mm256_testz_si256(_mm256_or_si256(a, b), _mm256_set1_epi16(static_cast<short>(0xFF80))))
            break;
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i),
                            _mm256_permute4x64_epi64(_mm256_packus_epi16(a, b), 0xD8));
        i += width;
    }
    return i;
}

BOOST_UTF_AVX2_KERNEL std::size_t narrow(char32_t const* p, std::size_t n, std::uint16_t* o) noexcept
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
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(o),
                                _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8));
            o += narrow_width;
        }
        else
            for (std::size_t j = 0; j < narrow_width; ++j)
                write_word16(p[i + j], o);
    }
    for (; i < n; ++i)
        write_word16(p[i], o);
    return static_cast<std::size_t>(o - start);
}

} // namespace utf16_avx2

#  undef BOOST_UTF_SSE_INLINE
#  undef BOOST_UTF_SSE_KERNEL
#  undef BOOST_UTF_AVX2_INLINE
#  undef BOOST_UTF_AVX2_KERNEL

#endif // BOOST_UTF_SIMD_X86

using utf16_valid_prefix_kernel = std::size_t(std::uint16_t const*, std::size_t) noexcept;
using utf16_widen_kernel = transcode_step(std::uint16_t const*, std::size_t, char32_t*) noexcept;
using utf16_ascii_kernel = std::size_t(std::uint16_t const*, std::size_t, unsigned char*) noexcept;
using utf16_narrow_kernel = std::size_t(char32_t const*, std::size_t, std::uint16_t*) noexcept;

struct utf16_kernel_set
{
    simd_level level;
    // Code units a block has (valid_prefix, widen, ascii) and code points a narrow step takes;
    // the drivers call a kernel only when at least that many are left. 0 for the scalar level.
    std::size_t width;
    std::size_t narrow_width;
    utf16_valid_prefix_kernel* valid_prefix;
    utf16_widen_kernel* widen;
    utf16_ascii_kernel* ascii;
    utf16_narrow_kernel* narrow;
};

#define BOOST_UTF_UTF16_KERNEL_SET(level, ns)                                                      \
    utf16_kernel_set                                                                               \
    {                                                                                              \
        simd_level::level, ns::width, ns::narrow_width, &ns::valid_prefix, &ns::widen, &ns::ascii, &ns::narrow \
    }

// Indexed by simd_level.
inline constexpr utf16_kernel_set utf16_kernel_sets[] = {
    utf16_kernel_set{simd_level::scalar, 0, 0, nullptr, nullptr, nullptr, nullptr},
#if BOOST_UTF_SIMD_X86
    BOOST_UTF_UTF16_KERNEL_SET(sse, utf16_sse),
    BOOST_UTF_UTF16_KERNEL_SET(avx2, utf16_avx2),
    BOOST_UTF_UTF16_KERNEL_SET(avx512bw, utf16_avx2),
    BOOST_UTF_UTF16_KERNEL_SET(avx512vbmi2, utf16_avx2),
#endif
};

#undef BOOST_UTF_UTF16_KERNEL_SET

inline constexpr bool has_utf16_kernels = sizeof(utf16_kernel_sets) / sizeof(utf16_kernel_sets[0]) > 1;

// One set per level, in order (see one_set_per_level); a block is at least two code units (a pair).
constexpr bool utf16_kernel_sets_are_complete() noexcept
{
    for (utf16_kernel_set const& k : utf16_kernel_sets)
        if (k.level != simd_level::scalar && k.width < 2)
            return false;
    return one_set_per_level(utf16_kernel_sets, [](utf16_kernel_set const& k) {
        return std::array<std::size_t, 2>{k.width, k.narrow_width};
    });
}
static_assert(utf16_kernel_sets_are_complete(),
              "detail/simd: utf16_kernel_sets must list one complete kernel set per simd_level, in order");

// The UTF-16 kernels of the level in use: looked up once per bulk call.
BOOST_FORCEINLINE utf16_kernel_set const& active_utf16_kernels() noexcept
{
    return set_for_active_level(utf16_kernel_sets);
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_UTF16_KERNELS_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_KERNELS_HPP
#define BOOST_UTF_DETAIL_SIMD_KERNELS_HPP

// The block kernels that algorithm.hpp runs on contiguous input, chosen at compile time from the
// target: AVX-512, AVX2, SSE (SSSE3 or SSE2), or none. They share one interface:
//
//   validate_width, block_valid(p)      [p, p + validate_width) well-formed, knowing p[-3..-1]
//   decode_width, decode_block(p, o)    decode from an element start; {0, 0, flagged} when the
//                                       block is not provably well-formed
//   encode_width, encode_block(p, o)    encode that many code points, or encode_failed
//   *_backoff                           how far the scalar rules go after a refusal
//
// A width of 0 means "no kernel": the scalar rules do everything. Define BOOST_UTF_NO_SIMD to
// force that. Kernels never read outside [p - 3, p + width) and never decide an error: a block
// that is not provably well-formed goes to detail/utf8.hpp.

#include <boost/utf/config.hpp>

#include <boost/predef/hardware/simd.h>

#include <cstddef>
#include <cstdint>

// Boost.Predef stops at AVX2; AVX-512 is read from the compiler's own target macros.
#if !defined(BOOST_UTF_NO_SIMD) && defined(__AVX512BW__) && defined(__AVX512VL__)
#  define BOOST_UTF_SIMD_AVX512 1
#  include <boost/utf/detail/simd/avx512.hpp>
#elif !defined(BOOST_UTF_NO_SIMD) && defined(BOOST_HW_SIMD_X86) && \
    BOOST_HW_SIMD_X86 >= BOOST_HW_SIMD_X86_AVX2_VERSION
#  define BOOST_UTF_SIMD_AVX2 1
#  include <boost/utf/detail/simd/avx2.hpp>
#elif !defined(BOOST_UTF_NO_SIMD) && defined(BOOST_HW_SIMD_X86) && \
    BOOST_HW_SIMD_X86 >= BOOST_HW_SIMD_X86_SSE2_VERSION
#  define BOOST_UTF_SIMD_SSE 1
#  include <boost/utf/detail/simd/sse.hpp>
#endif

namespace boost {
namespace utf {
namespace detail {
namespace simd {

#if defined(BOOST_UTF_SIMD_AVX512)
using namespace avx512;
inline constexpr char const* name = has_transcoder ? "avx512-vbmi2" : "avx512bw";
#elif defined(BOOST_UTF_SIMD_AVX2)
using namespace avx2;
inline constexpr char const* name = "avx2";
#elif defined(BOOST_UTF_SIMD_SSE)
using namespace sse;
#  if defined(__SSSE3__)
inline constexpr char const* name = "ssse3";
#  else
inline constexpr char const* name = "sse2";
#  endif
#else
inline constexpr char const* name = "scalar";

struct decode_step
{
    unsigned consumed;
    unsigned produced;
    unsigned flagged;
};

inline constexpr std::size_t validate_width = 0;
inline constexpr std::size_t decode_width = 0;
inline constexpr std::size_t encode_width = 0;
inline constexpr std::size_t encode_failed = ~std::size_t(0);
inline constexpr std::size_t validate_backoff = 0;
inline constexpr std::size_t decode_backoff = 0;
inline constexpr std::size_t encode_backoff = 0;

inline bool block_valid(unsigned char const*) noexcept { return false; }
inline decode_step decode_block(unsigned char const*, char32_t*) noexcept { return {0, 0, 0}; }
inline std::size_t encode_block(std::uint32_t const*, unsigned char*) noexcept { return encode_failed; }
#endif

using decode_result = decode_step;

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_KERNELS_HPP

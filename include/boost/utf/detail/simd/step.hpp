// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_STEP_HPP
#define BOOST_UTF_DETAIL_SIMD_STEP_HPP

#include <boost/utf/detail/simd/target.hpp>

#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {

// What a decoding or encoding kernel did: it read `consumed` code units (or code points) and
// wrote `produced` elements, all of them well-formed, then stopped either because fewer than a
// block were left (`resume` is 0) or at a block it could not prove well-formed or could not
// handle: then the scalar rules take at least the next `resume` code units (or code points)
// before the kernel is tried again.
struct transcode_step
{
    std::size_t consumed;
    std::size_t produced;
    std::size_t resume;
};

// Bytes a validating kernel judges per step, at every level: the flags of one step fit in 64 bits.
inline constexpr std::size_t validate_step = 64;

// The bytes that must follow those a covered decoding kernel consumed for it to write past them
// (decode_covered, decode16_covered, kernels.hpp), and four times the code points, or three times
// the UTF-16 code units, it may write past them: a caller that writes a code point for every four
// bytes at least, or a code unit for every three, writes over them.
inline constexpr std::size_t covered_tail = 96;

// What a validating kernel found (valid_prefix, kernels.hpp): the first step with a byte that
// flags an error begins `at` bytes in, and bit i of `flags` is set exactly where byte at + i
// flags one, for every byte of that step: its validate_step bytes, or, at the end, the whole
// blocks that are left. When no byte flags, `flags` is 0 and `at` is the bytes of the whole
// blocks. Whether a byte flags depends on it and the three bytes before it alone, so the flags
// of a step still hold after an error in it has been dealt with.
struct flagged_step
{
    std::size_t at;
    std::uint64_t flags;
};

// Scalar, but in the ISA namespace: their code is compiled for the caller's flags.
inline namespace BOOST_UTF_ISA_NAMESPACE {

// An ASCII block at p is valid unless a sequence begun before it wants continuation bytes: the
// test the SSE and AVX2 kernels make after an ASCII step, cheaper than pending_flags (the AVX-512
// kernel tests every step for errors instead, outside ASCII runs). The three bytes before p must
// be readable.
BOOST_FORCEINLINE bool nothing_pending(unsigned char const* p) noexcept
{
    return p[-1] < 0xC0 && p[-2] < 0xE0 && p[-3] < 0xF0;
}

// The bytes of an ASCII block at p that flag: only its first three can, each where a sequence
// begun before p wants a continuation byte there.
BOOST_FORCEINLINE unsigned pending_flags(unsigned char const* p) noexcept
{
    return static_cast<unsigned>(p[-1] >= 0xC0 || p[-2] >= 0xE0 || p[-3] >= 0xF0) |
           static_cast<unsigned>(p[-1] >= 0xE0 || p[-2] >= 0xF0) << 1 | static_cast<unsigned>(p[-1] >= 0xF0) << 2;
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_STEP_HPP

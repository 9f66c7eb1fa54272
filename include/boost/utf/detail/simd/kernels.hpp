// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_KERNELS_HPP
#define BOOST_UTF_DETAIL_SIMD_KERNELS_HPP

// The kernel sets that algorithm.hpp runs on contiguous input, one per row of dispatch.hpp (a
// simd_level each, and the avx2 level again for CPUs that split 256-bit operations), and the one
// contract they all keep. A kernel takes and returns only pointers and counts; it never decides
// an error and never calls a policy: it goes as far as it can prove the input well-formed and
// leaves the rest to the scalar rules of detail/utf8.hpp, through the drivers in algorithm.hpp.
//
//   valid_prefix(p, n)        the first step of validate_step bytes, in the whole blocks that fit in
//                             n, with a byte that flags an error, and the flags of all its bytes
//                             (flagged_step, step.hpp); each byte is read with the three before
//                             it. p[-3..-1] must be readable and checked by the caller. A flagged
//                             byte is where the bytes before it stop being the start of
//                             well-formed text, so the first error begins at it or in the
//                             element, at most three bytes back, that it was to continue
//   decode(p, n, o)           from p, where an element starts: decodes while at least decode_width
//                             bytes are left and what it reads is well-formed (at a block with an
//                             error it may still decode the elements before the error), writing
//                             only the code points it returns (transcode_step, step.hpp)
//   decode_covered(p, n, o)   as decode, but it may write code points past those it returns, as
//                             whole registers are cheaper than exact stores: only while
//                             `covered_tail` bytes or more follow those it consumed, no more
//                             than `covered_tail` / 4 code points past them, and never past
//                             o + n. For a caller that writes at least a code point for every
//                             four bytes after those consumed (every element or maximal subpart
//                             gives one), or whose output has room for n code points. A set may
//                             give its decode here: an exact kernel keeps the contract too
//   decode16(p, n, o)         as decode, writing UTF-16 code units (`produced` counts them: a
//                             code point from 10000 is two), from the blocks it takes: some sets
//                             take only blocks whose code points are all below 10000. It stops
//                             with `resume` = decode_width at any other block (an error, or a
//                             four-byte sequence there), which the caller decodes with `decode`,
//                             and with `resume` 0 when too few bytes are left for its next
//                             block. A level without it has a null pointer (the caller decodes
//                             everything with `decode`)
//   decode16_covered(p, n, o) as decode16, but it may write code units past those it returns, as
//                             whole registers are cheaper than exact stores: only while
//                             `covered_tail` bytes or more follow those it consumed, no more
//                             than `covered_tail` / 3 code units past them, and never past o + n.
//                             For a caller that writes at least a code unit for every three bytes
//                             after those consumed (every element or maximal subpart gives one),
//                             or whose output has room for n code units. A set may give its
//                             decode16 here: an exact kernel keeps the contract too
//   encode(p, n, o)           likewise from code points (32 bits) to UTF-8, at most 4 bytes each
//   encode_covered(p, n, o)   as encode, but it may write bytes past those it returns, as whole
//                             registers are cheaper than exact stores: only while a block of its
//                             loop (32 code points at most) follows those it consumed, and no
//                             more bytes past them than that block has code points. For a caller
//                             that writes at least a byte for every code point after those
//                             consumed (its policy writes something for every error), or whose
//                             output has room for 4 * n bytes. A set may give its encode here
//   valid_code_points(p, n)   values from p, a multiple of code_point_width (at most n), that are
//                             all scalar values
//
// A kernel reads nothing outside [p - 3, p + n). Each set is a namespace of detail/simd compiled
// for its level alone (target.hpp); kernel_sets below lists them, and listing a set that lacks a
// kernel, or has one of another type, does not compile. The scalar level has no kernels.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/simd/dispatch.hpp>
#include <boost/utf/detail/simd/step.hpp>
#include <boost/utf/detail/simd/target.hpp>

#if BOOST_UTF_SIMD_X86
#  include <boost/utf/detail/simd/avx2.hpp>
#  include <boost/utf/detail/simd/avx512.hpp>
#  include <boost/utf/detail/simd/sse.hpp>
#endif

#include <array>
#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {
inline namespace BOOST_UTF_ISA_NAMESPACE {

using valid_prefix_kernel = flagged_step(unsigned char const*, std::size_t) noexcept;
using decode_kernel = transcode_step(unsigned char const*, std::size_t, char32_t*) noexcept;
using decode16_kernel = transcode_step(unsigned char const*, std::size_t, std::uint16_t*) noexcept;
using encode_kernel = transcode_step(std::uint32_t const*, std::size_t, unsigned char*) noexcept;
using valid_code_points_kernel = std::size_t(std::uint32_t const*, std::size_t) noexcept;

struct kernel_set
{
    simd_level level;
    // Units a kernel reads at a time: the drivers call a kernel only when at least that many
    // are left. 0 for a level without kernels.
    std::size_t validate_width;
    std::size_t decode_width;
    std::size_t encode_width;
    std::size_t code_point_width;
    valid_prefix_kernel* valid_prefix;
    decode_kernel* decode;
    decode_kernel* decode_covered;
    decode16_kernel* decode16;
    decode16_kernel* decode16_covered;
    encode_kernel* encode;
    encode_kernel* encode_covered;
    valid_code_points_kernel* valid_code_points;
};

// `decode_covered` is the set's covered decoding kernel, or its decode, which keeps that contract
// too. `decode16` is the set's direct UTF-16 kernel, or nullptr: it is optional; so is
// `decode16_covered`, which is null exactly when decode16 is.
#define BOOST_UTF_KERNEL_SET(ns, decode_covered, decode16, decode16_covered, encode_covered)                           \
  kernel_set                                                                                                           \
  {                                                                                                                    \
    simd_level::ns, ns::validate_width, ns::decode_width, ns::encode_width, ns::code_point_width, &ns::valid_prefix,   \
        &ns::decode, decode_covered, decode16, decode16_covered, &ns::encode, encode_covered, &ns::valid_code_points   \
  }

// Indexed by the rows of dispatch.hpp: a level each, then halves_avx2_row. avx512bw, which
// decodes with AVX2's kernel, also takes AVX2's direct UTF-16 kernel: narrowing code points
// through a buffer costs more than the registers gain.
inline constexpr kernel_set kernel_sets[] = {
    kernel_set{simd_level::scalar, 0, 0, 0, 0, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr},
#if BOOST_UTF_SIMD_X86
    BOOST_UTF_KERNEL_SET(sse, &sse::decode, &sse::decode16, &sse::decode16, &sse::encode_covered),
    BOOST_UTF_KERNEL_SET(avx2, &avx2::decode, &avx2::decode16, &avx2::decode16, &avx2::encode_covered),
    BOOST_UTF_KERNEL_SET(avx512bw, &avx2::decode, &avx2::decode16, &avx2::decode16, &avx2::encode_covered),
    BOOST_UTF_KERNEL_SET(avx512vbmi2, &avx512vbmi2::decode_covered, &avx512vbmi2::decode16,
                         &avx512vbmi2::decode16_covered, &avx512vbmi2::encode_covered),
    kernel_set{simd_level::avx2, avx2::validate_width, avx2::decode_width, sse::encode_width, avx2::code_point_width,
               &avx2::valid_prefix, &avx2::decode, &avx2::decode, &avx2::decode16, &avx2::decode16, &sse::encode,
               &sse::encode_covered, &avx2::valid_code_points},
#endif
};

#undef BOOST_UTF_KERNEL_SET

inline constexpr bool has_kernels = sizeof(kernel_sets) / sizeof(kernel_sets[0]) > 1;

// Listing a set above checks that it has every kernel, of the right type: decode16 may be null,
// and a set that has it also has the decode kernel it falls back on, as the macro takes that from
// the set's namespace. (Function addresses are not compared here: under -fsanitize=undefined GCC
// does not treat them as constants.) This checks the order and the widths. A decoding or
// validating block holds at least one whole sequence.
constexpr bool kernel_sets_are_complete() noexcept
{
    for (kernel_set const& k : kernel_sets)
        if (k.level != simd_level::scalar && (k.validate_width < 4 || k.decode_width < 4))
            return false;
    // The validating blocks are a power of two wide, and a step is whole blocks.
    for (kernel_set const& k : kernel_sets)
        if ((k.validate_width & (k.validate_width - 1)) != 0 || k.validate_width > validate_step ||
            (k.validate_width != 0 && validate_step % k.validate_width != 0))
            return false;
    return one_set_per_row(kernel_sets, [](kernel_set const& k) {
        return std::array<std::size_t, 4>{k.validate_width, k.decode_width, k.encode_width, k.code_point_width};
    });
}
static_assert(kernel_sets_are_complete(),
              "detail/simd: kernel_sets must list one complete kernel set per row of dispatch.hpp, in order");

// The kernels of the level in use: looked up once per bulk call.
BOOST_FORCEINLINE kernel_set const& active_kernels() noexcept { return set_for_active_row(kernel_sets); }

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_KERNELS_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// One side of kernel_ab (see kernel_ab.sh): the kernels of the headers this file is compiled
// against, under C names that carry KERNEL_AB_SIDE (a or b). The side compiled with
// -Disa=isa_b -Ddetail=detail_b puts the headers' instruction-set and detail namespaces under
// other names, so both sides' kernels and tables live in one program without sharing a symbol.

#include <boost/utf/algorithm.hpp>

#include <cstddef>
#include <cstdint>

#ifndef KERNEL_AB_SIDE
#  error "compile with -DKERNEL_AB_SIDE=a or b"
#endif
#define KERNEL_AB_CAT_I(a, b) a##_##b
#define KERNEL_AB_CAT(a, b) KERNEL_AB_CAT_I(a, b)
#define KERNEL_AB_NAME(n) KERNEL_AB_CAT(KERNEL_AB_SIDE, n)

namespace simd = boost::utf::detail::simd;

// Each returns the code units produced, and those consumed in the high 32 bits.
namespace {
std::uint64_t packed(simd::transcode_step r)
{
    return static_cast<std::uint64_t>(r.produced) | static_cast<std::uint64_t>(r.consumed) << 32;
}
// A validating kernel's step: where it stopped in both halves, as it writes nothing.
std::uint64_t packed(simd::flagged_step r)
{
    return static_cast<std::uint64_t>(r.at) | static_cast<std::uint64_t>(r.at) << 32;
}
std::uint64_t packed(std::size_t at)
{
    return static_cast<std::uint64_t>(at) | static_cast<std::uint64_t>(at) << 32;
}
} // namespace

// A validating kernel, under the same signature: `o` is not used.
#define KERNEL_AB_DEFINE_VALIDATE(level, ns)                                                    \
    std::uint64_t KERNEL_AB_NAME(validate##_##level)(void const* p, std::size_t n, void*)       \
    {                                                                                           \
        return packed(simd::ns::valid_prefix(static_cast<unsigned char const*>(p), n));         \
    }

// valid_prefix of UTF-16, likewise.
#define KERNEL_AB_DEFINE_VALIDATE16(level, ns)                                                  \
    std::uint64_t KERNEL_AB_NAME(validate16##_##level)(void const* p, std::size_t n, void*)     \
    {                                                                                           \
        return packed(simd::ns::valid_prefix(static_cast<std::uint16_t const*>(p), n));         \
    }

// Each kernel as `side_operation_level`, taking and returning untyped pointers.
#define KERNEL_AB_DEFINE(operation, level, ns, in_t, out_t)                                         \
    std::uint64_t KERNEL_AB_NAME(operation##_##level)(void const* p, std::size_t n, void* o)        \
    {                                                                                               \
        return packed(simd::ns::operation(static_cast<in_t const*>(p), n, static_cast<out_t*>(o))); \
    }
// The same, under the name `name`.
#define KERNEL_AB_DEFINE_AS(name, operation, level, ns, in_t, out_t)                                \
    std::uint64_t KERNEL_AB_NAME(name##_##level)(void const* p, std::size_t n, void* o)             \
    {                                                                                               \
        return packed(simd::ns::operation(static_cast<in_t const*>(p), n, static_cast<out_t*>(o))); \
    }

// Headers older than to_utf8_covered (kernel_ab.sh defines KERNEL_AB_NO_COVERED for them) give
// to_utf8 under its name: the kernel the bulk operations called where they now call it.
#ifdef KERNEL_AB_NO_COVERED
#  define KERNEL_AB_COVERED to_utf8
#else
#  define KERNEL_AB_COVERED to_utf8_covered
#endif

extern "C" {
KERNEL_AB_DEFINE(to_utf8, sse, utf16_sse, std::uint16_t, unsigned char)
KERNEL_AB_DEFINE(to_utf8, avx2, utf16_avx2, std::uint16_t, unsigned char)
KERNEL_AB_DEFINE(to_utf8, avx512vbmi2, utf16_avx512vbmi2, std::uint16_t, unsigned char)
KERNEL_AB_DEFINE_AS(to_utf8_covered, KERNEL_AB_COVERED, sse, utf16_sse, std::uint16_t, unsigned char)
KERNEL_AB_DEFINE_AS(to_utf8_covered, KERNEL_AB_COVERED, avx2, utf16_avx2, std::uint16_t, unsigned char)
KERNEL_AB_DEFINE_AS(to_utf8_covered, KERNEL_AB_COVERED, avx512vbmi2, utf16_avx512vbmi2, std::uint16_t, unsigned char)
KERNEL_AB_DEFINE(encode, sse, sse, std::uint32_t, unsigned char)
KERNEL_AB_DEFINE(encode, avx2, avx2, std::uint32_t, unsigned char)
KERNEL_AB_DEFINE(encode, avx512vbmi2, avx512vbmi2, std::uint32_t, unsigned char)
KERNEL_AB_DEFINE(decode, sse, sse, unsigned char, char32_t)
KERNEL_AB_DEFINE(decode, avx2, avx2, unsigned char, char32_t)
KERNEL_AB_DEFINE(decode, avx512vbmi2, avx512vbmi2, unsigned char, char32_t)
KERNEL_AB_DEFINE(decode16, sse, sse, unsigned char, std::uint16_t)
KERNEL_AB_DEFINE(decode16, avx2, avx2, unsigned char, std::uint16_t)
KERNEL_AB_DEFINE(decode16, avx512vbmi2, avx512vbmi2, unsigned char, std::uint16_t)
KERNEL_AB_DEFINE(decode16_covered, avx512vbmi2, avx512vbmi2, unsigned char, std::uint16_t)
KERNEL_AB_DEFINE(widen, sse, utf16_sse, std::uint16_t, char32_t)
KERNEL_AB_DEFINE(widen, avx2, utf16_avx2, std::uint16_t, char32_t)
KERNEL_AB_DEFINE(widen, avx512vbmi2, utf16_avx512vbmi2, std::uint16_t, char32_t)
KERNEL_AB_DEFINE_AS(narrow, narrow_checked, sse, utf16_sse, char32_t, std::uint16_t)
KERNEL_AB_DEFINE_AS(narrow, narrow_checked, avx2, utf16_avx2, char32_t, std::uint16_t)
KERNEL_AB_DEFINE_AS(narrow, narrow_checked, avx512vbmi2, utf16_avx512vbmi2, char32_t, std::uint16_t)
KERNEL_AB_DEFINE_VALIDATE16(sse, utf16_sse)
KERNEL_AB_DEFINE_VALIDATE16(avx2, utf16_avx2)
KERNEL_AB_DEFINE_VALIDATE16(avx512vbmi2, utf16_avx512vbmi2)
KERNEL_AB_DEFINE_VALIDATE(sse, sse)
KERNEL_AB_DEFINE_VALIDATE(avx2, avx2)
KERNEL_AB_DEFINE_VALIDATE(avx512vbmi2, avx512vbmi2)
}

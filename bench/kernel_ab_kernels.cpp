// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// One side of kernel_ab (see kernel_ab.sh): the kernels of the headers this file is compiled
// against, under C names that carry KERNEL_AB_SIDE (a or b). The side compiled with
// -Disa=isa_b puts the headers' instruction-set namespace under another name, so both sides'
// kernels live in one program without sharing a symbol.

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
} // namespace

extern "C" {
std::uint64_t KERNEL_AB_NAME(to_utf8_sse)(void const* p, std::size_t n, void* o)
{
    return packed(simd::utf16_sse::to_utf8(static_cast<std::uint16_t const*>(p), n, static_cast<unsigned char*>(o)));
}
std::uint64_t KERNEL_AB_NAME(to_utf8_avx2)(void const* p, std::size_t n, void* o)
{
    return packed(simd::utf16_avx2::to_utf8(static_cast<std::uint16_t const*>(p), n, static_cast<unsigned char*>(o)));
}
std::uint64_t KERNEL_AB_NAME(to_utf8_avx512vbmi2)(void const* p, std::size_t n, void* o)
{
    return packed(
        simd::utf16_avx512vbmi2::to_utf8(static_cast<std::uint16_t const*>(p), n, static_cast<unsigned char*>(o)));
}
std::uint64_t KERNEL_AB_NAME(encode_sse)(void const* p, std::size_t n, void* o)
{
    return packed(simd::sse::encode(static_cast<std::uint32_t const*>(p), n, static_cast<unsigned char*>(o)));
}
std::uint64_t KERNEL_AB_NAME(encode_avx2)(void const* p, std::size_t n, void* o)
{
    return packed(simd::avx2::encode(static_cast<std::uint32_t const*>(p), n, static_cast<unsigned char*>(o)));
}
std::uint64_t KERNEL_AB_NAME(encode_avx512vbmi2)(void const* p, std::size_t n, void* o)
{
    return packed(simd::avx512vbmi2::encode(static_cast<std::uint32_t const*>(p), n, static_cast<unsigned char*>(o)));
}
std::uint64_t KERNEL_AB_NAME(decode_sse)(void const* p, std::size_t n, void* o)
{
    return packed(simd::sse::decode(static_cast<unsigned char const*>(p), n, static_cast<char32_t*>(o)));
}
std::uint64_t KERNEL_AB_NAME(decode_avx2)(void const* p, std::size_t n, void* o)
{
    return packed(simd::avx2::decode(static_cast<unsigned char const*>(p), n, static_cast<char32_t*>(o)));
}
std::uint64_t KERNEL_AB_NAME(decode_avx512vbmi2)(void const* p, std::size_t n, void* o)
{
    return packed(simd::avx512vbmi2::decode(static_cast<unsigned char const*>(p), n, static_cast<char32_t*>(o)));
}
}

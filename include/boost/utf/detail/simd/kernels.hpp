// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_KERNELS_HPP
#define BOOST_UTF_DETAIL_SIMD_KERNELS_HPP

#include <boost/utf/config.hpp>

#include <cstddef>
#include <cstdint>

namespace boost {
namespace utf {
namespace detail {
namespace simd {

struct decode_result
{
    unsigned consumed;
    unsigned produced;
    unsigned flagged;
};

inline constexpr std::size_t encode_failed = ~std::size_t(0);
inline constexpr std::size_t validate_width = 0;
inline constexpr std::size_t decode_width = 0;
inline constexpr std::size_t encode_width = 0;

inline bool block_valid(unsigned char const*) noexcept { return false; }
inline decode_result decode_block(unsigned char const*, char32_t*) noexcept { return {0, 0, 0}; }
inline std::size_t encode_block(std::uint32_t const*, unsigned char*) noexcept { return encode_failed; }

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif

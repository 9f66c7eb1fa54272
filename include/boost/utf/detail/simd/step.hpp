// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_STEP_HPP
#define BOOST_UTF_DETAIL_SIMD_STEP_HPP

#include <cstddef>

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

} // namespace simd
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_STEP_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_CONCEPTS_HPP
#define BOOST_UTF_TEST_CONCEPTS_HPP

// The range concepts of the world the library is built in, C++20's std::ranges or range-v3 in
// C++17, as bool constants for static_assert. Written here rather than taken from the library,
// so that a mistake in its own shim cannot hide.

#include <boost/utf/config.hpp>

#if BOOST_UTF_STD_RANGES
#  include <ranges>
namespace test::rc {
namespace lib = std::ranges;
template<class R> inline constexpr bool view = std::ranges::view<R>;
template<class I> inline constexpr bool input_iterator = std::input_iterator<I>;
template<class I> inline constexpr bool forward_iterator = std::forward_iterator<I>;
template<class I> inline constexpr bool bidirectional_iterator = std::bidirectional_iterator<I>;
template<class I> inline constexpr bool random_access_iterator = std::random_access_iterator<I>;
} // namespace test::rc
#else
#  include <range/v3/iterator/concepts.hpp>
#  include <range/v3/range/concepts.hpp>
namespace test::rc {
namespace lib = ::ranges;
template<class R> inline constexpr bool view = ::ranges::view_<R>;
template<class I> inline constexpr bool input_iterator = ::ranges::input_iterator<I>;
template<class I> inline constexpr bool forward_iterator = ::ranges::forward_iterator<I>;
template<class I> inline constexpr bool bidirectional_iterator = ::ranges::bidirectional_iterator<I>;
template<class I> inline constexpr bool random_access_iterator = ::ranges::random_access_iterator<I>;
} // namespace test::rc
#endif

namespace test::rc {
template<class R> inline constexpr bool input_range = lib::input_range<R>;
template<class R> inline constexpr bool forward_range = lib::forward_range<R>;
template<class R> inline constexpr bool bidirectional_range = lib::bidirectional_range<R>;
template<class R> inline constexpr bool random_access_range = lib::random_access_range<R>;
template<class R> inline constexpr bool common_range = lib::common_range<R>;
template<class R> inline constexpr bool sized_range = lib::sized_range<R>;
template<class R> inline constexpr bool borrowed_range = lib::borrowed_range<R>;
template<class R> using iterator_t = lib::iterator_t<R>;
} // namespace test::rc

#endif // BOOST_UTF_TEST_CONCEPTS_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_TYPE_TRAITS_HPP
#define BOOST_UTF_DETAIL_TYPE_TRAITS_HPP

#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

template<bool Const, class T>
using maybe_const = std::conditional_t<Const, T const, T>;

template<class T>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;

// True when stepping, reading and comparing I against S cannot throw.
template<class I, class S>
inline constexpr bool nothrow_iteration_v =
    noexcept(++std::declval<I&>()) && noexcept(*std::declval<I&>()) &&
    noexcept(std::declval<I const&>() == std::declval<S const&>()) &&
    std::is_nothrow_copy_constructible<I>::value;

template<class... T>
inline constexpr bool always_false_v = false;

// The type of a member that some instantiations do not need.
struct nothing
{
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_TYPE_TRAITS_HPP

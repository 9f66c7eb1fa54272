// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_RANGES_HPP
#define BOOST_UTF_DETAIL_RANGES_HPP

// One vocabulary, `detail::rng`, over std::ranges (C++20) or range-v3 (C++17), so that the views
// are written once. Concepts are used as bool constants only (static_assert, enable_if,
// if constexpr), which both libraries support.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/type_traits.hpp>

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

#if BOOST_UTF_STD_RANGES
#  include <ranges>
#  if BOOST_UTF_RANGE_V3_INTEROP
#    include <range/v3/range/concepts.hpp>
#  endif
#else
#  if defined(__has_include)
#    if !__has_include(<range/v3/range/concepts.hpp>)
#      error "Boost.UTF needs range-v3 0.12 or later before C++20: add it to the include path, or compile as C++20"
#    endif
#  endif
#  include <range/v3/iterator/default_sentinel.hpp>
#  include <range/v3/iterator/operations.hpp>
#  include <range/v3/range/concepts.hpp>
#  include <range/v3/range/traits.hpp>
#  include <range/v3/view/all.hpp>
#  include <range/v3/view/interface.hpp>
#endif

namespace boost {
namespace utf {
namespace detail {
namespace rng {

#if BOOST_UTF_STD_RANGES
namespace lib = ::std::ranges;
using ::std::default_sentinel;
using ::std::default_sentinel_t;
using ::std::iter_value_t;

#  if BOOST_UTF_RANGE_V3_INTEROP
// A range-v3 view that std::ranges does not know as a view: range-v3 0.12's views derive from
// its own view_interface, not from std's.
template<class T>
inline constexpr bool foreign_view = ::ranges::view_<T> && !lib::view<T>;
#  else
template<class T>
inline constexpr bool foreign_view = false;
#  endif

template<class T>
inline constexpr bool view = lib::view<T> || foreign_view<T>;

// std::views::all, except that a range-v3 view is kept as it is, copied as range-v3 would copy
// it. std::views::all would hold an rvalue one in a move-only owning_view, which is no range-v3
// view, so that the view adapting it could not go on through range-v3 adaptors.
struct all_fn
{
    template<class R>
    constexpr auto operator()(R&& r) const
    {
        if constexpr (foreign_view<remove_cvref_t<R>>)
            return remove_cvref_t<R>(std::forward<R>(r));
        else
            return ::std::views::all(std::forward<R>(r));
    }
};
inline constexpr all_fn all{};
template<class R>
using all_t = decltype(all(std::declval<R>()));
#else
namespace lib = ::ranges;
using ::ranges::default_sentinel;
using ::ranges::default_sentinel_t;
using ::ranges::iter_value_t;
template<class T>
inline constexpr bool view = lib::view_<T>;
template<class R>
using all_t = ::ranges::views::all_t<R>;
inline constexpr auto const& all = ::ranges::views::all;
#endif

using lib::begin;
using lib::end;
using lib::iterator_t;
using lib::sentinel_t;
using lib::range_value_t;
using lib::range_difference_t;
using lib::view_interface;
using lib::next;

template<class R>
inline constexpr bool range = lib::range<R>;
template<class R>
inline constexpr bool input_range = lib::input_range<R>;
template<class R>
inline constexpr bool forward_range = lib::forward_range<R>;
template<class R>
inline constexpr bool bidirectional_range = lib::bidirectional_range<R>;
template<class R>
inline constexpr bool random_access_range = lib::random_access_range<R>;
template<class R>
inline constexpr bool common_range = lib::common_range<R>;
#if BOOST_UTF_STD_RANGES
template<class R>
inline constexpr bool viewable_range = lib::viewable_range<R> || foreign_view<remove_cvref_t<R>>;
#else
template<class R>
inline constexpr bool viewable_range = lib::viewable_range<R>;
#endif

} // namespace rng

// begin() and end() of a view over R cannot throw when neither R's begin() and end(), nor a step
// of the view's iterator (IteratorNothrow), nor copying the view's policy can.
template<class R, class Policy, bool IteratorNothrow>
inline constexpr bool nothrow_ends_v = IteratorNothrow &&
                                       noexcept(rng::begin(std::declval<R&>())) &&
                                       noexcept(rng::end(std::declval<R&>())) &&
                                       std::is_nothrow_copy_constructible<Policy>::value;

} // namespace detail
} // namespace utf
} // namespace boost

// A defaulted default constructor that exists only when its members can be default-initialised.
// C++20 views need not be default-constructible (std::ranges::ref_view is not), and without the
// constraint asking whether one is would instantiate the members' initialisers and fail hard.
// In C++17 every view is default-constructible, so there is nothing to say.
#if BOOST_UTF_STD_RANGES
#  define BOOST_UTF_DETAIL_DEFAULT_CONSTRUCTIBLE_IF(...) requires(__VA_ARGS__)
#else
#  define BOOST_UTF_DETAIL_DEFAULT_CONSTRUCTIBLE_IF(...)
#endif

// Borrowed-range and view traits for a view template `boost::utf::NAME<V, ...>` that stores
// nothing but V and copies of its iterators: borrowed exactly when V is.
#if BOOST_UTF_STD_RANGES
#  if BOOST_UTF_RANGE_V3_INTEROP
#    define BOOST_UTF_DETAIL_RANGE_V3_VIEW_TRAITS(NAME)                                         \
        namespace ranges {                                                                       \
        template<class V, class... Rest>                                                         \
        inline constexpr bool enable_view<::boost::utf::NAME<V, Rest...>> = true;                \
        template<class V, class... Rest>                                                         \
        inline constexpr bool enable_borrowed_range<::boost::utf::NAME<V, Rest...>> =            \
            ::std::ranges::enable_borrowed_range<V> || ::ranges::enable_borrowed_range<V>;       \
        }
#  else
#    define BOOST_UTF_DETAIL_RANGE_V3_VIEW_TRAITS(NAME)
#  endif
#  define BOOST_UTF_DETAIL_VIEW_TRAITS(NAME)                                                     \
      namespace std {                                                                            \
      namespace ranges {                                                                         \
      template<class V, class... Rest>                                                           \
      inline constexpr bool enable_borrowed_range<::boost::utf::NAME<V, Rest...>> =              \
          enable_borrowed_range<V>;                                                              \
      }                                                                                          \
      }                                                                                          \
      BOOST_UTF_DETAIL_RANGE_V3_VIEW_TRAITS(NAME)
#else
#  define BOOST_UTF_DETAIL_VIEW_TRAITS(NAME)                                                     \
      namespace ranges {                                                                         \
      template<class V, class... Rest>                                                           \
      inline constexpr bool enable_borrowed_range<::boost::utf::NAME<V, Rest...>> =              \
          enable_borrowed_range<V>;                                                              \
      }
#endif

#endif // BOOST_UTF_DETAIL_RANGES_HPP

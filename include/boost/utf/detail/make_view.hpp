// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_MAKE_VIEW_HPP
#define BOOST_UTF_DETAIL_MAKE_VIEW_HPP

// How every adaptor forms its view from a range and a policy, refusing misuse in the order a
// user would look for it: not a range, wrong elements, not a policy, a temporary container.

#include <boost/utf/policy.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/type_traits.hpp>

#include <utility>

namespace boost {
namespace utf {
namespace detail {

// `Traits` says what differs between adaptors:
//   template<class V, class P> using view = ...;   the view formed over a view V with policy P
//   template<class T> struct check_element;        static_asserts with the adaptor's message
//                                                  when T is not an element it takes; ::value
//   template<class R> static void refuse_non_range();  static_asserts, in the adaptor's words
//   template<class R> static void refuse_temporary();  likewise
template<class Traits>
struct make_view
{
    template<class R, class P>
    constexpr auto operator()(R&& r, P&& policy) const
    {
        using policy_t = remove_cvref_t<P>;
        if constexpr (!rng::input_range<R>)
            return Traits::template refuse_non_range<R>();
        else if constexpr (!Traits::template check_element<rng::range_value_t<R>>::value)
            return;
        else if constexpr (!check_error_policy<policy_t>::value)
            return;
        else if constexpr (!rng::viewable_range<R>)
            return Traits::template refuse_temporary<R>();
        else
            return typename Traits::template view<rng::all_t<R>, policy_t>(rng::all(std::forward<R>(r)),
                                                                           std::forward<P>(policy));
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_MAKE_VIEW_HPP

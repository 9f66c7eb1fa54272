// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_ADAPTOR_HPP
#define BOOST_UTF_DETAIL_ADAPTOR_HPP

// The call and pipe forms shared by views::utf8 and views::utf32_to_utf8. `Make` is a function
// object `Make{}(range, policy)` that forms the view; this file only decides which arguments are
// a range and which a policy. C++20's standard library has no public way to define pipeable
// closures (that is C++23), so the pipe operators are our own, found by argument-dependent lookup.

#include <boost/utf/policy.hpp>
#include <boost/utf/detail/type_traits.hpp>

#include <utility>

namespace boost {
namespace utf {
namespace detail {

// `views::X(policy)`: remembers the policy until a range arrives.
template<class Make, class Policy>
struct policy_closure
{
    Policy policy;

    template<class R>
    constexpr auto operator()(R&& r) const
    {
        return Make{}(std::forward<R>(r), policy);
    }

    template<class R>
    friend constexpr auto operator|(R&& r, policy_closure const& self)
    {
        return Make{}(std::forward<R>(r), self.policy);
    }
};

template<class Make>
struct adaptor
{
    // views::X(range) or views::X(policy)
    template<class Arg>
    constexpr auto operator()(Arg&& arg) const
    {
        if constexpr (is_error_policy_v<remove_cvref_t<Arg>>)
            return policy_closure<Make, remove_cvref_t<Arg>>{std::forward<Arg>(arg)};
        else
            return Make{}(std::forward<Arg>(arg), replace_policy{});
    }

    // views::X(range, policy)
    template<class R, class Policy>
    constexpr auto operator()(R&& r, Policy&& policy) const
    {
        return Make{}(std::forward<R>(r), std::forward<Policy>(policy));
    }

    template<class R>
    friend constexpr auto operator|(R&& r, adaptor const&)
    {
        return Make{}(std::forward<R>(r), replace_policy{});
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_ADAPTOR_HPP

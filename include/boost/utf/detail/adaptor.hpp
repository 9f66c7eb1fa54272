// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_ADAPTOR_HPP
#define BOOST_UTF_DETAIL_ADAPTOR_HPP

// The call and pipe forms shared by every adaptor (views::utf8, views::utf16, views::utf32_to_utf8,
// views::utf32_to_utf16), and their composition with other adaptors before a range is given.
// `Make` is a function object `Make{}(range, policy)` that forms the view; this file only decides
// which arguments are a range and which a policy, and what `|` means between adaptors.
//
// Our adaptor objects are closures: `views::utf8`, `views::utf8(policy)`, and compositions of
// those with other closures. Each derives from closure_base, which makes it one in the libraries
// that may be in the same translation unit:
// - std::ranges: C++20 gives no public way to define a range adaptor closure (C++23's
//   std::ranges::range_adaptor_closure), so where the standard library is known we derive from
//   its own closure base (libstdc++ 12: std::views::__adaptor::_RangeAdaptorClosure), and its
//   operator| then applies ours and composes them with its own, either way round. Elsewhere
//   ranges are piped into ours by our operator|, and std's closures do not compose with ours.
// - range-v3: ranges::is_pipeable_v is true of ours, so that `rv_closure | ours` composes through
//   range-v3's own view_closure operator|; `ours | rv_closure` is our operator| (range-v3 finds
//   no operator for a left operand that is not its own), giving one of our compositions.
// A closure's operator() takes ranges (and policies) only, never another closure, so that
// asking whether `closure(x)` is valid, as both libraries' operator| do, never instantiates the
// body of ours with a closure.

#include <boost/utf/config.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/type_traits.hpp>

#include <type_traits>
#include <utility>

#if !BOOST_UTF_STD_RANGES || BOOST_UTF_RANGE_V3_INTEROP
#  define BOOST_UTF_DETAIL_RANGE_V3_CLOSURES 1
#  include <range/v3/functional/pipeable.hpp>
#  include <range/v3/view/view.hpp>
#else
#  define BOOST_UTF_DETAIL_RANGE_V3_CLOSURES 0
#endif

// Which base makes a class a std range adaptor closure: 2, the standard's (C++23); 1,
// libstdc++ 12's; 0, none known.
#if BOOST_UTF_STD_RANGES && defined(__cpp_lib_ranges) && __cpp_lib_ranges >= 202202L
#  define BOOST_UTF_DETAIL_STD_CLOSURE 2
#elif BOOST_UTF_STD_RANGES && defined(_GLIBCXX_RELEASE) && _GLIBCXX_RELEASE == 12
#  define BOOST_UTF_DETAIL_STD_CLOSURE 1
#else
#  define BOOST_UTF_DETAIL_STD_CLOSURE 0
#endif

namespace boost {
namespace utf {
namespace detail {

// Every closure of ours derives from it.
struct closure_tag
{
};

// T (a class without cv or reference) is a range adaptor closure of ours or of a library
// that may be combined with ours.
template<class T, class = void>
struct is_std_closure : std::false_type
{
};
#if BOOST_UTF_DETAIL_STD_CLOSURE == 1
template<class T>
struct is_std_closure<T, std::enable_if_t<std::is_class<T>::value>>
    : std::is_base_of<::std::views::__adaptor::_RangeAdaptorClosure, T>
{
};
#elif BOOST_UTF_DETAIL_STD_CLOSURE == 2
template<class T>
struct is_std_closure<T, std::enable_if_t<std::is_class<T>::value>>
    : std::bool_constant<::std::derived_from<T, ::std::ranges::range_adaptor_closure<T>>>
{
};
#endif

template<class T>
inline constexpr bool is_closure_v = std::is_base_of<closure_tag, T>::value || is_std_closure<T>::value
#if BOOST_UTF_DETAIL_RANGE_V3_CLOSURES
                                     || ::ranges::is_pipeable_v<T>
#endif
    ;

template<class Left, class Right>
struct composed_closure;

#if BOOST_UTF_DETAIL_STD_CLOSURE == 1
template<class D>
using std_closure_base = ::std::views::__adaptor::_RangeAdaptorClosure;
#elif BOOST_UTF_DETAIL_STD_CLOSURE == 2
template<class D>
using std_closure_base = ::std::ranges::range_adaptor_closure<D>;
#else
struct no_std_closure_base
{
};
template<class D>
using std_closure_base = no_std_closure_base;
#endif

// A closure that one of ours may be followed by in a composition of ours.
template<class Right>
inline constexpr bool composes_after_v = std::is_base_of<closure_tag, Right>::value
#if BOOST_UTF_DETAIL_RANGE_V3_CLOSURES
                                         || ::ranges::is_pipeable_v<Right>
#endif
    ;

// D: the closure itself, with a const operator() that takes a range.
template<class D>
struct closure_base : closure_tag, std_closure_base<D>
{
#if !BOOST_UTF_DETAIL_STD_CLOSURE
    // range | closure. (With a std closure base, std's operator| does it.) Anything but a
    // closure, so that a misuse reaches the adaptor's own message.
    template<class R, std::enable_if_t<!is_closure_v<remove_cvref_t<R>>, int> = 0>
    friend constexpr auto operator|(R&& r, D const& self)
    {
        return self(std::forward<R>(r));
    }
#endif

    // closure | closure, where the left one is ours and the right one ours or range-v3's: one
    // of our compositions, rather than std's, so that range-v3 closures may follow it. (More
    // specialised than std's operator| for two closures; range-v3 has none for a left operand
    // that is not its own.)
    template<class Right, std::enable_if_t<composes_after_v<Right>, int> = 0>
    friend constexpr auto operator|(D left, Right right)
    {
        return composed_closure<D, Right>(std::move(left), std::move(right));
    }
};

// `left`, then `right`.
template<class Left, class Right>
struct composed_closure : closure_base<composed_closure<Left, Right>>
{
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS Left left;
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS Right right;

    constexpr composed_closure(Left l, Right r)
        : left(std::move(l))
        , right(std::move(r))
    {
    }

    template<class R, std::enable_if_t<!is_closure_v<remove_cvref_t<R>>, int> = 0>
    constexpr auto operator()(R&& r) const
        -> decltype(std::declval<Right const&>()(std::declval<Left const&>()(std::declval<R>())))
    {
        return right(left(std::forward<R>(r)));
    }
};

// `views::X(policy)`: remembers the policy until a range arrives.
template<class Make, class Policy>
struct policy_closure : closure_base<policy_closure<Make, Policy>>
{
    Policy policy;

    constexpr explicit policy_closure(Policy p)
        : policy(std::move(p))
    {
    }

    template<class R, std::enable_if_t<!is_closure_v<remove_cvref_t<R>>, int> = 0>
    constexpr auto operator()(R&& r) const
    {
        return Make{}(std::forward<R>(r), policy);
    }
};

template<class Make>
struct adaptor : closure_base<adaptor<Make>>
{
    // views::X(range) or views::X(policy)
    template<class Arg, std::enable_if_t<!is_closure_v<remove_cvref_t<Arg>>, int> = 0>
    constexpr auto operator()(Arg&& arg) const
    {
        if constexpr (is_policy_shaped_v<remove_cvref_t<Arg>>)
            return policy_closure<Make, remove_cvref_t<Arg>>(std::forward<Arg>(arg));
        else
            return Make{}(std::forward<Arg>(arg), replace_policy{});
    }

    // views::X(range, policy)
    template<class R, class Policy>
    constexpr auto operator()(R&& r, Policy&& policy) const
    {
        return Make{}(std::forward<R>(r), std::forward<Policy>(policy));
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#if BOOST_UTF_DETAIL_RANGE_V3_CLOSURES
namespace ranges {
template<class Make>
inline constexpr bool is_pipeable_v<::boost::utf::detail::adaptor<Make>> = true;
template<class Make, class Policy>
inline constexpr bool is_pipeable_v<::boost::utf::detail::policy_closure<Make, Policy>> = true;
template<class Left, class Right>
inline constexpr bool is_pipeable_v<::boost::utf::detail::composed_closure<Left, Right>> = true;
} // namespace ranges
#endif

#endif // BOOST_UTF_DETAIL_ADAPTOR_HPP

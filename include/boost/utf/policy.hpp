// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_POLICY_HPP
#define BOOST_UTF_POLICY_HPP

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <type_traits>
#include <utility>

// The error policy protocol, shared by both views.
//
// A policy is a copy-constructible object `p` such that `p(info)`, with `p` const and `info` an
// `error_info const&`, is valid and converts to char32_t: a class of one's own, or a lambda,
// capturing or not. The view calls it once per maximal subpart (decoding) or rejected code point
// (encoding) and emits what it returns in its place, or nothing when it returns
// `no_replacement`. It may throw instead. Iterators keep copies of it (in a copyable box when it
// is not default-constructible and copy-assignable, see detail/copyable_box.hpp), so state that
// must outlive a copy (a counter, a log) is referred to, not held: a pointer member, or a lambda
// capture by reference. For the same reason a `mutable` lambda is refused: each copy would count
// on its own.
//
// Decoding policies may declare `static constexpr bool per_code_unit = true;` to be called once
// per code unit of an ill-formed subsequence rather than once per maximal subpart: the first code
// unit of each subpart is reported with the subpart's kind, and the rest then come as
// `unexpected_continuation`. This needs a forward range.

namespace boost {
namespace utf {

// Returned by a policy to drop the error from the output.
inline constexpr char32_t no_replacement = 0xFFFFFFFFu;

struct throw_policy
{
    template<class Info = error_info>
    [[noreturn]] char32_t operator()(Info const& info) const
    {
#ifdef BOOST_NO_EXCEPTIONS
        static_assert(!std::is_same<Info, Info>::value,
                      "boost::utf::throw_policy needs exceptions, which this build disables "
                      "(BOOST_NO_EXCEPTIONS); use replace_on_error or skip_on_error instead");
        (void)info; // clang warns about the unused parameter even when this is never instantiated
#else
        throw utf_error(info.kind, info.offset);
#endif
    }
};

struct replace_policy
{
    // Must be a Unicode scalar value when encoding; the encoder writes U+FFFD otherwise, so that
    // its output is always well-formed.
    char32_t replacement = U'\uFFFD';

    constexpr char32_t operator()(error_info const&) const noexcept { return replacement; }
};

struct skip_policy
{
    constexpr char32_t operator()(error_info const&) const noexcept { return no_replacement; }
};

inline constexpr throw_policy throw_on_error{};
inline constexpr replace_policy replace_on_error{};
inline constexpr skip_policy skip_on_error{};

namespace detail {

// `f(info)`, with `f` an expression of type F (a reference type), is valid and converts to char32_t.
template<class F, class = void>
struct answers_errors : std::false_type
{
};

template<class F>
struct answers_errors<
    F, std::enable_if_t<std::is_convertible<decltype(std::declval<F>()(std::declval<error_info const&>())),
                                            char32_t>::value>> : std::true_type
{
};

// A policy is called as const (see the protocol above).
template<class P>
struct is_error_policy : answers_errors<P const&>
{
};

template<class P>
inline constexpr bool is_error_policy_v = is_error_policy<P>::value;

template<class P, class = void>
struct per_code_unit : std::false_type
{
};

template<class P>
struct per_code_unit<P, std::enable_if_t<P::per_code_unit>> : std::true_type
{
};

template<class P>
inline constexpr bool per_code_unit_v = per_code_unit<P>::value;

template<class P>
inline constexpr bool nothrow_policy_v =
    noexcept(std::declval<P const&>()(std::declval<error_info const&>()));

// What an encoder writes for a value that is not a scalar value: the policy's answer, or U+FFFD
// when that answer is not a scalar value either, so that the output is always well-formed.
// no_replacement (drop it) passes through. Forced inline: a call that sees the address of an
// iterator's policy would keep the whole iterator in memory.
template<class P>
BOOST_FORCEINLINE constexpr char32_t encoding_replacement(P& policy, error_info const& info) noexcept(nothrow_policy_v<P>)
{
    char32_t const c = policy(info);
    if (c == no_replacement || check_scalar(c) == error_kind{})
        return c;
    return U'\uFFFD';
}

// Callable with an error_info when not const: a policy, or a `mutable` lambda meant as one. The
// adaptors route such an argument to check_error_policy, which says what is wrong with it.
template<class P>
inline constexpr bool is_policy_shaped_v = is_error_policy_v<P> || answers_errors<P&>::value;

// What the policy makes of a decoding error `d` (not ok) at `offset`, reported as `length` code
// units: a code point to deliver, or no_replacement to deliver nothing. Every decoder calls
// policies through this.
template<class P>
BOOST_FORCEINLINE constexpr char32_t decoding_replacement(P& policy, decoded const& d, unsigned char length,
                                                          std::size_t offset) noexcept(nothrow_policy_v<P>)
{
    return policy(error_info{d.kind, offset, length, d.value});
}

// Whether decoding with `policy` writes a code point for every ill-formed part, whatever the
// input: a replacing policy does, unless its replacement is no_replacement, which drops the part.
template<class P>
constexpr bool writes_for_every_error(P const& policy) noexcept
{
    if constexpr (std::is_same<std::remove_cv_t<P>, replace_policy>::value)
        return policy.replacement != no_replacement;
    else
    {
        (void)policy;
        return false;
    }
}

// Instantiated where a view is formed, so that a misuse is reported in the user's words.
template<class P>
struct check_error_policy
{
    static_assert(is_error_policy_v<P> || !is_policy_shaped_v<P>,
                  "boost::utf: the error policy can only be called when it is not const (a mutable "
                  "lambda?); iterators keep copies of it, so state kept in it would be split "
                  "between them: capture a counter or log by reference instead");
    static_assert(is_policy_shaped_v<P>,
                  "boost::utf: the error policy must be callable as policy(boost::utf::error_info) "
                  "and return a char32_t: pass throw_on_error, replace_on_error, skip_on_error, "
                  "replace_policy{U'?'}, a lambda or an object of your own that follows that protocol");
    static_assert(!is_error_policy_v<P> || std::is_copy_constructible<P>::value,
                  "boost::utf: an error policy is copied into iterators, so it must be "
                  "copy-constructible; refer to what cannot be copied (a pointer, a reference capture)");
    static constexpr bool value = is_error_policy_v<P> && std::is_copy_constructible<P>::value;
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_POLICY_HPP

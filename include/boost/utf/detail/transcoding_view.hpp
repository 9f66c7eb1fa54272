// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_TRANSCODING_VIEW_HPP
#define BOOST_UTF_DETAIL_TRANSCODING_VIEW_HPP

// The range plumbing that utf8_view and utf32_to_utf8_view share: they store the adapted view
// and an error policy, and hand out their own iterators from begin() and end(), const or not.
// What an iterator does is each view's own business.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/copyable_box.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/type_traits.hpp>

#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

// Which position an iterator's constructor starts from. unread_tag: the first position, with
// nothing decoded yet (decoding iterators only; see unread_begin).
struct begin_tag
{
};
struct end_tag
{
};
struct unread_tag
{
};

// Whether I is a decoding iterator of this library, which can stand at the first position
// unread; moving a copy of one reads, calling its view's policy again.
template<class I, class = void>
struct begins_unread : std::false_type
{
};
template<class I>
struct begins_unread<I, std::void_t<typename I::begins_unread_tag>> : std::true_type
{
};

// Whether R is a decoding view of this library, which hands out such an iterator
// (transcoding_view::unread_begin); not a range that only holds its iterators (a subrange).
template<class R, class = void>
struct has_unread_begin : std::false_type
{
};
template<class R>
struct has_unread_begin<R, std::void_t<decltype(unread_begin(std::declval<R&>(), unread_tag{}))>>
    : std::true_type
{
};
// The iterator is tested first: an encoding view declares unread_begin too, but cannot make one.
template<class R>
inline constexpr bool begins_unread_v =
    std::conjunction<begins_unread<rng::iterator_t<R>>, has_unread_begin<R>>::value;

// `Derived` has a private `template<bool Const> class iterator`, constructible from
// `(maybe_const<Const, Derived>&, begin_tag)` and `(..., end_tag)`, with a `static constexpr bool
// nothrow` (stepping and reading cannot throw), and names this class a friend. Members are
// templates, or have deduced types, so that nothing of Derived is looked at before it is complete.
template<class Derived, class V, class ErrorPolicy>
class transcoding_view : public rng::view_interface<Derived>
{
    // D defers the lookup until Derived is complete.
    template<bool Const, class D = Derived>
    using iterator = typename D::template iterator<Const>;

    template<bool Const>
    static constexpr bool nothrow_ends_v =
        detail::nothrow_ends_v<maybe_const<Const, V>, ErrorPolicy, iterator<Const>::nothrow>;

    // end() is an iterator only when an iterator can stand there without having walked there:
    // a common range that can be read twice.
    template<bool Const, class Self>
    static constexpr auto end_of(Self& self) noexcept(nothrow_ends_v<Const>)
    {
        using base_t = maybe_const<Const, V>;
        if constexpr (rng::common_range<base_t> && rng::forward_range<base_t>)
            return iterator<Const>(self, end_tag{});
        else
            return rng::default_sentinel;
    }

protected:
    V base_ = V();
    // Boxed so that the view is default-constructible and copy-assignable whatever the policy
    // (range-v3 asks views for both).
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS boxed_t<ErrorPolicy> policy_ = boxed_t<ErrorPolicy>();

public:
    transcoding_view()
        BOOST_UTF_DETAIL_DEFAULT_CONSTRUCTIBLE_IF(std::is_default_constructible<V>::value) = default;

    constexpr explicit transcoding_view(V base, ErrorPolicy policy = ErrorPolicy())
        : base_(std::move(base))
        , policy_(std::move(policy))
    {
    }

    constexpr V base() const& { return base_; }
    constexpr V base() && { return std::move(base_); }
    constexpr ErrorPolicy policy() const { return detail::unbox(policy_); }

    BOOST_FORCEINLINE constexpr auto begin() noexcept(nothrow_ends_v<false>)
    {
        return iterator<false>(static_cast<Derived&>(*this), begin_tag{});
    }

    template<class B = V const, std::enable_if_t<rng::input_range<B>, int> = 0>
    BOOST_FORCEINLINE constexpr auto begin() const noexcept(nothrow_ends_v<true>)
    {
        return iterator<true>(static_cast<Derived const&>(*this), begin_tag{});
    }

    constexpr auto end() noexcept(nothrow_ends_v<false>)
    {
        return end_of<false>(static_cast<Derived&>(*this));
    }

    template<class B = V const, std::enable_if_t<rng::input_range<B>, int> = 0>
    constexpr auto end() const noexcept(nothrow_ends_v<true>)
    {
        return end_of<true>(static_cast<Derived const&>(*this));
    }

    // The iterator at the first position with nothing decoded, so no policy called: what a view
    // over this one anchors its end() and its bounds to (iterator_base). Found by ADL; only
    // called for decoding views.
    friend constexpr auto unread_begin(Derived& v, unread_tag) { return unread_begin_of<false>(v); }
    friend constexpr auto unread_begin(Derived const& v, unread_tag) { return unread_begin_of<true>(v); }

private:
    template<bool Const, class Self>
    static constexpr auto unread_begin_of(Self& self)
    {
        return iterator<Const>(self, unread_tag{});
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_TRANSCODING_VIEW_HPP

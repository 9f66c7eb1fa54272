// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_ITERATOR_BASE_HPP
#define BOOST_UTF_DETAIL_ITERATOR_BASE_HPP

// The plumbing that decoding_iterator and encoding_iterator share: where they are in the
// underlying range, how they start, the iterator types, postfix operators and the comparisons
// that C++17 cannot rewrite. `Derived` supplies prefix ++ and --, `operator==` between
// iterators, `at_end()` and `static constexpr bool nothrow`, and names this class a friend.

#include <boost/utf/config.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/transcoding_view.hpp>
#include <boost/utf/detail/type_traits.hpp>

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

template<class Derived, class BaseRange>
class iterator_base
{
    template<class, class>
    friend class iterator_base;

protected:
    using base_iterator = rng::iterator_t<BaseRange>;
    using base_sentinel = rng::sentinel_t<BaseRange>;

    static constexpr bool is_forward = rng::forward_range<BaseRange>;
    static constexpr bool is_bidirectional = rng::bidirectional_range<BaseRange>;
    static constexpr bool nothrow_copy = std::is_nothrow_copy_constructible<base_iterator>::value;

    // Bidirectional: the view's first code unit, which bounds stepping back and anchors error
    // offsets. Otherwise there is no way back, so the iterator counts offsets as it goes.
    using origin_t = std::conditional_t<is_bidirectional, base_iterator, std::size_t>;

    base_iterator current_ = base_iterator(); // the underlying position of the element
    base_sentinel last_ = base_sentinel();
    origin_t origin_ = origin_t();

    static constexpr origin_t origin_at(base_iterator const& first)
    {
        if constexpr (is_bidirectional)
            return first;
        else
            return 0;
    }

    BOOST_FORCEINLINE constexpr iterator_base(BaseRange& r, begin_tag)
        : current_(first_of(r))
        , last_(last_of(r))
        , origin_(origin_at(current_))
    {
    }

    // The ends of a view of this library are had from its members, which are forced inline:
    // through rng::begin, Clang leaves a call that is handed the address of current_, and with
    // it the whole iterator stays in memory, loaded and stored at every step.
    BOOST_FORCEINLINE static constexpr base_iterator first_of(BaseRange& r)
    {
        if constexpr (begins_unread_v<BaseRange>)
            return r.begin();
        else
            return rng::begin(r);
    }
    BOOST_FORCEINLINE static constexpr base_sentinel last_of(BaseRange& r)
    {
        if constexpr (begins_unread_v<BaseRange>)
            return r.end();
        else
            return rng::end(r);
    }

    // Only for common ranges that can be read twice, where end() is an iterator. Over a decoding
    // view of this library the origin is its first position unread: its begin() would decode
    // the first element, calling its policy, for an iterator that is never read there.
    constexpr iterator_base(BaseRange& r, end_tag)
        : current_(rng::end(r))
        , last_(current_)
        , origin_(origin_at(first_position(r)))
    {
    }

    static constexpr base_iterator first_position(BaseRange& r)
    {
        if constexpr (begins_unread_v<BaseRange>)
            return unread_begin(r, unread_tag{});
        else
            return rng::begin(r);
    }


    // From the iterator over the non-const view.
    template<class OtherDerived, class OtherRange>
    constexpr iterator_base(iterator_base<OtherDerived, OtherRange>&& other)
        : current_(std::move(other.current_))
        , last_(std::move(other.last_))
        , origin_(std::move(other.origin_))
    {
    }

    // Whether the non-const iterator `Other` converts to this one.
    template<class V>
    static constexpr bool converts_from_v =
        std::is_same<BaseRange, V const>::value &&
        std::is_convertible<rng::iterator_t<V>, base_iterator>::value &&
        std::is_convertible<rng::sentinel_t<V>, base_sentinel>::value;

private:
    constexpr Derived& derived() noexcept { return static_cast<Derived&>(*this); }
    // For the friends below, which Derived does not name.
    static constexpr bool at_end(Derived const& it) { return it.at_end(); }

public:
    using iterator_concept =
        std::conditional_t<is_bidirectional, std::bidirectional_iterator_tag,
                           std::conditional_t<is_forward, std::forward_iterator_tag, std::input_iterator_tag>>;
    // Elements are prvalues, so as a C++17 iterator this is an input iterator whatever the base.
    using iterator_category = std::input_iterator_tag;
    using difference_type = rng::range_difference_t<BaseRange>;
    using pointer = void;

    iterator_base() BOOST_UTF_DETAIL_DEFAULT_CONSTRUCTIBLE_IF(
        std::is_default_constructible<base_iterator>::value &&
        std::is_default_constructible<base_sentinel>::value) = default;

    constexpr auto operator++(int) noexcept(Derived::nothrow && nothrow_copy)
    {
        if constexpr (is_forward)
        {
            Derived old = derived();
            ++derived();
            return old;
        }
        else
            ++derived();
    }

    constexpr Derived operator--(int) noexcept(Derived::nothrow && nothrow_copy)
    {
        Derived old = derived();
        --derived();
        return old;
    }

    friend constexpr bool operator==(Derived const& it, rng::default_sentinel_t)
    {
        return at_end(it);
    }

#if BOOST_CXX_VERSION < 202002L
    template<bool Enable = is_forward>
    friend constexpr std::enable_if_t<Enable, bool> operator!=(Derived const& a, Derived const& b)
    {
        return !(a == b);
    }
    friend constexpr bool operator==(rng::default_sentinel_t, Derived const& it) { return at_end(it); }
    friend constexpr bool operator!=(Derived const& it, rng::default_sentinel_t) { return !at_end(it); }
    friend constexpr bool operator!=(rng::default_sentinel_t, Derived const& it) { return !at_end(it); }
#endif
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_ITERATOR_BASE_HPP

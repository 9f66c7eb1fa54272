// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_DECODING_ITERATOR_HPP
#define BOOST_UTF_DETAIL_DECODING_ITERATOR_HPP

// The iterator of every decoding view (utf8_view, utf16_view): char32_t scalar values out of the
// code units of an underlying range, in the encoding form that `Rules` describes (utf8_rules,
// utf16_rules). `Rules::next` decodes one element forwards, and `Rules::previous` the element
// before a boundary; each error is handed to the policy once.

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/copyable_box.hpp>
#include <boost/utf/detail/iterator_base.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/transcoding_view.hpp>
#include <boost/utf/detail/type_traits.hpp>
#include <boost/utf/detail/unicode.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

template<class Rules, class View, class V, class ErrorPolicy, bool Const>
class decoding_iterator
    : public iterator_base<decoding_iterator<Rules, View, V, ErrorPolicy, Const>, maybe_const<Const, V>>
{
    using base_type = iterator_base<decoding_iterator, maybe_const<Const, V>>;
    friend base_type;
    friend transcoding_view<View, V, ErrorPolicy>;
    friend decoding_iterator<Rules, View, V, ErrorPolicy, !Const>;

    using parent_t = maybe_const<Const, View>;
    using typename base_type::base_iterator;
    using typename base_type::base_sentinel;
    using base_type::is_forward;
    using base_type::is_bidirectional;
    using base_type::current_;
    using base_type::last_;
    using base_type::origin_;

    static constexpr bool per_code_unit = per_code_unit_v<ErrorPolicy>;
    static constexpr bool nothrow = nothrow_iteration_v<base_iterator, base_sentinel> &&
                                    nothrow_policy_v<ErrorPolicy>;

    // Forward: the element is [current_, next_), so ++ copies next_ instead of adding a length
    // to current_. Single-pass: nothing, since current_ is already past the element (its code
    // units cannot be read again). Not bidirectional: origin_ is the offset of next_ (forward)
    // or current_ (single-pass), where decoding resumes.
    using next_t = std::conditional_t<is_forward, base_iterator, nothing>;

    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS next_t next_ = next_t();
    char32_t value_ = 0; // single-pass: no_replacement past the end, a value no policy delivers
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS boxed_t<ErrorPolicy> policy_ = boxed_t<ErrorPolicy>();

    BOOST_FORCEINLINE constexpr decoding_iterator(parent_t& parent, begin_tag tag)
        : base_type(parent.base_, tag)
        , policy_(parent.policy_)
    {
        if constexpr (is_forward)
            next_ = current_;
        read();
    }

    constexpr decoding_iterator(parent_t& parent, end_tag tag)
        : base_type(parent.base_, tag)
        , next_(current_)
        , policy_(parent.policy_)
    {
    }

    // At the first position with nothing decoded (transcoding_view::unread_begin). It compares
    // equal to begin() unless the policy drops what stands there, and one ++ makes it begin().
    constexpr decoding_iterator(parent_t& parent, unread_tag)
        : base_type(parent.base_, begin_tag{})
        , next_(current_)
        , policy_(parent.policy_)
    {
    }

    // Where the element at current_ starts, for error_info. Only bidirectional iterators ask;
    // the others count offsets as they go.
    constexpr std::size_t offset() const
    {
        return static_cast<std::size_t>(rng::lib::distance(origin_, current_));
    }

    // Hands an error to the policy; false when the policy drops it.
    constexpr bool accept_error(decoded const& d, unsigned char length, std::size_t offset)
        noexcept(nothrow_policy_v<ErrorPolicy>)
    {
        char32_t const c = detail::decoding_replacement(policy_, d, length, offset);
        if (c == no_replacement)
            return false;
        value_ = c;
        return true;
    }

    // Moves to the element at next_ (forward) or current_ (single-pass) and decodes it, first
    // dropping whatever the policy drops.
    BOOST_FORCEINLINE constexpr void read() noexcept(nothrow)
    {
        for (;;)
        {
            if constexpr (is_forward)
            {
                current_ = next_;
                if (current_ == last_)
                    return;
                decoded const d = Rules::next(next_, last_);
                if (BOOST_LIKELY(d.ok()))
                {
                    if constexpr (!is_bidirectional)
                        origin_ += d.length;
                    value_ = d.value;
                    return;
                }
                unsigned char const n = step_length<per_code_unit>(d);
                if (n != d.length)
                {
                    next_ = current_;
                    ++next_;
                }
                // next_ is set first: if the policy throws, ++ resumes after the subpart.
                if constexpr (is_bidirectional)
                {
                    if (accept_error(d, n, offset()))
                        return;
                }
                else
                {
                    std::size_t const at = origin_;
                    origin_ += n;
                    if (accept_error(d, n, at))
                        return;
                }
            }
            else
            {
                if (current_ == last_)
                {
                    value_ = no_replacement;
                    return;
                }
                std::size_t const at = origin_;
                decoded const d = Rules::next(current_, last_);
                origin_ += d.length;
                if (BOOST_LIKELY(d.ok()))
                {
                    value_ = d.value;
                    return;
                }
                if (accept_error(d, d.length, at))
                    return;
            }
        }
    }

    constexpr void read_back() noexcept(nothrow)
    {
        for (;;)
        {
            auto before = Rules::template previous<per_code_unit>(origin_, current_, last_);
            next_ = std::move(current_);
            current_ = std::move(before.start);
            decoded const& d = before.element;
            if (BOOST_LIKELY(d.ok()))
            {
                value_ = d.value;
                return;
            }
            if (accept_error(d, step_length<per_code_unit>(d), offset()))
                return;
            if (current_ == origin_)
            {
                // Only reached by decrementing begin(), which has nothing before it: stay in bounds.
                value_ = U'\uFFFD';
                return;
            }
        }
    }

    constexpr bool at_end() const
    {
        if constexpr (is_forward)
            return current_ == last_;
        else
            return value_ == no_replacement;
    }

public:
    using value_type = char32_t;
    using reference = char32_t;
    using begins_unread_tag = void; // see begins_unread

    decoding_iterator() BOOST_UTF_DETAIL_DEFAULT_CONSTRUCTIBLE_IF(
        std::is_default_constructible<base_iterator>::value &&
        std::is_default_constructible<base_sentinel>::value) = default;

    template<bool OtherConst,
             std::enable_if_t<!OtherConst && base_type::template converts_from_v<V>, int> = 0>
    constexpr decoding_iterator(decoding_iterator<Rules, View, V, ErrorPolicy, OtherConst> other)
        : base_type(std::move(other))
        , next_(std::move(other.next_))
        , value_(other.value_)
        , policy_(std::move(other.policy_))
    {
    }

    // The underlying iterator at the element's first code unit.
    constexpr base_iterator const& base() const& noexcept
    {
        static_assert(is_forward, "boost::utf: base() needs a forward range: a single-pass "
                                  "iterator has already moved past the element's code units");
        return current_;
    }
    constexpr base_iterator base() &&
    {
        static_assert(is_forward, "boost::utf: base() needs a forward range: a single-pass "
                                  "iterator has already moved past the element's code units");
        return std::move(current_);
    }

    constexpr char32_t operator*() const noexcept { return value_; }

    BOOST_FORCEINLINE constexpr decoding_iterator& operator++() noexcept(nothrow)
    {
        read();
        return *this;
    }
    using base_type::operator++;

    constexpr decoding_iterator& operator--() noexcept(nothrow)
    {
        static_assert(is_bidirectional,
                      "boost::utf: a view can be walked backwards only when the range it adapts is "
                      "bidirectional; this one is forward-only or single-pass");
        if constexpr (is_bidirectional)
            read_back();
        return *this;
    }
    using base_type::operator--;

    template<bool Enable = is_forward>
    friend constexpr std::enable_if_t<Enable, bool> operator==(decoding_iterator const& a,
                                                               decoding_iterator const& b)
    {
        return a.current_ == b.current_;
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_DECODING_ITERATOR_HPP

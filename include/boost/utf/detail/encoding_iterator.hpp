// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_ENCODING_ITERATOR_HPP
#define BOOST_UTF_DETAIL_ENCODING_ITERATOR_HPP

// The iterator of every encoding view (utf32_to_utf8_view, utf32_to_utf16_view): the code units
// of type CharT that encode the code points of an underlying range, in the encoding form that
// `Rules` describes (utf8_rules, utf16_rules). `Rules::encode` packs a scalar value's form into
// one word, first code unit lowest, code units `Rules::unit_bits` wide.

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
#include <cstdint>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

template<class Rules, class View, class V, class ErrorPolicy, class CharT, bool Const>
class encoding_iterator
    : public iterator_base<encoding_iterator<Rules, View, V, ErrorPolicy, CharT, Const>, maybe_const<Const, V>>
{
    using base_type = iterator_base<encoding_iterator, maybe_const<Const, V>>;
    friend base_type;
    friend transcoding_view<View, V, ErrorPolicy>;
    friend encoding_iterator<Rules, View, V, ErrorPolicy, CharT, !Const>;

    using parent_t = maybe_const<Const, View>;
    using typename base_type::base_iterator;
    using typename base_type::base_sentinel;
    using base_type::is_forward;
    using base_type::is_bidirectional;
    using base_type::current_; // the code point being written
    using base_type::last_;
    using base_type::origin_; // not bidirectional: the index of current_

    static constexpr bool nothrow = nothrow_iteration_v<base_iterator, base_sentinel> &&
                                    nothrow_policy_v<ErrorPolicy>;

    static constexpr unsigned unit_bits = Rules::unit_bits;
    static constexpr std::uint32_t unit_mask = (std::uint32_t(1) << unit_bits) - 1;
    // Past the end, units_ holds all ones, which no form is.
    static constexpr std::uint32_t past_end = 0xFFFFFFFFu;
    // Bidirectional: the whole form, which -- steps back through. Otherwise nothing.
    using word_t = std::conditional_t<is_bidirectional, std::uint32_t, nothing>;

    // The code units of the form from this one on, this one in the lowest bits: ++ shifts one
    // out. A form of more than one code unit has no zero code unit, so units_ is at its last
    // code unit when nothing is left above the lowest one. A plain integer keeps the iterator
    // in registers, and the loop's end test folds into the step that set it.
    std::uint32_t units_ = 0;
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS word_t word_ = word_t();
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS boxed_t<ErrorPolicy> policy_ = boxed_t<ErrorPolicy>();

    // Over a decoding view of this library (a composition), whose iterators read, calling its
    // policy, whenever they move, the index of current_ is counted as the iterator moves rather
    // than measured from origin_ (that view's first position, unread). An iterator that comes
    // from end() cannot know it: its count starts at from_end, far above any index a range
    // reaches, so that stepping never tests; it measures, and only then does the inner policy
    // see the elements before it again.
    static constexpr bool counts_index = is_bidirectional && begins_unread_v<maybe_const<Const, V>>;
    static constexpr std::size_t from_end = ~(~std::size_t(0) >> 1);
    using index_t = std::conditional_t<counts_index, std::size_t, nothing>;
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS index_t index_ = index_t();

    // current_ has moved by `step` code points: the index follows, where one is kept (origin_
    // when not bidirectional, index_ over a composition).
    constexpr void count(int step) noexcept
    {
        if constexpr (!is_bidirectional)
            origin_ += static_cast<std::size_t>(step);
        else if constexpr (counts_index)
            index_ += static_cast<std::size_t>(step);
        else
            (void)step;
    }

    BOOST_FORCEINLINE constexpr encoding_iterator(parent_t& parent, begin_tag tag)
        : base_type(parent.base_, tag)
        , policy_(parent.policy_)
    {
        read();
    }

    constexpr encoding_iterator(parent_t& parent, end_tag tag)
        : base_type(parent.base_, tag)
        , policy_(parent.policy_)
    {
        if constexpr (counts_index)
            index_ = from_end;
        set(past_end);
    }

    // Clang keeps a whole iterator over a composition in memory, stored and loaded at every
    // step, when a call it does not inline is handed a member by value (as rng::lib::distance
    // takes them) or the address of one: so under Clang this is inlined, and counts the steps
    // itself. GCC keeps the iterator in registers either way, and its loop without errors is
    // slower with either change.
#if defined(__clang__)
    BOOST_FORCEINLINE
#endif
    constexpr std::size_t offset() const
    {
        if constexpr (counts_index)
        {
            if (index_ < from_end / 2)
                return index_;
            // From the unread first position, one step reaches the first element.
#if defined(__clang__)
            std::size_t steps = 0;
            for (base_iterator it = origin_; !(it == current_); ++it)
                ++steps;
#else
            auto const steps = static_cast<std::size_t>(rng::lib::distance(origin_, current_));
#endif
            return steps == 0 ? 0 : steps - 1;
        }
        else if constexpr (is_bidirectional)
            return static_cast<std::size_t>(rng::lib::distance(origin_, current_));
        else
            return origin_;
    }

    // Stands on the first code unit of `units`.
    BOOST_FORCEINLINE constexpr void set(std::uint32_t units) noexcept
    {
        units_ = units;
        if constexpr (is_bidirectional)
            word_ = units;
    }

    // Encodes the policy's answer for a value that is not a scalar value; false when the policy
    // drops it.
    template<class T>
    BOOST_FORCEINLINE constexpr bool load_error(T v, error_kind kind) noexcept(nothrow)
    {
        // If the policy throws, this iterator stands on the code point as one code unit:
        // ++ and -- resume next to it.
        set(0);
        char32_t const c =
            encoding_replacement(policy_, error_info{kind, offset(), 1, static_cast<char32_t>(v)});
        if (c == no_replacement)
            return false;
        set(Rules::encode(c));
        return true;
    }

    // Encodes *current_; false when the policy drops it.
    BOOST_FORCEINLINE constexpr bool load() noexcept(nothrow)
    {
        auto const v = *current_;
        // Below Rules::unchecked_below the form needs no other test (a negative value is not
        // below it here); ASCII first.
        auto const u = static_cast<std::make_unsigned_t<decltype(+v)>>(v);
        if (BOOST_LIKELY(u < 0x80u))
        {
            set(static_cast<std::uint32_t>(u));
            return true;
        }
        if (u < Rules::unchecked_below)
        {
            set(Rules::encode(static_cast<char32_t>(u)));
            return true;
        }
        error_kind const kind = check_scalar(v);
        if (BOOST_UNLIKELY(kind != error_kind{}))
            return load_error(v, kind);
        set(Rules::encode(static_cast<char32_t>(v)));
        return true;
    }

    // Whether current_ is at the end. A decoding iterator of this library knows its own end, and
    // asking it is the same as comparing with its view's end(): the loop then needs neither
    // last_ nor a second copy of the code units' end.
    BOOST_FORCEINLINE constexpr bool base_at_end() const
    {
        if constexpr (begins_unread<base_iterator>::value)
            return current_ == rng::default_sentinel;
        else
            return current_ == last_;
    }

    BOOST_FORCEINLINE constexpr void read() noexcept(nothrow)
    {
        for (; !base_at_end(); ++current_)
        {
            if (load())
                return;
            count(1);
        }
        set(past_end);
    }

    constexpr void read_back() noexcept(nothrow)
    {
        do
        {
            --current_;
            count(-1);
            if (load())
            {
                while (units_ > unit_mask) // to the last code unit
                    units_ >>= unit_bits;
                return;
            }
        } while (!(current_ == origin_)); // leaving begin() would mean it was decremented
    }

    constexpr bool at_end() const { return units_ == past_end; }

public:
    using value_type = CharT;
    using reference = CharT;

    encoding_iterator() BOOST_UTF_DETAIL_DEFAULT_CONSTRUCTIBLE_IF(
        std::is_default_constructible<base_iterator>::value &&
        std::is_default_constructible<base_sentinel>::value) = default;

    template<bool OtherConst,
             std::enable_if_t<!OtherConst && base_type::template converts_from_v<V>, int> = 0>
    constexpr encoding_iterator(encoding_iterator<Rules, View, V, ErrorPolicy, CharT, OtherConst> other)
        : base_type(std::move(other))
        , units_(other.units_)
        , word_(other.word_)
        , policy_(std::move(other.policy_))
        , index_(other.index_)
    {
    }

    // The underlying iterator at the code point this code unit belongs to.
    constexpr base_iterator const& base() const& noexcept { return current_; }
    constexpr base_iterator base() && { return std::move(current_); }

    constexpr CharT operator*() const noexcept { return Rules::template unit<CharT>(units_); }

    BOOST_FORCEINLINE constexpr encoding_iterator& operator++() noexcept(nothrow)
    {
        // A form of more than one code unit has no zero code unit, so nothing left means its
        // last code unit was just passed (and a code point of one unit, even U+0000, leaves
        // nothing).
        units_ >>= unit_bits;
        if (units_ != 0)
            return *this;
        ++current_;
        count(1);
        read();
        return *this;
    }
    using base_type::operator++;

    constexpr encoding_iterator& operator--() noexcept(nothrow)
    {
        static_assert(is_bidirectional,
                      "boost::utf: a view can be walked backwards only when the range it adapts is "
                      "bidirectional; this one is forward-only or single-pass");
        if constexpr (is_bidirectional)
        {
            // Within a code point, and not past the end (where both are past_end).
            if (units_ != word_)
            {
                std::uint32_t w = word_;
                while (w > unit_mask && w >> unit_bits != units_)
                    w >>= unit_bits;
                units_ = w;
            }
            else
                read_back();
        }
        return *this;
    }
    using base_type::operator--;

    template<bool Enable = is_forward>
    friend constexpr std::enable_if_t<Enable, bool> operator==(encoding_iterator const& a,
                                                               encoding_iterator const& b)
    {
        // Against end(), whose units_ is past_end, the first test decides.
        return a.units_ == b.units_ && (a.units_ == past_end || a.current_ == b.current_);
    }
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_ENCODING_ITERATOR_HPP

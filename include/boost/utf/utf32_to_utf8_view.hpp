// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_UTF32_TO_UTF8_VIEW_HPP
#define BOOST_UTF_UTF32_TO_UTF8_VIEW_HPP

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/adaptor.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/transcoding_view.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {

// The code unit type that utf32_to_utf8 writes unless told otherwise.
#if BOOST_CXX_VERSION >= 202002L && BOOST_UTF_HAS_CHAR8_T
using default_utf8_char = char8_t;
#else
using default_utf8_char = char;
#endif

namespace detail {

template<class T>
struct check_code_point
{
    static_assert(is_code_point_v<T>,
                  "boost::utf::views::utf32_to_utf8 encodes code points: the range's elements "
                  "must be char32_t or an integer type of at least 21 bits (std::uint32_t, int, "
                  "32-bit wchar_t). To decode UTF-8 code units, use views::utf8");
    static constexpr bool value = is_code_point_v<T>;
};

template<class T>
struct check_output_unit
{
    static_assert(is_code_unit_v<T>,
                  "boost::utf::utf32_to_utf8_view writes UTF-8 code units: choose char, char8_t, "
                  "unsigned char, signed char or std::byte");
    static constexpr bool value = is_code_unit_v<T>;
};

} // namespace detail

// A view of the UTF-8 code units (of type CharT) that encode the code points of V. Each value
// that is not a Unicode scalar value is handed to ErrorPolicy (see policy.hpp).
template<class V, class ErrorPolicy = replace_policy, class CharT = default_utf8_char>
class utf32_to_utf8_view
    : public detail::transcoding_view<utf32_to_utf8_view<V, ErrorPolicy, CharT>, V, ErrorPolicy>
{
    static_assert(detail::rng::view<V> && detail::rng::input_range<V>,
                  "boost::utf::utf32_to_utf8_view<V>: V must be an input view of code points; "
                  "use views::utf32_to_utf8(range) to adapt a container");
    static_assert(detail::check_code_point<detail::rng::range_value_t<V>>::value, "");
    static_assert(detail::check_error_policy<ErrorPolicy>::value, "");
    static_assert(detail::check_output_unit<CharT>::value, "");

    friend detail::transcoding_view<utf32_to_utf8_view, V, ErrorPolicy>;

    template<bool Const>
    class iterator;

public:
    using detail::transcoding_view<utf32_to_utf8_view, V, ErrorPolicy>::transcoding_view;
};

template<class V, class ErrorPolicy, class CharT>
template<bool Const>
class utf32_to_utf8_view<V, ErrorPolicy, CharT>::iterator
{
    friend utf32_to_utf8_view;
    friend detail::transcoding_view<utf32_to_utf8_view, V, ErrorPolicy>;
    friend iterator<!Const>;

    using parent_t = detail::maybe_const<Const, utf32_to_utf8_view>;
    using base_t = detail::maybe_const<Const, V>;
    using base_iterator = detail::rng::iterator_t<base_t>;
    using base_sentinel = detail::rng::sentinel_t<base_t>;

    static constexpr bool is_forward = detail::rng::forward_range<base_t>;
    static constexpr bool is_bidirectional = detail::rng::bidirectional_range<base_t>;
    static constexpr bool nothrow = detail::nothrow_iteration_v<base_iterator, base_sentinel> &&
                                    detail::nothrow_policy_v<ErrorPolicy>;

    // As in utf8_view: the first code point when we may step back, else the index of current_.
    using origin_t = std::conditional_t<is_bidirectional, base_iterator, std::size_t>;

    // Past the end, units_ holds four FF bytes, which no UTF-8 form contains.
    static constexpr std::uint32_t past_end = 0xFFFFFFFFu;
    // Bidirectional: the whole UTF-8 form, which -- steps back through. Otherwise nothing.
    using word_t = std::conditional_t<is_bidirectional, std::uint32_t, detail::nothing>;

    base_iterator current_ = base_iterator(); // the code point being written
    base_sentinel last_ = base_sentinel();
    origin_t origin_ = origin_t();
    // The code units of its UTF-8 form from this one on, this one in the low byte: ++ shifts
    // one out. A code point of more than one code unit has no zero byte, so units_ is at its
    // last code unit when nothing is left above the low byte. A plain integer keeps the iterator
    // in registers, and the loop's end test folds into the step that set it.
    std::uint32_t units_ = 0;
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS word_t word_ = word_t();
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS detail::boxed_t<ErrorPolicy> policy_ = detail::boxed_t<ErrorPolicy>();

    static constexpr origin_t origin_at(base_iterator const& first)
    {
        if constexpr (is_bidirectional)
            return first;
        else
            return 0;
    }

    BOOST_FORCEINLINE constexpr iterator(parent_t& parent, detail::begin_tag)
        : current_(detail::rng::begin(parent.base_))
        , last_(detail::rng::end(parent.base_))
        , origin_(origin_at(current_))
        , policy_(parent.policy_)
    {
        read();
    }

    constexpr iterator(parent_t& parent, detail::end_tag)
        : current_(detail::rng::end(parent.base_))
        , last_(current_)
        , origin_(origin_at(detail::rng::begin(parent.base_)))
        , policy_(parent.policy_)
    {
        set(past_end);
    }

    constexpr std::size_t offset() const
    {
        if constexpr (is_bidirectional)
            return static_cast<std::size_t>(detail::rng::lib::distance(origin_, current_));
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
            detail::encoding_replacement(policy_, error_info{kind, offset(), 1, static_cast<char32_t>(v)});
        if (c == no_replacement)
            return false;
        set(detail::encode_word(c).units);
        return true;
    }

    // Encodes *current_; false when the policy drops it.
    BOOST_FORCEINLINE constexpr bool load() noexcept(nothrow)
    {
        auto const v = *current_;
        // Below 800, one or two code units need no other test (a negative value is not below
        // 800 here); ASCII first.
        auto const u = static_cast<std::make_unsigned_t<decltype(+v)>>(v);
        if (BOOST_LIKELY(u < 0x80u))
        {
            set(static_cast<std::uint32_t>(u));
            return true;
        }
        if (u < 0x800u)
        {
            set(detail::encode_word(static_cast<char32_t>(u)).units);
            return true;
        }
        error_kind const kind = detail::check_scalar(v);
        if (BOOST_UNLIKELY(kind != error_kind{}))
            return load_error(v, kind);
        set(detail::encode_word(static_cast<char32_t>(v)).units);
        return true;
    }

    BOOST_FORCEINLINE constexpr void read() noexcept(nothrow)
    {
        for (; !(current_ == last_); ++current_)
        {
            if (load())
                return;
            if constexpr (!is_bidirectional)
                ++origin_;
        }
        set(past_end);
    }

    constexpr void read_back() noexcept(nothrow)
    {
        do
        {
            --current_;
            if (load())
            {
                while (units_ > 0xFFu) // to the last code unit
                    units_ >>= 8;
                return;
            }
        } while (!(current_ == origin_)); // leaving begin() would mean it was decremented
    }

public:
    using iterator_concept =
        std::conditional_t<is_bidirectional, std::bidirectional_iterator_tag,
                           std::conditional_t<is_forward, std::forward_iterator_tag, std::input_iterator_tag>>;
    // Elements are prvalues, so as a C++17 iterator this is an input iterator whatever V is.
    using iterator_category = std::input_iterator_tag;
    using value_type = CharT;
    using difference_type = detail::rng::range_difference_t<base_t>;
    using pointer = void;
    using reference = CharT;

    iterator() BOOST_UTF_DETAIL_DEFAULT_CONSTRUCTIBLE_IF(
        std::is_default_constructible<base_iterator>::value &&
        std::is_default_constructible<base_sentinel>::value) = default;

    template<bool OtherConst,
             std::enable_if_t<Const && !OtherConst &&
                                  std::is_convertible<detail::rng::iterator_t<V>, base_iterator>::value &&
                                  std::is_convertible<detail::rng::sentinel_t<V>, base_sentinel>::value,
                              int> = 0>
    constexpr iterator(iterator<OtherConst> other)
        : current_(std::move(other.current_))
        , last_(std::move(other.last_))
        , origin_(std::move(other.origin_))
        , units_(other.units_)
        , word_(other.word_)
        , policy_(std::move(other.policy_))
    {
    }

    // The underlying iterator at the code point this code unit belongs to.
    constexpr base_iterator const& base() const& noexcept { return current_; }
    constexpr base_iterator base() && { return std::move(current_); }

    constexpr CharT operator*() const noexcept
    {
        return detail::from_byte<CharT>(static_cast<unsigned char>(units_));
    }

    BOOST_FORCEINLINE constexpr iterator& operator++() noexcept(nothrow)
    {
        // Shift first: what is left then decides, and a multi-unit form costs no extra test.
        // A form of more than one code unit has no zero byte, so nothing left means its last
        // code unit was just passed (and a code point of one unit, even U+0000, leaves nothing).
        units_ >>= 8;
        if (units_ != 0)
            return *this;
        ++current_;
        if constexpr (!is_bidirectional)
            ++origin_;
        read();
        return *this;
    }

    constexpr auto operator++(int) noexcept(nothrow && std::is_nothrow_copy_constructible<base_iterator>::value)
    {
        if constexpr (is_forward)
        {
            iterator old = *this;
            ++*this;
            return old;
        }
        else
            ++*this;
    }

    constexpr iterator& operator--() noexcept(nothrow)
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
                while (w > 0xFFu && w >> 8 != units_)
                    w >>= 8;
                units_ = w;
            }
            else
                read_back();
        }
        return *this;
    }

    constexpr iterator operator--(int) noexcept(nothrow && std::is_nothrow_copy_constructible<base_iterator>::value)
    {
        iterator old = *this;
        --*this;
        return old;
    }

    template<bool Enable = is_forward>
    friend constexpr std::enable_if_t<Enable, bool> operator==(iterator const& a, iterator const& b)
    {
        // Against end(), whose units_ is past_end, the first test decides.
        return a.units_ == b.units_ && (a.units_ == past_end || a.current_ == b.current_);
    }

    friend constexpr bool operator==(iterator const& it, detail::rng::default_sentinel_t)
    {
        return it.units_ == past_end;
    }

#if BOOST_CXX_VERSION < 202002L
    template<bool Enable = is_forward>
    friend constexpr std::enable_if_t<Enable, bool> operator!=(iterator const& a, iterator const& b)
    {
        return !(a == b);
    }
    friend constexpr bool operator==(detail::rng::default_sentinel_t, iterator const& it)
    {
        return it.units_ == past_end;
    }
    friend constexpr bool operator!=(iterator const& it, detail::rng::default_sentinel_t)
    {
        return it.units_ != past_end;
    }
    friend constexpr bool operator!=(detail::rng::default_sentinel_t, iterator const& it)
    {
        return it.units_ != past_end;
    }
#endif
};

template<class R>
utf32_to_utf8_view(R&&) -> utf32_to_utf8_view<detail::rng::all_t<R>>;

template<class R, class P>
utf32_to_utf8_view(R&&, P) -> utf32_to_utf8_view<detail::rng::all_t<R>, P>;

namespace detail {

template<class CharT>
struct make_utf32_to_utf8_view
{
    template<class R, class P>
    constexpr auto operator()(R&& r, P&& policy) const
    {
        using policy_t = remove_cvref_t<P>;
        if constexpr (!rng::input_range<R>)
            static_assert(always_false_v<R>,
                          "boost::utf::views::utf32_to_utf8(x): x is neither a range of code "
                          "points nor an error policy (callable as "
                          "policy(boost::utf::error_info), returning char32_t)");
        else if constexpr (!check_code_point<rng::range_value_t<R>>::value)
            return;
        else if constexpr (!check_error_policy<policy_t>::value)
            return;
        else if constexpr (!rng::viewable_range<R>)
            static_assert(always_false_v<R>,
                          "boost::utf::views::utf32_to_utf8 cannot keep this temporary container "
                          "alive: store it in a variable and adapt that");
        else
            return utf32_to_utf8_view<rng::all_t<R>, policy_t, CharT>(rng::all(std::forward<R>(r)),
                                                                     std::forward<P>(policy));
    }
};

} // namespace detail

namespace views {

// views::utf32_to_utf8_as<CharT>: the same adaptor, writing CharT code units.
template<class CharT>
inline constexpr detail::adaptor<detail::make_utf32_to_utf8_view<CharT>> utf32_to_utf8_as{};

// views::utf32_to_utf8(r), views::utf32_to_utf8(r, policy), r | views::utf32_to_utf8,
// r | views::utf32_to_utf8(policy)
inline constexpr detail::adaptor<detail::make_utf32_to_utf8_view<default_utf8_char>> utf32_to_utf8{};

} // namespace views
} // namespace utf
} // namespace boost

BOOST_UTF_DETAIL_VIEW_TRAITS(utf32_to_utf8_view)

#endif // BOOST_UTF_UTF32_TO_UTF8_VIEW_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_UTF8_VIEW_HPP
#define BOOST_UTF_UTF8_VIEW_HPP

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/adaptor.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/transcoding_view.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

template<class T>
struct check_code_unit
{
    static_assert(is_code_unit_v<T>,
                  "boost::utf::views::utf8 decodes UTF-8: the range's elements must be char, "
                  "signed char, unsigned char, char8_t or std::byte (UTF-16 and char16_t are not "
                  "handled). To turn code points (char32_t) into UTF-8, use views::utf32_to_utf8");
    static constexpr bool value = is_code_unit_v<T>;
};

} // namespace detail

// A view of the char32_t code points that the UTF-8 code units of V encode. Each maximal subpart
// of ill-formed input is handed to ErrorPolicy (see policy.hpp).
template<class V, class ErrorPolicy = replace_policy>
class utf8_view : public detail::transcoding_view<utf8_view<V, ErrorPolicy>, V, ErrorPolicy>
{
    static_assert(detail::rng::view<V> && detail::rng::input_range<V>,
                  "boost::utf::utf8_view<V>: V must be an input view of UTF-8 code units; "
                  "use views::utf8(range) to adapt a container");
    static_assert(detail::check_code_unit<detail::rng::range_value_t<V>>::value, "");
    static_assert(detail::check_error_policy<ErrorPolicy>::value, "");
    static_assert(!detail::per_code_unit_v<ErrorPolicy> || detail::rng::forward_range<V>,
                  "boost::utf: a per_code_unit error policy reads some code units twice, so it "
                  "needs a forward range; buffer single-pass input first");

    friend detail::transcoding_view<utf8_view, V, ErrorPolicy>;

    template<bool Const>
    class iterator;

public:
    using detail::transcoding_view<utf8_view, V, ErrorPolicy>::transcoding_view;
};

template<class V, class ErrorPolicy>
template<bool Const>
class utf8_view<V, ErrorPolicy>::iterator
{
    friend utf8_view;
    friend detail::transcoding_view<utf8_view, V, ErrorPolicy>;
    friend iterator<!Const>;

    using parent_t = detail::maybe_const<Const, utf8_view>;
    using base_t = detail::maybe_const<Const, V>;
    using base_iterator = detail::rng::iterator_t<base_t>;
    using base_sentinel = detail::rng::sentinel_t<base_t>;

    static constexpr bool is_forward = detail::rng::forward_range<base_t>;
    static constexpr bool is_bidirectional = detail::rng::bidirectional_range<base_t>;
    static constexpr bool per_code_unit = detail::per_code_unit_v<ErrorPolicy>;
    static constexpr bool nothrow = detail::nothrow_iteration_v<base_iterator, base_sentinel> &&
                                    detail::nothrow_policy_v<ErrorPolicy>;

    // Bidirectional: the view's first code unit, which bounds stepping back and anchors error
    // offsets. Otherwise there is no way back, so the offset where decoding resumes is counted.
    using origin_t = std::conditional_t<is_bidirectional, base_iterator, std::size_t>;
    // Forward: the element is [current_, next_), so ++ copies next_ instead of adding a length
    // to current_. Single-pass: nothing, since current_ is already past the element (its code
    // units cannot be read again).
    using next_t = std::conditional_t<is_forward, base_iterator, detail::nothing>;

    base_iterator current_ = base_iterator();
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS next_t next_ = next_t();
    base_sentinel last_ = base_sentinel();
    origin_t origin_ = origin_t();
    char32_t value_ = 0; // single-pass: no_replacement past the end, a value no policy delivers
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
        if constexpr (is_forward)
            next_ = current_;
        read();
    }

    constexpr iterator(parent_t& parent, detail::end_tag)
        : current_(detail::rng::end(parent.base_))
        , next_(current_)
        , last_(current_)
        , origin_(origin_at(detail::rng::begin(parent.base_)))
        , policy_(parent.policy_)
    {
    }

    // Where the element at current_ starts, for error_info. Only bidirectional iterators ask;
    // the others count offsets as they go.
    constexpr std::size_t offset() const
    {
        return static_cast<std::size_t>(detail::rng::lib::distance(origin_, current_));
    }

    // Hands an error to the policy; false when the policy drops it.
    constexpr bool accept_error(detail::decoded const& d, unsigned char length, std::size_t offset)
        noexcept(detail::nothrow_policy_v<ErrorPolicy>)
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
                detail::decoded const d = detail::decode_next(next_, last_);
                if (BOOST_LIKELY(d.ok()))
                {
                    if constexpr (!is_bidirectional)
                        origin_ += d.length;
                    value_ = d.value;
                    return;
                }
                unsigned char const n = detail::step_length<per_code_unit>(d);
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
                detail::decoded const d = detail::decode_next(current_, last_);
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
            auto before = detail::decode_previous<per_code_unit>(origin_, current_, last_);
            next_ = std::move(current_);
            current_ = std::move(before.start);
            detail::decoded const& d = before.element;
            if (BOOST_LIKELY(d.ok()))
            {
                value_ = d.value;
                return;
            }
            if (accept_error(d, detail::step_length<per_code_unit>(d), offset()))
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
    using iterator_concept =
        std::conditional_t<is_bidirectional, std::bidirectional_iterator_tag,
                           std::conditional_t<is_forward, std::forward_iterator_tag, std::input_iterator_tag>>;
    // Elements are prvalues, so as a C++17 iterator this is an input iterator whatever V is.
    using iterator_category = std::input_iterator_tag;
    using value_type = char32_t;
    using difference_type = detail::rng::range_difference_t<base_t>;
    using pointer = void;
    using reference = char32_t;

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
        , next_(std::move(other.next_))
        , last_(std::move(other.last_))
        , origin_(std::move(other.origin_))
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

    BOOST_FORCEINLINE constexpr iterator& operator++() noexcept(nothrow)
    {
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
            read_back();
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
        return a.current_ == b.current_;
    }

    friend constexpr bool operator==(iterator const& it, detail::rng::default_sentinel_t)
    {
        return it.at_end();
    }

#if BOOST_CXX_VERSION < 202002L
    template<bool Enable = is_forward>
    friend constexpr std::enable_if_t<Enable, bool> operator!=(iterator const& a, iterator const& b)
    {
        return !(a.current_ == b.current_);
    }
    friend constexpr bool operator==(detail::rng::default_sentinel_t, iterator const& it)
    {
        return it.at_end();
    }
    friend constexpr bool operator!=(iterator const& it, detail::rng::default_sentinel_t)
    {
        return !it.at_end();
    }
    friend constexpr bool operator!=(detail::rng::default_sentinel_t, iterator const& it)
    {
        return !it.at_end();
    }
#endif
};

template<class R>
utf8_view(R&&) -> utf8_view<detail::rng::all_t<R>>;

template<class R, class P>
utf8_view(R&&, P) -> utf8_view<detail::rng::all_t<R>, P>;

namespace detail {

struct make_utf8_view
{
    template<class R, class P>
    constexpr auto operator()(R&& r, P&& policy) const
    {
        using policy_t = remove_cvref_t<P>;
        if constexpr (!rng::input_range<R>)
            static_assert(always_false_v<R>,
                          "boost::utf::views::utf8(x): x is neither a range of UTF-8 code units "
                          "nor an error policy (callable as policy(boost::utf::error_info), "
                          "returning char32_t)");
        else if constexpr (!check_code_unit<rng::range_value_t<R>>::value)
            return;
        else if constexpr (!check_error_policy<policy_t>::value)
            return;
        else if constexpr (!rng::viewable_range<R>)
            static_assert(always_false_v<R>,
                          "boost::utf::views::utf8 cannot keep this temporary container alive: "
                          "store it in a variable and adapt that");
        else
            return utf8_view<rng::all_t<R>, policy_t>(rng::all(std::forward<R>(r)),
                                                      std::forward<P>(policy));
    }
};

} // namespace detail

namespace views {

// views::utf8(r), views::utf8(r, policy), r | views::utf8, r | views::utf8(policy)
inline constexpr detail::adaptor<detail::make_utf8_view> utf8{};

} // namespace views
} // namespace utf
} // namespace boost

BOOST_UTF_DETAIL_VIEW_TRAITS(utf8_view)

#endif // BOOST_UTF_UTF8_VIEW_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_COPYABLE_BOX_HPP
#define BOOST_UTF_DETAIL_COPYABLE_BOX_HPP

// How views and iterators keep an error policy. Iterators must be default-constructible and
// copy-assignable (std::regular, range-v3's semiregular), and so must range-v3 views; a lambda is
// neither in C++17, nor in C++20 once it captures. `boxed_t<F>` is F itself when F already is
// both (so the standard policies cost nothing and stay trivially copyable), and otherwise a
// copyable_box<F>: a copy of F, or nothing after default construction; assigning destroys and
// copy-constructs. This is the standard's copyable-box ([range.move.wrap]), as std::ranges uses
// it for the functions of transform_view and filter_view. An empty box is only ever assigned to,
// destroyed or called by an iterator that was default-constructed, which nothing may dereference
// or increment anyway.

#include <boost/utf/config.hpp>

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

// F can stand in an iterator as it is.
template<class F>
inline constexpr bool is_semiregular_v = std::is_default_constructible<F>::value &&
                                         std::is_copy_constructible<F>::value &&
                                         std::is_copy_assignable<F>::value;

// The storage, and a destructor that is trivial when F's is, so that a box of a literal F
// stays usable in constant expressions (C++20).
template<class F, bool = std::is_trivially_destructible<F>::value>
struct copyable_box_storage
{
    union
    {
        char empty_;
        F value_;
    };
    bool engaged_;

    constexpr copyable_box_storage() noexcept : empty_(), engaged_(false) {}

    template<class... A>
    constexpr explicit copyable_box_storage(std::in_place_t, A&&... a) noexcept(
        std::is_nothrow_constructible<F, A...>::value)
        : value_(std::forward<A>(a)...)
        , engaged_(true)
    {
    }

    BOOST_UTF_CXX20_CONSTEXPR void reset() noexcept { engaged_ = false; }
};

template<class F>
struct copyable_box_storage<F, false>
{
    union
    {
        char empty_;
        F value_;
    };
    bool engaged_;

    copyable_box_storage() noexcept : empty_(), engaged_(false) {}

    template<class... A>
    explicit copyable_box_storage(std::in_place_t, A&&... a) noexcept(
        std::is_nothrow_constructible<F, A...>::value)
        : value_(std::forward<A>(a)...)
        , engaged_(true)
    {
    }

    ~copyable_box_storage() { reset(); }

    void reset() noexcept
    {
        if (engaged_)
        {
            value_.~F();
            engaged_ = false;
        }
    }
};

template<class F>
class copyable_box : copyable_box_storage<F>
{
    static_assert(std::is_object<F>::value && std::is_copy_constructible<F>::value,
                  "boost::utf: copyable_box keeps a copy-constructible object");

    using storage = copyable_box_storage<F>;

    template<class... A>
    BOOST_UTF_CXX20_CONSTEXPR void emplace(A&&... a) noexcept(std::is_nothrow_constructible<F, A...>::value)
    {
#if BOOST_CXX_VERSION >= 202002L
        std::construct_at(std::addressof(this->value_), std::forward<A>(a)...);
#else
        ::new (static_cast<void*>(std::addressof(this->value_))) F(std::forward<A>(a)...);
#endif
        this->engaged_ = true;
    }

public:
    copyable_box() = default;

    constexpr explicit copyable_box(F const& f) noexcept(std::is_nothrow_copy_constructible<F>::value)
        : storage(std::in_place, f)
    {
    }
    constexpr explicit copyable_box(F&& f) noexcept(std::is_nothrow_move_constructible<F>::value)
        : storage(std::in_place, std::move(f))
    {
    }

    BOOST_UTF_CXX20_CONSTEXPR copyable_box(copyable_box const& other) noexcept(
        std::is_nothrow_copy_constructible<F>::value)
        : storage()
    {
        if (other.engaged_)
            emplace(other.value_);
    }

    BOOST_UTF_CXX20_CONSTEXPR copyable_box(copyable_box&& other) noexcept(
        std::is_nothrow_move_constructible<F>::value)
        : storage()
    {
        if (other.engaged_)
            emplace(std::move(other.value_));
    }

    // If F's constructor throws, the box is left empty.
    BOOST_UTF_CXX20_CONSTEXPR copyable_box& operator=(copyable_box const& other) noexcept(
        std::is_nothrow_copy_constructible<F>::value)
    {
        if (this != std::addressof(other))
        {
            this->reset();
            if (other.engaged_)
                emplace(other.value_);
        }
        return *this;
    }

    BOOST_UTF_CXX20_CONSTEXPR copyable_box& operator=(copyable_box&& other) noexcept(
        std::is_nothrow_move_constructible<F>::value)
    {
        if (this != std::addressof(other))
        {
            this->reset();
            if (other.engaged_)
                emplace(std::move(other.value_));
        }
        return *this;
    }

    constexpr F const& get() const noexcept { return this->value_; }

    // Calls F as const: a policy's state is shared through what it refers to, never kept in
    // one of its copies.
    template<class... A>
    constexpr auto operator()(A&&... a) const
        noexcept(noexcept(std::declval<F const&>()(std::declval<A>()...)))
            -> decltype(std::declval<F const&>()(std::declval<A>()...))
    {
        return this->value_(std::forward<A>(a)...);
    }
};

template<class F>
using boxed_t = std::conditional_t<is_semiregular_v<F>, F, copyable_box<F>>;

// The object a boxed_t holds.
template<class F>
constexpr F const& unbox(F const& f) noexcept
{
    return f;
}
template<class F>
constexpr F const& unbox(copyable_box<F> const& box) noexcept
{
    return box.get();
}

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_COPYABLE_BOX_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_UNICODE_HPP
#define BOOST_UTF_DETAIL_UNICODE_HPP

// What every encoding form shares: which values are Unicode scalar values, and the shape of one
// decoding step. The rules of each form are in utf8.hpp and utf16.hpp.

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace boost {
namespace utf {
namespace detail {

// Code point inputs: char32_t, or any integer with room for 10FFFF.
template<class T>
inline constexpr bool is_code_point_v =
    std::is_same<T, char32_t>::value ||
    (std::is_integral<T>::value && !std::is_same<T, bool>::value &&
     std::numeric_limits<T>::digits >= 21);

// error_kind{} when `value` is a Unicode scalar value (D76: 0..D7FF or E000..10FFFF); otherwise
// why it is not. A negative value converts to one above 10FFFF.
template<class T>
constexpr error_kind check_scalar(T value) noexcept
{
    auto const v = static_cast<std::make_unsigned_t<T>>(value);
    if (v > 0x10FFFFu)
        return error_kind::out_of_range;
    if (v - 0xD800u < 0x800u)
        return error_kind::surrogate;
    return error_kind{};
}

// check_scalar(value) == error_kind{}, with no branch between its two tests, so that a loop over
// a block of values (any_in_block) becomes vector code; check_scalar's branches are what the
// value-by-value paths want.
template<class T>
constexpr bool is_scalar_value(T value) noexcept
{
    auto const v = static_cast<std::make_unsigned_t<T>>(value);
    return v <= 0x10FFFFu && v - 0xD800u >= 0x800u;
}

constexpr bool scalar_value_tests_agree() noexcept
{
    constexpr long long edges[] = {-1, 0, 0x7F, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF,
                                   0x10000, 0x10FFFF, 0x110000, 0x7FFFFFFF, 0x100000041LL};
    for (long long const x : edges)
    {
        if (is_scalar_value(x) != (check_scalar(x) == error_kind{}))
            return false;
        auto const u = static_cast<std::uint32_t>(x);
        if (is_scalar_value(u) != (check_scalar(u) == error_kind{}))
            return false;
    }
    return true;
}
static_assert(scalar_value_tests_agree(), "is_scalar_value and check_scalar state D76 alike");

// Whether `pred(j)` holds for any j in [0, N). Every j is tested, with no early exit, and the
// answers are gathered in an integer: compilers make vector code of such a loop at every level,
// the scalar one included (GCC 12 keeps the loop scalar when they are gathered in a bool). `pred`
// must be a pure test of the values at j, or at j and j + 1.
template<std::size_t N, class Pred>
BOOST_FORCEINLINE bool any_in_block(Pred pred) noexcept
{
    unsigned any = 0;
    BOOST_UTF_DETAIL_VECTOR_LOOP
    for (std::size_t j = 0; j < N; ++j)
        any |= static_cast<unsigned>(pred(j));
    return any != 0;
}

// One step of decoding: a scalar value, or one maximal subpart.
struct decoded
{
    char32_t value;       // the scalar value; for an error, the subpart's first code unit
    unsigned char length; // code units read: 1..4 (UTF-8) or 1..2 (UTF-16) for a scalar; for a subpart, 1..3 or 1
    error_kind kind;      // error_kind{} for a scalar

    constexpr bool ok() const noexcept { return kind == error_kind{}; }
};

// Code units that one decoding step accounts for: the whole element, or only its first code unit
// when the policy reports errors per code unit.
template<bool PerCodeUnit>
constexpr unsigned char step_length(decoded const& d) noexcept
{
    return (PerCodeUnit && !d.ok()) ? 1 : d.length;
}

// One step of decoding backwards: where the element starts, and what it is.
template<class I>
struct decoded_before
{
    I start;
    decoded element;
};

// The encoded form of a scalar value as one integer, first code unit in the lowest bits: what an
// iterator that hands out one code unit at a time keeps, with no array to assemble.
struct encoded_word
{
    std::uint32_t units;
    unsigned char length;
};

} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_UNICODE_HPP

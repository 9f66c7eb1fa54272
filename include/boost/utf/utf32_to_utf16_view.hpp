// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_UTF32_TO_UTF16_VIEW_HPP
#define BOOST_UTF_UTF32_TO_UTF16_VIEW_HPP

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/adaptor.hpp>
#include <boost/utf/detail/encoding_iterator.hpp>
#include <boost/utf/detail/make_view.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/transcoding_view.hpp>
#include <boost/utf/detail/utf16.hpp>

#include <type_traits>

namespace boost {
namespace utf {
namespace detail {

template<class T>
struct check_code_point_to_utf16
{
    static_assert(is_code_point_v<T>,
                  "boost::utf::views::utf32_to_utf16 encodes code points: the range's elements "
                  "must be char32_t or an integer type of at least 21 bits (std::uint32_t, int, "
                  "32-bit wchar_t). To decode UTF-16 code units, use views::utf16");
    static constexpr bool value = is_code_point_v<T>;
};

template<class T>
struct check_utf16_output_unit
{
    static_assert(is_utf16_unit_v<T>,
                  "boost::utf::utf32_to_utf16_view writes UTF-16 code units: choose char16_t, "
                  "std::uint16_t or (where it is 16 bits) wchar_t");
    static constexpr bool value = is_utf16_unit_v<T>;
};

} // namespace detail

// A view of the UTF-16 code units (of type CharT) that encode the code points of V. Each value
// that is not a Unicode scalar value is handed to ErrorPolicy (see policy.hpp).
template<class V, class ErrorPolicy = replace_policy, class CharT = char16_t>
class utf32_to_utf16_view
    : public detail::transcoding_view<utf32_to_utf16_view<V, ErrorPolicy, CharT>, V, ErrorPolicy>
{
    static_assert(detail::rng::view<V> && detail::rng::input_range<V>,
                  "boost::utf::utf32_to_utf16_view<V>: V must be an input view of code points; "
                  "use views::utf32_to_utf16(range) to adapt a container");
    static_assert(detail::check_code_point_to_utf16<detail::rng::range_value_t<V>>::value, "");
    static_assert(detail::check_error_policy<ErrorPolicy>::value, "");
    static_assert(detail::check_utf16_output_unit<CharT>::value, "");

    friend detail::transcoding_view<utf32_to_utf16_view, V, ErrorPolicy>;

    template<bool Const>
    using iterator =
        detail::encoding_iterator<detail::utf16_rules, utf32_to_utf16_view, V, ErrorPolicy, CharT, Const>;
    friend iterator<false>;
    friend iterator<true>;

public:
    using detail::transcoding_view<utf32_to_utf16_view, V, ErrorPolicy>::transcoding_view;
};

template<class R>
utf32_to_utf16_view(R&&) -> utf32_to_utf16_view<detail::rng::all_t<R>>;

template<class R, class P>
utf32_to_utf16_view(R&&, P) -> utf32_to_utf16_view<detail::rng::all_t<R>, P>;

namespace detail {

template<class CharT>
struct utf32_to_utf16_adaptor_traits
{
    template<class V, class P>
    using view = utf32_to_utf16_view<V, P, CharT>;
    template<class T>
    using check_element = check_code_point_to_utf16<T>;

    template<class R>
    static constexpr void refuse_non_range()
    {
        static_assert(always_false_v<R>, "boost::utf::views::utf32_to_utf16(x): x is neither a range of "
                                         "code points nor an error policy (callable as "
                                         "policy(boost::utf::error_info), returning char32_t)");
    }
    template<class R>
    static constexpr void refuse_temporary()
    {
        static_assert(always_false_v<R>, "boost::utf::views::utf32_to_utf16 cannot keep this temporary "
                                         "container alive: store it in a variable and adapt that");
    }
};

} // namespace detail

namespace views {

// views::utf32_to_utf16_as<CharT>: the same adaptor, writing CharT code units (char16_t,
// std::uint16_t, or wchar_t where it is 16 bits).
template<class CharT>
inline constexpr detail::adaptor<detail::make_view<detail::utf32_to_utf16_adaptor_traits<CharT>>>
    utf32_to_utf16_as{};

// views::utf32_to_utf16(r), views::utf32_to_utf16(r, policy), r | views::utf32_to_utf16,
// r | views::utf32_to_utf16(policy)
inline constexpr detail::adaptor<detail::make_view<detail::utf32_to_utf16_adaptor_traits<char16_t>>>
    utf32_to_utf16{};

} // namespace views
} // namespace utf
} // namespace boost

BOOST_UTF_DETAIL_VIEW_TRAITS(utf32_to_utf16_view)

#endif // BOOST_UTF_UTF32_TO_UTF16_VIEW_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_UTF16_VIEW_HPP
#define BOOST_UTF_UTF16_VIEW_HPP

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/adaptor.hpp>
#include <boost/utf/detail/decoding_iterator.hpp>
#include <boost/utf/detail/make_view.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/transcoding_view.hpp>
#include <boost/utf/detail/utf16.hpp>

#include <type_traits>

namespace boost {
namespace utf {
namespace detail {

// One message for each way to get the element type wrong, and only the one that applies.
template<class T>
struct check_utf16_unit
{
    static constexpr bool is_wchar = std::is_same<T, wchar_t>::value;
    static constexpr bool wide_utf32 = is_wchar && sizeof(wchar_t) != 2;
    static constexpr bool bytes = !is_wchar && sizeof(T) == 1;
    static constexpr bool code_points = !is_wchar && is_code_point_v<T>;

    static_assert(!wide_utf32,
                  "boost::utf::views::utf16: wchar_t is 32 bits on this platform, so a wchar_t "
                  "string holds code points (UTF-32), not UTF-16; to encode it as UTF-8, use "
                  "views::utf32_to_utf8 (as UTF-16, views::utf32_to_utf16)");
    static_assert(!bytes, "boost::utf::views::utf16 decodes UTF-16, but the range's elements are "
                          "8 bits: to decode UTF-8, use views::utf8");
    static_assert(!code_points, "boost::utf::views::utf16 decodes UTF-16, but the range's elements "
                                "are code points (32 bits): to encode them as UTF-16, use "
                                "views::utf32_to_utf16");
    static_assert(is_utf16_unit_v<T> || wide_utf32 || bytes || code_points,
                  "boost::utf::views::utf16 decodes UTF-16: the range's elements must be "
                  "char16_t, std::uint16_t or (where it is 16 bits) wchar_t");
    static constexpr bool value = is_utf16_unit_v<T>;
};

} // namespace detail

// A view of the char32_t code points that the UTF-16 code units of V encode. Each unpaired
// surrogate is handed to ErrorPolicy (see policy.hpp), one code unit at a time.
template<class V, class ErrorPolicy = replace_policy>
class utf16_view : public detail::transcoding_view<utf16_view<V, ErrorPolicy>, V, ErrorPolicy>
{
    static_assert(detail::rng::view<V> && detail::rng::input_range<V>,
                  "boost::utf::utf16_view<V>: V must be an input view of UTF-16 code units; "
                  "use views::utf16(range) to adapt a container");
    static_assert(detail::check_utf16_unit<detail::rng::range_value_t<V>>::value, "");
    static_assert(detail::check_error_policy<ErrorPolicy>::value, "");

    friend detail::transcoding_view<utf16_view, V, ErrorPolicy>;

    template<bool Const>
    using iterator = detail::decoding_iterator<detail::utf16_rules, utf16_view, V, ErrorPolicy, Const>;
    friend iterator<false>;
    friend iterator<true>;

public:
    using detail::transcoding_view<utf16_view, V, ErrorPolicy>::transcoding_view;
};

template<class R>
utf16_view(R&&) -> utf16_view<detail::rng::all_t<R>>;

template<class R, class P>
utf16_view(R&&, P) -> utf16_view<detail::rng::all_t<R>, P>;

namespace detail {

struct utf16_adaptor_traits
{
    template<class V, class P>
    using view = utf16_view<V, P>;
    template<class T>
    using check_element = check_utf16_unit<T>;

    template<class R>
    static constexpr void refuse_non_range()
    {
        static_assert(always_false_v<R>, "boost::utf::views::utf16(x): x is neither a range of UTF-16 "
                                         "code units nor an error policy (callable as "
                                         "policy(boost::utf::error_info), returning char32_t)");
    }
    template<class R>
    static constexpr void refuse_temporary()
    {
        static_assert(always_false_v<R>, "boost::utf::views::utf16 cannot keep this temporary container "
                                         "alive: store it in a variable and adapt that");
    }
};

} // namespace detail

namespace views {

// views::utf16(r), views::utf16(r, policy), r | views::utf16, r | views::utf16(policy)
inline constexpr detail::adaptor<detail::make_view<detail::utf16_adaptor_traits>> utf16{};

} // namespace views
} // namespace utf
} // namespace boost

BOOST_UTF_DETAIL_VIEW_TRAITS(utf16_view)

#endif // BOOST_UTF_UTF16_VIEW_HPP

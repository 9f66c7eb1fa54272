// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_UTF8_VIEW_HPP
#define BOOST_UTF_UTF8_VIEW_HPP

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/adaptor.hpp>
#include <boost/utf/detail/decoding_iterator.hpp>
#include <boost/utf/detail/make_view.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/transcoding_view.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <type_traits>

namespace boost {
namespace utf {
namespace detail {

template<class T>
struct check_code_unit
{
    static_assert(is_code_unit_v<T>,
                  "boost::utf::views::utf8 decodes UTF-8: the range's elements must be char, "
                  "signed char, unsigned char, char8_t or std::byte. For UTF-16 code units "
                  "(char16_t), use views::utf16; to turn code points (char32_t) into UTF-8, use "
                  "views::utf32_to_utf8");
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
    using iterator = detail::decoding_iterator<detail::utf8_rules, utf8_view, V, ErrorPolicy, Const>;
    friend iterator<false>;
    friend iterator<true>;

public:
    using detail::transcoding_view<utf8_view, V, ErrorPolicy>::transcoding_view;
};

template<class R>
utf8_view(R&&) -> utf8_view<detail::rng::all_t<R>>;

template<class R, class P>
utf8_view(R&&, P) -> utf8_view<detail::rng::all_t<R>, P>;

namespace detail {

struct utf8_adaptor_traits
{
    template<class V, class P>
    using view = utf8_view<V, P>;
    template<class T>
    using check_element = check_code_unit<T>;

    template<class R>
    static constexpr void refuse_non_range()
    {
        static_assert(always_false_v<R>, "boost::utf::views::utf8(x): x is neither a range of UTF-8 code "
                                         "units nor an error policy (callable as "
                                         "policy(boost::utf::error_info), returning char32_t)");
    }
    template<class R>
    static constexpr void refuse_temporary()
    {
        static_assert(always_false_v<R>, "boost::utf::views::utf8 cannot keep this temporary container "
                                         "alive: store it in a variable and adapt that");
    }
};

} // namespace detail

namespace views {

// views::utf8(r), views::utf8(r, policy), r | views::utf8, r | views::utf8(policy)
inline constexpr detail::adaptor<detail::make_view<detail::utf8_adaptor_traits>> utf8{};

} // namespace views
} // namespace utf
} // namespace boost

BOOST_UTF_DETAIL_VIEW_TRAITS(utf8_view)

#endif // BOOST_UTF_UTF8_VIEW_HPP

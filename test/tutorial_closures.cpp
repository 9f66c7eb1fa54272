// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The tutorial's snippets for lambdas as policies and for adaptors composed before they are
// applied (doc/tutorial.adoc includes the tagged regions below), compiled and run in C++17 and
// C++20 (the std::views ones in C++20 only).

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE tutorial_closures
#include <boost/test/unit_test.hpp>

#include <range/v3/range/conversion.hpp>
#include <range/v3/view/reverse.hpp>
#include <range/v3/view/take.hpp>

#include <string>
#include <vector>

#if BOOST_UTF_STD_RANGES
#include <algorithm>
#include <iterator>
#include <ranges>
#endif

namespace views = boost::utf::views;

BOOST_AUTO_TEST_CASE(lambda_policies)
{
    std::string const bytes = "ok \xC0\xAF \xED\xA0\x80 end";

    // tag::lambda_policy[]
    // A lambda is a policy too, capturing or not.
    std::vector<std::size_t> offsets;
    std::u32string text;
    for (char32_t c : bytes | views::utf8([&offsets](boost::utf::error_info const& e) {
                          offsets.push_back(e.offset);
                          return U'?';
                      }))
        text += c;
    // text == U"ok ?? ??? end", offsets == {3, 4, 6, 7, 8}

    auto const drop_all = [](boost::utf::error_info const&) {
        return boost::utf::no_replacement;
    };
    auto const clean = boost::utf::to<std::u32string>(views::utf8(bytes, drop_all));
    // clean == U"ok   end"
    // end::lambda_policy[]

    BOOST_TEST((text == U"ok ?? ??? end"));
    BOOST_TEST((offsets == std::vector<std::size_t>{3, 4, 6, 7, 8}));
    BOOST_TEST((clean == U"ok   end"));
}

BOOST_AUTO_TEST_CASE(compose_with_range_v3)
{
    std::string const bytes = "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xC0 world";

    // tag::compose_range_v3[]
    // Adaptors compose before they are applied, into an adaptor of their own.
    auto const last_five = views::utf8 | ranges::views::reverse | ranges::views::take(5);
    auto const tail = bytes | last_five | ranges::to<std::u32string>();
    // tail == U"dlrow"
    // end::compose_range_v3[]

    BOOST_TEST((tail == U"dlrow"));
}

#if BOOST_UTF_STD_RANGES
BOOST_AUTO_TEST_CASE(compose_with_std_views)
{
    std::string const bytes = "\xCE\xBA\xCF\x8C\xCF\x83\xCE\xBC\xCE\xB5 \xC0 world";

    // tag::compose_std[]
    // The first two code points of anything, as one adaptor.
    auto const first_two = views::utf8 | std::views::take(2);
    std::u32string head;
    std::ranges::copy(bytes | first_two, std::back_inserter(head));
    // head == U"κό"

    // The same with the bytes cut first: std::views on the left of views::utf8.
    auto const decode_prefix = std::views::take(4) | views::utf8;
    std::u32string prefix;
    std::ranges::copy(bytes | decode_prefix, std::back_inserter(prefix));
    // prefix == U"κό"
    // end::compose_std[]

    BOOST_TEST((head == U"\u03ba\u03cc"));
    BOOST_TEST((prefix == U"\u03ba\u03cc"));
}
#endif

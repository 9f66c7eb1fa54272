// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Built with -fno-exceptions: the replace and skip policies work, in both directions and for
// both views. (throw_on_error is refused: compile_fail/throw_policy_without_exceptions.cpp.)

#include <boost/utf.hpp>

#include <boost/core/lightweight_test.hpp>

#include <string>
#include <utility>
#include <vector>

#ifndef BOOST_NO_EXCEPTIONS
#  error "build this test with -fno-exceptions"
#endif

namespace utf = boost::utf;

namespace {

template<class View>
auto forwards(View const& v)
{
    std::vector<std::decay_t<decltype(*v.begin())>> out;
    for (auto it = v.begin(); it != v.end(); ++it)
        out.push_back(*it);
    return out;
}

template<class View>
auto backwards(View const& v)
{
    std::vector<std::decay_t<decltype(*v.begin())>> out;
    auto const first = v.begin();
    for (auto it = v.end(); it != first;)
        out.insert(out.begin(), *--it);
    return out;
}

// Counts errors without throwing: a user policy works as well.
struct counting_policy
{
    int* count = nullptr;

    char32_t operator()(utf::error_info const&) const noexcept
    {
        ++*count;
        return U'?';
    }
};

} // namespace

int main()
{
    // Unicode's Table 3-8 example: eight maximal subparts, then 'A'.
    std::string const bad = "\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41";
    std::vector<char32_t> const replaced(8, U'\uFFFD');
    std::vector<char32_t> want = replaced;
    want.push_back(U'A');

    auto const r = bad | utf::views::utf8;
    BOOST_TEST(forwards(r) == want);
    BOOST_TEST(backwards(r) == want);
    using iterator = decltype(r.begin());
    static_assert(noexcept(++std::declval<iterator&>()) && noexcept(--std::declval<iterator&>()),
                  "replace_policy over std::string never throws, and says so");

    auto const s = bad | utf::views::utf8(utf::skip_on_error);
    BOOST_TEST(forwards(s) == std::vector<char32_t>{U'A'});
    BOOST_TEST(backwards(s) == std::vector<char32_t>{U'A'});

    int errors = 0;
    auto const c = utf::views::utf8(bad, counting_policy{&errors});
    BOOST_TEST_EQ(forwards(c).size(), 9u);
    BOOST_TEST_EQ(errors, 8);

    std::vector<char32_t> const cps{U'a', 0xD800, U'\u20AC', 0x110000};
    auto const e = cps | utf::views::utf32_to_utf8_as<char>;
    BOOST_TEST(forwards(e) == (std::vector<char>{'a', '\xEF', '\xBF', '\xBD', '\xE2', '\x82', '\xAC', '\xEF', '\xBF', '\xBD'}));
    BOOST_TEST(backwards(e) == forwards(e));
    auto const es = utf::views::utf32_to_utf8_as<char>(cps, utf::skip_on_error);
    BOOST_TEST(forwards(es) == (std::vector<char>{'a', '\xE2', '\x82', '\xAC'}));
    BOOST_TEST(backwards(es) == forwards(es));

    return boost::report_errors();
}

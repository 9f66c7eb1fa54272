// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// What an iterator of any view costs to keep and to copy: a few words, trivially copyable
// over pointers, and no allocation while walking a range in either direction, whatever the
// input and the policy.

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE footprint
#include <boost/test/unit_test.hpp>

#include "counting_new.hpp"
#include "test_support.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <list>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {

template<class R>
using iterator_of = decltype(std::declval<R&>().begin());

using decode_replace = iterator_of<utf::utf8_view<std::string_view>>;
using decode_skip = iterator_of<utf::utf8_view<std::string_view, utf::skip_policy>>;
using encode_replace = iterator_of<utf::utf32_to_utf8_view<std::u32string_view>>;
using encode_skip = iterator_of<utf::utf32_to_utf8_view<std::u32string_view, utf::skip_policy>>;
using decode16_replace = iterator_of<utf::utf16_view<std::u16string_view>>;
using encode16_replace = iterator_of<utf::utf32_to_utf16_view<std::u32string_view>>;

// Five words: the position, the end, the start (for offsets and stepping back), and the element.
constexpr std::size_t five_words = 5 * sizeof(void*);

static_assert(sizeof(decode_replace) <= five_words, "the decoding iterator has grown");
static_assert(sizeof(decode_skip) <= five_words, "the decoding iterator has grown");
static_assert(sizeof(encode_replace) <= five_words, "the encoding iterator has grown");
static_assert(sizeof(encode_skip) <= five_words, "the encoding iterator has grown");
static_assert(sizeof(decode16_replace) <= five_words, "the UTF-16 decoding iterator has grown");
static_assert(sizeof(encode16_replace) <= five_words, "the UTF-16 encoding iterator has grown");

static_assert(std::is_trivially_copyable<decode_replace>::value &&
                  std::is_trivially_copyable<decode_skip>::value &&
                  std::is_trivially_copyable<encode_replace>::value &&
                  std::is_trivially_copyable<encode_skip>::value &&
                  std::is_trivially_copyable<decode16_replace>::value &&
                  std::is_trivially_copyable<encode16_replace>::value,
              "over pointers, copying an iterator should be copying its words");

template<class T>
std::size_t value_of(T x)
{
    if constexpr (sizeof(T) == 1)
        return static_cast<unsigned char>(x);
    else
        return static_cast<std::size_t>(x);
}

// Walks forwards, then backwards when the view allows it, and returns what it saw, so that
// nothing can be optimised away.
template<class View>
std::size_t walk(View&& v)
{
    std::size_t sum = 0;
    auto it = v.begin();
    auto const last = v.end();
    for (; it != last; ++it)
        sum += value_of(*it);
    if constexpr (std::is_base_of<std::bidirectional_iterator_tag,
                                  typename decltype(it)::iterator_concept>::value)
    {
        while (it != v.begin())
        {
            --it;
            sum += value_of(*it);
        }
    }
    return sum;
}

// Calls f and checks that it allocated nothing; returns f's result.
template<class F>
std::size_t without_allocating(F f)
{
    std::size_t const before = test::allocations.load();
    std::size_t const r = f();
    std::size_t const allocated = test::allocations.load() - before;
    BOOST_TEST(allocated == 0u);
    return r;
}

// Well-formed text in all four lengths, then each kind of error.
std::string const text = test::bytes("41 C3 A9 E2 82 AC F0 9F 98 80 80 C0 AF E0 80 ED A0 80 F4 90 80 80 "
                                     "F8 E2 82 F0 9F 98");

} // namespace

BOOST_AUTO_TEST_CASE(counting_allocator_counts)
{
    // The check below is only worth something if the replacement operator new is the one used.
    std::size_t const before = test::allocations.load();
    std::string* s = new std::string(64, 'x');
    delete s;
    std::size_t const allocated = test::allocations.load() - before;
    BOOST_TEST(allocated >= 1u);
}

BOOST_AUTO_TEST_CASE(decoding_allocates_nothing)
{
    std::string_view const sv = text;
    std::list<char> const list(text.begin(), text.end()); // built before counting
    std::size_t const replaced = without_allocating([&] { return walk(sv | views::utf8); });
    std::size_t const skipped =
        without_allocating([&] { return walk(sv | views::utf8(utf::skip_on_error)); });
    std::size_t const from_list = without_allocating([&] { return walk(list | views::utf8); });
    // The walks saw the elements (each twice), and the replacements only where they should.
    BOOST_TEST(replaced == from_list);
    BOOST_TEST(replaced > skipped);
    BOOST_TEST((replaced - skipped) % 0xFFFDu == 0u);
}

BOOST_AUTO_TEST_CASE(encoding_allocates_nothing)
{
    std::u32string const cps = {U'A',         U'\u00E9',       U'\u20AC', U'\U0001F600',
                                char32_t(0xD800), char32_t(0x110000)};
    std::u32string_view const sv = cps;
    std::list<char32_t> const list(cps.begin(), cps.end());
    std::size_t const replaced = without_allocating([&] { return walk(sv | views::utf32_to_utf8); });
    std::size_t const skipped =
        without_allocating([&] { return walk(sv | views::utf32_to_utf8(utf::skip_on_error)); });
    std::size_t const from_list =
        without_allocating([&] { return walk(list | views::utf32_to_utf8); });
    BOOST_TEST(replaced == from_list);
    BOOST_TEST(replaced > skipped);
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_GUARDED_MEMORY_HPP
#define BOOST_UTF_TEST_GUARDED_MEMORY_HPP

// The tests that check that the bulk operations read and write nothing outside their ranges: at
// every alignment, and in memory with an inaccessible page against it (guarded_array.hpp).

#include <boost/test/unit_test.hpp>
#include <boost/utf/algorithm.hpp>

#include "guarded_array.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <utility>

namespace test {

// `offset` elements past the first element at or after p that starts a `line`-byte boundary: for
// the tests that put a kernel's input or output at every alignment. The memory from p must hold
// line / sizeof(T) elements more than the test uses past the result.
template<class T>
T* at_alignment(T* p, std::size_t line, std::size_t offset)
{
    std::size_t const to_line = (line - reinterpret_cast<std::uintptr_t>(p) % line) % line / sizeof(T);
    return p + to_line + offset;
}

// `r` copied into `a`, which is as long: the view of it that the tests read, with the guard right
// after (or before) it.
template<class T, class Range>
std::basic_string_view<T> guarded_copy(guarded_array<T> const& a, Range const& r)
{
    std::copy(std::begin(r), std::end(r), a.begin());
    return std::basic_string_view<T>(a.begin(), a.size());
}

// `view` copied by boost::utf::copy into exactly the room `expected` (a string of the output's
// code units) needs, with the guard page right after it: the copy returns the end of that room
// and has written `expected` there, and a store past it faults.
template<class View, class Expected>
void copies_into_exact_room(View&& view, Expected const& expected)
{
    using unit = typename Expected::value_type;
    guarded_array<unit> const out(expected.size(), false);
    unit* const end = boost::utf::copy(std::forward<View>(view), out.begin());
    BOOST_TEST((end == out.end()));
    BOOST_TEST((std::basic_string_view<unit>(out.begin(), out.size()) ==
                std::basic_string_view<unit>(expected.data(), expected.size())));
}

} // namespace test

#endif // BOOST_UTF_TEST_GUARDED_MEMORY_HPP

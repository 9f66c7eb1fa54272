// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: walking backwards over a view of a forward-only range (std::forward_list).
// The control walks forwards.

#include <boost/utf.hpp>

#include <forward_list>
#include <iterator>

int main()
{
    std::forward_list<char> const in{'a', 'b'};
    auto v = in | boost::utf::views::utf8;
    auto it = v.begin();
    ++it;
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    ++it;
#else
    --it;
#endif
    return it == v.end() ? 0 : 1;
}

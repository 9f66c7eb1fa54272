// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: walking backwards over utf32_to_utf8 of a forward-only range. The control
// walks forwards.

#include <boost/utf.hpp>

#include <forward_list>

int main()
{
    std::forward_list<char32_t> const in{U'a'};
    auto v = in | boost::utf::views::utf32_to_utf8;
    auto it = v.begin();
    ++it;
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    return it == v.end() ? 0 : 1;
#else
    --it;
    return *it == 'a' ? 0 : 1;
#endif
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: views::utf8 over a range of int, which are not UTF-8 code units.
// With BOOST_UTF_COMPILE_FAIL_CONTROL the same program over char compiles: the refusal comes
// from the misuse, not from a mistake elsewhere in this file.

#include <boost/utf.hpp>

#include <vector>

int main()
{
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    std::vector<char> const in{'a'};
#else
    std::vector<int> const in{'a'};
#endif
    auto v = in | boost::utf::views::utf8;
    return *v.begin() == U'a' ? 0 : 1;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: views::utf32_to_utf8 over char, which holds UTF-8 code units, not code
// points (8 bits cannot hold U+10FFFF). The control encodes a range of int.

#include <boost/utf.hpp>

#include <string>
#include <vector>

int main()
{
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    std::vector<int> const in{'a'};
#else
    std::string const in = "a";
#endif
    auto v = boost::utf::views::utf32_to_utf8(in, boost::utf::replace_on_error);
    return *v.begin() == 'a' ? 0 : 1;
}

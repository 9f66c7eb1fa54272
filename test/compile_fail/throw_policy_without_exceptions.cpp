// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile when built with -fno-exceptions: throw_on_error has nothing to throw with.
// The control, built the same way, uses replace_on_error.

#include <boost/utf.hpp>

#include <string>

int main()
{
    std::string const in = "a\x80";
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    auto v = in | boost::utf::views::utf8(boost::utf::replace_on_error);
#else
    auto v = in | boost::utf::views::utf8(boost::utf::throw_on_error);
#endif
    int n = 0;
    for (char32_t c : v)
        n += c == U'a';
    return n == 1 ? 0 : 1;
}

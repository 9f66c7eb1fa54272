// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: a mutable lambda as an error policy. Iterators keep copies of the policy, so
// a count kept inside the lambda would be split between them. The control captures the count by
// reference.

#include <boost/utf.hpp>

#include <cstddef>
#include <string>

int main()
{
    std::string const in = "a\x80";
    std::size_t count = 0;
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    auto v = in | boost::utf::views::utf8([&count](boost::utf::error_info const&) {
                 ++count;
                 return U'?';
             });
#else
    auto v = in | boost::utf::views::utf8([count](boost::utf::error_info const&) mutable {
                 ++count;
                 return U'?';
             });
#endif
    return *v.begin() == U'a' ? static_cast<int>(count) : 1;
}

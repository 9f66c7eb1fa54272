// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: an int passed where the pipe form expects an error policy,
// range | views::utf8(policy). The control passes replace_policy{U'?'}.

#include <boost/utf.hpp>

#include <string>

int main()
{
    std::string const in = "a";
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    auto v = in | boost::utf::views::utf8(boost::utf::replace_policy{U'?'});
#else
    auto v = in | boost::utf::views::utf8('?');
#endif
    return *v.begin() == U'a' ? 0 : 1;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: views::utf32_to_utf8 over floating-point values. The control encodes char32_t.

#include <boost/utf.hpp>

#include <vector>

int main()
{
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    std::vector<char32_t> const in{U'a'};
#else
    std::vector<float> const in{97.0f};
#endif
    auto v = in | boost::utf::views::utf32_to_utf8;
    return *v.begin() == 'a' ? 0 : 1;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: views::utf16 over char32_t, which holds code points. The control decodes
// std::uint16_t.

#include <boost/utf.hpp>

#include <cstdint>
#include <vector>

int main()
{
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    std::vector<std::uint16_t> const in{'a'};
#else
    std::vector<char32_t> const in{U'a'};
#endif
    auto v = in | boost::utf::views::utf16;
    return *v.begin() == U'a' ? 0 : 1;
}

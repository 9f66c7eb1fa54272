// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: views::utf8 over UTF-16 code units (char16_t). The control decodes char8_t
// (C++20) or unsigned char (C++17).

#include <boost/utf.hpp>

#include <string>

int main()
{
#if !defined(BOOST_UTF_COMPILE_FAIL_CONTROL)
    std::u16string const in = u"a";
#elif BOOST_UTF_HAS_CHAR8_T
    std::u8string const in = u8"a";
#else
    std::basic_string<unsigned char> const in(1, 'a');
#endif
    auto v = boost::utf::views::utf8(in);
    return *v.begin() == U'a' ? 0 : 1;
}

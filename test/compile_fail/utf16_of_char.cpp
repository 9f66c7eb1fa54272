// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: views::utf16 over char, which holds UTF-8 code units. The control decodes
// char16_t.

#include <boost/utf.hpp>

#include <string>

int main()
{
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    std::u16string const in = u"a";
#else
    std::string const in = "a";
#endif
    auto v = boost::utf::views::utf16(in);
    return *v.begin() == U'a' ? 0 : 1;
}

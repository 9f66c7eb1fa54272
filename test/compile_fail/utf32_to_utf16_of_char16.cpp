// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: views::utf32_to_utf16 over char16_t, which holds UTF-16 code units, not
// code points. The control encodes char32_t.

#include <boost/utf.hpp>

#include <string>

int main()
{
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    std::u32string const in = U"a";
#else
    std::u16string const in = u"a";
#endif
    auto v = boost::utf::views::utf32_to_utf16(in);
    return *v.begin() == u'a' ? 0 : 1;
}

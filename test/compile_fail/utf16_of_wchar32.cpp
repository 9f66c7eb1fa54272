// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile where wchar_t is 32 bits: views::utf16 over wchar_t, which then holds code
// points. The control encodes the same string with views::utf32_to_utf8, as the message says.
// Where wchar_t is 16 bits this test does not apply (CMake and b2 leave it out).

#include <boost/utf.hpp>

#include <string>

int main()
{
    std::wstring const in = L"a";
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    auto v = boost::utf::views::utf32_to_utf8(in);
    return *v.begin() == 'a' ? 0 : 1;
#else
    auto v = boost::utf::views::utf16(in);
    return *v.begin() == U'a' ? 0 : 1;
#endif
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Builds against Boost.UTF as a user's project does, and checks that what it got works.

#include <boost/utf.hpp>

#include <cstdio>
#include <string>

#ifdef PACKAGE_VERSION
static_assert(BOOST_UTF_VERSION == PACKAGE_VERSION, "the CMake package and the headers disagree on the version");
#endif

int main()
{
    std::string const bytes = "caf\xC3\xA9 \xC0\xAF";
    std::u32string text;
    for (char32_t c : bytes | boost::utf::views::utf8)
        text += c;
    std::string again;
    for (char c : text | boost::utf::views::utf32_to_utf8_as<char>)
        again += c;
    bool const ok = text == U"caf\u00e9 \uFFFD\uFFFD" && again == "caf\xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD";
    std::printf("consumer, C++%ld, Boost.UTF %d: %s\n", __cplusplus / 100 - 2000, BOOST_UTF_VERSION,
                ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The README's example, compiled and run as a test so that it stays true. The README holds the
// tagged part word for word (CTest test readme_quick_start); the checks after it are the test.

#include <boost/utf.hpp>

#include <string>

int main()
{
    // tag::quick_start[]
    std::string const bytes = "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xC0\xAF";

    std::u32string text;
    for (char32_t c : bytes | boost::utf::views::utf8) // ill-formed bytes become U+FFFD
        text += c;
    // text == U"caf\u00e9 \U0001F375 \uFFFD\uFFFD"

    std::string again;
    for (char c : text | boost::utf::views::utf32_to_utf8_as<char>)
        again += c;
    // again == "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xEF\xBF\xBD\xEF\xBF\xBD"

    std::u32string strict;
    boost::utf::error_kind kind{};
    std::size_t offset = 0;
    try
    {
        for (char32_t c : bytes | boost::utf::views::utf8(boost::utf::throw_on_error))
            strict += c;
    }
    catch (boost::utf::utf_error const& e)
    {
        kind = e.kind();     // boost::utf::error_kind::overlong
        offset = e.offset(); // 11: the C0 byte
    }
    // end::quick_start[]

    std::u32string skipped;
    for (char32_t c : bytes | boost::utf::views::utf8(boost::utf::skip_on_error))
        skipped += c;

    bool const ok = text == U"caf\u00e9 \U0001F375 \uFFFD\uFFFD" &&
                    again == "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xEF\xBF\xBD\xEF\xBF\xBD" &&
                    strict == U"caf\u00e9 \U0001F375 " && kind == boost::utf::error_kind::overlong &&
                    offset == 11 && skipped == U"caf\u00e9 \U0001F375 ";
    return ok ? 0 : 1;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The README's example, compiled and run as a test so that it stays true.

#include <boost/utf.hpp>

#include <string>

int main()
{
    namespace views = boost::utf::views;

    // tag::quick_start[]
    std::string const bytes = "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xC0\xAF";

    std::u32string text;
    for (char32_t c : bytes | views::utf8) // ill-formed bytes become U+FFFD
        text += c;
    // text == U"caf\u00e9 \U0001F375 \uFFFD\uFFFD"

    std::string again;
    for (char c : text | views::utf32_to_utf8_as<char>)
        again += c;
    // again == "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xEF\xBF\xBD\xEF\xBF\xBD"

    std::size_t errors = 0;
    for (char32_t c : bytes | views::utf8(boost::utf::skip_on_error))
        errors += (c == U'\uFFFD'); // never: skip drops ill-formed bytes

    try
    {
        for (char32_t c : bytes | views::utf8(boost::utf::throw_on_error))
            (void)c;
    }
    catch (boost::utf::utf_error const& e)
    {
        // e.kind() == boost::utf::error_kind::overlong, e.offset() == 11
        if (e.kind() != boost::utf::error_kind::overlong || e.offset() != 11)
            return 1;
    }
    // end::quick_start[]

    if (text != U"caf\u00e9 \U0001F375 \uFFFD\uFFFD")
        return 1;
    if (again != "caf\xC3\xA9 \xF0\x9F\x8D\xB5 \xEF\xBF\xBD\xEF\xBF\xBD")
        return 1;
    return errors == 0 ? 0 : 1;
}

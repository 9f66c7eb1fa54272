// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The snippets of doc/utf16_view.adoc and doc/utf32_to_utf16_view.adoc, compiled and run as a
// test so that they stay true.

#include <boost/utf.hpp>

#include <cstdint>
#include <string>
#include <vector>

int main()
{
    namespace utf = boost::utf;
    namespace views = boost::utf::views;

    // tag::decode[]
    std::u16string const units = {u'A', 0xD83D, 0xDE00, 0xDC00, u'B'}; // the last but one is unpaired

    std::u32string text;
    for (char32_t c : units | views::utf16) // each unpaired surrogate becomes U+FFFD
        text += c;
    // text == U"A\U0001F600\uFFFDB"

    std::size_t where = 0;
    try
    {
        for (char32_t c : units | views::utf16(utf::throw_on_error))
            (void)c;
    }
    catch (utf::utf_error const& e)
    {
        where = e.offset(); // 3, counted in 16-bit code units; e.kind() is unexpected_continuation
    }
    // end::decode[]

    // tag::encode[]
    std::u32string const code_points = {U'A', U'\U0001F600', char32_t(0xD800)};

    std::u16string out; // char16_t by default
    for (char16_t u : code_points | views::utf32_to_utf16)
        out += u;
    // out == u"A\U0001F600\uFFFD": a surrogate pair for U+1F600, U+FFFD for the lone D800

    std::vector<std::uint16_t> raw; // or choose the code unit type
    for (std::uint16_t u : code_points | views::utf32_to_utf16_as<std::uint16_t>(utf::skip_on_error))
        raw.push_back(u);
    // raw == {0x0041, 0xD83D, 0xDE00}
    // end::encode[]

    // tag::transcode[]
    std::string const bytes = "caf\xC3\xA9 \xF0\x9F\x8D\xB5";
    std::u16string const wide = utf::to<std::u16string>(bytes | views::utf8 | views::utf32_to_utf16);
    std::string const back = utf::to<std::string>(wide | views::utf16 | views::utf32_to_utf8_as<char>);
    // wide == u"caf\u00e9 \U0001F375", back == bytes
    // end::transcode[]

    if (text != U"A\U0001F600\uFFFDB" || where != 3)
        return 1;
    if (out != u"A\U0001F600\uFFFD" || raw != std::vector<std::uint16_t>{0x0041, 0xD83D, 0xDE00})
        return 1;
    if (wide != u"caf\u00e9 \U0001F375" || back != bytes)
        return 1;
    return 0;
}

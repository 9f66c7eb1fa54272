// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Properties, against ICU, for UTF-16 and the transcoding compositions:
//   - views::utf16 with replace_on_error gives what a U16_NEXT_OR_FFFD loop gives (the input read
//     as 16-bit code units), and its errors are where U16_NEXT returns an unpaired surrogate;
//   - bytes | views::utf8 | views::utf32_to_utf16 gives u_strFromUTF8WithSub's output with U+FFFD,
//     lazily and through utf::to;
//   - units | views::utf16 | views::utf32_to_utf8 gives u_strToUTF8WithSub's output with U+FFFD,
//     lazily and through utf::to;
//   - units | views::utf16 | views::utf32_to_utf16 through utf::to gives the U16_NEXT_OR_FFFD code
//     points in UTF-16, and is_valid and find_invalid see the first error U16_NEXT sees.

#include "fuzz_support.hpp"

#include <cstring>
#include <span>
#include <string>

#include <unicode/ustring.h>
#include <unicode/utf16.h>

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::u16string units(size / 2, u'\0');
    std::memcpy(units.data(), data, units.size() * 2);
    auto const n16 = static_cast<std::int32_t>(units.size());

    // U16_NEXT_OR_FFFD, and U16_NEXT for where the errors are.
    code_points icu;
    std::vector<error> icu_errors;
    for (std::int32_t i = 0; i < n16;)
    {
        std::int32_t const start = i;
        UChar32 c;
        U16_NEXT_OR_FFFD(units.data(), i, n16, c);
        icu.push_back(static_cast<char32_t>(c));
        std::int32_t j = start;
        UChar32 d;
        U16_NEXT(units.data(), j, n16, d);
        BOOST_UTF_FUZZ_CHECK(j == i);
        if (U_IS_SURROGATE(d))
            icu_errors.push_back({U16_IS_SURROGATE_LEAD(d) ? utf::error_kind::truncated
                                                           : utf::error_kind::unexpected_continuation,
                                  std::size_t(start), 1});
    }
    BOOST_UTF_FUZZ_CHECK(forwards(units | utf::views::utf16) == icu);
    std::vector<error> log;
    forwards(utf::views::utf16(units, recording_policy{&log}));
    BOOST_UTF_FUZZ_CHECK(log == icu_errors);

    // UTF-16 to UTF-16, and validation.
    {
        std::u16string icu16;
        for (char32_t c : icu)
        {
            UChar buffer[2];
            std::int32_t k = 0;
            U16_APPEND_UNSAFE(buffer, k, c);
            icu16.append(reinterpret_cast<char16_t const*>(buffer), static_cast<std::size_t>(k));
        }
        BOOST_UTF_FUZZ_CHECK(utf::to<std::u16string>(units | utf::views::utf16 | utf::views::utf32_to_utf16) == icu16);
        std::size_t const first = icu_errors.empty() ? units.size() : icu_errors.front().offset;
        BOOST_UTF_FUZZ_CHECK(utf::is_valid(units) == icu_errors.empty());
        BOOST_UTF_FUZZ_CHECK(static_cast<std::size_t>(utf::find_invalid(units) - units.begin()) == first);
    }

    // UTF-16 to UTF-8.
    {
        UErrorCode status = U_ZERO_ERROR;
        std::int32_t length = 0;
        std::string icu8(static_cast<std::size_t>(n16) * 3 + 1, '\0');
        u_strToUTF8WithSub(icu8.data(), static_cast<std::int32_t>(icu8.size()), &length,
                           reinterpret_cast<UChar const*>(units.data()), n16, 0xFFFD, nullptr, &status);
        BOOST_UTF_FUZZ_CHECK(U_SUCCESS(status));
        icu8.resize(static_cast<std::size_t>(length));
        auto const lazy = forwards(units | utf::views::utf16 | utf::views::utf32_to_utf8_as<char>);
        BOOST_UTF_FUZZ_CHECK(std::string(lazy.begin(), lazy.end()) == icu8);
        BOOST_UTF_FUZZ_CHECK(utf::to<std::string>(units | utf::views::utf16 | utf::views::utf32_to_utf8_as<char>) ==
                             icu8);
    }

    // UTF-8 to UTF-16, the whole input as bytes.
    {
        std::span<char const> const bytes(reinterpret_cast<char const*>(data), size);
        UErrorCode status = U_ZERO_ERROR;
        std::int32_t length = 0;
        std::u16string icu16(size + 1, u'\0');
        u_strFromUTF8WithSub(reinterpret_cast<UChar*>(icu16.data()), static_cast<std::int32_t>(icu16.size()),
                             &length, bytes.data(), static_cast<std::int32_t>(size), 0xFFFD, nullptr, &status);
        BOOST_UTF_FUZZ_CHECK(U_SUCCESS(status));
        icu16.resize(static_cast<std::size_t>(length));
        auto const lazy = forwards(bytes | utf::views::utf8 | utf::views::utf32_to_utf16);
        BOOST_UTF_FUZZ_CHECK(std::u16string(lazy.begin(), lazy.end()) == icu16);
        BOOST_UTF_FUZZ_CHECK(utf::to<std::u16string>(bytes | utf::views::utf8 | utf::views::utf32_to_utf16) == icu16);
    }
    return 0;
}

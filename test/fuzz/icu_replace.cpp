// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Property: decoding with replace_on_error gives what ICU's U8_NEXT_OR_FFFD loop gives, and the
// errors the policy is told of are where, and as long as, ICU's U8_NEXT reports them.

#include "fuzz_support.hpp"

#include <span>

#include <unicode/utf8.h>

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    auto const n = static_cast<std::int32_t>(size);
    code_points icu;
    std::vector<error> icu_errors; // kind not compared: ICU does not classify
    for (std::int32_t i = 0; i < n;)
    {
        std::int32_t const start = i;
        UChar32 c;
        U8_NEXT_OR_FFFD(data, i, n, c);
        icu.push_back(static_cast<char32_t>(c));
        std::int32_t j = start;
        UChar32 d;
        U8_NEXT(data, j, n, d);
        BOOST_UTF_FUZZ_CHECK(j == i); // the two ICU macros step alike
        if (d < 0)
            icu_errors.push_back({utf::error_kind{}, std::size_t(start), std::size_t(i - start)});
    }

    std::span<unsigned char const> const bytes(data, size);
    BOOST_UTF_FUZZ_CHECK(forwards(bytes | utf::views::utf8) == icu);

    // plain char, signed on this platform: the sign must not leak into the values
    std::span<char const> const chars(reinterpret_cast<char const*>(data), size);
    BOOST_UTF_FUZZ_CHECK(forwards(chars | utf::views::utf8) == icu);

    std::vector<error> log;
    forwards(utf::views::utf8(bytes, recording_policy{&log}));
    BOOST_UTF_FUZZ_CHECK(log.size() == icu_errors.size());
    for (std::size_t k = 0; k < log.size(); ++k)
    {
        BOOST_UTF_FUZZ_CHECK(log[k].offset == icu_errors[k].offset);
        BOOST_UTF_FUZZ_CHECK(log[k].length == icu_errors[k].length);
    }
    return 0;
}

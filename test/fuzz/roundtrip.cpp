// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Property: encode(decode(x)) is well-formed UTF-8 and equals the replaced text encoded code point
// by code point (ICU's U8_APPEND_UNSAFE); it is x itself when x is well-formed. And encoding
// arbitrary 32-bit values gives well-formed UTF-8 that decodes to the values, with each
// non-scalar value replaced, dropped, or thrown on.

#include "fuzz_support.hpp"

#include <algorithm>
#include <cstring>
#include <span>

#include <unicode/utf8.h>

using namespace fuzz;

namespace {

// Well-formed according to ICU, not to us.
bool icu_well_formed(bytes const& b)
{
    auto const n = static_cast<std::int32_t>(b.size());
    for (std::int32_t i = 0; i < n;)
    {
        UChar32 c;
        U8_NEXT(b.data(), i, n, c);
        if (c < 0)
            return false;
    }
    return true;
}

bytes icu_encode(code_points const& cps)
{
    bytes out(cps.size() * 4);
    std::size_t i = 0;
    for (char32_t c : cps)
        U8_APPEND_UNSAFE(out.data(), i, static_cast<UChar32>(c));
    out.resize(i);
    return out;
}

bool is_scalar(std::uint32_t v) { return v <= 0x10FFFF && (v < 0xD800 || v > 0xDFFF); }

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    // bytes -> code points -> bytes, lazily chained
    std::span<unsigned char const> const x(data, size);
    std::vector<error> log;
    code_points const decoded = forwards(utf::views::utf8(x, recording_policy{&log}));
    bytes const again = forwards(x | utf::views::utf8 | utf::views::utf32_to_utf8_as<unsigned char>);
    BOOST_UTF_FUZZ_CHECK(icu_well_formed(again));
    BOOST_UTF_FUZZ_CHECK(again == icu_encode(decoded));
    if (log.empty())
        BOOST_UTF_FUZZ_CHECK(std::ranges::equal(again, x));
    bytes const skipped =
        forwards(x | utf::views::utf8(utf::skip_on_error) | utf::views::utf32_to_utf8_as<unsigned char>);
    BOOST_UTF_FUZZ_CHECK(icu_well_formed(skipped));
    BOOST_UTF_FUZZ_CHECK(skipped.size() + 3 * log.size() == again.size());

    // 32-bit values -> bytes
    std::vector<std::uint32_t> values(size / 4);
    if (!values.empty())
        std::memcpy(values.data(), data, values.size() * 4);
    code_points replaced, kept;
    std::size_t first_bad = values.size();
    for (std::size_t i = 0; i < values.size(); ++i)
    {
        bool const ok = is_scalar(values[i]);
        replaced.push_back(ok ? values[i] : U'\uFFFD');
        if (ok)
            kept.push_back(values[i]);
        else if (first_bad == values.size())
            first_bad = i;
    }
    bytes const enc = forwards(values | utf::views::utf32_to_utf8_as<unsigned char>);
    BOOST_UTF_FUZZ_CHECK(enc == icu_encode(replaced));
    // (every code unit of the first code point has the same base(), so stop at begin())
    auto const encoder = values | utf::views::utf32_to_utf8_as<unsigned char>;
    bytes enc_back;
    for (auto it = encoder.end(), first = encoder.begin(); it != first;)
        enc_back.push_back(*--it);
    std::ranges::reverse(enc_back);
    BOOST_UTF_FUZZ_CHECK(enc_back == enc);
    BOOST_UTF_FUZZ_CHECK(forwards(enc | utf::views::utf8(utf::throw_on_error)) == replaced);
    BOOST_UTF_FUZZ_CHECK(forwards(values | utf::views::utf32_to_utf8_as<unsigned char>(utf::skip_on_error)) ==
                         icu_encode(kept));

    // the same bits as int: negative values are out_of_range
    std::vector<std::int32_t> ints(values.size());
    if (!ints.empty())
        std::memcpy(ints.data(), values.data(), ints.size() * 4);
    BOOST_UTF_FUZZ_CHECK(forwards(ints | utf::views::utf32_to_utf8_as<unsigned char>) == enc);

    thrown const t = catch_utf_error([&] { forwards(values | utf::views::utf32_to_utf8(utf::throw_on_error)); });
    BOOST_UTF_FUZZ_CHECK(t.threw == (first_bad != values.size()));
    if (t.threw)
    {
        BOOST_UTF_FUZZ_CHECK(t.offset == first_bad);
        std::uint32_t const v = values[first_bad];
        BOOST_UTF_FUZZ_CHECK(t.kind == (v >= 0xD800 && v <= 0xDFFF ? utf::error_kind::surrogate
                                                                   : utf::error_kind::out_of_range));
    }
    return 0;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Property: a single-pass input range gives the same output, and the same errors, as a
// contiguous one, whatever the chunking of the source; and so does a join of the chunks.
//
// Input layout: see sized_input in fuzz_support.hpp.

#include "fuzz_support.hpp"

#include <algorithm>
#include <span>

using namespace fuzz;

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size == 0)
        return 0;
    sized_input const input = split_sizes(data, size);
    bytes const& sizes = input.sizes;
    bytes const& text = input.text;
    std::span<unsigned char const> const whole(text);

    std::vector<error> log_c;
    code_points const replaced = forwards(utf::views::utf8(whole, recording_policy{&log_c}));
    code_points const skipped = forwards(whole | utf::views::utf8(utf::skip_on_error));

    {
        chunked_source src(text, sizes);
        std::vector<error> log;
        BOOST_UTF_FUZZ_CHECK(forwards(utf::views::utf8(src, recording_policy{&log})) == replaced);
        BOOST_UTF_FUZZ_CHECK(log == log_c);
    }
    {
        chunked_source src(text, sizes);
        BOOST_UTF_FUZZ_CHECK(forwards(src | utf::views::utf8(utf::skip_on_error)) == skipped);
    }
    {
        chunked_source src(text, sizes);
        std::vector<error> log;
        BOOST_UTF_FUZZ_CHECK(forwards(utf::views::utf8(src, recording_policy{&log, true})) == skipped);
        BOOST_UTF_FUZZ_CHECK(log == log_c);
    }
    {
        chunked_source src(text, sizes);
        code_points got;
        thrown const t = catch_utf_error([&] {
            for (char32_t c : src | utf::views::utf8(utf::throw_on_error))
                got.push_back(c);
        });
        BOOST_UTF_FUZZ_CHECK(t.threw == !log_c.empty());
        if (t.threw)
            BOOST_UTF_FUZZ_CHECK(t.kind == log_c.front().kind && t.offset == log_c.front().offset);
        BOOST_UTF_FUZZ_CHECK(got.size() <= replaced.size() &&
                             std::equal(got.begin(), got.end(), replaced.begin()));
    }

    // The same chunks joined: a bidirectional range whose iterators cross chunk boundaries.
    std::vector<bytes> chunks;
    {
        std::size_t at = 0, k = 0;
        while (at < text.size())
        {
            std::size_t n = sizes.empty() ? text.size() : 1 + sizes[k++ % sizes.size()] % 8u;
            n = std::min(n, text.size() - at);
            chunks.emplace_back(text.begin() + at, text.begin() + at + n);
            at += n;
        }
    }
    auto const joined = chunks | std::views::join;
    auto const v = joined | utf::views::utf8;
    BOOST_UTF_FUZZ_CHECK(forwards(v) == replaced);
    code_points back;
    for (auto it = v.end(), b = v.begin(); it != b;)
        back.push_back(*--it);
    std::ranges::reverse(back);
    BOOST_UTF_FUZZ_CHECK(back == replaced);
    return 0;
}

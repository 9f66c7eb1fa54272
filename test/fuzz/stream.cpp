// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Property: utf8_decoder and utf8_validator, fed the text in chunks cut anywhere, give what
// views::utf8 gives over the whole text (code points, policy calls, the first error), and no
// error is reported before the chunk that makes it certain: after each chunk, the policy calls
// so far are a prefix of the one-shot ones, and any error reported then is also reported for
// every way the text could go on (tried: the one-shot calls over text cut at that point and
// ended there, which a certain error survives).
//
// Input layout: see sized_input in fuzz_support.hpp. Sizes repeat over the text; empty chunks
// are possible.

#include "fuzz_support.hpp"

#include <algorithm>
#include <span>
#include <string_view>

using namespace fuzz;

namespace {

std::vector<error> one_shot_errors(std::span<unsigned char const> text)
{
    std::vector<error> log;
    for (char32_t c : utf::views::utf8(text, recording_policy{&log}))
        (void)c;
    return log;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    if (size == 0)
        return 0;
    sized_input const input = split_sizes(data, size);
    bytes const& sizes = input.sizes;
    bytes const& text = input.text;
    std::span<unsigned char const> const whole(text);

    std::vector<error> const expected_log = one_shot_errors(whole);
    code_points const replaced = forwards(utf::views::utf8(whole));
    code_points const skipped = forwards(whole | utf::views::utf8(utf::skip_on_error));

    // The cuts: from the sizes in turn, a size byte below C0 gives a chunk of 0..31 bytes, one
    // from C0 up a chunk long enough for the block kernels (0..1008); the whole text when none.
    std::vector<std::span<unsigned char const>> chunks;
    for (std::size_t at = 0, k = 0; at < text.size(); ++k)
    {
        std::size_t const s = sizes.empty() ? 0 : sizes[k % sizes.size()];
        std::size_t n = sizes.empty() ? text.size() : s < 0xC0 ? s % 32u : (s - 0xC0) * 16u;
        n = std::min(n, text.size() - at);
        chunks.push_back(whole.subspan(at, n));
        at += n;
        if (k > 4 * text.size() + 16) // only empty chunks: take the rest at once
        {
            chunks.push_back(whole.subspan(at));
            break;
        }
    }

    // Replace, with the promptness check after every chunk.
    {
        std::vector<error> log;
        code_points got;
        utf::utf8_decoder d{recording_policy{&log}};
        std::size_t fed = 0;
        for (auto const& c : chunks)
        {
            d.decode(c, std::back_inserter(got));
            fed += c.size();
            BOOST_UTF_FUZZ_CHECK(log.size() <= expected_log.size() &&
                                 std::equal(log.begin(), log.end(), expected_log.begin()));
            // Whatever was reported must survive the text ending right here.
            std::vector<error> const ended = one_shot_errors(whole.first(fed));
            BOOST_UTF_FUZZ_CHECK(log.size() <= ended.size() && std::equal(log.begin(), log.end(), ended.begin()));
            // Everything certain has been reported: all that the ended text shows, but for an
            // error cut short by the end.
            std::size_t certain = ended.size();
            if (certain != 0 && ended.back().kind == utf::error_kind::truncated &&
                ended.back().offset + ended.back().length == fed)
                --certain;
            BOOST_UTF_FUZZ_CHECK(log.size() == certain);
        }
        d.finish(std::back_inserter(got));
        BOOST_UTF_FUZZ_CHECK(got == replaced);
        BOOST_UTF_FUZZ_CHECK(log == expected_log);
    }
    // Skip.
    {
        code_points got;
        utf::utf8_decoder d{utf::skip_on_error};
        for (auto const& c : chunks)
            d.decode(c, std::back_inserter(got));
        d.finish(std::back_inserter(got));
        BOOST_UTF_FUZZ_CHECK(got == skipped);
    }
    // Throw: the first error, and what came before it.
    {
        code_points got;
        utf::utf8_decoder<utf::throw_policy> d;
        thrown const t = catch_utf_error([&] {
            for (auto const& c : chunks)
                d.decode(c, std::back_inserter(got));
            d.finish(std::back_inserter(got));
        });
        BOOST_UTF_FUZZ_CHECK(t.threw == !expected_log.empty());
        if (t.threw)
            BOOST_UTF_FUZZ_CHECK(t.kind == expected_log.front().kind && t.offset == expected_log.front().offset);
        BOOST_UTF_FUZZ_CHECK(got.size() <= replaced.size() && std::equal(got.begin(), got.end(), replaced.begin()));
    }
    // The validator: false from the chunk that makes the first error certain on.
    {
        utf::utf8_validator v;
        std::size_t fed = 0;
        for (auto const& c : chunks)
        {
            bool const ok = v.write(c);
            fed += c.size();
            std::vector<error> const ended = one_shot_errors(whole.first(fed));
            bool const certain_error = !ended.empty() && !(ended.size() == 1 && ended[0].kind == utf::error_kind::truncated &&
                                                          ended[0].offset + ended[0].length == fed);
            BOOST_UTF_FUZZ_CHECK(ok == !certain_error);
        }
        BOOST_UTF_FUZZ_CHECK(v.finish() == expected_log.empty());
        BOOST_UTF_FUZZ_CHECK(v.first_error().has_value() == !expected_log.empty());
        if (auto e = v.first_error())
            BOOST_UTF_FUZZ_CHECK(e->kind == expected_log.front().kind && e->offset == expected_log.front().offset &&
                                 e->length == expected_log.front().length);
        BOOST_UTF_FUZZ_CHECK(utf::is_valid(whole) == expected_log.empty());
    }
    return 0;
}

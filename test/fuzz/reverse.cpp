// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Property: walking backwards yields the reverse of walking forwards, under every policy, over a
// contiguous range and over a bidirectional one that is not random access (std::list); and
// stepping back and forth from any position lands on the same elements.

#include "fuzz_support.hpp"

#include <algorithm>
#include <list>
#include <span>

using namespace fuzz;

namespace {

template<class Range>
void check(Range const& r)
{
    auto const first = std::ranges::begin(r);

    auto const replace = r | utf::views::utf8;
    code_points const fwd = forwards(replace);
    code_points bwd = backwards_to(replace, first);
    std::ranges::reverse(bwd);
    BOOST_UTF_FUZZ_CHECK(bwd == fwd);

    // skip: the view's begin() is where walking back stops
    auto const skip = r | utf::views::utf8(utf::skip_on_error);
    code_points const sf = forwards(skip);
    code_points sb;
    for (auto it = skip.end(), b = skip.begin(); it != b;)
        sb.push_back(*--it);
    std::ranges::reverse(sb);
    BOOST_UTF_FUZZ_CHECK(sb == sf);

    // the policy is told of the same errors, in reverse order
    std::vector<error> log_f, log_b;
    forwards(utf::views::utf8(r, recording_policy{&log_f}));
    backwards_to(utf::views::utf8(r, recording_policy{&log_b}), first);
    std::ranges::reverse(log_b);
    BOOST_UTF_FUZZ_CHECK(log_b == log_f);

    // throw, backwards: the elements after the last error, then that error
    auto const thrower = r | utf::views::utf8(utf::throw_on_error);
    code_points got;
    thrown const t = catch_utf_error([&] {
        for (auto it = thrower.end(); it.base() != first;)
            got.push_back(*--it);
    });
    BOOST_UTF_FUZZ_CHECK(t.threw == !log_f.empty());
    if (t.threw)
        BOOST_UTF_FUZZ_CHECK(t.kind == log_f.back().kind && t.offset == log_f.back().offset);
    // the elements after the last error: forwards with each error marked by a non-scalar value
    code_points const marked = forwards(utf::views::utf8(r, [](utf::error_info const&) { return char32_t(0x110000); }));
    auto const last_error = std::find(marked.rbegin(), marked.rend(), char32_t(0x110000));
    code_points tail(marked.rbegin(), last_error);
    BOOST_UTF_FUZZ_CHECK(got == tail);

    // back and forth from every position
    std::size_t i = 0;
    for (auto it = replace.begin(); it != replace.end(); ++it, ++i)
    {
        BOOST_UTF_FUZZ_CHECK(*it == fwd[i]);
        if (i > 0)
        {
            auto back = it;
            --back;
            BOOST_UTF_FUZZ_CHECK(*back == fwd[i - 1]);
            ++back;
            BOOST_UTF_FUZZ_CHECK(back == it && *back == fwd[i]);
        }
    }
    BOOST_UTF_FUZZ_CHECK(i == fwd.size());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    check(std::span<unsigned char const>(data, size));
    std::list<char> const list(data, data + size);
    check(list);
    return 0;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Property: skip_on_error and throw_on_error agree with replace_on_error: skip drops exactly the
// replaced subparts, throw yields the same elements up to the first one and reports its kind and
// offset.

#include "fuzz_support.hpp"

#include <span>

using namespace fuzz;

namespace {

// Marks each error with a value no decoder can produce, and logs it.
struct marking_policy
{
    std::vector<error>* log = nullptr;

    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back({e.kind, e.offset, e.length});
        return 0x110000;
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    std::span<unsigned char const> const bytes(data, size);
    std::vector<error> log;
    code_points const marked = forwards(utf::views::utf8(bytes, marking_policy{&log}));

    code_points replaced, skipped, before_first_error;
    for (char32_t c : marked)
    {
        replaced.push_back(c == 0x110000 ? U'\uFFFD' : c);
        if (c != 0x110000)
            skipped.push_back(c);
    }
    for (std::size_t i = 0; i < marked.size() && marked[i] != 0x110000; ++i)
        before_first_error.push_back(marked[i]);

    BOOST_UTF_FUZZ_CHECK(forwards(bytes | utf::views::utf8) == replaced);
    BOOST_UTF_FUZZ_CHECK(forwards(bytes | utf::views::utf8(utf::skip_on_error)) == skipped);
    BOOST_UTF_FUZZ_CHECK(forwards(bytes | utf::views::utf8(utf::replace_policy{U'?'})).size() == replaced.size());

    code_points got;
    thrown const t = catch_utf_error([&] {
        for (char32_t c : bytes | utf::views::utf8(utf::throw_on_error))
            got.push_back(c);
    });
    BOOST_UTF_FUZZ_CHECK(t.threw == !log.empty());
    BOOST_UTF_FUZZ_CHECK(got == before_first_error);
    if (t.threw)
    {
        BOOST_UTF_FUZZ_CHECK(t.kind == log.front().kind);
        BOOST_UTF_FUZZ_CHECK(t.offset == log.front().offset);
    }

    // Subparts tile the ill-formed input: each starts past the previous one, within the input.
    for (std::size_t k = 0; k < log.size(); ++k)
    {
        BOOST_UTF_FUZZ_CHECK(log[k].length >= 1 && log[k].length <= 3);
        BOOST_UTF_FUZZ_CHECK(log[k].offset + log[k].length <= size);
        if (k > 0)
            BOOST_UTF_FUZZ_CHECK(log[k].offset >= log[k - 1].offset + log[k - 1].length);
    }
    return 0;
}

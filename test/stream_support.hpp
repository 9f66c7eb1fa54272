// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_STREAM_SUPPORT_HPP
#define BOOST_UTF_TEST_STREAM_SUPPORT_HPP

// What the streaming tests share: inputs (random ones, biased towards the bytes that make
// UTF-8 interesting), ways of cutting them, what views::utf8 over the whole input says, and when
// each of its errors becomes certain, found by trying every way the input could go on.

#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/utf8_view.hpp>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace test {

// Bytes that start, continue, or break sequences at every boundary of Table 3-7, and ASCII.
inline std::string random_utf8ish(std::mt19937& gen, std::size_t max_length)
{
    static unsigned char const pool[] = {0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                                         0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4,
                                         0xF5, 0xF7, 0xF8, 0xFF};
    std::string s(gen() % (max_length + 1), '\0');
    for (auto& c : s)
        c = static_cast<char>(gen() % 4 == 0 ? gen() % 256 : pool[gen() % sizeof pool]);
    return s;
}

// Chunk sizes that add up to n.
using cuts = std::vector<std::size_t>;

inline cuts cut_at(std::size_t n, std::size_t at) { return {at, n - at}; }

inline cuts one_byte_each(std::size_t n) { return cuts(n, 1); }

// Random sizes, empty chunks included.
inline cuts random_cuts(std::mt19937& gen, std::size_t n)
{
    cuts c;
    std::size_t left = n;
    while (left != 0)
    {
        std::size_t const k = gen() % 6 == 0 ? 0 : 1 + gen() % (left < 7 ? left : 7);
        c.push_back(k < left ? k : left);
        left -= c.back();
    }
    c.push_back(0);
    return c;
}

// One error as the comparisons print it.
inline std::string describe(boost::utf::error_info const& e)
{
    return std::string(boost::utf::to_string(e.kind)) + '@' + std::to_string(e.offset) + '+' + std::to_string(e.length);
}

inline std::vector<std::string> describe_all(std::vector<boost::utf::error_info> const& log)
{
    std::vector<std::string> out;
    for (auto const& e : log)
        out.push_back(describe(e));
    return out;
}

// What views::utf8 over the whole input says: its elements and the policy's calls.
struct one_shot
{
    std::u32string code_points;
    std::vector<std::string> errors;
};

// Records every call, then answers as `inner` would.
template<class Inner>
struct recording
{
    std::vector<boost::utf::error_info>* log = nullptr;
    Inner inner = Inner();

    char32_t operator()(boost::utf::error_info const& e) const
    {
        log->push_back(e);
        return inner(e);
    }
};

template<class Inner>
one_shot decode_whole(std::string const& in, Inner inner = Inner())
{
    std::vector<boost::utf::error_info> log;
    one_shot r;
    for (char32_t c : in | boost::utf::views::utf8(recording<Inner>{&log, inner}))
        r.code_points.push_back(c);
    r.errors = describe_all(log);
    return r;
}

// For each error of the one-shot decode, in order: the index of the byte that makes it certain,
// or SIZE_MAX when only the end of the input does. An error is certain after a prefix when every
// way the input could go on still gives it; continuations from 80..8F, 90..9F and A0..BF (every
// class a second byte can be in), up to three of them, or nothing, stand for every way on.
inline std::vector<std::size_t> certain_at(std::string const& in)
{
    std::vector<boost::utf::error_info> all;
    for (char32_t c : in | boost::utf::views::utf8(recording<boost::utf::replace_policy>{&all}))
        (void)c;
    std::vector<std::string> endings{""};
    for (std::size_t k = 0, first = 0; k < 3; ++k)
    {
        std::size_t const last = endings.size();
        for (std::size_t i = first; i < last; ++i)
            for (char b : {'\x80', '\x90', '\xA0'})
                endings.push_back(endings[i] + b);
        first = last;
    }
    auto reported = [&](std::string const& prefix, boost::utf::error_info const& e) {
        for (auto const& ending : endings)
        {
            std::vector<boost::utf::error_info> log;
            std::string const text = prefix + ending;
            for (char32_t c : text | boost::utf::views::utf8(recording<boost::utf::replace_policy>{&log}))
                (void)c;
            bool found = false;
            for (auto const& f : log)
                found = found || describe(f) == describe(e);
            if (!found)
                return false;
        }
        return true;
    };
    std::vector<std::size_t> at;
    for (auto const& e : all)
    {
        std::size_t j = e.offset;
        while (j < in.size() && !reported(in.substr(0, j + 1), e))
            ++j;
        at.push_back(j < in.size() ? j : SIZE_MAX);
    }
    return at;
}

} // namespace test

#endif // BOOST_UTF_TEST_STREAM_SUPPORT_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Streaming against one-shot: utf8_decoder fed 64 KiB chunks against boost::utf::copy over the
// whole input, and utf8_validator fed 64 KiB chunks against boost::utf::is_valid, on the text
// corpora of corpus.hpp. Names are operation/corpus/implementation; compare each streaming
// figure with its one-shot baseline from the same run. Also what `utf8util sanitize` does to the
// whole input: the sanitising copy (UTF-8 to UTF-8, each maximal subpart replaced), and
// find_invalid called once per error, resuming a byte past each, as on text with frequent errors.

#include <boost/utf.hpp>

#include <benchmark/benchmark.h>

#include "corpus.hpp"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace utf = boost::utf;
using namespace boost_utf_bench;

namespace {

constexpr std::size_t chunk_size = std::size_t(64) << 10;

struct data
{
    std::string bytes;
    std::vector<char32_t> out;
};

data& get(corpus_kind k)
{
    static data cache[sizeof all_corpora / sizeof all_corpora[0]];
    data& d = cache[static_cast<int>(k)];
    if (d.bytes.empty())
    {
        d.bytes = make_corpus(k);
        d.out.resize(d.bytes.size() + 3);
    }
    return d;
}

std::size_t decode_whole(std::string const& s, char32_t* out)
{
    return static_cast<std::size_t>(utf::copy(std::string_view(s) | utf::views::utf8, out) - out);
}

std::size_t decode_chunked(std::string const& s, char32_t* out)
{
    utf::utf8_decoder d;
    char32_t* o = out;
    for (std::size_t at = 0; at < s.size(); at += chunk_size)
        o = d.decode(std::string_view(s).substr(at, chunk_size), o);
    o = d.finish(o);
    return static_cast<std::size_t>(o - out);
}

bool validate_whole(std::string const& s) { return utf::is_valid(s); }

bool validate_chunked(std::string const& s)
{
    utf::utf8_validator v;
    bool ok = true;
    for (std::size_t at = 0; ok && at < s.size(); at += chunk_size)
        ok = v.write(std::string_view(s).substr(at, chunk_size));
    return v.finish() && ok;
}

template<std::size_t (*F)(std::string const&, char32_t*)>
void bm_decode(benchmark::State& state, corpus_kind k)
{
    data& d = get(k);
    for (auto _ : state)
    {
        std::size_t const n = F(d.bytes, d.out.data());
        benchmark::DoNotOptimize(n);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.bytes.size()));
}

template<bool (*F)(std::string const&)>
void bm_validate(benchmark::State& state, corpus_kind k)
{
    data& d = get(k);
    for (auto _ : state)
    {
        bool const ok = F(d.bytes);
        benchmark::DoNotOptimize(ok);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.bytes.size()));
}

void bm_sanitize(benchmark::State& state, corpus_kind k)
{
    data& d = get(k);
    static std::vector<char> out;
    out.resize(3 * d.bytes.size());
    for (auto _ : state)
    {
        char* const end = utf::copy(std::string_view(d.bytes) | utf::views::utf8 | utf::views::utf32_to_utf8_as<char>,
                                    out.data());
        benchmark::DoNotOptimize(end);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.bytes.size()));
}

void bm_every_error(benchmark::State& state, corpus_kind k)
{
    data& d = get(k);
    std::string_view const s(d.bytes);
    for (auto _ : state)
    {
        std::size_t errors = 0;
        for (std::size_t at = 0; at < s.size(); ++errors)
            at += static_cast<std::size_t>(utf::find_invalid(s.substr(at)) - s.substr(at).begin()) + 1;
        benchmark::DoNotOptimize(errors);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * d.bytes.size()));
}

// The two ways must agree before either is timed.
void check(corpus_kind k)
{
    data& d = get(k);
    std::vector<char32_t> other(d.out.size());
    std::size_t const a = decode_whole(d.bytes, d.out.data());
    std::size_t const b = decode_chunked(d.bytes, other.data());
    if (a != b || !std::equal(d.out.begin(), d.out.begin() + static_cast<std::ptrdiff_t>(a), other.begin()) ||
        validate_whole(d.bytes) != validate_chunked(d.bytes))
    {
        std::fprintf(stderr, "streaming and one-shot disagree on %s\n", name(k));
        std::exit(1);
    }
}

} // namespace

int main(int argc, char** argv)
{
    for (corpus_kind k : all_corpora)
    {
        check(k);
        std::string const c = name(k);
        benchmark::RegisterBenchmark(("decode/" + c + "/copy_whole").c_str(), bm_decode<decode_whole>, k);
        benchmark::RegisterBenchmark(("decode/" + c + "/decoder_64k").c_str(), bm_decode<decode_chunked>, k);
        if (k != corpus_kind::invalid) // validation of bad input stops at the first error
        {
            benchmark::RegisterBenchmark(("validate/" + c + "/is_valid_whole").c_str(), bm_validate<validate_whole>, k);
            benchmark::RegisterBenchmark(("validate/" + c + "/validator_64k").c_str(), bm_validate<validate_chunked>, k);
        }
        if (k == corpus_kind::invalid || k == corpus_kind::mixed)
        {
            benchmark::RegisterBenchmark(("sanitize/" + c + "/copy_whole").c_str(), bm_sanitize, k);
            benchmark::RegisterBenchmark(("find_invalid/" + c + "/every_error").c_str(), bm_every_error, k);
        }
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::AddCustomContext("boost_utf_kernels", utf::to_string(utf::active_simd_level()));
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Transcoding side by side with simdutf, in one process, on files of real text:
//
//   boost_utf_simdutf_side --level=LEVEL [--size=BYTES] [benchmark options] FILE...
//
// simdutf is not packaged by Debian 12, but its library is built into Node's, libnode.so.108
// (package libnode108), which exports simdutf's functions; bench/simdutf_side.sh fetches that
// package and links this file against it. simdutf picks its kernel once, and the environment
// variable SIMDUTF_FORCE_IMPLEMENTATION chooses it (westmere, haswell, icelake); --level caps
// Boost.UTF's kernels at the same instruction set, so a process compares one level.
//
// Rows are operation/FILE-stem/{simdutf,boost_utf,plain}: validate (UTF-8); decode (UTF-8 to code
// points) and encode (code points to UTF-8); decode16 (UTF-16 to code points) and encode16 (code
// points to UTF-16); utf8_to_utf16 and utf16_to_utf8. Each writes into a buffer that is already
// there, and both libraries validate what they read. --size cuts
// each file at the last line end before BYTES, so that the text can be made to fit a cache.
// Before anything is timed, each row's output must equal the others'.

#include <boost/utf.hpp>

#include <benchmark/benchmark.h>

#include "baselines.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

// The functions of simdutf's public API that are timed, as libnode.so.108 exports them.
namespace simdutf {
bool validate_utf8(char const* buf, std::size_t len) noexcept;
std::size_t convert_utf8_to_utf32(char const* buf, std::size_t len, char32_t* out) noexcept;
std::size_t convert_utf32_to_utf8(char32_t const* buf, std::size_t len, char* out) noexcept;
std::size_t convert_utf16le_to_utf32(char16_t const* buf, std::size_t len, char32_t* out) noexcept;
std::size_t convert_utf32_to_utf16le(char32_t const* buf, std::size_t len, char16_t* out) noexcept;
std::size_t convert_utf8_to_utf16le(char const* buf, std::size_t len, char16_t* out) noexcept;
std::size_t convert_utf16le_to_utf8(char16_t const* buf, std::size_t len, char* out) noexcept;
} // namespace simdutf

namespace utf = boost::utf;
using namespace boost_utf_bench;

namespace {

struct input
{
    std::string stem;
    std::string bytes;
    std::u16string units;
    std::u32string points;
    std::vector<unsigned char> out8;
    std::vector<char16_t> out16;
    std::vector<char32_t> out32;

    unsigned char const* first() const { return reinterpret_cast<unsigned char const*>(bytes.data()); }
    unsigned char const* last() const { return first() + bytes.size(); }
};

[[noreturn]] void fail(char const* what, std::string const& stem)
{
    std::fprintf(stderr, "boost_utf_simdutf_side: %s (%s)\n", what, stem.c_str());
    std::exit(1);
}

std::unique_ptr<input> load(char const* path, std::size_t size)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        fail("cannot read the file", path);
    auto r = std::make_unique<input>();
    r->bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (size < r->bytes.size())
    {
        std::size_t const end = r->bytes.rfind('\n', size);
        r->bytes.resize(end == std::string::npos ? 0 : end + 1);
    }
    std::string_view const p(path);
    std::size_t const slash = p.find_last_of('/');
    std::string_view const name = slash == std::string_view::npos ? p : p.substr(slash + 1);
    r->stem = std::string(name.substr(0, name.find('.')));
    if (!utf::is_valid(std::string_view(r->bytes)))
        fail("not well-formed UTF-8", r->stem);
    r->units = utf::to<std::u16string>(std::string_view(r->bytes) | utf::views::utf8 | utf::views::utf32_to_utf16);
    r->points = utf::to<std::u32string>(std::string_view(r->bytes) | utf::views::utf8);
    r->out8.resize(r->bytes.size() + 64);
    r->out16.resize(r->bytes.size() + 64);
    r->out32.resize(r->bytes.size() + 64);
    return r;
}

std::size_t simdutf_decode(input& x)
{
    return simdutf::convert_utf8_to_utf32(x.bytes.data(), x.bytes.size(), x.out32.data());
}
std::size_t boost_decode(input& x)
{
    return static_cast<std::size_t>(utf::copy(std::string_view(x.bytes) | utf::views::utf8, x.out32.data()) -
                                    x.out32.data());
}
// The plain loops placed at a 64-byte boundary, as in files.cpp.
BOOST_UTF_BENCH_PLACED std::size_t plain_decode_into(input& x)
{
    return static_cast<std::size_t>(plain_decode(x.first(), x.last(), x.out32.data()) - x.out32.data());
}
std::size_t simdutf_encode(input& x)
{
    return simdutf::convert_utf32_to_utf8(x.points.data(), x.points.size(), reinterpret_cast<char*>(x.out8.data()));
}
std::size_t boost_encode(input& x)
{
    return static_cast<std::size_t>(
        utf::copy(std::u32string_view(x.points) | utf::views::utf32_to_utf8_as<unsigned char>, x.out8.data()) -
        x.out8.data());
}
BOOST_UTF_BENCH_PLACED std::size_t plain_encode_into(input& x)
{
    return static_cast<std::size_t>(
        plain_encode(x.points.data(), x.points.data() + x.points.size(), x.out8.data()) - x.out8.data());
}
std::size_t simdutf_decode16(input& x)
{
    return simdutf::convert_utf16le_to_utf32(x.units.data(), x.units.size(), x.out32.data());
}
std::size_t boost_decode16(input& x)
{
    return static_cast<std::size_t>(utf::copy(std::u16string_view(x.units) | utf::views::utf16, x.out32.data()) -
                                    x.out32.data());
}
BOOST_UTF_BENCH_PLACED std::size_t plain_decode16_into(input& x)
{
    return static_cast<std::size_t>(
        plain_decode16(x.units.data(), x.units.data() + x.units.size(), x.out32.data()) - x.out32.data());
}
std::size_t simdutf_encode16(input& x)
{
    return simdutf::convert_utf32_to_utf16le(x.points.data(), x.points.size(), x.out16.data());
}
std::size_t boost_encode16(input& x)
{
    return static_cast<std::size_t>(
        utf::copy(std::u32string_view(x.points) | utf::views::utf32_to_utf16, x.out16.data()) - x.out16.data());
}
BOOST_UTF_BENCH_PLACED std::size_t plain_encode16_into(input& x)
{
    return static_cast<std::size_t>(
        plain_encode16(x.points.data(), x.points.data() + x.points.size(), x.out16.data()) - x.out16.data());
}
std::size_t simdutf_to_utf16(input& x)
{
    return simdutf::convert_utf8_to_utf16le(x.bytes.data(), x.bytes.size(), x.out16.data());
}
std::size_t boost_to_utf16(input& x)
{
    return static_cast<std::size_t>(
        utf::copy(std::string_view(x.bytes) | utf::views::utf8 | utf::views::utf32_to_utf16, x.out16.data()) -
        x.out16.data());
}
BOOST_UTF_BENCH_PLACED std::size_t plain_to_utf16(input& x)
{
    return static_cast<std::size_t>(plain_utf8_to_utf16(x.first(), x.last(), x.out16.data()) - x.out16.data());
}
std::size_t simdutf_to_utf8(input& x)
{
    return simdutf::convert_utf16le_to_utf8(x.units.data(), x.units.size(), reinterpret_cast<char*>(x.out8.data()));
}
std::size_t boost_to_utf8(input& x)
{
    return static_cast<std::size_t>(
        utf::copy(std::u16string_view(x.units) | utf::views::utf16 | utf::views::utf32_to_utf8_as<unsigned char>,
                  x.out8.data()) -
        x.out8.data());
}
BOOST_UTF_BENCH_PLACED std::size_t plain_to_utf8(input& x)
{
    return static_cast<std::size_t>(
        plain_utf16_to_utf8(x.units.data(), x.units.data() + x.units.size(), x.out8.data()) - x.out8.data());
}

BOOST_UTF_BENCH_PLACED bool plain_valid(input const& x)
{
    return plain_validate(x.first(), x.last());
}

// Each transcoder's output, compared with what load() made through the lazy views.
void check(input& x)
{
    using transcoder = std::size_t (*)(input&);
    for (transcoder f : {simdutf_decode, boost_decode, plain_decode_into, simdutf_decode16, boost_decode16,
                         plain_decode16_into})
    {
        std::fill(x.out32.begin(), x.out32.end(), U'\0');
        if (std::u32string_view(x.out32.data(), f(x)) != x.points)
            fail("a decoder disagrees", x.stem);
    }
    for (transcoder f : {simdutf_encode, boost_encode, plain_encode_into})
    {
        std::fill(x.out8.begin(), x.out8.end(), 0);
        if (std::string_view(reinterpret_cast<char const*>(x.out8.data()), f(x)) != x.bytes)
            fail("a UTF-8 encoder disagrees", x.stem);
    }
    for (transcoder f : {simdutf_encode16, boost_encode16, plain_encode16_into, simdutf_to_utf16, boost_to_utf16,
                         plain_to_utf16})
    {
        std::fill(x.out16.begin(), x.out16.end(), u'\0');
        if (std::u16string_view(x.out16.data(), f(x)) != x.units)
            fail("a UTF-8 to UTF-16 transcoder disagrees", x.stem);
    }
    for (transcoder f : {simdutf_to_utf8, boost_to_utf8, plain_to_utf8})
    {
        std::fill(x.out8.begin(), x.out8.end(), 0);
        if (std::string_view(reinterpret_cast<char const*>(x.out8.data()), f(x)) != x.bytes)
            fail("a UTF-16 to UTF-8 transcoder disagrees", x.stem);
    }
    if (!simdutf::validate_utf8(x.bytes.data(), x.bytes.size()))
        fail("simdutf finds the text ill-formed", x.stem);
}

template<class F>
void add(std::string const& name, std::size_t bytes, F f)
{
    benchmark::RegisterBenchmark(name.c_str(),
                                 [bytes, f](benchmark::State& state) {
                                     for (auto _ : state)
                                     {
                                         auto r = f();
                                         benchmark::DoNotOptimize(r);
                                         benchmark::ClobberMemory();
                                     }
                                     state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                                                             static_cast<int64_t>(bytes));
                                 })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
}

bool take_option(char const* arg, char const* name, std::string& value)
{
    std::size_t const n = std::strlen(name);
    if (std::strncmp(arg, name, n) != 0 || arg[n] != '=')
        return false;
    value = arg + n + 1;
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    std::string level_name = "sse", size_text;
    std::vector<char const*> files;
    for (int i = 1; i < argc; ++i)
        if (!take_option(argv[i], "--level", level_name) && !take_option(argv[i], "--size", size_text))
            files.push_back(argv[i]);
    struct named_level
    {
        char const* name;
        utf::simd_level level;
    };
    static constexpr named_level levels[] = {{"scalar", utf::simd_level::scalar},
                                             {"sse", utf::simd_level::sse},
                                             {"avx2", utf::simd_level::avx2},
                                             {"avx512bw", utf::simd_level::avx512bw},
                                             {"avx512vbmi2", utf::simd_level::avx512vbmi2}};
    named_level const* level = nullptr;
    for (named_level const& l : levels)
        if (level_name == l.name)
            level = &l;
    if (files.empty() || level == nullptr || level->level > utf::supported_simd_level())
    {
        std::fprintf(stderr, "usage: boost_utf_simdutf_side --level=LEVEL [--size=BYTES] [benchmark options] "
                             "FILE... (LEVEL one that this CPU has)\n");
        return 2;
    }
    utf::set_simd_cap(level->level);
    std::size_t const size = size_text.empty() ? std::size_t(-1) : std::strtoull(size_text.c_str(), nullptr, 10);
    std::vector<std::unique_ptr<input>> inputs;
    for (char const* path : files)
    {
        inputs.push_back(load(path, size));
        input* const x = inputs.back().get();
        check(*x);
        std::size_t const n = x->bytes.size();
        std::string const v = "validate/" + x->stem + "/";
        add(v + "simdutf", n, [x] { return simdutf::validate_utf8(x->bytes.data(), x->bytes.size()); });
        add(v + "boost_utf", n, [x] { return utf::is_valid(std::string_view(x->bytes)); });
        add(v + "plain", n, [x] { return plain_valid(*x); });
        struct transcoding
        {
            char const* name;
            std::size_t (*simdutf)(input&);
            std::size_t (*boost_utf)(input&);
            std::size_t (*plain)(input&);
        };
        static constexpr transcoding transcodings[] = {
            {"decode", simdutf_decode, boost_decode, plain_decode_into},
            {"encode", simdutf_encode, boost_encode, plain_encode_into},
            {"decode16", simdutf_decode16, boost_decode16, plain_decode16_into},
            {"encode16", simdutf_encode16, boost_encode16, plain_encode16_into},
            {"utf8_to_utf16", simdutf_to_utf16, boost_to_utf16, plain_to_utf16},
            {"utf16_to_utf8", simdutf_to_utf8, boost_to_utf8, plain_to_utf8}};
        for (transcoding const& t : transcodings)
        {
            std::string const row = std::string(t.name) + "/" + x->stem + "/";
            add(row + "simdutf", n, [x, f = t.simdutf] { return f(*x); });
            add(row + "boost_utf", n, [x, f = t.boost_utf] { return f(*x); });
            add(row + "plain", n, [x, f = t.plain] { return f(*x); });
        }
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}

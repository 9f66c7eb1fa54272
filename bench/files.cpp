// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The bulk operations on files of real text, at each SIMD level the CPU has, against the plain
// loops of baselines.hpp:
//
//   boost_utf_files_bench [benchmark options] FILE...
//
// Each FILE must be well-formed UTF-8. Names are operation/FILE-stem/implementation, with
// operations validate, decode (to code points), encode (the file's code points back to UTF-8),
// utf8_to_utf16 and utf16_to_utf8 (the file in UTF-16 back to UTF-8), each into a buffer that
// is already there, and to_decode, to_encode, to_utf8_to_utf16 and to_utf16_to_utf8, the same
// into a new container (`to<C>`; the plain loop's container sized for the worst case, then
// trimmed); and implementations `plain` and `bulk_LEVEL` (the kernels capped at LEVEL; `avx2`
// with AVX2's kernels alone, `avx2_halves` with those of CPUs that split 256-bit operations,
// whichever this CPU is).
// Throughput counts UTF-8 bytes, as in bench.cpp. `side_by_side.py` runs its validate rows against another validator on the same files.

#include <boost/utf.hpp>

#include <benchmark/benchmark.h>

#include "baselines.hpp"

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace utf = boost::utf;
using namespace boost_utf_bench;

namespace {

struct input
{
    std::string stem;
    std::string bytes;
    std::u32string code_points;
    std::u16string units;
    std::vector<char32_t> out32;
    std::vector<unsigned char> out8;
    std::vector<char16_t> out16;

    unsigned char const* first() const { return reinterpret_cast<unsigned char const*>(bytes.data()); }
    unsigned char const* last() const { return first() + bytes.size(); }
};

std::unique_ptr<input> load(char const* path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
        std::fprintf(stderr, "boost_utf_files_bench: cannot read %s\n", path);
        std::exit(2);
    }
    auto r = std::make_unique<input>();
    r->bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!utf::is_valid(std::string_view(r->bytes)))
    {
        std::fprintf(stderr, "boost_utf_files_bench: %s is not well-formed UTF-8\n", path);
        std::exit(2);
    }
    std::string_view const p(path);
    std::size_t const slash = p.find_last_of('/');
    std::string_view stem = slash == std::string_view::npos ? p : p.substr(slash + 1);
    r->stem = std::string(stem.substr(0, stem.find('.')));
    r->code_points = utf::to<std::u32string>(std::string_view(r->bytes) | utf::views::utf8);
    r->units = utf::to<std::u16string>(std::u32string_view(r->code_points) | utf::views::utf32_to_utf16);
    r->out32.resize(r->bytes.size() + 64);
    r->out8.resize(r->bytes.size() + 64);
    r->out16.resize(r->bytes.size() + 64);
    return r;
}

namespace simd = utf::detail::simd;

// A level, and at avx2 which of its rows (dispatch.hpp).
struct level_row
{
    utf::simd_level level;
    simd::halves halves;
};

// The level stays capped for the whole benchmark, so that nothing but the call is timed.
struct capped
{
    utf::simd_level previous;
    explicit capped(level_row l) : previous(utf::set_simd_cap(l.level)) { simd::assume_halves(l.halves); }
    ~capped()
    {
        simd::assume_halves(simd::halves::ask_cpu);
        utf::set_simd_cap(previous);
    }
};

template<class F>
void run(benchmark::State& state, std::size_t bytes, F f)
{
    for (auto _ : state)
    {
        auto r = f();
        benchmark::DoNotOptimize(r);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes));
}

// The plain loops, placed (baselines.hpp): in a lambda their place moved with every change to the
// library, taking the ratios of the ASCII-heavy files with it (plain decoding of English took
// 10.8 ms in one build and 7.8 in the next).

BOOST_UTF_BENCH_PLACED bool placed_validate(unsigned char const* p, unsigned char const* end)
{
    return plain_validate(p, end);
}
BOOST_UTF_BENCH_PLACED char32_t* placed_decode(unsigned char const* p, unsigned char const* end, char32_t* out)
{
    return plain_decode(p, end, out);
}
BOOST_UTF_BENCH_PLACED unsigned char* placed_encode(char32_t const* p, char32_t const* end, unsigned char* out)
{
    return plain_encode(p, end, out);
}
BOOST_UTF_BENCH_PLACED char16_t* placed_utf8_to_utf16(unsigned char const* p, unsigned char const* end, char16_t* out)
{
    return plain_utf8_to_utf16(p, end, out);
}
BOOST_UTF_BENCH_PLACED unsigned char* placed_utf16_to_utf8(char16_t const* p, char16_t const* end, unsigned char* out)
{
    return plain_utf16_to_utf8(p, end, out);
}

// Before anything is timed, each bulk operation must give the plain loop's result.
void check(bool same, char const* what, input const& x)
{
    if (!same)
    {
        std::fprintf(stderr, "boost_utf_files_bench: %s disagrees with the plain loop on %s\n", what,
                     x.stem.c_str());
        std::exit(1);
    }
}

void register_file(input& x, level_row level, char const* level_name)
{
    bool const plain = level_name == nullptr;
    std::string const tail = "/" + x.stem + "/" + (plain ? std::string("plain") : "bulk_" + std::string(level_name));
    auto const reg = [&](char const* op, std::size_t bytes, auto f) {
        benchmark::RegisterBenchmark((op + tail).c_str(),
                                     [level, bytes, f](benchmark::State& state) {
                                         capped const c(level);
                                         run(state, bytes, f);
                                     })
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    };
    input* const p = &x;
    std::size_t const n8 = x.bytes.size();
    if (plain)
    {
        reg("validate", n8, [p] { return placed_validate(p->first(), p->last()); });
        reg("decode", n8, [p] { return placed_decode(p->first(), p->last(), p->out32.data()) - p->out32.data(); });
        reg("encode", n8, [p] {
            return placed_encode(p->code_points.data(), p->code_points.data() + p->code_points.size(), p->out8.data()) -
                   p->out8.data();
        });
        reg("utf8_to_utf16", n8,
            [p] { return placed_utf8_to_utf16(p->first(), p->last(), p->out16.data()) - p->out16.data(); });
        reg("utf16_to_utf8", n8, [p] {
            return placed_utf16_to_utf8(p->units.data(), p->units.data() + p->units.size(), p->out8.data()) -
                   p->out8.data();
        });
        reg("to_decode", n8, [p] {
            std::u32string o(p->bytes.size(), U'\0');
            o.resize(static_cast<std::size_t>(placed_decode(p->first(), p->last(), o.data()) - o.data()));
            return o.size();
        });
        reg("to_encode", n8, [p] {
            std::string o(4 * p->code_points.size(), '\0');
            auto* const first = reinterpret_cast<unsigned char*>(o.data());
            o.resize(static_cast<std::size_t>(
                placed_encode(p->code_points.data(), p->code_points.data() + p->code_points.size(), first) - first));
            return o.size();
        });
        reg("to_utf8_to_utf16", n8, [p] {
            std::u16string o(p->bytes.size(), u'\0');
            o.resize(static_cast<std::size_t>(placed_utf8_to_utf16(p->first(), p->last(), o.data()) - o.data()));
            return o.size();
        });
        reg("to_utf16_to_utf8", n8, [p] {
            std::string o(3 * p->units.size(), '\0');
            auto* const first = reinterpret_cast<unsigned char*>(o.data());
            o.resize(static_cast<std::size_t>(
                placed_utf16_to_utf8(p->units.data(), p->units.data() + p->units.size(), first) - first));
            return o.size();
        });
        return;
    }
    auto const bytes = [p] { return std::string_view(p->bytes); };
    auto const points = [p] { return std::u32string_view(p->code_points); };
    auto const units = [p] { return std::u16string_view(p->units); };
    capped const c(level);
    check(utf::is_valid(bytes()), "validate", x);
    check(std::u32string_view(p->out32.data(), utf::copy(bytes() | utf::views::utf8, p->out32.data()) - p->out32.data()) ==
              points(),
          "decode", x);
    check(std::string_view(reinterpret_cast<char const*>(p->out8.data()),
                           utf::copy(points() | utf::views::utf32_to_utf8_as<unsigned char>, p->out8.data()) -
                               p->out8.data()) == bytes(),
          "encode", x);
    check(std::u16string_view(p->out16.data(), utf::copy(bytes() | utf::views::utf8 | utf::views::utf32_to_utf16,
                                                          p->out16.data()) -
                                                   p->out16.data()) == units(),
          "utf8_to_utf16", x);
    check(std::string_view(reinterpret_cast<char const*>(p->out8.data()),
                           utf::copy(units() | utf::views::utf16 | utf::views::utf32_to_utf8_as<unsigned char>,
                                     p->out8.data()) -
                               p->out8.data()) == bytes(),
          "utf16_to_utf8", x);
    check(utf::to<std::u32string>(bytes() | utf::views::utf8) == points(), "to_decode", x);
    check(utf::to<std::string>(points() | utf::views::utf32_to_utf8_as<char>) == bytes(), "to_encode", x);
    check(utf::to<std::u16string>(bytes() | utf::views::utf8 | utf::views::utf32_to_utf16) == units(),
          "to_utf8_to_utf16", x);
    check(utf::to<std::string>(units() | utf::views::utf16 | utf::views::utf32_to_utf8_as<char>) == bytes(),
          "to_utf16_to_utf8", x);
    reg("validate", n8, [bytes] { return utf::is_valid(bytes()); });
    reg("decode", n8, [p, bytes] { return utf::copy(bytes() | utf::views::utf8, p->out32.data()) - p->out32.data(); });
    reg("encode", n8, [p, points] {
        return utf::copy(points() | utf::views::utf32_to_utf8_as<unsigned char>, p->out8.data()) - p->out8.data();
    });
    reg("utf8_to_utf16", n8, [p, bytes] {
        return utf::copy(bytes() | utf::views::utf8 | utf::views::utf32_to_utf16, p->out16.data()) - p->out16.data();
    });
    reg("utf16_to_utf8", n8, [p, units] {
        return utf::copy(units() | utf::views::utf16 | utf::views::utf32_to_utf8_as<unsigned char>, p->out8.data()) -
               p->out8.data();
    });
    reg("to_decode", n8, [bytes] { return utf::to<std::u32string>(bytes() | utf::views::utf8).size(); });
    reg("to_encode", n8,
        [points] { return utf::to<std::string>(points() | utf::views::utf32_to_utf8_as<char>).size(); });
    reg("to_utf8_to_utf16", n8, [bytes] {
        return utf::to<std::u16string>(bytes() | utf::views::utf8 | utf::views::utf32_to_utf16).size();
    });
    reg("to_utf16_to_utf8", n8, [units] {
        return utf::to<std::string>(units() | utf::views::utf16 | utf::views::utf32_to_utf8_as<char>).size();
    });
}

} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (argc < 2)
    {
        std::fprintf(stderr, "usage: boost_utf_files_bench [benchmark options] FILE...\n");
        return 2;
    }
    struct level_name
    {
        level_row level;
        char const* name;
    };
    static constexpr level_name levels[] = {{{utf::simd_level::scalar, simd::halves::no}, "scalar"},
                                            {{utf::simd_level::sse, simd::halves::no}, "sse"},
                                            {{utf::simd_level::avx2, simd::halves::no}, "avx2"},
                                            {{utf::simd_level::avx2, simd::halves::yes}, "avx2_halves"},
                                            {{utf::simd_level::avx512bw, simd::halves::no}, "avx512bw"},
                                            {{utf::simd_level::avx512vbmi2, simd::halves::no}, "avx512vbmi2"}};
    std::vector<std::unique_ptr<input>> inputs;
    for (int i = 1; i < argc; ++i)
    {
        inputs.push_back(load(argv[i]));
        register_file(*inputs.back(), {utf::simd_level::scalar, simd::halves::no}, nullptr);
        for (level_name const& l : levels)
            if (l.level.level <= utf::supported_simd_level())
                register_file(*inputs.back(), l.level, l.name);
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}

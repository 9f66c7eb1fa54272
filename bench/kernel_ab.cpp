// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Two versions of one kernel in one process, in turn (built and run by kernel_ab.sh):
//
//   kernel_ab KERNEL FILE...
//
// KERNEL is to_utf8_LEVEL (UTF-16 to UTF-8), to_utf8_covered_LEVEL (the same, for callers whose
// every code unit writes a byte: see utf16_kernels.hpp), encode_LEVEL (code points to UTF-8),
// decode_LEVEL (UTF-8 to code points), decode16_LEVEL (UTF-8 to UTF-16; decode16_covered at
// avx512vbmi2: see kernels.hpp), validate_LEVEL (valid_prefix of UTF-8), widen_LEVEL (UTF-16 to
// code points), narrow_LEVEL (code points to UTF-16, narrow_checked) or validate16_LEVEL
// (valid_prefix of UTF-16), LEVEL one of
// sse, avx2, avx512vbmi2, as kernel_ab_kernels.cpp names them. Each FILE (well-formed UTF-8)
// gives the kernel four pieces of KERNEL_AB_BYTES bytes (default 256 KiB) from across it,
// together: on less text than that, the branch predictor learns the sequence of a kernel's
// branches over the pieces it is given again and again, and a branch on the text looks free. The
// two sides must write the same output. Prints, per file, each side's median time per call over
// 40 turns of 20 calls, and A / B (above 1.0, B is faster); A against A reads 0.97 to 1.03 on a
// quiet machine.

#include <boost/utf.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" {
#define KERNEL_AB_DECLARE(side, operation, level) \
    std::uint64_t side##_##operation##_##level(void const*, std::size_t, void*);
#define KERNEL_AB_DECLARE_BOTH(operation, level) \
    KERNEL_AB_DECLARE(a, operation, level) KERNEL_AB_DECLARE(b, operation, level)
KERNEL_AB_DECLARE_BOTH(to_utf8, sse) KERNEL_AB_DECLARE_BOTH(to_utf8, avx2) KERNEL_AB_DECLARE_BOTH(to_utf8, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(to_utf8_covered, sse) KERNEL_AB_DECLARE_BOTH(to_utf8_covered, avx2)
KERNEL_AB_DECLARE_BOTH(to_utf8_covered, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(encode, sse) KERNEL_AB_DECLARE_BOTH(encode, avx2) KERNEL_AB_DECLARE_BOTH(encode, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(decode, sse) KERNEL_AB_DECLARE_BOTH(decode, avx2) KERNEL_AB_DECLARE_BOTH(decode, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(decode16, sse) KERNEL_AB_DECLARE_BOTH(decode16, avx2) KERNEL_AB_DECLARE_BOTH(decode16, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(decode16_covered, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(widen, sse) KERNEL_AB_DECLARE_BOTH(widen, avx2) KERNEL_AB_DECLARE_BOTH(widen, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(narrow, sse) KERNEL_AB_DECLARE_BOTH(narrow, avx2) KERNEL_AB_DECLARE_BOTH(narrow, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(validate16, sse) KERNEL_AB_DECLARE_BOTH(validate16, avx2)
KERNEL_AB_DECLARE_BOTH(validate16, avx512vbmi2)
KERNEL_AB_DECLARE_BOTH(validate, sse) KERNEL_AB_DECLARE_BOTH(validate, avx2) KERNEL_AB_DECLARE_BOTH(validate, avx512vbmi2)
}

namespace {

namespace utf = boost::utf;
using kernel = std::uint64_t(void const*, std::size_t, void*);

struct entry
{
    char const* name;
    kernel* a;
    kernel* b;
    utf::simd_level level;
    int input;  // 8: UTF-8, 16: UTF-16, 32: code points
    int output; // the bytes of an element written
};

#define KERNEL_AB_ENTRY(operation, level, input, output) \
    {#operation "_" #level, a_##operation##_##level, b_##operation##_##level, utf::simd_level::level, input, output}
// The kernel at each level.
#define KERNEL_AB_LEVELS(operation, input, output)                                                   \
    KERNEL_AB_ENTRY(operation, sse, input, output), KERNEL_AB_ENTRY(operation, avx2, input, output), \
        KERNEL_AB_ENTRY(operation, avx512vbmi2, input, output)
entry const kernels[] = {
    KERNEL_AB_LEVELS(to_utf8, 16, 1),   KERNEL_AB_LEVELS(to_utf8_covered, 16, 1),
    KERNEL_AB_LEVELS(encode, 32, 1),    KERNEL_AB_LEVELS(decode, 8, 4),
    KERNEL_AB_LEVELS(decode16, 8, 2),   KERNEL_AB_ENTRY(decode16_covered, avx512vbmi2, 8, 2),
    KERNEL_AB_LEVELS(widen, 16, 4),     KERNEL_AB_LEVELS(narrow, 32, 2),
    KERNEL_AB_LEVELS(validate16, 16, 1), KERNEL_AB_LEVELS(validate, 8, 1),
};

// Four pieces of about `bytes` bytes each, at 1/8, 3/8, 5/8 and 7/8 of the text, cut at line ends.
std::string pieces(std::string const& text, std::size_t bytes)
{
    if (text.size() <= 4 * bytes)
        return text;
    std::string r;
    for (std::size_t k = 1; k < 8; k += 2)
    {
        std::size_t const from = text.find('\n', text.size() * k / 8) + 1;
        std::size_t const to = text.rfind('\n', from + bytes) + 1;
        if (to > from)
            r.append(text, from, to - from);
    }
    return r;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    entry const* k = nullptr;
    for (entry const& e : kernels)
        if (argc > 1 && std::strcmp(argv[1], e.name) == 0)
            k = &e;
    if (argc < 3 || k == nullptr)
    {
        std::fprintf(stderr, "usage: kernel_ab KERNEL FILE...\nkernels:");
        for (entry const& e : kernels)
            std::fprintf(stderr, " %s", e.name);
        std::fprintf(stderr, "\n");
        return 2;
    }
    if (utf::supported_simd_level() < k->level)
    {
        std::fprintf(stderr, "kernel_ab: this processor has no %s\n", utf::to_string(k->level));
        return 2;
    }
    char const* const env = std::getenv("KERNEL_AB_BYTES");
    std::size_t const bytes = env != nullptr ? std::strtoul(env, nullptr, 10) : 256 * 1024;
    std::printf("%-24s %12s %12s %7s\n", k->name, "A ns", "B ns", "A / B");
    for (int f = 2; f < argc; ++f)
    {
        std::ifstream in(argv[f], std::ios::binary);
        std::string const text = pieces(std::string(std::istreambuf_iterator<char>(in), {}), bytes);
        if (!utf::is_valid(text))
        {
            std::fprintf(stderr, "kernel_ab: %s is not well-formed UTF-8\n", argv[f]);
            return 2;
        }
        std::u32string const points = utf::to<std::u32string>(text | utf::views::utf8);
        std::u16string const units = utf::to<std::u16string>(points | utf::views::utf32_to_utf16);
        // A validating kernel reads the three bytes before its input (kernels.hpp): ASCII ones.
        std::string const padded = std::string(64, ' ') + text;
        void const* input = k->input == 8 ? static_cast<void const*>(padded.data() + 64)
                            : k->input == 16 ? static_cast<void const*>(units.data())
                                             : static_cast<void const*>(points.data());
        std::size_t const n = k->input == 8 ? text.size() : k->input == 16 ? units.size() : points.size();
        std::vector<char32_t> out_a(text.size() + 64), out_b(text.size() + 64);
        std::uint64_t const ra = k->a(input, n, out_a.data()), rb = k->b(input, n, out_b.data());
        std::size_t const unit = static_cast<std::size_t>(k->output);
        // Kernels of different block widths may stop at different points before the end; what
        // both wrote must agree, and so must the counts when they stop at the same point.
        std::uint64_t const common = (ra & 0xFFFFFFFFu) < (rb & 0xFFFFFFFFu) ? ra & 0xFFFFFFFFu : rb & 0xFFFFFFFFu;
        if (((ra >> 32) == (rb >> 32) && ra != rb) ||
            std::memcmp(out_a.data(), out_b.data(), common * unit) != 0)
        {
            std::fprintf(stderr, "kernel_ab: the two sides disagree on %s\n", argv[f]);
            return 1;
        }
        std::vector<double> ta, tb;
        for (int turn = 0; turn < 40; ++turn)
            for (int side = 0; side < 2; ++side)
            {
                bool const b = (turn % 2 == 0) == (side == 1);
                auto const t0 = std::chrono::steady_clock::now();
                for (int call = 0; call < 20; ++call)
                    (b ? k->b(input, n, out_b.data()) : k->a(input, n, out_a.data()));
                std::chrono::duration<double, std::nano> const d = std::chrono::steady_clock::now() - t0;
                (b ? tb : ta).push_back(d.count() / 20);
            }
        std::string const name = std::strrchr(argv[f], '/') ? std::strrchr(argv[f], '/') + 1 : argv[f];
        double const ma = median(ta), mb = median(tb);
        std::printf("%-24s %12.0f %12.0f %7.3f%s\n", name.c_str(), ma, mb, ma / mb,
                    (ra >> 32) < n * 99 / 100 ? "  (the kernel stops before 99% of the input)" : "");
    }
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_SIMD_DISPATCH_HPP
#define BOOST_UTF_DETAIL_SIMD_DISPATCH_HPP

// Which kernel set runs: the widest one this CPU and its operating system support, lowered by
// the environment variable BOOST_UTF_SIMD (read once) and by set_simd_cap(). The CPU is asked
// once (CPUID, and XGETBV for the register state the OS saves), in a function-local static; the
// row of the kernel tables in use is kept in an atomic that is constant-initialised, so that
// nothing depends on the order in which translation units are initialised, and each bulk call
// reads it once, relaxed.
//
// The kernel tables have a row per level, and one more: the avx2 level of a CPU that runs each
// 256-bit operation as two 128-bit halves (halves_avx2_row). There AVX2's encoders, which pack
// each half apart and then take the upper one out to store it, do the work of the sse level's
// and more, so that row takes the sse level's encoders and AVX2's other kernels.

#include <boost/config.hpp>
#include <boost/utf/detail/simd/target.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#if BOOST_UTF_SIMD_X86 && defined(_MSC_VER) && !defined(__clang__)
#  include <intrin.h>
#endif

namespace boost {
namespace utf {

// The kernel sets of the bulk operations, narrowest first. Each level needs everything the
// levels below it need.
enum class simd_level : unsigned char
{
    scalar,     // no vector instructions: the scalar rules only
    sse,        // SSSE3 and SSE4.1
    avx2,       // AVX2, BMI1 and BMI2
    avx512bw,   // AVX-512 F, BW and VL
    avx512vbmi2 // AVX-512 F, BW, VL, VBMI and VBMI2
};

constexpr char const* to_string(simd_level level) noexcept
{
    switch (level)
    {
    case simd_level::scalar: return "scalar";
    case simd_level::sse: return "sse";
    case simd_level::avx2: return "avx2";
    case simd_level::avx512bw: return "avx512bw";
    case simd_level::avx512vbmi2: return "avx512vbmi2";
    }
    return "unknown";
}

namespace detail {
namespace simd {

inline constexpr simd_level widest_level = simd_level::avx512vbmi2;

BOOST_UTF_TARGET_BASELINE constexpr simd_level min_level(simd_level a, simd_level b) noexcept
{
    return a < b ? a : b;
}

#if BOOST_UTF_SIMD_X86

struct cpuid_registers
{
    std::uint32_t eax, ebx, ecx, edx;
};

BOOST_UTF_TARGET_BASELINE inline cpuid_registers cpuid(std::uint32_t leaf, std::uint32_t subleaf) noexcept
{
#  if defined(_MSC_VER) && !defined(__clang__)
    int r[4];
    __cpuidex(r, static_cast<int>(leaf), static_cast<int>(subleaf));
    return {static_cast<std::uint32_t>(r[0]), static_cast<std::uint32_t>(r[1]), static_cast<std::uint32_t>(r[2]),
            static_cast<std::uint32_t>(r[3])};
#  else
    cpuid_registers r;
    __asm__("cpuid" : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx) : "a"(leaf), "c"(subleaf));
    return r;
#  endif
}

// The register state the operating system saves on a context switch (XCR0); only asked once
// CPUID says that XGETBV exists (OSXSAVE).
BOOST_UTF_TARGET_BASELINE inline std::uint64_t os_saved_state() noexcept
{
#  if defined(_MSC_VER) && !defined(__clang__)
    return _xgetbv(0);
#  else
    std::uint32_t lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (std::uint64_t(hi) << 32) | lo;
#  endif
}

BOOST_UTF_TARGET_BASELINE constexpr bool bit(std::uint32_t reg, unsigned n) noexcept { return ((reg >> n) & 1u) != 0; }

// Detection, and everything it calls, is compiled for the baseline whatever the flags, since
// every program asks, on whatever CPU it runs.
BOOST_UTF_TARGET_BASELINE inline simd_level detect_cpu() noexcept
{
    cpuid_registers const r0 = cpuid(0, 0);
    if (r0.eax < 1)
        return simd_level::scalar;
    cpuid_registers const r1 = cpuid(1, 0);
    bool const sse3 = bit(r1.ecx, 0), ssse3 = bit(r1.ecx, 9), sse41 = bit(r1.ecx, 19);
    bool const sse42 = bit(r1.ecx, 20), popcnt = bit(r1.ecx, 23), osxsave = bit(r1.ecx, 27);
    bool const avx = bit(r1.ecx, 28);
    if (!(sse3 && ssse3 && sse41))
        return simd_level::scalar;
    if (r0.eax < 7 || !(sse42 && popcnt && osxsave && avx))
        return simd_level::sse;
    std::uint64_t const xcr0 = os_saved_state();
    constexpr std::uint64_t ymm_state = 0x6;   // SSE and AVX registers
    constexpr std::uint64_t zmm_state = 0xE6;  // and the opmask, ZMM0-15 upper halves, ZMM16-31
    if ((xcr0 & ymm_state) != ymm_state)
        return simd_level::sse;
    cpuid_registers const r7 = cpuid(7, 0);
    bool const bmi1 = bit(r7.ebx, 3), avx2 = bit(r7.ebx, 5), bmi2 = bit(r7.ebx, 8);
    bool const avx512f = bit(r7.ebx, 16), avx512bw = bit(r7.ebx, 30), avx512vl = bit(r7.ebx, 31);
    bool const avx512vbmi = bit(r7.ecx, 1), avx512vbmi2 = bit(r7.ecx, 6);
    if (!(bmi1 && avx2 && bmi2))
        return simd_level::sse;
    if ((xcr0 & zmm_state) != zmm_state || !(avx512f && avx512bw && avx512vl))
        return simd_level::avx2;
    if (!(avx512vbmi && avx512vbmi2))
        return simd_level::avx512bw;
    return simd_level::avx512vbmi2;
}

// Whether the CPU runs each 256-bit operation as two 128-bit halves: AMD's before Zen 2 (family
// 17h below model 30h, and the earlier families) and Hygon's family 18h, which is Zen.
BOOST_UTF_TARGET_BASELINE inline bool splits_256_bit_operations() noexcept
{
    cpuid_registers const r0 = cpuid(0, 0);
    // The vendor, in EBX, EDX, ECX: "AuthenticAMD", "HygonGenuine".
    bool const amd = r0.ebx == 0x68747541 && r0.edx == 0x69746E65 && r0.ecx == 0x444D4163;
    bool const hygon = r0.ebx == 0x6F677948 && r0.edx == 0x6E65476E && r0.ecx == 0x656E6975;
    if (!(amd || hygon) || r0.eax < 1)
        return false;
    std::uint32_t const signature = cpuid(1, 0).eax;
    std::uint32_t family = (signature >> 8) & 0xF;
    std::uint32_t model = (signature >> 4) & 0xF;
    if (family == 0xF)
    {
        family += (signature >> 20) & 0xFF;
        model |= ((signature >> 16) & 0xF) << 4;
    }
    return hygon ? family == 0x18 : family < 0x17 || (family == 0x17 && model < 0x30);
}

#else

inline simd_level detect_cpu() noexcept { return simd_level::scalar; }
inline bool splits_256_bit_operations() noexcept { return false; }

#endif

// The level named by BOOST_UTF_SIMD ("scalar", "sse", "avx2", "avx512bw", "avx512vbmi2", or
// "avx512" for the widest AVX-512 set); the widest level when it is unset or names none.
BOOST_UTF_TARGET_BASELINE inline simd_level environment_cap() noexcept
{
#if defined(_MSC_VER)
#  pragma warning(push)
#  pragma warning(disable : 4996) // getenv: only read, never kept
#endif
    char const* const v = std::getenv("BOOST_UTF_SIMD");
#if defined(_MSC_VER)
#  pragma warning(pop)
#endif
    if (v == nullptr)
        return widest_level;
    struct named
    {
        char const* name;
        simd_level level;
    };
    static constexpr named names[] = {
        {"scalar", simd_level::scalar},     {"sse", simd_level::sse},
        {"avx2", simd_level::avx2},         {"avx512bw", simd_level::avx512bw},
        {"avx512vbmi2", simd_level::avx512vbmi2}, {"avx512", simd_level::avx512vbmi2},
    };
    for (named const& n : names)
        if (std::strcmp(v, n.name) == 0)
            return n.level;
    return widest_level;
}

// What this machine runs, lowered by the environment: asked once.
inline simd_level machine_level() noexcept
{
#if BOOST_UTF_SIMD_X86
    static simd_level const level = min_level(detect_cpu(), environment_cap());
    return level;
#else
    return simd_level::scalar;
#endif
}

// The row of the kernel tables for the avx2 level on a CPU that splits 256-bit operations, the
// number of rows, and the level each row runs.
inline constexpr std::size_t halves_avx2_row = static_cast<std::size_t>(widest_level) + 1;
inline constexpr std::size_t row_count = halves_avx2_row + 1;

BOOST_UTF_TARGET_BASELINE constexpr simd_level level_of_row(std::size_t row) noexcept
{
    return row == halves_avx2_row ? simd_level::avx2 : static_cast<simd_level>(row);
}

// Whether the avx2 level takes halves_avx2_row: as the CPU says, or as a test or a benchmark
// says (assume_halves).
enum class halves : unsigned char
{
    no,
    yes,
    ask_cpu = 0xFF
};

// 0xFF: not decided yet. All three are constant-initialised (std::atomic's constructor is
// constexpr).
inline std::atomic<unsigned char> row_in_use{0xFF};
inline std::atomic<unsigned char> level_cap{static_cast<unsigned char>(widest_level)};
inline std::atomic<unsigned char> halves_assumed{static_cast<unsigned char>(halves::ask_cpu)};

inline bool machine_splits_256() noexcept
{
    static bool const split = splits_256_bit_operations();
    return split;
}

BOOST_NOINLINE inline std::size_t decide_row() noexcept
{
    simd_level const l =
        min_level(machine_level(), static_cast<simd_level>(level_cap.load(std::memory_order_relaxed)));
    auto const assumed = static_cast<halves>(halves_assumed.load(std::memory_order_relaxed));
    bool const split = assumed == halves::ask_cpu ? machine_splits_256() : assumed == halves::yes;
    std::size_t const row = l == simd_level::avx2 && split ? halves_avx2_row : static_cast<std::size_t>(l);
    row_in_use.store(static_cast<unsigned char>(row), std::memory_order_relaxed);
    return row;
}

// The row the next bulk call runs: read once per call, never per element.
BOOST_FORCEINLINE std::size_t active_row() noexcept
{
#if BOOST_UTF_SIMD_X86
    unsigned char const r = row_in_use.load(std::memory_order_relaxed);
    if (BOOST_LIKELY(r != 0xFF))
        return r;
    return decide_row();
#else
    return 0;
#endif
}

// For tests and benchmarks, which run both avx2 rows on any CPU that has AVX2: whether the avx2
// level takes halves_avx2_row from now on, in every thread (as set_simd_cap).
inline void assume_halves(halves h) noexcept
{
    halves_assumed.store(static_cast<unsigned char>(h), std::memory_order_relaxed);
    decide_row();
}

// Whether `sets`, a kernel table, has one set per row, each of its row's level, in order (or the
// scalar level's alone), each with kernels exactly when it is not the scalar level: every width
// that `widths(set)` gives is 0 for the scalar level and not 0 for the others. The drivers call a
// kernel only when its width is not 0, so the scalar level's null kernels are never called.
template<class Set, std::size_t N, class Widths>
constexpr bool one_set_per_row(Set const (&sets)[N], Widths widths) noexcept
{
    std::size_t i = 0;
    for (Set const& k : sets)
    {
        if (k.level != level_of_row(i++))
            return false;
        bool const scalar = k.level == simd_level::scalar;
        for (std::size_t const w : widths(k))
            if (scalar != (w == 0))
                return false;
    }
    return i == 1 || i == row_count;
}

// The fewest code units that any level's kernel of such a table takes at a time (`width(set)`,
// 0 where a level has none), or the largest size_t where no level has one: input shorter than
// this goes to the scalar rules at every level, so a driver can send it there before it looks
// up the level in use.
template<class Set, std::size_t N, class Width>
constexpr std::size_t narrowest_block(Set const (&sets)[N], Width width) noexcept
{
    std::size_t n = static_cast<std::size_t>(-1);
    for (Set const& k : sets)
        if (width(k) != 0 && width(k) < n)
            n = width(k);
    return n;
}

// The most code units that any level's kernel of such a table takes at a time (`width(set)`), or 0
// where no level has one: a bound that holds at every level without looking up the one in use.
template<class Set, std::size_t N, class Width>
constexpr std::size_t widest_block(Set const (&sets)[N], Width width) noexcept
{
    std::size_t n = 0;
    for (Set const& k : sets)
        if (width(k) > n)
            n = width(k);
    return n;
}

// The set of the row in use, from such a table: looked up once per bulk call.
template<class Set, std::size_t N>
BOOST_FORCEINLINE Set const& set_for_active_row(Set const (&sets)[N]) noexcept
{
    if constexpr (N > 1)
        return sets[active_row()];
    else
        return sets[0];
}

} // namespace simd
} // namespace detail

// The widest kernel set this CPU and its operating system support, lowered by the environment
// variable BOOST_UTF_SIMD; simd_level::scalar when the library is built with BOOST_UTF_NO_SIMD
// or for a target with no kernels.
inline simd_level supported_simd_level() noexcept { return detail::simd::machine_level(); }

// The kernel set the bulk operations use: supported_simd_level(), capped by set_simd_cap().
inline simd_level active_simd_level() noexcept { return detail::simd::level_of_row(detail::simd::active_row()); }

// Caps the kernel set at `cap` (simd_level::avx512vbmi2 lifts the cap) for every later bulk call,
// in every thread; returns the previous cap. Meant for start-up, tests and benchmarks: a bulk call
// running at the same time in another thread may still use the previous level.
inline simd_level set_simd_cap(simd_level cap) noexcept
{
    auto const previous = static_cast<simd_level>(
        detail::simd::level_cap.exchange(static_cast<unsigned char>(cap), std::memory_order_relaxed));
    detail::simd::decide_row();
    return previous;
}

} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_SIMD_DISPATCH_HPP

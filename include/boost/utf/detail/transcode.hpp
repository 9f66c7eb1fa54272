// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_TRANSCODE_HPP
#define BOOST_UTF_DETAIL_TRANSCODE_HPP

// Bulk UTF-16, and the compositions of a decoding view inside an encoding view over contiguous
// code units: UTF-16 validation, direct transcoding (UTF-8 to UTF-16, UTF-16 to UTF-8), and
// sanitising (UTF-8 to UTF-8, UTF-16 to UTF-16). Each gives exactly what the lazy composition
// gives, and calls both policies exactly as it does:
//   - the inner (decoding) policy once per ill-formed subpart, with its kind and its offset in
//     source code units, in source order;
//   - the outer (encoding) policy only for a value that the inner policy returned and that is not
//     a scalar value, with the index of that value among the inner view's elements.
// Every element comes from the rules of utf8.hpp and utf16.hpp, one step at a time, except that
// the sanitisers copy stretches that the validator has proved well-formed.
//
// The output goes through a sink (see algorithm.hpp): reserve(n) gives room for n elements,
// commit(p) keeps what was written up to p, sync(p) also hands it to the caller (said before
// every policy call, so that a policy that throws leaves the output as the view would), and
// Sink::max_reserve is the most that reserve() may be asked for.

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/unicode.hpp>
#include <boost/utf/detail/simd/kernels.hpp>
#include <boost/utf/detail/simd/target.hpp>
#include <boost/utf/detail/simd/utf16_kernels.hpp>
#include <boost/utf/detail/utf16.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace boost {
namespace utf {
namespace detail {
// Compiled for this translation unit's target: see BOOST_UTF_ISA_NAMESPACE in detail/simd/target.hpp.
inline namespace BOOST_UTF_ISA_NAMESPACE {

// ---- UTF-16 validation -----------------------------------------------------------------------

// UTF-16 code units that find_invalid_utf16 and transcode_stretch (to code points) take at a time
// without kernels; fewer than copy16_block + 1 (short input, and the end of longer input) are
// tried a short block at a time.
inline constexpr std::size_t copy16_block = 32;
inline constexpr std::size_t copy16_short_block = 8;

// Index of the first code unit of the first unpaired surrogate, or `n`. The kernel of the level
// in use passes over the blocks it proves well-formed; the block it stops at is walked by the
// rules, which find the error exactly or step past it (a pair across blocks), and then the kernel
// goes on from where the last element ended. What is left after its last block, and the whole
// input without kernels, goes through whole blocks tested at once (has_surrogate16,
// is_paired_block16), and its last code units through short blocks: see below.
template<class T>
std::size_t find_invalid_utf16(T const* const first, std::size_t const n) noexcept
{
    T const* const last = first + n;
    T const* p = first;
    if constexpr (simd::has_utf16_kernels)
    {
        simd::utf16_kernel_set const& k = simd::active_utf16_kernels();
        if (k.width != 0 && n >= k.fewest)
        {
            auto const* const units = reinterpret_cast<std::uint16_t const*>(first);
            std::size_t i = 0;
            for (;;)
            {
                if (n - i >= k.fewest)
                    i += k.valid_prefix(units + i, n - i);
                p = first + i;
                if (n - i <= k.width)
                    break;
                T const* const stop = p + k.width;
                while (p < stop)
                {
                    T const* const at = p;
                    if (!decode_next16(p, last).ok())
                        return static_cast<std::size_t>(at - first);
                }
                i = static_cast<std::size_t>(p - first);
            }
        }
    }
    // `p` is where an element starts. A block from `p` with no surrogate is well-formed (most
    // text), and so is one that is_paired_block16 accepts, with the pair that its last code unit
    // may begin. The rules walk any other block.
    constexpr std::size_t block = copy16_block;
    while (static_cast<std::size_t>(last - p) > block)
    {
        if (!has_surrogate16<block>(p))
        {
            p += block;
            continue;
        }
        if (BOOST_LIKELY(is_paired_block16<block>(p)))
        {
            p += paired_block_length16<block>(p);
            continue;
        }
        T const* const stop = p + block;
        while (p < stop)
        {
            T const* const at = p;
            if (!decode_next16(p, last).ok())
                return static_cast<std::size_t>(at - first);
        }
    }
    // Fewer than block + 1 are left: short blocks with no surrogate or well-formed pairs, then the
    // rules.
    for (;;)
    {
        std::size_t const left = static_cast<std::size_t>(last - p);
        if (left >= copy16_short_block && !has_surrogate16<copy16_short_block>(p))
            p += copy16_short_block;
        else if (left > copy16_short_block && is_paired_block16<copy16_short_block>(p))
            p += paired_block_length16<copy16_short_block>(p);
        else
            break;
    }
    while (p != last)
    {
        T const* const at = p;
        if (!decode_next16(p, last).ok())
            return static_cast<std::size_t>(at - first);
    }
    return n;
}

// ---- writing one scalar value in the target form ---------------------------------------------

// UTF-8: at most four code units. Exactly as many as the form has are written: the output may be
// the caller's buffer, sized to fit.
struct utf8_writer
{
    static constexpr std::size_t max_units = 4;
    // An encoding view checks each value it is given: a replacement that is not a scalar value
    // goes to its policy.
    static constexpr bool encodes = true;
    using unit = unsigned char;

    // Whether the value `v` is one code unit of the form, itself (ASCII).
    template<class V>
    static constexpr bool is_one_unit(V v) noexcept
    {
        return static_cast<std::make_unsigned_t<V>>(v) < 0x80u;
    }

    template<class O>
    BOOST_FORCEINLINE static void write(char32_t c, O*& o) noexcept
    {
        if (BOOST_LIKELY(c < 0x80u))
        {
            *o++ = static_cast<O>(c);
            return;
        }
        encoded const e = encode(c);
        o[0] = static_cast<O>(e.units[0]);
        o[1] = static_cast<O>(e.units[1]);
        if (e.length > 2)
        {
            o[2] = static_cast<O>(e.units[2]);
            if (e.length > 3)
                o[3] = static_cast<O>(e.units[3]);
        }
        o += e.length;
    }
};

struct utf16_writer
{
    static constexpr std::size_t max_units = 2;
    static constexpr bool encodes = true;

    template<class V>
    static constexpr bool is_one_unit(V v) noexcept
    {
        return is_one_unit16(v);
    }

    template<class O>
    BOOST_FORCEINLINE static void write(char32_t c, O*& o) noexcept
    {
        write_word16(c, o);
    }
};

// A decoding view alone (utf16_view): the code points as they are, a replacement included,
// whatever its value, since no encoding view checks it.
struct code_point_writer
{
    static constexpr std::size_t max_units = 1;
    static constexpr bool encodes = false;

    template<class O>
    BOOST_FORCEINLINE static void write(char32_t c, O*& o) noexcept
    {
        *o++ = c;
    }
};

// ---- the policies of a composition -----------------------------------------------------------

// The inner view's element count before the subpart at hand, which is what the outer policy is
// told, where the elements are walked one by one and counted as they go.
struct element_count
{
    std::size_t n;

    std::size_t value() const noexcept { return n; }
};

// Where the output goes on after an ill-formed subpart, and whether the inner view gave an element
// for it (a replacement, as opposed to nothing).
template<class O>
struct error_outcome
{
    O* o;
    bool counted;
};

// What the lazy composition does with one ill-formed subpart at `at`: the inner policy's answer,
// and, when that is not a scalar value, the outer policy's (told `index.value()`). Writes the
// result (or nothing). Everything before `o` is synced first. Out of line, and given the output
// position and the count by value, so that the loops over well-formed elements keep them in
// registers: an address that escaped here would be stored to and reloaded on every element.
template<class Writer, bool PerCodeUnit, class Inner, class Outer, class Sink, class O, class Index>
BOOST_NOINLINE error_outcome<O> transcode_error(decoded const d, std::size_t at, Index index, Inner& inner,
                                                Outer& outer, Sink& sink, O* o)
{
    sink.sync(o);
    char32_t c = decoding_replacement(inner, d, step_length<PerCodeUnit>(d), at);
    bool const counted = c != no_replacement;
    if constexpr (Writer::encodes)
    {
        error_kind const kind = counted ? check_scalar(c) : error_kind{};
        if (kind != error_kind{})
        {
            // The inner view's element `index` is not a scalar value: the outer view's error.
            c = encoding_replacement(outer, error_info{kind, index.value(), 1, c});
        }
    }
    o = sink.reserve(Writer::max_units);
    if (c != no_replacement)
        Writer::write(c, o);
    return {o, counted};
}

// ---- direct transcoding -------------------------------------------------------------------------

// ---- the element at hand --------------------------------------------------------------------------

// Code units that decode_next needs left to read a sequence ahead, with no test of the end per code
// unit.
inline constexpr std::size_t utf8_look_ahead = 4;

// The UTF-8 element at `p` (p != last) when fewer than utf8_look_ahead code units are left, as
// decode_next gives it: decoded from a copy of what is left followed by zero bytes, so that it
// takes decode_next's look-ahead path (as the rest of the input does) rather than its test of the
// end at every code unit, which short inputs take for one element in two or three. A zero byte is
// not a continuation byte, so it ends a subpart exactly as the end of the input does (`truncated`,
// with the same length), and no element reaches into the zeros. The copy takes the first, middle
// and last code unit left, which are all of them (one to three), without a branch on how many.
template<class T>
BOOST_FORCEINLINE decoded decode_near_end(T const*& p, T const* const last) noexcept
{
    std::size_t const rest = static_cast<std::size_t>(last - p);
    unsigned char tail[2 * utf8_look_ahead] = {};
    tail[0] = to_byte(p[0]);
    tail[rest >> 1] = to_byte(p[rest >> 1]);
    tail[rest - 1] = to_byte(p[rest - 1]);
    unsigned char const* q = tail;
    decoded const d = decode_next(q, tail + sizeof tail);
    p += q - tail;
    return d;
}

// The element at `p` (p != last) by `Rules`, leaving `p` past it.
template<class Rules, class T>
BOOST_FORCEINLINE decoded next_in_stretch(T const*& p, T const* const last) noexcept
{
    if constexpr (std::is_same<Rules, utf8_rules>::value)
    {
        if (static_cast<std::size_t>(last - p) < utf8_look_ahead)
            return decode_near_end(p, last);
    }
    return Rules::next(p, last);
}

// Code units the scalar rules take where a kernel stops and asks for no other stretch; every
// bounded sink has room for them in the widest form, UTF-8.
inline constexpr std::size_t transcode_chunk = 256;

// `v` in each lane of a 64-bit word of `Bits`-bit lanes: four UTF-16 code units, or two code
// points, tested at once.
template<unsigned Bits>
constexpr std::uint64_t word_lanes(std::uint32_t const v) noexcept
{
    static_assert(Bits == 16 || Bits == 32, "lanes of UTF-16 code units or of code points");
    return std::uint64_t{v} * (Bits == 16 ? 0x0001000100010001u : 0x0000000100000001u);
}

// The bits of each lane that a value at or above `bound` (a power of two) has one of, and a value
// below it none of: a word ANDed with it is 0 when every lane is below `bound`.
template<unsigned Bits>
constexpr std::uint64_t lanes_at_or_above(std::uint32_t const bound) noexcept
{
    std::uint32_t const lane = Bits == 16 ? 0xFFFFu : 0xFFFFFFFFu;
    return word_lanes<Bits>(lane & ~(bound - 1));
}

// Not 0 when a code point of the word `x` (two 32-bit lanes, in either byte order) is 110000 or
// more: a lane below 80000000 gets its top bit from the add exactly then, without a carry into the
// other lane; a lane with that bit already set carries into nothing that matters, as it is seen.
BOOST_FORCEINLINE constexpr std::uint64_t beyond_scalar_lanes32(std::uint64_t const x) noexcept
{
    return (x | (x + word_lanes<32>(0x80000000u - 0x110000u))) & word_lanes<32>(0x80000000u);
}

// beyond_scalar_lanes32 finds a value past 10FFFF in either lane, beside every kind of value.
constexpr bool beyond_scalar_lanes32_agrees() noexcept
{
    constexpr std::uint32_t values[] = {0x0u,      0x7Fu,      0xFFFFu,     0x10000u,    0x10FFFFu,
                                        0x110000u, 0x7FFFFFFFu, 0x80000000u, 0x8010FFFFu, 0xFFFFFFFFu};
    for (std::uint32_t const first : values)
        for (std::uint32_t const second : values)
        {
            bool const found = beyond_scalar_lanes32(std::uint64_t{second} << 32 | first) != 0;
            if (found != (check_scalar(first) == error_kind::out_of_range ||
                          check_scalar(second) == error_kind::out_of_range))
                return false;
        }
    return true;
}
static_assert(beyond_scalar_lanes32_agrees(), "transcode.hpp: beyond_scalar_lanes32 must find the values past 10FFFF");

// The low bytes of the four 16-bit lanes of `x`, all below 100, packed in memory order: each byte
// moves within its own half of the word, so on either byte order. (A lane's high byte would land
// on a neighbour's byte: the next lane's on a little-endian machine, the one before on a
// big-endian one.)
BOOST_FORCEINLINE constexpr std::uint32_t low_bytes16x4(std::uint64_t x) noexcept
{
    x = (x | x >> 8) & 0x0000FFFF0000FFFFu;
    return static_cast<std::uint32_t>(x | x >> 16);
}

// When the four UTF-16 code units at `p` are all ASCII, writes their UTF-8 form, four bytes, to
// `o` and returns true. They are read as a 64-bit word, tested with one mask, and packed
// (low_bytes16x4).
template<class T, class O>
BOOST_FORCEINLINE bool copy_ascii_word(T const* const p, O* const o) noexcept
{
    static_assert(sizeof(T) == 2 && sizeof(O) == 1, "UTF-16 code units to UTF-8 code units");
    std::uint64_t const x = load_word64(p);
    if ((x & lanes_at_or_above<16>(0x80u)) != 0)
        return false;
    std::uint32_t const bytes = low_bytes16x4(x);
    std::memcpy(o, &bytes, 4);
    return true;
}

// ASCII code units a run is copied one by one before copy_ascii_run16 takes it a word at a time.
inline constexpr int ascii_one_by_one = 8;

// Copies the run of ASCII UTF-16 code units that starts at `p` (which is one) and ends before
// `stop`, as UTF-8, to `o`; returns where it ends, with `u` the code unit there (if not `stop`).
// `u` is the run's first code unit on the way in. Its first code units go one by one, in a
// loop of their own: the space or digit between words of another script is over before a word
// would pay. A run that goes on past them is likely long (English, markup), and goes on four
// code units at a time (copy_ascii_word). The end of the run goes one by one again.
template<class T, class O>
BOOST_FORCEINLINE T const* copy_ascii_run16(T const* p, T const* const stop, T const* const covered_end,
                                            std::uint32_t& u, O*& o) noexcept
{
    static_assert(sizeof(T) == 2 && sizeof(O) == 1, "UTF-16 code units to UTF-8 code units");
    int n = ascii_one_by_one;
    do
    {
        *o++ = static_cast<O>(u);
        if (++p == stop)
            return p;
        u = to_unit16(*p);
    } while (u < 0x80u && --n != 0);
    if (u >= 0x80u)
        return p;
    for (; stop - p >= 4 && copy_ascii_word(p, o); p += 4)
        o += 4;
    // The word that ends the run: before `covered_end` (where four bytes at `o` are inside the
    // output, and what follows writes over those past the run) stored whole, without a branch on
    // how many of its code units are ASCII.
    if (stop - p >= 4 && covered_end - p >= 4)
    {
        std::uint64_t const x = load_word64(p);
        std::uint32_t const bytes = low_bytes16x4(x & word_lanes<16>(0xFFu));
        std::memcpy(o, &bytes, 4);
        // Two bytes a lane: the lane of the first code unit that is not ASCII.
        unsigned const ascii = ascii_bytes_before(x & lanes_at_or_above<16>(0x80u)) / 2;
        o += ascii;
        p += ascii;
        u = to_unit16(*p);
        return p;
    }
    for (; p != stop; ++p)
    {
        u = to_unit16(*p);
        if (u >= 0x80u)
            break;
        *o++ = static_cast<O>(u);
    }
    return p;
}

// The lanes of the word `x` (four UTF-16 code units, or two code points, in either byte order),
// with the top bit of each lane set where it holds a surrogate and every other bit clear: 0 when
// none does. A surrogate's lane is zero in `y`, and every other lane is at least 800, so only a
// zero lane borrows, and only a lane that borrowed gets its top bit from the subtraction.
template<unsigned Bits>
BOOST_FORCEINLINE constexpr std::uint64_t surrogate_lanes(std::uint64_t const x) noexcept
{
    // The bits of the surrogates' tag D800-DFFF, and every bit of a code point above them.
    std::uint32_t const tag_and_above = Bits == 16 ? 0xF800u : 0xFFFFF800u;
    std::uint64_t const y = (x & word_lanes<Bits>(tag_and_above)) ^ word_lanes<Bits>(0xD800u);
    return (y - word_lanes<Bits>(1)) & ~y & word_lanes<Bits>(1u << (Bits - 1));
}

// surrogate_lanes marks exactly the surrogates: each value below 10000 in each lane, between
// neighbours of every kind (surrogates, the values on either side of them, the extremes); and for
// code points, none of the values above FFFF whose low 16 bits are a surrogate's.
template<unsigned Bits>
constexpr bool surrogate_lanes_agree() noexcept
{
    constexpr unsigned count = 64 / Bits;
    std::uint64_t const neighbours[] = {0x0000u, 0x07FFu, 0xD7FFu, 0xD800u, 0xDBFFu,
                                        0xDC00u, 0xDFFFu, 0xE000u, 0xFFFFu};
    auto const agrees = [](std::uint64_t const lane, std::uint64_t const value, std::uint64_t const n) {
        std::uint64_t x = 0, expected = 0;
        for (unsigned k = 0; k < count; ++k)
        {
            std::uint64_t const unit = k == lane ? value : n;
            x |= unit << (Bits * k);
            if (check_scalar(static_cast<std::uint32_t>(unit)) == error_kind::surrogate)
                expected |= std::uint64_t{1} << (Bits - 1) << (Bits * k);
        }
        return surrogate_lanes<Bits>(x) == expected;
    };
    for (unsigned lane = 0; lane < count; ++lane)
        for (std::uint64_t const n : neighbours)
        {
            for (std::uint64_t u = 0; u < 0x10000u; u += 0x100u)
                if (!agrees(lane, u | (u >> 8 & 0xFFu), n))
                    return false;
            if constexpr (Bits == 32)
                for (std::uint64_t const wide : {0x1D800u, 0x1DFFFu, 0x10DBFFu, 0x110000u, 0x11D800u, 0xFFFFD800u})
                    if (!agrees(lane, wide, n) || !agrees(lane, n, wide))
                        return false;
        }
    return true;
}
static_assert(surrogate_lanes_agree<16>() && surrogate_lanes_agree<32>(),
              "transcode.hpp: surrogate_lanes must mark exactly the surrogates");

// The fewest values in an input that the scalar encoders take in groups (encode_groups); shorter
// input goes value by value. The lengths of a short string encoded again and again are a pattern
// the branch predictor learns, and the call into the groups costs more there than a group saves.
// Whole inputs are counted, not what is left of them, so that the end of a longer one still goes
// by groups.
inline constexpr std::ptrdiff_t encode_groups_from = 128;

// Where encode_groups stopped: the code unit or code point, and the output position, after what
// it wrote.
template<class T, class O>
struct encoded_groups
{
    T const* p;
    O* o;
};

// How many values encode_groups reads at a time: the eight it writes, and the four after them,
// whose code units write over the junk the eighth may leave.
inline constexpr std::ptrdiff_t encode_groups_read = 12;

// UTF-16 code units or code points whose UTF-8 length changes every few of them (CJK, Cyrillic or
// Arabic words between spaces and punctuation, emoji among words), eight at a time, without a
// branch on any of them. Where the next twelve are all below 800, the eight are each stored as two
// units (write_below_800); where they are all below 10000 and none is a surrogate, as a word
// (encode_below_10000, write_below_10000); where they are code points that are all scalar values,
// some of them 10000 or more, as a word of four (write_below_110000). The junk past each form is
// for the next forms to write over: the four values after the eight write a byte at least each,
// and the junk is three bytes at most, so nothing is left written past the output, which may be
// the caller's buffer of its exact size. The twelve are tested in 64-bit words of four or two
// lanes (surrogate_lanes, beyond_scalar_lanes32). Goes on while they pass and the eight are not
// all ASCII (the callers' ASCII loops are faster there), and twelve are left before `stop`;
// returns where it stops. Eight rather than four a step: the tests of the words are shared by
// twice the values, and in CJK text, where the length changes every five values or so, they are
// most of a step's work after the forms. Out of line, and given the output position by value, so
// that the loops it is called from keep theirs in a register, and their ASCII loops their
// constants.
template<class T, class O>
BOOST_NOINLINE encoded_groups<T, O> encode_groups(T const* p, T const* const stop, O* o) noexcept
{
    static_assert((sizeof(T) == 2 || sizeof(T) == 4) && sizeof(O) == 1,
                  "UTF-16 code units or code points, to UTF-8 code units");
    constexpr unsigned bits = 8 * sizeof(T);
    // Twelve values in 64-bit words: three of four UTF-16 lanes, or six of two code point lanes
    // (in variables of their own, which GCC keeps in registers where it keeps an array in
    // memory).
    constexpr std::ptrdiff_t per_word = 8 / sizeof(T);
    while (stop - p >= encode_groups_read)
    {
        std::uint64_t const a = load_word64(p), b = load_word64(p + per_word),
                            c = load_word64(p + 2 * per_word);
        std::uint64_t d = 0, e = 0, f = 0;
        if constexpr (sizeof(T) == 4)
        {
            d = load_word64(p + 3 * per_word);
            e = load_word64(p + 4 * per_word);
            f = load_word64(p + 5 * per_word);
        }
        std::uint64_t const eight = sizeof(T) == 4 ? a | b | c | d : a | b;
        std::uint64_t const any = a | b | c | d | e | f;
        if ((eight & lanes_at_or_above<bits>(0x80u)) == 0)
            break;
        // Read before any store, which may alias them as far as the compiler knows. Each is
        // written by a call of its own below: GCC does not unroll a loop over `v` at -O2, and
        // keeps the array in memory for it.
        std::uint32_t v[8];
        for (int k = 0; k < 8; ++k)
        {
            if constexpr (sizeof(T) == 2)
                v[k] = to_unit16(p[k]);
            else
                v[k] = static_cast<std::uint32_t>(p[k]);
        }
        if ((any & lanes_at_or_above<bits>(0x800u)) == 0)
        {
            // Greek, Cyrillic, Hebrew, Arabic between spaces: one or two units each, stored as
            // two, and no surrogate among them.
            write_below_800(v[0], o);
            write_below_800(v[1], o);
            write_below_800(v[2], o);
            write_below_800(v[3], o);
            write_below_800(v[4], o);
            write_below_800(v[5], o);
            write_below_800(v[6], o);
            write_below_800(v[7], o);
        }
        else
        {
            std::uint64_t surrogates = surrogate_lanes<bits>(a) | surrogate_lanes<bits>(b) | surrogate_lanes<bits>(c);
            if constexpr (sizeof(T) == 4)
                surrogates |= surrogate_lanes<bits>(d) | surrogate_lanes<bits>(e) | surrogate_lanes<bits>(f);
            if (surrogates != 0)
                break;
            if (sizeof(T) == 2 || (any & lanes_at_or_above<bits>(0x10000u)) == 0)
            {
                // Below 10000 (for UTF-16 code units, always), and no surrogate.
                write_below_10000(v[0], o);
                write_below_10000(v[1], o);
                write_below_10000(v[2], o);
                write_below_10000(v[3], o);
                write_below_10000(v[4], o);
                write_below_10000(v[5], o);
                write_below_10000(v[6], o);
                write_below_10000(v[7], o);
            }
            else
            {
                // Scalar values, some of them of four code units (emoji among words).
                if ((beyond_scalar_lanes32(a) | beyond_scalar_lanes32(b) | beyond_scalar_lanes32(c) |
                     beyond_scalar_lanes32(d) | beyond_scalar_lanes32(e) | beyond_scalar_lanes32(f)) != 0)
                    break;
                write_below_110000(v[0], o);
                write_below_110000(v[1], o);
                write_below_110000(v[2], o);
                write_below_110000(v[3], o);
                write_below_110000(v[4], o);
                write_below_110000(v[5], o);
                write_below_110000(v[6], o);
                write_below_110000(v[7], o);
            }
        }
        p += 8;
    }
    return {p, o};
}

// Whether the output of a composition decoding with `inner` and encoding with `outer` has at
// least one code unit for each element of its input, and each ill-formed part, whatever the
// input (so a byte for each UTF-16 code unit, a UTF-16 code unit for every three bytes of UTF-8):
// a replacing decoder writes something for each error, if not its own replacement then the
// encoder's; unless its replacement is no_replacement, which drops the error before the encoder
// sees it. Or whether the sink's room is memory it owns (not the caller's, whose size may be
// exactly the output's), so that bytes past those committed go nowhere.
template<class Sink, class Inner, class Outer>
constexpr bool writes_for_every_unit(Inner const& inner, Outer const&) noexcept
{
    if constexpr (Sink::max_reserve != static_cast<std::size_t>(-1))
        return true;
    else if constexpr (std::is_same<std::remove_cv_t<Inner>, replace_policy>::value)
        return writes_for_every_error(inner) && (check_scalar(inner.replacement) == error_kind{} ||
                                                 std::is_same<std::remove_cv_t<Outer>, replace_policy>::value);
    else
        return writes_for_every_error(inner);
}

// Whether decoding with `inner` gives only scalar values, or nothing, for ill-formed parts, so
// that the outer policy of a composition is never asked (transcode_error), and the inner view's
// element count it would be told is not needed: the library's policies can tell, others are
// taken to answer anything.
template<class Inner>
constexpr bool answers_scalar_values(Inner const&) noexcept
{
    return std::is_same<std::remove_cv_t<Inner>, throw_policy>::value ||
           std::is_same<std::remove_cv_t<Inner>, skip_policy>::value;
}
constexpr bool answers_scalar_values(replace_policy const& inner) noexcept
{
    return inner.replacement == no_replacement || check_scalar(inner.replacement) == error_kind{};
}

// The code units in [p, last) that begin an element by `Rules` (in well-formed text, its
// elements): UTF-8 eight bytes at a time, the bytes that are not continuation bytes.
template<class Rules, class T>
std::size_t element_starts(T const* p, T const* const last) noexcept
{
    std::size_t n = 0;
    if constexpr (std::is_same<Rules, utf8_rules>::value)
    {
        for (; last - p >= 8; p += 8)
        {
            std::uint64_t w;
            std::memcpy(&w, p, sizeof w);
            // Bit 7 of a byte stays set where the byte is 10xxxxxx; the multiplication adds
            // those eight bits up in the top byte.
            std::uint64_t const c = (w & ~(w << 1) & 0x8080808080808080u) >> 7;
            n += 8 - static_cast<std::size_t>((c * 0x0101010101010101u) >> 56);
        }
    }
    for (; p != last; ++p)
        n += Rules::begins_element(*p) ? 1 : 0;
    return n;
}

// How far a scalar loop's run of ASCII may store the word that ends it whole, `Word` output units
// at `o` of which only those before the run's end count (copy_ascii_run, copy_ascii_run16), in a
// stretch [p, stop) of input that ends at `last`. Where the sink's room is its own, what a
// stretch reserved covers the word at any point before its end: to `stop`. Into the caller's
// buffer, which may end where the output does, the output still to come must hold the word: it
// does while `Word * Units` code units are left, if every `Units` code units write one output
// unit at least (`writes_for_every`: the policies write something for every error; an element
// or an ill-formed part of UTF-8 is at most four bytes, and every UTF-16 code unit writes a byte).
// Otherwise nowhere.
template<class Sink, std::ptrdiff_t Word, std::ptrdiff_t Units, class T>
BOOST_FORCEINLINE T const* ascii_covered_end(T const* const p, T const* const stop, T const* const last,
                                             bool const writes_for_every) noexcept
{
    if constexpr (Sink::max_reserve != static_cast<std::size_t>(-1))
        return stop;
    else
        return writes_for_every && last - p >= Word * Units ? last - (Word * Units - Word) : p;
}

// The UTF-8 form `w` (encode_word) at `o`, for a caller that knows it is `Length` code units long;
// `o` moves past them.
template<unsigned Length, class O>
BOOST_FORCEINLINE void store_units(encoded_word const w, O*& o) noexcept
{
    static_assert(Length >= 2 && Length <= 4, "a UTF-8 form of two to four code units");
    o[0] = static_cast<O>(static_cast<unsigned char>(w.units));
    o[1] = static_cast<O>(static_cast<unsigned char>(w.units >> 8));
    if constexpr (Length > 2)
        o[2] = static_cast<O>(static_cast<unsigned char>(w.units >> 16));
    if constexpr (Length > 3)
        o[3] = static_cast<O>(static_cast<unsigned char>(w.units >> 24));
    o += Length;
}

// Bit k set for each of the eight code points read as the words `x0` to `x3` (k its place in
// memory order) that is not ASCII, and maybe bits past the lowest of them: where the lowest set
// bit is, and whether there is one, is all a caller may read. A lane at or above 80 sets its top
// bit in `x | (x + 7FFFFF80)`; one below, never. The add carries out of a lane (at 80000080 and
// up) into the next lane of the word, which comes after it on a little-endian machine; on a
// big-endian one, where it comes before, the top bit of each lane is cleared first.
BOOST_FORCEINLINE constexpr std::uint64_t non_ascii_lanes32x8(std::uint64_t const x0, std::uint64_t const x1,
                                                              std::uint64_t const x2, std::uint64_t const x3) noexcept
{
    auto const top = [](std::uint64_t const x) {
#if BOOST_ENDIAN_BIG_BYTE
        std::uint64_t const high = (x | ((x & 0x7FFFFFFF7FFFFFFFu) + 0x7FFFFF807FFFFF80u)) & 0x8000000080000000u;
        return high >> 32 | high << 32; // the first lane in memory in the low half
#else
        return (x | (x + 0x7FFFFF807FFFFF80u)) & 0x8000000080000000u;
#endif
    };
    // Lanes 0, 2, 4, 6 to bits 0, 2, 4, 6 and lanes 1, 3, 5, 7 to bits 32, 34, 36, 38; then
    // those to bits 1, 3, 5, 7.
    std::uint64_t const lanes = top(x0) >> 31 | top(x1) >> 29 | top(x2) >> 27 | top(x3) >> 25;
    return lanes | lanes >> 31;
}

// non_ascii_lanes32x8 finds the first value at or above 80 wherever it is among eight, whatever
// the values before it (below 80) and after it (any), at the edges of the lanes' range.
constexpr bool non_ascii_lanes_agree() noexcept
{
    constexpr std::uint32_t values[] = {0u,          0x7Fu,       0x80u,       0x7FFu,      0x800u,
                                        0x10FFFFu,   0x7FFFFF7Fu, 0x7FFFFFFFu, 0x80000000u, 0x8000007Fu,
                                        0x80000080u, 0xFFFFFF80u, 0xFFFFFFFFu};
    for (int at = 0; at < 8; ++at)
        for (std::uint32_t const first : values)
            for (std::uint32_t const before : {0u, 0x41u, 0x7Fu})
                for (std::uint32_t const after : values)
                {
                    std::uint32_t v[8] = {};
                    for (int k = 0; k < 8; ++k)
                        v[k] = k < at ? before : k == at ? first : after;
                    std::uint64_t x[4] = {};
                    for (int w = 0; w < 4; ++w)
#if BOOST_ENDIAN_BIG_BYTE
                        x[w] = std::uint64_t{v[2 * w]} << 32 | v[2 * w + 1];
#else
                        x[w] = std::uint64_t{v[2 * w + 1]} << 32 | v[2 * w];
#endif
                    std::uint64_t const m = non_ascii_lanes32x8(x[0], x[1], x[2], x[3]);
                    int const expected = first >= 0x80u ? at : after >= 0x80u && at < 7 ? at + 1 : 8;
                    int lowest = 0;
                    while (lowest < 64 && (m >> lowest & 1u) == 0)
                        ++lowest;
                    if ((expected == 8 ? m != 0 : lowest != expected))
                        return false;
                }
    return true;
}
static_assert(non_ascii_lanes_agree(), "transcode.hpp: non_ascii_lanes32x8 must find the first value above 7F");

// The low bytes of the two code points read as `x`, in memory order once stored: each byte
// moves within its own half of the word, so on either byte order. A lane at or above 80 leaves
// junk in its own byte and maybe in the next lane's, never in the byte of the lane before it.
BOOST_FORCEINLINE constexpr std::uint16_t low_bytes32x2(std::uint64_t x) noexcept
{
#if BOOST_ENDIAN_BIG_BYTE
    x &= 0x000000FF000000FFu; // the second lane's high bits would land on the first lane's byte
#endif
    return static_cast<std::uint16_t>(x | x >> 24);
}

// low_bytes32x2 gives an ASCII first lane its byte whatever the second lane holds, and both
// lanes theirs when both are ASCII.
constexpr bool low_bytes32x2_agrees() noexcept
{
    constexpr std::uint32_t seconds[] = {0u,      0x41u,     0x7Fu,       0x80u,       0xFFu,
                                         0x7FFu,  0xFFFFu,   0x10FFFFu,   0x80000000u, 0xFFFFFFFFu};
    for (std::uint32_t first = 0; first < 0x80u; ++first)
        for (std::uint32_t const second : seconds)
        {
#if BOOST_ENDIAN_BIG_BYTE
            std::uint16_t const two = low_bytes32x2(std::uint64_t{first} << 32 | second);
            unsigned const in_memory[] = {unsigned{two} >> 8, unsigned{two} & 0xFFu};
#else
            std::uint16_t const two = low_bytes32x2(std::uint64_t{second} << 32 | first);
            unsigned const in_memory[] = {unsigned{two} & 0xFFu, unsigned{two} >> 8};
#endif
            if (in_memory[0] != first || (second < 0x80u && in_memory[1] != second))
                return false;
        }
    return true;
}
static_assert(low_bytes32x2_agrees(), "transcode.hpp: low_bytes32x2 must keep the bytes of the ASCII lanes");

// Encodes code points from `p` as long as they are text that is ASCII but for a letter below 800
// now and then (Latin scripts: an accent every few words), eight at a time; returns where it
// stopped, with `o` past what it wrote. Eight that are all ASCII are stored as they are. Eight
// that are not are stored as far as the first that is not ASCII, that letter's two code units
// after them, and the next eight start after it: a letter costs the mispredicted branch of its
// eight's test and no other, as in a loop over single values, where a loop of ASCII words that
// leaves at the letter costs a second (leaving, and entering again). Stops at a value of 800 or
// more, at three in a row that are not ASCII (a word of another script, which the caller's
// groups take faster), and where fewer than ten values are left before `stop`. The eight stored
// around a letter leave junk past it, for the values after them to write over: only where
// `Covered` says they write a byte at least each (the policy writes for every error, or the
// sink's room is its own); else it stops at the letter, and stores eight only when all are
// ASCII.
template<bool Covered, class T, class O>
BOOST_FORCEINLINE T const* encode_latin_run(T const* p, T const* const stop, O*& o) noexcept
{
    static_assert(sizeof(T) == 4 && sizeof(O) == 1, "code points to UTF-8 code units");
    // One store for each two, in one place: where GCC sees the same four stores on both ways of
    // a branch, it hoists them and merges them into one, whose word it then builds in more
    // instructions than the four take.
    auto const store2 = [](std::uint64_t const x, O* const out) {
        std::uint16_t const two = low_bytes32x2(x);
        std::memcpy(out, &two, 2);
    };
    while (stop - p >= 10)
    {
        // In variables of their own, which GCC keeps in registers where it keeps an array in
        // memory.
        std::uint64_t const x0 = load_word64(p), x1 = load_word64(p + 2), x2 = load_word64(p + 4),
                            x3 = load_word64(p + 6);
        bool const all_ascii = ((x0 | x1 | x2 | x3) & lanes_at_or_above<32>(0x80u)) == 0;
        if (!Covered && !all_ascii)
            break;
        store2(x0, o);
        store2(x1, o + 2);
        store2(x2, o + 4);
        store2(x3, o + 6);
        if (BOOST_LIKELY(all_ascii))
        {
            o += 8;
            p += 8;
            continue;
        }
        unsigned const ascii = lowest_set_bit64(non_ascii_lanes32x8(x0, x1, x2, x3));
        o += ascii;
        p += ascii;
        // One compare for 80 <= c < 800: below 80 it wraps round (it cannot be, by the test).
        std::uint32_t const c = static_cast<std::uint32_t>(p[0]);
        if (c - 0x80u >= 0x780u ||
            (static_cast<std::uint32_t>(p[1]) >= 0x80u && static_cast<std::uint32_t>(p[2]) >= 0x80u))
            break;
        store_units<2>(encode_word(c), o);
        ++p;
    }
    return p;
}

// The `N` code units from `p`, none of them a surrogate, as code points; or the `N` values from
// `p`, each one UTF-16 code unit (is_one_unit16), as code units. Moves `p` and `o` past them.
template<std::size_t N, class T, class O>
BOOST_FORCEINLINE void copy_block16(T const*& p, O*& o) noexcept
{
    BOOST_UTF_DETAIL_VECTOR_LOOP
    for (std::size_t j = 0; j < N; ++j)
        o[j] = static_cast<O>(to_unit16(p[j]));
    p += N;
    o += N;
}

// The code points of the `N` code units from `p`, which is_paired_block16 accepts, and of the code
// unit after them when the last one is a high surrogate. Moves `p` and `o` past them; returns how
// many there were.
template<std::size_t N, class T, class O>
BOOST_FORCEINLINE std::size_t widen_paired_block16(T const*& p, O*& o) noexcept
{
    static_assert(N >= 2, "a block holds a code unit before its last");
    // Every code unit but the last writes at o[k], and k moves on only past one that begins an
    // element, with no branch between one code unit and a pair: text with many pairs (emoji) has
    // them among other code units at no pattern that could be predicted. What a low surrogate
    // writes, the code unit after it writes over: in a paired block that one begins an element.
    // The last code unit writes only when it begins one, so nothing is left past the elements.
    std::size_t k = 0;
    for (std::size_t j = 0; j + 1 < N; ++j)
    {
        std::uint32_t const u = to_unit16(p[j]);
        std::uint32_t const take_pair = 0u - static_cast<std::uint32_t>(is_high_surrogate(u)); // all ones
        o[k] = static_cast<O>((pair_value(u, to_unit16(p[j + 1])) & take_pair) | (u & ~take_pair));
        k += static_cast<std::size_t>(!is_low_surrogate(u));
    }
    std::uint32_t const u = to_unit16(p[N - 1]);
    if (!is_low_surrogate(u))
        o[k++] = static_cast<O>(is_high_surrogate(u) ? pair_value(u, to_unit16(p[N])) : u);
    p += paired_block_length16<N>(p);
    o += k;
    return k;
}

// UTF-8 to UTF-16 by the rules: transcode_stretch's work for this pair, in a loop of its own
// over the walk that decoding takes too (decode_elements, utf8.hpp; a pair for four bytes), with
// the errors handled as it meets them. Not a case of transcode_stretch_by_cases: there, with
// the count of elements kept on every path, g++ keeps fewer of the loop's values in registers,
// and text whose elements change length at every step (emoji among symbols) runs slower than a
// plain loop. Here the count is taken only where the outer policy may be asked
// (answers_scalar_values), from the lead bytes (element_starts: what lies between errors is
// well-formed) up to each error and to the end.
template<bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
BOOST_FORCEINLINE T const* utf8_to_utf16_stretch(T const* const first, T const* p, T const* const stop,
                                                 T const* const last, std::size_t& index, Inner& inner, Outer& outer,
                                                 Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    out_t* o = sink.reserve(static_cast<std::size_t>(stop - p) * utf16_writer::max_units);
    // How far a run of ASCII may store its last word whole (ascii_covered_end).
    T const* const covered_end =
        ascii_covered_end<Sink, 8, 4>(p, stop, last, writes_for_every_unit<Sink>(inner, outer));
    T const* counted = p; // elements before it are in `index`
    decode_elements<utf16_writer>(p, stop, last, covered_end, o, [&](decoded const& d) {
        sink.commit(o);
        if (!answers_scalar_values(inner))
            index += element_starts<utf8_rules>(counted, p);
        error_outcome<out_t> const e = transcode_error<utf16_writer, PerCodeUnit>(
            d, static_cast<std::size_t>(p - first), element_count{index}, inner, outer, sink, o);
        o = e.o;
        index += e.counted;
        p += step_length<PerCodeUnit>(d);
        counted = p;
        sink.commit(o);
        // What is left of the stretch must still fit.
        std::size_t const rest = p < stop ? static_cast<std::size_t>(stop - p) : 0;
        o = sink.reserve((rest + 1) * utf16_writer::max_units);
    });
    sink.commit(o);
    if (!answers_scalar_values(inner))
        index += element_starts<utf8_rules>(counted, p);
    return p;
}

// transcode_stretch for every other pair: one loop, a case for each.
template<class Rules, class Writer, bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
BOOST_FORCEINLINE T const* transcode_stretch_by_cases(T const* const first, T const* p, T const* const stop,
                                                      T const* const last, std::size_t& index, Inner& inner,
                                                      Outer& outer, Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    out_t* o = sink.reserve(static_cast<std::size_t>(stop - p) * Writer::max_units);
    // Counted in a local: byte stores through `o` could otherwise alias the caller's counter.
    std::size_t count = index;
    // How far a run of ASCII may store its last word whole: eight units where four bytes of
    // UTF-8 write one at least, four bytes where each UTF-16 code unit writes one.
    constexpr bool from_utf8 = std::is_same<Rules, utf8_rules>::value;
    [[maybe_unused]] T const* const covered_end = ascii_covered_end<Sink, from_utf8 ? 8 : 4, from_utf8 ? 4 : 1>(
        p, stop, last, writes_for_every_unit<Sink>(inner, outer));
    [[maybe_unused]] T const* blocks_from = p; // see the UTF-16 to code points case
    [[maybe_unused]] bool const long_input = last - first >= encode_groups_from; // see UTF-16 to UTF-8
    while (p < stop)
    {
        if constexpr (std::is_same<Rules, utf16_rules>::value && std::is_same<Writer, utf8_writer>::value)
        {
            // UTF-16 to UTF-8: a code unit that is not a surrogate is a whole element, and its
            // UTF-8 form needs no check. ASCII is tested first, and a run of it is copied as a
            // whole (copy_ascii_run16), which leaves `p` at the code unit that ends it.
            std::uint32_t u = to_unit16(*p);
            if (u < 0x80u)
            {
                T const* const run = p;
                p = copy_ascii_run16(p, stop, covered_end, u, o);
                count += static_cast<std::size_t>(p - run);
                if (p == stop)
                    continue;
            }
            // Where the next two code units are not ASCII either, the letters go on four at a
            // time (encode_groups). A letter or two between ASCII (accents in Latin text) go
            // alone, as the groups would take ASCII at their slower pace; so does a surrogate
            // among the three (emoji), which the groups do not take, and short input
            // (encode_groups_from), which is tested first: it is the same for every letter.
            if (long_input && stop - p >= 3 && to_unit16(p[1]) >= 0x80u && to_unit16(p[2]) >= 0x80u &&
                !is_surrogate16(u) && !is_surrogate16(to_unit16(p[1])) && !is_surrogate16(to_unit16(p[2])))
            {
                T const* const run = p;
                encoded_groups<T, out_t> const g = encode_groups(p, stop, o);
                p = g.p;
                o = g.o;
                if (p != run)
                {
                    count += static_cast<std::size_t>(p - run);
                    continue;
                }
            }
            // Below 800 there is no surrogate, so a two-unit form is written after one test of
            // the value; the surrogate test is left to the three-unit forms. Both take the form
            // from encode_word.
            if (u < utf8_rules::unchecked_below)
            {
                store_units<2>(encode_word(u), o);
                ++p;
                ++count;
                continue;
            }
            if (BOOST_LIKELY(!is_surrogate16(u)))
            {
                store_units<3>(encode_word(u), o);
                ++p;
                ++count;
                continue;
            }
            // A pair (emoji, historic scripts) is four units. Tested here rather than through
            // decode_next16, whose value the compiler cannot tell is a four-unit one.
            if (is_high_surrogate(u) && last - p >= 2 && is_low_surrogate(to_unit16(p[1])))
            {
                store_units<4>(encode_word(pair_value(u, to_unit16(p[1]))), o);
                p += 2;
                ++count;
                continue;
            }
        }
        if constexpr (std::is_same<Rules, utf16_rules>::value && !std::is_same<Writer, utf8_writer>::value)
        {
            // UTF-16 to code points: a block with no surrogate is copied by a loop that compilers
            // make vector code of (copy_block16), and a block of well-formed pairs among other
            // code units (is_paired_block16) by one with no branch (widen_paired_block16); the
            // last copy16_block code units or fewer, in short blocks of either kind. A block
            // that is neither is taken an element at a time, and blocks are tried again after
            // it. (UTF-16 to UTF-16 comes here only for short input: sanitize_contiguous.)
            if constexpr (std::is_same<Writer, code_point_writer>::value)
            {
                std::size_t const left = static_cast<std::size_t>(stop - p);
                if (p >= blocks_from && left > copy16_block)
                {
                    if (!has_surrogate16<copy16_block>(p))
                    {
                        copy_block16<copy16_block>(p, o);
                        count += copy16_block;
                        continue;
                    }
                    if (is_paired_block16<copy16_block>(p))
                    {
                        count += widen_paired_block16<copy16_block>(p, o);
                        continue;
                    }
                    blocks_from = p + copy16_block;
                }
                else if (p >= blocks_from && left >= copy16_short_block)
                {
                    if (!has_surrogate16<copy16_short_block>(p))
                    {
                        copy_block16<copy16_short_block>(p, o);
                        count += copy16_short_block;
                        continue;
                    }
                    if (left > copy16_short_block && is_paired_block16<copy16_short_block>(p))
                    {
                        count += widen_paired_block16<copy16_short_block>(p, o);
                        continue;
                    }
                    blocks_from = p + copy16_short_block;
                }
            }
            // A code unit that is not a surrogate is a whole element.
            std::uint32_t const u = to_unit16(*p);
            if (BOOST_LIKELY(!is_surrogate16(u)))
            {
                *o++ = static_cast<out_t>(u);
                ++p;
                ++count;
                continue;
            }
        }
        T const* const at = p;
        decoded const d = next_in_stretch<Rules>(p, last);
        if (BOOST_LIKELY(d.ok()))
        {
            Writer::write(d.value, o);
            ++count;
            continue;
        }
        p = at + step_length<PerCodeUnit>(d);
        sink.commit(o);
        error_outcome<out_t> const e = transcode_error<Writer, PerCodeUnit>(
            d, static_cast<std::size_t>(at - first), element_count{count}, inner, outer, sink, o);
        o = e.o;
        count += e.counted;
        sink.commit(o);
        // What is left of the stretch must still fit.
        std::size_t const rest = p < stop ? static_cast<std::size_t>(stop - p) : 0;
        o = sink.reserve(rest * Writer::max_units + Writer::max_units);
    }
    sink.commit(o);
    index = count;
    return p;
}

// The elements that start in [p, stop), decoded by `Rules` and written by `Writer`, each error
// handed to the policies; `index` counts the inner view's elements. Returns where the next
// element starts (at or past stop). At most as many code units as the sink has room for
// (stretch_end).
template<class Rules, class Writer, bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
BOOST_FORCEINLINE T const* transcode_stretch(T const* const first, T const* p, T const* const stop, T const* const last,
                                             std::size_t& index, Inner& inner, Outer& outer, Sink& sink)
{
    if constexpr (std::is_same<Rules, utf8_rules>::value && std::is_same<Writer, utf16_writer>::value)
        return utf8_to_utf16_stretch<PerCodeUnit>(first, p, stop, last, index, inner, outer, sink);
    else
        return transcode_stretch_by_cases<Rules, Writer, PerCodeUnit>(first, p, stop, last, index, inner, outer, sink);
}

// The input a loop over elements takes between two reserve() calls into a bounded sink (a buffer,
// or the container of to<C>): as much as the sink's room holds where each unit of input writes at
// most `PerUnit` elements, beside `Slack` elements for what the last step may write past the
// stretch. The loops break as seldom as they can: each break leaves the branch-free groups
// (encode_groups) and the runs of ASCII a few elements early, where the branches of the elements
// taken one by one are mispredicted. An error inside a stretch reserves room again for the rest
// of it. (Into the caller's buffer, whose max_reserve is SIZE_MAX, the loops take all the input
// at once: there a break would cost short input a second pass.)
template<class Sink, std::size_t PerUnit, std::size_t Slack = 0>
inline constexpr std::size_t room_stretch = (Sink::max_reserve - Slack) / PerUnit;

// Where the stretch that starts at `p` ends: room_stretch in the longest form `Writer` writes, or
// `end` for an unbounded sink.
template<class Sink, class Writer, class T>
BOOST_FORCEINLINE T const* stretch_end(T const* p, T const* end) noexcept
{
    if constexpr (Sink::max_reserve == static_cast<std::size_t>(-1))
        return end;
    else
    {
        constexpr std::size_t units = room_stretch<Sink, Writer::max_units>;
        return static_cast<std::size_t>(end - p) > units ? p + units : end;
    }
}

// Decodes [first, last) by `Rules` and writes each element by `Writer`: the composition of a
// decoding view (policy `inner`) inside an encoding view (policy `outer`), by the rules alone.
template<class Rules, class Writer, bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
BOOST_UTF_DETAIL_LOOP_FUNCTION void transcode_contiguous(T const* const first, T const* const last, Inner& inner,
                                                        Outer& outer, Sink& sink)
{
    static_assert(Sink::max_reserve >= transcode_chunk * Writer::max_units, "a chunk must fit in the sink");
    T const* p = first;
    std::size_t index = 0; // elements of the inner view so far, for the outer policy
    while (p != last)
    {
        p = transcode_stretch<Rules, Writer, PerCodeUnit>(first, p, stretch_end<Sink, Writer>(p, last), last, index, inner,
                                                         outer, sink);
    }
}

// Where a kernel stops: the rules take the `stretch` code units it asks for from `p` (or all that
// is left), in pieces the sink has room for, with the policies. Returns where the next element
// starts, at or past the stretch's end, where the kernel may be tried again.
template<class Rules, class Writer, bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
BOOST_FORCEINLINE T const* rules_stretch(T const* const first, T const* p, std::size_t const stretch,
                                         T const* const last, std::size_t& index, Inner& inner, Outer& outer,
                                         Sink& sink)
{
    T const* const end = static_cast<std::size_t>(last - p) > stretch ? p + stretch : last;
    while (p < end)
        p = transcode_stretch<Rules, Writer, PerCodeUnit>(first, p, stretch_end<Sink, Writer>(p, end), last, index, inner,
                                                         outer, sink);
    return p;
}

// Code points the kernels decode at a time into a buffer on the stack, before they are encoded
// into the target form: small enough to stay in the first-level cache.
inline constexpr std::size_t transcode_buffer = 256;

// UTF-8 to UTF-16. Where the level has a direct kernel (decode16), it writes the UTF-16 of the
// blocks it takes straight into the sink; at a block it does not take, and without it, the
// level's UTF-8 decoding kernel proves a stretch well-formed, and its code points go through the
// buffer and are narrowed to UTF-16; where that one stops, the rules take over for the stretch it
// asks for (in chunks, so that the sink has room), with the policies, as transcode_contiguous
// does.
template<bool PerCodeUnit, class Inner, class Outer, class Sink>
BOOST_NOINLINE void utf8_to_utf16_by_blocks(unsigned char const* const first, unsigned char const* const last,
                                            Inner& inner, Outer& outer, Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    static_assert(sizeof(out_t) == 2, "UTF-16 code units");
    if constexpr (simd::has_kernels && simd::has_utf16_kernels)
    {
        static_assert(Sink::max_reserve >= 2 * transcode_buffer, "a buffer's code units must fit in the sink");
        simd::kernel_set const& k = simd::active_kernels();
        simd::utf16_kernel_set const& k16 = simd::active_utf16_kernels();
        if (k.decode_width != 0 && k16.narrow != nullptr)
        {
            // decode16_covered where what follows is sure to write over its excess (or the
            // sink's room is real).
            simd::decode16_kernel* const decode16 =
                writes_for_every_unit<Sink>(inner, outer) ? k.decode16_covered : k.decode16;
            char32_t buffer[transcode_buffer];
            unsigned char const* p = first;
            // The inner view's elements before `counted`, for the outer policy. What the kernels
            // take is well-formed, and decode16 may write two code units for an element, so
            // their stretches are counted by their lead bytes, and only where the outer policy
            // may be asked, as the rules take over.
            std::size_t index = 0;
            unsigned char const* counted = first;
            bool const counts = !answers_scalar_values(inner);
            while (p != last)
            {
                std::size_t const left = static_cast<std::size_t>(last - p);
                std::size_t stretch = transcode_chunk;
                if (left >= k.decode_width)
                {
                    // `p` is where an element starts (or inside a subpart that a per-code-unit
                    // policy steps through, which the kernels find ill-formed at once). The
                    // kernels write at most one code point, or code unit, per byte. Without a
                    // direct kernel, every block goes to the decoding kernel.
                    simd::transcode_step d{0, 0, k.decode_width};
                    if (decode16 != nullptr)
                    {
                        // As far as the sink has room: the kernel's loop then runs on, and
                        // decode16_covered's exact stores are only those of its last blocks.
                        std::size_t const most = left < Sink::max_reserve ? left : Sink::max_reserve;
                        out_t* const o = sink.reserve(most);
                        d = decode16(p, most, reinterpret_cast<std::uint16_t*>(o));
                        sink.commit(o + d.produced);
                        p += d.consumed;
                    }
                    if (d.resume == 0)
                    {
                        // It stopped where too few bytes were left for its next block. It goes
                        // on while it makes progress; once it takes nothing, fewer than a
                        // block and the bytes after it it needs are left (the sink has room for
                        // that many), and the rules take them for less than the decoding
                        // kernel and the narrowing would cost.
                        if (d.consumed != 0)
                            continue;
                    }
                    else
                    {
                        // At a block it does not take, the decoding kernel has the next stretch;
                        // at least a block is left. The buffer has room for a code point a
                        // byte, so the covered kernel may write past what it returns.
                        std::size_t const rest = static_cast<std::size_t>(last - p);
                        simd::transcode_step const r =
                            k.decode_covered(p, rest < transcode_buffer ? rest : transcode_buffer, buffer);
                        p += r.consumed;
                        if (r.produced != 0)
                        {
                            out_t* const o = sink.reserve(2 * r.produced);
                            sink.commit(o + k16.narrow(buffer, r.produced, reinterpret_cast<std::uint16_t*>(o)));
                        }
                        if (r.resume == 0)
                            continue;
                        stretch = r.resume;
                    }
                }
                if (counts)
                    index += element_starts<utf8_rules>(counted, p);
                p = rules_stretch<utf8_rules, utf16_writer, PerCodeUnit>(first, p, stretch, last, index, inner, outer,
                                                                         sink);
                counted = p;
            }
            return;
        }
    }
    transcode_contiguous<utf8_rules, utf16_writer, PerCodeUnit>(first, last, inner, outer, sink);
}

// The UTF-8 form of n scalar values: by the level's encoding kernel as far as it goes (it takes
// every scalar value, so only a tail shorter than its block is left), the rest one by one.
// Returns the end of what was written.
BOOST_FORCEINLINE unsigned char* encode_scalar_values(simd::kernel_set const& k, char32_t const* p, std::size_t n,
                                                      unsigned char* o) noexcept
{
    std::size_t i = 0;
    if (k.encode_width != 0 && n >= k.encode_width)
    {
        simd::transcode_step const r = k.encode(reinterpret_cast<std::uint32_t const*>(p), n, o);
        i = r.consumed;
        o += r.produced;
    }
    for (; i != n; ++i)
        utf8_writer::write(p[i], o);
    return o;
}

// The fewest code units utf16_to_utf8_by_blocks widens into its buffer: widening pays where the
// encoding kernel takes what it makes, a block of code points, which twice as many code units
// make even where all are pairs. Fewer, from a block with surrogates, cost less through the
// rules, which decode and encode each element in one step. It is no less than any level's
// `fewest`, the least input of widen.
inline constexpr std::size_t utf16_widen_least =
    2 * simd::widest_block(simd::kernel_sets, [](simd::kernel_set const& k) { return k.encode_width; });
static_assert(utf16_widen_least >=
                  simd::widest_block(simd::utf16_kernel_sets, [](simd::utf16_kernel_set const& k) { return k.fewest; }),
              "utf16_to_utf8_by_blocks calls widen with utf16_widen_least code units or more");

// UTF-16 to UTF-8. Blocks without surrogates (and at avx512vbmi2 those with pairs) go straight
// to UTF-8 (to_utf8, the level's encoding loop, or to_utf8_covered where writes_for_every_unit);
// other blocks that the UTF-16 kernel proves well-formed are widened into the buffer and encoded
// by the level's encoding kernel, while utf16_widen_least code units are left; where the UTF-16
// kernel stops, and after the last of those, the rules take over, with the policies.
template<bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
BOOST_NOINLINE void utf16_to_utf8_by_blocks(T const* const first, T const* const last, Inner& inner, Outer& outer,
                                            Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    static_assert(std::is_same<out_t, unsigned char>::value, "UTF-8 code units, as bytes");
    if constexpr (simd::has_utf16_kernels)
    {
        static_assert(Sink::max_reserve >= 4 * transcode_buffer, "a buffer's code units must fit in the sink");
        simd::kernel_set const& k = simd::active_kernels();
        simd::utf16_kernel_set const& k16 = simd::active_utf16_kernels();
        if (k16.width != 0)
        {
            char32_t buffer[transcode_buffer];
            T const* p = first;
            // The inner view's elements before `counted`, for the outer policy: what the kernels
            // take is well-formed, and to_utf8 may take pairs, so their stretches are counted
            // (as the UTF-8 to UTF-16 driver does) only where the outer policy may be asked.
            std::size_t index = 0;
            T const* counted = first;
            bool const counts = !answers_scalar_values(inner);
            // to_utf8_covered where every code unit left is sure to add a byte at least (or the
            // sink's room is real): its whole stores past a block are then written over.
            simd::utf16_to_utf8_kernel* const to_utf8 =
                writes_for_every_unit<Sink>(inner, outer) ? k16.to_utf8_covered : k16.to_utf8;
            // Whether to_utf8 is worth a try: not after it has met a surrogate, until widening
            // gets through a buffer without an error, so that text thick with unpaired
            // surrogates does not pay for a failed try at each one.
            bool try_direct = true;
            while (p != last)
            {
                std::size_t const left = static_cast<std::size_t>(last - p);
                std::size_t stretch = transcode_chunk;
                auto const* const units = reinterpret_cast<std::uint16_t const*>(p);
                // to_utf8 takes input of fewer code units than widen's block (in SSE's blocks),
                // if it has no surrogate.
                if (try_direct && left >= k16.to_utf8_fewest)
                {
                    // Without surrogates, a code unit is a code point of at most three bytes.
                    std::size_t const room = left < Sink::max_reserve / 3 ? left : Sink::max_reserve / 3;
                    out_t* const o = sink.reserve(3 * room);
                    simd::transcode_step const direct = to_utf8(units, room, o);
                    if (direct.consumed != 0)
                    {
                        sink.commit(o + direct.produced);
                        p += direct.consumed;
                        continue;
                    }
                    try_direct = false;
                }
                if (left >= utf16_widen_least)
                {
                    // A block with surrogates: widened, pairs and all, into the buffer, and
                    // encoded from there.
                    simd::transcode_step const r =
                        k16.widen(units, left < transcode_buffer ? left : transcode_buffer, buffer);
                    p += r.consumed;
                    if (r.produced != 0)
                    {
                        out_t* const o = sink.reserve(4 * r.produced);
                        sink.commit(encode_scalar_values(k, buffer, r.produced, o));
                    }
                    if (r.resume == 0)
                    {
                        try_direct = true;
                        continue;
                    }
                    stretch = r.resume;
                }
                if (counts)
                    index += element_starts<utf16_rules>(counted, p);
                p = rules_stretch<utf16_rules, utf8_writer, PerCodeUnit>(first, p, stretch, last, index, inner, outer,
                                                                         sink);
                counted = p;
            }
            return;
        }
    }
    transcode_contiguous<utf16_rules, utf8_writer, PerCodeUnit>(first, last, inner, outer, sink);
}

// The fewest code units a level's kernels take at a time in each composition: the UTF-8 decoding
// kernels' block, and the fewer of widen's and to_utf8's. A level without kernels (the scalar
// level of a build with kernels) has no block, SIZE_MAX, so that all its input is shorter: the
// drivers out of line would only hand it on to the rules. (narrowest_block passes over it.)
inline constexpr std::size_t no_block = static_cast<std::size_t>(-1);
constexpr std::size_t utf8_to_utf16_block(simd::kernel_set const& k) noexcept
{
    return k.decode_width != 0 ? k.decode_width : no_block;
}
constexpr std::size_t utf16_to_utf8_block(simd::utf16_kernel_set const& k) noexcept
{
    if (k.width == 0)
        return no_block;
    return k.to_utf8_fewest < k.fewest ? k.to_utf8_fewest : k.fewest;
}

// Input shorter than every level's narrowest block goes to the rules at once, and input shorter
// than the block of the level in use once that is looked up: for a few code units, setting up
// the buffer and the kernels' loop costs more than the work, which no kernel would do anyway.
// The rest goes through the kernels, out of line.
inline constexpr std::size_t utf8_to_utf16_short =
    simd::narrowest_block(simd::kernel_sets, [](simd::kernel_set const& k) { return utf8_to_utf16_block(k); });
inline constexpr std::size_t utf16_to_utf8_short = simd::narrowest_block(
    simd::utf16_kernel_sets, [](simd::utf16_kernel_set const& k) { return utf16_to_utf8_block(k); });

// Input of one block and less than two bytes more is taken by a UTF-16 kernel only where the block
// is ASCII: a block of letters above 7F needs the two bytes after it (three_byte_lanes), or leaves
// its last bytes to the rules (sse's windows), and the rules then take the whole input for less.
// A block that begins or ends with a byte above 7F is not ASCII; others are left to the kernel.
static_assert(utf8_to_utf16_short >= 2, "utf8_to_utf16_contiguous reads a block's last byte only where "
                                        "fewer than two bytes follow the block, which never holds of a "
                                        "level without kernels (block 0)");

template<bool PerCodeUnit, class Inner, class Outer, class Sink>
BOOST_FORCEINLINE void utf8_to_utf16_contiguous(unsigned char const* const first, unsigned char const* const last,
                                                Inner& inner, Outer& outer, Sink& sink)
{
    std::size_t const n = static_cast<std::size_t>(last - first);
    // The level is looked up only for input that any level's kernels might take.
    auto const by_rules = [first, n] {
        if (n < utf8_to_utf16_short)
            return true;
        std::size_t const block = utf8_to_utf16_block(simd::active_kernels());
        return n < block || (n - block < 2 && static_cast<unsigned>(first[0] | first[block - 1]) >= 0x80u);
    };
    if (by_rules())
        transcode_contiguous<utf8_rules, utf16_writer, PerCodeUnit>(first, last, inner, outer, sink);
    else
        utf8_to_utf16_by_blocks<PerCodeUnit>(first, last, inner, outer, sink);
}

// Whether the n code units from `first` go to the rules whole: they are fewer than the level's
// kernels take, or too few to widen with a surrogate where to_utf8 would begin, so that no kernel
// would take any of them.
template<class T>
BOOST_FORCEINLINE bool utf16_to_utf8_by_rules(T const* const first, std::size_t const n) noexcept
{
    if (n < utf16_to_utf8_short || n < utf16_to_utf8_block(simd::active_utf16_kernels()))
        return true;
    if constexpr (simd::has_utf16_kernels)
        return n < utf16_widen_least && has_surrogate16<utf16_to_utf8_short>(first);
    else
        return true; // without kernels utf16_to_utf8_short is SIZE_MAX: not reached
}

template<bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
BOOST_FORCEINLINE void utf16_to_utf8_contiguous(T const* const first, T const* const last, Inner& inner,
                                                Outer& outer, Sink& sink)
{
    std::size_t const n = static_cast<std::size_t>(last - first);
    if (utf16_to_utf8_by_rules(first, n))
        transcode_contiguous<utf16_rules, utf8_writer, PerCodeUnit>(first, last, inner, outer, sink);
    else
        utf16_to_utf8_by_blocks<PerCodeUnit>(first, last, inner, outer, sink);
}

// ---- UTF-16 decoding alone ----------------------------------------------------------------------

// utf16_view alone, into a sink of code points: what the level's UTF-16 kernel proves well-formed
// it widens straight into the sink; where it stops, the rules take a block, with the policy.
// `policy` is the view's; no encoding view checks what it returns.
template<bool PerCodeUnit, class T, class Policy, class Sink>
void utf16_decode_contiguous(T const* const first, T const* const last, Policy& policy, Sink& sink)
{
    static_assert(std::is_same<decltype(sink.reserve(1)), char32_t*>::value, "code points");
    if constexpr (simd::has_utf16_kernels)
    {
        simd::utf16_kernel_set const& k16 = simd::active_utf16_kernels();
        if (k16.width != 0)
        {
            T const* p = first;
            std::size_t index = 0;
            while (p != last)
            {
                std::size_t const left = static_cast<std::size_t>(last - p);
                std::size_t stretch = transcode_chunk;
                if (left >= k16.fewest)
                {
                    // At most one code point per code unit.
                    std::size_t const room = left < Sink::max_reserve ? left : Sink::max_reserve;
                    char32_t* const o = sink.reserve(room);
                    simd::transcode_step const r = k16.widen(reinterpret_cast<std::uint16_t const*>(p), room, o);
                    p += r.consumed;
                    sink.commit(o + r.produced);
                    if (r.resume == 0)
                        continue;
                    stretch = r.resume;
                }
                p = rules_stretch<utf16_rules, code_point_writer, PerCodeUnit>(first, p, stretch, last, index, policy,
                                                                               policy, sink);
            }
            return;
        }
    }
    transcode_contiguous<utf16_rules, code_point_writer, PerCodeUnit>(first, last, policy, policy, sink);
}

// ---- sanitising -----------------------------------------------------------------------------------

// The inner view's elements before an ill-formed subpart, worked out only when the outer policy
// asks (a replacement that is not a scalar value), and then only over what was not counted
// before: the source up to `bad` is well-formed stretches and the subparts between them, so the
// elements are the code units that begin one, less those inside the subparts, plus the
// replacements written for the subparts.
template<class Rules, class T>
struct lazy_element_count
{
    T const* counted_to;     // the code units before it are in `begins`
    std::size_t begins;      // code units that begin an element, up to counted_to
    std::size_t in_subparts; // of them, those inside the subparts before `bad`
    std::size_t replaced;    // replacements written for subparts
    T const* bad;            // the subpart at hand

    struct ref
    {
        lazy_element_count* c;

        std::size_t value() const noexcept
        {
            if (c->counted_to < c->bad)
            {
                c->begins += element_starts<Rules>(c->counted_to, c->bad);
                c->counted_to = c->bad;
            }
            return c->begins - c->in_subparts + c->replaced;
        }
    };
};

// UTF-16 shorter than this is sanitised element by element (transcode_contiguous): the scalar
// validator's block, and AVX2's.
inline constexpr std::size_t sanitize16_short = 32;

// find_invalid_utf16 as sanitize_contiguous asks for it: the first code unit of the first
// unpaired surrogate at or after `p`, or `last`.
template<class T>
struct utf16_error_scan
{
    T const* last;

    T const* next(T const* p) const noexcept { return p + find_invalid_utf16(p, static_cast<std::size_t>(last - p)); }

    // The subpart at `bad`, which next() returned.
    static decoded error(T const* bad, T const* end) noexcept { return utf16_rules::next(bad, end); }
};

// The composition of a decoding view inside an encoding view of the same form: copies each
// stretch that `scan` (the validator, SIMD where there is one; its next(p) is the first subpart
// at or after p, or the end, and error() that subpart decoded) proves well-formed, and hands
// each ill-formed subpart to the policies. The element count the outer policy needs is
// only worked out when it is asked for (lazy_element_count), so that text with frequent errors
// is not read a second time for a count that the usual policies never ask for.
template<class Rules, class Writer, bool PerCodeUnit, class T, class Scan, class Inner, class Outer, class Sink>
void sanitize_contiguous(T const* const first, T const* const last, Scan scan, Inner& inner, Outer& outer, Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    static_assert(sizeof(out_t) == sizeof(T), "the same form, unit for unit");
    if constexpr (std::is_same<Rules, utf16_rules>::value)
    {
        // Below a block of the validator, which would then check it by the rules anyway, the
        // code units are checked and copied in one pass instead of two and a call to memcpy.
        if (static_cast<std::size_t>(last - first) < sanitize16_short)
        {
            transcode_contiguous<Rules, Writer, PerCodeUnit>(first, last, inner, outer, sink);
            return;
        }
    }
    T const* p = first;
    lazy_element_count<Rules, T> count{first, 0, 0, 0, first};
    while (p != last)
    {
        std::size_t const good = static_cast<std::size_t>(scan.next(p) - p);
        for (std::size_t done = 0; done < good;)
        {
            std::size_t const piece = good - done < Sink::max_reserve ? good - done : Sink::max_reserve;
            out_t* o = sink.reserve(piece);
            std::memcpy(o, p + done, piece * sizeof(T));
            sink.commit(o + piece);
            done += piece;
        }
        T const* const bad = p + good;
        if (bad == last)
            return;
        decoded const d = scan.error(bad, last);
        p = bad + step_length<PerCodeUnit>(d);
        count.bad = bad;
        error_outcome<out_t> const e = transcode_error<Writer, PerCodeUnit>(
            d, static_cast<std::size_t>(bad - first), typename lazy_element_count<Rules, T>::ref{&count}, inner, outer,
            sink, sink.reserve(Writer::max_units));
        count.replaced += e.counted;
        sink.commit(e.o);
        for (T const* q = bad; q != p; ++q)
            count.in_subparts += Rules::begins_element(*q);
        // A per-code-unit policy resumes inside the subpart, where the validator finds the
        // rest of it ill-formed at once, as the view does.
    }
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_TRANSCODE_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_BENCH_BASELINES_HPP
#define BOOST_UTF_BENCH_BASELINES_HPP

// The "plain loop": what a careful programmer writes by hand when no library is at hand. It
// validates exactly like the views (Unicode Table 3-7, one U+FFFD per maximal subpart), with one
// unrolled branch per sequence length and no abstraction at all. It is the yardstick every
// implementation is measured against.

#include <cstddef>
#include <cstdint>

// Forced inline, so that the loop lives in the benchmark's placed kernel (see bench.cpp).
#if defined(__GNUC__) || defined(__clang__)
#  define BOOST_UTF_BENCH_INLINE inline __attribute__((always_inline))
#else
#  define BOOST_UTF_BENCH_INLINE inline
#endif

// A timed loop out of line, starting on a 64-byte boundary: its speed depends on where the loop
// falls in the processor's fetch windows, and this keeps that from moving with the code around it.
#if defined(__GNUC__) || defined(__clang__)
#  define BOOST_UTF_BENCH_PLACED __attribute__((noinline, aligned(64)))
#else
#  define BOOST_UTF_BENCH_PLACED
#endif

namespace boost_utf_bench {

inline bool is_cont(unsigned char b) { return (b & 0xC0) == 0x80; }

// Decodes [p, end), replacing each maximal subpart with U+FFFD, and writes each code point to
// `out` with put(out, c); returns the end of the output.
template<class Out, class Put>
BOOST_UTF_BENCH_INLINE Out* plain_decode_with(unsigned char const* p, unsigned char const* end, Out* out, Put put)
{
    while (p != end)
    {
        unsigned const b0 = p[0];
        if (b0 < 0x80)
        {
            put(out, b0);
            ++p;
            continue;
        }
        std::size_t const left = static_cast<std::size_t>(end - p);
        if (b0 >= 0xC2 && b0 <= 0xDF)
        {
            if (left >= 2 && is_cont(p[1]))
            {
                put(out, (b0 & 0x1Fu) << 6 | (p[1] & 0x3Fu));
                p += 2;
                continue;
            }
            put(out, 0xFFFD);
            ++p;
            continue;
        }
        if (b0 >= 0xE0 && b0 <= 0xEF)
        {
            unsigned const lo = b0 == 0xE0 ? 0xA0 : 0x80;
            unsigned const hi = b0 == 0xED ? 0x9F : 0xBF;
            if (left >= 2 && p[1] >= lo && p[1] <= hi)
            {
                if (left >= 3 && is_cont(p[2]))
                {
                    put(out, (b0 & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu));
                    p += 3;
                    continue;
                }
                put(out, 0xFFFD);
                p += 2;
                continue;
            }
            put(out, 0xFFFD);
            ++p;
            continue;
        }
        if (b0 >= 0xF0 && b0 <= 0xF4)
        {
            unsigned const lo = b0 == 0xF0 ? 0x90 : 0x80;
            unsigned const hi = b0 == 0xF4 ? 0x8F : 0xBF;
            if (left >= 2 && p[1] >= lo && p[1] <= hi)
            {
                if (left >= 3 && is_cont(p[2]))
                {
                    if (left >= 4 && is_cont(p[3]))
                    {
                        put(out, (b0 & 0x07u) << 18 | (p[1] & 0x3Fu) << 12 | (p[2] & 0x3Fu) << 6 | (p[3] & 0x3Fu));
                        p += 4;
                        continue;
                    }
                    put(out, 0xFFFD);
                    p += 3;
                    continue;
                }
                put(out, 0xFFFD);
                p += 2;
                continue;
            }
        }
        put(out, 0xFFFD);
        ++p;
    }
    return out;
}

// Decodes [p, end) into `out`, replacing each maximal subpart with U+FFFD; returns the end of the
// output.
BOOST_UTF_BENCH_INLINE char32_t* plain_decode(unsigned char const* p, unsigned char const* end, char32_t* out)
{
    return plain_decode_with(p, end, out, [](char32_t*& o, unsigned c) { *o++ = c; });
}

// The same, written as UTF-16.
BOOST_UTF_BENCH_INLINE char16_t* plain_utf8_to_utf16(unsigned char const* p, unsigned char const* end, char16_t* out)
{
    return plain_decode_with(p, end, out, [](char16_t*& o, unsigned c) {
        if (c < 0x10000)
        {
            *o++ = static_cast<char16_t>(c);
            return;
        }
        o[0] = static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
        o[1] = static_cast<char16_t>(0xDC00 + (c & 0x3FF));
        o += 2;
    });
}

// Decodes the UTF-16 [p, end) into `out`, U+FFFD for each unpaired surrogate.
BOOST_UTF_BENCH_INLINE char32_t* plain_decode16(char16_t const* p, char16_t const* end, char32_t* out)
{
    while (p != end)
    {
        unsigned const u = p[0];
        if ((u & 0xF800) != 0xD800)
        {
            *out++ = u;
            ++p;
            continue;
        }
        if (u < 0xDC00 && end - p >= 2 && (p[1] & 0xFC00) == 0xDC00)
        {
            *out++ = 0x10000 + ((u - 0xD800) << 10) + (p[1] - 0xDC00u);
            p += 2;
            continue;
        }
        *out++ = 0xFFFD;
        ++p;
    }
    return out;
}

// Encodes the code points [p, end) as UTF-16 into `out`, U+FFFD for each value that is not a
// scalar value (a surrogate, or above 10FFFF).
BOOST_UTF_BENCH_INLINE char16_t* plain_encode16(char32_t const* p, char32_t const* end, char16_t* out)
{
    for (; p != end; ++p)
    {
        std::uint32_t const c = p[0];
        if (c < 0x10000)
        {
            *out++ = static_cast<char16_t>((c & 0xF800) == 0xD800 ? 0xFFFD : c);
            continue;
        }
        if (c <= 0x10FFFF)
        {
            out[0] = static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
            out[1] = static_cast<char16_t>(0xDC00 + (c & 0x3FF));
            out += 2;
            continue;
        }
        *out++ = 0xFFFD;
    }
    return out;
}

// True when [p, end) is well-formed UTF-16.
BOOST_UTF_BENCH_INLINE bool plain_validate16(char16_t const* p, char16_t const* end)
{
    while (p != end)
    {
        unsigned const u = p[0];
        if ((u & 0xF800) != 0xD800)
        {
            ++p;
            continue;
        }
        if (u >= 0xDC00 || end - p < 2 || (p[1] & 0xFC00) != 0xDC00)
            return false;
        p += 2;
    }
    return true;
}

// UTF-16 [p, end) to UTF-16, FFFD for each unpaired surrogate.
BOOST_UTF_BENCH_INLINE char16_t* plain_sanitize16(char16_t const* p, char16_t const* end, char16_t* out)
{
    while (p != end)
    {
        unsigned const u = p[0];
        if ((u & 0xF800) != 0xD800)
        {
            *out++ = static_cast<char16_t>(u);
            ++p;
            continue;
        }
        if (u < 0xDC00 && end - p >= 2 && (p[1] & 0xFC00) == 0xDC00)
        {
            out[0] = static_cast<char16_t>(u);
            out[1] = p[1];
            out += 2;
            p += 2;
            continue;
        }
        *out++ = u'\xFFFD';
        ++p;
    }
    return out;
}

// UTF-16 [p, end) to UTF-8, EF BF BD for each unpaired surrogate.
BOOST_UTF_BENCH_INLINE unsigned char* plain_utf16_to_utf8(char16_t const* p, char16_t const* end, unsigned char* out)
{
    while (p != end)
    {
        unsigned c = p[0];
        if (c < 0x80)
        {
            *out++ = static_cast<unsigned char>(c);
            ++p;
            continue;
        }
        if (c < 0x800)
        {
            out[0] = static_cast<unsigned char>(0xC0 | (c >> 6));
            out[1] = static_cast<unsigned char>(0x80 | (c & 0x3F));
            out += 2;
            ++p;
            continue;
        }
        if ((c & 0xF800) == 0xD800)
        {
            if (c < 0xDC00 && end - p >= 2 && (p[1] & 0xFC00) == 0xDC00)
            {
                c = 0x10000 + ((c - 0xD800) << 10) + (p[1] - 0xDC00u);
                out[0] = static_cast<unsigned char>(0xF0 | (c >> 18));
                out[1] = static_cast<unsigned char>(0x80 | ((c >> 12) & 0x3F));
                out[2] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
                out[3] = static_cast<unsigned char>(0x80 | (c & 0x3F));
                out += 4;
                p += 2;
                continue;
            }
            c = 0xFFFD;
        }
        out[0] = static_cast<unsigned char>(0xE0 | (c >> 12));
        out[1] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
        out[2] = static_cast<unsigned char>(0x80 | (c & 0x3F));
        out += 3;
        ++p;
    }
    return out;
}

// True when [p, end) is well-formed UTF-8.
BOOST_UTF_BENCH_INLINE bool plain_validate(unsigned char const* p, unsigned char const* end)
{
    while (p != end)
    {
        unsigned const b0 = p[0];
        if (b0 < 0x80)
        {
            ++p;
            continue;
        }
        std::size_t const left = static_cast<std::size_t>(end - p);
        if (b0 >= 0xC2 && b0 <= 0xDF)
        {
            if (left < 2 || !is_cont(p[1]))
                return false;
            p += 2;
        }
        else if (b0 >= 0xE0 && b0 <= 0xEF)
        {
            unsigned const lo = b0 == 0xE0 ? 0xA0 : 0x80;
            unsigned const hi = b0 == 0xED ? 0x9F : 0xBF;
            if (left < 3 || p[1] < lo || p[1] > hi || !is_cont(p[2]))
                return false;
            p += 3;
        }
        else if (b0 >= 0xF0 && b0 <= 0xF4)
        {
            unsigned const lo = b0 == 0xF0 ? 0x90 : 0x80;
            unsigned const hi = b0 == 0xF4 ? 0x8F : 0xBF;
            if (left < 4 || p[1] < lo || p[1] > hi || !is_cont(p[2]) || !is_cont(p[3]))
                return false;
            p += 4;
        }
        else
            return false;
    }
    return true;
}

// Encodes [p, end) into `out`, writing EF BF BD for each value that is not a scalar value.
BOOST_UTF_BENCH_INLINE unsigned char* plain_encode(char32_t const* p, char32_t const* end, unsigned char* out)
{
    for (; p != end; ++p)
    {
        char32_t c = *p;
        if (c < 0x80)
        {
            *out++ = static_cast<unsigned char>(c);
            continue;
        }
        if (c < 0x800)
        {
            out[0] = static_cast<unsigned char>(0xC0 | (c >> 6));
            out[1] = static_cast<unsigned char>(0x80 | (c & 0x3F));
            out += 2;
            continue;
        }
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
            c = 0xFFFD;
        if (c < 0x10000)
        {
            out[0] = static_cast<unsigned char>(0xE0 | (c >> 12));
            out[1] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
            out[2] = static_cast<unsigned char>(0x80 | (c & 0x3F));
            out += 3;
            continue;
        }
        out[0] = static_cast<unsigned char>(0xF0 | (c >> 18));
        out[1] = static_cast<unsigned char>(0x80 | ((c >> 12) & 0x3F));
        out[2] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
        out[3] = static_cast<unsigned char>(0x80 | (c & 0x3F));
        out += 4;
    }
    return out;
}

} // namespace boost_utf_bench

#endif // BOOST_UTF_BENCH_BASELINES_HPP

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
#include <boost/utf/detail/simd/target.hpp>
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

// Index of the first code unit of the first unpaired surrogate, or `n`. Blocks with no surrogate
// at all are passed over without an early exit, which compilers turn into vector code; a block
// with one is walked by the rules, from where the last element before it ended.
template<class T>
std::size_t find_invalid_utf16(T const* const first, std::size_t const n) noexcept
{
    constexpr std::size_t block = 32;
    T const* const last = first + n;
    T const* p = first;
    while (static_cast<std::size_t>(last - p) >= block)
    {
        bool any = false;
        for (std::size_t j = 0; j < block; ++j)
            any |= is_surrogate16(to_unit16(p[j]));
        if (BOOST_LIKELY(!any))
        {
            p += block;
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
    using unit = unsigned char;

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

    template<class O>
    BOOST_FORCEINLINE static void write(char32_t c, O*& o) noexcept
    {
        encoded_word const w = encode_word16(c);
        o[0] = static_cast<O>(static_cast<std::uint16_t>(w.units));
        if (w.length > 1)
            o[1] = static_cast<O>(static_cast<std::uint16_t>(w.units >> 16));
        o += w.length;
    }
};

// ---- the policies of a composition -----------------------------------------------------------

// What the lazy composition does with one ill-formed subpart at `at`: the inner policy's answer,
// and, when that is not a scalar value, the outer policy's. Writes the result (or nothing) and
// counts the inner element. Everything before is synced first.
template<class Writer, bool PerCodeUnit, class Inner, class Outer, class Sink, class O>
BOOST_NOINLINE void transcode_error(decoded const& d, std::size_t at, std::size_t& index, Inner& inner,
                                    Outer& outer, Sink& sink, O*& o)
{
    sink.sync(o);
    char32_t c = decoding_replacement(inner, d, step_length<PerCodeUnit>(d), at);
    if (c != no_replacement)
    {
        error_kind const kind = check_scalar(c);
        if (kind != error_kind{})
        {
            // The inner view's element `index` is not a scalar value: the outer view's error.
            c = encoding_replacement(outer, error_info{kind, index, 1, c});
        }
        ++index;
    }
    o = sink.reserve(Writer::max_units);
    if (c != no_replacement)
        Writer::write(c, o);
}

// ---- direct transcoding -------------------------------------------------------------------------

// Decodes [first, last) by `Rules` and writes each element by `Writer`: the composition of a
// decoding view (policy `inner`) inside an encoding view (policy `outer`).
template<class Rules, class Writer, bool PerCodeUnit, class T, class Inner, class Outer, class Sink>
void transcode_contiguous(T const* const first, T const* const last, Inner& inner, Outer& outer, Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    constexpr std::size_t chunk = 64;
    static_assert(Sink::max_reserve >= chunk * Writer::max_units, "a chunk must fit in the sink");
    T const* p = first;
    std::size_t index = 0; // elements of the inner view so far, for the outer policy
    while (p != last)
    {
        T const* const stop = static_cast<std::size_t>(last - p) > chunk ? p + chunk : last;
        out_t* o = sink.reserve(chunk * Writer::max_units);
        while (p < stop)
        {
            T const* const at = p;
            decoded const d = Rules::next(p, last);
            if (BOOST_LIKELY(d.ok()))
            {
                Writer::write(d.value, o);
                ++index;
                continue;
            }
            p = at + step_length<PerCodeUnit>(d);
            sink.commit(o);
            transcode_error<Writer, PerCodeUnit>(d, static_cast<std::size_t>(at - first), index, inner, outer,
                                                 sink, o);
            sink.commit(o);
            // What is left of the chunk must still fit.
            o = sink.reserve(static_cast<std::size_t>(stop - p) * Writer::max_units + Writer::max_units);
        }
        sink.commit(o);
    }
}

// ---- sanitising -----------------------------------------------------------------------------------

// Elements in a well-formed stretch: the code units that begin one.
template<class Rules, class T>
std::size_t count_elements(T const* p, std::size_t n) noexcept
{
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i)
        count += Rules::begins_element(p[i]);
    return count;
}

// The composition of a decoding view inside an encoding view of the same form: copies each
// stretch that `find_invalid` (the validator, SIMD where there is one) proves well-formed, and
// hands each ill-formed subpart to the policies. The element count the outer policy needs is
// only worked out when a subpart is met, from the stretch before it.
template<class Rules, class Writer, bool PerCodeUnit, class T, class FindInvalid, class Inner, class Outer,
         class Sink>
void sanitize_contiguous(T const* const first, T const* const last, FindInvalid find_invalid, Inner& inner,
                         Outer& outer, Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    static_assert(sizeof(out_t) == sizeof(T), "the same form, unit for unit");
    T const* p = first;
    std::size_t index = 0; // inner elements before p
    while (p != last)
    {
        std::size_t const good = find_invalid(p, static_cast<std::size_t>(last - p));
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
        index += count_elements<Rules>(p, good);
        p = bad;
        decoded const d = Rules::next(p, last);
        p = bad + step_length<PerCodeUnit>(d);
        out_t* o = sink.reserve(Writer::max_units);
        transcode_error<Writer, PerCodeUnit>(d, static_cast<std::size_t>(bad - first), index, inner, outer, sink,
                                             o);
        sink.commit(o);
        // A per-code-unit policy resumes inside the subpart, where the validator finds the
        // rest of it ill-formed at once, as the view does.
    }
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_TRANSCODE_HPP

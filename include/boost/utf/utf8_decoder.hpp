// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_UTF8_DECODER_HPP
#define BOOST_UTF_UTF8_DECODER_HPP

// utf8_decoder: UTF-8 that arrives in pieces (a socket, a pipe, a file read in blocks), decoded
// piece by piece into code points, with exactly the output and the policy calls of views::utf8
// over the whole input, however it is cut.

#include <boost/utf/algorithm.hpp>
#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/detail/copyable_box.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/utf8.hpp>
#include <boost/utf/detail/utf8_stream.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {
// What is known of a byte order mark at the start of the stream. Without drop_bom, always
// `kept`; with it, `looking` until the stream's first three bytes are known.
enum class bom_state : unsigned char
{
    kept,
    looking,
    dropped,
    absent
};

// The state of a utf8_decoder, whatever its policy: bytes of the stream before the next chunk,
// the held prefix (which ends there), and what is known of a byte order mark.
struct utf8_decoder_state
{
    std::size_t consumed;
    utf8_carry carry;
    bom_state bom;

    // A new stream: drop_bom, if asked, looks for a mark again.
    BOOST_FORCEINLINE constexpr void restart() noexcept
    {
        consumed = 0;
        carry.size = 0;
        if (bom != bom_state::kept)
            bom = bom_state::looking;
    }
};

// Compiled for this translation unit's target: see BOOST_UTF_ISA_NAMESPACE in detail/simd/target.hpp.
inline namespace BOOST_UTF_ISA_NAMESPACE {

// A policy seen through a window that starts `origin` bytes into the stream: the bulk decoder
// counts offsets from the buffer it is given, the stream's user from its first byte.
template<class Policy>
struct stream_offset_policy
{
    Policy* policy;
    std::size_t origin;

    char32_t operator()(error_info const& info) const noexcept(nothrow_policy_v<Policy>)
    {
        error_info shifted = info;
        shifted.offset += origin;
        return (*policy)(shifted);
    }
};

// The decoder's one call into the bulk internals of algorithm.hpp: decodes [first, last), which
// begins and ends at element boundaries, writing to `out` and reporting errors at offsets counted
// from `origin`. Out of line, so that there is one copy of the decoding loop whatever calls it:
// the speed of a byte-at-a-time loop depends on what it is inlined into.
template<bool PerCodeUnit, class Policy, class Out>
BOOST_NOINLINE Out decode_stream_run(unsigned char const* first, unsigned char const* last, std::size_t origin,
                                    Policy& policy, Out out)
{
    stream_offset_policy<Policy> shifted{&policy, origin};
    sink_for<char32_t, char32_t, Out> sink(std::move(out));
    decode_contiguous<PerCodeUnit>(first, last, shifted, sink);
    return sink.finish();
}

// The decoder's work, compiled for this translation unit's target like the bulk paths it calls:
// the decoder's members only forward here, forced inline, so that a program whose translation
// units are built with different flags never runs one unit's copy for another.

// The start of a stream, with drop_bom: drops a mark whose last byte is in [first, last), or
// holds what may yet become one; returns where decoding goes on in the chunk. The carry holds
// nothing but the stream's first bytes while `looking`, since these are all prefixes of the
// sequence EF BB BF, held whole.
inline unsigned char const* settle_bom(utf8_decoder_state& st, unsigned char const* const first,
                                       unsigned char const* const last) noexcept
{
    static constexpr unsigned char mark[3] = {0xEF, 0xBB, 0xBF};
    std::size_t have = st.carry.size;
    unsigned char const* p = first;
    while (have != 3 && p != last && *p == mark[have])
    {
        ++have;
        ++p;
    }
    if (have == 3)
    {
        // The mark is skipped, and counted: what follows begins at stream offset 3.
        st.consumed += static_cast<std::size_t>(p - first);
        st.carry.size = 0;
        st.bom = bom_state::dropped;
        return p;
    }
    if (p == last)
    {
        // A prefix of the mark so far: held, as decoding would hold it.
        for (unsigned char const* q = first; q != last; ++q)
            st.carry.bytes[st.carry.size++] = *q;
        st.consumed += static_cast<std::size_t>(last - first);
        return last;
    }
    // No mark: decoding goes on from the held bytes as if drop_bom had not been asked.
    st.bom = bom_state::absent;
    return first;
}

// Writes element `d` found at stream offset `at` (`n` code units of it taken), or what the
// policy says for it.
template<class Policy, class Out>
Out stream_put(Policy& policy, decoded const& d, unsigned char n, std::size_t at, Out out)
{
    char32_t c = d.value;
    if (!d.ok())
    {
        c = decoding_replacement(policy, d, n, at);
        if (c == no_replacement)
            return out;
    }
    *out = c;
    ++out;
    return out;
}

template<bool PerCodeUnit, class Policy, class Out>
Out stream_decode_bytes(utf8_decoder_state& st, Policy& policy, unsigned char const* first,
                        unsigned char const* const last, Out out)
{
    if (st.bom == bom_state::looking)
    {
        first = settle_bom(st, first, last);
        if (first == last)
            return out;
    }
    // The state lives in locals until the chunk is done, so that a throw leaves the decoder as
    // reset() does.
    utf8_decoder_state const before = st;
    utf8_carry carry = st.carry;
    st.restart();

    unsigned char const* const p = settle_carry<PerCodeUnit>(
        carry, first, last, [&](decoded const& d, unsigned char n, std::size_t ahead, std::size_t back) {
            out = stream_put(policy, d, n, before.consumed + ahead - back, std::move(out));
        });
    if (p != last)
    {
        unsigned char const* const held = held_tail(p, last);
        if (p != held)
            out = decode_stream_run<PerCodeUnit>(p, held, before.consumed + static_cast<std::size_t>(p - first),
                                                 policy, std::move(out));
        hold(carry, held, last);
    }
    st.consumed = before.consumed + static_cast<std::size_t>(last - first);
    st.carry = carry;
    st.bom = before.bom;
    return out;
}

template<bool PerCodeUnit, class Policy, class R, class Out>
Out stream_decode(utf8_decoder_state& st, Policy& policy, R&& chunk, Out out)
{
    for_each_contiguous_piece(std::forward<R>(chunk), [&](unsigned char const* first, unsigned char const* last) {
        out = stream_decode_bytes<PerCodeUnit>(st, policy, first, last, std::move(out));
    });
    return out;
}

template<bool PerCodeUnit, class Policy, class Out>
Out stream_finish(utf8_decoder_state& st, Policy& policy, Out out)
{
    utf8_carry const carry = st.carry;
    std::size_t const end = st.consumed;
    st.restart();
    unsigned char const* p = carry.bytes;
    unsigned char const* const last = carry.bytes + carry.size;
    while (p != last)
    {
        unsigned char const* next = p;
        decoded const d = decode_next(next, last);
        unsigned char const n = step_length<PerCodeUnit>(d);
        out = stream_put(policy, d, n, end - static_cast<std::size_t>(last - p), std::move(out));
        p += n;
    }
    return out;
}

// Whether writing code points through `Out` can throw: copying or moving it, assigning through
// it, stepping it. A pointer never does; a back_insert_iterator may (it allocates).
template<class Out>
inline constexpr bool nothrow_output_v =
    std::is_nothrow_copy_constructible<Out>::value && std::is_nothrow_move_constructible<Out>::value &&
    std::is_nothrow_move_assignable<Out>::value && noexcept(*std::declval<Out&>() = char32_t()) &&
    noexcept(++std::declval<Out&>());

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail

// Tag for the constructors of utf8_decoder that drop a byte order mark at the start of each
// stream.
struct drop_bom_t
{
    explicit drop_bom_t() = default;
};
inline constexpr drop_bom_t drop_bom{};

// Decodes a stream of UTF-8 that arrives in chunks. For every way of cutting the input, the code
// points written and the policy calls (kind, offset from the stream's first byte, length) are
// those of views::utf8 over the whole input with the same policy. Each error is reported during
// the decode() call whose chunk holds the byte that makes it certain; only a sequence cut short
// by the end of the stream waits for finish().
//
// Between chunks the decoder holds at most three bytes (a valid prefix of a sequence). It is a
// small value: copying it copies the stream's state, and with a built-in policy it is trivially
// copyable. It never allocates.
//
// If the policy (or the output iterator) throws, the decoder is left ready for a new stream, as
// after reset(): the stream it was decoding cannot be resumed. decode() and finish() are
// noexcept when nothing they call can throw: the policy (replace_policy, skip_policy), the
// output iterator (a pointer, say) and, for decode(), the reading of the chunk.
//
// Constructed with drop_bom, the decoder drops the byte order mark (EF BB BF) that a stream may
// begin with, however it is cut: its code point U+FEFF is not written. Offsets still count from
// the stream's first byte, the mark's. Bytes that begin like a mark and go on otherwise (EF BB
// 41) are decoded, and reported, exactly as without drop_bom. The first two bytes of a mark are
// held like any prefix of a sequence, so nothing is reported later than without it.
template<class ErrorPolicy = replace_policy>
class utf8_decoder
{
    static_assert(detail::check_error_policy<ErrorPolicy>::value, "");

    static constexpr bool per_code_unit = detail::per_code_unit_v<ErrorPolicy>;

    detail::utf8_decoder_state state_ = {0, {}, detail::bom_state::kept};
    // Boxed, as in the views, so that a decoder is copy-assignable whatever the policy (a lambda
    // is not).
    BOOST_ATTRIBUTE_NO_UNIQUE_ADDRESS detail::boxed_t<ErrorPolicy> policy_ = detail::boxed_t<ErrorPolicy>();

public:
    using policy_type = ErrorPolicy;

    // Every member is forced inline, and those that do work call detail functions compiled for
    // the caller's target: see stream_decode_bytes.
    BOOST_FORCEINLINE constexpr utf8_decoder() noexcept(std::is_nothrow_default_constructible<ErrorPolicy>::value) {}
    BOOST_FORCEINLINE explicit constexpr utf8_decoder(ErrorPolicy policy) noexcept(
        std::is_nothrow_move_constructible<ErrorPolicy>::value)
        : policy_(std::move(policy))
    {
    }
    // With drop_bom: a byte order mark at the start of each stream is dropped.
    BOOST_FORCEINLINE explicit constexpr utf8_decoder(drop_bom_t) noexcept(
        std::is_nothrow_default_constructible<ErrorPolicy>::value)
        : state_{0, {}, detail::bom_state::looking}
    {
    }
    BOOST_FORCEINLINE constexpr utf8_decoder(ErrorPolicy policy, drop_bom_t) noexcept(
        std::is_nothrow_move_constructible<ErrorPolicy>::value)
        : state_{0, {}, detail::bom_state::looking}, policy_(std::move(policy))
    {
    }

    // Decodes `chunk` (a range of UTF-8 code units; or a buffer with `void const*` data() and
    // size(), or a range of them, as Asio has) and writes its code points to `out`; returns
    // `out` past the last one written. Writes at most one code point per byte of the chunk and
    // byte held from before.
    template<class R, class Out>
    BOOST_FORCEINLINE Out decode(R&& chunk, Out out) noexcept(detail::nothrow_policy_v<ErrorPolicy> &&
                                                              detail::nothrow_output_v<Out> && detail::nothrow_chunk_v<R>)
    {
        return detail::stream_decode<per_code_unit>(state_, policy_, std::forward<R>(chunk), std::move(out));
    }

    // Ends the stream: a sequence cut short by the end is reported as `truncated` (at most three
    // code points are written). The decoder is then ready for a new stream.
    template<class Out>
    BOOST_FORCEINLINE Out finish(Out out) noexcept(detail::nothrow_policy_v<ErrorPolicy> && detail::nothrow_output_v<Out>)
    {
        return detail::stream_finish<per_code_unit>(state_, policy_, std::move(out));
    }

    // Forgets the stream: what is held is dropped unreported, offsets count from zero again.
    BOOST_FORCEINLINE void reset() noexcept { state_.restart(); }

    // Bytes held for the next chunk (0 to 3): a sequence that the next chunk may complete.
    BOOST_FORCEINLINE std::size_t pending() const noexcept { return state_.carry.size; }

    // Bytes of the stream read so far (a dropped byte order mark included).
    BOOST_FORCEINLINE std::size_t consumed() const noexcept { return state_.consumed; }

    // Whether this stream began with a byte order mark that was dropped (until finish() or
    // reset()); false without drop_bom.
    BOOST_FORCEINLINE bool dropped_bom() const noexcept { return state_.bom == detail::bom_state::dropped; }

    BOOST_FORCEINLINE ErrorPolicy const& policy() const noexcept { return detail::unbox(policy_); }
};

utf8_decoder() -> utf8_decoder<replace_policy>;
utf8_decoder(drop_bom_t) -> utf8_decoder<replace_policy>;
template<class P>
utf8_decoder(P) -> utf8_decoder<P>;
template<class P>
utf8_decoder(P, drop_bom_t) -> utf8_decoder<P>;

} // namespace utf
} // namespace boost

#endif // BOOST_UTF_UTF8_DECODER_HPP

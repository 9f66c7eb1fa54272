// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_UTF8_VALIDATOR_HPP
#define BOOST_UTF_UTF8_VALIDATOR_HPP

// utf8_validator: checks UTF-8 that arrives in pieces, and says so as soon as the bytes so far
// cannot begin well-formed UTF-8 (a websocket server closing a text frame, a parser refusing an
// upload before it is all there).

#include <boost/utf/algorithm.hpp>
#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/detail/utf8.hpp>
#include <boost/utf/detail/utf8_stream.hpp>

#include <cstddef>
#include <optional>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

// The state of a utf8_validator: plain data, the same in every translation unit.
struct utf8_validator_state
{
    std::size_t consumed;
    utf8_carry carry;
    bool failed;
    error_info error;
};

// Compiled for this translation unit's target: see BOOST_UTF_ISA_NAMESPACE in detail/simd/target.hpp.
inline namespace BOOST_UTF_ISA_NAMESPACE {

// The validator's one call into the bulk internals of algorithm.hpp: the offset in [first,
// first + n) of the first ill-formed subpart, or `n`. [first, first + n) begins and ends at
// element boundaries. Out of line, so that there is one copy of the validation loop whatever
// calls it: the speed of a byte-at-a-time loop depends on what it is inlined into.
BOOST_NOINLINE inline std::size_t find_invalid_stream_run(unsigned char const* first, std::size_t n) noexcept
{
    return find_invalid_utf8(first, n);
}

// The validator's work, compiled for this translation unit's target like the bulk paths it
// calls: the validator's members only forward here, forced inline, so that a program whose
// translation units are built with different flags never runs one unit's copy for another.

inline bool validator_fail(utf8_validator_state& st, decoded const& d, std::size_t at) noexcept
{
    st.failed = true;
    st.error = error_info{d.kind, at, d.length, d.value};
    return false;
}

inline bool validator_write_bytes(utf8_validator_state& st, unsigned char const* const first,
                                  unsigned char const* const last) noexcept
{
    if (st.failed)
        return false;
    bool ok = true;
    unsigned char const* const p = settle_carry<false>(
        st.carry, first, last, [&](decoded const& d, unsigned char, std::size_t ahead, std::size_t back) {
            if (ok && !d.ok())
                ok = validator_fail(st, d, st.consumed + ahead - back);
        });
    if (!ok)
        return false;
    if (p != last)
    {
        unsigned char const* const held = held_tail(p, last);
        std::size_t const n = static_cast<std::size_t>(held - p);
        std::size_t const bad = find_invalid_stream_run(p, n);
        if (bad != n)
        {
            unsigned char const* next = p + bad;
            return validator_fail(st, decode_next(next, held), st.consumed + static_cast<std::size_t>(p + bad - first));
        }
        hold(st.carry, held, last);
    }
    st.consumed += static_cast<std::size_t>(last - first);
    return true;
}

template<class R>
bool validator_write(utf8_validator_state& st, R&& chunk) noexcept(nothrow_chunk_v<R>)
{
    bool ok = !st.failed;
    for_each_contiguous_piece(std::forward<R>(chunk), [&](unsigned char const* first, unsigned char const* last) {
        ok = validator_write_bytes(st, first, last);
    });
    return ok;
}

inline bool validator_finish(utf8_validator_state& st) noexcept
{
    if (!st.failed && st.carry.size != 0)
    {
        unsigned char const* next = st.carry.bytes;
        validator_fail(st, decode_next(next, st.carry.bytes + st.carry.size), st.consumed - st.carry.size);
    }
    st.carry.size = 0;
    return !st.failed;
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail

// Checks a stream of UTF-8 that arrives in chunks. write() returns false as soon as the bytes so
// far cannot begin well-formed UTF-8: in the call whose chunk holds the byte that makes the
// error certain, exactly when the decoder would report its first error. finish() also returns
// false when the stream ends inside a sequence. Once false, it stays false until reset().
//
// first_error() says where and what the first error is, as the decoder's policy would be told
// (offset from the stream's first byte, kind, length of the subpart, its first byte).
//
// A byte order mark (EF BB BF) is well-formed UTF-8, U+FEFF: the validator takes it as any other
// sequence and counts it in offsets, so it needs no counterpart of utf8_decoder's drop_bom.
//
// Between chunks the validator holds at most three bytes. It is trivially copyable and never
// allocates. write() is noexcept for a buffer or a contiguous chunk, read through a pointer.
class utf8_validator
{
    detail::utf8_validator_state state_ = {};

public:
    // Every member is forced inline, and those that do work call detail functions compiled for
    // the caller's target: see validator_write_bytes.
    BOOST_FORCEINLINE constexpr utf8_validator() noexcept {}

    // Checks the next chunk (a range of UTF-8 code units, or a buffer or a range of buffers, as
    // utf8_decoder::decode takes them); false when the stream so far is certainly ill-formed.
    template<class R>
    BOOST_FORCEINLINE bool write(R&& chunk) noexcept(detail::nothrow_chunk_v<R>)
    {
        return detail::validator_write(state_, std::forward<R>(chunk));
    }

    // Ends the stream: true when all of it was well-formed. A sequence cut short by the end is
    // an error (`truncated`). The result, and first_error(), stay until reset().
    BOOST_FORCEINLINE bool finish() noexcept { return detail::validator_finish(state_); }

    // Forgets the stream, and any error: ready for a new one.
    BOOST_FORCEINLINE void reset() noexcept { state_ = detail::utf8_validator_state{}; }

    // False once an error is certain.
    BOOST_FORCEINLINE bool ok() const noexcept { return !state_.failed; }

    // The first error, once there is one.
    BOOST_FORCEINLINE std::optional<error_info> first_error() const noexcept
    {
        if (state_.failed)
            return state_.error;
        return std::nullopt;
    }

    // Bytes held for the next chunk (0 to 3): a sequence that the next chunk may complete.
    BOOST_FORCEINLINE std::size_t pending() const noexcept { return state_.carry.size; }
};

} // namespace utf
} // namespace boost

#endif // BOOST_UTF_UTF8_VALIDATOR_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_DETAIL_UTF8_STREAM_HPP
#define BOOST_UTF_DETAIL_UTF8_STREAM_HPP

// What utf8_decoder and utf8_validator share: how a chunk's bytes are reached, the few bytes a
// stream holds between chunks, and the two questions asked of them. Both questions are answered
// by decode_next (detail/utf8.hpp), so the rules of Table 3-7 are not stated again here: a run
// of bytes is held exactly when the rules, told that the input ends after it, call it a valid
// prefix cut short by the end.

#include <boost/utf/algorithm.hpp>
#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {

// The bytes held between chunks: a valid prefix cut short by the end of the last chunk (one to
// three bytes), or, while a per-code-unit policy steps through a subpart, what remains of it.
// Plain data, the same in every translation unit: the stream classes hold it.
struct utf8_carry
{
    unsigned char bytes[3];
    unsigned char size;
};

// Compiled for this translation unit's target: see BOOST_UTF_ISA_NAMESPACE in detail/simd/target.hpp.
inline namespace BOOST_UTF_ISA_NAMESPACE {

// Whether `d`, decoded from exactly `available` bytes, stopped only because they ran out: then
// more bytes could still make it a well-formed sequence, and nothing about it is certain yet.
// A subpart stopped by a byte that cannot continue it ends before the last byte read.
constexpr bool is_cut_short(decoded const& d, std::size_t available) noexcept
{
    return d.kind == error_kind::truncated && d.length == available;
}

// Where the bytes that must wait for the next chunk begin in [first, last): the start of a valid
// prefix cut short by `last`, or `last` when there is none. `first` must be an element boundary.
// Such a prefix is a lead byte and at most two continuation bytes, and every element begins with
// a byte that is not a continuation byte, so only the last such byte among the final three can
// begin it.
inline unsigned char const* held_tail(unsigned char const* const first, unsigned char const* const last) noexcept
{
    unsigned char const* q = last;
    while (q != first && last - q < 3)
    {
        --q;
        if (!is_continuation(*q))
        {
            unsigned char const* next = q;
            return is_cut_short(decode_next(next, last), static_cast<std::size_t>(last - q)) ? q : last;
        }
    }
    return last;
}

// Keeps [held, last), what held_tail left of a chunk (at most three bytes), for the next chunk.
inline void hold(utf8_carry& carry, unsigned char const* const held, unsigned char const* const last) noexcept
{
    carry.size = static_cast<unsigned char>(last - held);
    for (unsigned char i = 0; i != carry.size; ++i)
        carry.bytes[i] = held[i];
}

// Settles the carried bytes against the chunk [first, last): decodes from the carry's first byte
// with as many bytes of the chunk as one element can need, hands each element that begins in
// the carry to `step(d, n, ahead, back)` (decoded `d`, of which `n` code units are taken; it
// begins at the chunk's first byte + `ahead` - `back`, and `back` never exceeds the bytes of the
// stream before the chunk), and returns where the chunk's own elements begin. When the chunk
// ends before anything is certain, its bytes join the carry and `last` is returned: that is the
// only case in which a decision waits, so every error is reported as soon as a byte makes it
// certain. `step` may throw; `carry` is then left as it was at the step.
template<bool PerCodeUnit, class Step>
unsigned char const* settle_carry(utf8_carry& carry, unsigned char const* const first,
                                  unsigned char const* const last, Step&& step)
{
    unsigned char const* p = first;
    while (carry.size != 0)
    {
        std::size_t const n = carry.size;
        std::size_t const left = static_cast<std::size_t>(last - p);
        std::size_t const k = left < 4 - n ? left : 4 - n;
        unsigned char buffer[4];
        std::memcpy(buffer, carry.bytes, n);
        if (k != 0)
            std::memcpy(buffer + n, p, k);
        unsigned char const* next = buffer;
        decoded const d = decode_next(next, buffer + n + k);
        // Four bytes always settle the first element (a subpart is at most three long), so a
        // cut-short result here means the chunk is used up: n + k < 4.
        if (is_cut_short(d, n + k))
        {
            std::memcpy(carry.bytes, buffer, n + k);
            carry.size = static_cast<unsigned char>(n + k);
            return last;
        }
        unsigned char const taken = step_length<PerCodeUnit>(d);
        step(d, taken, static_cast<std::size_t>(p - first), n);
        if (taken >= n)
        {
            p += taken - n;
            carry.size = 0;
        }
        else
        {
            // Only a per-code-unit policy takes less than the carry: the rest are continuation
            // bytes, each its own subpart from here on.
            std::memmove(carry.bytes, carry.bytes + taken, n - taken);
            carry.size = static_cast<unsigned char>(n - taken);
        }
    }
    return p;
}

// Chunks that are not contiguous are read into a buffer of this many bytes at a time, each
// buffer decoded as a chunk of its own.
inline constexpr std::size_t stream_staging_size = 256;

template<class T>
struct check_stream_code_unit
{
    static_assert(is_code_unit_v<T>,
                  "boost::utf::utf8_decoder and utf8_validator read UTF-8: a chunk's elements must "
                  "be char, signed char, unsigned char, char8_t or std::byte");
    static constexpr bool value = is_code_unit_v<T>;
};

// A buffer as Asio has them (const_buffer, mutable_buffer): `data()` gives `void const*` or
// `void*`, `size()` the bytes, and it is not a range itself. Recognised by shape, so that no
// networking header is needed.
template<class B, class = void>
struct is_byte_buffer : std::false_type
{
};

template<class B>
struct is_byte_buffer<B, std::void_t<decltype(std::declval<B const&>().data()),
                                     decltype(static_cast<std::size_t>(std::declval<B const&>().size()))>>
    : std::bool_constant<!rng::range<B const&> &&
                         std::is_void<std::remove_cv_t<std::remove_pointer_t<decltype(std::declval<B const&>().data())>>>::value>
{
};

template<class B>
inline constexpr bool is_byte_buffer_v = is_byte_buffer<remove_cvref_t<B>>::value;

// A range of such buffers: an Asio ConstBufferSequence or MutableBufferSequence.
template<class R, class = void>
struct is_buffer_sequence : std::false_type
{
};

template<class R>
struct is_buffer_sequence<R, std::enable_if_t<rng::input_range<R>>>
    : std::bool_constant<is_byte_buffer_v<rng::range_value_t<R>>>
{
};

// Whether reading `chunk` cannot throw: a buffer or a contiguous range, read through a pointer.
// Anything else is read through the user's iterators, which are taken to throw.
template<class R>
inline constexpr bool nothrow_chunk_v = is_byte_buffer_v<R> || is_contiguous_v<remove_cvref_t<R>>;

// Hands the bytes of `chunk` to `consume(first, last)`: at once when they are contiguous, else
// through a small buffer. Single-pass ranges are read once. A buffer (see is_byte_buffer) is one
// contiguous piece; a sequence of buffers is its buffers in order.
template<class R, class Consume>
void for_each_contiguous_piece(R&& chunk, Consume&& consume)
{
    if constexpr (is_byte_buffer_v<R>)
    {
        unsigned char const* const first = static_cast<unsigned char const*>(static_cast<void const*>(chunk.data()));
        consume(first, first + static_cast<std::size_t>(chunk.size()));
    }
    else if constexpr (is_buffer_sequence<R>::value)
    {
        auto const last = rng::end(chunk);
        for (auto it = rng::begin(chunk); !(it == last); ++it)
            for_each_contiguous_piece(*it, consume);
    }
    else
    {
        static_assert(rng::input_range<R>,
                      "boost::utf: a chunk must be a range of UTF-8 code units, a buffer (data() and "
                      "size(), as Asio's const_buffer) or a range of buffers (an Asio buffer sequence)");
        static_assert(check_stream_code_unit<rng::range_value_t<R>>::value, "");
        if constexpr (is_contiguous_v<R>)
        {
            unsigned char const* const first = byte_data(chunk);
            consume(first, first + static_cast<std::size_t>(rng::lib::size(chunk)));
        }
        else
        {
            unsigned char staging[stream_staging_size];
            std::size_t n = 0;
            auto it = rng::begin(chunk);
            auto const last = rng::end(chunk);
            for (; !(it == last); ++it)
            {
                staging[n++] = to_byte(*it);
                if (n == stream_staging_size)
                {
                    consume(+staging, staging + n);
                    n = 0;
                }
            }
            if (n != 0)
                consume(+staging, staging + n);
        }
    }
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail
} // namespace utf
} // namespace boost

#endif // BOOST_UTF_DETAIL_UTF8_STREAM_HPP

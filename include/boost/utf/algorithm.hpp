// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_ALGORITHM_HPP
#define BOOST_UTF_ALGORITHM_HPP

// Bulk operations: copy, to, is_valid, find_invalid. Each gives exactly what walking the view (or
// decoding the range) element by element gives, errors and policy calls included. When the
// underlying range is contiguous they go through the kernels of detail/simd (chosen at run time:
// see simd_level), which prove whole blocks well-formed at once and hand every block that is not
// to the scalar rules of detail/utf8.hpp, so that error kinds, offsets and maximal subparts always
// come from one place.

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/utf16_view.hpp>
#include <boost/utf/utf32_to_utf16_view.hpp>
#include <boost/utf/utf32_to_utf8_view.hpp>
#include <boost/utf/utf8_view.hpp>
#include <boost/utf/detail/ranges.hpp>
#include <boost/utf/detail/simd/kernels.hpp>
#include <boost/utf/detail/transcode.hpp>
#include <boost/utf/detail/utf16.hpp>
#include <boost/utf/detail/utf8.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>

namespace boost {
namespace utf {
namespace detail {
inline namespace BOOST_UTF_ISA_NAMESPACE {

template<class T>
struct is_utf8_view : std::false_type
{
};
template<class V, class P>
struct is_utf8_view<utf8_view<V, P>> : std::true_type
{
};

template<class T>
struct is_utf32_to_utf8_view : std::false_type
{
};
template<class V, class P, class C>
struct is_utf32_to_utf8_view<utf32_to_utf8_view<V, P, C>> : std::true_type
{
    using char_type = C;
};

template<class T>
struct is_utf16_view : std::false_type
{
};
template<class V, class P>
struct is_utf16_view<utf16_view<V, P>> : std::true_type
{
};

template<class T>
struct is_utf32_to_utf16_view : std::false_type
{
};
template<class V, class P, class C>
struct is_utf32_to_utf16_view<utf32_to_utf16_view<V, P, C>> : std::true_type
{
    using char_type = C;
};

// An encoding view over a decoding view: a transcoding (or sanitising) composition.
template<class T>
struct composition_of
{
    static constexpr bool value = false;
};
template<class Inner, class P, class C>
struct composition_of<utf32_to_utf8_view<Inner, P, C>>
{
    static constexpr bool value = is_utf8_view<Inner>::value || is_utf16_view<Inner>::value;
    static constexpr bool to_utf16 = false;
    static constexpr bool from_utf16 = is_utf16_view<Inner>::value;
    using char_type = C;
};
template<class Inner, class P, class C>
struct composition_of<utf32_to_utf16_view<Inner, P, C>>
{
    static constexpr bool value = is_utf8_view<Inner>::value || is_utf16_view<Inner>::value;
    static constexpr bool to_utf16 = true;
    static constexpr bool from_utf16 = is_utf16_view<Inner>::value;
    using char_type = C;
};

// A range whose elements can be read through a pointer, all at once.
template<class R>
inline constexpr bool is_contiguous_v =
    rng::lib::contiguous_range<R> && rng::lib::sized_range<R>;

// The bytes of a contiguous range of code units, whatever their type.
template<class R>
unsigned char const* byte_data(R& r) noexcept
{
    return reinterpret_cast<unsigned char const*>(rng::lib::data(r));
}

// The view's underlying range, kept alive by the caller; null when it cannot be had without a
// copy that the range does not allow (an lvalue view over an owning, move-only range).
template<class View>
constexpr bool can_take_base_v =
    std::is_copy_constructible<decltype(std::declval<View&>().base())>::value;

// ---- output sinks ------------------------------------------------------------------------------
//
// The fast paths write through a raw pointer. A sink gives them one: straight into the caller's
// memory when the output iterator is a pointer to the element type, else into a buffer that is
// handed to the iterator in pieces. Before a policy is called everything so far is handed over,
// so that a policy that throws, or looks at the output, sees what the view would have produced.
// A driver writes at most what its last reserve() asked for, from the pointer it returned: the
// sinks below often give more (sync() empties a buffer, a container grows by steps), and no driver
// may count on that.

template<class T, class Out>
class direct_sink
{
    Out out_;

public:
    static constexpr std::size_t max_reserve = static_cast<std::size_t>(-1);
    explicit direct_sink(Out out) : out_(out) {}
    // Room for at least `n` more elements.
    T* reserve(std::size_t) noexcept { return reinterpret_cast<T*>(out_); }
    void commit(T* p) noexcept { out_ = reinterpret_cast<Out>(p); }
    // Everything up to `p` is where the caller sees it: said before each policy call.
    void sync(T* p) noexcept { commit(p); }
    Out finish() noexcept { return out_; }
};

// The buffer of buffered_sink; sync() empties it, so after a policy call all of it is free.
inline constexpr std::size_t sink_capacity = 1024;
// The most one reserve() of container_sink asks for. Its room is the container's, not the stack,
// so it may be larger than a buffer: the loops of the rules then break four times as seldom
// (room_stretch). It is reserved on top of the size the input promises, for outputs longer than
// to_worst_case_up_to (fill_container).
inline constexpr std::size_t container_room = 4 * sink_capacity;

template<class T, class Out, class E>
class buffered_sink
{
    static constexpr std::size_t capacity = sink_capacity;
    T buffer_[capacity];
    std::size_t size_ = 0;
    Out out_;

    void flush()
    {
        for (std::size_t i = 0; i < size_; ++i)
        {
            *out_ = static_cast<E>(buffer_[i]);
            ++out_;
        }
        size_ = 0;
    }

public:
    static constexpr std::size_t max_reserve = capacity;
    explicit buffered_sink(Out out) : out_(std::move(out)) {}
    T* reserve(std::size_t n)
    {
        if (capacity - size_ < n)
            flush();
        return buffer_ + size_;
    }
    void commit(T* p) noexcept { size_ = static_cast<std::size_t>(p - buffer_); }
    void sync(T* p)
    {
        commit(p);
        flush();
    }
    Out finish()
    {
        flush();
        return std::move(out_);
    }
};

// A container with a string's append(pointer, count).
template<class C, class = void>
struct appends_from_pointer : std::false_type
{
};
template<class C>
struct appends_from_pointer<C, std::void_t<typename C::traits_type,
                                           decltype(std::declval<C&>().reserve(std::size_t())),
                                           decltype(std::declval<C&>().append(
                                               std::declval<typename C::value_type const*>(), std::size_t()))>>
    : std::true_type
{
};

// The zeros grow_to copies at a time.
inline constexpr std::size_t zero_block = 4096;

// Grows `c` to `n` elements (at least c.size()), whose values do not matter: they are written
// next. A string of 16- or 32-bit characters fills what resize() adds one character at a time
// wherever the compiler does not see that the character is zero (libstdc++'s char_traits), which
// costs several times what copying zeros does; so such a string is appended blocks of zeros
// instead, its capacity grown geometrically first, as resize() would. Strings of bytes fill with
// memset.
template<class C>
void grow_to(C& c, std::size_t const n)
{
    if constexpr (appends_from_pointer<C>::value && sizeof(typename C::value_type) > 1)
    {
        using value_t = typename C::value_type;
        static constexpr value_t zeros[zero_block] = {};
        if (c.capacity() < n)
            c.reserve(n / 2 < c.capacity() ? 2 * c.capacity() : n);
        for (std::size_t size = c.size(); size < n;)
        {
            std::size_t const k = n - size < zero_block ? n - size : zero_block;
            c.append(zeros, k);
            size += k;
        }
    }
    else
        c.resize(n);
}

// Writes into a resizable contiguous container of to<C>. Its capacity is reserved up front for
// the size the caller expects, which costs no more than the address space while untouched; its
// size grows a step at a time as reserve() asks, so that each step is zeroed (which resize()
// cannot avoid) just before it is written, while in cache. Sizing the container for the worst
// case instead would zero up to four times the output's memory. The size never goes past
// `most` elements (a bound on the output) and the room of one reserve(); finish() trims it to
// what was written.
template<class T, class C>
class container_sink
{
    static constexpr std::size_t step = 8192;

    C& c_;
    std::size_t size_ = 0;
    std::size_t limit_;

    T* data() noexcept { return reinterpret_cast<T*>(c_.data()); }

    // A step, or less where more would outgrow the capacity (a new allocation, and a copy) when
    // `n` alone would not.
    BOOST_NOINLINE void extend(std::size_t n)
    {
        std::size_t const need = size_ + n;
        std::size_t want = size_ + (n > step ? n : step);
        if (want > c_.capacity())
            want = need > c_.capacity() ? need : c_.capacity();
        grow_to(c_, want < limit_ ? want : limit_);
    }

public:
    static constexpr std::size_t max_reserve = container_room;

    container_sink(C& c, std::size_t expected, std::size_t most) : c_(c), limit_(most + max_reserve)
    {
        // Reserving `expected` and the room of one reserve() makes room enough for an output of
        // up to `expected` elements, whatever its reserve() calls ask for.
        c_.reserve(expected + max_reserve < limit_ ? expected + max_reserve : limit_);
    }
    T* reserve(std::size_t n)
    {
        if (c_.size() - size_ < n)
            extend(n);
        return data() + size_;
    }
    void commit(T* p) noexcept { size_ = static_cast<std::size_t>(p - data()); }
    // Nobody sees the container before to<C> returns it.
    void sync(T* p) noexcept { commit(p); }
    void finish() { c_.resize(size_); }
};

template<class T, class Out>
inline constexpr bool is_direct_output_v =
    std::is_pointer<Out>::value && sizeof(std::remove_pointer_t<Out>) == sizeof(T) &&
    (std::is_same<std::remove_cv_t<std::remove_pointer_t<Out>>, T>::value ||
     (sizeof(T) == 1 && is_code_unit_v<std::remove_cv_t<std::remove_pointer_t<Out>>>));

// T: what the fast path writes; E: the view's element type, which the output iterator receives.
template<class T, class E, class Out>
using sink_for = std::conditional_t<is_direct_output_v<T, Out>, direct_sink<T, Out>, buffered_sink<T, Out, E>>;

// ---- decoding a contiguous buffer ---------------------------------------------------------------
//
// The drivers below are the one loop over the kernels of detail/simd: a kernel goes as far as it
// can prove the input well-formed; where it stops, the scalar rules take the input for at least
// the stretch the kernel asks for, and handle every error, with the policy, exactly as the view
// does; then the kernel is tried again. The kernels of the level in use are looked up once per
// call.

// Whether a sink has room for any amount (it writes to the caller's own, large enough, buffer).
template<class Sink, class = void>
struct is_unbounded_sink : std::false_type
{
};
template<class T, class Out>
struct is_unbounded_sink<direct_sink<T, Out>> : std::true_type
{
};

// Whether a covered kernel may write past what it returns into `Sink` (decode_covered,
// encode_covered, kernels.hpp): `policy` writes something for every error, so that what follows
// writes over the excess, or the sink's room is its own.
template<class Sink, class Policy>
constexpr bool covered_output(Policy const& policy) noexcept
{
    return !is_unbounded_sink<Sink>::value || writes_for_every_error(policy);
}

// Bytes a kernel may take in one call into a bounded sink, and the most the scalar rules take
// where a kernel stopped before the kernel is tried again.
inline constexpr std::size_t decode_chunk = 256;
// The room reserved beside a kernel's call or a stretch, for what its last step may write past it.
inline constexpr std::size_t decode_step_max = 65;
static_assert(sink_capacity >= decode_chunk + decode_step_max, "a stretch must fit in the buffer");
// Bytes the scalar rules take a stretch where no kernel stopped (room_stretch, transcode.hpp: a
// byte writes a code point at most); an error reserves the sink's whole room again
// (decode_error), so the rest of the stretch fits after it.
template<class Sink>
inline constexpr std::size_t decode_stretch = room_stretch<Sink, 1, decode_step_max>;

// An error at `p` (decoded as `d`), with the view's handling: everything so far, up to `o`, is
// handed over, the policy is called, and its replacement, if any, written; returns where the
// output goes on. Kept out of line, away from the loop over well-formed elements, and given the
// output position by value, so that the loop keeps it in a register.
template<bool PerCodeUnit, class Policy, class Sink>
BOOST_NOINLINE char32_t* decode_error(unsigned char const* p, unsigned char const* first, decoded const& d,
                                      Policy& policy, Sink& sink, char32_t* o)
{
    sink.sync(o);
    char32_t const c = decoding_replacement(policy, d, step_length<PerCodeUnit>(d), static_cast<std::size_t>(p - first));
    // All a bounded sink's room: the rest of a stretch (decode_stretch) and the replacement.
    o = sink.reserve(is_unbounded_sink<Sink>::value ? decode_step_max : Sink::max_reserve);
    if (c != no_replacement)
        *o++ = c;
    return o;
}

// Decodes [first, last) into `sink` (reserve/commit/sync, as the sinks above), calling `policy`
// exactly as utf8_view does; offsets are counted from `first`.
template<bool PerCodeUnit, class Policy, class Sink>
BOOST_UTF_DETAIL_LOOP_FUNCTION void decode_contiguous(unsigned char const* const first,
                                                      unsigned char const* const last, Policy& policy, Sink& sink)
{
    static_assert(Sink::max_reserve >= decode_chunk + decode_step_max, "a kernel's call must fit in the sink");
    unsigned char const* p = first;
    char32_t* o = sink.reserve(0); // each call of a kernel and each stretch reserve their room
    [[maybe_unused]] simd::kernel_set const& k = simd::active_kernels();
    // decode_covered where every byte left is sure to add a code point for each four (or the
    // sink's room is its own): its whole stores past the values counted are then written over.
    [[maybe_unused]] simd::decode_kernel* const decode = covered_output<Sink>(policy) ? k.decode_covered : k.decode;
    while (p != last)
    {
        std::size_t const left = static_cast<std::size_t>(last - p);
        // Into the caller's buffer the scalar loop needs no flushes: without a kernel to try
        // again, it runs to the end.
        std::size_t stretch = is_unbounded_sink<Sink>::value ? left : decode_stretch<Sink>;
        if constexpr (simd::has_kernels)
        {
            if (k.decode_width != 0 && left >= k.decode_width)
            {
                // `p` is always where an element starts, which is what the kernel needs.
                std::size_t const room = is_unbounded_sink<Sink>::value || left < decode_chunk ? left : decode_chunk;
                o = sink.reserve(room + decode_step_max); // nothing is left uncommitted here
                simd::transcode_step const r = decode(p, room, o);
                p += r.consumed;
                o += r.produced;
                sink.commit(o);
                if (r.resume == 0)
                    continue;
                stretch = r.resume < decode_chunk ? r.resume : decode_chunk;
            }
        }
        if constexpr (!is_unbounded_sink<Sink>::value)
            o = sink.reserve(stretch + decode_step_max);
        unsigned char const* const stop = static_cast<std::size_t>(last - p) > stretch ? p + stretch : last;
        unsigned char const* const covered_end =
            ascii_covered_end<Sink, 8, 4>(p, stop, last, writes_for_every_error(policy));
        decode_elements<code_point_writer>(p, stop, last, covered_end, o, [&](decoded const& d) {
            o = decode_error<PerCodeUnit>(p, first, d, policy, sink, o);
            p += step_length<PerCodeUnit>(d);
        });
        sink.commit(o);
    }
    sink.commit(o);
}

// ---- encoding a contiguous buffer ---------------------------------------------------------------

// Code points between two flushes of a bounded sink, where a kernel stops, and of UTF-16 encoding;
// each takes at most four code units.
inline constexpr std::size_t encode_chunk = 64;
inline constexpr std::size_t encode_step_max = 4 * 64;
static_assert(sink_capacity >= 4 * encode_chunk + encode_step_max, "a stretch must fit in the buffer");
// Code points the UTF-8 encoding loop takes a stretch (room_stretch: four bytes each at most); a
// value that is not a scalar value reserves the sink's whole room again (encode_error), so the
// rest of the stretch fits after it.
template<class Sink>
inline constexpr std::size_t encode_stretch = room_stretch<Sink, 4, encode_step_max>;
// Code points an encoding kernel may take in one call into a bounded sink: as many as its room
// holds at four bytes each, beside encode_step_max, so that the widest kernels' loops, which want
// three or four blocks of 32, run there too.
inline constexpr std::size_t encode_kernel_chunk = (sink_capacity - encode_step_max) / 4;
static_assert(encode_kernel_chunk >= 4 * 32, "the widest encoding loop runs into a bounded sink");
// Input of fewer code points than this is encoded one by one (encode_scalar): in so few, the
// tests of the groups of four below (ASCII, below 800, encode_groups) cost a short string more
// than they save, in text of every script, and no level's kernel takes so few.
inline constexpr std::size_t encode_by_value_below = 16;
static_assert(simd::narrowest_block(simd::kernel_sets, [](simd::kernel_set const& k) { return k.encode_width; }) >=
                  encode_by_value_below,
              "short input one by one must not keep it from an encoding kernel");

// A value at `p` that is not a scalar value (`kind`), with the view's handling, its replacement
// written by `Writer` (UTF-8 or UTF-16); returns where the output goes on. Out of line, and given
// the output position by value, as decode_error.
template<class Writer, class T, class Policy, class Sink, class O>
BOOST_NOINLINE O* encode_error(T const* p, T const* first, error_kind kind, Policy& policy, Sink& sink, O* o)
{
    sink.sync(o);
    char32_t const c = encoding_replacement(
        policy, error_info{kind, static_cast<std::size_t>(p - first), 1, static_cast<char32_t>(*p)});
    // All a bounded sink's room: the rest of a stretch (encode_stretch) and the replacement.
    o = sink.reserve(is_unbounded_sink<Sink>::value ? encode_step_max : Sink::max_reserve);
    if (c != no_replacement)
        Writer::write(c, o);
    return o;
}

// The value at `p` written by `Writer` (UTF-8 or UTF-16), or handed to the policy when it is not
// a scalar value.
template<class Writer = utf8_writer, class T, class Policy, class Sink, class O>
BOOST_FORCEINLINE void encode_scalar(T const* p, T const* first, Policy& policy, Sink& sink, O*& o)
{
    auto const v = *p;
    // A value that is one code unit of the form first (ASCII in UTF-8, the whole BMP but the
    // surrogates in UTF-16): it needs no check, and is most of most text.
    if (Writer::is_one_unit(v))
    {
        *o++ = static_cast<O>(v);
        return;
    }
    error_kind const kind = check_scalar(v);
    if (BOOST_LIKELY(kind == error_kind{}))
        Writer::write(static_cast<char32_t>(v), o);
    else
        o = encode_error<Writer>(p, first, kind, policy, sink, o);
}

template<class T, class Policy, class Sink>
BOOST_UTF_DETAIL_LOOP_FUNCTION void encode_contiguous(T const* const first, T const* const last, Policy& policy,
                                                     Sink& sink)
{
    static_assert(Sink::max_reserve >= 4 * encode_kernel_chunk + encode_step_max, "a kernel's call must fit in the sink");
    if (static_cast<std::size_t>(last - first) < encode_by_value_below)
    {
        unsigned char* o = sink.reserve(4 * static_cast<std::size_t>(last - first) + encode_step_max);
        for (T const* p = first; p != last; ++p)
            encode_scalar(p, first, policy, sink, o);
        sink.commit(o);
        return;
    }
    T const* p = first;
    unsigned char* o = sink.reserve(0); // each call of a kernel and each stretch reserve their room
    [[maybe_unused]] simd::kernel_set const& k = simd::active_kernels();
    // Whether every value left is sure to add a byte at least (or the sink's room is its own): a
    // whole store past the values counted is then written over. The kernel is encode_covered
    // there, and the runs of Latin text (encode_latin_run) go on past their letters.
    bool const covered = covered_output<Sink>(policy);
    [[maybe_unused]] simd::encode_kernel* const encode = covered ? k.encode_covered : k.encode;
    while (p != last)
    {
        std::size_t const left = static_cast<std::size_t>(last - p);
        // Into the caller's buffer the scalar loop needs no flushes: without a kernel to try
        // again, it runs to the end.
        std::size_t stretch = is_unbounded_sink<Sink>::value ? left : encode_stretch<Sink>;
        if constexpr (simd::has_kernels && sizeof(T) == 4)
        {
            if (k.encode_width != 0 && left >= k.encode_width)
            {
                std::size_t const room =
                    is_unbounded_sink<Sink>::value || left < encode_kernel_chunk ? left : encode_kernel_chunk;
                o = sink.reserve(4 * room + encode_step_max); // nothing is left uncommitted here
                simd::transcode_step const r = encode(reinterpret_cast<std::uint32_t const*>(p), room, o);
                p += r.consumed;
                o += r.produced;
                sink.commit(o);
                if (r.resume == 0)
                    continue;
                stretch = r.resume < encode_chunk ? r.resume : encode_chunk;
            }
        }
        if constexpr (!is_unbounded_sink<Sink>::value)
            o = sink.reserve(4 * stretch + encode_step_max);
        T const* const stop = static_cast<std::size_t>(last - p) > stretch ? p + stretch : last;
        // Four at a time. The scalar level spends all its time here. Four ASCII values take one
        // test and need no other, and the text after them goes on eight at a time while it is
        // ASCII with a letter below 800 now and then (encode_latin_run): only a run that long
        // pays for the words' loads. Four values below 800 are encoded without a branch on any
        // of them (write_below_800) when a fifth value below 800 follows in the input: its code
        // units overwrite the junk byte the fourth may leave, so nothing is left written past the
        // output, which may be the caller's buffer. Any other four go one by one. The ASCII test
        // comes first for every group: in Latin text the groups are ASCII, and in other scripts
        // the test almost always fails, so it is predicted either way; a mode that kept text
        // below 800 on the branch-free path for the groups after such a letter cost a second
        // mispredicted branch on each way in and out.
        using U = std::make_unsigned_t<T>;
        for (; stop - p >= 4; p += 4)
        {
            U const any = static_cast<U>(p[0]) | static_cast<U>(p[1]) | static_cast<U>(p[2]) | static_cast<U>(p[3]);
            if (any < 0x80u)
            {
                o[0] = static_cast<unsigned char>(p[0]);
                o[1] = static_cast<unsigned char>(p[1]);
                o[2] = static_cast<unsigned char>(p[2]);
                o[3] = static_cast<unsigned char>(p[3]);
                o += 4;
                // The loop's step adds the last four.
                p = (covered ? encode_latin_run<true>(p + 4, stop, o) : encode_latin_run<false>(p + 4, stop, o)) - 4;
                continue;
            }
            if (last - p >= 5 && (any | static_cast<U>(p[4])) < 0x800u)
            {
                // Read before any store, which may alias them as far as the compiler knows.
                std::uint32_t const v0 = static_cast<std::uint32_t>(p[0]), v1 = static_cast<std::uint32_t>(p[1]),
                                    v2 = static_cast<std::uint32_t>(p[2]), v3 = static_cast<std::uint32_t>(p[3]);
                write_below_800(v0, o);
                write_below_800(v1, o);
                write_below_800(v2, o);
                write_below_800(v3, o);
                continue;
            }
            if constexpr (sizeof(T) == 4)
            {
                // Groups of letters of mixed lengths (encode_groups, transcode.hpp), only where
                // the next four are not all ASCII either: a quotation mark or an accent amid
                // ASCII goes one by one. Not from four with a value past 1FFFFF, which is no scalar
                // value and would make the call for nothing (the groups test for 10FFFF exactly).
                // And only in input of encode_groups_from values or more.
                if (any < 0x200000u && last - first >= encode_groups_from && stop - p >= encode_groups_read &&
                    (static_cast<U>(p[4]) | static_cast<U>(p[5]) | static_cast<U>(p[6]) | static_cast<U>(p[7])) >=
                        0x80u)
                {
                    encoded_groups<T, unsigned char> const g = encode_groups(p, stop, o);
                    if (g.p != p)
                    {
                        // g.p is eight values or more past p, and the loop's step adds the last four.
                        p = g.p - 4;
                        o = g.o;
                        continue;
                    }
                }
            }
            encode_scalar(p, first, policy, sink, o);
            encode_scalar(p + 1, first, policy, sink, o);
            encode_scalar(p + 2, first, policy, sink, o);
            encode_scalar(p + 3, first, policy, sink, o);
        }
        for (; p != stop; ++p)
            encode_scalar(p, first, policy, sink, o);
        sink.commit(o);
    }
    sink.commit(o);
}

// Values that encode16_contiguous tests at a time where the level has no kernel for them; fewer
// than narrow_block are tried a short block at a time.
inline constexpr std::size_t narrow_block = 16;
inline constexpr std::size_t narrow_short_block = 8;
static_assert(encode_chunk % narrow_block == 0, "a bounded sink's stretch is whole blocks");

// The UTF-16 of the `N` scalar values from `p`, with no branch between one code unit and a pair:
// text with many pairs (emoji) has them among other values at no pattern that could be
// predicted. Moves `p` and `o` past them.
template<std::size_t N, class T, class O>
BOOST_FORCEINLINE void narrow_scalar_block16(T const*& p, O*& o) noexcept
{
    // Every value but the last writes two code units at o[k], as one store, and k moves on past
    // as many as its form has. What a value of one code unit writes second, the next value writes
    // over. The last value writes exactly its code units, so nothing is left past them: its
    // second code unit (0 for a form of one) at o[k + length - 1], then its first at o[k].
    std::size_t k = 0;
    for (std::size_t j = 0; j + 1 < N; ++j)
    {
        encoded_word const w = encode_word16_unbranched(static_cast<std::uint32_t>(p[j]));
        store_units16x2(w.units, o + k);
        k += w.length;
    }
    encoded_word const w = encode_word16_unbranched(static_cast<std::uint32_t>(p[N - 1]));
    o[k + w.length - 1] = static_cast<O>(static_cast<std::uint16_t>(w.units >> 16));
    o[k] = static_cast<O>(static_cast<std::uint16_t>(w.units));
    p += N;
    o += k + w.length;
}

// utf32_to_utf16_view alone. The level's kernel narrows whole blocks of scalar values
// (narrow_checked). The rest (all of it without the kernels, and input or a tail shorter than
// their block with them) goes in blocks of narrow_block values: a block of values
// that are each one code unit (is_one_unit16) is narrowed by a loop that compilers make vector
// code of, and, without the kernels, a block of scalar values by narrow_scalar_block16; any other
// block goes value by value, each value that is not a scalar value to the policy, and the blocks
// start again after it.
template<class T, class Policy, class Sink>
void encode16_contiguous(T const* const first, T const* const last, Policy& policy, Sink& sink)
{
    using out_t = std::remove_pointer_t<decltype(sink.reserve(1))>;
    static_assert(sizeof(out_t) == 2, "UTF-16 code units");
    static_assert(2 * encode_chunk <= encode_step_max, "what is left of a stretch fits after an error");
    T const* p = first;
    out_t* o = sink.reserve(2 * encode_chunk + encode_step_max);
    [[maybe_unused]] simd::utf16_kernel_set const& k16 = simd::active_utf16_kernels();
    // With the kernels, only input shorter than their block, what is left after their last block
    // and the block they stop at come to the blocks below, and there a block with pairs costs less
    // value by value (in mixed text, most of its values are one code unit, and their branch is
    // well predicted).
    bool pairs_by_blocks = true;
    if constexpr (simd::has_utf16_kernels && sizeof(T) == 4)
        pairs_by_blocks = k16.narrow_width == 0;
    while (p != last)
    {
        std::size_t const left = static_cast<std::size_t>(last - p);
        std::size_t stretch = is_unbounded_sink<Sink>::value ? left : encode_chunk;
        if constexpr (simd::has_utf16_kernels && sizeof(T) == 4)
        {
            if (k16.narrow_width != 0 && left >= k16.narrow_width)
            {
                std::size_t const room = is_unbounded_sink<Sink>::value || left < encode_chunk ? left : encode_chunk;
                simd::transcode_step const r = k16.narrow_checked(reinterpret_cast<char32_t const*>(p), room,
                                                                  reinterpret_cast<std::uint16_t*>(o));
                p += r.consumed;
                o += r.produced;
                sink.commit(o);
                o = sink.reserve(2 * encode_chunk + encode_step_max);
                if (r.resume == 0 && r.consumed == room)
                    continue;
                // A block with a value that is not a scalar value, or a tail shorter than a block.
                stretch = k16.narrow_width;
            }
        }
        T const* const stop = static_cast<std::size_t>(last - p) > stretch ? p + stretch : last;
        while (p != stop)
        {
            bool const whole_block = static_cast<std::size_t>(stop - p) >= narrow_block;
            if (whole_block && !any_in_block<narrow_block>([p](std::size_t j) { return !is_one_unit16(p[j]); }))
            {
                copy_block16<narrow_block>(p, o);
                continue;
            }
            if (whole_block && pairs_by_blocks &&
                !any_in_block<narrow_block>([p](std::size_t j) { return !is_scalar_value(p[j]); }))
            {
                narrow_scalar_block16<narrow_block>(p, o);
                continue;
            }
            if (!whole_block && static_cast<std::size_t>(stop - p) >= narrow_short_block &&
                !any_in_block<narrow_short_block>([p](std::size_t j) { return !is_one_unit16(p[j]); }))
            {
                copy_block16<narrow_short_block>(p, o);
                continue;
            }
            T const* const part = whole_block ? p + narrow_block : stop;
            for (; p != part; ++p)
                encode_scalar<utf16_writer>(p, first, policy, sink, o);
        }
        sink.commit(o);
        o = sink.reserve(2 * encode_chunk + encode_step_max);
    }
    sink.commit(o);
}

// ---- validation of a contiguous buffer ------------------------------------------------------------

// The maximal subparts of [first, last), found one after another: each search goes on from where
// the caller resumes after the last subpart found. The kernel's flags for the step it stopped at
// are kept, so that the errors after that one in the same step are found without the kernel
// reading those bytes again: whether a byte flags depends only on it and the three bytes before
// it, so the flags do not change when the search starts again further on.
class utf8_error_scan
{
    unsigned char const* const last_;
    simd::kernel_set const& kernels_ = simd::active_kernels();
    // Bit i of flags_ is set exactly where byte base_ + i flags, for the bytes in [base_, known_)
    // (at most validate_step of them); nothing is known from known_ on.
    unsigned char const* base_ = nullptr;
    unsigned char const* known_ = nullptr;
    std::uint64_t flags_ = 0;
    decoded error_{}; // the subpart next() last returned

public:
    explicit utf8_error_scan(unsigned char const* last) noexcept : last_(last) {}

    // The first code unit of the first maximal subpart at or after `p`, or `last` when there is
    // none. `p` is where the view goes on: an element boundary, or inside a subpart that a
    // per-code-unit policy steps through; the bytes before it are the buffer's, readable, and
    // each call's `p` is past the subpart the call before returned.
    unsigned char const* next(unsigned char const* p) noexcept
    {
        unsigned char const* const last = last_;
        if constexpr (simd::has_kernels)
        {
            simd::kernel_set const& k = kernels_;
            std::size_t const w = k.validate_width;
            if (w != 0 && static_cast<std::size_t>(last - p) >= w + 3)
            {
                // The kernel checks each byte against the three before it, read from memory, so
                // it starts three bytes in, after whole elements, and sees the stream as one: any
                // ill-formed subsequence flags a byte at or after the one where it starts, and
                // none before.
                unsigned char const* const start = p;
                do
                {
                    unsigned char const* const at = p;
                    if (decoded const d = decode_next(p, last); !d.ok())
                    {
                        error_ = d;
                        return at;
                    }
                } while (p - start < 3);
                for (;;)
                {
                    // The first byte at or after p that flags: from the flags kept, or from the
                    // kernel, which goes on where they end.
                    unsigned char const* block = p;
                    std::uint64_t ahead = 0;
                    if (p < known_ && p >= base_)
                        ahead = flags_ >> static_cast<unsigned>(p - base_);
                    if (ahead != 0)
                        block = p + lowest_set_bit64(ahead);
                    else
                    {
                        unsigned char const* const from = p < known_ ? known_ : p;
                        std::size_t left = static_cast<std::size_t>(last - from);
                        block = from;
                        if (left >= w)
                        {
                            simd::flagged_step const r = k.valid_prefix(from, left);
                            base_ = from + r.at;
                            // The blocks' width is a power of two.
                            std::size_t const whole = (left & ~(w - 1)) - r.at;
                            known_ = base_ + (whole < simd::validate_step ? whole : simd::validate_step);
                            flags_ = r.flags;
                            block = r.flags != 0 ? base_ + lowest_set_bit64(r.flags) : base_;
                            left = r.flags != 0 ? 0 : static_cast<std::size_t>(last - block);
                        }
                        if (left >= 8 && left < w)
                        {
                            // Fewer bytes than a block are left, none flagged before `block`:
                            // the kernel takes the block that ends at `last`, rather than the
                            // rules a byte at a time (below 8 bytes, the rules cost less than
                            // the call). Its flags are those of the bytes it covers, wherever
                            // it starts, and the three bytes before it are in the buffer,
                            // since this search began w + 3 bytes or more from `last`.
                            base_ = last - w;
                            known_ = last;
                            flags_ = k.valid_prefix(base_, w).flags;
                            std::uint64_t const ahead = flags_ >> static_cast<unsigned>(block - base_);
                            block = ahead != 0 ? block + lowest_set_bit64(ahead) : last;
                        }
                    }
                    // block is at the first byte that flags, or where the bytes checked end.
                    // Restart at the element that contains the byte before it, or at it:
                    // everything before that is well-formed, so the scalar rules find the first
                    // error exactly, within a step or two of a flagged byte. Then the search goes
                    // on from the next element boundary.
                    p = block;
                    for (int back = 1; back <= 3; ++back) // block is at least three bytes in
                        if (!is_continuation(block[-back]))
                        {
                            p = block - back;
                            break;
                        }
                    unsigned char const* const stop = static_cast<std::size_t>(last - block) > w ? block + w : last;
                    while (p < stop)
                    {
                        unsigned char const* const at = p;
                        if (decoded const d = decode_next(p, last); !d.ok())
                        {
                            error_ = d;
                            return at;
                        }
                    }
                    if (p == last)
                        return last;
                }
            }
        }
        // The automaton of detail/utf8.hpp goes as far as it finds the bytes well-formed, to
        // within a step of the first error; the scalar rules then find that error exactly.
        p = skip_well_formed(p, last);
        while (p != last)
        {
            unsigned char const* const at = p;
            if (decoded const d = decode_next(p, last); !d.ok())
            {
                error_ = d;
                return at;
            }
        }
        return last;
    }

    // The subpart at `bad`, what next() last returned (not `last`), as the rules decode it.
    decoded error(unsigned char const*, unsigned char const*) const noexcept { return error_; }
};

// Offset of the first code unit of the first maximal subpart in [first, first + n), or `n` when
// there is none.
inline std::size_t find_invalid_utf8(unsigned char const* const first, std::size_t const n) noexcept
{
    return static_cast<std::size_t>(utf8_error_scan(first + n).next(first) - first);
}

// Index of the first value that is not a scalar value, or `n`.
template<class T>
std::size_t find_invalid_code_point(T const* const first, std::size_t const n) noexcept
{
    std::size_t i = 0;
    if constexpr (simd::has_kernels && sizeof(T) == 4)
    {
        simd::kernel_set const& k = simd::active_kernels();
        if (k.code_point_width != 0 && n >= k.code_point_width)
            i = k.valid_code_points(reinterpret_cast<std::uint32_t const*>(first), n);
    }
    // Blocks of 64 are passed over where they hold only scalar values (any_in_block).
    constexpr std::size_t block = 64;
    for (; n - i >= block; i += block)
        if (any_in_block<block>([at = first + i](std::size_t j) { return !is_scalar_value(at[j]); }))
            break;
    for (; i < n; ++i)
        if (check_scalar(first[i]) != error_kind{})
            return i;
    return n;
}

// ---- dispatch -----------------------------------------------------------------------------------

template<class View, class Out>
Out copy_generic(View&& v, Out out)
{
    auto it = rng::begin(v);
    auto const last = rng::end(v);
    for (; !(it == last); ++it)
    {
        *out = *it;
        ++out;
    }
    return out;
}

// Whether copy takes the view's contiguous fast path: its source must be contiguous, and be had
// without a copy the range does not allow.
template<class View, class Source>
inline constexpr bool has_contiguous_path_v =
    is_contiguous_v<Source> && (can_take_base_v<View> || std::is_rvalue_reference<View&&>::value);

// The fast paths of copy, into `sink`: see has_contiguous_path_v.
template<class View, class Sink>
void decode_into(View&& v, Sink& sink)
{
    auto base = std::forward<View>(v).base();
    auto policy = v.policy();
    constexpr bool per_code_unit = per_code_unit_v<decltype(policy)>;
    if constexpr (is_utf16_view<remove_cvref_t<View>>::value)
    {
        auto const* const first = rng::lib::data(base);
        utf16_decode_contiguous<per_code_unit>(first, first + rng::lib::size(base), policy, sink);
    }
    else
    {
        unsigned char const* const first = byte_data(base);
        decode_contiguous<per_code_unit>(first, first + rng::lib::size(base), policy, sink);
    }
}

template<class View, class Sink>
void encode_into(View&& v, Sink& sink)
{
    auto base = std::forward<View>(v).base();
    auto policy = v.policy();
    auto const* const first = rng::lib::data(base);
    if constexpr (is_utf32_to_utf16_view<remove_cvref_t<View>>::value)
        encode16_contiguous(first, first + rng::lib::size(base), policy, sink);
    else
        encode_contiguous(first, first + rng::lib::size(base), policy, sink);
}

// What the fast path of a decoding view writes (code points) and of an encoding view (UTF-8 as
// bytes, UTF-16 as the view's code units), and the view's own element type.
template<class View, bool = is_utf8_view<View>::value || is_utf16_view<View>::value>
struct bulk_units
{
    using unit = char32_t;
    using element = char32_t;
};
template<class V, class P, class C>
struct bulk_units<utf32_to_utf8_view<V, P, C>, false>
{
    using unit = unsigned char;
    using element = C;
};
template<class V, class P, class C>
struct bulk_units<utf32_to_utf16_view<V, P, C>, false>
{
    using unit = C;
    using element = C;
};

template<class View, class Out>
Out copy_decode(View&& v, Out out)
{
    if constexpr (has_contiguous_path_v<View, decltype(std::declval<View>().base())>)
    {
        sink_for<char32_t, char32_t, Out> sink(std::move(out));
        decode_into(std::forward<View>(v), sink);
        return sink.finish();
    }
    else
        return copy_generic(std::forward<View>(v), std::move(out));
}

template<class View, class Out>
Out copy_encode(View&& v, Out out)
{
    if constexpr (has_contiguous_path_v<View, decltype(std::declval<View>().base())>)
    {
        using units = bulk_units<remove_cvref_t<View>>;
        sink_for<typename units::unit, typename units::element, Out> sink(std::move(out));
        encode_into(std::forward<View>(v), sink);
        return sink.finish();
    }
    else
        return copy_generic(std::forward<View>(v), std::move(out));
}

// What the fast path of a composition writes: UTF-16 code units of the view's type, or UTF-8 as
// bytes.
template<class Traits>
using composition_unit_t = std::conditional_t<Traits::to_utf16, typename Traits::char_type, unsigned char>;

template<class View>
using composition_source_t =
    remove_cvref_t<decltype(std::declval<remove_cvref_t<decltype(std::declval<View>().base())>>().base())>;

template<class View, class Sink>
void transcode_into(View&& v, Sink& sink)
{
    using traits = composition_of<remove_cvref_t<View>>;
    auto outer_policy = v.policy();
    auto inner = std::forward<View>(v).base();
    auto inner_policy = inner.policy();
    auto source = std::move(inner).base();
    constexpr bool per_code_unit = per_code_unit_v<decltype(inner_policy)>;
    if constexpr (traits::from_utf16)
    {
        auto const* const first = rng::lib::data(source);
        auto const* const last = first + rng::lib::size(source);
        if constexpr (traits::to_utf16)
            sanitize_contiguous<utf16_rules, utf16_writer, per_code_unit>(
                first, last, utf16_error_scan<std::remove_cv_t<std::remove_pointer_t<decltype(first)>>>{last},
                inner_policy, outer_policy, sink);
        else
            utf16_to_utf8_contiguous<per_code_unit>(first, last, inner_policy, outer_policy, sink);
    }
    else
    {
        unsigned char const* const first = byte_data(source);
        unsigned char const* const last = first + rng::lib::size(source);
        if constexpr (traits::to_utf16)
            utf8_to_utf16_contiguous<per_code_unit>(first, last, inner_policy, outer_policy, sink);
        else
            sanitize_contiguous<utf8_rules, utf8_writer, per_code_unit>(first, last, utf8_error_scan(last),
                                                                        inner_policy, outer_policy, sink);
    }
}

// The fast path of any view (decoding, encoding, or a composition) into `sink`: the one choice of
// driver that to<C> makes, and the tests that hold each driver to its sink's contract.
template<class View, class Sink>
void bulk_into(View&& v, Sink& sink)
{
    using view_t = remove_cvref_t<View>;
    if constexpr (composition_of<view_t>::value)
        transcode_into(std::forward<View>(v), sink);
    else if constexpr (is_utf8_view<view_t>::value || is_utf16_view<view_t>::value)
        decode_into(std::forward<View>(v), sink);
    else
        encode_into(std::forward<View>(v), sink);
}

// `units | views::utf16 | views::utf32_to_utf8`, `bytes | views::utf8 | views::utf32_to_utf16`,
// and the sanitising `utf8 | utf32_to_utf8`, `utf16 | utf32_to_utf16`: straight from the source
// code units to the target's (detail/transcode.hpp).
template<class View, class Out>
Out copy_composition(View&& v, Out out)
{
    using traits = composition_of<remove_cvref_t<View>>;
    if constexpr (has_contiguous_path_v<View, composition_source_t<View>>)
    {
        sink_for<composition_unit_t<traits>, typename traits::char_type, Out> sink(std::move(out));
        transcode_into(std::forward<View>(v), sink);
        return sink.finish();
    }
    else
        return copy_generic(std::forward<View>(v), std::move(out));
}

template<class C, class = void>
struct is_resizable_contiguous : std::false_type
{
};
template<class C>
struct is_resizable_contiguous<
    C, std::void_t<decltype(std::declval<C&>().resize(std::size_t())), decltype(std::declval<C&>().data()),
                   typename C::value_type>> : std::true_type
{
};

// ---- the container of to<C> ---------------------------------------------------------------------
//
// A short input's container is sized for the worst case and trimmed: zeroing that little costs
// less than anything else. A longer one starts at the size its first code units promise and
// grows if the rest needs more (container_sink).

// The most elements of output for which the container is sized for the worst case.
inline constexpr std::size_t to_worst_case_up_to = 4096;
// A longer input is sampled in windows spread evenly over it, of this many code units each, and
// one sixteenth of the input at most.
inline constexpr std::size_t to_windows = 16;
inline constexpr std::size_t to_window = 64;

// The size of the output if the whole input is like the windows, and a quarter more: growing the
// container costs more than zeroing a little too much of it. Each window starts at the first
// element that starts in it (`begins(unit)`); `step(p, end)` takes one element (a scalar value
// or an ill-formed subpart) at `p` and returns how many elements of output it gives.
template<class T, class Begins, class Step>
std::size_t expected_size(T const* const first, std::size_t const n, Begins begins, Step step) noexcept
{
    std::size_t const window = n / (to_windows * to_windows) < to_window ? n / (to_windows * to_windows) : to_window;
    std::size_t seen = 0, out = 0;
    for (std::size_t w = 0; w < to_windows; ++w)
    {
        T const* const start = first + w * (n / to_windows);
        T const* const end = start + window;
        T const* p = start;
        while (p != end && !begins(*p))
            ++p;
        seen += static_cast<std::size_t>(end - p);
        while (p < end)
            out += step(p, end);
    }
    if (seen == 0)
        return n;
    double const expected = static_cast<double>(n) / static_cast<double>(seen) * static_cast<double>(out);
    return static_cast<std::size_t>(expected + expected / 4);
}

// The length in the target form of what a decoder gives for `d`: the scalar value, or U+FFFD.
template<bool ToUtf16>
constexpr std::size_t target_length(decoded const& d) noexcept
{
    char32_t const c = d.ok() ? d.value : U'\uFFFD';
    return ToUtf16 ? encode_word16(c).length : encode_word(c).length;
}

// Whether every answer the policy gives a decoding error is a scalar value of the Basic
// Multilingual Plane, or nothing: the library's policies can tell, others are taken to answer
// anything.
template<class P>
constexpr bool answers_in_bmp(P const&) noexcept
{
    return false;
}
constexpr bool answers_in_bmp(throw_policy const&) noexcept { return true; }
constexpr bool answers_in_bmp(skip_policy const&) noexcept { return true; }
constexpr bool answers_in_bmp(replace_policy const& p) noexcept
{
    return p.replacement <= 0xFFFFu && check_scalar(p.replacement) == error_kind{};
}

// Fills `c` with what `into(v, sink)` writes as elements of type T: at most `most` of them.
// `expected()` is called only for a long input; where it reaches `most` there is nothing to
// save, and the container is sized for the worst case too.
template<class T, class C, class View, class Expected, class Into>
void fill_container(C& c, View&& v, std::size_t const most, Expected expected, Into into)
{
    std::size_t const promised = most <= to_worst_case_up_to ? most : expected();
    if (promised >= most)
    {
        grow_to(c, most);
        T* const first = reinterpret_cast<T*>(c.data());
        direct_sink<T, T*> sink(first);
        into(std::forward<View>(v), sink);
        c.resize(static_cast<std::size_t>(sink.finish() - first));
    }
    else
    {
        container_sink<T, C> sink(c, promised, most);
        into(std::forward<View>(v), sink);
        sink.finish();
    }
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail

// The entry points are always inlined: see BOOST_UTF_ISA_NAMESPACE in detail/simd/target.hpp.

// Writes the elements of `v` (any view of this library, or a composition of a decoding view inside
// an encoding view; any policy) to `out`; returns `out` past the last element written. The
// policies are called exactly as the view calls them.
template<class View, class Out>
BOOST_FORCEINLINE Out copy(View&& v, Out out)
{
    using view_t = detail::remove_cvref_t<View>;
    if constexpr (detail::composition_of<view_t>::value)
        return detail::copy_composition(std::forward<View>(v), std::move(out));
    else if constexpr (detail::is_utf8_view<view_t>::value || detail::is_utf16_view<view_t>::value)
        return detail::copy_decode(std::forward<View>(v), std::move(out));
    else if constexpr (detail::is_utf32_to_utf8_view<view_t>::value || detail::is_utf32_to_utf16_view<view_t>::value)
        return detail::copy_encode(std::forward<View>(v), std::move(out));
    else
    {
        static_assert(detail::rng::input_range<view_t>,
                      "boost::utf::copy copies a utf8_view or utf32_to_utf8_view (or any input "
                      "range) to an output iterator");
        return detail::copy_generic(std::forward<View>(v), std::move(out));
    }
}

namespace detail {
inline namespace BOOST_UTF_ISA_NAMESPACE {

// The work of to<C>, in this translation unit's namespace: its lambdas are functions of their
// own, which a compiler may leave out of line.
template<class C, class View>
C to_container(View&& v)
{
    using view_t = remove_cvref_t<View>;
    C c;
    [[maybe_unused]] auto const into = [](auto&& w, auto& sink) { bulk_into(std::forward<decltype(w)>(w), sink); };
    if constexpr (is_resizable_contiguous<C>::value && !composition_of<view_t>::value &&
                  (is_utf8_view<view_t>::value || is_utf32_to_utf8_view<view_t>::value ||
                   is_utf16_view<view_t>::value || is_utf32_to_utf16_view<view_t>::value))
    {
        constexpr bool from_utf16 = is_utf16_view<view_t>::value;
        constexpr bool decoding = is_utf8_view<view_t>::value || from_utf16;
        constexpr bool to_utf16 = is_utf32_to_utf16_view<view_t>::value;
        using element_t = typename bulk_units<view_t>::unit;
        using base_t = decltype(std::declval<View>().base());
        if constexpr (is_direct_output_v<element_t, typename C::value_type*> &&
                      has_contiguous_path_v<View, base_t> && can_take_base_v<View>)
        {
            auto const base = v.base();
            auto const* const first = rng::lib::data(base);
            std::size_t const n = static_cast<std::size_t>(rng::lib::size(base));
            if constexpr (decoding)
            {
                // One element at most per code unit.
                fill_container<element_t>(
                    c, std::forward<View>(v), n,
                    [&] {
                        using rules = std::conditional_t<from_utf16, utf16_rules, utf8_rules>;
                        auto const* const units = [&] {
                            if constexpr (from_utf16)
                                return first;
                            else
                                return byte_data(base);
                        }();
                        return expected_size(
                            units, n, [](auto u) { return rules::begins_element(u); },
                            [](auto& p, auto end) {
                            rules::next(p, end);
                            return std::size_t(1);
                        });
                    },
                    into);
            }
            else
            {
                // Four UTF-8 code units, or two UTF-16 ones, at most per value (a replacement
                // included).
                fill_container<element_t>(
                    c, std::forward<View>(v), (to_utf16 ? 2 : 4) * n,
                    [&] {
                        return expected_size(first, n, [](auto) { return true; }, [](auto& p, auto) {
                            auto const value = *p++;
                            char32_t const c =
                                check_scalar(value) == error_kind{} ? static_cast<char32_t>(value) : U'\uFFFD';
                            return std::size_t(to_utf16 ? encode_word16(c).length : encode_word(c).length);
                        });
                    },
                    into);
            }
            return c;
        }
    }
    else if constexpr (is_resizable_contiguous<C>::value && composition_of<view_t>::value)
    {
        using traits = composition_of<view_t>;
        using element_t = composition_unit_t<traits>;
        using inner_t = decltype(std::declval<View&>().base());
        if constexpr (is_direct_output_v<element_t, typename C::value_type*> &&
                      has_contiguous_path_v<View, composition_source_t<View>> &&
                      can_take_base_v<View> && can_take_base_v<remove_cvref_t<inner_t>&>)
        {
            auto const inner = v.base();
            auto const source = inner.base();
            auto const* const first = rng::lib::data(source);
            std::size_t const n = static_cast<std::size_t>(rng::lib::size(source));
            // Each source code unit begins at most one inner element: a subpart, a scalar value
            // (at most two UTF-16 code units or four UTF-8 ones, and fewer than it has source
            // code units unless it is a supplementary one from UTF-16), or a replacement, which
            // may be any code point. So where the inner policy answers in the Basic Multilingual
            // Plane, a source code unit gives at most one UTF-16 code unit or three UTF-8 ones,
            // else two or four. A sanitiser expects as many code units as it is given; a
            // transcoder samples windows of its input.
            bool const bmp = answers_in_bmp(inner.policy());
            std::size_t const most = traits::to_utf16 ? (bmp ? n : 2 * n) : (bmp ? 3 * n : 4 * n);
            auto const expected = [&] {
                if constexpr (traits::to_utf16 == traits::from_utf16)
                    return n;
                else if constexpr (traits::from_utf16)
                    return expected_size(first, n, [](auto u) { return utf16_rules::begins_element(u); },
                                                 [](auto& p, auto end) {
                        return target_length<false>(decode_next16(p, end));
                    });
                else
                    return expected_size(
                        byte_data(source), n, [](unsigned char u) { return utf8_rules::begins_element(u); },
                        [](auto& p, auto end) {
                        return target_length<true>(decode_next(p, end));
                    });
            };
            fill_container<element_t>(c, std::forward<View>(v), most, expected, into);
            return c;
        }
    }
    utf::copy(std::forward<View>(v), std::back_inserter(c));
    return c;
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail

// A container C filled with the elements of `v` (a utf8_view, a utf32_to_utf8_view, or a
// composition that copy transcodes).
template<class C, class View>
BOOST_FORCEINLINE C to(View&& v)
{
    return detail::to_container<C>(std::forward<View>(v));
}

namespace detail {

// Which form find_invalid and is_valid check, by element size: UTF-8, UTF-16, or code points.
template<class T>
struct checked_form
{
    static constexpr bool utf8 = is_code_unit_v<T>;
    static constexpr bool utf16 = is_utf16_unit_v<T>;
    static constexpr bool code_points = is_code_point_v<T> && !utf16;
    static_assert(utf8 || utf16 || code_points,
                  "boost::utf::find_invalid and is_valid check a range of UTF-8 code units (char, "
                  "char8_t, unsigned char, signed char, std::byte), of UTF-16 code units "
                  "(char16_t, std::uint16_t, 16-bit wchar_t) or of code points (char32_t, or an "
                  "integer type of at least 21 bits)");
};

// The functions below call kernels, so they live in the translation unit's instruction-set
// namespace: a copy built with wider -m flags must never be the one a narrower unit links to.
inline namespace BOOST_UTF_ISA_NAMESPACE {

// Index of the first ill-formed subpart (or bad code point) of a contiguous range, or its size.
template<class R>
std::size_t find_invalid_contiguous(R& r) noexcept
{
    using value_t = rng::range_value_t<R>;
    std::size_t const n = static_cast<std::size_t>(rng::lib::size(r));
    if constexpr (checked_form<value_t>::utf8)
        return find_invalid_utf8(byte_data(r), n);
    else if constexpr (checked_form<value_t>::utf16)
        return find_invalid_utf16(rng::lib::data(r), n);
    else
        return find_invalid_code_point(rng::lib::data(r), n);
}

// Steps `it` past one element; false when that element is ill-formed.
template<class I, class S>
constexpr bool step_valid(I& it, S const& last)
{
    using value_t = rng::iter_value_t<I>;
    if constexpr (checked_form<value_t>::utf8)
        return decode_next(it, last).ok();
    else if constexpr (checked_form<value_t>::utf16)
        return decode_next16(it, last).ok();
    else
    {
        bool const ok = check_scalar(*it) == error_kind{};
        ++it;
        return ok;
    }
}

} // inline namespace BOOST_UTF_ISA_NAMESPACE
} // namespace detail

// An iterator into `r` at the first code unit of the first ill-formed subpart (UTF-8 or UTF-16
// code units, by element size), or at the first value that is not a scalar value (code
// points); end when there is none.
template<class R>
BOOST_FORCEINLINE detail::rng::lib::borrowed_iterator_t<R> find_invalid(R&& r)
{
    using value_t = detail::rng::range_value_t<R>;
    static_assert(detail::checked_form<value_t>::utf8 || detail::checked_form<value_t>::utf16 ||
                      detail::checked_form<value_t>::code_points,
                  "");
    static_assert(detail::rng::forward_range<R>,
                  "boost::utf::find_invalid returns a position, so it needs a forward range; "
                  "is_valid works on single-pass ranges");
    if constexpr (detail::is_contiguous_v<R>)
        return detail::rng::lib::next(detail::rng::begin(r), static_cast<detail::rng::range_difference_t<R>>(
                                                                 detail::find_invalid_contiguous(r)));
    else
    {
        auto it = detail::rng::begin(r);
        auto const last = detail::rng::end(r);
        while (!(it == last))
        {
            auto at = it;
            if (!detail::step_valid(it, last))
                return at;
        }
        return it;
    }
}

// True when `r` is well-formed UTF-8 or UTF-16 (code units, by element size) or holds only
// scalar values (code points).
template<class R>
BOOST_FORCEINLINE bool is_valid(R&& r)
{
    using value_t = detail::rng::range_value_t<R>;
    static_assert(detail::checked_form<value_t>::utf8 || detail::checked_form<value_t>::utf16 ||
                      detail::checked_form<value_t>::code_points,
                  "");
    if constexpr (detail::is_contiguous_v<R>)
        return detail::find_invalid_contiguous(r) == static_cast<std::size_t>(detail::rng::lib::size(r));
    else
    {
        auto it = detail::rng::begin(r);
        auto const last = detail::rng::end(r);
        while (!(it == last))
            if (!detail::step_valid(it, last))
                return false;
        return true;
    }
}

} // namespace utf
} // namespace boost

#endif // BOOST_UTF_ALGORITHM_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Validation of UTF-8 in blocks of 64 bytes, written once and included inside each AVX-512 set's
// namespace (avx512bw, avx512vbmi2) with BOOST_UTF_AVX512_VALIDATE_INLINE and
// BOOST_UTF_AVX512_VALIDATE_KERNEL defined as the set's attributes: a function compiled for one
// set cannot take another's functions inline, and the sets look bytes up in the nibble tables
// (classify.hpp) in different ways. No include guard, on purpose.
//
// The set provides
//   load(p)                         64 bytes from p
//   nibble_lookup(t, x, low)        each byte of x looked up in t, a nibble_table in each 16-byte
//                                   lane, by its low four bits alone: the bits above them may be
//                                   anything (`low` holds 0F in every byte)

#if !defined(BOOST_UTF_AVX512_VALIDATE_INLINE) || !defined(BOOST_UTF_AVX512_VALIDATE_KERNEL)
#  error "define BOOST_UTF_AVX512_VALIDATE_INLINE and _KERNEL before including avx512_validate.ipp"
#endif

// The vectors the functions below work with. A loop over blocks makes them once, before it: GCC
// does not always take them out of a loop with more than one way round. Each set has its own
// type, so that a call finds no other set's functions by the type of its arguments.
struct error_constants
{
    // Each holds its nibble_table (classify.hpp) in every 16-byte lane, so that a byte's low four
    // bits pick its entry, and so do its low six (nibble_lookup may use either).
    __m512i prev_high, prev_low, cur_high;
    __m512i low_nibbles, top_bit;
    // Subtracted with saturation from a byte, these leave bit 7 set exactly when it is a three-
    // or four-byte lead, or above.
    __m512i below_three_byte_lead, below_four_byte_lead;
};

BOOST_UTF_AVX512_VALIDATE_INLINE error_constants make_error_constants() noexcept
{
    using avx512bw::splat;
    using avx512bw::table;
    static_assert(first_three_byte_lead >= 0x80 && first_four_byte_lead >= 0x80, "bit 7 marks the leads");
    return {table(prev_high_table),
            table(prev_low_table),
            table(cur_high_table),
            table(splat<0x0F>),
            table(splat<0x80>),
            table(splat<first_three_byte_lead - 0x80>),
            table(splat<first_four_byte_lead - 0x80>)};
}

// What decides the bytes of `cur` in error (error_bytes), as the two vectors they differ in.
struct error_parts
{
    // Bits 0 to 6 of each byte are errors; bit 7 is two continuation bytes in a row, which is an
    // error exactly where no lead two or three places back wants this byte.
    __m512i nibbles;
    // Bit 7 where a lead two or three places back wants a continuation here.
    __m512i expected;
};

// The parts for `cur`, knowing the one, two and three bytes before each.
BOOST_UTF_AVX512_VALIDATE_INLINE error_parts error_parts_of(error_constants const& k, __m512i cur, __m512i p1,
                                                            __m512i p2, __m512i p3) noexcept
{
    // Shifting 16-bit lanes puts each byte's high nibble in its low four bits.
    __m512i const a = nibble_lookup(k.prev_high, _mm512_srli_epi16(p1, 4), k.low_nibbles);
    __m512i const b = nibble_lookup(k.prev_low, p1, k.low_nibbles);
    __m512i const c = nibble_lookup(k.cur_high, _mm512_srli_epi16(cur, 4), k.low_nibbles);
    // The saturating subtractions leave bit 7 exactly in bytes from E0 and from F0.
    return {_mm512_ternarylogic_epi32(a, b, c, 0x80), // a & b & c
            _mm512_ternarylogic_epi32(_mm512_subs_epu8(p2, k.below_three_byte_lead),
                                      _mm512_subs_epu8(p3, k.below_four_byte_lead), k.top_bit, 0xA8)}; // (a | b) & c
}

// The same for the block `cur` after the block `before`: the bytes one, two and three places back
// come from the two registers (a 64-byte load at an offset from a block crosses a cache line, at
// the cost of two).
BOOST_UTF_AVX512_VALIDATE_INLINE error_parts error_parts_after(error_constants const& k, __m512i before,
                                                               __m512i cur) noexcept
{
    // Each 16-byte lane of `shifted` holds the 16 bytes before the same lane of cur.
    __m512i const shifted = _mm512_alignr_epi32(cur, before, 12);
    return error_parts_of(k, cur, _mm512_alignr_epi8(cur, shifted, 15), _mm512_alignr_epi8(cur, shifted, 14),
                          _mm512_alignr_epi8(cur, shifted, 13));
}

// A byte not zero exactly where a byte is in error. A vector, not a mask, so that a loop ORs the
// results of its blocks together, in the same instruction as the last one's, and tests them once:
// masks are combined in general registers, and moving each there costs more than the test.
BOOST_UTF_AVX512_VALIDATE_INLINE __m512i error_bytes(error_parts e) noexcept
{
    return _mm512_xor_si512(e.nibbles, e.expected);
}

// error_bytes(e) | others.
BOOST_UTF_AVX512_VALIDATE_INLINE __m512i error_bytes_or(error_parts e, __m512i others) noexcept
{
    return _mm512_ternarylogic_epi32(e.nibbles, e.expected, others, 0xBE); // (a ^ b) | c
}

// Bit i set where byte i is in error.
BOOST_UTF_AVX512_VALIDATE_INLINE std::uint64_t error_mask(error_parts e) noexcept
{
    __m512i const bytes = error_bytes(e);
    return _mm512_test_epi8_mask(bytes, bytes);
}

// The first step (one block) with a flagged byte, and its flags (flagged_step, step.hpp).
BOOST_UTF_AVX512_VALIDATE_KERNEL flagged_step valid_prefix(unsigned char const* p, std::size_t n) noexcept
{
    static_assert(block_width == validate_step, "one block a step");
    // Less than a block (the last bytes of short input, or the block the caller takes where
    // input ends) is the AVX2 kernel's, before any constant is set up here.
    if (n < block_width)
        return avx2::valid_prefix(p, n);
    error_constants const k = make_error_constants();
    std::size_t i = 0;
    // Every block is tested for errors, two to a round, with no branch on its content: a test "is
    // this block ASCII" before each one mispredicts all the time in text that mixes ASCII with
    // accented letters or other scripts. After a round of ASCII the loop goes over to ASCII
    // blocks four to a test, and on to single ASCII blocks, so that runs of ASCII (English,
    // markup) cost a load and an OR a block. After an ASCII block nothing is pending, so the skip
    // needs no test of the bytes before it.
    //
    // The block before: its last three bytes, which the caller may have, are all that is read.
    __m512i before = _mm512_maskz_loadu_epi8(std::uint64_t(7) << 61, p - block_width);
    while (n - i >= 2 * block_width)
    {
        __m512i const first = load(p + i);
        __m512i const second = load(p + i + block_width);
        error_parts const first_parts = error_parts_after(k, before, first);
        error_parts const second_parts = error_parts_after(k, first, second);
        __m512i const errors = error_bytes_or(second_parts, error_bytes(first_parts));
        if (_mm512_test_epi64_mask(errors, errors) != 0)
        {
            std::uint64_t const first_flags = error_mask(first_parts);
            return first_flags != 0 ? flagged_step{i, first_flags}
                                    : flagged_step{i + block_width, error_mask(second_parts)};
        }
        before = second;
        i += 2 * block_width;
        if (_mm512_movepi8_mask(_mm512_or_si512(first, second)) == 0)
        {
            while (n - i >= 4 * block_width &&
                   _mm512_movepi8_mask(_mm512_or_si512(_mm512_or_si512(load(p + i), load(p + i + 64)),
                                                       _mm512_or_si512(load(p + i + 128), load(p + i + 192)))) == 0)
                i += 4 * block_width;
            while (n - i >= block_width && _mm512_movepi8_mask(load(p + i)) == 0)
                i += block_width;
            before = load(p + i - block_width);
        }
    }
    if (n - i >= block_width)
    {
        if (std::uint64_t const flags = error_mask(error_parts_after(k, before, load(p + i))))
            return {i, flags};
        i += block_width;
    }
    if (n - i < avx2::validate_width)
        return {i, 0};
    flagged_step const last = avx2::valid_prefix(p + i, n - i);
    return {i + last.at, last.flags};
}

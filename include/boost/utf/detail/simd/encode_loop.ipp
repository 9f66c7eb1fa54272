// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The encoding loop (to UTF-8) of a kernel set, written once and included inside each set's
// namespace with BOOST_UTF_ENCODE_LOOP_INLINE defined as the set's inline-function attributes: a
// function compiled for one set cannot take another's functions inline, so each set needs a copy
// of its own. No include guard, on purpose.
//
// Where encode_blocks takes its blocks from, a source, has
//   width                      the values in a block, 16 or more
//   ascii_runs                 whether encode_blocks takes ASCII blocks apart
//   block                      what checking a block leaves for encoding it
//   check(i, b)                whether the values from p + i can all be encoded, setting b;
//                              with ascii_runs, read and encodable instead (see check_block)
//   ascii(b)                   whether they are all below 80; needed only with ascii_runs or
//                              without masked_stores
//   encode(i, b, o)            encodes them at o and returns the count of bytes; it may store
//                              past them, up to `width` bytes past and never past 4 * width
//                              bytes from o, as whole registers are cheaper than exact stores.
//                              Without ascii_runs, it writes exactly `width` bytes for an ASCII
//                              block
//   masked_stores              whether it also has encode_exactly(i, b, o), which stores only
//                              the bytes it returns (a set with masked stores)
// and with ascii_runs also
//   read(i, b)                 sets b from the values from p + i, and whether they are ASCII
//   encodable(b)               whether they can all be encoded (an ASCII block always can)
//   encode_ascii(b, o)         writes `width` bytes: an ASCII block's, exactly; of any other
//                              block, the first half's bytes right where that half is ASCII
// and for encode_blocks_covered also
//   ascii_pairs                whether, after an ASCII block, ASCII goes on two blocks to a test
//   early_reads                whether the next block is read before this one is written
//   two_bytes_first            whether a block that is not ASCII is tested for below 800 before
//                              it is tested for surrogates (a block below 800 has none)
//   below_800(b)               whether they are all below 800 (one or two bytes each)
//   ascii_first_half(b)        whether the first width / 2 of them are below 80
//   encode_below_800(b, o)     encode(i, b, o) for a block below 800
//   encode_bmp(b, o)           encode(i, b, o) for any other
//
// A block is encoded that way only when the next one, checked first, is encoded by the same call
// too: the next block writes at least `width` bytes from where this one ends, over its excess.
// The last block of the call is encoded exactly, or into a local buffer and copied exactly, so
// that nothing is written past the bytes returned as produced (the output may be the caller's own
// buffer, sized for exactly what the view would write). An ASCII block is written exactly, so
// where ASCII runs are long and worth a test per block (ascii_runs), it goes without the
// look-ahead.
//
// Branches on the text are few and placed where they mostly go one way (see check_block).

#ifndef BOOST_UTF_ENCODE_LOOP_INLINE
#  error "define BOOST_UTF_ENCODE_LOOP_INLINE before including encode_loop.ipp"
#endif

// The block at i, writing exactly the bytes returned (a block is 16 bytes at least).
template<class Source>
BOOST_UTF_ENCODE_LOOP_INLINE unsigned encode_last_block(Source const& s, std::size_t i, typename Source::block b,
                                                        unsigned char* o) noexcept
{
    if constexpr (Source::masked_stores)
        return s.encode_exactly(i, b, o);
    else
    {
        if (s.ascii(b))
        {
            if constexpr (Source::ascii_runs)
                return s.encode_ascii(b, o);
            else
                return s.encode(i, b, o);
        }
        unsigned char last[4 * Source::width];
        unsigned const n = s.encode(i, b, last);
        sse::copy_exactly(o, last, n);
        return n;
    }
}

// Whether the block at i can be encoded, setting b. In an ASCII run (InRun; the text is taken
// to begin as one), the next block is mostly ASCII too, and a branch on it skips the rest of the
// test. After a block that is not ASCII, in text that mixes ASCII words with letters above 7F,
// that branch would be a coin toss: the block is tested for everything without one, and only
// the loop's own test on it sends it to a run or not.
template<bool InRun, class Source>
BOOST_UTF_ENCODE_LOOP_INLINE bool check_block(Source const& s, std::size_t i, typename Source::block& b) noexcept
{
    if constexpr (Source::ascii_runs)
    {
        s.read(i, b);
        if constexpr (InRun)
            return s.ascii(b) || s.encodable(b);
        else
            return s.encodable(b);
    }
    else
        return s.check(i, b);
}

// From p, while at least a block is left and it can be encoded (transcode_step; `resume` is the
// width when it stopped at a block it cannot encode).
template<class Source>
BOOST_UTF_ENCODE_LOOP_INLINE transcode_step encode_blocks(Source const& s, std::size_t n, unsigned char* o) noexcept
{
    constexpr std::size_t width = Source::width;
    static_assert(width >= 16, "a block writes at least the 16 bytes copy_exactly needs");
    typename Source::block b;
    if (n < width)
        return {0, 0, 0};
    if (!check_block<true>(s, 0, b))
        return {0, 0, width};
    // b is the block at i, checked.
    std::size_t i = 0, produced = 0;
    for (;;)
    {
        if constexpr (Source::ascii_runs)
        {
            if (s.ascii(b))
            {
                produced += s.encode_ascii(b, o + produced);
                i += width;
                if (n - i < width)
                    return {i, produced, 0};
                if (!check_block<true>(s, i, b))
                    return {i, produced, width};
                continue;
            }
        }
        typename Source::block next;
        if (n - i < 2 * width || !check_block<false>(s, i + width, next))
        {
            produced += encode_last_block(s, i, b, o + produced);
            i += width;
            return {i, produced, n - i >= width ? width : 0};
        }
        produced += s.encode(i, b, o + produced);
        i += width;
        b = next;
    }
}

// encode_blocks for a caller that writes at least a byte for each code unit after those consumed
// (its policy writes something for every error, or its output has room for 3 * n bytes from o):
// the bytes a block writes past its own, up to `width`, are then written over by what follows,
// as long as `width` code units follow it. So no block waits for the next one's check, and ASCII
// and the rest are told apart with one test per block. The last blocks, where fewer than two are
// left, are written exactly.
//
// Where an ASCII run ends in the second half of a block of letters of three bytes, the blocks go
// on from that half: a quotation mark or a dash amid English then takes one block that is not
// ASCII, not two, and a pair of them a few letters apart mostly one too. Text of two-byte
// letters (Latin) has them so often that the next block is seldom ASCII anyway, and stays in
// step.
//
// With Source::ascii_pairs, ASCII after an ASCII block is taken two blocks to a test: where a
// block is 16 or 32 code units, a test per block in English goes the other way at every
// quotation mark or dash, twice, and a test per pair halves the tests in between.
//
// With Source::early_reads, the next block is read before this one is written, so that the
// branch on it has its answer early; with Source::two_bytes_first, a block of one- and two-byte
// letters goes on its way after one test, not two. Which way is faster depends on the set.
template<class Source>
BOOST_UTF_ENCODE_LOOP_INLINE transcode_step encode_blocks_covered(Source const& s, std::size_t n,
                                                                  unsigned char* o) noexcept
{
    static_assert(Source::ascii_runs, "blocks told apart by whether they are ASCII");
    constexpr std::size_t width = Source::width;
    constexpr std::size_t half = width / 2;
    static_assert(width >= 16 && width % 2 == 0, "a block writes at least the 16 bytes copy_exactly needs");
    // Short input is mostly its last blocks, which the look-ahead loop writes with fewer tests.
    if (n < 3 * width)
        return encode_blocks(s, n, o);
    std::size_t i = 0, produced = 0;
    bool in_run = true; // the text is taken to begin as an ASCII run
    typename Source::block b;
    if constexpr (Source::early_reads)
        s.read(0, b); // at least three blocks are there
    while (n - i >= 2 * width)
    {
        // With early_reads, b is the block at i already.
        if constexpr (!Source::early_reads)
            s.read(i, b);
        if (s.ascii(b))
        {
            produced += s.encode_ascii(b, o + produced);
            i += width;
            in_run = true;
            if constexpr (Source::ascii_pairs)
            {
                typename Source::block c, d;
                while (n - i >= 2 * width)
                {
                    s.read(i, c);
                    s.read(i + width, d);
                    if (!(s.ascii(c) && s.ascii(d)))
                        break;
                    produced += s.encode_ascii(c, o + produced);
                    produced += s.encode_ascii(d, o + produced);
                    i += 2 * width;
                }
            }
            if constexpr (Source::early_reads)
            {
                if (n - i >= 2 * width)
                    s.read(i, b);
            }
            continue;
        }
        if (!Source::two_bytes_first && !s.encodable(b))
            return {i, produced, width};
        typename Source::block next;
        if constexpr (Source::early_reads)
            s.read(i + width, next);
        if (s.below_800(b))
        {
            produced += s.encode_below_800(b, o + produced);
            in_run = false;
        }
        else if (Source::two_bytes_first && !s.encodable(b))
            return {i, produced, width};
        else if (in_run && s.ascii_first_half(b))
        {
            s.encode_ascii(b, o + produced);
            produced += half;
            i += half;
            if constexpr (Source::early_reads)
            {
                if (n - i >= 2 * width)
                    s.read(i, b);
            }
            continue;
        }
        else
        {
            in_run = false;
            produced += s.encode_bmp(b, o + produced);
        }
        i += width;
        if constexpr (Source::early_reads)
            b = next;
    }
    for (; n - i >= width; i += width)
    {
        s.read(i, b);
        if (!s.ascii(b) && !s.encodable(b))
            return {i, produced, width};
        produced += encode_last_block(s, i, b, o + produced);
    }
    return {i, produced, 0};
}

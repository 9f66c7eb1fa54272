// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_BENCH_CORPUS_HPP
#define BOOST_UTF_BENCH_CORPUS_HPP

// Deterministic benchmark corpora. Every corpus is generated from a fixed seed, so a run on any
// machine measures the same bytes; nothing is read from disk. Text is made of "words" drawn from
// per-script code point ranges, separated by ASCII spaces and punctuation, which keeps the mix of
// sequence lengths close to real text of that script.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace boost_utf_bench {

// splitmix64: tiny, fast and fully specified, so the corpora never depend on the standard
// library's distributions.
class rng
{
    std::uint64_t state_;

public:
    explicit rng(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next()
    {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    // Uniform enough in [0, n) for corpus generation.
    std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>((next() >> 32) % n); }
};

inline void append_utf8(std::string& s, char32_t c)
{
    if (c < 0x80)
        s += static_cast<char>(c);
    else if (c < 0x800)
    {
        s += static_cast<char>(0xC0 | (c >> 6));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
    else if (c < 0x10000)
    {
        s += static_cast<char>(0xE0 | (c >> 12));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
    else
    {
        s += static_cast<char>(0xF0 | (c >> 18));
        s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (c & 0x3F));
    }
}

enum class corpus_kind
{
    ascii,
    latin,
    cyrillic_greek,
    cjk,
    emoji,
    mixed,
    invalid, // `mixed` with 1% of its bytes overwritten by random bytes 80..FF
    // Not text: code points of one length only, or of lengths drawn at random, with nothing
    // between them. On the first three no branch on the length mispredicts, so a loop runs at
    // its own pace; on the last two every loop waits on the same mispredictions.
    two_units,
    three_units,
    four_units,
    one_or_two_units,
    one_to_four_units
};

inline constexpr corpus_kind all_corpora[] = {corpus_kind::ascii, corpus_kind::latin,
                                              corpus_kind::cyrillic_greek, corpus_kind::cjk,
                                              corpus_kind::emoji, corpus_kind::mixed,
                                              corpus_kind::invalid};

inline constexpr corpus_kind uniform_corpora[] = {corpus_kind::two_units, corpus_kind::three_units,
                                                  corpus_kind::four_units, corpus_kind::one_or_two_units,
                                                  corpus_kind::one_to_four_units};

// Calls f(k) for the text corpora, then for the uniform ones.
template<class F>
void for_each_corpus(F f)
{
    for (corpus_kind k : all_corpora)
        f(k);
    for (corpus_kind k : uniform_corpora)
        f(k);
}

inline bool is_uniform(corpus_kind k)
{
    for (corpus_kind u : uniform_corpora)
        if (u == k)
            return true;
    return false;
}

inline char const* name(corpus_kind k)
{
    switch (k)
    {
    case corpus_kind::ascii: return "ascii";
    case corpus_kind::latin: return "latin";
    case corpus_kind::cyrillic_greek: return "cyrillic_greek";
    case corpus_kind::cjk: return "cjk";
    case corpus_kind::emoji: return "emoji";
    case corpus_kind::mixed: return "mixed";
    case corpus_kind::invalid: return "invalid";
    case corpus_kind::two_units: return "two_units";
    case corpus_kind::three_units: return "three_units";
    case corpus_kind::four_units: return "four_units";
    case corpus_kind::one_or_two_units: return "one_or_two_units";
    case corpus_kind::one_to_four_units: return "one_to_four_units";
    }
    return "?";
}

namespace detail {

inline char32_t ascii_letter(rng& r) { return U'a' + r.below(26); }

// Accented Latin: about one letter in six is outside ASCII (Latin-1 Supplement, Latin Extended-A).
inline char32_t latin_letter(rng& r)
{
    if (r.below(6) != 0)
        return ascii_letter(r);
    return r.below(2) ? U'\u00E0' + r.below(0x20) : U'\u0100' + r.below(0x80);
}

inline char32_t cyrillic_greek_letter(rng& r, bool greek)
{
    return greek ? U'\u03B1' + r.below(25) : U'\u0430' + r.below(32);
}

inline char32_t cjk_char(rng& r)
{
    switch (r.below(10))
    {
    case 0: return U'\u3041' + r.below(0x56); // hiragana
    case 1: return U'\u30A1' + r.below(0x5A); // katakana
    case 2: return U'\uAC00' + r.below(0x2BA4); // hangul syllables
    default: return U'\u4E00' + r.below(0x5200); // CJK unified ideographs
    }
}

inline char32_t emoji_char(rng& r)
{
    switch (r.below(4))
    {
    case 0: return U'\U0001F600' + r.below(0x50);
    case 1: return U'\U0001F300' + r.below(0x300);
    case 2: return U'\U0001F900' + r.below(0x100);
    default: return U'\u2600' + r.below(0x100); // miscellaneous symbols, 3 bytes
    }
}

inline void word(std::string& s, rng& r, corpus_kind k)
{
    unsigned const len = 1 + r.below(k == corpus_kind::cjk ? 6 : 9);
    bool const greek = r.below(2) != 0;
    for (unsigned i = 0; i < len; ++i)
    {
        switch (k)
        {
        case corpus_kind::ascii: append_utf8(s, ascii_letter(r)); break;
        case corpus_kind::latin: append_utf8(s, latin_letter(r)); break;
        case corpus_kind::cyrillic_greek: append_utf8(s, cyrillic_greek_letter(r, greek)); break;
        case corpus_kind::cjk: append_utf8(s, cjk_char(r)); break;
        case corpus_kind::emoji:
            append_utf8(s, emoji_char(r));
            if (r.below(8) == 0)
                append_utf8(s, U'\u200D'); // zero width joiner, as in emoji sequences
            break;
        default: break;
        }
    }
}

// For the uniform corpora: a code point of `length` UTF-8 code units, and the length to use next.
inline char32_t of_length(rng& r, unsigned length)
{
    switch (length)
    {
    case 1: return ascii_letter(r);
    case 2: return U'\u0400' + r.below(0x100); // Cyrillic
    case 3: return U'\u4E00' + r.below(0x5200); // CJK unified ideographs
    default: return U'\U0001F300' + r.below(0x300); // pictographs
    }
}

inline unsigned next_length(rng& r, corpus_kind k)
{
    switch (k)
    {
    case corpus_kind::two_units: return 2;
    case corpus_kind::three_units: return 3;
    case corpus_kind::four_units: return 4;
    case corpus_kind::one_or_two_units: return 1 + r.below(2);
    default: return 1 + r.below(4);
    }
}

inline void separator(std::string& s, rng& r)
{
    static constexpr char punct[] = ",.;:!?";
    unsigned const x = r.below(40);
    if (x == 0)
        s += '\n';
    else if (x < 4)
    {
        s += punct[r.below(6)];
        s += ' ';
    }
    else
        s += ' ';
}

} // namespace detail

// Exactly `size` bytes of the corpus `k` (a uniform one may end in up to three spaces).
// Well-formed UTF-8 except for `invalid`.
inline std::string make_corpus(corpus_kind k, std::size_t size = std::size_t(16) << 20)
{
    rng r(0xB0057F00D0000000ull + static_cast<unsigned>(k));
    std::string s;
    s.reserve(size + 64);
    corpus_kind const scripts[] = {corpus_kind::ascii, corpus_kind::latin,
                                   corpus_kind::cyrillic_greek, corpus_kind::cjk,
                                   corpus_kind::emoji};
    corpus_kind current = k;
    bool const uniform = is_uniform(k);
    while (s.size() < size)
    {
        if (uniform)
        {
            append_utf8(s, detail::of_length(r, detail::next_length(r, k)));
            continue;
        }
        if (k == corpus_kind::mixed || k == corpus_kind::invalid)
        {
            // A few words in one script, then another: like multilingual web pages.
            if (r.below(6) == 0)
                current = scripts[r.below(5)];
            detail::word(s, r, current);
        }
        else
            detail::word(s, r, k);
        detail::separator(s, r);
    }
    // Cut at a character boundary, then pad with spaces to the exact size.
    std::size_t cut = size;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut;
    s.resize(cut);
    s.append(size - cut, ' ');

    if (k == corpus_kind::invalid)
    {
        std::size_t const n = size / 100;
        for (std::size_t i = 0; i < n; ++i)
            s[r.next() % size] = static_cast<char>(0x80 + r.below(0x80));
    }
    return s;
}

} // namespace boost_utf_bench

#endif // BOOST_UTF_BENCH_CORPUS_HPP

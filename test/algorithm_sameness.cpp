// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The bulk operations against the views, over the same inputs: the benchmark corpora, the
// external vectors and Kuhn's file, random ill-formed input, and every kind of error at every
// offset of a SIMD block and across block boundaries. Output, error log (kind, offset, length,
// value of every policy call), thrown error and, for validation, the position of the first error
// must all be the same. Built also with -march=native when the machine runs it, so that the
// widest kernels are the ones checked.

#include <boost/utf/algorithm.hpp>
#include <boost/utf.hpp>

#define BOOST_TEST_MODULE algorithm_sameness
#include <boost/test/unit_test.hpp>

#include "../bench/corpus.hpp"
#include "corpus_files.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <list>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace utf = boost::utf;

namespace {

// Any code unit type as a byte (std::byte converts explicitly only).
template<class T>
unsigned char byte_of(T unit)
{
    if constexpr (std::is_same<T, std::byte>::value)
        return std::to_integer<unsigned char>(unit);
    else
        return static_cast<unsigned char>(unit);
}

// ---- policies that leave a trace ------------------------------------------------------------------

struct log_entry
{
    utf::error_kind kind;
    std::size_t offset;
    std::size_t length;
    char32_t value;

    friend bool operator==(log_entry const& a, log_entry const& b)
    {
        return a.kind == b.kind && a.offset == b.offset && a.length == b.length && a.value == b.value;
    }
    friend std::ostream& operator<<(std::ostream& os, log_entry const& e)
    {
        return os << utf::to_string(e.kind) << '@' << e.offset << '+' << e.length << ':' << std::hex
                  << static_cast<std::uint32_t>(e.value) << std::dec;
    }
};

using log_t = std::vector<log_entry>;

// Replaces with `with` (or drops, with no_replacement) and remembers every call.
struct logging_policy
{
    log_t* log = nullptr;
    char32_t with = U'\uFFFD';

    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back({e.kind, e.offset, e.length, e.value});
        return with;
    }
};

struct logging_per_unit_policy : logging_policy
{
    static constexpr bool per_code_unit = true;
};

// Throws, like throw_policy, but only at the n-th error, to check the output that precedes it.
struct throw_at_policy
{
    log_t* log = nullptr;
    std::size_t at = 0;

    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back({e.kind, e.offset, e.length, e.value});
        if (log->size() > at)
            throw utf::utf_error(e.kind, e.offset);
        return U'?';
    }
};

// ---- one comparison -------------------------------------------------------------------------------

template<class T>
struct outcome
{
    std::vector<T> out;
    log_t log;
    bool threw = false;
    utf::error_kind kind{};
    std::size_t offset = 0;
};

template<class T>
void check_same(outcome<T> const& view, outcome<T> const& bulk, char const* what)
{
    BOOST_TEST_CONTEXT(what)
    {
        // As integers, which Boost.Test can print.
        std::vector<std::uint32_t> const a(view.out.begin(), view.out.end());
        std::vector<std::uint32_t> const b(bulk.out.begin(), bulk.out.end());
        BOOST_TEST(a.size() == b.size());
        BOOST_TEST(a == b, boost::test_tools::per_element());
        BOOST_TEST(view.log == bulk.log, boost::test_tools::per_element());
        BOOST_TEST(view.threw == bulk.threw);
        BOOST_TEST(static_cast<int>(view.kind) == static_cast<int>(bulk.kind));
        BOOST_TEST(view.offset == bulk.offset);
    }
}

// Runs `f(policy, out)`, catching what it throws.
template<class T, class Policy, class F>
outcome<T> run(Policy p, F f)
{
    outcome<T> r;
    p.log = &r.log;
    try
    {
        f(p, r.out);
    }
    catch (utf::utf_error const& e)
    {
        r.threw = true;
        r.kind = e.kind();
        r.offset = e.offset();
    }
    return r;
}

// Decoding: the view walked element by element against copy (through a pointer, through a
// back_inserter) and to<>.
template<class Range, class Policy>
void compare_decode(Range const& bytes, Policy policy)
{
    auto by_view = run<char32_t>(policy, [&](auto p, std::vector<char32_t>& out) {
        for (char32_t c : utf::views::utf8(bytes, p))
            out.push_back(c);
    });
    auto by_inserter = run<char32_t>(policy, [&](auto p, std::vector<char32_t>& out) {
        utf::copy(utf::views::utf8(bytes, p), std::back_inserter(out));
    });
    check_same(by_view, by_inserter, "decode: copy to a back_inserter");
    auto by_pointer = run<char32_t>(policy, [&](auto p, std::vector<char32_t>& out) {
        // Room for the worst case plus a guard zone that must stay untouched.
        std::vector<char32_t> buffer(std::size(bytes) + 80, U'\U0010ABCD');
        char32_t* const end = utf::copy(utf::views::utf8(bytes, p), buffer.data());
        for (char32_t const* q = end; q != buffer.data() + buffer.size(); ++q)
            BOOST_TEST_REQUIRE(static_cast<std::uint32_t>(*q) == 0x10ABCDu);
        out.assign(buffer.data(), end);
    });
    if (!by_view.threw) // through a pointer, what precedes the throw is not observable
        check_same(by_view, by_pointer, "decode: copy to a pointer");
    auto by_to = run<char32_t>(policy, [&](auto p, std::vector<char32_t>& out) {
        auto const s = utf::to<std::u32string>(utf::views::utf8(bytes, p));
        out.assign(s.begin(), s.end());
    });
    if (!by_view.threw)
        check_same(by_view, by_to, "decode: to<std::u32string>");
}

template<class Range>
void compare_decode_all_policies(Range const& bytes)
{
    compare_decode(bytes, logging_policy{});
    compare_decode(bytes, logging_policy{nullptr, utf::no_replacement});
    compare_decode(bytes, logging_per_unit_policy{});
    compare_decode(bytes, throw_at_policy{nullptr, 0});
    compare_decode(bytes, throw_at_policy{nullptr, 2});

    // The stock policies, without logs.
    std::u32string const replaced(utf::views::utf8(bytes).begin(), utf::views::utf8(bytes).end());
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(bytes)) == replaced));
    std::u32string skipped;
    for (char32_t c : utf::views::utf8(bytes, utf::skip_on_error))
        skipped.push_back(c);
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(bytes, utf::skip_on_error)) == skipped));

    // Validation: the first error the view reports.
    std::size_t first_error = std::size(bytes);
    {
        log_t log;
        for (char32_t c : utf::views::utf8(bytes, logging_policy{&log}))
            (void)c;
        if (!log.empty())
            first_error = log.front().offset;
    }
    BOOST_TEST(utf::is_valid(bytes) == (first_error == std::size(bytes)));
    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(bytes) - std::begin(bytes)) == first_error);

    // Again from a heap block of exactly the input's size, so that a sanitizer sees any read
    // outside it (a string has room for its terminator; a view may sit inside a larger buffer).
    std::size_t const n = std::size(bytes);
    std::unique_ptr<unsigned char[]> const exact(new unsigned char[n == 0 ? 1 : n]);
    std::size_t i = 0;
    for (auto b : bytes)
        exact[i++] = byte_of(b);
    std::basic_string_view<unsigned char> const e(exact.get(), n);
    BOOST_TEST(utf::is_valid(e) == (first_error == n));
    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(e) - e.begin()) == first_error);
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(e)) == replaced));
    std::u32string const back = utf::to<std::u32string>(utf::views::utf8(e, utf::skip_on_error));
    std::unique_ptr<char32_t[]> const cps(new char32_t[back.size() + 1]);
    std::copy(back.begin(), back.end(), cps.get());
    std::u32string_view const c(cps.get(), back.size());
    BOOST_TEST(utf::is_valid(c));
    std::string const encoded = utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(c));
    BOOST_TEST(utf::is_valid(encoded));
}

// Encoding, likewise.
template<class Range, class Policy>
void compare_encode(Range const& cps, Policy policy)
{
    using unit = unsigned char;
    auto by_view = run<unit>(policy, [&](auto p, std::vector<unit>& out) {
        for (unit c : utf::views::utf32_to_utf8_as<unit>(cps, p))
            out.push_back(c);
    });
    auto by_inserter = run<unit>(policy, [&](auto p, std::vector<unit>& out) {
        utf::copy(utf::views::utf32_to_utf8_as<unit>(cps, p), std::back_inserter(out));
    });
    check_same(by_view, by_inserter, "encode: copy to a back_inserter");
    auto by_pointer = run<unit>(policy, [&](auto p, std::vector<unit>& out) {
        std::vector<unit> buffer(4 * std::size(cps) + 80, 0xAB);
        unit* const end = utf::copy(utf::views::utf32_to_utf8_as<unit>(cps, p), buffer.data());
        for (unit const* q = end; q != buffer.data() + buffer.size(); ++q)
            BOOST_TEST_REQUIRE(*q == 0xAB);
        out.assign(buffer.data(), end);
    });
    if (!by_view.threw)
        check_same(by_view, by_pointer, "encode: copy to a pointer");
    auto by_to = run<unit>(policy, [&](auto p, std::vector<unit>& out) {
        auto const s = utf::to<std::vector<unit>>(utf::views::utf32_to_utf8_as<unit>(cps, p));
        out.assign(s.begin(), s.end());
    });
    if (!by_view.threw)
        check_same(by_view, by_to, "encode: to<std::vector<unsigned char>>");
}

template<class Range>
void compare_encode_all_policies(Range const& cps)
{
    compare_encode(cps, logging_policy{});
    compare_encode(cps, logging_policy{nullptr, utf::no_replacement});
    compare_encode(cps, logging_policy{nullptr, 0xD800}); // a bad replacement becomes U+FFFD
    compare_encode(cps, throw_at_policy{nullptr, 0});
    compare_encode(cps, throw_at_policy{nullptr, 1});

    std::size_t first_error = std::size(cps);
    {
        log_t log;
        for (auto c : utf::views::utf32_to_utf8(cps, logging_policy{&log}))
            (void)c;
        if (!log.empty())
            first_error = log.front().offset;
    }
    BOOST_TEST(utf::is_valid(cps) == (first_error == std::size(cps)));
    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(cps) - std::begin(cps)) == first_error);
}

std::u32string decode_replace(std::string const& s)
{
    std::u32string r;
    for (char32_t c : utf::views::utf8(s))
        r.push_back(c);
    return r;
}

// ---- inputs -----------------------------------------------------------------------------------------

std::string from_hex(std::string_view hex)
{
    std::string r;
    std::istringstream in{std::string(hex)};
    unsigned v;
    while (in >> std::hex >> v)
        r.push_back(static_cast<char>(v));
    return r;
}

// The value of `"key": "..."` (or `"key": [...]`, brackets and quotes dropped) on one line.
std::string field(std::string const& line, std::string const& key)
{
    std::string const k = "\"" + key + "\": ";
    std::size_t const at = line.find(k);
    if (at == std::string::npos)
        return {};
    std::size_t const open = at + k.size();
    char const close = line[open] == '[' ? ']' : '"';
    std::size_t const end = line.find(close, open + 1);
    std::string v = line.substr(open + 1, end - open - 1);
    std::string r;
    for (char c : v)
        if (c != '"' && c != ',')
            r += c;
    return r;
}

// Bad sequences of every kind, and a few good ones, to plant in a background.
std::vector<std::string> const& plants()
{
    static std::vector<std::string> const p = {
        from_hex("80"), from_hex("BF"), from_hex("C0"), from_hex("C1 80"), from_hex("C2"),
        from_hex("C2 41"), from_hex("DF"), from_hex("E0"), from_hex("E0 80"), from_hex("E0 9F BF"),
        from_hex("E0 A0"), from_hex("E1 80"), from_hex("ED A0 80"), from_hex("ED 9F"),
        from_hex("EF BF"), from_hex("F0"), from_hex("F0 8F BF BF"), from_hex("F0 90"),
        from_hex("F0 90 80"), from_hex("F1 80 80"), from_hex("F4 90 80 80"), from_hex("F4 8F BF"),
        from_hex("F5 80 80 80"), from_hex("F7"), from_hex("F8 88 80 80 80"), from_hex("FE"),
        from_hex("FF FF"), from_hex("E2 28 A1"), from_hex("F0 28 8C BC"),
        // well-formed, straddling block boundaries
        from_hex("C3 A9"), from_hex("E2 82 AC"), from_hex("F0 9F 98 80"), from_hex("F4 8F BF BF"),
    };
    return p;
}

} // namespace

BOOST_AUTO_TEST_CASE(benchmark_corpora)
{
    // The benchmark's generators, cut down so the test stays quick; each is well above every
    // block size, so every kernel runs on every kind of text, and on runs of one sequence length.
    boost_utf_bench::for_each_corpus([](boost_utf_bench::corpus_kind k) {
        BOOST_TEST_CONTEXT(boost_utf_bench::name(k))
        {
            std::string const s = boost_utf_bench::make_corpus(k, std::size_t(1) << 17);
            compare_decode_all_policies(s);
            std::u32string const cps = decode_replace(s);
            compare_encode_all_policies(cps);
            BOOST_TEST(utf::is_valid(s) == (k != boost_utf_bench::corpus_kind::invalid));
        }
    });
}

BOOST_AUTO_TEST_CASE(kuhn_file)
{
    std::string const s = test::read_corpus("kuhn/UTF-8-test.txt");
    compare_decode_all_policies(s);
    // Against the golden file too: copy must give what the reference decoder gave.
    std::string const golden = test::read_corpus("kuhn/UTF-8-test.replace.txt");
    std::u32string const expected = decode_replace(golden);
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(s)) == expected));
    // Each suffix, so that every error sits at every position relative to the blocks.
    for (std::size_t i = 1; i < 200; ++i)
        compare_decode(std::string_view(s).substr(i), logging_policy{});
}

BOOST_AUTO_TEST_CASE(external_vectors)
{
    std::istringstream f(test::read_corpus("vectors.json"));
    std::string line;
    int decode = 0, encode = 0;
    // Each vector alone, then padded so that it sits across a 64-byte boundary in ASCII, and in
    // the middle of multi-byte text.
    std::string const pad_ascii(61, 'a');
    std::string pad_cjk;
    for (int i = 0; i < 21; ++i)
        pad_cjk += "\xE4\xB8\x80";
    while (std::getline(f, line))
    {
        std::string const id = field(line, "id");
        if (line.find("\"direction\": \"decode\"") != std::string::npos)
        {
            BOOST_TEST_CONTEXT(id)
            {
                std::string const in = from_hex(field(line, "input_hex"));
                compare_decode_all_policies(in);
                compare_decode_all_policies(pad_ascii + in + pad_ascii + in);
                compare_decode_all_policies(pad_cjk + in + pad_cjk);
                // The vector's own expectation, through the bulk path.
                std::u32string expected;
                std::istringstream cps(field(line, "expected_replace"));
                unsigned v;
                while (cps >> std::hex >> v)
                    expected.push_back(static_cast<char32_t>(v));
                if (line.find("\"follows_maximal_subparts\": true") != std::string::npos)
                    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(in)) == expected));
                ++decode;
            }
        }
        else if (line.find("\"direction\": \"encode\"") != std::string::npos)
        {
            BOOST_TEST_CONTEXT(id)
            {
                std::vector<std::uint32_t> in;
                std::istringstream cps(field(line, "input_cps"));
                unsigned long v;
                while (cps >> std::hex >> v)
                    in.push_back(static_cast<std::uint32_t>(v));
                compare_encode_all_policies(in);
                std::vector<std::uint32_t> padded(37, 'x');
                padded.insert(padded.end(), in.begin(), in.end());
                padded.insert(padded.end(), 40, 0x4E00);
                compare_encode_all_policies(padded);
                std::string const expected = from_hex(field(line, "expected_replace_bytes_hex"));
                BOOST_TEST((utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(in)) == expected));
                ++encode;
            }
        }
    }
    BOOST_TEST(decode == 650);
    BOOST_TEST(encode == 32);
}

BOOST_AUTO_TEST_CASE(errors_at_every_offset)
{
    // Backgrounds: ASCII (takes the ASCII paths), and 2-, 3- and 4-byte text (takes the
    // multi-byte paths); each bad or good sequence planted at every offset over three blocks of
    // the widest kernel.
    std::vector<std::string> backgrounds = {std::string(200, 'x')};
    for (char const* unit : {"\xC3\xA9", "\xE4\xB8\x80", "\xF0\x9F\x98\x80"})
    {
        std::string b;
        while (b.size() < 200)
            b += unit;
        backgrounds.push_back(b);
    }
    for (std::string const& background : backgrounds)
        for (std::string const& plant : plants())
            for (std::size_t at = 0; at <= 196; ++at)
            {
                std::string s = background;
                s.replace(at, std::min(plant.size(), s.size() - at), plant);
                BOOST_TEST_CONTEXT("background " << static_cast<unsigned>(static_cast<unsigned char>(background[0]))
                                                 << ", plant of " << plant.size() << " at " << at)
                {
                    compare_decode(s, logging_policy{});
                    compare_decode(s, logging_per_unit_policy{});
                    compare_decode(s, throw_at_policy{nullptr, 0});
                    std::size_t first_error = s.size();
                    {
                        log_t log;
                        for (char32_t c : utf::views::utf8(s, logging_policy{&log}))
                            (void)c;
                        if (!log.empty())
                            first_error = log.front().offset;
                    }
                    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(s) - s.begin()) == first_error);
                    BOOST_TEST(utf::is_valid(s) == (first_error == s.size()));
                }
            }

    // Encoding: one bad code point at every offset of 3 blocks, in ASCII and in wider text.
    for (char32_t background : {U'x', U'\u00E9', U'\u4E00', U'\U0001F600'})
        for (std::uint32_t bad : {0xD800u, 0xDFFFu, 0x110000u, 0xFFFFFFFFu})
            for (std::size_t at = 0; at < 70; ++at)
            {
                std::vector<std::uint32_t> cps(70, background);
                cps[at] = bad;
                BOOST_TEST_CONTEXT("encode " << std::hex << bad << " at " << std::dec << at)
                {
                    compare_encode(cps, logging_policy{});
                    compare_encode(cps, throw_at_policy{nullptr, 0});
                    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(cps) - cps.begin()) == at);
                }
            }
}

BOOST_AUTO_TEST_CASE(random_ill_formed)
{
    // Well-formed text with random bytes written over it, and plain random bytes, at lengths
    // around the block sizes; plus truncation at every length, so that tails are read exactly.
    boost_utf_bench::rng r(42);
    std::string const text = boost_utf_bench::make_corpus(boost_utf_bench::corpus_kind::mixed, 4096);
    for (int round = 0; round < 400; ++round)
    {
        std::size_t const len = r.below(300);
        std::size_t const from = r.below(static_cast<std::uint32_t>(text.size() - len));
        std::string s = text.substr(from, len);
        unsigned const damage = round % 4 == 0 ? 0 : r.below(4);
        for (unsigned i = 0; i < damage && !s.empty(); ++i)
            s[r.below(static_cast<std::uint32_t>(s.size()))] = static_cast<char>(r.below(256));
        if (round % 10 == 0)
            for (char& c : s)
                c = static_cast<char>(r.below(256));
        BOOST_TEST_CONTEXT("round " << round)
        {
            compare_decode_all_policies(s);
            std::vector<std::uint32_t> cps;
            for (std::size_t i = 0; i < len / 2; ++i)
            {
                std::uint32_t v = r.below(0x80);
                switch (r.below(5))
                {
                case 1: v = r.below(0x800); break;
                case 2: v = r.below(0x10000); break;
                case 3: v = r.below(0x110000); break;
                case 4: v = r.below(50) == 0 ? static_cast<std::uint32_t>(r.next()) : v; break;
                }
                cps.push_back(v);
            }
            compare_encode_all_policies(cps);
        }
    }
    std::string const valid = boost_utf_bench::make_corpus(boost_utf_bench::corpus_kind::emoji, 300);
    for (std::size_t n = 0; n <= valid.size(); ++n)
        compare_decode_all_policies(std::string_view(valid).substr(0, n));
}

BOOST_AUTO_TEST_CASE(element_types_and_generic_ranges)
{
    // The same bytes as char8_t, std::byte, signed char, and through ranges that are not
    // contiguous (the generic path): the results must not depend on the path taken.
    std::string const s = boost_utf_bench::make_corpus(boost_utf_bench::corpus_kind::invalid, 5000);
    std::u32string const expected = decode_replace(s);
    std::vector<unsigned char> const u(s.begin(), s.end());
    std::vector<signed char> const sc(s.begin(), s.end());
    std::vector<std::byte> b;
    for (char c : s)
        b.push_back(static_cast<std::byte>(c));
    std::list<char> const l(s.begin(), s.end());
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(u)) == expected));
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(sc)) == expected));
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(b)) == expected));
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(l)) == expected));
#if BOOST_UTF_HAS_CHAR8_T
    std::u8string const u8(s.begin(), s.end());
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(u8)) == expected));
    compare_decode_all_policies(u8);
#endif
    compare_decode_all_policies(b);
    compare_decode_all_policies(sc);
    compare_decode(l, logging_policy{});
    compare_decode(l, logging_per_unit_policy{});
    BOOST_TEST(static_cast<std::size_t>(std::distance(l.begin(), utf::find_invalid(l))) ==
               static_cast<std::size_t>(utf::find_invalid(s) - s.begin()));

    std::u32string const cps = expected;
    std::vector<int> const ints(cps.begin(), cps.end());
    std::list<char32_t> const lcps(cps.begin(), cps.end());
    std::string const enc = utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(cps));
    BOOST_TEST((utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(ints)) == enc));
    BOOST_TEST((utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(lcps)) == enc));
    auto const bytes = utf::to<std::vector<std::byte>>(utf::views::utf32_to_utf8_as<std::byte>(cps));
    BOOST_TEST_REQUIRE(bytes.size() == enc.size());
    for (std::size_t i = 0; i < enc.size(); ++i)
        BOOST_TEST(std::to_integer<char>(bytes[i]) == enc[i]);
    compare_encode_all_policies(ints);
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The bulk operations against the views, over the same inputs: the benchmark corpora, the
// external vectors and Kuhn's file, random ill-formed input, and every kind of error at every
// offset of a SIMD block and across block boundaries. Output, error log (kind, offset, length,
// value of every policy call), thrown error and, for validation, the position of the first error
// must all be the same. CTest runs it once per kernel set (simd_level), capped through the
// environment variable BOOST_UTF_SIMD, and once more built with BOOST_UTF_NO_SIMD; every test
// case skips itself when asked for a level this CPU lacks, which would only repeat a narrower one.

#include <boost/utf/algorithm.hpp>
#include <boost/utf.hpp>

#define BOOST_TEST_MODULE algorithm_sameness
#include <boost/test/unit_test.hpp>

#include "../bench/corpus.hpp"
#include "corpus_files.hpp"
#include "guarded_memory.hpp"
#include "test_support.hpp"
#include "vectors.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <list>
#include <memory>
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

// ---- the trace every policy call leaves ----------------------------------------------------------

// The recording policy's log (test_support.hpp): kind, offset, length and value of each call.
using log_t = std::vector<utf::error_info>;

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
        if (!test::same_log(view.log, bulk.log)) // then this fails, and shows both
            BOOST_TEST(test::describe(view.log, true) == test::describe(bulk.log, true));
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

// UTF-8 to UTF-16: the composition walked element by element against copy (through a pointer,
// through a back_inserter) and to<>, which transcode without going through code points.
template<class Range, class Policy>
void compare_utf8_to_utf16(Range const& bytes, Policy policy)
{
    auto by_view = run<char16_t>(policy, [&](auto p, std::vector<char16_t>& out) {
        // Up to the sentinel: forming end() of the composition decodes the first element again,
        // and reports its error again (algorithm_transcode.cpp).
        auto const v = bytes | utf::views::utf8(p) | utf::views::utf32_to_utf16;
        for (auto it = v.begin(); it != boost::utf::detail::rng::default_sentinel; ++it)
            out.push_back(*it);
    });
    auto by_inserter = run<char16_t>(policy, [&](auto p, std::vector<char16_t>& out) {
        utf::copy(bytes | utf::views::utf8(p) | utf::views::utf32_to_utf16, std::back_inserter(out));
    });
    check_same(by_view, by_inserter, "utf8 | utf32_to_utf16: copy to a back_inserter");
    auto by_pointer = run<char16_t>(policy, [&](auto p, std::vector<char16_t>& out) {
        // Room for the worst case plus a guard zone that must stay untouched.
        std::vector<char16_t> buffer(std::size(bytes) + 80, u'\xABCD');
        char16_t* const end = utf::copy(bytes | utf::views::utf8(p) | utf::views::utf32_to_utf16, buffer.data());
        for (char16_t const* q = end; q != buffer.data() + buffer.size(); ++q)
            BOOST_TEST_REQUIRE(static_cast<std::uint32_t>(*q) == 0xABCDu);
        out.assign(buffer.data(), end);
    });
    if (!by_view.threw)
        check_same(by_view, by_pointer, "utf8 | utf32_to_utf16: copy to a pointer");
    auto by_to = run<char16_t>(policy, [&](auto p, std::vector<char16_t>& out) {
        auto const s = utf::to<std::u16string>(bytes | utf::views::utf8(p) | utf::views::utf32_to_utf16);
        out.assign(s.begin(), s.end());
    });
    if (!by_view.threw)
        check_same(by_view, by_to, "utf8 | utf32_to_utf16: to<std::u16string>");
}

template<class Range>
void compare_decode_all_policies(Range const& bytes)
{
    compare_decode(bytes, test::recording_policy{});
    compare_decode(bytes, test::recording_policy{nullptr, utf::no_replacement});
    compare_decode(bytes, test::per_unit_recording_policy{});
    compare_decode(bytes, test::recording_policy{nullptr, U'?', 0});
    compare_decode(bytes, test::recording_policy{nullptr, U'?', 2});

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
        for (char32_t c : utf::views::utf8(bytes, test::recording_policy{&log}))
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
    compare_encode(cps, test::recording_policy{});
    compare_encode(cps, test::recording_policy{nullptr, utf::no_replacement});
    compare_encode(cps, test::recording_policy{nullptr, 0xD800}); // a bad replacement becomes U+FFFD
    compare_encode(cps, test::recording_policy{nullptr, U'?', 0});
    compare_encode(cps, test::recording_policy{nullptr, U'?', 1});

    std::size_t first_error = std::size(cps);
    {
        log_t log;
        for (auto c : utf::views::utf32_to_utf8(cps, test::recording_policy{&log}))
            (void)c;
        if (!log.empty())
            first_error = log.front().offset;
    }
    BOOST_TEST(utf::is_valid(cps) == (first_error == std::size(cps)));
    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(cps) - std::begin(cps)) == first_error);
}

std::u32string decode_replace(std::string const& s)
{
    return test::lazy<char32_t>(utf::views::utf8(s));
}

// ---- inputs -----------------------------------------------------------------------------------------

// Bad sequences of every kind, and a few good ones, to plant in a background.
std::vector<std::string> const& plants()
{
    static std::vector<std::string> const p = {
        test::bytes("80"), test::bytes("BF"), test::bytes("C0"), test::bytes("C1 80"), test::bytes("C2"),
        test::bytes("C2 41"), test::bytes("DF"), test::bytes("E0"), test::bytes("E0 80"), test::bytes("E0 9F BF"),
        test::bytes("E0 A0"), test::bytes("E1 80"), test::bytes("ED A0 80"), test::bytes("ED 9F"),
        test::bytes("EF BF"), test::bytes("F0"), test::bytes("F0 8F BF BF"), test::bytes("F0 90"),
        test::bytes("F0 90 80"), test::bytes("F1 80 80"), test::bytes("F4 90 80 80"), test::bytes("F4 8F BF"),
        test::bytes("F5 80 80 80"), test::bytes("F7"), test::bytes("F8 88 80 80 80"), test::bytes("FE"),
        test::bytes("FF FF"), test::bytes("E2 28 A1"), test::bytes("F0 28 8C BC"),
        // well-formed, straddling block boundaries
        test::bytes("C3 A9"), test::bytes("E2 82 AC"), test::bytes("F0 9F 98 80"), test::bytes("F4 8F BF BF"),
    };
    return p;
}

// ---- the level in use -------------------------------------------------------------------------------

// What the compiler's own CPU detection (not the library's) says this CPU runs.
utf::simd_level cpu_level()
{
    utf::simd_level l = utf::simd_level::scalar;
#if !defined(BOOST_UTF_NO_SIMD) && (defined(__x86_64__) || defined(_M_X64))
#  if defined(__GNUC__) || defined(__clang__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("ssse3") && __builtin_cpu_supports("sse4.1"))
        l = utf::simd_level::sse;
    if (l == utf::simd_level::sse && __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("popcnt") &&
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2"))
        l = utf::simd_level::avx2;
    if (l == utf::simd_level::avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl"))
        l = utf::simd_level::avx512bw;
    if (l == utf::simd_level::avx512bw && __builtin_cpu_supports("avx512vbmi") &&
        __builtin_cpu_supports("avx512vbmi2"))
        l = utf::simd_level::avx512vbmi2;
#  else
    l = utf::supported_simd_level();
#  endif
#endif
    return l;
}

// The level BOOST_UTF_SIMD asks for, as documented; the widest when unset.
utf::simd_level requested_level()
{
    char const* const v = std::getenv("BOOST_UTF_SIMD");
    if (v == nullptr)
        return utf::simd_level::avx512vbmi2;
    for (int l = 0; l <= static_cast<int>(utf::simd_level::avx512vbmi2); ++l)
        if (std::strcmp(v, utf::to_string(static_cast<utf::simd_level>(l))) == 0)
            return static_cast<utf::simd_level>(l);
    if (std::strcmp(v, "avx512") == 0)
        return utf::simd_level::avx512vbmi2;
    return utf::simd_level::avx512vbmi2;
}

// Skips a test case that would only repeat a narrower level.
struct level_runs_here
{
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const
    {
        bool const ok = requested_level() == utf::simd_level::avx512vbmi2 || requested_level() <= cpu_level();
        boost::test_tools::assertion_result r(ok);
        if (!ok)
            r.message() << "this CPU does not run the kernels BOOST_UTF_SIMD asks for";
        return r;
    }
};

} // namespace

BOOST_AUTO_TEST_SUITE(at_the_level_asked, *boost::unit_test::precondition(level_runs_here()))

BOOST_AUTO_TEST_CASE(dispatcher_picks_a_level_this_cpu_has)
{
    utf::simd_level const expected = std::min(cpu_level(), requested_level());
    BOOST_TEST_MESSAGE("kernels: " << utf::to_string(utf::active_simd_level()));
    BOOST_TEST(utf::to_string(utf::supported_simd_level()) == utf::to_string(expected));
    BOOST_TEST(utf::to_string(utf::active_simd_level()) == utf::to_string(expected));
    // The cap lowers the level and lifts again; it never raises it past what the CPU runs.
    for (int l = 0; l <= static_cast<int>(utf::simd_level::avx512vbmi2); ++l)
    {
        auto const cap = static_cast<utf::simd_level>(l);
        utf::set_simd_cap(cap);
        BOOST_TEST(utf::to_string(utf::active_simd_level()) == utf::to_string(std::min(cap, expected)));
    }
    BOOST_TEST(utf::to_string(utf::active_simd_level()) == utf::to_string(expected));
    BOOST_TEST(utf::to_string(utf::set_simd_cap(utf::simd_level::scalar)) == "avx512vbmi2");
    BOOST_TEST(utf::to_string(utf::set_simd_cap(utf::simd_level::avx512vbmi2)) == "scalar");
}

// Under AddressSanitizer, which slows this test about tenfold, the corpora are cut shorter: still
// many times every block, chunk and sink buffer.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t corpus_cut = std::size_t(1) << 14;
#else
constexpr std::size_t corpus_cut = std::size_t(1) << 17;
#endif

BOOST_AUTO_TEST_CASE(benchmark_corpora)
{
    // The benchmark's generators, cut down so the test stays quick; each is well above every
    // block size, so every kernel runs on every kind of text, and on runs of one sequence length.
    boost_utf_bench::for_each_corpus([](boost_utf_bench::corpus_kind k) {
        BOOST_TEST_CONTEXT(boost_utf_bench::name(k))
        {
            std::string const s = boost_utf_bench::make_corpus(k, corpus_cut);
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
        compare_decode(std::string_view(s).substr(i), test::recording_policy{});
}

BOOST_AUTO_TEST_CASE(external_vectors)
{
    // Each vector alone, then padded so that it sits across a 64-byte boundary in ASCII, and in
    // the middle of multi-byte text.
    std::string const pad_ascii(61, 'a');
    std::string pad_cjk;
    for (int i = 0; i < 21; ++i)
        pad_cjk += "\xE4\xB8\x80";
    for (test::decode_vector const& v : test::decode_vectors())
    {
        BOOST_TEST_CONTEXT(v.id)
        {
            compare_decode_all_policies(v.input);
            compare_decode_all_policies(pad_ascii + v.input + pad_ascii + v.input);
            compare_decode_all_policies(pad_cjk + v.input + pad_cjk);
            // The vector's own expectation, through the bulk path.
            BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(v.input)) == v.replaced));
            BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(v.input, utf::skip_on_error)) == v.skipped));
        }
    }
    for (test::encode_vector const& v : test::encode_vectors())
    {
        BOOST_TEST_CONTEXT(v.id)
        {
            compare_encode_all_policies(v.input);
            std::vector<std::uint32_t> padded(37, 'x');
            padded.insert(padded.end(), v.input.begin(), v.input.end());
            padded.insert(padded.end(), 40, 0x4E00);
            compare_encode_all_policies(padded);
            BOOST_TEST((utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(v.input)) == v.replaced));
            BOOST_TEST((utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(v.input, utf::skip_on_error)) ==
                        v.skipped));
        }
    }
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
                    compare_decode(s, test::recording_policy{});
                    compare_decode(s, test::per_unit_recording_policy{});
                    compare_decode(s, test::recording_policy{nullptr, U'?', 0});
                    std::size_t first_error = s.size();
                    {
                        log_t log;
                        for (char32_t c : utf::views::utf8(s, test::recording_policy{&log}))
                            (void)c;
                        if (!log.empty())
                            first_error = log.front().offset;
                    }
                    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(s) - s.begin()) == first_error);
                    BOOST_TEST(utf::is_valid(s) == (first_error == s.size()));
                }
            }

    // Validation may take a run of ASCII blocks several at a time: each plant at every offset of
    // a run of ten blocks of the widest kernel.
    std::string const ascii_run(640, 'x');
    for (std::string const& plant : plants())
        for (std::size_t at = 0; at + plant.size() <= ascii_run.size(); ++at)
        {
            std::string s = ascii_run;
            s.replace(at, plant.size(), plant);
            log_t log;
            for (char32_t c : utf::views::utf8(s, test::recording_policy{&log}))
                (void)c;
            std::size_t const first_error = log.empty() ? s.size() : log.front().offset;
            BOOST_TEST_CONTEXT("ASCII run, plant of " << plant.size() << " at " << at)
            {
                BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(s) - s.begin()) == first_error);
                BOOST_TEST(utf::is_valid(s) == (first_error == s.size()));
            }
        }

    // Encoding: one bad code point at every offset of 6 blocks of the widest kernel (past the four
    // it needs before it takes blocks at all), in ASCII and in wider text.
    for (char32_t background : {U'x', U'\u00E9', U'\u4E00', U'\U0001F600'})
        for (std::uint32_t bad : {0xD800u, 0xDFFFu, 0x110000u, 0xFFFFFFFFu})
            for (std::size_t at = 0; at < 200; ++at)
            {
                std::vector<std::uint32_t> cps(200, background);
                cps[at] = bad;
                BOOST_TEST_CONTEXT("encode " << std::hex << bad << " at " << std::dec << at)
                {
                    compare_encode(cps, test::recording_policy{});
                    compare_encode(cps, test::recording_policy{nullptr, U'?', 0});
                    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(cps) - cps.begin()) == at);
                }
            }
}

namespace {

// Well-formed text of exactly `length` bytes, none of them ASCII unless `length` is 1: four-,
// three- and two-byte sequences in turn, then twos and threes to fill the rest.
std::string non_ascii_text(std::size_t length)
{
    if (length == 1)
        return "a";
    char const* const units[] = {"\xF0\x9F\x98\x80", "\xE4\xB8\x80", "\xC3\xA9"};
    std::string s;
    for (std::size_t k = 0; length - s.size() >= 6; ++k)
        s += units[k % 3];
    while (s.size() < length)
        s += length - s.size() == 3 ? "\xE2\x82\xAC" : "\xD0\xB6";
    return s;
}

} // namespace

BOOST_AUTO_TEST_CASE(first_error_of_each_kind_after_non_ascii_text)
{
    // The kernels report the first byte a block flags, and the rules walk on from just before it:
    // an error of each kind planted after `at` bytes of well-formed multi-byte text, for every
    // `at` over two blocks of the widest kernel and a step of four of the narrowest (and then
    // some), followed by more multi-byte text, by ASCII, or by the end. find_invalid must give
    // the first error that the rules (the view) report, and the rules must say it is where it was
    // planted and of the kind planted.
    struct plant
    {
        char const* hex;
        utf::error_kind kind;
    };
    using k = utf::error_kind;
    plant const plants_by_kind[] = {
        {"80", k::unexpected_continuation}, {"BF BF", k::unexpected_continuation},
        {"F8", k::invalid_lead_byte},       {"FF", k::invalid_lead_byte},
        {"C0 80", k::overlong},             {"C1 BF", k::overlong},
        {"E0 80 80", k::overlong},          {"E0 9F BF", k::overlong},
        {"F0 80 80 80", k::overlong},       {"F0 8F BF BF", k::overlong},
        {"ED A0 80", k::surrogate},         {"ED BF BF", k::surrogate},
        {"F4 90 80 80", k::out_of_range},   {"F5 80 80 80", k::out_of_range},
        {"F7 BF", k::out_of_range},         {"C3", k::truncated},
        {"E4 B8", k::truncated},            {"E4", k::truncated},
        {"F0 9F 98", k::truncated},         {"F1", k::truncated},
    };
    std::string const after_text = non_ascii_text(90);
    std::string const afters[] = {after_text, std::string(90, 'x'), std::string()};
    for (plant const& p : plants_by_kind)
        for (std::string const& after : afters)
            for (std::size_t at = 0; at <= 2 * 64 + 16; ++at)
            {
                std::string const s = non_ascii_text(at) + test::bytes(p.hex) + after;
                log_t log;
                for (char32_t c : utf::views::utf8(s, test::recording_policy{&log}))
                    (void)c;
                std::size_t const found = static_cast<std::size_t>(utf::find_invalid(s) - s.begin());
                bool const as_planted = !log.empty() && log.front().offset == at && log.front().kind == p.kind;
                if (!as_planted || found != at)
                    BOOST_TEST_CONTEXT(p.hex << " after " << at << " bytes, then " << after.size() << " bytes of "
                                             << (after.empty() || after[0] == 'x' ? "ASCII" : "text"))
                    {
                        BOOST_TEST(as_planted);
                        BOOST_TEST(found == (log.empty() ? s.size() : log.front().offset));
                    }
            }
}

BOOST_AUTO_TEST_CASE(encode_lengths_at_every_offset)
{
    // The encoding kernels take a path per mix of lengths in a block (one byte only; one or two;
    // any), and compress the forms per group of lanes: a value of each length, at the edges of
    // its range, at every offset of several blocks, in text of each length; then pairs of
    // lengths side by side, so that every pair of neighbouring lanes sees every pair of lengths.
    // In ASCII, a plant in the second half of a block ends the run there, which the covered loop
    // writes as an ASCII half; FFFF is the value that a saturating pack to 16 bits gives to 10000
    // and above. 1D800 has a surrogate's low 16 bits, and 110000 is the first value past the
    // scalar values, both for the word tests of the scalar level's groups.
    char32_t const backgrounds[] = {U'x', U'\u00E9', U'\u4E00', U'\U0001F600'};
    std::uint32_t const plants[] = {0x0,    0x7F,   0x80,    0x7FF,    0x800,   0xD7FF,
                                    0xE000, 0xFFFF, 0x10000, 0x1D800, 0x10FFFF, 0x110000};
    for (char32_t background : backgrounds)
        for (std::uint32_t plant : plants)
            for (std::size_t at = 0; at < 200; ++at)
            {
                std::vector<std::uint32_t> cps(200, background);
                cps[at] = plant;
                BOOST_TEST_CONTEXT("encode " << std::hex << plant << " in " << std::uint32_t(background) << " at "
                                             << std::dec << at)
                    compare_encode(cps, test::recording_policy{});
            }
    for (std::uint32_t first : plants)
        for (std::uint32_t second : plants)
        {
            std::vector<std::uint32_t> cps;
            for (std::size_t i = 0; i < 40; ++i)
                cps.push_back(i % 2 == 0 ? first : second);
            BOOST_TEST_CONTEXT("encode " << std::hex << first << ", " << second << " alternating")
            {
                compare_encode(cps, test::recording_policy{});
                cps.insert(cps.begin(), 'x');
                compare_encode(cps, test::recording_policy{});
            }
        }
    // Every mix of lengths in four neighbouring values, at every aligned place over two blocks.
    for (std::size_t group = 0; group < 8; ++group)
        for (unsigned mix = 0; mix < 256; ++mix)
        {
            std::vector<std::uint32_t> cps(32, 'x');
            for (unsigned k = 0; k < 4; ++k)
                cps[4 * group + k] = backgrounds[(mix >> (2 * k)) & 3];
            BOOST_TEST_CONTEXT("lengths " << mix << " at " << 4 * group)
                compare_encode(cps, test::recording_policy{});
        }
}

// Encoding into a back_inserter's buffer and into the container of to<> (long enough to be filled
// a stretch at a time) with values that are not scalar values close to where the stretches of
// either sink end (192 and 960 values, encode_stretch; 64 after a kernel stops: all multiples of
// 64), in text whose UTF-8 length changes every few values
// (the scalar level's groups), so that errors, groups and runs of ASCII meet the end of a stretch
// at every phase.
BOOST_AUTO_TEST_CASE(encoding_errors_where_the_stretches_of_a_bounded_sink_end)
{
    std::u32string const mixed = test::mixed_lengths(6000);
    std::vector<std::uint32_t> const text(mixed.begin(), mixed.end());
    for (std::size_t phase = 0; phase < 6; ++phase)
    {
        std::vector<std::uint32_t> cps = text;
        test::plant_every(cps, 64, phase, 0xD800u, 0x110000u);
        BOOST_TEST_CONTEXT("phase " << phase)
        {
            compare_encode_all_policies(cps);
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
    compare_decode(l, test::recording_policy{});
    compare_decode(l, test::per_unit_recording_policy{});
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

// ---- nothing read or written outside the ranges ------------------------------------------------------

namespace {

using test::guarded_array;
using test::guarded_copy;

} // namespace

BOOST_AUTO_TEST_CASE(nothing_read_or_written_outside_the_ranges)
{
    // Several blocks of the widest kernel (64 code units) of every kind of text the kernels take
    // a path for: ASCII, 2-, 3- and 4-byte sequences, and errors. Each cut of its end puts the
    // last code unit at another offset of a block, and the input (and so a cut-short sequence)
    // right against the guard.
    std::string text;
    while (text.size() < 600)
        text += "plain ASCII text, caf\xC3\xA9 \xD0\xB4\xCE\xB1, \xE4\xB8\x80\xE2\x82\xAC, \xF0\x9F\x98\x80\xF4\x8F\xBF\xBF, "
                "\xC0\xAF \xED\xA0\x80 \xF0\x9F\x98 \x80 ";
    for (std::size_t cut = 0; cut < 80; ++cut)
    {
        std::string_view const whole(text.data(), text.size() - cut);
        BOOST_TEST_CONTEXT("input of " << whole.size() << " bytes")
        {
            std::u32string const replaced = decode_replace(std::string(whole));
            std::size_t first_error = whole.size();
            {
                log_t log;
                for (char32_t c : utf::views::utf8(whole, test::recording_policy{&log}))
                    (void)c;
                if (!log.empty())
                    first_error = log.front().offset;
            }
            for (bool guard_before : {false, true})
            {
                guarded_array<char> const in_memory(whole.size(), guard_before);
                std::string_view const in = guarded_copy(in_memory, whole);
                BOOST_TEST(utf::is_valid(in) == (first_error == in.size()));
                BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(in) - in.begin()) == first_error);

                // Decoding into exactly the room the output needs, the guard right after it.
                guarded_array<char32_t> const out(replaced.size(), false);
                char32_t* const end = utf::copy(utf::views::utf8(in), out.begin());
                BOOST_TEST((end == out.end()));
                BOOST_TEST((std::u32string_view(out.begin(), out.size()) == replaced));
                BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(in)) == replaced));

                // Encoding the code points back, from guarded input into guarded output.
                guarded_array<char32_t> const cps_memory(replaced.size(), guard_before);
                std::u32string_view const cps = guarded_copy(cps_memory, replaced);
                BOOST_TEST(utf::is_valid(cps));
                BOOST_TEST((utf::find_invalid(cps) == cps.end()));
                std::string const encoded = utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(replaced));
                guarded_array<char> const bytes(encoded.size(), false);
                char* const bytes_end = utf::copy(utf::views::utf32_to_utf8_as<char>(cps), bytes.begin());
                BOOST_TEST((bytes_end == bytes.end()));
                BOOST_TEST((std::string_view(bytes.begin(), bytes.size()) == encoded));
            }
        }
    }
}

namespace {

// `cps` encoded with `policy` by copy from input with the guard right after it into exactly the
// room the output needs, the guard right after it: the same code units as the view's.
template<class Policy>
void encode_into_exact_room(std::vector<std::uint32_t> const& cps, Policy const& policy)
{
    std::string const encoded = test::lazy<char>(utf::views::utf32_to_utf8_as<char>(cps, policy));
    guarded_array<char32_t> const in_memory(cps.size(), false);
    std::u32string_view const in = guarded_copy(in_memory, std::u32string(cps.begin(), cps.end()));
    guarded_array<char> const bytes(encoded.size(), false);
    char* const end = utf::copy(utf::views::utf32_to_utf8_as<char>(in, policy), bytes.begin());
    BOOST_TEST((end == bytes.end()));
    BOOST_TEST((std::string_view(bytes.begin(), bytes.size()) == encoded));
}

} // namespace

BOOST_AUTO_TEST_CASE(encoding_writes_nothing_past_the_output)
{
    // Code points of random lengths, each count from 0 to 200 (so the last block ends at every
    // offset, also past the four blocks of 32 from which the widest encoder stores blocks whole
    // behind its look-ahead), encoded into exactly the room the output needs with the guard
    // right after it; then with a bad value planted at each offset and skipped (the kernel that
    // stores exactly) or replaced (the covered kernel, whose whole stores past a block what
    // follows must write over), so that the output ends right after a block the kernel encodes
    // and before the block it stops at.
    boost_utf_bench::rng r(7);
    std::vector<std::uint32_t> pool;
    for (std::size_t i = 0; i < 200; ++i)
    {
        std::uint32_t const limits[] = {0x80, 0x800, 0x10000, 0x110000};
        std::uint32_t v = r.below(limits[r.below(4)]);
        if (v >= 0xD800 && v < 0xE000)
            v = 0xFFFD;
        pool.push_back(v);
    }
    for (std::size_t n = 0; n <= pool.size(); ++n)
    {
        std::vector<std::uint32_t> const cps(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(n));
        std::string const encoded = utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(cps));
        guarded_array<char> const bytes(encoded.size(), false);
        BOOST_TEST_CONTEXT(n << " code points")
        {
            char* const end = utf::copy(utf::views::utf32_to_utf8_as<char>(cps), bytes.begin());
            BOOST_TEST((end == bytes.end()));
            BOOST_TEST((std::string_view(bytes.begin(), bytes.size()) == encoded));
        }
    }
    for (std::uint32_t bad : {0xD800u, 0x110000u})
        for (std::size_t at = 0; at < 160; ++at)
        {
            std::vector<std::uint32_t> cps(pool.begin(), pool.begin() + 160);
            cps[at] = bad;
            BOOST_TEST_CONTEXT(std::hex << bad << std::dec << " at " << at)
            {
                encode_into_exact_room(cps, utf::skip_on_error);
                encode_into_exact_room(cps, utf::replace_on_error);
            }
        }
    // Letters of one and three or four bytes (which the scalar level writes in groups, each
    // form's junk bytes for the values after it to write over) and then surrogates that are
    // skipped, so write nothing: at each length the groups' last step ends at another place
    // before them.
    for (std::uint32_t const wide : {0x4E00u, 0x1F600u})
        for (std::size_t n = 140; n < 156; ++n)
            for (std::size_t surrogates = 1; surrogates <= 5; ++surrogates)
            {
                std::vector<std::uint32_t> cps;
                for (std::size_t i = 0; i < n; ++i)
                    cps.push_back(static_cast<std::uint32_t>(i % 3 == 2 ? wide + i : 0x61u + i % 26));
                cps.insert(cps.end(), surrogates, 0xDC00u);
                BOOST_TEST_CONTEXT(n << " letters, from " << std::hex << wide << std::dec << ", then " << surrogates
                                     << " surrogates")
                {
                    encode_into_exact_room(cps, utf::skip_on_error);
                }
            }
}

BOOST_AUTO_TEST_CASE(latin_text_at_every_phase)
{
    // The scalar level takes ASCII with a letter now and then (Latin scripts) eight values at a
    // time (encode_latin_run, transcode.hpp): a letter below 800 goes on the same path, over the
    // first value of the eight that is not ASCII, the rest of the eight stored as junk for what
    // follows to write over. Runs of ASCII of every length up to twenty, then one to three
    // letters (two bytes, at both ends of their range; three and four bytes and values that are
    // not scalar values, which end the path), again and again, so that the letters fall on every
    // place of the eight; then nothing, or values that a dropping policy writes nothing for:
    // against the view, into exactly the room the output needs and into the bounded sinks.
    auto const drop = [](utf::error_info const&) { return utf::no_replacement; };
    std::uint32_t const letters[] = {0x80u, 0xE9u, 0x7FFu, 0x800u, 0x10000u, 0xD800u, 0x110000u, 0xFFFFFFFFu};
    for (std::size_t run = 0; run <= 20; ++run)
        for (std::size_t in_a_row = 1; in_a_row <= 3; ++in_a_row)
            for (std::uint32_t letter : letters)
                for (std::size_t tail : {0, 1, 5})
                {
                    std::vector<std::uint32_t> cps;
                    while (cps.size() < 80)
                    {
                        for (std::size_t i = 0; i < run; ++i)
                            cps.push_back(static_cast<std::uint32_t>('a' + (cps.size() + i) % 26));
                        // The first of the letters varies, so that it is not always the one
                        // that ends the path.
                        for (std::size_t i = 0; i < in_a_row; ++i)
                            cps.push_back(i == 0 && cps.size() % 3 == 0 ? 0xE0u + static_cast<std::uint32_t>(run)
                                                                        : letter);
                    }
                    cps.insert(cps.end(), tail, 0xDC00u);
                    BOOST_TEST_CONTEXT(run << " ASCII, " << in_a_row << " of " << std::hex << letter << std::dec
                                           << ", then " << tail << " surrogates")
                    {
                        encode_into_exact_room(cps, utf::replace_on_error);
                        encode_into_exact_room(cps, utf::skip_on_error);
                        encode_into_exact_room(cps, drop);
                        compare_encode(cps, test::recording_policy{});
                        compare_encode(cps, test::recording_policy{nullptr, utf::no_replacement});
                    }
                }
}

// `text` decoded by copy from guarded input into exactly the room its output needs, the guard
// right after both, and by to<>: each gives the U+FFFD-per-subpart decoding.
void decode_into_exact_room(std::string const& text)
{
    std::u32string const expected = decode_replace(text);
    guarded_array<char> const in_memory(text.size(), false);
    std::string_view const in = guarded_copy(in_memory, text);
    test::copies_into_exact_room(utf::views::utf8(in), expected);
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(in)) == expected));
}

namespace {

// `text` decoded with `policy`, to code points and to UTF-16, by copy from guarded input into
// exactly the room the output needs, the guard right after both: each gives the view's output.
template<class Policy>
void decode_into_exact_room_with(std::string const& text, Policy const& policy)
{
    std::u32string const expected = test::lazy<char32_t>(utf::views::utf8(text, policy));
    std::u16string const expected16 = test::lazy<char16_t>(utf::views::utf8(text, policy) | utf::views::utf32_to_utf16);
    guarded_array<char> const in_memory(text.size(), false);
    std::string_view const in = guarded_copy(in_memory, text);
    test::copies_into_exact_room(utf::views::utf8(in, policy), expected);
    test::copies_into_exact_room(utf::views::utf8(in, policy) | utf::views::utf32_to_utf16, expected16);
}

} // namespace

BOOST_AUTO_TEST_CASE(ascii_runs_write_nothing_past_the_output)
{
    // The scalar loops store a word of ASCII whole, its units past the run included, and the
    // kernels a block whole, where what follows is sure to write over them. A policy that writes
    // nothing for an error makes the output end right after the run however much input is left:
    // runs of every length up to three words, and a few of blocks, after text of other lengths,
    // then ill-formed bytes that such a policy drops, few or enough to cover several blocks, then
    // nothing or a little more, into exactly the room the output needs.
    auto const drop = [](utf::error_info const&) { return utf::no_replacement; };
    char const* const befores[] = {"", "\xC3\xA9", "\xE4\xB8\x80", "\xF0\x9F\x98\x80"};
    char const* const afters[] = {"", "z", "\xC3\xA9"};
    std::vector<std::size_t> runs;
    for (std::size_t run = 0; run <= 24; ++run)
        runs.push_back(run);
    for (std::size_t run : {40, 64, 100, 130})
        runs.push_back(run);
    for (char const* before : befores)
        for (std::size_t run : runs)
            for (std::size_t bad : {1, 9, 17, 25, 33, 41, 120, 300})
                for (char const* after : afters)
                    for (char const* letter : {"", "\xC3\xA9", "\xE4\xB8\x80"})
                {
                    // ASCII, or letters of two or three bytes, whose blocks' output is shorter.
                    std::string text = before;
                    for (std::size_t i = 0; i < run; ++i)
                        text += *letter ? std::string(letter) : std::string(1, static_cast<char>('a' + i % 26));
                    text += std::string(bad, '\xFF');
                    text += after;
                    BOOST_TEST_CONTEXT(std::strlen(before) << " bytes, " << run << " letters of "
                                                           << std::max<std::size_t>(std::strlen(letter), 1)
                                                           << " bytes, " << bad
                                                           << " ill-formed, then " << std::strlen(after))
                    {
                        decode_into_exact_room_with(text, utf::skip_on_error);
                        decode_into_exact_room_with(text, utf::replace_policy{utf::no_replacement});
                        decode_into_exact_room_with(text, drop);
                    }
                }
}

BOOST_AUTO_TEST_CASE(well_formed_sequences_at_every_phase)
{
    // Well-formed text whose 2-, 3- and 4-byte sequences, alone and mixed in several orders,
    // start at every offset of the widest kernel's block (64 code units): an ASCII prefix of 0 to
    // 67 bytes shifts the whole pattern, so that every sequence straddles every block boundary
    // and every window boundary inside a block. Decoded into exactly the room the output needs,
    // the guard right after it, and compared with the view's output and error log.
    char const* const units[] = {"a", "\xC3\xA9", "\xE4\xB8\x80", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF",
                                 "\xDF\xBF", "\xEF\xBF\xBD", "\xED\x9F\xBF", "\xE0\xA0\x80", "\xF0\x90\x80\x80"};
    // Indices into units: each pattern repeats until the text holds 256 bytes.
    std::vector<std::vector<int>> const patterns = {
        {1}, {2}, {3}, {1, 2, 3}, {3, 2, 1}, {0, 1, 2, 3}, {3, 0, 0, 2, 0, 1}, {1, 1, 1, 2},
        {2, 3, 3}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, {5, 6, 7, 8, 9, 4}, {0, 2, 0, 0, 3, 1, 1},
    };
    for (std::vector<int> const& pattern : patterns)
        for (std::size_t prefix = 0; prefix < 68; ++prefix)
        {
            std::string text(prefix, 'x');
            for (std::size_t k = 0; text.size() < prefix + 256; ++k)
                text += units[pattern[k % pattern.size()]];
            BOOST_TEST_CONTEXT("pattern of " << pattern.size() << " starting with " << pattern[0] << ", prefix "
                                             << prefix)
            {
                BOOST_TEST(utf::is_valid(text));
                compare_decode(text, test::recording_policy{});
                decode_into_exact_room(text);
            }
        }
}

// `text` transcoded to UTF-16 by copy from guarded input into exactly the room its output needs,
// the guard right after both, and by to<>: each gives the view's output.
void utf8_to_utf16_into_exact_room(std::string const& text)
{
    std::u16string const expected = test::lazy<char16_t>(text | utf::views::utf8 | utf::views::utf32_to_utf16);
    guarded_array<char> const in_memory(text.size(), false);
    std::string_view const in = guarded_copy(in_memory, text);
    test::copies_into_exact_room(in | utf::views::utf8 | utf::views::utf32_to_utf16, expected);
    BOOST_TEST((utf::to<std::u16string>(in | utf::views::utf8 | utf::views::utf32_to_utf16) == expected));
}

namespace {

// Text of `pattern` repeated, shifted by an ASCII prefix of 0 to 64 bytes so that a sequence
// straddles every block end, cut at every length near a block's end, and decoded (to code points
// and to UTF-16) into exactly the room the output needs; then each of `planted` at every offset
// up to `last_at`.
void check_blocks_of(char const* pattern, std::vector<std::string> const& planted, std::size_t last_at)
{
    std::string body;
    while (body.size() < 200)
        body += pattern;
    for (std::size_t prefix = 0; prefix <= 64; ++prefix)
        for (std::size_t cut = 0; cut < (prefix == 0 ? 70 : 1); ++cut)
        {
            std::string const text = std::string(prefix, 'x') + body.substr(0, body.size() - cut);
            BOOST_TEST_CONTEXT("pattern " << test::hex(std::string_view(pattern)) << ", prefix " << prefix << ", cut " << cut)
            {
                compare_decode(text, test::recording_policy{});
                decode_into_exact_room(text);
                compare_utf8_to_utf16(text, test::recording_policy{});
                utf8_to_utf16_into_exact_room(text);
            }
        }
    for (std::string const& plant : planted)
        for (std::size_t at = 0; at <= last_at; ++at)
        {
            std::string s = body;
            s.replace(at, std::min(plant.size(), s.size() - at), plant);
            BOOST_TEST_CONTEXT("pattern " << test::hex(std::string_view(pattern)) << ", plant " << test::hex(plant) << " at " << at)
            {
                compare_decode(s, test::recording_policy{});
                compare_decode(s, test::per_unit_recording_policy{});
                compare_utf8_to_utf16(s, test::recording_policy{});
                compare_utf8_to_utf16(s, test::per_unit_recording_policy{});
            }
        }
}

} // namespace

// The validating kernels, called directly where a bulk call resumes them: inside a sequence,
// whose lead one, two or three bytes back they must read, then through blocks of well-formed
// text of every length. A flag means a byte they judged without the bytes before it.
BOOST_AUTO_TEST_CASE(validating_kernels_resume_inside_a_sequence)
{
    namespace simd = utf::detail::simd;
    // Four-, two-, three- and four-byte sequences in turn.
    std::string text;
    for (unsigned i = 0; text.size() < 600; ++i)
    {
        unsigned const emoji = 0x1F600 + i % 64;
        text += {char(0xF0), char(0x9F), char(0x80 | (emoji >> 6 & 0x3F)), char(0x80 | (emoji & 0x3F))};
        text += {char(0xC3), char(0xA9), char(0xE4), char(0xB8), char(0xAD)};
        text += {char(0xF0), char(0x9F), char(0x98), char(0x80 | (i % 64))};
    }
    auto const* const bytes = reinterpret_cast<unsigned char const*>(text.data());
    for (simd::kernel_set const& k : simd::kernel_sets)
    {
        if (k.validate_width == 0 || k.level > utf::supported_simd_level())
            continue;
        for (std::size_t from = 3; from < 40; ++from)
            for (std::size_t n = k.validate_width; from + n <= text.size(); n += 61)
                BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", from " << from << ", " << n << " bytes")
                {
                    simd::flagged_step const r = k.valid_prefix(bytes + from, n);
                    BOOST_TEST(r.flags == 0u);
                    BOOST_TEST(n - r.at < k.validate_width);
                }
    }
}

namespace {

// Text for the direct UTF-16 kernels: runs of ASCII, two- and three-byte letters, broken now
// and then, of every length up to a few blocks, some with a four-byte sequence or an error in
// them, where the kernels stop.
std::vector<std::string> direct_utf8_to_utf16_inputs()
{
    char const* const letters[] = {"a", "\xC3\xA9", "\xE4\xB8\x80", "\xEF\xBF\xBD"};
    std::vector<std::string> inputs;
    unsigned seed = 7;
    for (std::size_t i = 0; i < 400; ++i)
    {
        std::string s;
        unsigned run = 0;
        for (std::size_t target = i % 13 * 37 + i / 13; s.size() < target;)
        {
            seed = seed * 1103515245u + 12345u;
            unsigned const r = (seed >> 16) % 100;
            if (r < 15)
                run = r % 4;
            s += letters[run];
        }
        if (i % 5 == 3 && !s.empty())
            s.insert(s.size() * (seed >> 20 & 7) / 8, i % 2 ? "\xF0\x9F\x98\x80" : "\xE0\x80");
        inputs.push_back(s);
    }
    // Four-byte sequences among the others, in every block: the kernels that take them write
    // surrogate pairs (never one with the low surrogate DFFF, as check_direct_utf8_to_utf16
    // needs: no code point here ends in 3FF).
    char const* const with_four[] = {"a", "\xC3\xA9", "\xE4\xB8\x80", "\xF0\x9F\x98\x80", "\xF0\x90\x80\x80",
                                     "\xF4\x8F\xBF\xBE"};
    for (std::size_t i = 0; i < 200; ++i)
    {
        std::string s;
        for (std::size_t target = i % 11 * 41 + i / 11; s.size() < target;)
        {
            seed = seed * 1103515245u + 12345u;
            unsigned const r = (seed >> 16) % 100;
            // From mostly four-byte sequences (i small) to a few among ASCII.
            s += with_four[r < 60 - i / 4 ? 3 + r % 3 : r % 3];
        }
        if (i % 7 == 3 && !s.empty())
            s.insert(s.size() * (seed >> 20 & 7) / 8, i % 2 ? "\xF4\x90\x80\x80" : "\xED\xA0\x80");
        inputs.push_back(s);
    }
    return inputs;
}

// decode16, and decode16_covered with `covered` set, of every set this CPU runs: what they
// consume is well-formed and ends where an element ends, what they return is its UTF-16 form,
// and past it they write nothing (decode16), or no more code units than a third of the bytes
// left after those consumed, nor than covered_tail / 3 (decode16_covered).
void check_direct_utf8_to_utf16(bool covered)
{
    namespace simd = utf::detail::simd;
    // Never a code unit of what these kernels write from these inputs (see above).
    constexpr std::uint16_t untouched = 0xDFFF;
    for (simd::kernel_set const& k : simd::kernel_sets)
    {
        simd::decode16_kernel* const kernel = covered ? k.decode16_covered : k.decode16;
        if (kernel == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::string const& text : direct_utf8_to_utf16_inputs())
        {
            std::size_t const n = text.size();
            if (n < k.decode_width)
                continue;
            BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", " << n << " bytes: " << test::hex(std::string_view(text)))
            {
                test::guarded_array<unsigned char> const in(n, false);
                std::memcpy(in.begin(), text.data(), n);
                test::guarded_array<std::uint16_t> const out(n, false);
                std::fill(out.begin(), out.end(), untouched);
                simd::transcode_step const r = kernel(in.begin(), n, out.begin());
                BOOST_TEST_REQUIRE(r.consumed <= n);
                std::string_view const consumed(text.data(), r.consumed);
                BOOST_TEST_REQUIRE(utf::is_valid(consumed));
                std::u16string const expected = utf::to<std::u16string>(consumed | utf::views::utf8 | utf::views::utf32_to_utf16);
                BOOST_TEST_REQUIRE(r.produced == expected.size());
                BOOST_TEST(std::equal(expected.begin(), expected.end(), out.begin(),
                                      [](char16_t e, std::uint16_t o) { return e == o; }));
                std::size_t const slack = covered ? std::min(simd::covered_tail / 3, (n - r.consumed) / 3) : 0;
                BOOST_TEST(std::all_of(out.begin() + std::min(r.produced + slack, n), out.end(),
                                       [](std::uint16_t u) { return u == untouched; }));
            }
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(direct_utf8_to_utf16_kernels_write_exactly_the_utf16_form)
{
    check_direct_utf8_to_utf16(false);
}

namespace {

// decode, and decode_covered with `covered` set, of every set this CPU runs, with the output at
// every alignment to 64 bytes (AVX2 goes on through ASCII from where its stores start a cache
// line): what they consume is well-formed and ends where an element ends, what they return is its
// code points, and past them they write nothing (decode), or no more code points than a quarter
// of the bytes left after those consumed, nor than covered_tail / 4 (decode_covered).
void check_decoding_kernels(bool covered)
{
    namespace simd = utf::detail::simd;
    constexpr char32_t untouched = 0xFFFFFFFF; // never a code point
    std::vector<std::string> inputs = direct_utf8_to_utf16_inputs();
    // Runs of ASCII longer than a block, with an error or another letter just past each, in
    // input long enough for AVX2 to realign its output (ascii_realign_from).
    for (std::size_t run = 30; run < 110; run += 3)
        for (char const* after : {"\xE0\x80", "\xC3\xA9", "\xFF", "\xF0\x9F\x98\x80"})
            inputs.push_back(std::string(run, 'a') + after + std::string(1100 + run % 41, 'b'));
    for (simd::kernel_set const& k : simd::kernel_sets)
    {
        simd::decode_kernel* const kernel = covered ? k.decode_covered : k.decode;
        if (kernel == nullptr || k.level > utf::supported_simd_level())
            continue;
        for (std::string const& text : inputs)
        {
            std::size_t const n = text.size();
            if (n < k.decode_width)
                continue;
            test::guarded_array<unsigned char> const in(n, false);
            std::memcpy(in.begin(), text.data(), n);
            for (std::size_t offset = 0; offset < 16; ++offset)
                BOOST_TEST_CONTEXT(utf::to_string(k.level) << ", output at " << offset << ", " << n
                                                           << " bytes: " << test::hex(std::string_view(text)))
                {
                    test::guarded_array<char32_t> const out(n + 31, false);
                    std::fill(out.begin(), out.end(), untouched);
                    char32_t* const o = test::at_alignment(out.begin(), 64, offset);
                    simd::transcode_step const r = kernel(in.begin(), n, o);
                    BOOST_TEST_REQUIRE(r.consumed <= n);
                    std::string_view const consumed(text.data(), r.consumed);
                    BOOST_TEST_REQUIRE(utf::is_valid(consumed));
                    std::u32string const expected = utf::to<std::u32string>(consumed | utf::views::utf8);
                    BOOST_TEST_REQUIRE(r.produced == expected.size());
                    BOOST_TEST((std::u32string(o, o + r.produced) == expected));
                    std::size_t const slack = covered ? std::min(simd::covered_tail / 4, (n - r.consumed) / 4) : 0;
                    BOOST_TEST(std::all_of(o + std::min(r.produced + slack, n), out.end(),
                                           [](char32_t c) { return c == untouched; }));
                    BOOST_TEST(std::all_of(out.begin(), o, [](char32_t c) { return c == untouched; }));
                }
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(decoding_kernels_write_exactly_the_code_points)
{
    check_decoding_kernels(false);
}

BOOST_AUTO_TEST_CASE(covered_decoding_kernels_write_the_code_points)
{
    check_decoding_kernels(true);
}

BOOST_AUTO_TEST_CASE(covered_utf8_to_utf16_kernels_write_the_utf16_form)
{
    check_direct_utf8_to_utf16(true);
}

BOOST_AUTO_TEST_CASE(one_and_two_byte_blocks)
{
    // Text of one- and two-byte sequences alone, which the AVX2 kernel decodes in 16-bit lanes:
    // mixes whose groups of eight positions hold from four to eight leads. Every bad sequence,
    // and 3- and 4-byte ones, are planted over the first two AVX2 blocks and the byte after
    // them, which a lead at byte 31 or 63 takes along.
    char const* const patterns[] = {"\xC3\xA9", "a\xC3\xA9", "\xD0\xB4\xCE\xB1 ", "\xC2\x80\xDF\xBF\x7F",
                                    "ab\xD7\x90", "abcdefg\xD9\x85", "\xC2\x80\xC2\x80\xC2\x80\x01"};
    for (char const* pattern : patterns)
        check_blocks_of(pattern, plants(), 68);
}

BOOST_AUTO_TEST_CASE(one_to_three_byte_blocks)
{
    // Text of one- to three-byte sequences, which the AVX2 kernel decodes in 16-bit lanes: the
    // extremes of each length (7F, 80, 7FF, 800, D7FF, E000, FFFF), and mixes whose groups of
    // eight positions hold from two to eight leads. Every bad sequence (surrogates, overlongs,
    // truncations), and 4-byte ones, are planted at every offset of the first two blocks and
    // the two bytes after them, which a lead at byte 30 or 31 reads.
    char const* const patterns[] = {"\xE4\xB8\x80", "a\xE4\xB8\x80", "\xE0\xA0\x80\xEF\xBF\xBF\xED\x9F\xBF",
                                    "\xC3\xA9\xE2\x82\xAC", "ab\xE3\x81\x82\xDF\xBF ", "\xEE\x80\x80\xC2\x80\x7F"};
    std::vector<std::string> planted = plants();
    for (char const* more : {"E0 80 80", "ED BF BF", "EF BF BF", "E0 A0 80", "C2 80 E0"})
        planted.push_back(test::bytes(more));
    for (char const* pattern : patterns)
        check_blocks_of(pattern, planted, 69);
}

BOOST_AUTO_TEST_SUITE_END()

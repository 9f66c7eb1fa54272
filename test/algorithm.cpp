// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Test that the header is self-contained.
#include <boost/utf/algorithm.hpp>

#define BOOST_TEST_MODULE algorithm
#include <boost/test/unit_test.hpp>

#include "test_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <forward_list>
#include <fstream>
#include <iterator>
#include <list>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace utf = boost::utf;

namespace {

std::string hex(std::u32string const& s)
{
    std::ostringstream os;
    os << std::hex;
    for (char32_t c : s)
        os << static_cast<std::uint32_t>(c) << ' ';
    return os.str();
}

template<class Range>
std::string hex_bytes(Range const& r)
{
    std::ostringstream os;
    os << std::hex;
    for (auto c : r)
        os << static_cast<unsigned>(static_cast<unsigned char>(c)) << ' ';
    return os.str();
}

// "Hé€😀" followed by E0 80 (two maximal subparts) and "!"
std::string const sample = "H\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xE0\x80!";

} // namespace

BOOST_AUTO_TEST_CASE(to_decodes_with_every_policy)
{
    BOOST_TEST(hex(utf::to<std::u32string>(utf::views::utf8(sample))) == "48 e9 20ac 1f600 fffd fffd 21 ");
    BOOST_TEST(hex(utf::to<std::u32string>(utf::views::utf8(sample, utf::skip_on_error))) == "48 e9 20ac 1f600 21 ");
    BOOST_TEST(hex(utf::to<std::u32string>(utf::views::utf8(sample, utf::replace_policy{U'?'}))) ==
               "48 e9 20ac 1f600 3f 3f 21 ");
    try
    {
        (void)utf::to<std::u32string>(utf::views::utf8(sample, utf::throw_on_error));
        BOOST_ERROR("throw_policy did not throw");
    }
    catch (utf::utf_error const& e)
    {
        BOOST_TEST(static_cast<int>(e.kind()) == static_cast<int>(utf::error_kind::overlong));
        BOOST_TEST(e.offset() == 10u);
    }
    // Other containers, through push_back.
    auto const v = utf::to<std::vector<std::uint32_t>>(utf::views::utf8(sample));
    BOOST_TEST(v.size() == 7u);
    auto const d = utf::to<std::deque<char32_t>>(utf::views::utf8(sample));
    BOOST_TEST(d.size() == 7u);
}

BOOST_AUTO_TEST_CASE(to_encodes_with_every_policy)
{
    std::u32string const cps = {U'A', char32_t(0xD800), U'\u00E9', char32_t(0x110000), U'\U0001F600'};
    BOOST_TEST(hex_bytes(utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(cps))) ==
               "41 ef bf bd c3 a9 ef bf bd f0 9f 98 80 ");
    BOOST_TEST(hex_bytes(utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(cps, utf::skip_on_error))) ==
               "41 c3 a9 f0 9f 98 80 ");
    try
    {
        (void)utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(cps, utf::throw_on_error));
        BOOST_ERROR("throw_policy did not throw");
    }
    catch (utf::utf_error const& e)
    {
        BOOST_TEST(static_cast<int>(e.kind()) == static_cast<int>(utf::error_kind::surrogate));
        BOOST_TEST(e.offset() == 1u);
    }
#if BOOST_UTF_HAS_CHAR8_T
    std::u8string const u8 = utf::to<std::u8string>(utf::views::utf32_to_utf8_as<char8_t>(cps));
    BOOST_TEST(u8.size() == 13u);
#endif
    auto const bytes = utf::to<std::vector<std::byte>>(utf::views::utf32_to_utf8_as<std::byte>(cps));
    BOOST_TEST(bytes.size() == 13u);
    BOOST_TEST(std::to_integer<int>(bytes[0]) == 0x41);
}

// The bulk encoder takes ASCII four code points at a time and, in a long run, as words; runs of
// every length, starting at every offset of a group, ended by a value of every UTF-8 length or
// one that is not a scalar value, must come out as the view gives them, and nothing past them
// (the output is exactly as long).
BOOST_AUTO_TEST_CASE(copy_encodes_ascii_runs_of_every_length)
{
    for (char32_t const stop : {U'\u00E9', U'\u4E2D', U'\U0001F600', char32_t(0xDC00)})
    {
        std::u32string cps;
        for (std::size_t n = 1; n <= 40; ++n)
        {
            for (std::size_t i = 0; i < n; ++i)
                cps += static_cast<char32_t>(U'a' + (n + i) % 26);
            cps += stop;
        }
        cps += U"tail";
        // The view, walked: it writes one value at a time, with none of the bulk loop's groups.
        std::vector<char> const walked = test::forward(utf::views::utf32_to_utf8_as<char>(cps));
        std::string const expected(walked.begin(), walked.end());
        std::string out(expected.size(), '\0');
        char* const end = utf::copy(utf::views::utf32_to_utf8_as<char>(cps), out.data());
        BOOST_TEST(static_cast<std::size_t>(end - out.data()) == expected.size());
        BOOST_TEST(hex_bytes(out) == hex_bytes(expected));
        BOOST_TEST(hex_bytes(utf::to<std::string>(utf::views::utf32_to_utf8_as<char>(cps))) == hex_bytes(expected));
    }
}

BOOST_AUTO_TEST_CASE(copy_returns_the_end_of_the_output)
{
    char32_t buffer[16] = {};
    char32_t* const end = utf::copy(utf::views::utf8(sample), buffer);
    BOOST_TEST(static_cast<long>(end - buffer) == 7);
    BOOST_TEST(static_cast<std::uint32_t>(buffer[3]) == 0x1F600u);
    BOOST_TEST(static_cast<std::uint32_t>(buffer[7]) == 0u); // nothing written past it (long inputs
    // against guard pages, under every kernel: algorithm_sameness.cpp)

    std::list<char32_t> l;
    utf::copy(utf::views::utf8(sample, utf::skip_on_error), std::back_inserter(l));
    BOOST_TEST(l.size() == 5u);

    unsigned char bytes[16] = {};
    std::u32string const cps = U"a\u00E9";
    unsigned char* const e = utf::copy(utf::views::utf32_to_utf8_as<unsigned char>(cps), bytes);
    BOOST_TEST(static_cast<long>(e - bytes) == 3);
    BOOST_TEST(bytes[1] == 0xC3);
    BOOST_TEST(bytes[3] == 0);
}

BOOST_AUTO_TEST_CASE(the_policy_is_called_as_by_the_view)
{
    std::vector<utf::error_info> by_view, by_copy;
    std::u32string a;
    for (char32_t c : utf::views::utf8(sample, test::recording_policy{&by_view, U'?'}))
        a += c;
    std::u32string const b = utf::to<std::u32string>(utf::views::utf8(sample, test::recording_policy{&by_copy, U'?'}));
    BOOST_TEST(test::describe(by_view, true) == "overlong@10+1=E0 unexpected_continuation@11+1=80");
    BOOST_TEST(test::describe(by_copy, true) == test::describe(by_view, true));
    BOOST_TEST((a == b));
    BOOST_TEST(hex(b) == "48 e9 20ac 1f600 3f 3f 21 ");
}

BOOST_AUTO_TEST_CASE(is_valid_and_find_invalid_on_code_units)
{
    std::string const good = "H\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
    BOOST_TEST(utf::is_valid(good));
    BOOST_TEST(utf::is_valid(std::string_view()));
    BOOST_TEST((utf::find_invalid(good) == good.end()));
    BOOST_TEST(!utf::is_valid(sample));
    BOOST_TEST(static_cast<long>(utf::find_invalid(sample) - sample.begin()) == 10);
    // A sequence cut by the end of the input is an error at its first code unit.
    std::string const cut = std::string(100, 'a') + "\xF0\x9F\x98";
    BOOST_TEST(static_cast<long>(utf::find_invalid(cut) - cut.begin()) == 100);
    // Each kind of error.
    for (auto const& [bytes, at] : std::vector<std::pair<std::string, int>>{
             {"ab\x80", 2}, {"\xC0\xAF", 0}, {"a\xED\xA0\x80", 1}, {"\xF4\x90\x80\x80", 0},
             {"aa\xF8", 2}, {"\xE1\x80" "a", 0}, {"\xC3\xA9\xC3", 2}})
    {
        BOOST_TEST(!utf::is_valid(bytes));
        BOOST_TEST(static_cast<int>(utf::find_invalid(bytes) - bytes.begin()) == at);
    }
    // Ranges that are not contiguous take the generic path, with the same answers.
    std::list<char> const l(sample.begin(), sample.end());
    BOOST_TEST(!utf::is_valid(l));
    BOOST_TEST(std::distance(l.begin(), utf::find_invalid(l)) == 10);
    std::forward_list<unsigned char> const f(good.begin(), good.end());
    BOOST_TEST(utf::is_valid(f));
    // A single-pass range can be validated.
    std::istringstream in(good);
#if BOOST_UTF_STD_RANGES
    namespace lib = std::ranges;
#else
    namespace lib = ::ranges;
#endif
    auto const single = lib::subrange(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    BOOST_TEST(utf::is_valid(single));
}

BOOST_AUTO_TEST_CASE(is_valid_and_find_invalid_on_code_points)
{
    std::u32string const good = U"a\u00E9\U0010FFFF";
    BOOST_TEST(utf::is_valid(good));
    std::vector<std::uint32_t> const bad = {0x41, 0x42, 0xDC00, 0x110000};
    BOOST_TEST(!utf::is_valid(bad));
    BOOST_TEST(static_cast<long>(utf::find_invalid(bad) - bad.begin()) == 2);
    std::vector<int> const negative(100, 0x4E00);
    BOOST_TEST(utf::is_valid(negative));
    std::vector<int> n2 = negative;
    n2[77] = -1;
    BOOST_TEST(!utf::is_valid(n2));
    BOOST_TEST(static_cast<long>(utf::find_invalid(n2) - n2.begin()) == 77);
    std::list<char32_t> const l = {U'a', char32_t(0xD800)};
    BOOST_TEST(std::distance(l.begin(), utf::find_invalid(l)) == 1);
}

#if BOOST_UTF_STD_RANGES
BOOST_AUTO_TEST_CASE(rvalue_views_and_owning_views)
{
    // A view over a temporary std::string that owns it (C++20 owning_view), moved into to<>.
    BOOST_TEST(hex(utf::to<std::u32string>(std::string("\xC3\xA9") | utf::views::utf8)) == "e9 ");
    // An lvalue view holding a move-only owning range still works, through the generic path.
    auto v = std::string("\xE2\x82\xAC") | utf::views::utf8;
    BOOST_TEST(hex(utf::to<std::u32string>(v)) == "20ac ");
    char32_t out[2] = {};
    BOOST_TEST(static_cast<long>(utf::copy(v, out) - out) == 1);
}
#endif

BOOST_AUTO_TEST_CASE(simd_level_and_cap)
{
    BOOST_TEST(std::string(utf::to_string(utf::simd_level::scalar)) == "scalar");
    BOOST_TEST(std::string(utf::to_string(utf::simd_level::sse)) == "sse");
    BOOST_TEST(std::string(utf::to_string(utf::simd_level::avx2)) == "avx2");
    BOOST_TEST(std::string(utf::to_string(utf::simd_level::avx512bw)) == "avx512bw");
    BOOST_TEST(std::string(utf::to_string(utf::simd_level::avx512vbmi2)) == "avx512vbmi2");
    utf::simd_level const supported = utf::supported_simd_level();
    BOOST_TEST((utf::active_simd_level() <= supported));
    // Capped at scalar, the bulk operations still give the same results.
    std::string const s = std::string(100, 'a') + "\xE2\x82\xAC\xFF" + std::string(100, 'b');
    std::size_t const at = static_cast<std::size_t>(utf::find_invalid(s) - s.begin());
    std::u32string const decoded = utf::to<std::u32string>(utf::views::utf8(s));
    utf::simd_level const previous = utf::set_simd_cap(utf::simd_level::scalar);
    BOOST_TEST((utf::active_simd_level() == utf::simd_level::scalar));
    BOOST_TEST(static_cast<std::size_t>(utf::find_invalid(s) - s.begin()) == at);
    BOOST_TEST(at == 103u);
    BOOST_TEST((utf::to<std::u32string>(utf::views::utf8(s)) == decoded));
    BOOST_TEST((utf::set_simd_cap(previous) == utf::simd_level::scalar));
    BOOST_TEST((utf::active_simd_level() == std::min(previous, supported)));
}

#if BOOST_UTF_SIMD_X86 && defined(__linux__)
// The CPU model that decides between the avx2 level's two rows (detail/simd/dispatch.hpp), read
// from CPUID, against what Linux says of the same CPU.
BOOST_AUTO_TEST_CASE(cpus_that_split_256_bit_operations)
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line, vendor;
    int family = -1, model = -1;
    while (std::getline(cpuinfo, line) && line.find("model name") != 0)
    {
        std::string const value = line.substr(line.find(':') + 1);
        if (line.find("vendor_id") == 0)
            vendor = value.substr(value.find_first_not_of(' '));
        else if (line.find("cpu family") == 0)
            family = std::stoi(value);
        else if (line.find("model") == 0)
            model = std::stoi(value);
    }
    // CPUID's vendor, which an emulator such as qemu-user gives for the CPU it emulates while
    // Linux describes the host's.
    auto const r0 = utf::detail::simd::cpuid(0, 0);
    char cpuid_vendor[13] = {};
    std::memcpy(cpuid_vendor, &r0.ebx, 4);
    std::memcpy(cpuid_vendor + 4, &r0.edx, 4);
    std::memcpy(cpuid_vendor + 8, &r0.ecx, 4);
    if (vendor != cpuid_vendor || family < 0 || model < 0)
        return;
    bool const expected = (vendor == "AuthenticAMD" && (family < 0x17 || (family == 0x17 && model < 0x30))) ||
                          (vendor == "HygonGenuine" && family == 0x18);
    BOOST_TEST_MESSAGE(vendor << ", family " << family << ", model " << model);
    BOOST_TEST(utf::detail::simd::splits_256_bit_operations() == expected);
}
#endif

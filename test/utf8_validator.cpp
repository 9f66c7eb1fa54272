// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// utf8_validator: however an input is cut, it says false exactly when views::utf8 over the whole
// finds an error, in the call that hands over the byte making the first error certain, and it
// names that error as the view's policy would be told of it.

#include <boost/utf/utf8_validator.hpp>

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE utf8_validator
#include <boost/test/unit_test.hpp>

#include "corpus_files.hpp"
#include "json.hpp"
#include "stream_support.hpp"
#include "counting_new.hpp"
#include "test_support.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <list>
#include <new>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace utf = boost::utf;

namespace {

static_assert(std::is_trivially_copyable<utf::utf8_validator>::value, "a validator is a trivially copyable value");
static_assert(std::is_nothrow_default_constructible<utf::utf8_validator>::value, "");
static_assert(noexcept(std::declval<utf::utf8_validator&>().write(std::declval<std::string_view>())),
              "a contiguous chunk is read through a pointer: nothing can throw");
static_assert(!noexcept(std::declval<utf::utf8_validator&>().write(std::declval<std::list<char> const&>())),
              "a non-contiguous chunk is read through its iterators");

// Feeds the cuts; returns after which byte write() first said false (SIZE_MAX: finish() did;
// SIZE_MAX - 1: nothing did), and checks that false stays false.
std::size_t failed_after(utf::utf8_validator& v, std::string const& in, test::cuts const& c)
{
    std::size_t result = SIZE_MAX - 1;
    std::size_t at = 0;
    for (std::size_t k : c)
    {
        bool const ok = v.write(std::string_view(in.data() + at, k));
        at += k;
        if (!ok && result == SIZE_MAX - 1)
            result = at - 1;
        BOOST_TEST(ok == (result == SIZE_MAX - 1));
        BOOST_TEST(v.ok() == ok);
    }
    bool const ok = v.finish();
    if (!ok && result == SIZE_MAX - 1)
        result = SIZE_MAX;
    BOOST_TEST(ok == (result == SIZE_MAX - 1));
    BOOST_TEST(v.finish() == ok);
    return result;
}

void check_cut(std::string const& in, test::cuts const& c)
{
    std::vector<utf::error_info> log;
    for (char32_t ch : in | utf::views::utf8(test::recording<utf::replace_policy>{&log}))
        (void)ch;
    utf::utf8_validator v;
    std::size_t const failed = failed_after(v, in, c);
    BOOST_TEST((failed == SIZE_MAX - 1) == log.empty());
    BOOST_TEST(v.first_error().has_value() == !log.empty());
    if (!log.empty() && v.first_error())
        BOOST_TEST(test::describe(*v.first_error()) == test::describe(log.front()));
    BOOST_TEST(utf::is_valid(in) == log.empty());
}

void check_all_cuts(std::string const& in, std::mt19937& gen, int random_rounds)
{
    for (std::size_t at = 0; at <= in.size(); ++at)
        BOOST_TEST_CONTEXT("cut at " << at) check_cut(in, test::cut_at(in.size(), at));
    BOOST_TEST_CONTEXT("one byte at a time") check_cut(in, test::one_byte_each(in.size()));
    for (int i = 0; i < random_rounds; ++i)
        check_cut(in, test::random_cuts(gen, in.size()));
}

// One byte at a time, write() says false in the call that hands over the byte that makes the
// first error certain.
void check_promptness(std::string const& in)
{
    std::vector<std::size_t> const certain = test::certain_at(in);
    utf::utf8_validator v;
    std::size_t const failed = failed_after(v, in, test::one_byte_each(in.size()));
    BOOST_TEST(failed == (certain.empty() ? SIZE_MAX - 1 : certain.front()));
}

test::json const& vectors()
{
    static test::json const doc = test::json::parse(test::read_corpus("vectors.json"));
    return doc;
}

} // namespace

BOOST_AUTO_TEST_CASE(cut_anywhere_gives_the_one_shot_verdict_for_every_corpus_vector)
{
    std::mt19937 gen(14);
    std::size_t count = 0;
    for (auto const& v : vectors().at("vectors").a)
    {
        if (v.at("direction").s != "decode")
            continue;
        ++count;
        std::string const in = test::bytes(v.at("input_hex").s);
        BOOST_TEST_CONTEXT(v.at("id").s)
        {
            check_all_cuts(in, gen, 8);
            check_promptness(in);
            BOOST_TEST(utf::is_valid(in) == v.at("valid").b);
        }
    }
    BOOST_TEST(count == 650u);
}

BOOST_AUTO_TEST_CASE(cut_anywhere_gives_the_one_shot_verdict_for_random_inputs)
{
    std::mt19937 gen(20261123);
    for (int i = 0; i < 600; ++i)
    {
        // Mostly short; every few a well-formed stretch, so that valid inputs are common too.
        std::string in = test::random_utf8ish(gen, 12);
        if (i % 3 == 0)
            in = "\xE2\x82\xAC" + in.substr(0, in.size() / 3) + "\xF0\x9F\x98\x80";
        if (i % 5 == 0)
            in = "a\xC3\xA9\xED\x9F\xBF\xF4\x8F\xBF\xBF";
        BOOST_TEST_CONTEXT(test::hex(in))
        {
            check_all_cuts(in, gen, 4);
            check_promptness(in);
        }
    }
}

BOOST_AUTO_TEST_CASE(long_chunks_go_through_the_bulk_path)
{
    std::mt19937 gen(9);
    for (int round = 0; round < 40; ++round)
    {
        std::string in;
        while (in.size() < 5000)
            in += "plain ASCII text, then \xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 ";
        // One error (or none) somewhere, sometimes right at a cut.
        if (round % 4 != 0)
        {
            std::string const bad = test::random_utf8ish(gen, 4);
            in.insert(gen() % in.size(), bad);
        }
        test::cuts c;
        for (std::size_t left = in.size(); left != 0;)
        {
            std::size_t const k = std::min<std::size_t>(left, gen() % 1500);
            c.push_back(k);
            left -= k;
        }
        check_cut(in, c);
    }
}

BOOST_AUTO_TEST_CASE(the_contract_example)
{
    // ED then A0 in the next chunk: false during that next call.
    utf::utf8_validator v;
    BOOST_TEST(v.write(std::string_view("a\xED")));
    BOOST_TEST(v.pending() == 1u);
    BOOST_TEST(!v.write(std::string_view("\xA0")));
    BOOST_TEST(!v.write(std::string_view("b")));
    BOOST_TEST(!v.finish());
    BOOST_TEST(test::describe(*v.first_error()) == "surrogate@1+1");
    v.reset();
    BOOST_TEST(!v.first_error());
    BOOST_TEST(v.write(std::string_view("\xF0\x9F")));
    BOOST_TEST(v.write(std::string_view("\x98")));
    BOOST_TEST(!v.finish());
    BOOST_TEST(test::describe(*v.first_error()) == "truncated@0+3");
}

BOOST_AUTO_TEST_CASE(any_range_of_code_units_is_a_chunk)
{
    utf::utf8_validator v;
    std::list<char> const a{'\x41', '\xE2'};
    std::vector<std::byte> const b{std::byte{0x82}};
    std::vector<unsigned char> const c{0xAC, 0x41};
    BOOST_TEST(v.write(a));
    BOOST_TEST(v.write(b));
    BOOST_TEST(v.write(c));
    BOOST_TEST(v.finish());
    std::string const bad = test::bytes("41 E2 82 41");
    test::test_range<std::input_iterator_tag, char> const single_pass(bad.data(), bad.data() + bad.size());
    v.reset();
    BOOST_TEST(!v.write(single_pass));
}

BOOST_AUTO_TEST_CASE(nothing_allocates)
{
    std::string in;
    while (in.size() < 200000)
        in += "some ASCII, \xC3\xA9, \xE2\x82\xAC and \xF0\x9F\x98\x80. ";
    std::list<char> const list_chunk(in.begin(), in.begin() + 1000);
    std::size_t const before = test::allocations.load();
    utf::utf8_validator v;
    bool ok = true;
    for (std::size_t at = 0; at < in.size(); at += 65521)
        ok = v.write(std::string_view(in.data() + at, std::min<std::size_t>(65521, in.size() - at))) && ok;
    ok = v.write(list_chunk) && ok;
    ok = v.finish() && ok;
    BOOST_TEST(test::allocations.load() == before);
    BOOST_TEST(ok);
}

BOOST_AUTO_TEST_CASE(documentation_example)
{
    std::vector<std::string> const frames{"{\"msg\": \"caf\xC3", "\xA9\", \"bad\": \"\xED", "\xA0\x80\"}"};
    std::string closed_because;
    // tag::validator_frames[]
    boost::utf::utf8_validator text_frame;
    for (std::string const& fragment : frames)
        if (!text_frame.write(fragment))
        {
            // Certainly ill-formed: close the connection now, not at the end of the message.
            boost::utf::error_info const e = *text_frame.first_error();
            closed_because = std::string(boost::utf::to_string(e.kind)) + " at byte " + std::to_string(e.offset);
            break;
        }
    // end::validator_frames[]
    BOOST_TEST(closed_because == "surrogate at byte 25");
}

namespace {

// The shape of Asio's const_buffer, without Asio.
struct const_buffer_like
{
    void const* p;
    std::size_t n;
    void const* data() const noexcept { return p; }
    std::size_t size() const noexcept { return n; }
};

} // namespace

BOOST_AUTO_TEST_CASE(buffers_and_buffer_sequences_are_chunks)
{
    std::string const in = test::bytes("41 E2 82 AC F0 9F 98 80 ED A0 80");
    utf::utf8_validator v;
    BOOST_TEST(v.write(const_buffer_like{in.data(), 2}));
    std::vector<const_buffer_like> const sequence{{in.data() + 2, 3}, {in.data() + 5, 0}, {in.data() + 5, 4}};
    BOOST_TEST(v.write(sequence));
    BOOST_TEST(v.pending() == 1u); // ED
    BOOST_TEST(!v.write(const_buffer_like{in.data() + 9, 2}));
    BOOST_TEST(test::describe(*v.first_error()) == "surrogate@8+1");
}

// A byte order mark is well-formed UTF-8 (U+FEFF): the validator needs no option for it, takes
// it however it is cut, and counts it in offsets; a mark begun and not finished is an error as
// any other truncated sequence is.
BOOST_AUTO_TEST_CASE(a_byte_order_mark_is_well_formed_however_it_is_cut)
{
    std::string const bom = "\xEF\xBB\xBF";
    std::mt19937 gen(14);
    for (std::string const& in : {bom, bom + "caf\xC3\xA9", bom + bom, std::string("\xEF\xBB" "A"),
                                  std::string("\xEF\xBB"), bom + "\xEF\xBB" "A", bom + "a\xFF"})
        BOOST_TEST_CONTEXT("input " << test::hex(in))
        {
            check_all_cuts(in, gen, 5);
            check_promptness(in);
        }
    utf::utf8_validator v;
    BOOST_TEST(v.write(std::string_view("\xEF")));
    BOOST_TEST(v.write(std::string_view("\xBB")));
    BOOST_TEST(!v.write(std::string_view("A")));
    auto const e = v.first_error();
    BOOST_TEST_REQUIRE(e.has_value());
    BOOST_TEST(std::string(utf::to_string(e->kind)) == "truncated");
    BOOST_TEST(e->offset == 0u);
    BOOST_TEST(e->length == 2u);
    v.reset();
    BOOST_TEST(v.write(std::string_view("\xEF\xBB")));
    BOOST_TEST(v.write(std::string_view("\xBF" "a\xFF")) == false);
    BOOST_TEST(v.first_error()->offset == 4u);
}

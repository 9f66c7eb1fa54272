// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// utf8_decoder: however an input is cut into chunks, the code points and the policy calls are
// those of views::utf8 over the whole, under replace, skip and throw; each error is reported in
// the call that receives the byte that makes it certain; the decoder is a small trivially
// copyable value that never allocates.

#include <boost/utf/utf8_decoder.hpp>

#include <boost/utf.hpp>

#define BOOST_TEST_MODULE utf8_decoder
#include <boost/test/unit_test.hpp>

#include "corpus_files.hpp"
#include "json.hpp"
#include "stream_support.hpp"
#include "counting_new.hpp"
#include "test_support.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <iterator>
#include <list>
#include <new>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace utf = boost::utf;
namespace views = boost::utf::views;

namespace {

static_assert(std::is_trivially_copyable<utf::utf8_decoder<>>::value,
              "a decoder with a built-in policy is a trivially copyable value");
static_assert(std::is_trivially_copyable<utf::utf8_decoder<utf::skip_policy>>::value, "");
static_assert(std::is_trivially_copyable<utf::utf8_decoder<utf::throw_policy>>::value, "");
static_assert(sizeof(utf::utf8_decoder<utf::skip_policy>) <= 2 * sizeof(std::size_t),
              "a decoder holds an offset and at most three bytes");
static_assert(std::is_same<decltype(utf::utf8_decoder{}), utf::utf8_decoder<utf::replace_policy>>::value, "");
static_assert(std::is_same<decltype(utf::utf8_decoder{utf::skip_on_error}), utf::utf8_decoder<utf::skip_policy>>::value,
              "");

// decode() and finish() are noexcept exactly when nothing they call can throw: the policy, the
// output iterator, and the reading of the chunk.
template<class P, class Chunk, class Out>
constexpr bool decode_is_noexcept = noexcept(std::declval<utf::utf8_decoder<P>&>().decode(std::declval<Chunk>(),
                                                                                          std::declval<Out>()));
template<class P, class Out>
constexpr bool finish_is_noexcept = noexcept(std::declval<utf::utf8_decoder<P>&>().finish(std::declval<Out>()));

static_assert(decode_is_noexcept<utf::replace_policy, std::string_view, char32_t*>, "");
static_assert(decode_is_noexcept<utf::skip_policy, std::string const&, char32_t*>, "");
static_assert(decode_is_noexcept<utf::replace_policy, std::vector<unsigned char>&, char32_t*>, "");
static_assert(finish_is_noexcept<utf::replace_policy, char32_t*>, "");
static_assert(finish_is_noexcept<utf::skip_policy, char32_t*>, "");
static_assert(!decode_is_noexcept<utf::throw_policy, std::string_view, char32_t*>, "throw_policy throws");
static_assert(!finish_is_noexcept<utf::throw_policy, char32_t*>, "");
static_assert(!decode_is_noexcept<utf::replace_policy, std::string_view, std::back_insert_iterator<std::u32string>>,
              "a back_insert_iterator allocates");
static_assert(!finish_is_noexcept<utf::skip_policy, std::back_insert_iterator<std::u32string>>, "");
static_assert(!decode_is_noexcept<utf::replace_policy, std::list<char> const&, char32_t*>,
              "a non-contiguous chunk is read through its iterators");
static_assert(std::is_nothrow_constructible<utf::utf8_decoder<>, utf::drop_bom_t>::value, "");
static_assert(std::is_same<decltype(utf::utf8_decoder{utf::drop_bom}), utf::utf8_decoder<utf::replace_policy>>::value,
              "");
static_assert(std::is_same<decltype(utf::utf8_decoder{utf::skip_on_error, utf::drop_bom}),
                           utf::utf8_decoder<utf::skip_policy>>::value,
              "");

// What the streamed decode says, cut by `c`: elements, policy calls, and after which byte each
// policy call came (the index of the last byte handed over when it was made; SIZE_MAX: finish).
struct streamed
{
    std::u32string code_points;
    std::vector<std::string> errors;
    std::vector<std::size_t> reported_after;
};

template<class Inner>
streamed decode_in_chunks(std::string const& in, test::cuts const& c, Inner inner = Inner(), bool drop_bom = false)
{
    std::vector<utf::error_info> log;
    streamed r;
    test::recording<Inner> const policy{&log, inner};
    utf::utf8_decoder<test::recording<Inner>> d =
        drop_bom ? utf::utf8_decoder(policy, utf::drop_bom) : utf::utf8_decoder(policy);
    std::size_t at = 0;
    auto const note = [&](std::size_t after) {
        while (r.reported_after.size() < log.size())
            r.reported_after.push_back(after);
    };
    for (std::size_t k : c)
    {
        d.decode(std::string_view(in.data() + at, k), std::back_inserter(r.code_points));
        at += k;
        note(at - 1);
    }
    BOOST_TEST(d.consumed() == in.size());
    d.finish(std::back_inserter(r.code_points));
    note(SIZE_MAX);
    BOOST_TEST(d.consumed() == 0u);
    BOOST_TEST(d.pending() == 0u);
    r.errors = test::describe_all(log);
    return r;
}

// throw_on_error: what was written before the throw, and the exception's "kind@offset".
struct thrown
{
    std::u32string code_points;
    std::string error = "none";
};

thrown one_shot_throwing(std::string const& in)
{
    thrown r;
    try
    {
        for (char32_t c : in | views::utf8(utf::throw_on_error))
            r.code_points.push_back(c);
    }
    catch (utf::utf_error const& e)
    {
        r.error = std::string(utf::to_string(e.kind())) + '@' + std::to_string(e.offset());
    }
    return r;
}

thrown streamed_throwing(std::string const& in, test::cuts const& c)
{
    thrown r;
    utf::utf8_decoder<utf::throw_policy> d;
    try
    {
        std::size_t at = 0;
        for (std::size_t k : c)
        {
            d.decode(std::string_view(in.data() + at, k), std::back_inserter(r.code_points));
            at += k;
        }
        d.finish(std::back_inserter(r.code_points));
    }
    catch (utf::utf_error const& e)
    {
        r.error = std::string(utf::to_string(e.kind())) + '@' + std::to_string(e.offset());
        // A throw leaves the decoder as reset() does.
        BOOST_TEST(d.consumed() == 0u);
        BOOST_TEST(d.pending() == 0u);
    }
    return r;
}

// Every check for one input and one way of cutting it.
void check_cut(std::string const& in, test::cuts const& c)
{
    test::one_shot const replaced = test::decode_whole<utf::replace_policy>(in);
    streamed const r = decode_in_chunks<utf::replace_policy>(in, c);
    BOOST_TEST(test::cps(r.code_points) == test::cps(replaced.code_points));
    BOOST_TEST(r.errors == replaced.errors, boost::test_tools::per_element());

    test::one_shot const skipped = test::decode_whole<utf::skip_policy>(in);
    streamed const s = decode_in_chunks<utf::skip_policy>(in, c);
    BOOST_TEST(test::cps(s.code_points) == test::cps(skipped.code_points));
    BOOST_TEST(s.errors == skipped.errors, boost::test_tools::per_element());

    thrown const expected = one_shot_throwing(in);
    thrown const t = streamed_throwing(in, c);
    BOOST_TEST(test::cps(t.code_points) == test::cps(expected.code_points));
    BOOST_TEST(t.error == expected.error);
}

// Every single cut, one byte at a time, and random multi-way cuts.
void check_all_cuts(std::string const& in, std::mt19937& gen, int random_rounds)
{
    for (std::size_t at = 0; at <= in.size(); ++at)
        BOOST_TEST_CONTEXT("cut at " << at) check_cut(in, test::cut_at(in.size(), at));
    BOOST_TEST_CONTEXT("one byte at a time") check_cut(in, test::one_byte_each(in.size()));
    for (int i = 0; i < random_rounds; ++i)
    {
        test::cuts const c = test::random_cuts(gen, in.size());
        BOOST_TEST_CONTEXT("cuts " << test::hex(std::vector<unsigned char>(c.begin(), c.end())))
        check_cut(in, c);
    }
}

// One byte at a time, each error is reported in the call that hands over the byte that makes it
// certain, never before and never after.
void check_promptness(std::string const& in)
{
    std::vector<std::size_t> const expected = test::certain_at(in);
    streamed const r = decode_in_chunks<utf::replace_policy>(in, test::one_byte_each(in.size()));
    BOOST_TEST(r.reported_after == expected, boost::test_tools::per_element());
}

test::json const& vectors()
{
    static test::json const doc = test::json::parse(test::read_corpus("vectors.json"));
    return doc;
}

} // namespace

BOOST_AUTO_TEST_CASE(cut_anywhere_gives_the_one_shot_result_for_every_corpus_vector)
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
        }
    }
    BOOST_TEST(count == 650u);
}

BOOST_AUTO_TEST_CASE(cut_anywhere_gives_the_one_shot_result_for_random_inputs)
{
    std::mt19937 gen(20261123);
    for (int i = 0; i < 400; ++i)
    {
        std::string const in = test::random_utf8ish(gen, 24);
        BOOST_TEST_CONTEXT(test::hex(in))
        {
            check_all_cuts(in, gen, 4);
            check_promptness(in);
        }
    }
}

BOOST_AUTO_TEST_CASE(promptness_in_the_words_of_the_contract)
{
    // ED then A0 in the next chunk: the surrogate is reported during that next call.
    std::vector<utf::error_info> log;
    utf::utf8_decoder d{test::recording<utf::replace_policy>{&log}};
    std::u32string out;
    d.decode(test::bytes("41 ED"), std::back_inserter(out));
    BOOST_TEST(log.empty());
    BOOST_TEST(d.pending() == 1u);
    d.decode(test::bytes("A0"), std::back_inserter(out));
    BOOST_TEST(test::describe_all(log) == (std::vector<std::string>{"surrogate@1+1", "unexpected_continuation@2+1"}),
               boost::test_tools::per_element());
    BOOST_TEST(test::cps(out) == "U+0041 U+FFFD U+FFFD");
    // E2 82 then 41: cut short by a byte that cannot continue it, reported at once.
    d.decode(test::bytes("E2 82"), std::back_inserter(out));
    BOOST_TEST(log.size() == 2u);
    d.decode(test::bytes("41"), std::back_inserter(out));
    BOOST_TEST(log.size() == 3u);
    BOOST_TEST(test::describe(log.back()) == "truncated@3+2");
    // Cut short by the end: only finish() can say.
    d.decode(test::bytes("F0 9F 98"), std::back_inserter(out));
    BOOST_TEST(log.size() == 3u);
    BOOST_TEST(d.pending() == 3u);
    d.finish(std::back_inserter(out));
    BOOST_TEST(log.size() == 4u);
    BOOST_TEST(test::describe(log.back()) == "truncated@6+3");
    BOOST_TEST(test::cps(out) == "U+0041 U+FFFD U+FFFD U+FFFD U+0041 U+FFFD");
}

BOOST_AUTO_TEST_CASE(long_chunks_go_through_the_bulk_path_with_offsets_from_the_stream_start)
{
    // Long enough for the block kernels, with errors inside blocks and across chunk ends.
    std::mt19937 gen(7);
    for (int round = 0; round < 20; ++round)
    {
        std::string in;
        while (in.size() < 3000)
        {
            in += "plain ASCII text, then \xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80 ";
            if (gen() % 3 == 0)
                in += test::random_utf8ish(gen, 6);
        }
        test::cuts c;
        for (std::size_t left = in.size(); left != 0;)
        {
            std::size_t const k = std::min<std::size_t>(left, gen() % 700);
            c.push_back(k);
            left -= k;
        }
        check_cut(in, c);
    }
}

BOOST_AUTO_TEST_CASE(any_range_of_code_units_is_a_chunk)
{
    std::string const in = test::bytes("41 E2 82 AC F0 9F 98 80 ED A0 80 C3");
    std::u32string const expected = test::decode_whole<utf::replace_policy>(in).code_points;
    std::u32string out;
    utf::utf8_decoder d;
    // A list (not contiguous), a single-pass range, std::byte, unsigned char.
    std::list<char> const first(in.begin(), in.begin() + 3);
    d.decode(first, std::back_inserter(out));
    test::test_range<std::input_iterator_tag, char> const second(in.data() + 3, in.data() + 6);
    d.decode(second, std::back_inserter(out));
    std::vector<std::byte> third;
    for (std::size_t i = 6; i < 9; ++i)
        third.push_back(static_cast<std::byte>(in[i]));
    d.decode(third, std::back_inserter(out));
    std::vector<unsigned char> const fourth(in.begin() + 9, in.end());
    d.decode(fourth, std::back_inserter(out));
    d.finish(std::back_inserter(out));
    BOOST_TEST(test::cps(out) == test::cps(expected));
}

BOOST_AUTO_TEST_CASE(long_non_contiguous_chunks)
{
    std::mt19937 gen(3);
    std::string in;
    while (in.size() < 2000)
        in += test::random_utf8ish(gen, 10) + "\xE2\x82\xAC";
    std::list<char> const chunk(in.begin(), in.end());
    std::u32string out;
    utf::utf8_decoder d;
    d.decode(chunk, std::back_inserter(out));
    d.finish(std::back_inserter(out));
    BOOST_TEST(test::cps(out) == test::cps(test::decode_whole<utf::replace_policy>(in).code_points));
}

namespace {

// Reports every code unit of an ill-formed subsequence, as policy.hpp describes.
struct per_code_unit_recording
{
    static constexpr bool per_code_unit = true;
    std::vector<utf::error_info>* log = nullptr;
    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back(e);
        return U'?';
    }
};

} // namespace

BOOST_AUTO_TEST_CASE(per_code_unit_policies_see_what_the_view_shows_them)
{
    std::mt19937 gen(11);
    for (int i = 0; i < 300; ++i)
    {
        std::string const in = test::random_utf8ish(gen, 16);
        std::vector<utf::error_info> whole_log;
        std::u32string whole;
        for (char32_t c : in | views::utf8(per_code_unit_recording{&whole_log}))
            whole.push_back(c);
        for (test::cuts const& c : {test::one_byte_each(in.size()), test::random_cuts(gen, in.size())})
        {
            std::vector<utf::error_info> log;
            std::u32string out;
            utf::utf8_decoder<per_code_unit_recording> d{per_code_unit_recording{&log}};
            std::size_t at = 0;
            for (std::size_t k : c)
            {
                d.decode(std::string_view(in.data() + at, k), std::back_inserter(out));
                at += k;
            }
            d.finish(std::back_inserter(out));
            BOOST_TEST_CONTEXT(test::hex(in))
            {
                BOOST_TEST(test::cps(out) == test::cps(whole));
                BOOST_TEST(test::describe_all(log) == test::describe_all(whole_log), boost::test_tools::per_element());
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(a_copy_carries_on_where_the_original_was)
{
    std::string const in = test::bytes("41 F0 9F 98 80 E2 82 AC 42");
    utf::utf8_decoder d;
    std::u32string before;
    d.decode(in.substr(0, 3), std::back_inserter(before));
    BOOST_TEST(d.pending() == 2u);
    auto copy = d;
    std::u32string a = before, b = before;
    d.decode(in.substr(3), std::back_inserter(a));
    d.finish(std::back_inserter(a));
    copy.decode(in.substr(3, 2), std::back_inserter(b));
    copy.decode(in.substr(5), std::back_inserter(b));
    copy.finish(std::back_inserter(b));
    BOOST_TEST(test::cps(a) == "U+0041 U+1F600 U+20AC U+0042");
    BOOST_TEST(test::cps(b) == test::cps(a));
}

// With a lambda for a policy (which cannot be assigned), a decoder is still assigned: its
// stream state and its policy both.
BOOST_AUTO_TEST_CASE(a_decoder_with_a_lambda_is_assigned)
{
    std::vector<std::size_t> log;
    auto const policy = [&log](utf::error_info const& e) {
        log.push_back(e.offset);
        return U'?';
    };
    std::string const in = test::bytes("41 E2 82 C0 42");
    utf::utf8_decoder d{policy}, other{policy};
    static_assert(std::is_copy_assignable<decltype(d)>::value, "a decoder is copyable whatever its policy");
    std::u32string out, unused;
    other.decode(in.substr(0, 1), std::back_inserter(unused));
    d.decode(in.substr(0, 3), std::back_inserter(out));
    other = d;
    BOOST_TEST(other.pending() == 2u);
    other.decode(in.substr(3), std::back_inserter(out));
    other.finish(std::back_inserter(out));
    BOOST_TEST(test::cps(out) == "U+0041 U+003F U+003F U+0042");
    BOOST_TEST(log.size() == 2u);
    BOOST_TEST(log[0] == 1u);
    BOOST_TEST(log[1] == 3u);
}

BOOST_AUTO_TEST_CASE(reset_and_finish_start_a_new_stream)
{
    std::vector<utf::error_info> log;
    utf::utf8_decoder d{test::recording<utf::replace_policy>{&log}};
    std::u32string out;
    d.decode(test::bytes("41 42 E2 82"), std::back_inserter(out));
    d.reset(); // the held E2 82 is dropped unreported
    d.decode(test::bytes("80"), std::back_inserter(out));
    d.finish(std::back_inserter(out));
    d.decode(test::bytes("C3"), std::back_inserter(out));
    d.finish(std::back_inserter(out));
    BOOST_TEST(test::cps(out) == "U+0041 U+0042 U+FFFD U+FFFD");
    BOOST_TEST(test::describe_all(log) == (std::vector<std::string>{"unexpected_continuation@0+1", "truncated@0+1"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(custom_replacement)
{
    utf::utf8_decoder d{utf::replace_policy{U'?'}};
    std::u32string out;
    d.decode(test::bytes("41 FF E2"), std::back_inserter(out));
    d.finish(std::back_inserter(out));
    BOOST_TEST(test::cps(out) == "U+0041 U+003F U+003F");
}

namespace {

// An output iterator that only counts what it is given.
struct counting_output
{
    using iterator_category = std::output_iterator_tag;
    using value_type = void;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = void;

    std::size_t count = 0;
    counting_output& operator*() { return *this; }
    counting_output& operator=(char32_t)
    {
        ++count;
        return *this;
    }
    counting_output& operator++() { return *this; }
    counting_output operator++(int) { return *this; }
};

} // namespace

BOOST_AUTO_TEST_CASE(nothing_allocates)
{
    std::mt19937 gen(5);
    std::string in;
    while (in.size() < 70000)
        in += test::random_utf8ish(gen, 20) + "some ASCII and \xE2\x82\xAC ";
    std::vector<char32_t> out(in.size() + 3);
    std::list<char> const list_chunk(in.begin(), in.begin() + 1000);
    std::size_t const before = test::allocations.load();
    for (int policy = 0; policy < 2; ++policy)
    {
        utf::utf8_decoder<utf::replace_policy> replacing;
        utf::utf8_decoder<utf::skip_policy> skipping;
        char32_t* o = out.data();
        for (std::size_t at = 0; at < in.size(); at += 4093)
        {
            std::string_view const chunk(in.data() + at, std::min<std::size_t>(4093, in.size() - at));
            o = policy ? skipping.decode(chunk, o) : replacing.decode(chunk, o);
        }
        o = policy ? skipping.finish(o) : replacing.finish(o);
        BOOST_TEST((o <= out.data() + out.size()));
        replacing.decode(list_chunk, out.data());
        // An output iterator that is not a pointer goes through the sink's buffer, on the stack.
        counting_output counted{};
        counted = skipping.decode(std::string_view(in.data(), 5000), counted);
        BOOST_TEST(counted.count > 0u);
    }
    BOOST_TEST(test::allocations.load() == before);
}

namespace {

// Stands in for a socket or a file read in blocks.
struct fake_source
{
    std::vector<std::string> pieces;
    std::size_t next = 0;

    std::size_t read(char* buffer, std::size_t size)
    {
        if (next == pieces.size())
            return 0;
        std::string const& p = pieces[next++];
        std::size_t const n = std::min(size, p.size());
        std::copy(p.data(), p.data() + n, buffer);
        return n;
    }
};

} // namespace

BOOST_AUTO_TEST_CASE(documentation_example)
{
    fake_source source{{"caf\xC3", "\xA9 \xE2\x82", "\xAC \xED", "\xA0\x80 \xF0\x9F"}};
    // tag::decoder_loop[]
    boost::utf::utf8_decoder decoder; // replace_policy: U+FFFD for each maximal subpart
    std::u32string text;
    char buffer[65536];
    while (std::size_t n = source.read(buffer, sizeof buffer))
        decoder.decode(std::string_view(buffer, n), std::back_inserter(text));
    decoder.finish(std::back_inserter(text)); // F0 9F, cut short by the end: one more U+FFFD
    // end::decoder_loop[]
    BOOST_TEST(test::cps(text) == "U+0063 U+0061 U+0066 U+00E9 U+0020 U+20AC U+0020 U+FFFD U+FFFD U+FFFD U+0020 U+FFFD");
}

namespace {

// The shape of Asio's const_buffer and mutable_buffer, without Asio.
struct const_buffer_like
{
    void const* p;
    std::size_t n;
    void const* data() const noexcept { return p; }
    std::size_t size() const noexcept { return n; }
};

struct mutable_buffer_like
{
    void* p;
    std::size_t n;
    void* data() const noexcept { return p; }
    std::size_t size() const noexcept { return n; }
};

} // namespace

BOOST_AUTO_TEST_CASE(buffers_and_buffer_sequences_are_chunks)
{
    std::mt19937 gen(21);
    for (int round = 0; round < 200; ++round)
    {
        std::string in = test::random_utf8ish(gen, 40);
        test::one_shot const expected = test::decode_whole<utf::replace_policy>(in);
        std::vector<utf::error_info> log;
        std::u32string out;
        utf::utf8_decoder d{test::recording<utf::replace_policy>{&log}};
        // A buffer, then a sequence of buffers (empty ones included), then a mutable buffer.
        std::size_t const a = gen() % (in.size() + 1);
        std::size_t const b = a + gen() % (in.size() - a + 1);
        d.decode(const_buffer_like{in.data(), a}, std::back_inserter(out));
        std::vector<const_buffer_like> sequence;
        for (std::size_t at = a; at < b;)
        {
            std::size_t const k = std::min<std::size_t>(gen() % 4, b - at);
            sequence.push_back({in.data() + at, k});
            at += k;
        }
        d.decode(sequence, std::back_inserter(out));
        d.decode(mutable_buffer_like{&in[b], in.size() - b}, std::back_inserter(out));
        d.finish(std::back_inserter(out));
        BOOST_TEST_CONTEXT(test::hex(in))
        {
            BOOST_TEST(test::cps(out) == test::cps(expected.code_points));
            BOOST_TEST(test::describe_all(log) == expected.errors, boost::test_tools::per_element());
        }
    }
}

namespace {

std::string const bom = "\xEF\xBB\xBF";

// With drop_bom, the stream's code points are the view's over the whole input but for the
// U+FEFF of a leading EF BB BF, its policy calls (offsets from the true start) are the view's,
// and each comes in the same call as without drop_bom.
void check_drop_bom(std::string const& in, test::cuts const& c)
{
    test::one_shot const whole = test::decode_whole<utf::replace_policy>(in);
    std::u32string expected = whole.code_points;
    if (in.compare(0, 3, bom) == 0)
        expected.erase(0, 1);
    streamed const r = decode_in_chunks<utf::replace_policy>(in, c, {}, true);
    BOOST_TEST(test::cps(r.code_points) == test::cps(expected));
    BOOST_TEST(r.errors == whole.errors, boost::test_tools::per_element());
    streamed const without = decode_in_chunks<utf::replace_policy>(in, c);
    BOOST_TEST(r.reported_after == without.reported_after, boost::test_tools::per_element());
}

} // namespace

BOOST_AUTO_TEST_CASE(drop_bom_drops_one_leading_mark_however_it_is_cut)
{
    std::vector<std::string> inputs = {bom,
                                       bom + "caf\xC3\xA9",
                                       bom + bom + "x",
                                       bom + "\xFF" "a\xED\xA0\x80",
                                       bom + "\xEF\xBB",
                                       "",
                                       "plain",
                                       "\xEF",
                                       "\xEF\xBB",
                                       "\xEF\xBB" "A",
                                       "\xEF\xBB" "A\xEF\xBB\xBF",
                                       "\xEF\xBB\xBE",
                                       "\xEF\xBF\xBF",
                                       "\xEF" "A",
                                       "\xEF\xEF\xBB\xBF",
                                       "\xEF\xBB\xEF\xBB\xBF",
                                       " " + bom,
                                       "\xBB\xBF"};
    std::mt19937 gen(14);
    std::string const starts[] = {"", "\xEF", "\xEF\xBB", bom};
    for (int i = 0; i < 40; ++i)
        inputs.push_back(starts[i % 4] + test::random_utf8ish(gen, 10));
    for (auto const& in : inputs)
        BOOST_TEST_CONTEXT("input " << test::hex(in))
        {
            for (std::size_t at = 0; at <= in.size(); ++at)
                BOOST_TEST_CONTEXT("cut at " << at) check_drop_bom(in, test::cut_at(in.size(), at));
            BOOST_TEST_CONTEXT("one byte at a time") check_drop_bom(in, test::one_byte_each(in.size()));
            for (int k = 0; k < 5; ++k)
                check_drop_bom(in, test::random_cuts(gen, in.size()));
        }
}

BOOST_AUTO_TEST_CASE(drop_bom_in_the_words_of_the_documentation)
{
    {
        // tag::drop_bom[]
        boost::utf::utf8_decoder decoder{boost::utf::drop_bom};
        std::u32string text;
        decoder.decode(std::string_view("\xEF\xBB"), std::back_inserter(text)); // held: a mark?
        decoder.decode(std::string_view("\xBF" "caf\xC3\xA9"), std::back_inserter(text));
        decoder.finish(std::back_inserter(text));
        // text == U"café": the mark is dropped
        // end::drop_bom[]
        BOOST_TEST(test::cps(text) == test::cps(std::u32string(U"caf\u00E9")));
    }
    char32_t out[8];
    utf::utf8_decoder d{utf::drop_bom};
    // The mark split EF | BB BF: held, then dropped; offsets count it.
    BOOST_TEST((d.decode(std::string_view("\xEF"), out) == out));
    BOOST_TEST(d.pending() == 1u);
    BOOST_TEST(!d.dropped_bom());
    BOOST_TEST((d.decode(std::string_view("\xBB\xBF"), out) == out));
    BOOST_TEST(d.dropped_bom());
    BOOST_TEST(d.pending() == 0u);
    BOOST_TEST(d.consumed() == 3u);
    // Only one: a second mark is the code point U+FEFF.
    char32_t* e = d.decode(std::string_view("a\xEF\xBB\xBF"), out);
    BOOST_TEST(test::cps(std::u32string(out, e)) == test::cps(std::u32string(U"a\uFEFF")));
    BOOST_TEST((d.finish(out) == out));
    BOOST_TEST(!d.dropped_bom());
    // finish() starts a new stream, which may begin with a mark of its own; a mark alone is
    // an empty stream.
    BOOST_TEST((d.decode(std::string_view("\xEF\xBB\xBF"), out) == out));
    BOOST_TEST(d.dropped_bom());
    BOOST_TEST((d.finish(out) == out));
    // Without drop_bom, the mark is a code point like any other.
    utf::utf8_decoder plain;
    e = plain.decode(std::string_view("\xEF\xBB\xBF"), out);
    BOOST_TEST(test::cps(std::u32string(out, e)) == test::cps(std::u32string(U"\uFEFF")));
    BOOST_TEST(!plain.dropped_bom());

    // A mark begun and not finished is an error like any other: truncated at offset 0.
    utf::utf8_decoder<utf::throw_policy> t{utf::throw_on_error, utf::drop_bom};
    BOOST_TEST((t.decode(std::string_view("\xEF\xBB"), out) == out));
    try
    {
        t.decode(std::string_view("A"), out);
        BOOST_ERROR("EF BB 41 did not throw");
    }
    catch (utf::utf_error const& x)
    {
        BOOST_TEST(std::string(utf::to_string(x.kind())) == "truncated");
        BOOST_TEST(x.offset() == 0u);
    }
    // reset() forgets the stream but not drop_bom.
    t.reset();
    e = t.decode(std::string_view("\xEF\xBB\xBFok"), out);
    BOOST_TEST(test::cps(std::u32string(out, e)) == test::cps(std::u32string(U"ok")));
}

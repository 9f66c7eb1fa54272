// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// What a throw_policy view guarantees once utf_error has been thrown (doc/testing.adoc):
//
// * The policy is called only by begin(), ++ and -- (and the postfix forms); *, ==, base() and
//   end() never call it, so never throw it. The view itself is not changed by a throw: begin()
//   throws the same error every time it is called on a forward range.
// * Every other iterator, including a copy taken just before the throwing call, is unaffected.
// * The iterator that threw stands on the offending subpart (or code point): ++ resumes right
//   after it, -- right before it; its value is unspecified.
// * Over a single-pass range the subpart's code units have been consumed, each exactly once,
//   and nothing after them: ++ resumes with the next code unit, nothing is read twice or lost.

#define BOOST_TEST_MODULE exceptions
#include <boost/test/unit_test.hpp>

#include <boost/utf.hpp>

#include "test_support.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace utf = boost::utf;

namespace {

// Runs f, which must throw utf_error; returns "kind@offset".
template<class F>
std::string error_of(F&& f)
{
    try
    {
        f();
    }
    catch (utf::utf_error const& e)
    {
        return std::string(utf::to_string(e.kind())) + "@" + std::to_string(e.offset());
    }
    return "no error";
}

} // namespace

BOOST_AUTO_TEST_CASE(only_stepping_calls_the_policy)
{
    std::string const in = test::bytes("41 80 42");
    // Throws like throw_policy, at every error, and records each call.
    std::vector<utf::error_info> calls;
    auto const v = utf::views::utf8(in, test::recording_policy{&calls, U'?', 0});
    auto it = v.begin();
    BOOST_TEST(calls.size() == 0u);
    BOOST_TEST(error_of([&] { it++; }) == "unexpected_continuation@1");
    BOOST_TEST(calls.size() == 1u);
    auto const end = v.end();
    for (int i = 0; i < 3; ++i)
    {
        (void)*it;
        (void)it.base();
        BOOST_TEST(!(it == end));
        BOOST_TEST(!(it == v.end()));
    }
    BOOST_TEST(calls.size() == 1u);
    ++it;
    BOOST_TEST((*it == U'B'));
    BOOST_TEST(test::describe(calls) == "unexpected_continuation@1+1");
}

BOOST_AUTO_TEST_CASE(utf_error_says_what_and_where)
{
    std::string const in = test::bytes("41 ED A0 80");
    auto const v = in | utf::views::utf8(utf::throw_on_error);
    auto it = v.begin();
    try
    {
        ++it;
        BOOST_ERROR("no exception");
    }
    catch (std::runtime_error const& e)
    {
        auto const* u = dynamic_cast<utf::utf_error const*>(&e);
        BOOST_TEST_REQUIRE(u != nullptr);
        BOOST_TEST((u->kind() == utf::error_kind::surrogate));
        BOOST_TEST(u->offset() == 1u);
        BOOST_TEST(std::string(e.what()).find("surrogate at offset 1") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(begin_throws_and_the_view_is_unchanged)
{
    std::string const in = test::bytes("C0 80 41");
    auto const v = in | utf::views::utf8(utf::throw_on_error);
    BOOST_TEST(error_of([&] { (void)v.begin(); }) == "overlong@0");
    BOOST_TEST(error_of([&] { (void)v.begin(); }) == "overlong@0");
    BOOST_TEST((&*v.base().begin() == in.data()));
    // the same bytes with replace: the view object had nothing to lose
    BOOST_TEST(test::cps(in | utf::views::utf8) == "U+FFFD U+FFFD U+0041");
}

BOOST_AUTO_TEST_CASE(copies_taken_before_the_throw_stay_valid)
{
    std::string const in = test::bytes("41 E2 82 AC 80 42");
    auto const v = in | utf::views::utf8(utf::throw_on_error);
    auto it = v.begin();
    ++it; // U+20AC
    auto const before = it;
    BOOST_TEST(error_of([&] { ++it; }) == "unexpected_continuation@4");
    BOOST_TEST(std::uint32_t(*before) == 0x20ACu);
    BOOST_TEST((before.base() - in.begin() == 1));
    auto again = before;
    BOOST_TEST(error_of([&] { ++again; }) == "unexpected_continuation@4");
    auto back = before;
    --back;
    BOOST_TEST(std::uint32_t(*back) == 0x41u);
}

// Regression: the iterator that threw kept the length of the element before the subpart, so ++
// after a caught utf_error stepped by that length from the subpart, out of the range's bounds
// (heap-buffer-overflow under ASan for "F0 9F 98 80 | 80").
BOOST_AUTO_TEST_CASE(increment_after_caught_error_stays_in_bounds)
{
    std::vector<unsigned char> const last = {0xF0, 0x9F, 0x98, 0x80, 0x80};
    auto const v = last | utf::views::utf8(utf::throw_on_error);
    auto it = v.begin();
    BOOST_TEST(error_of([&] { ++it; }) == "unexpected_continuation@4");
    BOOST_TEST((it.base() - last.begin() == 4));
    ++it;
    BOOST_TEST((it == v.end()));

    // Resuming: every good element is still seen once, every error reported once.
    std::vector<unsigned char> const mixed = {0xF0, 0x9F, 0x98, 0x80, 0x80, 0xE2, 0x41, 0xC3, 0xA9};
    auto const w = mixed | utf::views::utf8(utf::throw_on_error);
    std::vector<char32_t> got;
    std::vector<std::string> errors;
    auto i = w.begin();
    got.push_back(*i);
    while (i != w.end())
    {
        try
        {
            ++i;
            if (i != w.end())
                got.push_back(*i);
        }
        catch (utf::utf_error const& e)
        {
            errors.push_back(std::string(utf::to_string(e.kind())) + "@" + std::to_string(e.offset()));
        }
    }
    BOOST_TEST(test::cps(got) == "U+1F600 U+0041 U+00E9");
    BOOST_TEST((errors == std::vector<std::string>{"unexpected_continuation@4", "truncated@5"}));
}

BOOST_AUTO_TEST_CASE(decrement_after_caught_error)
{
    std::string const in = test::bytes("41 F4 90 80 80 E2 82 AC");
    auto const v = in | utf::views::utf8(utf::throw_on_error);
    auto it = v.end();
    --it;
    BOOST_TEST(std::uint32_t(*it) == 0x20ACu);
    auto const euro = it;
    // F4 90 80 80 is four subparts; walking back meets the last one first.
    BOOST_TEST(error_of([&] { --it; }) == "unexpected_continuation@4");
    BOOST_TEST((it.base() - in.begin() == 4));
    auto forward = it;
    ++forward;
    BOOST_TEST((forward == euro));
    BOOST_TEST(error_of([&] { --it; }) == "unexpected_continuation@3");
    BOOST_TEST(error_of([&] { --it; }) == "unexpected_continuation@2");
    BOOST_TEST(error_of([&] { --it; }) == "out_of_range@1");
    --it;
    BOOST_TEST(std::uint32_t(*it) == 0x41u);
    BOOST_TEST((it == v.begin()));
}

BOOST_AUTO_TEST_CASE(single_pass_resumes_after_the_subpart)
{
    // test_range's input iterators share one cursor and throw std::logic_error when a stale copy
    // is read: a decoder that went back for a code unit would fail here. E2 41: the subpart is E2
    // alone, and the 41 it looked at must not be lost.
    std::string const in = test::bytes("41 E2 41 80 80 F0 9F 98 80 ED A0 42");
    test::test_range<std::input_iterator_tag, char> const r(in);
    auto v = utf::views::utf8(r, utf::throw_on_error);
    std::vector<char32_t> got;
    std::vector<std::string> errors;
    auto step = [&](auto&& f) {
        try
        {
            f();
            return true;
        }
        catch (utf::utf_error const& e)
        {
            errors.push_back(std::string(utf::to_string(e.kind())) + "@" + std::to_string(e.offset()));
            return false;
        }
    };
    // begin() cannot be retried on a single-pass range, so the input starts well-formed
    decltype(v.begin()) it;
    BOOST_TEST_REQUIRE(step([&] { it = v.begin(); }));
    got.push_back(*it);
    while (!(it == v.end()))
        if (step([&] { ++it; }) && !(it == v.end()))
            got.push_back(*it);
    BOOST_TEST(test::cps(got) == "U+0041 U+0041 U+1F600 U+0042");
    BOOST_TEST((errors == std::vector<std::string>{"truncated@1", "unexpected_continuation@3",
                                                   "unexpected_continuation@4", "surrogate@9",
                                                   "unexpected_continuation@10"}));
}

BOOST_AUTO_TEST_CASE(encoder_throw_leaves_the_iterator_on_the_code_point)
{
    std::vector<char32_t> const in{U'\u00E9', 0xDC00, U'a', 0x110000};
    auto const v = in | utf::views::utf32_to_utf8_as<char>(utf::throw_on_error);
    auto it = v.begin();
    ++it;
    auto const before = it; // second code unit of U+00E9
    BOOST_TEST(error_of([&] { ++it; }) == "surrogate@1");
    BOOST_TEST(static_cast<unsigned char>(*before) == 0xA9u);
    BOOST_TEST((it.base() - in.begin() == 1));
    ++it; // resumes after the surrogate
    BOOST_TEST(*it == 'a');
    BOOST_TEST(error_of([&] { ++it; }) == "out_of_range@3");
    ++it;
    BOOST_TEST((it == v.end()));

    auto back = v.end();
    BOOST_TEST(error_of([&] { --back; }) == "out_of_range@3");
    --back;
    BOOST_TEST(*back == 'a');
    BOOST_TEST(error_of([&] { --back; }) == "surrogate@1");
    --back;
    BOOST_TEST(static_cast<unsigned char>(*back) == 0xA9u);
}

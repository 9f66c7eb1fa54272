// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Property: the bulk operations (copy, to, is_valid, find_invalid), which take SIMD fast paths
// over contiguous ranges, give what walking the views gives, element for element and error for
// error, with every kernel set this machine runs (each input is checked once per simd_level, the
// level capped with set_simd_cap). run.sh also builds it with BOOST_UTF_NO_SIMD.

#include "../guarded_array.hpp"
#include "fuzz_support.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <list>
#include <span>
#include <string>

using namespace fuzz;

namespace {

// The view's elements as its driver writes them (code points, or code units as unsigned values),
// and the same through exact rooms (guarded_array.hpp) the size of copy's buffer and of to<>'s
// container: a driver that wrote past what it reserved faults there, where copy's buffer and
// to<>'s container have room to spare. One sink per room and view type, mapped once.
template<class Unit, class View>
void check_exact_rooms(View const& v)
{
    std::vector<std::uint32_t> walked;
    for (auto c : v)
        walked.push_back(static_cast<std::uint32_t>(static_cast<Unit>(c)));
    static test::exact_room_sink<Unit, utf::detail::sink_capacity> buffer_room;
    static test::exact_room_sink<Unit, utf::detail::container_room> container_room;
    std::vector<Unit> const& a = buffer_room.write(v);
    BOOST_UTF_FUZZ_CHECK((std::vector<std::uint32_t>(a.begin(), a.end()) == walked));
    std::vector<Unit> const& b = container_room.write(v);
    BOOST_UTF_FUZZ_CHECK((std::vector<std::uint32_t>(b.begin(), b.end()) == walked));
}

void check_every_driver_in_exact_rooms(bytes const& x)
{
    std::vector<char16_t> units(x.size() / 2);
    if (!units.empty())
        std::memcpy(units.data(), x.data(), units.size() * 2);
    std::vector<char32_t> values(x.size() / 4);
    if (!values.empty())
        std::memcpy(values.data(), x.data(), values.size() * 4);
    // Every decoding, encoding and composition.
    auto const with = [&](auto policy) {
        check_exact_rooms<char32_t>(x | utf::views::utf8(policy));
        check_exact_rooms<char32_t>(units | utf::views::utf16(policy));
        check_exact_rooms<unsigned char>(values | utf::views::utf32_to_utf8_as<char>(policy));
        check_exact_rooms<char16_t>(values | utf::views::utf32_to_utf16(policy));
        check_exact_rooms<char16_t>(x | utf::views::utf8(policy) | utf::views::utf32_to_utf16(policy));
        check_exact_rooms<unsigned char>(x | utf::views::utf8(policy) | utf::views::utf32_to_utf8_as<char>(policy));
        check_exact_rooms<unsigned char>(units | utf::views::utf16(policy) |
                                         utf::views::utf32_to_utf8_as<char>(policy));
        check_exact_rooms<char16_t>(units | utf::views::utf16(policy) | utf::views::utf32_to_utf16(policy));
    };
    with(utf::replace_on_error);
    with(utf::skip_on_error);
}

void check_bulk(std::uint8_t const* data, std::size_t size)
{
    // ---- decoding ----
    bytes const x(data, data + size);
    std::vector<error> log_view, log_bulk;
    code_points const walked = forwards(utf::views::utf8(x, recording_policy{&log_view}));

    BOOST_UTF_FUZZ_CHECK(utf::to<std::u32string>(utf::views::utf8(x, recording_policy{&log_bulk})) ==
                         std::u32string(walked.begin(), walked.end()));
    BOOST_UTF_FUZZ_CHECK(log_bulk == log_view);

    code_points copied;
    log_bulk.clear();
    utf::copy(utf::views::utf8(x, recording_policy{&log_bulk, true}), std::back_inserter(copied));
    BOOST_UTF_FUZZ_CHECK(copied == forwards(x | utf::views::utf8(utf::skip_on_error)));
    BOOST_UTF_FUZZ_CHECK(log_bulk == log_view);

    // into a buffer of exactly the right size: a fast path that wrote past the end would show
    std::vector<char32_t> exact(walked.size());
    BOOST_UTF_FUZZ_CHECK(utf::copy(x | utf::views::utf8, exact.data()) == exact.data() + exact.size());
    BOOST_UTF_FUZZ_CHECK(exact == walked);

    code_points before_throw;
    thrown const t = catch_utf_error([&] {
        utf::copy(x | utf::views::utf8(utf::throw_on_error), std::back_inserter(before_throw));
    });
    BOOST_UTF_FUZZ_CHECK(t.threw == !log_view.empty());
    if (t.threw)
        BOOST_UTF_FUZZ_CHECK(t.kind == log_view.front().kind && t.offset == log_view.front().offset);
    BOOST_UTF_FUZZ_CHECK(before_throw.size() <= walked.size() &&
                         std::equal(before_throw.begin(), before_throw.end(), walked.begin()));

    std::size_t const first_error = log_view.empty() ? size : log_view.front().offset;
    BOOST_UTF_FUZZ_CHECK(utf::is_valid(x) == log_view.empty());
    BOOST_UTF_FUZZ_CHECK(std::size_t(utf::find_invalid(x) - x.begin()) == first_error);
    std::string const chars(x.begin(), x.end());
    BOOST_UTF_FUZZ_CHECK(std::size_t(utf::find_invalid(chars) - chars.begin()) == first_error);
    std::list<unsigned char> const list(x.begin(), x.end());
    BOOST_UTF_FUZZ_CHECK(std::size_t(std::distance(list.begin(), utf::find_invalid(list))) == first_error);
    BOOST_UTF_FUZZ_CHECK(utf::is_valid(list) == log_view.empty());

    // ---- encoding: the bytes as 32-bit values ----
    std::vector<std::uint32_t> values(size / 4);
    if (!values.empty())
        std::memcpy(values.data(), data, values.size() * 4);
    auto const enc = values | utf::views::utf32_to_utf8_as<char>;
    std::vector<char> const walked_units = forwards(enc);
    std::string const walked_enc(walked_units.begin(), walked_units.end());
    BOOST_UTF_FUZZ_CHECK(utf::to<std::string>(enc) == walked_enc);
    std::string copied_enc;
    utf::copy(values | utf::views::utf32_to_utf8_as<char>(utf::skip_on_error), std::back_inserter(copied_enc));
    auto const skip_enc = forwards(values | utf::views::utf32_to_utf8_as<char>(utf::skip_on_error));
    BOOST_UTF_FUZZ_CHECK(copied_enc == std::string(skip_enc.begin(), skip_enc.end()));

    std::size_t bad = values.size();
    for (std::size_t i = 0; i < values.size() && bad == values.size(); ++i)
        if (values[i] > 0x10FFFF || (values[i] >= 0xD800 && values[i] <= 0xDFFF))
            bad = i;
    BOOST_UTF_FUZZ_CHECK(utf::is_valid(values) == (bad == values.size()));
    BOOST_UTF_FUZZ_CHECK(std::size_t(utf::find_invalid(values) - values.begin()) == bad);
    thrown const te = catch_utf_error([&] {
        std::string out;
        utf::copy(values | utf::views::utf32_to_utf8_as<char>(utf::throw_on_error), std::back_inserter(out));
    });
    BOOST_UTF_FUZZ_CHECK(te.threw == (bad != values.size()));
    if (te.threw)
        BOOST_UTF_FUZZ_CHECK(te.offset == bad);

    check_every_driver_in_exact_rooms(x);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size)
{
    auto const widest = static_cast<int>(utf::supported_simd_level());
    for (int level = 0; level <= widest; ++level)
    {
        utf::set_simd_cap(static_cast<utf::simd_level>(level));
        BOOST_UTF_FUZZ_CHECK(utf::active_simd_level() == static_cast<utf::simd_level>(level));
        check_bulk(data, size);
    }
    return 0;
}

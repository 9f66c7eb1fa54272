// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#include <boost/utf/error.hpp>

#define BOOST_TEST_MODULE error
#include <boost/test/unit_test.hpp>

#include <set>
#include <stdexcept>
#include <string>

namespace utf = boost::utf;
using utf::error_kind;

static_assert(std::is_base_of<std::runtime_error, utf::utf_error>::value, "");

BOOST_AUTO_TEST_CASE(every_kind_has_its_own_name)
{
    error_kind const kinds[] = {error_kind::truncated,        error_kind::unexpected_continuation,
                                error_kind::invalid_lead_byte, error_kind::overlong,
                                error_kind::surrogate,         error_kind::out_of_range};
    std::set<std::string> names;
    for (error_kind k : kinds)
        names.insert(utf::to_string(k));
    BOOST_TEST(names.size() == 6u);
    BOOST_TEST(utf::to_string(error_kind::overlong) == std::string("overlong"));
    BOOST_TEST(utf::to_string(error_kind::unexpected_continuation) == std::string("unexpected_continuation"));
    BOOST_TEST(utf::to_string(error_kind{}) == std::string("unknown"));
}

BOOST_AUTO_TEST_CASE(utf_error_carries_kind_and_offset)
{
    try
    {
        throw utf::utf_error(error_kind::out_of_range, 42);
    }
    catch (std::runtime_error const& e)
    {
        auto const& u = dynamic_cast<utf::utf_error const&>(e);
        BOOST_TEST((u.kind() == error_kind::out_of_range));
        BOOST_TEST(u.offset() == 42u);
        BOOST_TEST(std::string(e.what()) == "boost::utf: out_of_range at offset 42");
    }
}

BOOST_AUTO_TEST_CASE(error_info_is_an_aggregate)
{
    constexpr utf::error_info e{error_kind::surrogate, 3, 1, 0xED};
    static_assert(e.kind == error_kind::surrogate && e.offset == 3 && e.length == 1 && e.value == 0xED, "");
    BOOST_TEST(e.offset == 3u);
}

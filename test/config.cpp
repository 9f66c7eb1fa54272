// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#include <boost/utf/config.hpp>

#define BOOST_TEST_MODULE config
#include <boost/test/unit_test.hpp>

#include <string>

#if BOOST_UTF_VERSION < 100 || BOOST_UTF_VERSION % 100000 / 100 >= 1000
#  error "BOOST_UTF_VERSION is not major * 100000 + minor * 100 + patch"
#endif

// CMake passes the project's version, from which the package's version file is made: the macro
// must read back as the same major.minor.patch.
#ifdef BOOST_UTF_TEST_PACKAGE_VERSION
BOOST_AUTO_TEST_CASE(version_is_the_package_version)
{
    std::string const dotted = std::to_string(BOOST_UTF_VERSION / 100000) + '.' +
                               std::to_string(BOOST_UTF_VERSION / 100 % 1000) + '.' +
                               std::to_string(BOOST_UTF_VERSION % 100);
    BOOST_TEST(dotted == BOOST_UTF_TEST_PACKAGE_VERSION);
}
#endif

// The switches agree with the standard the test is built with.
BOOST_AUTO_TEST_CASE(range_library_follows_the_standard)
{
#if __cplusplus >= 202002L
    BOOST_TEST(BOOST_UTF_STD_RANGES == 1);
#  if __has_include(<range/v3/range/concepts.hpp>)
    BOOST_TEST(BOOST_UTF_RANGE_V3_INTEROP == 1);
#  endif
#else
    BOOST_TEST(BOOST_UTF_STD_RANGES == 0);
    BOOST_TEST(BOOST_UTF_RANGE_V3_INTEROP == 0);
#endif
#if defined(__cpp_char8_t)
    BOOST_TEST(BOOST_UTF_HAS_CHAR8_T == 1);
#else
    BOOST_TEST(BOOST_UTF_HAS_CHAR8_T == 0);
#endif
}

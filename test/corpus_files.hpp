// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_CORPUS_FILES_HPP
#define BOOST_UTF_TEST_CORPUS_FILES_HPP

// Reading test/data (external test material, see test/data/README.md) from a Boost.Test test.

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>
#include <string>

namespace test {

// The folder: the first argument after "--" when there is one (b2 passes it), else the one the
// build compiled in (CMake defines BOOST_UTF_TEST_DATA_DIR as test/data's absolute path).
inline std::string corpora_dir()
{
    auto const& suite = boost::unit_test::framework::master_test_suite();
    if (suite.argc > 1)
        return suite.argv[1];
#ifdef BOOST_UTF_TEST_DATA_DIR
    return BOOST_UTF_TEST_DATA_DIR;
#else
    return "test/data";
#endif
}

// A file of test/data, whole; the test stops with a clear message if it is not there.
inline std::string read_corpus(std::string const& name)
{
    std::string const path = corpora_dir() + '/' + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_TEST_REQUIRE(in.good(), "test data missing: " << path
                                  << " (test/data in the repository; pass the folder as the first "
                                     "argument after --)");
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace test

#endif // BOOST_UTF_TEST_CORPUS_FILES_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_CORPUS_FILES_HPP
#define BOOST_UTF_TEST_CORPUS_FILES_HPP

// Reading shared/corpora from a Boost.Test test. Include after <boost/test/unit_test.hpp>.

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <iterator>
#include <string>

#ifndef BOOST_UTF_CORPORA_DIR
#  define BOOST_UTF_CORPORA_DIR "../shared/corpora"
#endif

namespace test {

// The folder: the first argument after "--" (b2 passes it), else the one CMake compiled in.
inline std::string corpora_dir()
{
    auto const& suite = boost::unit_test::framework::master_test_suite();
    return suite.argc > 1 ? suite.argv[1] : BOOST_UTF_CORPORA_DIR;
}

// A file of shared/corpora, whole; the test stops with a clear message if it is not there.
inline std::string read_corpus(std::string const& name)
{
    std::string const path = corpora_dir() + '/' + name;
    std::ifstream in(path, std::ios::binary);
    BOOST_TEST_REQUIRE(in.good(), "test data missing: " << path
                                  << " (the shared/ folder beside the repository; set "
                                     "BOOST_UTF_CORPORA_DIR in CMake to point elsewhere)");
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace test

#endif // BOOST_UTF_TEST_CORPUS_FILES_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_COUNTING_NEW_HPP
#define BOOST_UTF_TEST_COUNTING_NEW_HPP

// Replaces the global operator new with one that counts its calls, so that a test can check that
// the code it runs allocates nothing: read `test::allocations` before and after. A replacement
// operator new belongs to the whole program, so include this in exactly one translation unit of a
// test program.

#include <boost/config.hpp>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace test {

inline std::atomic<std::size_t> allocations{0};

} // namespace test

// All out of line: where g++ inlines malloc() or free() into a caller, it pairs them with the
// new-expression or delete-expression there and warns of a mismatched allocation
// (-Wmismatched-new-delete, at -O2 and above), which the pairing of these replacements is not.
BOOST_NOINLINE void* operator new(std::size_t size)
{
    ++test::allocations;
    if (void* p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}

BOOST_NOINLINE void operator delete(void* p) noexcept { std::free(p); }
BOOST_NOINLINE void operator delete(void* p, std::size_t) noexcept { std::free(p); }

#endif // BOOST_UTF_TEST_COUNTING_NEW_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_CONFIG_HPP
#define BOOST_UTF_CONFIG_HPP

#include <boost/config.hpp>

// The library's version, encoded as BOOST_VERSION encodes Boost's:
// major * 100000 + minor * 100 + patch.
#define BOOST_UTF_VERSION 100

// Which range library the views are written against. C++20 with a usable <ranges> gets the
// standard one; anything older gets range-v3 (0.12 or later).
#if BOOST_CXX_VERSION >= 202002L && !defined(BOOST_NO_CXX20_HDR_RANGES)
#  define BOOST_UTF_STD_RANGES 1
#else
#  define BOOST_UTF_STD_RANGES 0
#endif

// range-v3 0.12 does not see std::ranges views as its own views. When it is available in C++20
// we tell it about ours, so that pipelines may mix both libraries. Never required.
#if BOOST_UTF_STD_RANGES && !defined(BOOST_UTF_NO_RANGE_V3) && defined(__has_include)
#  if __has_include(<range/v3/range/concepts.hpp>)
#    define BOOST_UTF_RANGE_V3_INTEROP 1
#  endif
#endif
#ifndef BOOST_UTF_RANGE_V3_INTEROP
#  define BOOST_UTF_RANGE_V3_INTEROP 0
#endif

// Boost.Config 1.81 has no switch for char8_t, so the standard feature macro decides.
#if defined(__cpp_char8_t)
#  define BOOST_UTF_HAS_CHAR8_T 1
#else
#  define BOOST_UTF_HAS_CHAR8_T 0
#endif

// C++20 lifts the restrictions that keep the views out of constant expressions in C++17
// (std::ranges algorithms, trivial default initialisation in constexpr functions).
#if BOOST_CXX_VERSION >= 202002L
#  define BOOST_UTF_CXX20_CONSTEXPR constexpr
#else
#  define BOOST_UTF_CXX20_CONSTEXPR
#endif

// A function that holds a loop of a few instructions per code unit, whose speed depends on where
// the loop falls in the processor's 64-byte fetch and decoded-instruction windows: it is kept out
// of line and starts on a 64-byte boundary, so that the loop's place is the compiler's, not
// whatever code the linker put before it in the program.
#if defined(__GNUC__) || defined(__clang__)
#  define BOOST_UTF_DETAIL_LOOP_FUNCTION __attribute__((noinline, aligned(64)))
#else
#  define BOOST_UTF_DETAIL_LOOP_FUNCTION BOOST_NOINLINE
#endif

// Put before a loop of a fixed number of trips that is meant to become vector code: it keeps the
// loop a loop. GCC 12 at -O3 otherwise unrolls a loop of 16 trips into straight code first, and
// then makes no vector code of the answers it gathers.
#if defined(__GNUC__) || defined(__clang__)
#  define BOOST_UTF_DETAIL_VECTOR_LOOP _Pragma("GCC unroll 1")
#else
#  define BOOST_UTF_DETAIL_VECTOR_LOOP
#endif

#endif // BOOST_UTF_CONFIG_HPP

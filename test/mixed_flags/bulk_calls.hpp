// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The bulk operations behind plain functions, defined the same way in two translation units
// built with different -march flags (wide.cpp, generic.cpp): see main.cpp.

#include <boost/utf/algorithm.hpp>
#include <boost/utf.hpp>

#include <cstddef>
#include <string_view>

#define BOOST_UTF_BULK_CALLS(ns)                                                                   \
    namespace ns {                                                                                 \
    std::size_t find_invalid(unsigned char const* p, std::size_t n)                                \
    {                                                                                              \
        std::basic_string_view<unsigned char> const s(p, n);                                       \
        return static_cast<std::size_t>(boost::utf::find_invalid(s) - s.begin());                  \
    }                                                                                              \
    bool is_valid(unsigned char const* p, std::size_t n)                                           \
    {                                                                                              \
        return boost::utf::is_valid(std::basic_string_view<unsigned char>(p, n));                  \
    }                                                                                              \
    std::size_t decode(unsigned char const* p, std::size_t n, char32_t* out)                       \
    {                                                                                              \
        std::basic_string_view<unsigned char> const s(p, n);                                       \
        return static_cast<std::size_t>(boost::utf::copy(boost::utf::views::utf8(s), out) - out);  \
    }                                                                                              \
    std::size_t encode(char32_t const* p, std::size_t n, unsigned char* out)                       \
    {                                                                                              \
        std::u32string_view const s(p, n);                                                         \
        return static_cast<std::size_t>(                                                           \
            boost::utf::copy(boost::utf::views::utf32_to_utf8_as<unsigned char>(s), out) - out);   \
    }                                                                                              \
    }

namespace wide {
std::size_t find_invalid(unsigned char const* p, std::size_t n);
bool is_valid(unsigned char const* p, std::size_t n);
std::size_t decode(unsigned char const* p, std::size_t n, char32_t* out);
std::size_t encode(char32_t const* p, std::size_t n, unsigned char* out);
} // namespace wide
namespace generic {
std::size_t find_invalid(unsigned char const* p, std::size_t n);
bool is_valid(unsigned char const* p, std::size_t n);
std::size_t decode(unsigned char const* p, std::size_t n, char32_t* out);
std::size_t encode(char32_t const* p, std::size_t n, unsigned char* out);
} // namespace generic

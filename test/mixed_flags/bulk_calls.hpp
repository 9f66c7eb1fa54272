// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// The bulk operations and the stream classes behind plain functions, defined the same way in two
// translation units built with different -march flags (wide.cpp, generic.cpp): see main.cpp.

#include <boost/utf/algorithm.hpp>
#include <boost/utf.hpp>

#include <cstddef>
#include <string>
#include <string_view>

// What each translation unit defines, as one table.
struct bulk_calls
{
    std::size_t (*find_invalid)(unsigned char const* p, std::size_t n);
    bool (*is_valid)(unsigned char const* p, std::size_t n);
    std::size_t (*decode)(unsigned char const* p, std::size_t n, char32_t* out);
    std::size_t (*encode)(char32_t const* p, std::size_t n, unsigned char* out);
    // utf8_decoder and utf8_validator fed chunks of `chunk` bytes; the validator's result is the
    // offset of the first error, or `n`.
    std::size_t (*stream_decode)(unsigned char const* p, std::size_t n, std::size_t chunk, char32_t* out);
    std::size_t (*stream_validate)(unsigned char const* p, std::size_t n, std::size_t chunk);
    // UTF-8 to UTF-16 and back (the compositions), and UTF-16 validation.
    std::u16string (*to_utf16)(unsigned char const* p, std::size_t n);
    std::string (*to_utf8)(char16_t const* p, std::size_t n);
    bool (*is_valid16)(char16_t const* p, std::size_t n);
    std::size_t (*find_invalid16)(char16_t const* p, std::size_t n);
};

#define BOOST_UTF_BULK_CALLS(ns)                                                                   \
    namespace ns {                                                                                 \
    namespace {                                                                                    \
    using bytes = std::basic_string_view<unsigned char>;                                           \
    std::size_t find_invalid(unsigned char const* p, std::size_t n)                                \
    {                                                                                              \
        bytes const s(p, n);                                                                       \
        return static_cast<std::size_t>(boost::utf::find_invalid(s) - s.begin());                  \
    }                                                                                              \
    bool is_valid(unsigned char const* p, std::size_t n) { return boost::utf::is_valid(bytes(p, n)); } \
    std::size_t decode(unsigned char const* p, std::size_t n, char32_t* out)                       \
    {                                                                                              \
        return static_cast<std::size_t>(boost::utf::copy(boost::utf::views::utf8(bytes(p, n)), out) - out); \
    }                                                                                              \
    std::size_t encode(char32_t const* p, std::size_t n, unsigned char* out)                       \
    {                                                                                              \
        std::u32string_view const s(p, n);                                                         \
        return static_cast<std::size_t>(                                                           \
            boost::utf::copy(boost::utf::views::utf32_to_utf8_as<unsigned char>(s), out) - out);   \
    }                                                                                              \
    std::size_t stream_decode(unsigned char const* p, std::size_t n, std::size_t chunk, char32_t* out) \
    {                                                                                              \
        boost::utf::utf8_decoder<> d;                                                              \
        char32_t* o = out;                                                                         \
        for (std::size_t at = 0; at < n; at += chunk)                                              \
            o = d.decode(bytes(p + at, n - at < chunk ? n - at : chunk), o);                       \
        return static_cast<std::size_t>(d.finish(o) - out);                                        \
    }                                                                                              \
    std::size_t stream_validate(unsigned char const* p, std::size_t n, std::size_t chunk)          \
    {                                                                                              \
        boost::utf::utf8_validator v;                                                              \
        for (std::size_t at = 0; at < n && v.ok(); at += chunk)                                    \
            v.write(bytes(p + at, n - at < chunk ? n - at : chunk));                               \
        v.finish();                                                                                \
        return v.first_error() ? v.first_error()->offset : n;                                      \
    }                                                                                              \
    std::u16string to_utf16(unsigned char const* p, std::size_t n)                                 \
    {                                                                                              \
        return boost::utf::to<std::u16string>(bytes(p, n) | boost::utf::views::utf8 |              \
                                              boost::utf::views::utf32_to_utf16);                  \
    }                                                                                              \
    std::string to_utf8(char16_t const* p, std::size_t n)                                          \
    {                                                                                              \
        return boost::utf::to<std::string>(std::u16string_view(p, n) | boost::utf::views::utf16 |  \
                                           boost::utf::views::utf32_to_utf8_as<char>);             \
    }                                                                                              \
    bool is_valid16(char16_t const* p, std::size_t n)                                              \
    {                                                                                              \
        return boost::utf::is_valid(std::u16string_view(p, n));                                    \
    }                                                                                              \
    std::size_t find_invalid16(char16_t const* p, std::size_t n)                                   \
    {                                                                                              \
        std::u16string_view const s(p, n);                                                         \
        return static_cast<std::size_t>(boost::utf::find_invalid(s) - s.begin());                  \
    }                                                                                              \
    }                                                                                              \
    bulk_calls const calls = {&find_invalid,  &is_valid,        &decode,   &encode,                \
                              &stream_decode, &stream_validate, &to_utf16, &to_utf8,               \
                              &is_valid16,    &find_invalid16};                                    \
    }

namespace wide {
extern bulk_calls const calls;
} // namespace wide
namespace generic {
extern bulk_calls const calls;
} // namespace generic

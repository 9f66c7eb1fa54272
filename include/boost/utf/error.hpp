// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_ERROR_HPP
#define BOOST_UTF_ERROR_HPP

#include <boost/utf/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace boost {
namespace utf {

// Why a maximal subpart (decoding) or a code point (encoding) was rejected.
// Zero is deliberately not an enumerator: the library uses it internally for "no error".
enum class error_kind : unsigned char
{
    truncated = 1,           // a valid prefix cut short by the end of input or by a byte that cannot continue it
    unexpected_continuation, // 80..BF where a sequence should start
    invalid_lead_byte,       // F8..FF: never part of UTF-8
    overlong,                // C0, C1, E0 80..9F, F0 80..8F: a longer form of a shorter sequence
    surrogate,               // ED A0..BF, or a code point D800..DFFF
    out_of_range             // F4 90..BF, F5..F7, or a code point above 10FFFF or negative
};

constexpr char const* to_string(error_kind kind) noexcept
{
    switch (kind)
    {
    case error_kind::truncated: return "truncated";
    case error_kind::unexpected_continuation: return "unexpected_continuation";
    case error_kind::invalid_lead_byte: return "invalid_lead_byte";
    case error_kind::overlong: return "overlong";
    case error_kind::surrogate: return "surrogate";
    case error_kind::out_of_range: return "out_of_range";
    }
    return "unknown";
}

// What an error policy is told about one error.
struct error_info
{
    error_kind kind;
    // Decoding: index of the subpart's first code unit, counted from the view's start.
    // Encoding: index of the rejected code point.
    std::size_t offset;
    // Decoding: code units in the subpart (UTF-8: 1 to 3; UTF-16: 1). Encoding: 1.
    std::size_t length;
    // Decoding: the subpart's first code unit (UTF-8: 0..FF; UTF-16: D800..DFFF). Encoding: the
    // rejected value, converted to char32_t (a negative input wraps).
    char32_t value;
};

class utf_error : public std::runtime_error
{
public:
    utf_error(error_kind kind, std::size_t offset)
        : std::runtime_error(std::string("boost::utf: ") + to_string(kind) + " at offset " +
                             std::to_string(offset))
        , kind_(kind)
        , offset_(offset)
    {
    }

    error_kind kind() const noexcept { return kind_; }
    std::size_t offset() const noexcept { return offset_; }

private:
    error_kind kind_;
    std::size_t offset_;
};

} // namespace utf
} // namespace boost

#endif // BOOST_UTF_ERROR_HPP

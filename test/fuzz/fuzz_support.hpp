// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_FUZZ_SUPPORT_HPP
#define BOOST_UTF_TEST_FUZZ_SUPPORT_HPP

// What the fuzz targets share: a check that aborts (libFuzzer then keeps the input), collecting a
// view, a recording policy, and a single-pass range over a chunked source.

#include <boost/utf.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <ranges>
#include <vector>

namespace fuzz {

namespace utf = boost::utf;

#define BOOST_UTF_FUZZ_CHECK(cond)                                                                 \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);          \
            std::abort();                                                                          \
        }                                                                                          \
    } while (false)

using bytes = std::vector<unsigned char>;
using code_points = std::vector<char32_t>;

struct error
{
    utf::error_kind kind;
    std::size_t offset;
    std::size_t length;

    friend bool operator==(error const&, error const&) = default;
};

// Replaces, or drops with `drop`, and logs each error.
struct recording_policy
{
    std::vector<error>* log = nullptr;
    bool drop = false;

    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back({e.kind, e.offset, e.length});
        return drop ? utf::no_replacement : U'\uFFFD';
    }
};

template<class View>
auto forwards(View&& v)
{
    std::vector<std::remove_cvref_t<decltype(*v.begin())>> out;
    for (auto it = v.begin(); it != v.end(); ++it)
        out.push_back(*it);
    return out;
}

// Decoding views: walks back from end() to `first`, the underlying range's begin (not the
// view's begin(), which decodes the first element and so would call the policy out of turn).
template<class View, class BaseIt>
auto backwards_to(View&& v, BaseIt first)
{
    std::vector<std::remove_cvref_t<decltype(*v.begin())>> out;
    for (auto it = v.end(); it.base() != first;)
        out.push_back(*--it);
    return out;
}

// Runs f; the utf_error it throws, if any.
struct thrown
{
    bool threw = false;
    utf::error_kind kind{};
    std::size_t offset = 0;
};

template<class F>
thrown catch_utf_error(F&& f)
{
    thrown t;
    try
    {
        f();
    }
    catch (utf::utf_error const& e)
    {
        t = {true, e.kind(), e.offset()};
    }
    return t;
}

// ---- inputs that carry their own chunk sizes ---------------------------------------------------

// The layout of the chunked targets' inputs: the low 4 bits of the first byte say how many
// chunk-size bytes follow (0..15); the rest is the text. Each target reads the sizes its own way.
struct sized_input
{
    bytes sizes;
    bytes text;
};

inline sized_input split_sizes(std::uint8_t const* data, std::size_t size)
{
    std::size_t const m = std::min<std::size_t>(data[0] & 0x0F, size - 1);
    return {bytes(data + 1, data + 1 + m), bytes(data + 1 + m, data + size)};
}

// ---- a single-pass source delivered in chunks -----------------------------------------------------

// Like a stream buffer refilled chunk by chunk: one shared cursor, so copies cannot go back.
class chunked_source
{
    std::vector<bytes> chunks_;
    std::size_t chunk_ = 0;
    std::size_t index_ = 0;

    void skip_empty()
    {
        while (chunk_ < chunks_.size() && index_ == chunks_[chunk_].size())
        {
            ++chunk_;
            index_ = 0;
        }
    }

public:
    // Splits `data` with sizes taken in turn from `sizes`, each 0..7; 0 makes an empty chunk,
    // at most four in a row.
    chunked_source(bytes const& data, bytes const& sizes)
    {
        std::size_t at = 0, k = 0, empty = 0;
        while (at < data.size())
        {
            std::size_t n = sizes.empty() ? data.size() - at : sizes[k++ % sizes.size()] % 8u;
            n = n == 0 && ++empty > 4 ? 1 : n;
            n = n > data.size() - at ? data.size() - at : n;
            empty = n ? 0 : empty;
            chunks_.emplace_back(data.begin() + at, data.begin() + at + n);
            at += n;
        }
        skip_empty();
    }

    bool done() const { return chunk_ == chunks_.size(); }
    unsigned char get() const { return chunks_[chunk_][index_]; }
    void next()
    {
        ++index_;
        skip_empty();
    }

    class iterator
    {
        chunked_source* s_ = nullptr;

    public:
        using iterator_concept = std::input_iterator_tag;
        using value_type = unsigned char;
        using difference_type = std::ptrdiff_t;

        iterator() = default;
        explicit iterator(chunked_source* s)
            : s_(s)
        {
        }
        unsigned char operator*() const { return s_->get(); }
        iterator& operator++()
        {
            s_->next();
            return *this;
        }
        void operator++(int) { s_->next(); }
        friend bool operator==(iterator const& i, std::default_sentinel_t) { return i.s_->done(); }
    };

    iterator begin() { return iterator(this); }
    std::default_sentinel_t end() { return {}; }
};

} // namespace fuzz

#endif // BOOST_UTF_TEST_FUZZ_SUPPORT_HPP

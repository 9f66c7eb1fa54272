// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_SUPPORT_HPP
#define BOOST_UTF_TEST_SUPPORT_HPP

// What the tests share: hex notation, collecting a view forwards and backwards, the recording
// policy, and test iterators of every category over a plain array. The external test vectors
// are read by vectors.hpp.

#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/utf8_view.hpp>

#include <cstddef>
#include <cstdio>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#if !BOOST_UTF_STD_RANGES
#  include <range/v3/iterator/concepts.hpp>
#endif

namespace test {

#if BOOST_UTF_STD_RANGES
using contiguous_tag = std::contiguous_iterator_tag;
#else
using contiguous_tag = ::ranges::contiguous_iterator_tag;
#endif

// "C0 AF 41" -> bytes
inline std::string bytes(std::string_view hex)
{
    std::string out;
    std::size_t i = 0;
    while (i < hex.size())
    {
        if (hex[i] == ' ')
        {
            ++i;
            continue;
        }
        out.push_back(static_cast<char>(std::stoul(std::string(hex.substr(i, 2)), nullptr, 16)));
        i += 2;
    }
    return out;
}

// Code points as "U+0041 U+FFFD", the form every comparison is printed in.
template<class Range>
std::string cps(Range const& r)
{
    std::string out;
    char buf[16];
    for (auto c : r)
    {
        std::snprintf(buf, sizeof buf, "%sU+%04X", out.empty() ? "" : " ", static_cast<unsigned>(c));
        out += buf;
    }
    return out;
}

// Code units as "C0 AF" (bytes) or "D83D DE00" (16-bit units): two digits a byte.
template<class Range>
std::string hex(Range const& r)
{
    std::string out;
    char buf[16];
    for (auto u : r)
    {
        using unit = std::make_unsigned_t<decltype(u)>;
        std::snprintf(buf, sizeof buf, "%s%0*lX", out.empty() ? "" : " ", static_cast<int>(2 * sizeof(unit)),
                      static_cast<unsigned long>(static_cast<unit>(u)));
        out += buf;
    }
    return out;
}

template<class View>
auto forward(View&& v)
{
    std::vector<std::remove_cv_t<std::remove_reference_t<decltype(*v.begin())>>> out;
    for (auto it = v.begin(); it != v.end(); ++it)
        out.push_back(*it);
    return out;
}

template<class View>
auto backward(View&& v)
{
    std::vector<std::remove_cv_t<std::remove_reference_t<decltype(*v.begin())>>> out;
    auto const first = v.begin();
    for (auto it = v.end(); it != first;)
    {
        --it;
        out.push_back(*it);
    }
    return std::vector<typename decltype(out)::value_type>(out.rbegin(), out.rend());
}

// The tests' one recording policy. It records every call a view or algorithm makes to its error
// policy, in order, then answers it: with `replacement` (no_replacement drops the element), or,
// once the log holds more than `throw_at` entries, by throwing utf_error as throw_policy would
// (throw_at = 0 throws at the first error). Log is any container with push_back and size:
// std::vector<error_info> unless a test must not allocate. PerCodeUnit asks to be called once
// per ill-formed code unit (policy.hpp).
//
//   std::vector<boost::utf::error_info> log;
//   auto v = bytes | views::utf8(test::recording_policy{&log});              // replace, record
//   auto w = bytes | views::utf8(test::recording_policy{&log, U'?', 2});     // throw at the 3rd
template<class Log = std::vector<boost::utf::error_info>, bool PerCodeUnit = false>
struct basic_recording_policy
{
    static constexpr bool per_code_unit = PerCodeUnit;
    static constexpr std::size_t never = static_cast<std::size_t>(-1);

    Log* log = nullptr;
    char32_t replacement = U'\uFFFD';
    std::size_t throw_at = never;

    char32_t operator()(boost::utf::error_info const& e) const
    {
        log->push_back(e);
        if (log->size() > throw_at)
            throw boost::utf::utf_error(e.kind, e.offset);
        return replacement;
    }
};
using recording_policy = basic_recording_policy<>;
using per_unit_recording_policy = basic_recording_policy<std::vector<boost::utf::error_info>, true>;

// "kind@offset+length ..." for comparing error logs; with values, "kind@offset+length=value",
// the value in hex (error_info::value: the first code unit, or the rejected code point).
template<class Log>
std::string describe(Log const& log, bool with_values = false)
{
    std::string out;
    char value[16];
    for (boost::utf::error_info const& e : log)
    {
        if (!out.empty())
            out += ' ';
        out += std::string(boost::utf::to_string(e.kind)) + '@' + std::to_string(e.offset) + '+' +
               std::to_string(e.length);
        if (with_values)
        {
            std::snprintf(value, sizeof value, "=%X", static_cast<unsigned>(e.value));
            out += value;
        }
    }
    return out;
}

// What `f` throws, as "kind@offset", or "none": a test states the error it expects in one
// comparison instead of a try block that must remember to fail when nothing is thrown.
template<class F>
std::string thrown(F&& f)
{
    try
    {
        f();
    }
    catch (boost::utf::utf_error const& e)
    {
        return std::string(boost::utf::to_string(e.kind())) + '@' + std::to_string(e.offset());
    }
    return "none";
}

// Whether two logs record the same calls (every field of error_info); describe(log, true)
// prints them when they differ.
template<class Log>
bool same_log(Log const& a, Log const& b)
{
    if (a.size() != b.size())
        return false;
    auto j = b.begin();
    for (boost::utf::error_info const& e : a)
    {
        boost::utf::error_info const& f = *j++;
        if (e.kind != f.kind || e.offset != f.offset || e.length != f.length || e.value != f.value)
            return false;
    }
    return true;
}

// "kind@offset" of the error that throw_on_error stops at, or "none".
template<class Range>
std::string first_error(Range const& in)
{
    return thrown([&] {
        for (char32_t c : in | boost::utf::views::utf8(boost::utf::throw_on_error))
            (void)c;
    });
}

// ---- test iterators ---------------------------------------------------------------------------

// An iterator over T const* that is exactly as capable as Tag says. The input version checks
// that it is used single-pass: every copy shares one cursor, and touching a stale copy throws.
template<class Tag, class T>
class test_iterator
{
    template<class, class>
    friend class test_iterator;

    T const* p_ = nullptr;
    T const** cursor_ = nullptr; // input only

    static constexpr bool input_only = std::is_same<Tag, std::input_iterator_tag>::value;

    void check() const
    {
        if (input_only && cursor_ && *cursor_ != p_)
            throw std::logic_error("single-pass iterator used after it was passed");
    }

public:
    using iterator_concept = Tag;
    using iterator_category = std::conditional_t<input_only, std::input_iterator_tag,
                                                 std::conditional_t<std::is_same<Tag, contiguous_tag>::value,
                                                                    std::random_access_iterator_tag, Tag>>;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = T const*;
    using reference = T const&;

    test_iterator() = default;
    test_iterator(T const* p, T const** cursor = nullptr)
        : p_(p)
        , cursor_(cursor)
    {
    }

    T const* get() const { return p_; }

    reference operator*() const
    {
        check();
        return *p_;
    }
    pointer operator->() const { return p_; }

    test_iterator& operator++()
    {
        check();
        ++p_;
        if (cursor_)
            *cursor_ = p_;
        return *this;
    }
    test_iterator operator++(int)
    {
        test_iterator old = *this;
        ++*this;
        return old;
    }

    template<class U = Tag, std::enable_if_t<std::is_base_of<std::bidirectional_iterator_tag, U>::value, int> = 0>
    test_iterator& operator--()
    {
        --p_;
        return *this;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::bidirectional_iterator_tag, U>::value, int> = 0>
    test_iterator operator--(int)
    {
        test_iterator old = *this;
        --p_;
        return old;
    }

    // Random access, for the random-access and contiguous tags.
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    test_iterator& operator+=(difference_type n)
    {
        p_ += n;
        return *this;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    test_iterator& operator-=(difference_type n)
    {
        p_ -= n;
        return *this;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend test_iterator operator+(test_iterator i, difference_type n)
    {
        return i += n;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend test_iterator operator+(difference_type n, test_iterator i)
    {
        return i += n;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend test_iterator operator-(test_iterator i, difference_type n)
    {
        return i -= n;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend difference_type operator-(test_iterator const& a, test_iterator const& b)
    {
        return a.p_ - b.p_;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    reference operator[](difference_type n) const
    {
        return p_[n];
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend bool operator<(test_iterator const& a, test_iterator const& b)
    {
        return a.p_ < b.p_;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend bool operator>(test_iterator const& a, test_iterator const& b)
    {
        return a.p_ > b.p_;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend bool operator<=(test_iterator const& a, test_iterator const& b)
    {
        return a.p_ <= b.p_;
    }
    template<class U = Tag, std::enable_if_t<std::is_base_of<std::random_access_iterator_tag, U>::value, int> = 0>
    friend bool operator>=(test_iterator const& a, test_iterator const& b)
    {
        return a.p_ >= b.p_;
    }

    friend bool operator==(test_iterator const& a, test_iterator const& b) { return a.p_ == b.p_; }
    friend bool operator!=(test_iterator const& a, test_iterator const& b) { return a.p_ != b.p_; }
};

// A sentinel of its own type, so that the range is not common.
template<class T>
struct test_sentinel
{
    T const* end = nullptr;

    template<class Tag>
    friend bool operator==(test_iterator<Tag, T> const& i, test_sentinel const& s)
    {
        return i.get() == s.end;
    }
    template<class Tag>
    friend bool operator==(test_sentinel const& s, test_iterator<Tag, T> const& i)
    {
        return i.get() == s.end;
    }
    template<class Tag>
    friend bool operator!=(test_iterator<Tag, T> const& i, test_sentinel const& s)
    {
        return i.get() != s.end;
    }
    template<class Tag>
    friend bool operator!=(test_sentinel const& s, test_iterator<Tag, T> const& i)
    {
        return i.get() != s.end;
    }
};

// The end of a null-terminated string.
struct null_sentinel
{
    friend bool operator==(char const* p, null_sentinel) { return *p == '\0'; }
    friend bool operator==(null_sentinel, char const* p) { return *p == '\0'; }
    friend bool operator!=(char const* p, null_sentinel) { return *p != '\0'; }
    friend bool operator!=(null_sentinel, char const* p) { return *p != '\0'; }
};

// A range of that category over [first, last): common, or with a sentinel. A single-pass range
// hands out one begin() per object.
template<class Tag, class T, bool Common = true>
class test_range
{
    T const* first_;
    T const* last_;
    mutable T const* cursor_;

public:
    test_range(T const* first, T const* last)
        : first_(first)
        , last_(last)
        , cursor_(first)
    {
    }
    template<class Container>
    explicit test_range(Container const& c)
        : test_range(c.data(), c.data() + c.size())
    {
    }

    test_iterator<Tag, T> begin() const
    {
        if (std::is_same<Tag, std::input_iterator_tag>::value)
            return test_iterator<Tag, T>(first_, &cursor_);
        return test_iterator<Tag, T>(first_);
    }
    auto end() const
    {
        if constexpr (Common)
            return test_iterator<Tag, T>(last_);
        else
            return test_sentinel<T>{last_};
    }
};

// The elements of `v`, walked one by one (the lazy view, which every bulk path is checked
// against), as a string of T.
template<class T, class View>
std::basic_string<T> lazy(View&& v)
{
    std::basic_string<T> out;
    for (auto c : v)
        out += static_cast<T>(c);
    return out;
}

// ---- text of chosen UTF-8 lengths ------------------------------------------------------------

// n code points, all of UTF-8 length cls + 1 (ASCII, two, three, four code units): the last is
// also the UTF-16 supplementary class.
inline std::u32string of_class(unsigned cls, std::size_t n)
{
    static constexpr char32_t base[] = {U'a', U'\u00E0', U'\u4E00', U'\U0001F600'};
    static constexpr char32_t span[] = {26, 0x100, 0x1000, 0x200};
    std::u32string s;
    for (std::size_t i = 0; i < n; ++i)
        s += static_cast<char32_t>(base[cls] + (i * 7) % span[cls]);
    return s;
}

// At least n code points in runs of one to nine of one UTF-8 length, the length changing from run
// to run (four bytes one run in seven): the scalar loops' groups, their runs of ASCII and their
// letters taken one by one meet any given place (a stretch's end, an error) at every phase.
inline std::u32string mixed_lengths(std::size_t n)
{
    std::u32string s;
    for (std::size_t i = 0; s.size() < n; ++i)
        s += of_class(i % 7 == 6 ? 3u : static_cast<unsigned>(i % 3), 1 + i % 9);
    return s;
}

// Writes `a` and `b` by turns (`a` in the first `every` places, `b` in the next) at every
// `every`th place of `c` from every + phase - 3: planted errors that meet a boundary at each
// multiple of `every` three places before it (phase 0) to two after (phase 5).
template<class C, class V>
void plant_every(C& c, std::size_t every, std::size_t phase, V a, V b)
{
    for (std::size_t at = every + phase - 3; at < c.size(); at += every)
        c[at] = static_cast<typename C::value_type>(at % (2 * every) < every ? a : b);
}

} // namespace test


#endif // BOOST_UTF_TEST_SUPPORT_HPP

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_GUARDED_MEMORY_HPP
#define BOOST_UTF_TEST_GUARDED_MEMORY_HPP

// Memory with an inaccessible page against it, for the tests that check that the bulk operations
// read and write nothing outside their ranges.

#include <boost/test/unit_test.hpp>
#include <boost/utf/algorithm.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#  include <sys/mman.h>
#  include <unistd.h>
#  define BOOST_UTF_TEST_HAS_MMAP 1
#else
#  define BOOST_UTF_TEST_HAS_MMAP 0
#endif

namespace test {

// `offset` elements past the first element at or after p that starts a `line`-byte boundary: for
// the tests that put a kernel's input or output at every alignment. The memory from p must hold
// line / sizeof(T) elements more than the test uses past the result.
template<class T>
T* at_alignment(T* p, std::size_t line, std::size_t offset)
{
    std::size_t const to_line = (line - reinterpret_cast<std::uintptr_t>(p) % line) % line / sizeof(T);
    return p + to_line + offset;
}

// n elements in memory of their own, with an inaccessible page right after the last one (or,
// with guard_before, right before the first): a kernel that reads or writes one element too far
// faults at once, in every build, without a sanitizer. Without mmap, plain heap memory.
template<class T>
class guarded_array
{
public:
    guarded_array(std::size_t n, bool guard_before)
        : size_(n)
    {
#if BOOST_UTF_TEST_HAS_MMAP
        std::size_t const page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
        std::size_t const data_pages = (n * sizeof(T) + page - 1) / page + 1;
        map_size_ = (data_pages + 1) * page;
        void* const map = ::mmap(nullptr, map_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        BOOST_TEST_REQUIRE((map != MAP_FAILED));
        map_ = static_cast<unsigned char*>(map);
        unsigned char* const guard = guard_before ? map_ : map_ + data_pages * page;
        BOOST_TEST_REQUIRE(::mprotect(guard, page, PROT_NONE) == 0);
        data_ = reinterpret_cast<T*>(guard_before ? map_ + page : guard - n * sizeof(T));
#else
        (void)guard_before;
        heap_.reset(new T[n == 0 ? 1 : n]);
        data_ = heap_.get();
#endif
    }
    guarded_array(guarded_array const&) = delete;
    guarded_array& operator=(guarded_array const&) = delete;
    ~guarded_array()
    {
#if BOOST_UTF_TEST_HAS_MMAP
        ::munmap(map_, map_size_);
#endif
    }

    T* begin() const { return data_; }
    T* end() const { return data_ + size_; }
    std::size_t size() const { return size_; }

private:
    std::size_t size_;
    T* data_ = nullptr;
#if BOOST_UTF_TEST_HAS_MMAP
    unsigned char* map_ = nullptr;
    std::size_t map_size_ = 0;
#else
    std::unique_ptr<T[]> heap_;
#endif
};

// A sink of the bulk drivers (algorithm.hpp: reserve, commit, sync, max_reserve) that hands out
// exactly the room each reserve() asks for, with the guard page right after it. The sinks of copy
// and to<> give more than was asked (a buffer that sync() empties, a container grown by steps), so
// a driver that writes past what it reserved, or asks for more than max_reserve, passes with them
// and fails with this one. What is committed is kept in `out`.
template<class T, std::size_t MaxReserve>
class exact_room_sink
{
    guarded_array<T> room_{MaxReserve, false};
    T* taken_ = room_.end();     // everything committed before it is in `out`
    T* committed_ = room_.end(); // the end of what the driver committed

    void take()
    {
        out.insert(out.end(), taken_, committed_);
        taken_ = committed_;
    }

public:
    static constexpr std::size_t max_reserve = MaxReserve;
    std::vector<T> out;

    T* reserve(std::size_t n)
    {
        BOOST_TEST_REQUIRE(n <= max_reserve);
        take();
        taken_ = committed_ = room_.end() - n;
        return committed_;
    }
    void commit(T* p)
    {
        BOOST_TEST_REQUIRE((p >= committed_ && p <= room_.end()));
        committed_ = p;
    }
    void sync(T* p)
    {
        commit(p);
        take();
    }
    void finish() { take(); }
};

// `r` copied into `a`, which is as long: the view of it that the tests read, with the guard right
// after (or before) it.
template<class T, class Range>
std::basic_string_view<T> guarded_copy(guarded_array<T> const& a, Range const& r)
{
    std::copy(std::begin(r), std::end(r), a.begin());
    return std::basic_string_view<T>(a.begin(), a.size());
}

// `view` copied by boost::utf::copy into exactly the room `expected` (a string of the output's
// code units) needs, with the guard page right after it: the copy returns the end of that room
// and has written `expected` there, and a store past it faults.
template<class View, class Expected>
void copies_into_exact_room(View&& view, Expected const& expected)
{
    using unit = typename Expected::value_type;
    guarded_array<unit> const out(expected.size(), false);
    unit* const end = boost::utf::copy(std::forward<View>(view), out.begin());
    BOOST_TEST((end == out.end()));
    BOOST_TEST((std::basic_string_view<unit>(out.begin(), out.size()) ==
                std::basic_string_view<unit>(expected.data(), expected.size())));
}

} // namespace test

#endif // BOOST_UTF_TEST_GUARDED_MEMORY_HPP

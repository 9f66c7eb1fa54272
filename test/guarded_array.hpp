// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_GUARDED_ARRAY_HPP
#define BOOST_UTF_TEST_GUARDED_ARRAY_HPP

// Memory with an inaccessible page against it, and a sink of the bulk drivers that gives exactly
// the room asked for in such memory: for the unit tests (guarded_memory.hpp) and the fuzz targets,
// so without Boost.Test. A misuse throws; a read or write past the memory faults.

#include <boost/utf/algorithm.hpp>

#include <cstddef>
#include <memory>
#include <stdexcept>
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
        if (map == MAP_FAILED)
            throw std::runtime_error("guarded_array: mmap failed");
        map_ = static_cast<unsigned char*>(map);
        unsigned char* const guard = guard_before ? map_ : map_ + data_pages * page;
        if (::mprotect(guard, page, PROT_NONE) != 0)
        {
            ::munmap(map_, map_size_);
            throw std::runtime_error("guarded_array: mprotect failed");
        }
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
        if (n > max_reserve)
            throw std::logic_error("exact_room_sink: reserve() past max_reserve");
        take();
        taken_ = committed_ = room_.end() - n;
        return committed_;
    }
    void commit(T* p)
    {
        if (p < committed_ || p > room_.end())
            throw std::logic_error("exact_room_sink: commit() outside the room");
        committed_ = p;
    }
    void sync(T* p)
    {
        commit(p);
        take();
    }
    void finish() { take(); }
    // Ready for another driver, with the same memory (the fuzz targets make one sink per room).
    void clear()
    {
        out.clear();
        taken_ = committed_ = room_.end();
    }
    // What the fast path of the view `v` (bulk_into, as copy and to<> choose it) writes here,
    // from an empty sink.
    template<class View>
    std::vector<T> const& write(View&& v)
    {
        clear();
        boost::utf::detail::bulk_into(std::forward<View>(v), *this);
        finish();
        return out;
    }
};

} // namespace test

#endif // BOOST_UTF_TEST_GUARDED_ARRAY_HPP

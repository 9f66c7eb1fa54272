// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Decoding, validating and encoding 16 MiB corpora: Boost.UTF's lazy views and bulk operations
// against a plain hand-written loop, utfcpp, ICU and glibc iconv, all in one binary so that every
// ratio compares runs made under the same conditions.
//
// Benchmark names are operation/corpus/implementation, and /offset for the kernels timed at
// several code offsets (see "code placement" below). Throughput (bytes_per_second) always
// counts UTF-8 bytes: the input when decoding or validating, the output when encoding. Times are
// CPU times: the benchmark machine is shared, and wall-clock time would count other processes.

#include <boost/utf/algorithm.hpp>
#include <boost/utf.hpp>

#include "baselines.hpp"
#include "corpus.hpp"

#include <benchmark/benchmark.h>
#include <iconv.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <utf8.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using namespace boost_utf_bench;
namespace utf = boost::utf;

struct data
{
    std::string bytes;          // the corpus
    std::u32string code_points; // the corpus decoded (U+FFFD for each maximal subpart)
    std::size_t encoded_size;   // bytes of code_points re-encoded
    std::u16string units;       // code_points in UTF-16: also the corpus transcoded to UTF-16
};

data const& get(corpus_kind k)
{
    static std::map<corpus_kind, data> cache;
    auto it = cache.find(k);
    if (it != cache.end())
        return it->second;
    data d;
    d.bytes = make_corpus(k);
    d.code_points.resize(d.bytes.size());
    auto const* p = reinterpret_cast<unsigned char const*>(d.bytes.data());
    char32_t* e = plain_decode(p, p + d.bytes.size(), d.code_points.data());
    d.code_points.resize(static_cast<std::size_t>(e - d.code_points.data()));
    std::vector<unsigned char> enc(d.code_points.size() * 4);
    d.encoded_size = static_cast<std::size_t>(
        plain_encode(d.code_points.data(), d.code_points.data() + d.code_points.size(), enc.data()) -
        enc.data());
    for (char32_t c : d.code_points)
    {
        if (c < 0x10000)
            d.units += static_cast<char16_t>(c);
        else
        {
            d.units += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
            d.units += static_cast<char16_t>(0xDC00 + (c & 0x3FF));
        }
    }
    return cache.emplace(k, std::move(d)).first->second;
}

// Output buffers, allocated once: no benchmark allocates inside its timed loop.
std::vector<char32_t>& u32_buffer()
{
    static std::vector<char32_t> b((std::size_t(16) << 20) + 64);
    return b;
}
std::vector<unsigned char>& u8_buffer()
{
    static std::vector<unsigned char> b((std::size_t(64) << 20) + 64);
    return b;
}

std::vector<char16_t>& u16_buffer()
{
    static std::vector<char16_t> b((std::size_t(16) << 20) + 64);
    return b;
}

unsigned char const* ubegin(std::string const& s) { return reinterpret_cast<unsigned char const*>(s.data()); }

// ---- code placement --------------------------------------------------------------------------
//
// A loop of a few instructions per byte runs at very different speeds depending on where it
// falls relative to 32- and 64-byte boundaries; an unrelated edit elsewhere in the binary moved
// the plain loop's ASCII speed by half. So the kernels whose ratios the targets are about (the
// plain loop, the views and utfcpp's iterator) are templates on an offset: each instance starts
// on a 64-byte boundary, skips Offset bytes of no-ops, and then does its work, so its loop lands
// in a different place. They are timed at every offset, and the report takes the median over the
// offsets and shows their spread. Elsewhere (or with another compiler) there is one offset and no
// padding.
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#  define BOOST_UTF_BENCH_SKIP(n)                                                              \
      do                                                                                       \
      {                                                                                        \
          if constexpr ((n) > 0)                                                               \
              asm volatile(".skip %c0, 0x90" ::"i"(n));                                        \
      } while (false)
#  define BOOST_UTF_BENCH_AT_OFFSETS(f) {{0, f<0>}, {16, f<16>}, {32, f<32>}, {48, f<48>}}
#else
#  define BOOST_UTF_BENCH_SKIP(n) (void)(n)
#  define BOOST_UTF_BENCH_AT_OFFSETS(f) {{0, f<0>}}
#endif

template<class F>
struct placed
{
    int offset; // -1: not placed (the library or a vendor decides where its loop is)
    F f;
};

// ---- decoding ------------------------------------------------------------------------------

using decoder = std::size_t (*)(std::string const&, char32_t*);

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t decode_plain(std::string const& s, char32_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return static_cast<std::size_t>(plain_decode(ubegin(s), ubegin(s) + s.size(), out) - out);
}

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t decode_view(std::string const& s, char32_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    char32_t* o = out;
    for (char32_t c : std::string_view(s) | utf::views::utf8)
        *o++ = c;
    return static_cast<std::size_t>(o - out);
}

std::size_t decode_bulk(std::string const& s, char32_t* out)
{
    return static_cast<std::size_t>(utf::copy(std::string_view(s) | utf::views::utf8, out) - out);
}

std::size_t decode_utfcpp_next(std::string const& s, char32_t* out)
{
    char32_t* o = out;
    char const* it = s.data();
    char const* const end = it + s.size();
    while (it != end)
    {
        try
        {
            *o++ = utf8::next(it, end);
        }
        catch (utf8::exception const&)
        {
            // utfcpp leaves `it` at the bad byte; resume after it, as a lenient caller would.
            o[-1] = 0xFFFD;
            ++it;
        }
    }
    return static_cast<std::size_t>(o - out);
}

// Placed like the plain loop and the view, since the view's target is a ratio to it.
template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t decode_utfcpp_iterator(std::string const& s, char32_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    char32_t* o = out;
    char const* const first = s.data();
    char const* const last = first + s.size();
    char const* at = first;
    while (at != last)
    {
        utf8::iterator<char const*> it(at, first, last), end(last, first, last);
        try
        {
            for (; it != end; ++it)
                *o++ = *it;
            at = last;
        }
        catch (utf8::exception const&)
        {
            *o++ = 0xFFFD;
            at = it.base() + 1;
        }
    }
    return static_cast<std::size_t>(o - out);
}

std::size_t decode_icu(std::string const& s, char32_t* out)
{
    auto const* p = reinterpret_cast<uint8_t const*>(s.data());
    int32_t const length = static_cast<int32_t>(s.size());
    char32_t* o = out;
    for (int32_t i = 0; i < length;)
    {
        UChar32 c;
        U8_NEXT(p, i, length, c);
        *o++ = c < 0 ? 0xFFFD : static_cast<char32_t>(c);
    }
    return static_cast<std::size_t>(o - out);
}

std::size_t decode_iconv(std::string const& s, char32_t* out)
{
    static iconv_t const cd = iconv_open("UTF-32LE", "UTF-8");
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
    char* in = const_cast<char*>(s.data());
    std::size_t in_left = s.size();
    char* o = reinterpret_cast<char*>(out);
    std::size_t out_left = (s.size() + 16) * 4;
    while (in_left > 0)
    {
        if (iconv(cd, &in, &in_left, &o, &out_left) == static_cast<std::size_t>(-1))
        {
            // EILSEQ or EINVAL: one U+FFFD per bad byte, then go on.
            char32_t const r = 0xFFFD;
            std::memcpy(o, &r, 4);
            o += 4;
            out_left -= 4;
            ++in;
            --in_left;
        }
    }
    return static_cast<std::size_t>(reinterpret_cast<char32_t*>(o) - out);
}

// ---- validating ----------------------------------------------------------------------------

using validator = bool (*)(std::string const&);

template<int Offset>
BOOST_UTF_BENCH_PLACED bool validate_plain(std::string const& s)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return plain_validate(ubegin(s), ubegin(s) + s.size());
}
bool validate_bulk(std::string const& s) { return utf::is_valid(std::string_view(s)); }
bool validate_utfcpp(std::string const& s) { return utf8::is_valid(s.begin(), s.end()); }
bool validate_icu(std::string const& s)
{
    auto const* p = reinterpret_cast<uint8_t const*>(s.data());
    int32_t const length = static_cast<int32_t>(s.size());
    for (int32_t i = 0; i < length;)
    {
        UChar32 c;
        U8_NEXT(p, i, length, c);
        if (c < 0)
            return false;
    }
    return true;
}

// ---- encoding ------------------------------------------------------------------------------

using encoder = std::size_t (*)(std::u32string const&, unsigned char*);

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t encode_plain(std::u32string const& s, unsigned char* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return static_cast<std::size_t>(plain_encode(s.data(), s.data() + s.size(), out) - out);
}

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t encode_view(std::u32string const& s, unsigned char* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    unsigned char* o = out;
    for (unsigned char c : std::u32string_view(s) | utf::views::utf32_to_utf8_as<unsigned char>)
        *o++ = c;
    return static_cast<std::size_t>(o - out);
}

std::size_t encode_bulk(std::u32string const& s, unsigned char* out)
{
    return static_cast<std::size_t>(
        utf::copy(std::u32string_view(s) | utf::views::utf32_to_utf8_as<unsigned char>, out) - out);
}

std::size_t encode_utfcpp(std::u32string const& s, unsigned char* out)
{
    return static_cast<std::size_t>(utf8::utf32to8(s.begin(), s.end(), out) - out);
}

std::size_t encode_icu(std::u32string const& s, unsigned char* out)
{
    int32_t i = 0;
    int32_t const capacity = static_cast<int32_t>(s.size() * 4);
    for (char32_t c : s)
    {
        UBool error = false;
        U8_APPEND(out, i, capacity, c, error);
        (void)error;
    }
    return static_cast<std::size_t>(i);
}

std::size_t encode_iconv(std::u32string const& s, unsigned char* out)
{
    static iconv_t const cd = iconv_open("UTF-8", "UTF-32LE");
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
    char* in = reinterpret_cast<char*>(const_cast<char32_t*>(s.data()));
    std::size_t in_left = s.size() * 4;
    char* o = reinterpret_cast<char*>(out);
    std::size_t out_left = s.size() * 4;
    iconv(cd, &in, &in_left, &o, &out_left);
    return static_cast<std::size_t>(reinterpret_cast<unsigned char*>(o) - out);
}

// ---- the bulk operations at each SIMD level ----------------------------------------------------
//
// `bulk` runs the level the library picks; `bulk_LEVEL` caps it at LEVEL (set_simd_cap, set and
// restored around each call: a few nanoseconds, nothing next to a 16 MiB corpus). Only the levels
// this CPU runs are registered.

inline constexpr utf::simd_level all_levels[] = {utf::simd_level::scalar, utf::simd_level::sse,
                                                 utf::simd_level::avx2, utf::simd_level::avx512bw,
                                                 utf::simd_level::avx512vbmi2};

struct capped
{
    utf::simd_level previous;
    explicit capped(utf::simd_level l) : previous(utf::set_simd_cap(l)) {}
    ~capped() { utf::set_simd_cap(previous); }
};

template<utf::simd_level L>
std::size_t decode_bulk_at(std::string const& s, char32_t* out)
{
    capped const c(L);
    return decode_bulk(s, out);
}
template<utf::simd_level L>
bool validate_bulk_at(std::string const& s)
{
    capped const c(L);
    return validate_bulk(s);
}
template<utf::simd_level L>
std::size_t encode_bulk_at(std::u32string const& s, unsigned char* out)
{
    capped const c(L);
    return encode_bulk(s, out);
}

// ---- UTF-16 ----------------------------------------------------------------------------------
//
// The corpora in UTF-16 (each corpus decoded, U+FFFD for each maximal subpart, then encoded):
// decoding with views::utf16, validating, and transcoding to and from UTF-8 with the bulk
// compositions, against plain loops (baselines.hpp) and ICU's u_strFromUTF8WithSub and
// u_strToUTF8WithSub. Throughput counts UTF-16 bytes when decoding or validating UTF-16, and
// UTF-8 bytes when transcoding (the input from UTF-8, the output to UTF-8).

using decoder16 = std::size_t (*)(std::u16string const&, char32_t*);
using validator16 = bool (*)(std::u16string const&);
using to_utf16 = std::size_t (*)(std::string const&, char16_t*);
using to_utf8 = std::size_t (*)(std::u16string const&, unsigned char*);
using encoder16 = std::size_t (*)(std::u32string const&, char16_t*);

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t decode16_plain(std::u16string const& s, char32_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return static_cast<std::size_t>(plain_decode16(s.data(), s.data() + s.size(), out) - out);
}

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t decode16_view(std::u16string const& s, char32_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    char32_t* o = out;
    for (char32_t c : std::u16string_view(s) | utf::views::utf16)
        *o++ = c;
    return static_cast<std::size_t>(o - out);
}

std::size_t decode16_bulk(std::u16string const& s, char32_t* out)
{
    return static_cast<std::size_t>(utf::copy(std::u16string_view(s) | utf::views::utf16, out) - out);
}

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t encode16_plain(std::u32string const& s, char16_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return static_cast<std::size_t>(plain_encode16(s.data(), s.data() + s.size(), out) - out);
}

std::size_t encode16_bulk(std::u32string const& s, char16_t* out)
{
    return static_cast<std::size_t>(utf::copy(std::u32string_view(s) | utf::views::utf32_to_utf16, out) - out);
}

std::size_t encode16_icu(std::u32string const& s, char16_t* out)
{
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF32WithSub(reinterpret_cast<UChar*>(out), static_cast<int32_t>(s.size() * 2 + 64), &length,
                          reinterpret_cast<UChar32 const*>(s.data()), static_cast<int32_t>(s.size()), 0xFFFD,
                          nullptr, &status);
    return static_cast<std::size_t>(length);
}

template<int Offset>
BOOST_UTF_BENCH_PLACED bool validate16_plain(std::u16string const& s)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return plain_validate16(s.data(), s.data() + s.size());
}

bool validate16_bulk(std::u16string const& s) { return utf::is_valid(std::u16string_view(s)); }

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t utf8_to_utf16_plain(std::string const& s, char16_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return static_cast<std::size_t>(plain_utf8_to_utf16(ubegin(s), ubegin(s) + s.size(), out) - out);
}

// The lazy composition, walked element by element as a range-for does.
template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t utf8_to_utf16_view(std::string const& s, char16_t* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    char16_t* o = out;
    for (char16_t c : std::string_view(s) | utf::views::utf8 | utf::views::utf32_to_utf16)
        *o++ = c;
    return static_cast<std::size_t>(o - out);
}

std::size_t utf8_to_utf16_bulk(std::string const& s, char16_t* out)
{
    return static_cast<std::size_t>(utf::copy(std::string_view(s) | utf::views::utf8 | utf::views::utf32_to_utf16, out) -
                                    out);
}

std::size_t utf8_to_utf16_icu(std::string const& s, char16_t* out)
{
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8WithSub(reinterpret_cast<UChar*>(out), static_cast<int32_t>(s.size() + 64), &length, s.data(),
                         static_cast<int32_t>(s.size()), 0xFFFD, nullptr, &status);
    return static_cast<std::size_t>(length);
}

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t utf16_to_utf8_plain(std::u16string const& s, unsigned char* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    return static_cast<std::size_t>(plain_utf16_to_utf8(s.data(), s.data() + s.size(), out) - out);
}

template<int Offset>
BOOST_UTF_BENCH_PLACED std::size_t utf16_to_utf8_view(std::u16string const& s, unsigned char* out)
{
    BOOST_UTF_BENCH_SKIP(Offset);
    unsigned char* o = out;
    for (unsigned char c :
         std::u16string_view(s) | utf::views::utf16 | utf::views::utf32_to_utf8_as<unsigned char>)
        *o++ = c;
    return static_cast<std::size_t>(o - out);
}

std::size_t utf16_to_utf8_bulk(std::u16string const& s, unsigned char* out)
{
    return static_cast<std::size_t>(
        utf::copy(std::u16string_view(s) | utf::views::utf16 | utf::views::utf32_to_utf8_as<unsigned char>, out) -
        out);
}

std::size_t utf16_to_utf8_icu(std::u16string const& s, unsigned char* out)
{
    int32_t length = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strToUTF8WithSub(reinterpret_cast<char*>(out), static_cast<int32_t>(s.size() * 3 + 64), &length,
                       reinterpret_cast<UChar const*>(s.data()), static_cast<int32_t>(s.size()), 0xFFFD, nullptr,
                       &status);
    return static_cast<std::size_t>(length);
}

template<utf::simd_level L>
std::size_t decode16_bulk_at(std::u16string const& s, char32_t* out)
{
    capped const c(L);
    return decode16_bulk(s, out);
}
template<utf::simd_level L>
std::size_t encode16_bulk_at(std::u32string const& s, char16_t* out)
{
    capped const c(L);
    return encode16_bulk(s, out);
}
template<utf::simd_level L>
bool validate16_bulk_at(std::u16string const& s)
{
    capped const c(L);
    return validate16_bulk(s);
}
template<utf::simd_level L>
std::size_t utf8_to_utf16_bulk_at(std::string const& s, char16_t* out)
{
    capped const c(L);
    return utf8_to_utf16_bulk(s, out);
}
template<utf::simd_level L>
std::size_t utf16_to_utf8_bulk_at(std::u16string const& s, unsigned char* out)
{
    capped const c(L);
    return utf16_to_utf8_bulk(s, out);
}

// ---- registration --------------------------------------------------------------------------

template<class F, class... Args>
void run(benchmark::State& state, std::size_t bytes, F f, Args const&... args)
{
    for (auto _ : state)
    {
        auto r = f(args...);
        benchmark::DoNotOptimize(r);
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes));
}

// Every implementation must produce what the plain loop produces before it is timed (utfcpp and
// iconv excepted on the invalid corpus: they do not split errors into maximal subparts).
[[noreturn]] void mismatch(char const* what)
{
    std::fprintf(stderr, "boost_utf_bench: %s disagrees with the plain loop\n", what);
    std::exit(1);
}

template<class F, class... Args>
void add(std::string const& name, std::vector<placed<F>> const& at, std::size_t (*bytes)(data const&),
         corpus_kind k, Args (*... args)(data const&))
{
    for (placed<F> const& p : at)
    {
        std::string const full = p.offset < 0 ? name : name + "/" + std::to_string(p.offset);
        benchmark::RegisterBenchmark(full.c_str(),
                                     [k, f = p.f, bytes, args...](benchmark::State& state) {
                                         data const& x = get(k);
                                         run(state, bytes(x), f, args(x)...);
                                     })
            ->Unit(benchmark::kMillisecond);
    }
}

std::string const& input_bytes(data const& x) { return x.bytes; }
std::u32string const& input_code_points(data const& x) { return x.code_points; }
char32_t* decode_output(data const&) { return u32_buffer().data(); }
unsigned char* encode_output(data const&) { return u8_buffer().data(); }
std::size_t decoded_bytes(data const& x) { return x.bytes.size(); }
std::size_t encoded_bytes(data const& x) { return x.encoded_size; }
std::u16string const& input_units(data const& x) { return x.units; }
char16_t* utf16_output(data const&) { return u16_buffer().data(); }
std::size_t utf16_bytes(data const& x) { return x.units.size() * 2; }

template<class F>
std::vector<placed<F>> unplaced(F f)
{
    return {{-1, f}};
}

// An implementation, and its kernel at each code offset (or its one unplaced kernel).
template<class F>
struct named
{
    char const* name;
    std::vector<placed<F>> at;
    bool checked = true;     // false: does not split errors into maximal subparts
    bool on_uniform = false; // true: runs on the uniform corpora too (plain loop and views)
    // The SIMD level it needs: implementations of a level this CPU lacks are not registered.
    utf::simd_level needs = utf::simd_level::scalar;
};

#define BOOST_UTF_BENCH_LEVEL(f, l) {"bulk_" #l, unplaced(f<utf::simd_level::l>), true, false, utf::simd_level::l}
#define BOOST_UTF_BENCH_AT_LEVELS(f)                                                               \
    BOOST_UTF_BENCH_LEVEL(f, scalar), BOOST_UTF_BENCH_LEVEL(f, sse), BOOST_UTF_BENCH_LEVEL(f, avx2), \
        BOOST_UTF_BENCH_LEVEL(f, avx512bw), BOOST_UTF_BENCH_LEVEL(f, avx512vbmi2)

named<decoder> const decoders[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(decode_plain), true, true},
    {"view", BOOST_UTF_BENCH_AT_OFFSETS(decode_view), true, true},
    {"bulk", unplaced(decode_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(decode_bulk_at),
    {"utfcpp_next", unplaced(decode_utfcpp_next), false},
    {"utfcpp_iterator", BOOST_UTF_BENCH_AT_OFFSETS(decode_utfcpp_iterator), false},
    {"icu_u8_next", unplaced(decode_icu)},
    {"iconv", unplaced(decode_iconv), false},
};
named<validator> const validators[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(validate_plain)},
    {"bulk", unplaced(validate_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(validate_bulk_at),
    {"utfcpp", unplaced(validate_utfcpp)},
    {"icu_u8_next", unplaced(validate_icu)},
};
named<encoder> const encoders[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(encode_plain), true, true},
    {"view", BOOST_UTF_BENCH_AT_OFFSETS(encode_view), true, true},
    {"bulk", unplaced(encode_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(encode_bulk_at),
    {"utfcpp", unplaced(encode_utfcpp)},
    {"icu_u8_append", unplaced(encode_icu)},
    {"iconv", unplaced(encode_iconv)},
};

named<decoder16> const decoders16[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(decode16_plain)},
    {"view", BOOST_UTF_BENCH_AT_OFFSETS(decode16_view)},
    {"bulk", unplaced(decode16_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(decode16_bulk_at),
};
named<encoder16> const encoders16[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(encode16_plain)},
    {"bulk", unplaced(encode16_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(encode16_bulk_at),
    {"icu_from_utf32", unplaced(encode16_icu)},
};
named<validator16> const validators16[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(validate16_plain)},
    {"bulk", unplaced(validate16_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(validate16_bulk_at),
};
named<to_utf16> const to_utf16s[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(utf8_to_utf16_plain)},
    {"view", BOOST_UTF_BENCH_AT_OFFSETS(utf8_to_utf16_view)},
    {"bulk", unplaced(utf8_to_utf16_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(utf8_to_utf16_bulk_at),
    {"icu_from_utf8", unplaced(utf8_to_utf16_icu)},
};
named<to_utf8> const to_utf8s[] = {
    {"plain", BOOST_UTF_BENCH_AT_OFFSETS(utf16_to_utf8_plain)},
    {"view", BOOST_UTF_BENCH_AT_OFFSETS(utf16_to_utf8_view)},
    {"bulk", unplaced(utf16_to_utf8_bulk)},
    BOOST_UTF_BENCH_AT_LEVELS(utf16_to_utf8_bulk_at),
    {"icu_to_utf8", unplaced(utf16_to_utf8_icu)},
};

// Whether `impl` runs on corpus `k`: the uniform corpora are there to show where the views' time
// goes, so only the plain loop and the views run on them.
template<class F>
bool runs_on(named<F> const& impl, corpus_kind k)
{
    return (!is_uniform(k) || impl.on_uniform) && impl.needs <= utf::supported_simd_level();
}

void register_corpus(corpus_kind k)
{
    std::string const corpus = name(k);
    for (auto const& d : decoders)
        if (runs_on(d, k))
            add("decode/" + corpus + "/" + d.name, d.at, decoded_bytes, k, input_bytes, decode_output);
    if (k != corpus_kind::invalid) // validation of bad input stops at the first error
    {
        for (auto const& v : validators)
            if (runs_on(v, k))
                add("validate/" + corpus + "/" + v.name, v.at, decoded_bytes, k, input_bytes);
    }
    for (auto const& e : encoders)
        if (runs_on(e, k))
            add("encode/" + corpus + "/" + e.name, e.at, encoded_bytes, k, input_code_points, encode_output);
    for (auto const& d : decoders16)
        if (runs_on(d, k))
            add("decode16/" + corpus + "/" + d.name, d.at, utf16_bytes, k, input_units, decode_output);
    for (auto const& e : encoders16)
        if (runs_on(e, k))
            add("encode16/" + corpus + "/" + e.name, e.at, utf16_bytes, k, input_code_points, utf16_output);
    for (auto const& v : validators16)
        if (runs_on(v, k))
            add("validate16/" + corpus + "/" + v.name, v.at, utf16_bytes, k, input_units);
    for (auto const& t : to_utf16s)
        if (runs_on(t, k))
            add("utf8_to_utf16/" + corpus + "/" + t.name, t.at, decoded_bytes, k, input_bytes, utf16_output);
    for (auto const& t : to_utf8s)
        if (runs_on(t, k))
            add("utf16_to_utf8/" + corpus + "/" + t.name, t.at, encoded_bytes, k, input_units, encode_output);
}

// ---- short inputs -----------------------------------------------------------------------------
//
// Many calls on short pieces of a corpus (8 to 256 bytes, or UTF-16 code units for the rows that
// read UTF-16, and for short_encode16, whose code points are those pieces decoded), cut at element
// boundaries, so that every piece is well-formed: what a call costs when there is little to do,
// dispatch included.
// Names are short_OPERATION/corpus/size/implementation; an iteration makes a call on each piece,
// reported as items, so that ns per call is 1e9 / items_per_second.
//
// 1,024 pieces by default: few enough that the branch predictor of a recent CPU learns the
// outcomes of their branches, timed again and again, as it would for a handful of strings that a
// program handles over and over. BOOST_UTF_BENCH_SHORT_PIECES sets another count: with 8,192 or
// more, no predictor learns them, as for strings that vary, which is what most programs see.

std::size_t short_calls()
{
    static std::size_t const n = [] {
        char const* const v = std::getenv("BOOST_UTF_BENCH_SHORT_PIECES");
        unsigned long const n = v != nullptr ? std::strtoul(v, nullptr, 10) : 0;
        return n != 0 ? static_cast<std::size_t>(n) : std::size_t(1024);
    }();
    return n;
}
inline constexpr std::size_t short_sizes[] = {8, 16, 32, 64, 256};

struct pieces
{
    std::vector<std::string_view> bytes;     // up to `size` bytes each
    std::string bytes_storage;               // storage for `bytes`
    std::vector<std::u32string_view> points; // the same pieces decoded
    std::u32string decoded;                  // storage for `points`
    std::vector<std::u16string_view> units;  // up to `size` UTF-16 code units each, from other places
    std::u16string units_storage;            // storage for `units`
    std::vector<std::u32string_view> points16; // `units` decoded
    std::u32string decoded16;                  // storage for `points16`
};

// Views of `storage` at each of `spans` (offset, length), made once `storage` is whole.
template<class Char>
std::vector<std::basic_string_view<Char>> views_of(std::basic_string<Char> const& storage,
                                                   std::vector<std::pair<std::size_t, std::size_t>> const& spans)
{
    std::vector<std::basic_string_view<Char>> r;
    for (auto const& [from, n] : spans)
        r.emplace_back(storage.data() + from, n);
    return r;
}

// short_calls() pieces of `text`, each up to `size` code units and cut where `begins` says an
// element begins, from places spread over the text, copied one after another into `storage`
// with a few code units between them (so that they start at every alignment): the pieces are in
// the caches as a program's own strings would be, however many there are.
template<class Char, class Begins>
std::vector<std::basic_string_view<Char>> cut_pieces(std::basic_string<Char> const& text, std::size_t size,
                                                     Begins begins, std::basic_string<Char>& storage)
{
    std::size_t const each = text.size() / short_calls();
    if (each < size + 16)
        throw std::runtime_error("BOOST_UTF_BENCH_SHORT_PIECES: more pieces than the corpus holds");
    constexpr std::size_t between = 7;
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    std::size_t at = 0;
    for (std::size_t i = 0; i < short_calls(); ++i, at = i * each)
    {
        while (!begins(text[at]))
            ++at;
        std::size_t end = at + size;
        while (!begins(text[end]))
            --end;
        spans.emplace_back(storage.size(), end - at);
        storage.append(text, at, end - at);
        storage.append(between, Char('x'));
    }
    return views_of(storage, spans);
}

// Each piece decoded by `decode(piece, out)` (a plain loop, returning the end of what it wrote)
// into `storage`, and a view of each one's code points in `views`, made once `storage` is whole.
template<class Piece, class Decode>
void decode_each(std::vector<Piece> const& pieces, Decode decode, std::u32string& storage,
                 std::vector<std::u32string_view>& views)
{
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (Piece const piece : pieces)
    {
        std::size_t const before = storage.size();
        storage.resize(before + piece.size());
        char32_t* const out = storage.data() + before;
        std::size_t const n = static_cast<std::size_t>(decode(piece, out) - out);
        storage.resize(before + n);
        spans.emplace_back(before, n);
    }
    views = views_of(storage, spans);
}

pieces const& get_pieces(corpus_kind k, std::size_t size)
{
    static std::map<std::pair<corpus_kind, std::size_t>, pieces> cache;
    auto it = cache.find({k, size});
    if (it != cache.end())
        return it->second;
    pieces r;
    r.bytes = cut_pieces(
        get(k).bytes, size, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }, r.bytes_storage);
    decode_each(
        r.bytes,
        [](std::string_view b, char32_t* o) {
            auto const* p = reinterpret_cast<unsigned char const*>(b.data());
            return plain_decode(p, p + b.size(), o);
        },
        r.decoded, r.points);
    r.units = cut_pieces(
        get(k).units, size, [](char16_t u) { return (u & 0xFC00) != 0xDC00; }, r.units_storage);
    decode_each(
        r.units, [](std::u16string_view u, char32_t* o) { return plain_decode16(u.data(), u.data() + u.size(), o); },
        r.decoded16, r.points16);
    return cache.emplace(std::make_pair(k, size), std::move(r)).first->second;
}

enum class short_op
{
    decode,
    validate,
    encode,
    utf8_to_utf16,
    utf16_to_utf8,
    sanitize16,
    decode16,
    encode16,
    validate16
};

template<short_op Op, bool Bulk>
void short_run(benchmark::State& state, corpus_kind k, std::size_t size, utf::simd_level level)
{
    pieces const& x = get_pieces(k, size);
    char32_t* const out32 = u32_buffer().data();
    unsigned char* const out8 = u8_buffer().data();
    char16_t* const out16 = u16_buffer().data();
    capped const c(level);
    for (auto _ : state)
    {
        std::size_t sum = 0;
        for (std::size_t i = 0; i < x.bytes.size(); ++i)
        {
            if constexpr (Op == short_op::decode)
            {
                std::string_view const b = x.bytes[i];
                if constexpr (Bulk)
                    sum += static_cast<std::size_t>(utf::copy(b | utf::views::utf8, out32) - out32);
                else
                    sum += static_cast<std::size_t>(
                        plain_decode(reinterpret_cast<unsigned char const*>(b.data()),
                                     reinterpret_cast<unsigned char const*>(b.data()) + b.size(), out32) -
                        out32);
            }
            else if constexpr (Op == short_op::validate)
            {
                std::string_view const b = x.bytes[i];
                if constexpr (Bulk)
                    sum += utf::is_valid(b);
                else
                    sum += plain_validate(reinterpret_cast<unsigned char const*>(b.data()),
                                          reinterpret_cast<unsigned char const*>(b.data()) + b.size());
            }
            else if constexpr (Op == short_op::utf8_to_utf16)
            {
                std::string_view const b = x.bytes[i];
                if constexpr (Bulk)
                    sum += static_cast<std::size_t>(
                        utf::copy(b | utf::views::utf8 | utf::views::utf32_to_utf16, out16) - out16);
                else
                    sum += static_cast<std::size_t>(
                        plain_utf8_to_utf16(reinterpret_cast<unsigned char const*>(b.data()),
                                            reinterpret_cast<unsigned char const*>(b.data()) + b.size(), out16) -
                        out16);
            }
            else if constexpr (Op == short_op::utf16_to_utf8)
            {
                std::u16string_view const u = x.units[i];
                if constexpr (Bulk)
                    sum += static_cast<std::size_t>(
                        utf::copy(u | utf::views::utf16 | utf::views::utf32_to_utf8_as<unsigned char>, out8) - out8);
                else
                    sum += static_cast<std::size_t>(plain_utf16_to_utf8(u.data(), u.data() + u.size(), out8) - out8);
            }
            else if constexpr (Op == short_op::sanitize16)
            {
                std::u16string_view const u = x.units[i];
                if constexpr (Bulk)
                    sum += static_cast<std::size_t>(
                        utf::copy(u | utf::views::utf16 | utf::views::utf32_to_utf16, out16) - out16);
                else
                    sum += static_cast<std::size_t>(plain_sanitize16(u.data(), u.data() + u.size(), out16) - out16);
            }
            else if constexpr (Op == short_op::decode16)
            {
                std::u16string_view const u = x.units[i];
                if constexpr (Bulk)
                    sum += static_cast<std::size_t>(utf::copy(u | utf::views::utf16, out32) - out32);
                else
                    sum += static_cast<std::size_t>(plain_decode16(u.data(), u.data() + u.size(), out32) - out32);
            }
            else if constexpr (Op == short_op::encode16)
            {
                std::u32string_view const p = x.points16[i];
                if constexpr (Bulk)
                    sum += static_cast<std::size_t>(utf::copy(p | utf::views::utf32_to_utf16, out16) - out16);
                else
                    sum += static_cast<std::size_t>(plain_encode16(p.data(), p.data() + p.size(), out16) - out16);
            }
            else if constexpr (Op == short_op::validate16)
            {
                std::u16string_view const u = x.units[i];
                if constexpr (Bulk)
                    sum += utf::is_valid(u);
                else
                    sum += plain_validate16(u.data(), u.data() + u.size());
            }
            else
            {
                std::u32string_view const p = x.points[i];
                if constexpr (Bulk)
                    sum += static_cast<std::size_t>(
                        utf::copy(p | utf::views::utf32_to_utf8_as<unsigned char>, out8) - out8);
                else
                    sum += static_cast<std::size_t>(plain_encode(p.data(), p.data() + p.size(), out8) - out8);
            }
            benchmark::ClobberMemory();
        }
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(x.bytes.size()));
}

template<short_op Op>
void register_short_op(char const* op, corpus_kind k, std::size_t size)
{
    std::string const base = std::string("short_") + op + "/" + name(k) + "/" + std::to_string(size) + "/";
    auto const at = utf::simd_level::avx512vbmi2;
    benchmark::RegisterBenchmark((base + "plain").c_str(), short_run<Op, false>, k, size, at);
    benchmark::RegisterBenchmark((base + "bulk").c_str(), short_run<Op, true>, k, size, at);
    for (utf::simd_level l : all_levels)
        if (l <= utf::supported_simd_level())
            benchmark::RegisterBenchmark((base + "bulk_" + utf::to_string(l)).c_str(), short_run<Op, true>, k,
                                         size, l);
}

void register_short()
{
    for (corpus_kind k : {corpus_kind::ascii, corpus_kind::mixed, corpus_kind::cjk})
        for (std::size_t size : short_sizes)
        {
            register_short_op<short_op::decode>("decode", k, size);
            register_short_op<short_op::validate>("validate", k, size);
            register_short_op<short_op::encode>("encode", k, size);
        }
    for (corpus_kind k : {corpus_kind::ascii, corpus_kind::mixed, corpus_kind::cjk, corpus_kind::emoji})
        for (std::size_t size : short_sizes)
        {
            register_short_op<short_op::utf8_to_utf16>("utf8_to_utf16", k, size);
            register_short_op<short_op::utf16_to_utf8>("utf16_to_utf8", k, size);
            register_short_op<short_op::sanitize16>("sanitize16", k, size);
            register_short_op<short_op::decode16>("decode16", k, size);
            register_short_op<short_op::encode16>("encode16", k, size);
            register_short_op<short_op::validate16>("validate16", k, size);
        }
}

void register_all()
{
    for_each_corpus(register_corpus);
    register_short();
}

// Checks, once per corpus, that the implementations agree before anything is measured.
void check_corpus(corpus_kind k)
{
    std::string const corpus = name(k);
    data const& x = get(k);
    std::vector<char32_t> out(x.bytes.size() + 64);
    for (auto const& d : decoders)
    {
        if (!d.checked || !runs_on(d, k))
            continue;
        for (auto const& p : d.at)
        {
            std::size_t const n = p.f(x.bytes, out.data());
            if (n != x.code_points.size() ||
                std::memcmp(out.data(), x.code_points.data(), n * sizeof(char32_t)) != 0)
                mismatch(("decode/" + corpus + "/" + d.name).c_str());
        }
    }
    bool const valid = k != corpus_kind::invalid;
    for (auto const& v : validators)
    {
        if (!runs_on(v, k))
            continue;
        for (auto const& p : v.at)
            if (p.f(x.bytes) != valid)
                mismatch(("validate/" + corpus + "/" + v.name).c_str());
    }
    std::vector<unsigned char> expected(x.code_points.size() * 4 + 64), got(expected.size());
    std::size_t const n = static_cast<std::size_t>(
        plain_encode(x.code_points.data(), x.code_points.data() + x.code_points.size(), expected.data()) -
        expected.data());
    for (auto const& e : encoders)
    {
        if (!runs_on(e, k))
            continue;
        for (auto const& p : e.at)
            if (p.f(x.code_points, got.data()) != n || std::memcmp(got.data(), expected.data(), n) != 0)
                mismatch(("encode/" + corpus + "/" + e.name).c_str());
    }
}

// The same for UTF-16: every implementation against the plain loops. ICU substitutes per maximal
// subpart too, so it is checked on the invalid corpus as well.
void check_corpus16(corpus_kind k)
{
    std::string const corpus = name(k);
    data const& x = get(k);
    std::vector<char32_t> cps(x.units.size() + 64);
    for (auto const& d : decoders16)
        for (auto const& p : d.at)
            if (runs_on(d, k) && (p.f(x.units, cps.data()) != x.code_points.size() ||
                                  std::memcmp(cps.data(), x.code_points.data(), x.code_points.size() * 4) != 0))
                mismatch(("decode16/" + corpus + "/" + d.name).c_str());
    for (auto const& v : validators16)
        for (auto const& p : v.at)
            if (runs_on(v, k) && !p.f(x.units))
                mismatch(("validate16/" + corpus + "/" + v.name).c_str());
    std::vector<char16_t> units(x.bytes.size() + 64);
    for (auto const& e : encoders16)
        for (auto const& p : e.at)
            if (runs_on(e, k) && (p.f(x.code_points, units.data()) != x.units.size() ||
                                  std::memcmp(units.data(), x.units.data(), x.units.size() * 2) != 0))
                mismatch(("encode16/" + corpus + "/" + e.name).c_str());
    for (auto const& t : to_utf16s)
        for (auto const& p : t.at)
            if (runs_on(t, k) && (p.f(x.bytes, units.data()) != x.units.size() ||
                                  std::memcmp(units.data(), x.units.data(), x.units.size() * 2) != 0))
                mismatch(("utf8_to_utf16/" + corpus + "/" + t.name).c_str());
    std::vector<unsigned char> expected(x.units.size() * 3 + 64), got(expected.size());
    std::size_t const n = static_cast<std::size_t>(
        plain_encode(x.code_points.data(), x.code_points.data() + x.code_points.size(), expected.data()) -
        expected.data());
    for (auto const& t : to_utf8s)
        for (auto const& p : t.at)
            if (runs_on(t, k) && (p.f(x.units, got.data()) != n || std::memcmp(got.data(), expected.data(), n) != 0))
                mismatch(("utf16_to_utf8/" + corpus + "/" + t.name).c_str());
}

void check_all()
{
    for_each_corpus(check_corpus);
    for_each_corpus(check_corpus16);
}

} // namespace

int main(int argc, char** argv)
{
    check_all();
    register_all();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::AddCustomContext("corpus_bytes", std::to_string(std::size_t(16) << 20));
    benchmark::AddCustomContext("boost_utf_kernels", boost::utf::to_string(boost::utf::active_simd_level()));
#ifdef BOOST_UTF_BENCH_COMPILER
    benchmark::AddCustomContext("cxx", BOOST_UTF_BENCH_COMPILER);
    benchmark::AddCustomContext("cxxflags", BOOST_UTF_BENCH_FLAGS);
#endif
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// A program whose translation units are built with different flags: wide.cpp with
// -march=icelake-server, generic.cpp and this file with none, linked in both orders. The
// generic functions must run, and give the views' results, on any x86-64 CPU (CI runs this under
// qemu-x86_64 -cpu Nehalem and -cpu Haswell, and natively); the wide ones are called only when
// the CPU has what -march=icelake-server lets the compiler use. Before the kernels were chosen at
// run time, the linker could keep the wide translation unit's copy of a kernel for both, and the
// generic calls died with SIGILL on an older CPU. The calls cover the UTF-8 bulk operations,
// utf8_decoder and utf8_validator (64 KiB chunks, and odd ones that cut sequences), and the
// UTF-16 ones (UTF-8 to UTF-16 and back, UTF-16 validation).
//
// Reports through the exit status (Boost.Test would be built with the generic flags only, but
// this file is kept to the few calls it needs).

#include "bulk_calls.hpp"

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace utf = boost::utf;

namespace {

// Replaces like replace_on_error, and keeps the offset of the first error.
struct first_error_policy
{
    std::size_t* first = nullptr;
    std::size_t none = 0;

    char32_t operator()(utf::error_info const& e) const
    {
        if (*first == none)
            *first = e.offset;
        return U'\uFFFD';
    }
};

int failures = 0;

void check(bool ok, char const* what, std::size_t input)
{
    if (!ok)
    {
        ++failures;
        std::fprintf(stderr, "mixed_flags: %s differs from the view on input %zu\n", what, input);
    }
}

bool cpu_runs_icelake_server_code()
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vbmi") &&
           __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512vnni") &&
           __builtin_cpu_supports("avx512bitalg") && __builtin_cpu_supports("avx512vpopcntdq") &&
           __builtin_cpu_supports("gfni") &&
           __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("bmi2");
#else
    return false;
#endif
}

// A position in `units` where a lone low surrogate makes it ill-formed: not just after a high one.
std::size_t lone_surrogate_at(std::u16string const& units)
{
    std::size_t k = units.size() / 2;
    while (k != 0 && units[k - 1] >= 0xD800 && units[k - 1] < 0xDC00)
        --k;
    return k;
}

void run_all(std::vector<std::string> const& inputs, bulk_calls const& f)
{
    for (std::size_t i = 0; i < inputs.size(); ++i)
    {
        std::string const& s = inputs[i];
        auto const* p = reinterpret_cast<unsigned char const*>(s.data());
        // The views, element by element: what every bulk call must give.
        std::u32string expected;
        std::size_t first_error = s.size();
        for (char32_t c : utf::views::utf8(s, first_error_policy{&first_error, s.size()}))
            expected.push_back(c);
        std::string reencoded;
        for (char c : utf::views::utf32_to_utf8_as<char>(expected))
            reencoded.push_back(c);
        std::u16string expected16;
        for (char16_t c : utf::views::utf32_to_utf16(expected))
            expected16.push_back(c);

        check(f.find_invalid(p, s.size()) == first_error, "find_invalid", i);
        check(f.is_valid(p, s.size()) == (first_error == s.size()), "is_valid", i);
        std::u32string decoded(s.size() + 3, U'\0');
        decoded.resize(f.decode(p, s.size(), decoded.data()));
        check(decoded == expected, "copy (decoding)", i);
        std::string encoded(4 * expected.size(), '\0');
        encoded.resize(f.encode(expected.data(), expected.size(), reinterpret_cast<unsigned char*>(encoded.data())));
        check(encoded == reencoded, "copy (encoding)", i);

        // The stream classes, in chunks of 64 KiB and of an odd size that cuts sequences.
        for (std::size_t chunk : {std::size_t(65536), std::size_t(61)})
        {
            decoded.assign(s.size() + 3, U'\0');
            decoded.resize(f.stream_decode(p, s.size(), chunk, decoded.data()));
            check(decoded == expected, chunk == 61 ? "utf8_decoder (61-byte chunks)" : "utf8_decoder (64 KiB chunks)", i);
            check(f.stream_validate(p, s.size(), chunk) == first_error,
                  chunk == 61 ? "utf8_validator (61-byte chunks)" : "utf8_validator (64 KiB chunks)", i);
        }

        // UTF-16: from the UTF-8, back, and validation, well-formed and with a lone surrogate.
        check(f.to_utf16(p, s.size()) == expected16, "to<u16string>(utf8 | utf32_to_utf16)", i);
        check(f.to_utf8(expected16.data(), expected16.size()) == reencoded, "to<string>(utf16 | utf32_to_utf8)", i);
        check(f.is_valid16(expected16.data(), expected16.size()), "is_valid (UTF-16)", i);
        check(f.find_invalid16(expected16.data(), expected16.size()) == expected16.size(), "find_invalid (UTF-16)", i);
        std::u16string broken = expected16;
        std::size_t const lone = lone_surrogate_at(broken);
        broken.insert(broken.begin() + static_cast<std::ptrdiff_t>(lone), u'\xDC00');
        check(!f.is_valid16(broken.data(), broken.size()), "is_valid (UTF-16, lone surrogate)", i);
        check(f.find_invalid16(broken.data(), broken.size()) == lone, "find_invalid (UTF-16, lone surrogate)", i);
    }
}

} // namespace

int main()
{
    // Every script length, errors inside and across the blocks of every kernel width.
    std::vector<std::string> inputs;
    std::string const pieces[] = {"plain ASCII text, ", "caf\xC3\xA9 ", "\xD0\x9C\xD0\xB8\xD1\x80 ",
                                  "\xE4\xB8\xAD\xE6\x96\x87", "\xF0\x9F\x98\x80", "\xED\xA0\x80",
                                  "\xC3", "\xFF", "\xE0\x80\xAF", "\xF4\x90\x80\x80"};
    for (std::size_t good = 0; good < 6; ++good)
        for (std::size_t bad = 5; bad < 10; ++bad)
        {
            std::string s;
            while (s.size() < 300)
                s += pieces[good] + pieces[(good + 1) % 6];
            inputs.push_back(s);
            s.insert(s.size() / 2 + good, pieces[bad]);
            inputs.push_back(s);
        }
    // Long enough for 64 KiB chunks to cut it, errors at and around the chunk boundaries.
    {
        std::string s;
        for (std::size_t k = 0; s.size() < 200000; ++k)
            s += pieces[k % 5];
        for (std::size_t at : {std::size_t(65535), std::size_t(131071), std::size_t(131073)})
            s.insert(at, pieces[5 + at % 5]);
        inputs.push_back(s);
        s.clear();
        for (std::size_t k = 0; s.size() < 200000; ++k)
            s += pieces[k % 5];
        inputs.push_back(s);
    }
    run_all(inputs, generic::calls);
    bool const wide_too = cpu_runs_icelake_server_code();
    if (wide_too)
        run_all(inputs, wide::calls);
    std::printf("mixed_flags: %zu inputs, generic%s, kernels: %s; %d failures\n", inputs.size(),
                wide_too ? " and -march=icelake-server" : " only", utf::to_string(utf::active_simd_level()),
                failures);
    return failures == 0 ? 0 : 1;
}

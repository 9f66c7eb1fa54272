// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// A program whose translation units are built with different flags: wide.cpp with
// -march=icelake-server, generic.cpp and this file with none, linked in both orders. The
// generic functions must run, and give the views' results, on any x86-64 CPU (CI runs this under
// qemu-x86_64 -cpu Nehalem and -cpu Haswell, and natively); the wide ones are called only when
// the CPU has what -march=icelake-server lets the compiler use. Before the kernels were chosen at
// run time, the linker could keep the wide translation unit's copy of a kernel for both, and the
// generic calls died with SIGILL on an older CPU.
//
// Reports through the exit status (Boost.Test would be built with the generic flags only, but
// this file is kept to the few calls it needs).

#include "bulk_calls.hpp"

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

template<class F>
void run_all(std::vector<std::string> const& inputs, F find_invalid, bool (*is_valid)(unsigned char const*, std::size_t),
             std::size_t (*decode)(unsigned char const*, std::size_t, char32_t*),
             std::size_t (*encode)(char32_t const*, std::size_t, unsigned char*))
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

        check(find_invalid(p, s.size()) == first_error, "find_invalid", i);
        check(is_valid(p, s.size()) == (first_error == s.size()), "is_valid", i);
        std::u32string decoded(s.size(), U'\0');
        decoded.resize(decode(p, s.size(), decoded.data()));
        check(decoded == expected, "copy (decoding)", i);
        std::string encoded(4 * expected.size(), '\0');
        encoded.resize(encode(expected.data(), expected.size(), reinterpret_cast<unsigned char*>(encoded.data())));
        check(encoded == reencoded, "copy (encoding)", i);
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
    run_all(inputs, &generic::find_invalid, &generic::is_valid, &generic::decode, &generic::encode);
    bool const wide_too = cpu_runs_icelake_server_code();
    if (wide_too)
        run_all(inputs, &wide::find_invalid, &wide::is_valid, &wide::decode, &wide::encode);
    std::printf("mixed_flags: %zu inputs, generic%s, kernels: %s; %d failures\n", inputs.size(),
                wide_too ? " and -march=icelake-server" : " only", utf::to_string(utf::active_simd_level()),
                failures);
    return failures == 0 ? 0 : 1;
}

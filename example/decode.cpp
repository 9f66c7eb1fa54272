// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// decode [--policy=replace|skip|throw] [FILE]
//
// Decodes FILE (or standard input) as UTF-8 and prints each code point with the byte offset it
// starts at, and each error with its kind and offset; then a summary: how many code points, how
// many errors of each kind. Exits with 1 if the input was ill-formed, 2 on a usage error.

#include <boost/utf.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <string>

namespace utf = boost::utf;

namespace {

// What the input held: code points delivered, and errors counted by kind.
struct summary
{
    std::size_t code_points = 0;
    std::map<utf::error_kind, std::size_t> errors;
};

// tag::report_errors[]
// Reports each maximal subpart as it is met and counts it, then replaces or drops it: a
// user-defined policy.
struct report_errors
{
    char32_t replacement = U'\uFFFD'; // or utf::no_replacement to drop
    summary* seen = nullptr;

    char32_t operator()(utf::error_info const& e) const
    {
        ++seen->errors[e.kind];
        std::printf("  error  %-24s at byte %zu (%zu byte%s)\n", utf::to_string(e.kind), e.offset,
                    e.length, e.length == 1 ? "" : "s");
        return replacement;
    }
};
// end::report_errors[]

// The code point itself, when it is safe to print.
std::string printable(char32_t c)
{
    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == 0xFEFF)
        return "";
    std::u32string const one(1, c);
    std::string out;
    for (char u : one | utf::views::utf32_to_utf8_as<char>)
        out += u;
    return out;
}

template<class View>
void print_code_points(std::string const& bytes, View&& code_points, summary& seen)
{
    for (auto it = code_points.begin(); it != code_points.end(); ++it)
    {
        ++seen.code_points;
        std::printf("U+%04X  at byte %-5td %s\n", static_cast<unsigned>(*it), it.base() - bytes.begin(),
                    printable(*it).c_str());
    }
}

// "summary: 41 code points, 6 errors (truncated 2, overlong 4)"
void print_summary(summary const& seen, bool stopped)
{
    std::size_t errors = 0;
    for (auto const& kind_count : seen.errors)
        errors += kind_count.second;
    std::printf("summary: %zu code point%s%s, ", seen.code_points, seen.code_points == 1 ? "" : "s",
                stopped ? " before the first error" : "");
    if (errors == 0)
    {
        std::printf("no errors\n");
        return;
    }
    std::printf("%zu error%s (", errors, errors == 1 ? "" : "s");
    char const* separator = "";
    for (auto const& kind_count : seen.errors)
    {
        std::printf("%s%s %zu", separator, utf::to_string(kind_count.first), kind_count.second);
        separator = ", ";
    }
    std::printf(")\n");
}

int usage()
{
    std::fputs("usage: decode [--policy=replace|skip|throw] [FILE]\n", stderr);
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    std::string policy = "replace";
    char const* path = nullptr;
    for (int i = 1; i < argc; ++i)
    {
        if (std::strncmp(argv[i], "--policy=", 9) == 0)
            policy = argv[i] + 9;
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            return usage();
        else
            path = argv[i];
    }
    if (policy != "replace" && policy != "skip" && policy != "throw")
        return usage();

    std::ifstream file;
    if (path)
    {
        file.open(path, std::ios::binary);
        if (!file)
        {
            std::fprintf(stderr, "decode: cannot open %s\n", path);
            return 2;
        }
    }
    std::istream& in = path ? static_cast<std::istream&>(file) : std::cin;
    std::string const bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};

    summary seen;
    bool stopped = false;
    if (policy == "throw")
    {
        try
        {
            print_code_points(bytes, bytes | utf::views::utf8(utf::throw_on_error), seen);
        }
        catch (utf::utf_error const& e)
        {
            std::printf("  error  %-24s at byte %zu: stopped\n", utf::to_string(e.kind()), e.offset());
            ++seen.errors[e.kind()];
            stopped = true;
        }
    }
    else
    {
        char32_t const replacement = policy == "skip" ? utf::no_replacement : U'\uFFFD';
        print_code_points(bytes, bytes | utf::views::utf8(report_errors{replacement, &seen}), seen);
    }
    print_summary(seen, stopped);
    return seen.errors.empty() ? 0 : 1;
}

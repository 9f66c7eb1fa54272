// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Writes the corpora of corpus.hpp as files, for the tools that time files (files.cpp,
// simdutf_side.sh): OUT_DIR/NAME.txt (OUT_DIR made if need be) for each corpus named, or for the text corpora (ascii to
// invalid) when none is. The generators are deterministic, so every machine gets the same bytes.
//
//   boost_utf_synthetic_corpora OUT_DIR [--size BYTES] [NAME...]

#include "corpus.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace bench = boost_utf_bench;

int main(int argc, char** argv)
{
    if (argc < 2)
    {
        std::fprintf(stderr, "usage: %s OUT_DIR [--size BYTES] [NAME...]\n", argv[0]);
        return 2;
    }
    std::string const out = argv[1];
    std::size_t size = std::size_t(16) << 20;
    std::vector<bench::corpus_kind> kinds;
    for (int i = 2; i < argc; ++i)
    {
        if (std::strcmp(argv[i], "--size") == 0 && i + 1 < argc)
        {
            size = std::strtoull(argv[++i], nullptr, 10);
            continue;
        }
        bool known = false;
        bench::for_each_corpus([&](bench::corpus_kind k) {
            if (std::strcmp(bench::name(k), argv[i]) == 0)
            {
                kinds.push_back(k);
                known = true;
            }
        });
        if (!known)
        {
            std::fprintf(stderr, "no corpus named %s\n", argv[i]);
            return 2;
        }
    }
    std::error_code made;
    std::filesystem::create_directories(out, made);
    if (kinds.empty())
        kinds.assign(std::begin(bench::all_corpora), std::end(bench::all_corpora));
    for (bench::corpus_kind k : kinds)
    {
        std::string const path = out + "/" + bench::name(k) + ".txt";
        std::string const text = bench::make_corpus(k, size);
        std::ofstream f(path, std::ios::binary);
        f.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!f)
        {
            std::fprintf(stderr, "cannot write %s\n", path.c_str());
            return 1;
        }
        std::printf("%s: %zu bytes\n", path.c_str(), text.size());
    }
}

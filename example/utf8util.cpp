// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// utf8util: UTF-8 files checked, cleaned and counted as they are read, in 64 KiB blocks, with
// utf8_validator and utf8_decoder. Any size of input in constant memory, from files or pipes.
//
//   utf8util validate [FILE...]                  exit status 0 when every file is well-formed;
//                                                otherwise, for each file that is not, its first
//                                                error: "FILE: line L, column C, byte B: kind"
//   utf8util sanitize [--replace|--skip] [--strip-bom] [FILE]
//                                                well-formed UTF-8 on standard output: each
//                                                ill-formed subpart replaced by U+FFFD (the
//                                                default) or dropped; with --strip-bom, without
//                                                the byte order mark the file may begin with
//   utf8util stats [FILE...]                     bytes, code points, lines and errors by kind
//
// Without FILE, or with "-", standard input is read. Lines and columns count from 1, columns in
// code points; bytes count from 0. A line is what ends with LF, or the end of a file that does
// not end with one. Exit status: 0 done (all well-formed, for validate), 1 ill-formed input
// (validate only), 2 a usage error or a file that cannot be read.

#include <boost/utf.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace utf = boost::utf;

namespace {

constexpr std::size_t block_size = std::size_t(64) << 10;

char const usage[] = "usage: utf8util validate [FILE...]\n"
                     "       utf8util sanitize [--replace|--skip] [--strip-bom] [FILE]\n"
                     "       utf8util stats [FILE...]\n"
                     "Reads standard input when FILE is absent or \"-\".\n";

int usage_error(char const* what)
{
    std::fprintf(stderr, "utf8util: %s\n%s", what, usage);
    return 2;
}

// A file (or standard input) read in blocks, unbuffered: each block goes from the system
// straight to the caller's memory.
class input
{
    std::FILE* file_ = nullptr;
    std::string name_;
    bool owned_ = false;

public:
    explicit input(std::string const& name)
        : name_(name == "-" ? "(standard input)" : name)
    {
        if (name == "-")
            file_ = stdin;
        else
        {
            file_ = std::fopen(name.c_str(), "rb");
            owned_ = true;
        }
        if (file_)
            std::setvbuf(file_, nullptr, _IONBF, 0);
    }
    input(input const&) = delete;
    input& operator=(input const&) = delete;
    ~input()
    {
        if (owned_ && file_)
            std::fclose(file_);
    }

    std::string const& name() const { return name_; }

    // Whether the file can be read again from the start (a regular file, not a pipe).
    bool rewindable() const { return file_ != stdin && std::fseek(file_, 0, SEEK_CUR) == 0; }
    void rewind() { std::rewind(file_); }

    // False, with a message, when the file cannot be opened.
    bool open() const
    {
        if (!file_)
            std::fprintf(stderr, "utf8util: cannot read %s: %s\n", name_.c_str(), std::strerror(errno));
        return file_ != nullptr;
    }

    // Reads up to `size` bytes; 0 at the end. Sets `failed` (with a message) on a read error.
    std::size_t read(unsigned char* buffer, std::size_t size, bool& failed)
    {
        std::size_t const n = std::fread(buffer, 1, size, file_);
        if (n == 0 && std::ferror(file_))
        {
            std::fprintf(stderr, "utf8util: cannot read %s: %s\n", name_.c_str(), std::strerror(errno));
            failed = true;
        }
        return n;
    }
};

// Where the reading has got to, in lines and code points, for well-formed text.
struct position
{
    std::size_t line = 1;
    std::size_t column = 1; // of the next code point

    // Moves past [first, last), well-formed but for a held prefix at its end, whose lead byte
    // counts as a code point.
    void advance(unsigned char const* first, unsigned char const* last)
    {
        line += static_cast<std::size_t>(std::count(first, last, '\n'));
        auto const after_nl = std::find(std::make_reverse_iterator(last), std::make_reverse_iterator(first), '\n');
        if (after_nl.base() != first)
        {
            column = 1;
            first = after_nl.base();
        }
        for (; first != last; ++first)
            column += (*first & 0xC0u) != 0x80u;
    }
};

// ---- validate ----------------------------------------------------------------------------------

// 0 well-formed, 1 not (and says where), 2 unreadable. Lines and columns are only needed for an
// ill-formed file: a file that can be read again is counted then, up to its first error; standard
// input, which cannot, is counted as it goes.
int validate_one(std::string const& name, unsigned char* buffer)
{
    input in(name);
    if (!in.open())
        return 2;
    bool const count_as_we_go = !in.rewindable();
    utf::utf8_validator v;
    position at;
    std::size_t offset = 0; // of the block
    bool failed = false;
    for (;;)
    {
        std::size_t const n = in.read(buffer, block_size, failed);
        if (failed)
            return 2;
        if (n == 0)
        {
            v.finish();
            break;
        }
        if (!v.write(std::string_view(reinterpret_cast<char const*>(buffer), n)))
            break;
        if (count_as_we_go)
            at.advance(buffer, buffer + n);
        offset += n;
    }
    std::optional<utf::error_info> const e = v.first_error();
    if (!e)
        return 0;
    if (!count_as_we_go)
    {
        // Everything before the error is well-formed: count it again from the start.
        in.rewind();
        offset = 0;
        for (;;)
        {
            std::size_t const want = std::min(block_size, e->offset - offset);
            std::size_t const n = want ? in.read(buffer, want, failed) : 0;
            if (failed)
                return 2;
            if (n == 0)
                break;
            at.advance(buffer, buffer + n);
            offset += n;
        }
    }
    else if (e->offset >= offset)
        at.advance(buffer, buffer + (e->offset - offset));
    else
        at.column -= 1; // the error began in bytes held from before: one lead byte, counted
    std::printf("%s: line %zu, column %zu, byte %zu: %s\n", in.name().c_str(), at.line, at.column, e->offset,
                utf::to_string(e->kind));
    return 1;
}

int validate(std::vector<std::string> const& files)
{
    std::vector<unsigned char> buffer(block_size);
    int status = 0;
    for (auto const& f : files)
        status = std::max(status, validate_one(f, buffer.data()));
    return status;
}

// ---- sanitize -----------------------------------------------------------------------------------

// Standard output, written in large pieces.
class output
{
    std::vector<char> buffer_;
    std::size_t size_ = 0;

public:
    output() : buffer_(4 * block_size + 16) {}
    ~output() { flush(); }

    // Room for `n` more bytes.
    char* reserve(std::size_t n)
    {
        if (buffer_.size() - size_ < n)
            flush();
        return buffer_.data() + size_;
    }
    void commit(char* end) { size_ = static_cast<std::size_t>(end - buffer_.data()); }
    void write(unsigned char const* p, std::size_t n)
    {
        if (n > buffer_.size() - size_)
        {
            flush();
            std::fwrite(p, 1, n, stdout);
            return;
        }
        std::memcpy(buffer_.data() + size_, p, n);
        size_ += n;
    }
    void flush()
    {
        if (size_ != 0)
            std::fwrite(buffer_.data(), 1, size_, stdout);
        size_ = 0;
    }
};

// Decodes with the decoder, then writes the code points as UTF-8. Every block that the validator
// finds well-formed (nearly all of real text) is copied as it is instead: what is held at its end
// waits in the decoder for the next block. With `strip_bom`, the decoder drops a byte order mark
// at the start; the file's first three bytes go through it, so that none is copied.
template<class Policy>
int sanitize_with(input& in, Policy policy, bool strip_bom)
{
    std::vector<unsigned char> buffer(block_size);
    std::vector<char32_t> code_points(block_size + 3);
    output out;
    utf::utf8_decoder<Policy> d = strip_bom ? utf::utf8_decoder(policy, utf::drop_bom) : utf::utf8_decoder(policy);
    auto const decoded = [&](char32_t const* end) {
        std::u32string_view const cps(code_points.data(), static_cast<std::size_t>(end - code_points.data()));
        char* const o = out.reserve(4 * cps.size());
        out.commit(utf::copy(cps | utf::views::utf32_to_utf8_as<char>, o));
    };
    bool failed = false;
    for (;;)
    {
        std::size_t const n = in.read(buffer.data(), block_size, failed);
        if (failed)
            return 2;
        if (n == 0)
            break;
        unsigned char const* p = buffer.data();
        unsigned char const* const last = p + n;
        // Settle a sequence begun in the last block, a byte at a time (at most three), and the
        // bytes that may be a byte order mark.
        while (p != last && (d.pending() != 0 || (strip_bom && d.consumed() < 3)))
        {
            decoded(d.decode(std::string_view(reinterpret_cast<char const*>(p), 1), code_points.data()));
            ++p;
        }
        std::string_view const rest(reinterpret_cast<char const*>(p), static_cast<std::size_t>(last - p));
        utf::utf8_validator v;
        if (v.write(rest))
        {
            std::size_t const whole = rest.size() - v.pending();
            out.write(p, whole);
            d.decode(rest.substr(whole), code_points.data()); // held; writes nothing
        }
        else
            decoded(d.decode(rest, code_points.data()));
    }
    decoded(d.finish(code_points.data()));
    out.flush();
    return 0;
}

int sanitize(bool skip, bool strip_bom, std::string const& file)
{
    input in(file);
    if (!in.open())
        return 2;
    return skip ? sanitize_with(in, utf::skip_on_error, strip_bom)
                : sanitize_with(in, utf::replace_on_error, strip_bom);
}

// ---- stats --------------------------------------------------------------------------------------

constexpr utf::error_kind kinds[] = {utf::error_kind::truncated,   utf::error_kind::unexpected_continuation,
                                     utf::error_kind::invalid_lead_byte, utf::error_kind::overlong,
                                     utf::error_kind::surrogate,   utf::error_kind::out_of_range};

// Counts each error by kind, and drops it.
struct count_errors
{
    std::array<std::size_t, 7>* counts = nullptr;

    char32_t operator()(utf::error_info const& e) const noexcept
    {
        ++(*counts)[static_cast<std::size_t>(e.kind)];
        return utf::no_replacement;
    }
};

int stats_one(std::string const& name, unsigned char* buffer, char32_t* code_points)
{
    input in(name);
    if (!in.open())
        return 2;
    std::array<std::size_t, 7> errors{};
    utf::utf8_decoder<count_errors> d{count_errors{&errors}};
    std::size_t bytes = 0, scalars = 0, lines = 0;
    unsigned char last_byte = '\n';
    bool failed = false;
    for (;;)
    {
        std::size_t const n = in.read(buffer, block_size, failed);
        if (failed)
            return 2;
        if (n == 0)
            break;
        bytes += n;
        lines += static_cast<std::size_t>(std::count(buffer, buffer + n, '\n'));
        last_byte = buffer[n - 1];
        scalars += static_cast<std::size_t>(
            d.decode(std::string_view(reinterpret_cast<char const*>(buffer), n), code_points) - code_points);
    }
    scalars += static_cast<std::size_t>(d.finish(code_points) - code_points);
    if (last_byte != '\n')
        ++lines;
    std::size_t total = 0;
    for (std::size_t c : errors)
        total += c;
    std::printf("%s: %zu bytes, %zu code points, %zu lines, %zu errors", in.name().c_str(), bytes, scalars, lines,
                total);
    char const* sep = " (";
    for (utf::error_kind k : kinds)
        if (std::size_t const c = errors[static_cast<std::size_t>(k)])
        {
            std::printf("%s%s %zu", sep, utf::to_string(k), c);
            sep = ", ";
        }
    std::printf("%s\n", total ? ")" : "");
    return 0;
}

int stats(std::vector<std::string> const& files)
{
    std::vector<unsigned char> buffer(block_size);
    std::vector<char32_t> code_points(block_size + 3);
    int status = 0;
    for (auto const& f : files)
        status = std::max(status, stats_one(f, buffer.data(), code_points.data()));
    return status;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2)
        return usage_error("no command");
    std::string const command = argv[1];
    std::vector<std::string> files;
    bool skip = false;
    bool strip_bom = false;
    for (int i = 2; i < argc; ++i)
    {
        std::string const arg = argv[i];
        if (command == "sanitize" && (arg == "--replace" || arg == "--skip") && files.empty())
            skip = arg == "--skip";
        else if (command == "sanitize" && arg == "--strip-bom" && files.empty())
            strip_bom = true;
        else if (arg.size() > 1 && arg[0] == '-')
            return usage_error(("unknown option " + arg).c_str());
        else
            files.push_back(arg);
    }
    if (files.empty())
        files.push_back("-");
    if (command == "validate")
        return validate(files);
    if (command == "stats")
        return stats(files);
    if (command == "sanitize")
    {
        if (files.size() > 1)
            return usage_error("sanitize reads one file");
        return sanitize(skip, strip_bom, files.front());
    }
    if (command == "-h" || command == "--help")
    {
        std::fputs(usage, stdout);
        return 0;
    }
    return usage_error(("unknown command " + command).c_str());
}

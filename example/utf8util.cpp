// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// utf8util: UTF-8 files checked, cleaned and counted with the bulk operations (find_invalid,
// copy), utf8_validator and utf8_decoder. Any size of input in constant memory, from files or
// pipes: a regular file is mapped into memory where the system allows it (POSIX), anything else
// is read in 64 KiB blocks.
//
//   utf8util validate [FILE...]                  exit status 0 when every file is well-formed;
//                                                otherwise, for each file that is not, its first
//                                                error: "FILE: line L, column C, byte B: kind"
//   utf8util sanitize [--replace|--skip] [--strip-bom] [FILE]
//                                                well-formed UTF-8 on standard output: each
//                                                ill-formed subpart replaced by U+FFFD (the
//                                                default) or dropped; with --strip-bom, without
//                                                the byte order mark the file may begin with
//   utf8util stats [FILE...]                     bytes, code points, lines and errors by kind; a
//                                                byte order mark that begins the file is counted
//                                                in bytes but not as a code point: it says how the
//                                                text is encoded, it is not part of the text
//
// Without FILE, or with "-", standard input is read. Lines and columns count from 1, columns in
// code points; bytes count from 0. A line is what ends with LF, or the end of a file that does
// not end with one. Exit status: 0 done (all well-formed, for validate), 1 ill-formed input
// (validate only), 2 a usage error or a file that cannot be read.

#include <boost/utf.hpp>

#if defined(__unix__) || defined(__APPLE__)
#  include <sys/mman.h>
#  include <sys/stat.h>
#  define UTF8UTIL_MAP_FILES 1
#else
#  define UTF8UTIL_MAP_FILES 0
#endif

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
// How much of a mapped file sanitize takes at a time: its output (at most three bytes per byte,
// each ill-formed byte becoming U+FFFD) is buffered.
constexpr std::size_t map_piece = std::size_t(1) << 20;

char const usage[] = "usage: utf8util validate [FILE...]\n"
                     "       utf8util sanitize [--replace|--skip] [--strip-bom] [FILE]\n"
                     "       utf8util stats [FILE...]\n"
                     "Reads standard input when FILE is absent or \"-\".\n"
                     "stats counts a byte order mark that begins a file in bytes, not as a code point.\n";

int usage_error(char const* what)
{
    std::fprintf(stderr, "utf8util: %s\n%s", what, usage);
    return 2;
}

// A file (or standard input) read in blocks, unbuffered: each block goes from the system
// straight to the caller's memory. A regular file that is not empty is also mapped, where the
// system allows it, so that it can be read with no copy at all; a file that the system says is
// empty (as some special files do, whatever they hold) is only read. As with any mapping, a file
// that another program shortens while it is being read stops this one with SIGBUS.
class input
{
    std::FILE* file_ = nullptr;
    std::string name_;
    bool owned_ = false;
    unsigned char const* map_ = nullptr;
    std::size_t map_size_ = 0;

    void try_map()
    {
#if UTF8UTIL_MAP_FILES
        struct stat st;
        if (fstat(fileno(file_), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0)
            return;
        std::size_t const size = static_cast<std::size_t>(st.st_size);
        void* const p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fileno(file_), 0);
        if (p == MAP_FAILED)
            return;
        madvise(p, size, MADV_SEQUENTIAL);
        map_ = static_cast<unsigned char const*>(p);
        map_size_ = size;
#endif
    }

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
        if (file_ && owned_)
            try_map();
    }
    input(input const&) = delete;
    input& operator=(input const&) = delete;
    ~input()
    {
#if UTF8UTIL_MAP_FILES
        if (map_)
            munmap(const_cast<unsigned char*>(map_), map_size_);
#endif
        if (owned_ && file_)
            std::fclose(file_);
    }

    // The whole file, when it is mapped; null otherwise.
    unsigned char const* mapped() const { return map_; }
    std::size_t mapped_size() const { return map_size_; }

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

int report_error(input const& in, position const& at, utf::error_info const& e)
{
    std::printf("%s: line %zu, column %zu, byte %zu: %s\n", in.name().c_str(), at.line, at.column, e.offset,
                utf::to_string(e.kind));
    return 1;
}

// 0 well-formed, 1 not (and says where), 2 unreadable. Lines and columns are only needed for an
// ill-formed file: a mapped file is counted then, up to its first error, and so is a file that
// can be read again; standard input, which cannot, is counted as it goes.
int validate_one(std::string const& name, unsigned char* buffer)
{
    input in(name);
    if (!in.open())
        return 2;
    if (unsigned char const* const data = in.mapped())
    {
        utf::utf8_validator v;
        if (v.write(std::string_view(reinterpret_cast<char const*>(data), in.mapped_size())) && v.finish())
            return 0;
        utf::error_info const e = *v.first_error();
        position at;
        at.advance(data, data + e.offset);
        return report_error(in, at, e);
    }
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
    return report_error(in, at, *e);
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
    // Room for at least `capacity` bytes at a time.
    explicit output(std::size_t capacity) : buffer_(capacity) {}
    ~output() { flush(); }

    // Room for `n` more bytes (at most the capacity).
    char* reserve(std::size_t n)
    {
        if (buffer_.size() - size_ < n)
            flush();
        return buffer_.data() + size_;
    }
    void commit(char* end) { size_ = static_cast<std::size_t>(end - buffer_.data()); }
    // Bytes that are already in memory: a large run goes straight out, with no copy.
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

// The input as a series of contiguous pieces, each beginning with the bytes (at most three) that
// the one before left unused, then as much of the rest as comes: from a mapped file, a window
// onto the mapping, with nothing copied; otherwise a block read into a buffer, behind the unused
// bytes moved to its front.
class pieces
{
    input& in_;
    std::vector<unsigned char> buffer_;
    unsigned char const* end_ = nullptr; // of the last piece

public:
    static constexpr std::size_t max_held = 3;
    // The most bytes a piece has.
    static constexpr std::size_t max_size = (map_piece > block_size ? map_piece : block_size) + max_held;

    explicit pieces(input& in) : in_(in)
    {
        if (!in.mapped())
            buffer_.resize(max_held + block_size);
    }

    // The next piece, [first, last), of which the last `held` bytes of the one before come
    // first; `fresh` is false (and the piece only what was held) at the end of the input.
    // Sets `failed` (with a message) on a read error.
    struct piece
    {
        unsigned char const* first;
        unsigned char const* last;
        bool fresh;
    };
    piece next(std::size_t held, bool& failed)
    {
        if (unsigned char const* const map = in_.mapped())
        {
            if (!end_)
                end_ = map;
            unsigned char const* const first = end_ - held;
            std::size_t const left = static_cast<std::size_t>(map + in_.mapped_size() - end_);
            end_ += left < map_piece ? left : map_piece;
            return {first, end_, left != 0};
        }
        unsigned char* const start = buffer_.data() + max_held;
        if (held != 0)
            std::memmove(start - held, end_ - held, held);
        std::size_t const n = in_.read(start, block_size, failed);
        end_ = start + n;
        return {start - held, end_, n != 0};
    }
};

// Where the elements of [first, last) end that no byte after `last` can change: before the last
// non-continuation byte, when it is among the last three and begins a sequence longer than what
// is left of the piece. A non-continuation byte always begins an element (a well-formed sequence
// or a maximal subpart), so the bytes before it decode alone exactly as in the whole input.
unsigned char const* settled_end(unsigned char const* const first, unsigned char const* const last)
{
    for (unsigned char const* q = last; q != first && last - q < 3;)
    {
        --q;
        unsigned const b = *q;
        if ((b & 0xC0u) != 0x80u)
        {
            std::ptrdiff_t const length = b >= 0xF0u ? 4 : b >= 0xE0u ? 3 : b >= 0xC0u ? 2 : 1;
            return length > last - q ? q : last;
        }
    }
    return last;
}

// Each piece up to where its elements are settled: the well-formed stretch that begins it (all
// of it, in well-formed text) is written as it is, and the rest goes through the library's
// sanitising composition, which copies what the validator proves well-formed and writes each
// maximal subpart as the policy says; what is not settled waits for the next piece. With
// `strip_bom`, the input's first three bytes are looked at, once they are there, and dropped
// when they are a byte order mark.
template<class Policy>
int sanitize_with(input& in, Policy policy, bool strip_bom)
{
    pieces source(in);
    output out(3 * pieces::max_size + 16);
    bool looking_for_bom = strip_bom;
    bool failed = false;
    for (std::size_t held = 0;;)
    {
        pieces::piece const piece = source.next(held, failed);
        if (failed)
            return 2;
        unsigned char const* p = piece.first;
        if (looking_for_bom)
        {
            std::size_t const have = static_cast<std::size_t>(piece.last - p);
            if (have < 3 && piece.fresh)
            {
                held = have;
                continue;
            }
            looking_for_bom = false;
            if (have >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
                p += 3;
        }
        unsigned char const* const settled = piece.fresh ? settled_end(p, piece.last) : piece.last;
        std::string_view const bytes(reinterpret_cast<char const*>(p), static_cast<std::size_t>(settled - p));
        std::size_t const good = static_cast<std::size_t>(utf::find_invalid(bytes) - bytes.begin());
        out.write(p, good);
        if (good != bytes.size())
        {
            std::string_view const rest = bytes.substr(good);
            char* const o = out.reserve(3 * rest.size());
            out.commit(utf::copy(rest | utf::views::utf8(policy) | utf::views::utf32_to_utf8_as<char>, o));
        }
        if (!piece.fresh)
            break;
        held = static_cast<std::size_t>(piece.last - settled);
    }
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
    // A byte order mark is not text: it is counted in bytes, and said, but not as a code point.
    utf::utf8_decoder<count_errors> d{count_errors{&errors}, utf::drop_bom};
    bool bom = false;
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
    bom = d.dropped_bom();
    scalars += static_cast<std::size_t>(d.finish(code_points) - code_points);
    if (last_byte != '\n')
        ++lines;
    std::size_t total = 0;
    for (std::size_t c : errors)
        total += c;
    std::printf("%s: %zu bytes, %zu code points%s, %zu lines, %zu errors", in.name().c_str(), bytes, scalars,
                bom ? " (and a byte order mark)" : "", lines, total);
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

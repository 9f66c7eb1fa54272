// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// asio_stream [SEED]
//
// UTF-8 text decoded as it arrives over TCP. A client sends a text (multilingual, with a few
// ill-formed bytes) over a loopback connection, in writes of random sizes; the server reads
// into buffers of random sizes, so that sequences are cut anywhere, and decodes each piece as
// it comes with utf8_decoder, which takes Asio buffers and buffer sequences as chunks. At the end
// the code points, and the errors reported with their offsets, must be those of views::utf8 over
// the whole text. Everything runs on one thread, on 127.0.0.1 only, and a timer stops it after
// ten seconds whatever happens. Exits 0 when the results agree.

#include <boost/utf.hpp>

#include <boost/asio.hpp>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace asio = boost::asio;
namespace utf = boost::utf;
using asio::ip::tcp;

namespace {


// "kind@offset" for each error a policy is told of.
struct log_errors
{
    std::vector<std::string>* log = nullptr;

    char32_t operator()(utf::error_info const& e) const
    {
        log->push_back(std::string(utf::to_string(e.kind)) + '@' + std::to_string(e.offset));
        return U'\uFFFD';
    }
};

std::string make_text(std::mt19937& gen)
{
    static char const* const words[] = {"plain ", "caf\xC3\xA9 ", "\xD0\x9C\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 ",
                                        "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E ", "\xF0\x9F\x98\x80 ", "\n",
                                        "\xED\xA0\x80", "\xC0\xAF", "\xE2\x82", "\xFF"};
    std::string text;
    while (text.size() < 200000)
        text += words[gen() % 100 < 97 ? gen() % 6 : 6 + gen() % 4];
    return text;
}

struct session
{
    std::mt19937 gen;
    std::string const text;
    asio::io_context io;
    tcp::acceptor acceptor{io, tcp::endpoint(asio::ip::address_v4::loopback(), 0)};
    tcp::socket server{io}, client{io};
    asio::steady_timer deadline{io, std::chrono::seconds(10)};

    std::size_t sent = 0;
    std::vector<char> buffer = std::vector<char>(4096);
    std::vector<std::string> errors;
    utf::utf8_decoder<log_errors> decoder{log_errors{&errors}};
    std::u32string code_points;
    bool done = false;

    explicit session(unsigned seed)
        : gen(seed)
        , text(make_text(gen))
    {
    }

    std::size_t random_size() { return 1 + gen() % (gen() % 8 == 0 ? 4096 : 16); }

    void send()
    {
        if (sent == text.size())
        {
            client.shutdown(tcp::socket::shutdown_send);
            return;
        }
        std::size_t const n = std::min(random_size(), text.size() - sent);
        asio::async_write(client, asio::buffer(text.data() + sent, n), [this](boost::system::error_code ec, std::size_t n) {
            if (ec)
                return fail("write", ec);
            sent += n;
            send();
        });
    }

    void receive()
    {
        server.async_read_some(asio::buffer(buffer.data(), std::min(random_size(), buffer.size())),
                               [this](boost::system::error_code ec, std::size_t n) {
                                   if (ec == asio::error::eof)
                                   {
                                       decoder.finish(std::back_inserter(code_points));
                                       done = true;
                                       deadline.cancel();
                                       return;
                                   }
                                   if (ec)
                                       return fail("read", ec);
                                   decode(n);
                                   receive();
                               });
    }

    // A decoder takes Asio buffers, and buffer sequences, as chunks. Every other piece is handed
    // over as a sequence of two buffers cut at a random point, the way a scatter read or a
    // ring buffer gives them.
    void decode(std::size_t n)
    {
        char const* const data = buffer.data();
        if (gen() % 2 == 0)
        {
            // tag::decode_buffer[]
            decoder.decode(asio::buffer(data, n), std::back_inserter(code_points));
            // end::decode_buffer[]
        }
        else
        {
            std::size_t const k = gen() % (n + 1);
            // tag::decode_buffer_sequence[]
            std::array<asio::const_buffer, 2> const pieces{asio::buffer(data, k), asio::buffer(data + k, n - k)};
            decoder.decode(pieces, std::back_inserter(code_points));
            // end::decode_buffer_sequence[]
        }
    }

    void fail(char const* what, boost::system::error_code ec)
    {
        std::fprintf(stderr, "asio_stream: %s: %s\n", what, ec.message().c_str());
        io.stop();
    }

    bool run()
    {
        deadline.async_wait([this](boost::system::error_code ec) {
            if (!ec)
            {
                std::fprintf(stderr, "asio_stream: timed out\n");
                io.stop();
            }
        });
        acceptor.async_accept(server, [this](boost::system::error_code ec) {
            if (ec)
                return fail("accept", ec);
            receive();
        });
        client.async_connect(acceptor.local_endpoint(), [this](boost::system::error_code ec) {
            if (ec)
                return fail("connect", ec);
            send();
        });
        io.run();
        return done;
    }
};

} // namespace

int main(int argc, char** argv)
{
    unsigned const seed = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 14u;
    session s(seed);
    if (!s.run())
        return 1;

    std::vector<std::string> expected_errors;
    std::u32string expected;
    for (char32_t c : s.text | utf::views::utf8(log_errors{&expected_errors}))
        expected.push_back(c);

    std::printf("%zu bytes sent, %zu code points and %zu errors decoded as they arrived\n", s.text.size(),
                s.code_points.size(), s.errors.size());
    if (s.code_points != expected || s.errors != expected_errors)
    {
        std::printf("MISMATCH with the one-shot decode\n");
        return 1;
    }
    std::printf("same as the one-shot decode\n");
    return 0;
}

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_TEST_JSON_HPP
#define BOOST_UTF_TEST_JSON_HPP

// Just enough JSON to read test/data/vectors.json, so the tests need no JSON library.
// Throws std::runtime_error on anything it does not understand.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace test {

struct json
{
    enum kind_t
    {
        null,
        boolean,
        number,
        string,
        array,
        object
    };

    kind_t kind = null;
    bool b = false;
    double n = 0;
    std::string s;
    std::vector<json> a;
    // An object's members. Two vectors, since std::pair<std::string, json> would need json complete.
    std::vector<std::string> keys;
    std::vector<json> values;

    json const* find(std::string const& key) const
    {
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (keys[i] == key)
                return &values[i];
        return nullptr;
    }
    json const& at(std::string const& key) const
    {
        if (json const* v = find(key))
            return *v;
        throw std::runtime_error("json: no key " + key);
    }

    static json parse(std::string const& text)
    {
        std::size_t i = 0;
        json v = value(text, i);
        skip_space(text, i);
        if (i != text.size())
            throw std::runtime_error("json: trailing text");
        return v;
    }

private:
    static void skip_space(std::string const& t, std::size_t& i)
    {
        while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t'))
            ++i;
    }

    static void expect(std::string const& t, std::size_t& i, char c)
    {
        skip_space(t, i);
        if (i >= t.size() || t[i] != c)
            throw std::runtime_error(std::string("json: expected ") + c);
        ++i;
    }

    static std::string string_value(std::string const& t, std::size_t& i)
    {
        expect(t, i, '"');
        std::string out;
        while (i < t.size() && t[i] != '"')
        {
            char c = t[i++];
            if (c == '\\')
            {
                if (i >= t.size())
                    break;
                char e = t[i++];
                switch (e)
                {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u':
                    // Kept as written: the tests read no escaped text.
                    out += "\\u" + t.substr(i, 4);
                    i += 4;
                    break;
                default: out += e;
                }
            }
            else
                out += c;
        }
        expect(t, i, '"');
        return out;
    }

    static json value(std::string const& t, std::size_t& i)
    {
        skip_space(t, i);
        if (i >= t.size())
            throw std::runtime_error("json: unexpected end");
        json v;
        char const c = t[i];
        if (c == '{')
        {
            v.kind = object;
            ++i;
            skip_space(t, i);
            if (t[i] == '}')
                return ++i, v;
            for (;;)
            {
                v.keys.push_back(string_value(t, i));
                expect(t, i, ':');
                v.values.push_back(value(t, i));
                skip_space(t, i);
                if (t[i] == ',')
                    ++i;
                else
                    break;
            }
            expect(t, i, '}');
        }
        else if (c == '[')
        {
            v.kind = array;
            ++i;
            skip_space(t, i);
            if (t[i] == ']')
                return ++i, v;
            for (;;)
            {
                v.a.push_back(value(t, i));
                skip_space(t, i);
                if (t[i] == ',')
                    ++i;
                else
                    break;
            }
            expect(t, i, ']');
        }
        else if (c == '"')
        {
            v.kind = string;
            v.s = string_value(t, i);
        }
        else if (t.compare(i, 4, "true") == 0)
        {
            v.kind = boolean;
            v.b = true;
            i += 4;
        }
        else if (t.compare(i, 5, "false") == 0)
        {
            v.kind = boolean;
            i += 5;
        }
        else if (t.compare(i, 4, "null") == 0)
            i += 4;
        else
        {
            v.kind = number;
            std::size_t used = 0;
            v.n = std::stod(t.substr(i, 32), &used);
            i += used;
        }
        return v;
    }
};

} // namespace test

#endif // BOOST_UTF_TEST_JSON_HPP

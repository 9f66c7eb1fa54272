// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Must not compile: something that is not an error policy passed as one, in the call form
// views::utf8(range, policy). The control passes skip_on_error.

#include <boost/utf.hpp>

#include <string>

namespace {
struct not_a_policy
{
    // Looks like a policy, but cannot be called with an error_info.
    char32_t operator()(int) const { return U'?'; }
};
} // namespace

int main()
{
    std::string const in = "a";
#ifdef BOOST_UTF_COMPILE_FAIL_CONTROL
    auto v = boost::utf::views::utf8(in, boost::utf::skip_on_error);
#else
    auto v = boost::utf::views::utf8(in, not_a_policy{});
#endif
    return *v.begin() == U'a' ? 0 : 1;
}

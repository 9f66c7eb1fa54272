// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

// Built with -march=icelake-server: see main.cpp.
#include "bulk_calls.hpp"

BOOST_UTF_BULK_CALLS(wide)

// Copyright 2026 The Boost.UTF authors.
// Distributed under the Boost Software License, Version 1.0.
// (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

#ifndef BOOST_UTF_HPP
#define BOOST_UTF_HPP

#include <boost/utf/algorithm.hpp>
#include <boost/utf/config.hpp>
#include <boost/utf/error.hpp>
#include <boost/utf/policy.hpp>
#include <boost/utf/utf16_view.hpp>
#include <boost/utf/utf32_to_utf16_view.hpp>
#include <boost/utf/utf32_to_utf8_view.hpp>
#include <boost/utf/utf8_decoder.hpp>
#include <boost/utf/utf8_validator.hpp>
#include <boost/utf/utf8_view.hpp>

#endif // BOOST_UTF_HPP

# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

# What Boost.UTF's headers include besides the standard library, found the same way for the
# source tree (CMakeLists.txt) and for the installed package (boost_utf-config.cmake):
#
# - Boost.Config and Boost.Predef, 1.81 or later. Boost built with its own CMake build (or a
#   Boost superproject that already defines the targets) has a package per library, so those two
#   are used. Boost installed by b2, as Debian and most distributions ship it, has one package
#   for all its headers, boost_headers (target Boost::headers), and that is used instead: it is
#   the smallest target such an installation offers that holds Config and Predef.
# - range-v3 0.12 or later. Before C++20 the views are written against it, so it is required; in
#   C++20 they use <ranges> and only interoperate with range-v3 when it is there. Which standard
#   the consumer builds in is read from CMAKE_CXX_STANDARD, else the compiler's default.
#
# Sets boost_utf_dependencies (the targets to link) and boost_utf_dependency_error (why a needed
# dependency is missing; empty when none is). Never fails itself: the caller decides how to say it.

set(boost_utf_dependencies "")
set(boost_utf_dependency_error "")

if(NOT (TARGET Boost::config AND TARGET Boost::predef))
  find_package(boost_config 1.81 CONFIG QUIET)
  find_package(boost_predef 1.81 CONFIG QUIET)
endif()
if(TARGET Boost::config AND TARGET Boost::predef)
  list(APPEND boost_utf_dependencies Boost::config Boost::predef)
else()
  if(NOT TARGET Boost::headers)
    find_package(Boost 1.81 QUIET)
  endif()
  if(TARGET Boost::headers)
    list(APPEND boost_utf_dependencies Boost::headers)
  else()
    string(APPEND boost_utf_dependency_error
      "Boost.UTF needs Boost 1.81 or later (its headers include Boost.Config and Boost.Predef), "
      "and no CMake package for them was found (looked for boost_config with boost_predef, then "
      "Boost). Install Boost (Debian: libboost1.81-dev) or add its prefix to CMAKE_PREFIX_PATH. ")
  endif()
endif()

# Without a version: range-v3's package accepts only a request for its exact version, so asking
# for 0.12 would refuse 0.12.0. The version is checked here instead.
if(NOT TARGET range-v3::range-v3)
  find_package(range-v3 QUIET)
  if(range-v3_FOUND AND range-v3_VERSION VERSION_LESS 0.12)
    string(APPEND boost_utf_dependency_error
      "Boost.UTF needs range-v3 0.12 or later; the one found is ${range-v3_VERSION} "
      "(${range-v3_DIR}). ")
  endif()
endif()
if(TARGET range-v3::range-v3)
  list(APPEND boost_utf_dependencies range-v3::range-v3)
else()
  if(DEFINED CMAKE_CXX_STANDARD AND NOT CMAKE_CXX_STANDARD STREQUAL "")
    set(_boost_utf_std ${CMAKE_CXX_STANDARD})
  else()
    set(_boost_utf_std "${CMAKE_CXX_STANDARD_DEFAULT}")
  endif()
  # 98 sorts below 17 as a standard but not as a number.
  if(_boost_utf_std STREQUAL "" OR _boost_utf_std STREQUAL "98" OR _boost_utf_std LESS 20)
    string(APPEND boost_utf_dependency_error
      "Boost.UTF needs range-v3 0.12 or later before C++20 (its views are written against it), "
      "and this project builds in C++${_boost_utf_std} but no range-v3 package was found. Install "
      "range-v3 (Debian: librange-v3-dev) or add its prefix to CMAKE_PREFIX_PATH; or build in "
      "C++20 (set CMAKE_CXX_STANDARD to 20 before finding or adding Boost.UTF), where <ranges> is enough.")
  endif()
  unset(_boost_utf_std)
endif()

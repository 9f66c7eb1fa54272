# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

# cmake -DREADME=README.md -DEXAMPLE=example/quick_start.cpp -P readme_matches.cmake
# Fails unless the README's C++ example is the example's quick_start tag, word for word (the
# README's copy unindented and after an #include line), so that what the README shows is what
# the test compiles and runs.

file(READ "${README}" readme)
file(READ "${EXAMPLE}" example)

set(open "```cpp\n#include <boost/utf.hpp>\n\n")
string(FIND "${readme}" "${open}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${README}: no ```cpp block starting with #include <boost/utf.hpp>")
endif()
string(LENGTH "${open}" n)
math(EXPR at "${at} + ${n}")
string(SUBSTRING "${readme}" ${at} -1 shown)
string(FIND "${shown}" "```" end)
string(SUBSTRING "${shown}" 0 ${end} shown)

set(begin_tag "// tag::quick_start[]\n")
string(FIND "${example}" "${begin_tag}" at)
string(FIND "${example}" "// end::quick_start[]" end)
if(at EQUAL -1 OR end EQUAL -1)
  message(FATAL_ERROR "${EXAMPLE}: no quick_start tag")
endif()
string(LENGTH "${begin_tag}" n)
math(EXPR at "${at} + ${n}")
math(EXPR length "${end} - ${at}")
string(SUBSTRING "${example}" ${at} ${length} tagged)
# The tagged lines are indented by four spaces inside main(); the end tag's own indent goes too.
string(REPLACE "\n    " "\n" tagged "\n${tagged}")
string(SUBSTRING "${tagged}" 1 -1 tagged)
string(REGEX REPLACE "\n +$" "\n" tagged "${tagged}")

if(NOT shown STREQUAL tagged)
  message(FATAL_ERROR "The README's example differs from ${EXAMPLE}'s quick_start tag.\n"
                      "README:\n${shown}\nexample:\n${tagged}")
endif()
message(STATUS "The README's example is ${EXAMPLE}'s quick_start tag.")

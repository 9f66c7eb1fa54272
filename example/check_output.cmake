# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

# cmake -DCOMMAND="prog|arg|..." -DGOLDEN=file -DEXIT=status [-DSTDIN=file] [-DSTDERR=regex] -P check_output.cmake
# Runs COMMAND; fails unless its standard output is byte for byte GOLDEN, its exit status is
# EXIT, and (when given) its standard error matches STDERR.
string(REPLACE "|" ";" COMMAND "${COMMAND}")
if(STDIN)
  execute_process(COMMAND ${COMMAND} INPUT_FILE ${STDIN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
else()
  execute_process(COMMAND ${COMMAND} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
endif()
file(READ ${GOLDEN} expected)
if(NOT status STREQUAL EXIT)
  message(FATAL_ERROR "exit status ${status}, expected ${EXIT}; standard error:\n${err}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "output differs from ${GOLDEN}:\n--- got ---\n${out}--- expected ---\n${expected}")
endif()
if(DEFINED STDERR AND NOT err MATCHES "${STDERR}")
  message(FATAL_ERROR "standard error does not match '${STDERR}':\n${err}")
endif()

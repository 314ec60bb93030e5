# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# cmake -DCLI=<fanva-cli> -DOUTPUT=<file> -P FanvaCliManInclude.cmake
#
# Writes a help2man include file with a COMMANDS section: the --help of every subcommand
# that `fanva-cli --help` lists, so the man page documents each of them in full.
cmake_minimum_required(VERSION 3.25)

if(NOT CLI OR NOT OUTPUT)
    message(FATAL_ERROR "usage: cmake -DCLI=<fanva-cli> -DOUTPUT=<file> -P ${CMAKE_CURRENT_LIST_FILE}")
endif()

# Escapes text for roff inside .nf/.fi: backslashes, and a leading dot or quote.
function(fanva_roff_escape text out)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND "${CLI}" --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "${CLI} --help failed (${status})")
endif()

# The command names: the indented lines of the "Commands:" block, up to its blank line.
string(REGEX MATCH "Commands:\n(([^\n]+\n)+)" block "${help}")
set(block "${CMAKE_MATCH_1}")
string(REGEX MATCHALL "(^|\n)  [a-z][a-z0-9-]*" names "${block}")
if(NOT names)
    message(FATAL_ERROR "${CLI} --help lists no commands")
endif()

set(text "[COMMANDS]\nEach command takes its own options; the full help of each follows.\n")
foreach(name IN LISTS names)
    string(STRIP "${name}" name)
    execute_process(COMMAND "${CLI}" "${name}" --help OUTPUT_VARIABLE command_help RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "${CLI} ${name} --help failed (${status})")
    endif()
    # QCommandLineParser names the program by its path; the page names the command as typed.
    string(REPLACE "Usage: ${CLI} " "Usage: fanva-cli ${name} " command_help "${command_help}")
    string(REPLACE "${CLI}" "fanva-cli" command_help "${command_help}")
    string(REPLACE "…" "..." command_help "${command_help}")
    fanva_roff_escape("${command_help}" command_help)
    string(APPEND text ".SS \"fanva-cli ${name}\"\n.nf\n${command_help}\n.fi\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "${text}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")

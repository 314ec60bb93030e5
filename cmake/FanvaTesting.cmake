# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# fanva_add_test(NAME SOURCES src... [LIBS lib...] [LABELS label...] [TIMEOUT s])
# The one way tests are registered: every test runs offscreen, knows where the shared
# corpus and its own data live, and links tests/testsupport (sharedcorpus.h: skip or, under
# FANVA_REQUIRE_SHARED=1, fail without the shared corpus; golden.h: golden files with a diff).
function(fanva_add_test name)
    cmake_parse_arguments(arg "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${arg_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test fanva_options fanva_testsupport ${arg_LIBS})
    target_compile_definitions(${name} PRIVATE
        FANVA_SHARED_DIR="${FANVA_SHARED_DIR}"
        FANVA_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        FANVA_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
        FANVA_BINARY_DIR="${PROJECT_BINARY_DIR}")
    add_test(NAME ${name} COMMAND ${name})
    set(timeout 300)
    # A test (and every fanva or fanva-cli it starts) keeps its settings, journal, seal key and
    # git answers in a folder of its own, never in the user's.
    set(home "${PROJECT_BINARY_DIR}/test-output/xdg/${name}")
    if(arg_TIMEOUT)
        set(timeout ${arg_TIMEOUT})
    endif()
    set_tests_properties(${name} PROPERTIES
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;FANVA_TEST_OUTPUT_DIR=${PROJECT_BINARY_DIR}/test-output;XDG_CONFIG_HOME=${home}/config;XDG_DATA_HOME=${home}/data;XDG_CACHE_HOME=${home}/cache;XDG_STATE_HOME=${home}/state"
        TIMEOUT ${timeout})
    if(arg_LABELS)
        set_tests_properties(${name} PROPERTIES LABELS "${arg_LABELS}")
    endif()
endfunction()

# fanva_add_bench(NAME SOURCES src... [LIBS lib...]): a benchmark, out of the default run.
function(fanva_add_bench name)
    cmake_parse_arguments(arg "" "" "SOURCES;LIBS" ${ARGN})
    fanva_add_test(${name} SOURCES ${arg_SOURCES} LIBS ${arg_LIBS} LABELS bench TIMEOUT 1800)
endfunction()

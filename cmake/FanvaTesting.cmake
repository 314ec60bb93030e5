# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# Precompiled headers for the tests (FANVA_TEST_PCH): tests/testpch.h is compiled once per
# group of tests whose flags it depends on, and every test of the group reuses it. A PCH is
# only valid with the macros it was built with: Qt's test macros name the directory
# (QT_TESTCASE_BUILDDIR, QT_TESTCASE_SOURCEDIR) and QtTest's headers test the linked modules
# (QT_WIDGETS_LIB, QT_GUI_LIB, QT_NETWORK_LIB), so a group is a directory and a set of Qt
# modules, and its PCH is built by a small object library with exactly those links. GCC's
# -Winvalid-pch names a unit that could not use it (a warning, not an error: such a unit is
# only slower); clang fails on a PCH built with other flags.
#
# ccache caches both the PCH and its users only with the sloppiness its manual asks for
# (pch_defines, time_macros) and, with clang, a PCH without its build time in it.

# The Qt modules (Core, Gui, ...) that linking ITEMS brings into a unit's flags: the
# Qt6:: targets reachable through interface links.
function(fanva_qt_modules out)
    set(seen "")
    set(modules "")
    set(queue ${ARGN})
    while(queue)
        list(POP_FRONT queue item)
        if(item IN_LIST seen OR NOT TARGET "${item}")
            continue()
        endif()
        list(APPEND seen "${item}")
        get_target_property(aliased "${item}" ALIASED_TARGET)
        if(aliased)
            list(APPEND queue "${aliased}")
            continue()
        endif()
        if(item MATCHES "^Qt6::([A-Za-z]+)$" AND NOT item STREQUAL "Qt6::Platform")
            list(APPEND modules "${CMAKE_MATCH_1}")
        endif()
        get_target_property(links "${item}" INTERFACE_LINK_LIBRARIES)
        if(links)
            foreach(link IN LISTS links)
                # $<LINK_ONLY:...> and other generator expressions bring no compile flags.
                if(NOT link MATCHES "^\\$<")
                    list(APPEND queue "${link}")
                endif()
            endforeach()
        endif()
    endwhile()
    list(REMOVE_DUPLICATES modules)
    list(SORT modules)
    set(${out} "${modules}" PARENT_SCOPE)
endfunction()

# The ccache launcher with the settings that let it cache PCHs and their users.
function(fanva_pch_launcher target)
    if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
        set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER
            "${CMAKE_COMMAND}" -E env CCACHE_SLOPPINESS=pch_defines,time_macros ${CMAKE_CXX_COMPILER_LAUNCHER})
    endif()
endfunction()

# A group builds its PCH only when it has this many units of its own: a PCH costs about two
# units to build and saves two to six seconds a unit, so a test alone in its group is faster
# without one.
set(FANVA_TEST_PCH_MIN_UNITS 4)

# Enters test NAME (LINKS: what it links; SOURCES: its sources) in its group. The groups of a
# directory get their PCH when the directory's list files are done (fanva_apply_test_pch).
function(fanva_test_pch name)
    cmake_parse_arguments(arg "" "" "LINKS;SOURCES" ${ARGN})
    if(NOT FANVA_TEST_PCH)
        return()
    endif()
    fanva_qt_modules(modules ${arg_LINKS})
    string(MD5 dir_hash "${CMAKE_CURRENT_BINARY_DIR}")
    string(SUBSTRING "${dir_hash}" 0 8 dir_hash)
    list(JOIN modules "_" joined)
    set(host fanva_test_pch_${dir_hash}_${joined})
    set(units 0)
    foreach(source IN LISTS arg_SOURCES)
        if(source MATCHES "\\.cpp$")
            math(EXPR units "${units} + 1")
        endif()
    endforeach()
    get_property(groups DIRECTORY PROPERTY FANVA_TEST_PCH_GROUPS)
    if(NOT host IN_LIST groups)
        if(NOT groups)
            cmake_language(DEFER CALL fanva_apply_test_pch)
        endif()
        set_property(DIRECTORY APPEND PROPERTY FANVA_TEST_PCH_GROUPS ${host})
        set_property(DIRECTORY PROPERTY FANVA_TEST_PCH_MODULES_${host} ${modules})
        set_property(DIRECTORY PROPERTY FANVA_TEST_PCH_UNITS_${host} 0)
    endif()
    set_property(DIRECTORY APPEND PROPERTY FANVA_TEST_PCH_TESTS_${host} ${name})
    get_property(count DIRECTORY PROPERTY FANVA_TEST_PCH_UNITS_${host})
    math(EXPR count "${count} + ${units}")
    set_property(DIRECTORY PROPERTY FANVA_TEST_PCH_UNITS_${host} ${count})
endfunction()

# Builds the PCH of each large enough group of this directory and gives it to the group's
# tests; their moc units, which read no QtTest, go without.
function(fanva_apply_test_pch)
    get_property(groups DIRECTORY PROPERTY FANVA_TEST_PCH_GROUPS)
    foreach(host IN LISTS groups)
        get_property(units DIRECTORY PROPERTY FANVA_TEST_PCH_UNITS_${host})
        if(units LESS FANVA_TEST_PCH_MIN_UNITS)
            continue()
        endif()
        get_property(modules DIRECTORY PROPERTY FANVA_TEST_PCH_MODULES_${host})
        get_property(tests DIRECTORY PROPERTY FANVA_TEST_PCH_TESTS_${host})
        set(source "${CMAKE_CURRENT_BINARY_DIR}/${host}.cpp")
        if(NOT EXISTS "${source}")
            file(WRITE "${source}" "// Generated: the target that builds a test group's precompiled header.\n")
        endif()
        add_library(${host} OBJECT "${source}")
        set_target_properties(${host} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
        set(qt_targets "")
        foreach(module IN LISTS modules)
            list(APPEND qt_targets Qt6::${module})
        endforeach()
        target_link_libraries(${host} PRIVATE fanva_options ${qt_targets})
        target_precompile_headers(${host} PRIVATE "${PROJECT_SOURCE_DIR}/tests/testpch.h")
        if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
            # The same bytes for the same input: ccache's key of every unit using it.
            target_compile_options(${host} PRIVATE -Xclang -fno-pch-timestamp)
        endif()
        fanva_pch_launcher(${host})
        foreach(test IN LISTS tests)
            target_precompile_headers(${test} REUSE_FROM ${host})
            # A PCH GCC cannot use is reported ("not used because ...") but does not fail the
            # build: the unit then reads the headers as text, as without FANVA_TEST_PCH.
            target_compile_options(${test} PRIVATE -Wno-error=invalid-pch)
            set_source_files_properties("${CMAKE_CURRENT_BINARY_DIR}/${test}_autogen/mocs_compilation.cpp"
                PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
            fanva_pch_launcher(${test})
        endforeach()
    endforeach()
endfunction()

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
    fanva_test_pch(${name} LINKS Qt6::Test fanva_testsupport ${arg_LIBS} SOURCES ${arg_SOURCES})
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

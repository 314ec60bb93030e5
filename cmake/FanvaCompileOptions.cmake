# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# Compile options shared by every Fanva target: strict Qt defines and warnings.
add_library(fanva_options INTERFACE)
target_compile_definitions(fanva_options INTERFACE
    QT_NO_KEYWORDS
    QT_NO_URL_CAST_FROM_STRING
    QT_RESTRICTED_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_FOREACH
    QT_USE_QSTRINGBUILDER
    FANVA_VERSION_STRING="${PROJECT_VERSION}")
if(Qt6_VERSION VERSION_GREATER_EQUAL 6.7)
    target_compile_definitions(fanva_options INTERFACE QT_NO_CONTEXTLESS_CONNECT)
endif()
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(fanva_options INTERFACE -Wall -Wextra -Wpedantic)
    if(FANVA_WERROR)
        target_compile_options(fanva_options INTERFACE -Werror)
    endif()
endif()

find_program(FANVA_CCACHE ccache)
if(FANVA_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER "${FANVA_CCACHE}")
endif()

# Link with lld where the compiler accepts it (dev.sh installs it): a Debug test executable
# links in under a second instead of about four with the default linker, over a hundred
# times per build tree. FANVA_USE_LLD=OFF keeps the toolchain's default linker.
option(FANVA_USE_LLD "Link with lld when it is installed" ON)
if(FANVA_USE_LLD)
    include(CheckLinkerFlag)
    check_linker_flag(CXX "-fuse-ld=lld" FANVA_HAVE_LLD)
    if(FANVA_HAVE_LLD)
        add_link_options(-fuse-ld=lld)
    endif()
endif()

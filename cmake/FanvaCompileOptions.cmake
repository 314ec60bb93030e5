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

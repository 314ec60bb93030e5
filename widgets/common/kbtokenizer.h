// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The highlighting tokens of any KB language (Language::tokenizeLine, engine/lang/token.h),
// by the names the widgets have always used for them.
#include "lang/token.h"

#include <cstddef>

using KbTokenClass = fanva::lang::TokenClass;
using KbToken = fanva::lang::Token;
inline constexpr std::size_t kbTokenClassCount = fanva::lang::tokenClassCount;

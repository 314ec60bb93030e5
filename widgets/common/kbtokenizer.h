// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The fanva-kb tokenizer lives behind the language seam (engine/lang); the widgets keep
// their names for it.
#include "lang/fanvakb/kbtokenizer.h"

using KbTokenClass = fanva::lang::TokenClass;
using KbToken = fanva::lang::Token;
using KbTokenizer = fanva::lang::KbTokenizer;
inline constexpr std::size_t kbTokenClassCount = fanva::lang::tokenClassCount;

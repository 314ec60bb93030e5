// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/utf8.h"

namespace fanva::kb::detail {

// The reader's UTF-8 decoding is the language-neutral one (lang/utf8.h).
using lang::codePointName;
using lang::decodeUtf8;
using lang::utf8ErrorMessage;
using lang::Utf8Step;

} // namespace fanva::kb::detail

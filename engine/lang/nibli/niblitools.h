// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/toolservices.h"

namespace fanva::lang {

/// nibli's ToolServices (lang/toolservices.h): fmt against the lexicon plus the file's own
/// declarations (nibli-kr.md §5.5), keys and renders as read, no unreadable-form results.
[[nodiscard]] const ToolServices &nibliTools();

} // namespace fanva::lang

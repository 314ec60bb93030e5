// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/sentenceedits.h"

namespace fanva::lang {

/// nibli KR's SentenceEdits role: statements located by the nibli reader, `#` and `/* */`
/// comments, a target is its file (nibli-kr.md §1.3); no retract-dependents check.
[[nodiscard]] const SentenceEdits &nibliEdits();

} // namespace fanva::lang

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

#include <QString>

#include <vector>

namespace fanva::lang::fanvakb {

/// formalize.md §4.2 step 7 on fanva-kb (Language::bareCandidates): the bare s-expressions of
/// `reply`, joined across lines by paren balance, each with its segment from a preceding [i]
/// or a trailing "; i", "; [i]" or ";; sentence i".
[[nodiscard]] std::vector<ReplyCandidate> bareSExpressions(const QString &reply);

} // namespace fanva::lang::fanvakb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/sentenceedits.h"

namespace fanva::lang {

/// fanva-kb's SentenceEdits role: sentences located by the kb reader, `;` comments, contexts.
[[nodiscard]] const SentenceEdits &fanvaKbEdits();

} // namespace fanva::lang

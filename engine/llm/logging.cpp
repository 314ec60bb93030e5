// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/logging.h"

namespace fanva::llm {
Q_LOGGING_CATEGORY(lcLlm, "fanva.llm", QtWarningMsg)
} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QLoggingCategory>

namespace fanva::llm {
Q_DECLARE_LOGGING_CATEGORY(lcLlm)
} // namespace fanva::llm

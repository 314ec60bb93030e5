#pragma once

#include <QLoggingCategory>

namespace fanva::llm {
Q_DECLARE_LOGGING_CATEGORY(lcLlm)
} // namespace fanva::llm

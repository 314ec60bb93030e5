#include "llm/logging.h"

namespace fanva::llm {
Q_LOGGING_CATEGORY(lcLlm, "fanva.llm", QtWarningMsg)
} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/vocabulary.h"

namespace fanva::formalize {

nlohmann::json vocabularyJson(const CoinedReport &report)
{
    return { { "literals", report.literals }, { "reused", report.reused }, { "coined", report.coined }, { "types", report.types },
        { "properties", report.properties }, { "relations", report.relations }, { "introduced", report.introduced } };
}

} // namespace fanva::formalize

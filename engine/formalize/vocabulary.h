// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/coined.h"
#include "formalize/entry.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// formalize.md §8 over the entries a proposal keeps (admissible and known): each entry's
/// sentence as Apply would write it (the edit or the selected shape), parsed and walked.
[[nodiscard]] CoinedReport proposalVocabulary(const kb::KnowledgeBase &kb, const QString &context, const std::vector<Entry> &entries);

/// `{literals, reused, coined, types, properties, relations, introduced}`: the outcome's
/// `vocabulary` member.
[[nodiscard]] nlohmann::json vocabularyJson(const CoinedReport &report);

} // namespace fanva::formalize

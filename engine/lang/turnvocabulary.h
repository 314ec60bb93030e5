// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <nlohmann/json.hpp>

namespace fanva::lang {

class Kb;

/// Optional role of a Language: the vocabulary part of the formalize turn as data
/// (`fanva-rules-turn/1`, docs/spec/rules.md §2) for a provider that reads no prose
/// (llm::ProviderInfo::readsStructuredTurn). The session frames the rest of the turn.
class TurnVocabulary
{
public:
    TurnVocabulary() = default;
    virtual ~TurnVocabulary() = default;
    TurnVocabulary(const TurnVocabulary &) = delete;
    TurnVocabulary &operator=(const TurnVocabulary &) = delete;

    /// `{"relations": [...], "types": [...], "individuals": [...]}`: everything `target`
    /// sees, each list sorted by name, so that the same KB gives the same bytes.
    [[nodiscard]] virtual nlohmann::json vocabulary(const Kb &kb, const QString &target) const = 0;
};

} // namespace fanva::lang

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/segmenter.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang::fanvakb {

/// fanva-kb's part of the formalize turn as data (docs/spec/rules.md §2, `fanva-rules-turn/1`):
/// the vocabulary the target context sees (relations with arity, argument types and comment,
/// types with supertypes, individuals with their types), every list sorted by name so that
/// the same KB gives the same bytes. fanva-kb's lang::TurnVocabulary.
[[nodiscard]] nlohmann::json rulesTurnVocabulary(const kb::KnowledgeBase &kb, const QString &context);

/// The whole turn on a fanva-kb KB: formalize::structuredTurn("fanva-kb", …, rulesTurnVocabulary(kb, context)).
[[nodiscard]] nlohmann::json rulesTurn(const kb::KnowledgeBase &kb, const QString &context, const QByteArray &document,
    const std::vector<Segment> &segments, const std::vector<int> &focus);
} // namespace fanva::lang::fanvakb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/segmenter.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <vector>

namespace fanva::formalize {

/// The formalize turn as data (docs/spec/rules.md §2, `fanva-rules-turn/1`) for a provider that
/// reads no prose (llm::ProviderInfo::readsStructuredTurn), in any language:
/// `{format, language, context, segments, vocabulary}` with the segments of `focus` (empty:
/// all) and `vocabulary` as the KB's lang::TurnVocabulary gave it. The session adds `purpose`.
[[nodiscard]] nlohmann::json structuredTurn(const QString &language, const QString &context, const QByteArray &document,
    const std::vector<Segment> &segments, const std::vector<int> &focus, nlohmann::json vocabulary);

} // namespace fanva::formalize

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/inventory.h"
#include "formalize/resolver.h"
#include "formalize/segmenter.h"
#include "formalize/session.h"

#include <functional>

#include <memory>

namespace fanva::formalize {

/// Builds a session's input from the KB (formalize.md §1–§3): the document's resolutions,
/// the vocabulary card within its budget (card = min(cardTokens, window − maxOutputTokens −
/// est(prefix) − est(document turn without card) − 64)) and the system prefix.
[[nodiscard]] SessionInput makeSessionInput(std::shared_ptr<const kb::KnowledgeBase> kb, const QString &context, const QByteArray &document,
    const QString &documentName, const SessionSettings &settings, const QString &instruction = {});

/// Where a session's prompt pieces come from: a KB language's resolver, system prefix and
/// card (engine/lang fills these from its Language; makeSessionInput from engine/kb).
struct SessionVocabulary {
    std::function<std::vector<Resolution>(const std::vector<Segment> &segments)> resolve;
    std::function<QString()> systemPrefix;
    std::function<Inventory(const std::vector<Resolution> &resolutions, int cardTokens)> card;
};

/// makeSessionInput with the pieces from `vocabulary`; `kb` is the input's KB (may be null
/// for a language the session loop does not read directly).
[[nodiscard]] SessionInput makeSessionInputWith(std::shared_ptr<const kb::KnowledgeBase> kb, const QString &context,
    const QByteArray &document, const QString &documentName, const SessionSettings &settings, const QString &instruction,
    const SessionVocabulary &vocabulary);

/// The hooks the session uses in production: the gloss (§6), the correction with its
/// shapes (§7) and the coined functors of the selected shape (§8).
[[nodiscard]] SessionHooks standardHooks();

} // namespace fanva::formalize

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/session.h"

#include <memory>

namespace fanva::formalize {

/// Builds a session's input from the KB (formalize.md §1–§3): the document's resolutions,
/// the vocabulary card within its budget (card = min(cardTokens, window − maxOutputTokens −
/// est(prefix) − est(document turn without card) − 64)) and the system prefix.
[[nodiscard]] SessionInput makeSessionInput(std::shared_ptr<const kb::KnowledgeBase> kb, const QString &context, const QByteArray &document,
    const QString &documentName, const SessionSettings &settings, const QString &instruction = {});

/// The hooks the session uses in production: the gloss (§6), the correction with its
/// shapes (§7) and the coined functors of the selected shape (§8).
[[nodiscard]] SessionHooks standardHooks();

} // namespace fanva::formalize

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entrykind.h"
#include "formalize/session.h"
#include "lang/drafting.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace fanva::lang {
class Kb;
}

namespace fanva::formalize {

/// Builds a session's input from the KB through its language (formalize.md §1–§3): the
/// document's resolutions (Language::resolve), the system prefix (Language::promptGuide) and
/// the vocabulary card (Language::card) within its budget (card = min(cardTokens, window −
/// maxOutputTokens − est(prefix) − est(document turn without card) − 64)). The one builder,
/// for every language; a null `kb` gives an input without prompt pieces.
[[nodiscard]] SessionInput makeSessionInput(const std::shared_ptr<const lang::Kb> &kb, const QString &target, const QByteArray &document,
    const QString &documentName, const SessionSettings &settings, const QString &instruction = {});

/// Builds a rewrite session's input (rewrite.md §2): the selection's statements as the turn
/// (rewriteTurn) and the session's document, the system prefix and the card from `kb` (the KB
/// as it is) built around `seeds` (the KB terms the selection names) within the budget of the
/// rewrite turn, and `gateKb` (the KB without the selection) as the KB the candidates are gated
/// against. The one rewrite builder, for every language (lang::makeRewriteSessionInput finds the
/// seeds and the gate KB through the language's SentenceEdits role).
[[nodiscard]] SessionInput makeRewriteInput(const std::shared_ptr<const lang::Kb> &kb, std::shared_ptr<const lang::Kb> gateKb,
    const QString &target, const QString &documentName, const std::vector<ExistingSentence> &selection,
    const std::vector<lang::Resolution> &seeds, const SessionSettings &settings, const QString &instruction = {});

} // namespace fanva::formalize

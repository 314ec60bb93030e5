// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/session.h"

#include <QByteArray>
#include <QString>

#include <memory>

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

} // namespace fanva::formalize

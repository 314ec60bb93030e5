// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/session.h"
#include "lang/language.h"

#include <memory>

namespace fanva::lang {

/// formalize::makeSessionInput through the seam: the document's resolutions, the system
/// prefix (promptGuide) and the vocabulary card within its budget come from `kb`'s language.
/// The input's `kb` is the KnowledgeBase behind a fanva-kb Kb (the session loop's gates
/// still read it directly; docs/spec/language-seam.md §4).
[[nodiscard]] formalize::SessionInput makeSessionInput(const std::shared_ptr<const Kb> &kb, const QString &target,
    const QByteArray &document, const QString &documentName, const formalize::SessionSettings &settings, const QString &instruction = {});

} // namespace fanva::lang

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/session.h"
#include "formalize/sessionlanguage.h"
#include "lang/language.h"

#include <memory>

namespace fanva::lang {

/// The formalize loop's view of `kb` (formalize::SessionLanguage) through its Language:
/// runGates with a lang::Batch, key, gloss, corrections and coined, bareCandidates, and
/// the target file `<target>` plus the language's KB file suffix. For a fanva-kb Kb it is
/// formalize::knowledgeBaseSessionLanguage over its KnowledgeBase with standardHooks (the
/// code the session always ran). Null for a null `kb`.
[[nodiscard]] std::shared_ptr<const formalize::SessionLanguage> sessionLanguageOf(const std::shared_ptr<const Kb> &kb);

/// formalize::makeSessionInput through the seam: the document's resolutions, the system
/// prefix and the vocabulary card within its budget come from `kb`'s language. For fanva-kb
/// the input's `kb` is the KnowledgeBase behind the Kb and the prefix promptGuide() (the
/// whole of formalize §3.1); for another language `kb` stays null, `language` is
/// sessionLanguageOf(kb) and the prefix is promptGuide() inside §3.1's opening, "One name
/// per individual", "Report what you cannot translate" and "Answer" (nibli-kr.md §1.4).
[[nodiscard]] formalize::SessionInput makeSessionInput(const std::shared_ptr<const Kb> &kb, const QString &target,
    const QByteArray &document, const QString &documentName, const formalize::SessionSettings &settings, const QString &instruction = {});

} // namespace fanva::lang

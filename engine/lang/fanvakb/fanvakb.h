// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/term.h"
#include "lang/language.h"

#include <memory>
#include <optional>

namespace fanva::check {
class Critic;
}

namespace fanva::lang {

/// The s-expression language of kb-language.md behind the seam, id `fanva-kb`: an adapter
/// over engine/kb, engine/check and the formalize functions, with their behaviour unchanged.
[[nodiscard]] const Language &fanvaKb();

/// A fanva-kb Kb over an already loaded KnowledgeBase (the critic is made on first need).
[[nodiscard]] std::shared_ptr<const Kb> fanvaKbOver(std::shared_ptr<const kb::KnowledgeBase> knowledgeBase);

/// The KnowledgeBase behind a fanva-kb Kb; null for another language's Kb.
[[nodiscard]] const kb::KnowledgeBase *knowledgeBaseOf(const Kb &kb);
/// The shared KnowledgeBase behind a fanva-kb Kb; null for another language's Kb.
[[nodiscard]] std::shared_ptr<const kb::KnowledgeBase> sharedKnowledgeBaseOf(const Kb &kb);

/// The term a fanva-kb statement holds (with its arena); nullopt for another language's.
[[nodiscard]] std::optional<kb::OwnedTerm> termOf(const Statement &statement);

/// The statements and diagnostics of a document already read (Language::read() after
/// kb::parseDocument); for this language's own files (fanvakbtools.cpp).
[[nodiscard]] ReadResult readResultOf(kb::Document document);
/// The critic over a fanva-kb Kb (made once); null for another language's Kb.
[[nodiscard]] const check::Critic *criticOf(const Kb &kb);

} // namespace fanva::lang

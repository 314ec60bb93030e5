// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/rewrite.h"
#include "formalize/session.h"
#include "lang/drafting.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang::fanvakb {

using formalize::ExistingSentence;
using formalize::SentenceSelection;
using formalize::SessionInput;
using formalize::SessionSettings;

/// The sentences of a fanva-kb file that start on lines first…last (formalize::SentenceSelection).
[[nodiscard]] SentenceSelection selectSentences(const kb::KnowledgeBase &kb, const QByteArray &file, int first, int last);

/// The symbols of the sentence `text` that `kb` knows, seen from `context`, as a type, predicate
/// or individual, each once, as a resolution of no document place: the KB terms a rewrite's
/// card is built around (rewrite.md §2; SentenceEdits::termsOf). Empty if `text` does not read.
[[nodiscard]] std::vector<Resolution> sentenceTerms(const kb::KnowledgeBase &kb, const QString &context, const QString &text);

/// `file` with the given sentences (by line, rendering checked) cut out, their lines only:
/// what the KB would hold without them. Nullopt when one is not found on lines of its own.
[[nodiscard]] std::optional<QByteArray> withoutSentences(const QByteArray &file, const std::vector<ExistingSentence> &removed);

} // namespace fanva::lang::fanvakb

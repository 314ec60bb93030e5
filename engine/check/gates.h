// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/critic.h"
#include "check/problem.h"
#include "kb/reader.h"
#include "kb/term.h"
#include "lang/gatereport.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace fanva::check {

/// The gates one candidate string passes (formalize.md §5.1) and their outcome: the
/// language-neutral ones (lang/gatereport.h). check::runGates's report holds the sentence as a
/// statement whose payload is a kb::SentenceData (kb::sentenceOf reads it) and whose language
/// is null.
using Gate = lang::Gate;
using lang::gateId;

/// Runs parse → critic → round-trip on `candidate` for `context`. With an overlay, the
/// critic also judges against the batch's earlier admitted entries (kb-language.md §5.5),
/// and an admissible candidate joins it as entry `entryIndex` (how later messages name it;
/// -1: its position in the overlay).
[[nodiscard]] lang::GateReport runGates(const Critic &critic, const QString &candidate, const QString &context,
    const QJsonObject &options = {}, BatchOverlay *overlay = nullptr, int entryIndex = -1);

/// The parse gate alone on what kb::parseSentence() read from `candidate`: nullopt when it
/// read one sentence, else the gate's problem (empty-sentence, several-sentences, unreadable).
[[nodiscard]] std::optional<Problem> parseProblem(const kb::SentenceParse &parsed, const QString &candidate);

/// The round-trip gate alone: its problem if `sentence` fails kb-language.md §7's contract.
[[nodiscard]] std::optional<Problem> roundTripProblem(const kb::KnowledgeBase &kb, kb::Term sentence);

} // namespace fanva::check

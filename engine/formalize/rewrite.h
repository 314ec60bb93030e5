// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entrykind.h"
#include "formalize/segmenter.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <vector>

namespace fanva::formalize {

/// The sentences of a KB file that start on lines first…last (1-based, inclusive), in file
/// order, each with its rendering and its canonical key (docs/spec/rewrite.md §2); a language selects them
/// (fanva-kb: lang/fanvakb/rewrite.h).
struct SentenceSelection {
    std::vector<ExistingSentence> sentences;
    QString error; ///< a sentence saying why nothing could be selected
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};
/// The rewrite session's "document": the selected sentences, one per line, flattened.
[[nodiscard]] QByteArray rewriteDocument(const std::vector<ExistingSentence> &selection);
/// One segment per line of rewriteDocument()'s text.
[[nodiscard]] std::vector<Segment> rewriteSegments(const QByteArray &document);

struct RewriteTurnInput {
    std::vector<ExistingSentence> selection;
    QString context;
    QString file;
    QString card;
    int maxCandidates = 40;
    QString instruction;
};
/// The rewrite session's first user turn (rewrite.md §2).
[[nodiscard]] QString rewriteTurn(const RewriteTurnInput &input);
/// The decoding format of a rewrite call (rewrite.md §3).
[[nodiscard]] nlohmann::json rewriteSchema();

} // namespace fanva::formalize

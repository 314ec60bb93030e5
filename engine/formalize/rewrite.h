// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entrykind.h"
#include "formalize/segmenter.h"
#include "formalize/session.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <memory>
#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// The sentences of a KB file that start on lines first…last (1-based, inclusive), in file
/// order, each with its writer rendering and its canonical key in `kb` (docs/spec/rewrite.md §2).
struct SentenceSelection {
    std::vector<ExistingSentence> sentences;
    QString error; ///< a sentence saying why nothing could be selected
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};
[[nodiscard]] SentenceSelection selectSentences(const kb::KnowledgeBase &kb, const QByteArray &file, int first, int last);

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

/// The input of a rewrite session: the card from the selection's symbols in `kb`, the system
/// prefix, and `gateKb` (the KB without the selected sentences) as the session's KB.
[[nodiscard]] SessionInput makeRewriteInput(const std::shared_ptr<const kb::KnowledgeBase> &kb,
    std::shared_ptr<const kb::KnowledgeBase> gateKb, const QString &context, const QString &file,
    const std::vector<ExistingSentence> &selection, const SessionSettings &settings, const QString &instruction = {});

/// The KB of `kb`'s folder with `path`'s text as `bytes` without the `removed` sentences
/// (withoutSentences()): what a replacement is gated against (rewrite.md §1). `kb` itself when
/// nothing is removed, the sentences are not found or the reduced KB does not load.
[[nodiscard]] std::shared_ptr<const kb::KnowledgeBase> kbWithout(const std::shared_ptr<const kb::KnowledgeBase> &kb, const QString &path,
    const QByteArray &bytes, const std::vector<ExistingSentence> &removed);

/// makeRewriteInput() for the sentences `selection` of the context's file at `path` (read as
/// `bytes`), gated against the KB without them: what `fanva-cli rewrite` and Review ▸ Rewrite… run.
[[nodiscard]] SessionInput makeRewriteSessionInput(const std::shared_ptr<const kb::KnowledgeBase> &kb, const QString &context,
    const QString &path, const QByteArray &bytes, const std::vector<ExistingSentence> &selection, const SessionSettings &settings,
    const QString &instruction = {});

/// `file` with the given sentences (by line, rendering checked) cut out, their lines only:
/// what the KB would hold without them. Nullopt when one is not found on lines of its own.
[[nodiscard]] std::optional<QByteArray> withoutSentences(const QByteArray &file, const std::vector<ExistingSentence> &removed);

} // namespace fanva::formalize

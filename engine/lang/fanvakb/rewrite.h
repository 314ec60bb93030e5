// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/rewrite.h"
#include "formalize/session.h"

#include <QByteArray>
#include <QString>

#include <memory>
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

} // namespace fanva::lang::fanvakb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entrykind.h"
#include "formalize/session.h"
#include "lang/language.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

namespace fanva::lang {

/// The statements of `bytes` (a KB file of `kb`'s language) that start on lines first…last
/// (1-based, inclusive), in file order, each with its rendering and identity key in `kb`
/// (docs/spec/rewrite.md §2); or why none could be selected.
struct StatementSelection {
    std::vector<formalize::ExistingSentence> statements;
    QString error; ///< a sentence
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};
[[nodiscard]] StatementSelection selectStatements(const Kb &kb, const QByteArray &bytes, const QString &file, int first, int last);

/// The input of a rewrite session (rewrite.md §2) for the statements `selection` of the file
/// `path` (absolute, read as `bytes`) that `target` writes, gated against `kb` without them:
/// what `fanva-cli rewrite` and Review ▸ Rewrite… run, in any language with SentenceEdits.
[[nodiscard]] formalize::SessionInput makeRewriteSessionInput(const std::shared_ptr<const Kb> &kb, const QString &target,
    const QString &path, const QByteArray &bytes, const std::vector<formalize::ExistingSentence> &selection,
    const formalize::SessionSettings &settings, const QString &instruction = {});

} // namespace fanva::lang

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"
#include "formalize/entrykind.h"
#include "lang/language.h"
#include "lang/problem.h"
#include "status.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace fanva::formalize {
class SessionKb;
}
namespace fanva::proposal {
class Proposal;
}

/// The KB a review drafts, gates, glosses and keys its entries against (ReviewController's
/// collaborator): the loaded `lang::Kb`, its formalize::SessionKb, and the KB without the
/// statements the entries remove, kept while the target file's text and the KB stay the same.
class ReviewKb final
{
    Q_DECLARE_TR_FUNCTIONS(ReviewKb)

public:
    /// Loads the KB in @p folder in the language @p language; with @p proposal's target a new
    /// context, as if its file held its header (formalize.md §11.3), as Apply loads it. The
    /// error is a sentence naming the folder and each load error; the KB held stays then.
    [[nodiscard]] std::optional<QString> load(const QString &folder, const QString &language, const fanva::proposal::Proposal *proposal);
    /// What load() reads, without taking it: safe on any thread (the review runs it off the GUI
    /// thread). @p targetPath and @p header: a new context's file and its header (empty: none).
    [[nodiscard]] static fanva::Result<std::shared_ptr<const fanva::lang::Kb>> read(
        const QString &folder, const QString &language, const QString &targetPath = {}, const QByteArray &header = {});
    /// For tests: runs @p observer in the thread of each read() (empty: none).
    static void setReadObserver(std::function<void()> observer);
    /// Takes @p kb (null: none).
    void adopt(std::shared_ptr<const fanva::lang::Kb> kb);

    [[nodiscard]] bool isLoaded() const { return m_kb != nullptr; }
    [[nodiscard]] const std::shared_ptr<const fanva::lang::Kb> &kb() const { return m_kb; }
    [[nodiscard]] const std::shared_ptr<const fanva::formalize::SessionKb> &sessionKb() const { return m_sessionKb; }

    /// The gates' problems of @p sentences as one batch in @p target: each sentence's failing
    /// gate's problems, or its notes. Against the KB without @p removed (statements of the file
    /// @p path, whose text is @p bytes) when some are removed and the language can load it
    /// (its SentenceEdits role); else against the KB. Nothing without a KB.
    [[nodiscard]] std::vector<std::vector<fanva::lang::Problem>> gate(const QString &target, const QStringList &sentences,
        const QString &path = {}, const QByteArray &bytes = {}, const std::vector<fanva::formalize::ExistingSentence> &removed = {}) const;
    /// The gloss of @p sentence filed in @p target, in the KB's language.
    [[nodiscard]] fanva::formalize::EntryGloss gloss(const QString &sentence, const QString &target) const;
    /// The identity key of @p sentence in the KB's language ("" when it does not read or there is no KB).
    [[nodiscard]] QString key(const QString &sentence) const;

private:
    std::shared_ptr<const fanva::lang::Kb> m_kb;
    std::shared_ptr<const fanva::formalize::SessionKb> m_sessionKb;
    /// The last KB without removed statements gate() loaded from m_kb (adopt() drops it) and
    /// the target file's text it was loaded with.
    mutable QByteArray m_reducedText;
    mutable std::shared_ptr<const fanva::lang::Kb> m_reducedKb;
};

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/knowledgebase.h"
#include "kb/vocabulary.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

/// One row of the completion list.
struct CompletionItem {
    QString name;
    /// "livesIn/2 (animal, habitat) — ?a lives in the habitat ?p", "individual — …", "context".
    QString detail;
    fanva::kb::Completion completion;
};

/// The signature hint shown after `(functor `: its parameters with their types and the
/// first clause of its comment, the argument under the cursor marked.
struct SignatureHint {
    QString plain; ///< "livesIn ?a:animal ?p:habitat — ?a lives in the habitat ?p"
    QString rich; ///< the same, HTML-escaped, the current parameter in <b>
    int current = 0; ///< the marked parameter (1-based; 0: none, e.g. past the last)
    [[nodiscard]] bool isEmpty() const { return plain.isEmpty(); }
};

/// What the author's editor knows of the KB it writes into: the KB, the target context
/// and the KB's completion index (kb::Vocabulary), built once per KB off the GUI thread.
/// Answers completions, signature hints, term summaries and glosses from them.
class EditorVocabulary final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EditorVocabulary)

public:
    explicit EditorVocabulary(QObject *parent = nullptr);
    ~EditorVocabulary() override;

    /// Writes into @p context of @p kb (null: no KB). Starts building the index when @p kb is
    /// not the KB it has one for; ready() follows.
    void setKnowledgeBase(std::shared_ptr<const fanva::kb::KnowledgeBase> kb, const QString &context);
    [[nodiscard]] std::shared_ptr<const fanva::kb::KnowledgeBase> knowledgeBase() const { return m_kb; }
    [[nodiscard]] QString context() const { return m_context; }
    /// Whether the index of the current KB is built.
    [[nodiscard]] bool isReady() const { return m_vocabulary != nullptr; }
    /// Blocks until the index is built (tests, benchmarks).
    void waitForReady();

    /// Ranked completions of @p prefix in @p slot (empty until ready).
    [[nodiscard]] std::vector<CompletionItem> completions(const QString &prefix, fanva::kb::CompletionSlot slot, int limit = 30) const;
    /// The hint for @p functor with argument @p argument under the cursor (empty when the
    /// KB knows neither a comment nor an arity for it).
    [[nodiscard]] SignatureHint signatureHint(const QString &functor, int argument) const;
    /// A tooltip (HTML) summarising @p term's page in the KB browser ("" for no such term).
    [[nodiscard]] QString termSummary(const QString &term) const;
    /// The English reading of @p sentence (formalize.md §6), or "" when it does not read as
    /// one sentence or there is no KB.
    [[nodiscard]] QString gloss(const QString &sentence) const;

Q_SIGNALS:
    /// The index of the current KB is built.
    void ready();

private:
    [[nodiscard]] QString detailOf(const fanva::kb::Completion &completion) const;
    [[nodiscard]] fanva::kb::Scope scope() const;

    std::shared_ptr<const fanva::kb::KnowledgeBase> m_kb;
    QString m_context;
    std::shared_ptr<const fanva::kb::Vocabulary> m_vocabulary;
    QFutureWatcher<std::shared_ptr<const fanva::kb::Vocabulary>> *m_watcher = nullptr;
};

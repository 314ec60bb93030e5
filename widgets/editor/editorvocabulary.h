// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/editorservices.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace fanva::lang {
class Kb;
class Language;
} // namespace fanva::lang

/// What the author's editor knows of the KB it writes into: the KB, the target, and the
/// editor services of the KB's language (lang::EditorServices, an optional role) with the
/// index they keep of that KB, built once per KB off the GUI thread. Without the role (a
/// language that offers none) the editor still edits, without completion or hints.
class EditorVocabulary final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EditorVocabulary)

public:
    explicit EditorVocabulary(QObject *parent = nullptr);
    ~EditorVocabulary() override;

    /// Reads the text in @p language (the default language until told otherwise); drops a KB
    /// of another language.
    void setLanguage(const fanva::lang::Language &language);
    /// Writes into @p target of @p kb (null: no KB), in @p kb's language. Starts building the
    /// index when @p kb is not the KB it has one for; ready() follows.
    void setKnowledgeBase(std::shared_ptr<const fanva::lang::Kb> kb, const QString &target);
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> knowledgeBase() const { return m_kb; }
    [[nodiscard]] QString context() const { return m_target; }
    /// The editor services of the current language (null: it offers none).
    [[nodiscard]] const fanva::lang::EditorServices *services() const { return m_services; }
    /// Whether the index of the current KB is built.
    [[nodiscard]] bool isReady() const { return m_index != nullptr; }
    /// Blocks until the index is built (tests, benchmarks).
    void waitForReady();

    /// The cursor at @p position of @p text, as the language reads it.
    [[nodiscard]] fanva::lang::EditorCursor cursorAt(QStringView text, int position) const;
    /// True when @p text leaves nothing open (true without services).
    [[nodiscard]] bool isClosed(QStringView text) const;
    /// True for a character of a word to complete.
    [[nodiscard]] bool isWordChar(QChar c) const;
    /// True when @p word names a term (not a variable, number or keyword).
    [[nodiscard]] bool isTermWord(QStringView word) const;

    /// Ranked completions at @p cursor (empty until ready).
    [[nodiscard]] std::vector<fanva::lang::EditorCompletion> completions(const fanva::lang::EditorCursor &cursor, int limit = 30) const;
    /// The argument hint at @p cursor (empty when none).
    [[nodiscard]] fanva::lang::ArgumentHint argumentHint(const fanva::lang::EditorCursor &cursor) const;
    /// A tooltip (HTML) summarising @p term ("" for no such term).
    [[nodiscard]] QString termSummary(const QString &term) const;
    /// The English reading of @p sentence, or "" when it does not read as one statement or
    /// there is no KB.
    [[nodiscard]] QString gloss(const QString &sentence) const;
    /// The problems of @p sentence as the gates see it in the target (empty without a KB).
    [[nodiscard]] std::vector<fanva::lang::Problem> problems(const QString &sentence) const;

Q_SIGNALS:
    /// The index of the current KB is built.
    void ready();

private:
    const fanva::lang::EditorServices *m_services = nullptr;
    std::shared_ptr<const fanva::lang::Kb> m_kb;
    QString m_target;
    std::shared_ptr<const fanva::lang::EditorIndex> m_index;
    QFutureWatcher<std::shared_ptr<const fanva::lang::EditorIndex>> *m_watcher = nullptr;
};

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "lang/language.h"

#include <QWidget>

#include <memory>
#include <vector>

class InlineEditor;
class QAction;
class QLabel;
class QPlainTextEdit;
class QSyntaxHighlighter;
class QTextBrowser;
class QTreeWidget;

/// The statements of one KB file of a language other than fanva-kb, as the browser lists them.
struct KbFileStatements {
    QString path; ///< absolute
    QString relativePath; ///< to the KB folder
    QString target; ///< the file's target (a Kb::targets() entry), "" when it is none
    std::vector<fanva::lang::Statement> statements;
    std::vector<fanva::kb::Diagnostic> diagnostics;
};

/// The KB browser's page for a KB in a language other than fanva-kb (docs/spec/nibli-adapter.md):
/// its files with their targets and statement counts, the chosen file's statements highlighted
/// in the KB's language, and a statement editor whose live gates are the language's
/// (lang::runGates against the KB, for the file's target) and whose completion, hints and
/// "Reads as" are the language's editor services. Ctrl+L in the editor (or showTerm()) shows a
/// term's page from the language's describeTerm, with "New Sentence about TERM".
class StatementBrowser final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StatementBrowser)

public:
    explicit StatementBrowser(QWidget *parent = nullptr);
    ~StatementBrowser() override;

    /// Shows @p kb's @p files (null: nothing). The target @p target is chosen when a file has it.
    void setKb(std::shared_ptr<const fanva::lang::Kb> kb, std::vector<KbFileStatements> files, const QString &target = {});
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> kb() const { return m_kb; }

    /// The file shown (an index into the files given), -1 when none.
    [[nodiscard]] int currentFile() const { return m_current; }
    bool setCurrentFile(int index);
    /// The target the editor's gates check against: the shown file's, else the first target.
    [[nodiscard]] QString currentTarget() const;

    /// Opens the statement editor on @p text (the shown file's statement @p index when text is empty).
    bool editStatement(int index, const QString &text = {});
    /// The gates of the workspace's language on @p text for currentTarget().
    [[nodiscard]] std::vector<fanva::check::Problem> gate(const QString &text) const;

    /// Shows the page of @p term (a predicate, a Name…) as the KB's language describes it, for
    /// currentTarget(). False when there is no KB or @p term is empty.
    bool showTerm(const QString &term);
    [[nodiscard]] QString currentTerm() const { return m_term; }
    [[nodiscard]] QTextBrowser *termPage() const { return m_termPage; }
    /// "New Sentence about TERM": enabled while a term is shown.
    [[nodiscard]] QAction *newSentenceAction() const { return m_newSentenceAction; }

    [[nodiscard]] QTreeWidget *fileList() const { return m_files; }
    [[nodiscard]] QPlainTextEdit *statementView() const { return m_statements; }
    [[nodiscard]] InlineEditor *editor() const { return m_editor; }
    [[nodiscard]] QSyntaxHighlighter *highlighter() const { return m_highlighter; }
    [[nodiscard]] QLabel *noteLabel() const { return m_note; }

Q_SIGNALS:
    /// The editor committed @p text; the page does not write it (Apply does, see the spec).
    void statementCommitted(const QString &text);
    /// "New Sentence about TERM" was chosen: open the editor on @p text, the cursor at @p cursor.
    void newSentenceRequested(const QString &text, int cursor);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showFile(int index);
    void attachHighlighter(const fanva::lang::Language &language);

    std::shared_ptr<const fanva::lang::Kb> m_kb;
    std::vector<KbFileStatements> m_fileStatements;
    int m_current = -1;
    const fanva::lang::Language *m_highlighted = nullptr;
    QLabel *m_note = nullptr;
    QTreeWidget *m_files = nullptr;
    QPlainTextEdit *m_statements = nullptr;
    QSyntaxHighlighter *m_highlighter = nullptr;
    InlineEditor *m_editor = nullptr;
    QTextBrowser *m_termPage = nullptr;
    QAction *m_newSentenceAction = nullptr;
    QString m_term;
    fanva::kb::Role m_termRole = fanva::kb::Role::None;
};

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/problem.h"
#include "lang/termrole.h"

#include <QString>
#include <QStringView>

#include <memory>
#include <vector>

namespace fanva::lang {

class Kb;

/// Where the cursor stands in a statement being typed, as a language reads its unfinished
/// text (docs/spec/language-seam.md "Editor services").
struct EditorCursor {
    /// The word the cursor is in or right after: [wordStart, wordEnd) in the text; empty
    /// (wordStart == wordEnd == position) between tokens.
    int wordStart = 0;
    int wordEnd = 0;
    /// The part of that word before the cursor.
    QString prefix;
    /// In a string, a comment, a variable or a number: nothing to complete.
    bool inLiteral = false;
    /// In an open string.
    bool inString = false;
    /// The predicate (functor) whose argument list is around the cursor ("" when none) and
    /// the cursor's place in it: 0 on the predicate itself, i for argument i.
    QString functor;
    int argument = 0;
    /// What fits at the cursor, in the language's own terms (opaque to callers).
    int slot = 0;
};

/// One completion of the word at the cursor.
struct EditorCompletion {
    /// The word as listed ("resident").
    QString name;
    /// What replaces the word at the cursor ("resident(": a nibli predicate comes with its
    /// opening parenthesis).
    QString insertion;
    /// One line about it ("resident/2 (who, town) — {x1} lives in {x2}", "name", "keyword").
    QString detail;
    /// False for a word the target does not see (listed dimmed, after the others).
    bool visible = true;
};

/// The argument hint shown inside a predicate's argument list: its places, the one under
/// the cursor marked.
struct ArgumentHint {
    QString plain; ///< "resident who town — {x1} lives in {x2}"
    QString rich; ///< the same, HTML-escaped, the current place in <b><u>
    int current = 0; ///< the marked place (1-based; 0: none, e.g. past the last)
    [[nodiscard]] bool isEmpty() const { return plain.isEmpty(); }
};

/// What a language's editor services keep of one KB (its completion index…): built once
/// per KB by EditorServices::index(), then read from any thread.
class EditorIndex
{
public:
    explicit EditorIndex(std::shared_ptr<const Kb> kb)
        : m_kb(std::move(kb))
    { }
    virtual ~EditorIndex() = default;
    EditorIndex(const EditorIndex &) = delete;
    EditorIndex &operator=(const EditorIndex &) = delete;

    /// The KB it was built for.
    [[nodiscard]] const Kb &kb() const { return *m_kb; }
    [[nodiscard]] const std::shared_ptr<const Kb> &sharedKb() const { return m_kb; }

private:
    std::shared_ptr<const Kb> m_kb;
};

/// Optional role of a Language: what the author's editor asks while a statement is typed
/// (completion, argument hint, hover, the problems at their spans, the live "Reads as").
/// Every `target` is the one the text is written into (empty: the whole KB).
class EditorServices
{
public:
    EditorServices() = default;
    virtual ~EditorServices() = default;
    EditorServices(const EditorServices &) = delete;
    EditorServices &operator=(const EditorServices &) = delete;

    /// Builds the index of `kb` (a walk over the KB: call it off the GUI thread).
    [[nodiscard]] virtual std::shared_ptr<const EditorIndex> index(std::shared_ptr<const Kb> kb) const = 0;
    /// Reads `text` up to `position`.
    [[nodiscard]] virtual EditorCursor cursorAt(QStringView text, int position) const = 0;
    /// True when `text` leaves nothing open (a list, a parenthesis, a string): Enter may
    /// commit it.
    [[nodiscard]] virtual bool isClosed(QStringView text) const = 0;
    /// True for a character that may be part of a word to complete.
    [[nodiscard]] virtual bool isWordChar(QChar c) const = 0;
    /// True when the word `word` (at a cursor) names a term a hover or a look-up can
    /// describe (not a variable, a number or a keyword).
    [[nodiscard]] virtual bool isTermWord(QStringView word) const = 0;

    /// The text a new statement about `term` (whose role is `role`) starts with, for "New
    /// Sentence about TERM"; `cursor` gets where the cursor goes in it.
    [[nodiscard]] virtual QString newStatementAbout(const QString &term, TermRole role, int *cursor) const = 0;

    /// The completions of the word at `cursor`, best first, at most `limit`.
    [[nodiscard]] virtual std::vector<EditorCompletion> completions(
        const EditorIndex &index, const QString &target, const EditorCursor &cursor, int limit) const = 0;
    /// The hint for the predicate around `cursor` (empty when the cursor is in no argument
    /// list, or the language knows nothing of that predicate).
    [[nodiscard]] virtual ArgumentHint argumentHint(const EditorIndex &index, const QString &target, const EditorCursor &cursor) const = 0;
    /// A short HTML summary of `term` as `target` sees it ("" when the KB and the language
    /// know nothing of it).
    [[nodiscard]] virtual QString hover(const EditorIndex &index, const QString &target, const QString &term) const;
    /// The English reading of `text` (the language's gloss), or "" when it does not read as
    /// exactly one statement.
    [[nodiscard]] virtual QString readsAs(const EditorIndex &index, const QString &target, const QString &text) const;
    /// The problems of `text` as the parse and critic gates see it filed in `target`, their
    /// spans indexing the UTF-8 bytes of `text` without its leading white space.
    [[nodiscard]] virtual std::vector<Problem> problems(const EditorIndex &index, const QString &target, const QString &text) const;
};

} // namespace fanva::lang

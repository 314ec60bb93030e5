// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"
#include "lang/language.h"
#include "lang/problem.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fanva::lang {

/// One statement of a KB file's text, located for replace and retract (docs/spec/rewrite.md §4).
struct LocatedStatement {
    /// The writer rendering: what a replace or retract entry names (with its line).
    QString rendering;
    /// 1-based line of its first byte.
    int line = 0;
    /// Its bytes `[begin, end)` in the text.
    qsizetype begin = 0;
    qsizetype end = 0;
};

/// The statements of one KB file's text, in file order, or why the text does not read.
struct LocatedFile {
    std::vector<LocatedStatement> statements;
    QString error; ///< a sentence; nothing can be replaced in a text that does not read
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

/// A stored statement as an edit entry names it: its start line and writer rendering.
struct StatementLine {
    int line = 0;
    QString text;
};

/// Optional role of a Language: locating a stored statement's lines so that Apply can replace
/// or retract it (docs/spec/rewrite.md §4). Apply's splice, verify, journal, undo and git
/// commit are language-neutral; they ask this role for what only the language knows.
class SentenceEdits
{
public:
    SentenceEdits() = default;
    virtual ~SentenceEdits() = default;
    SentenceEdits(const SentenceEdits &) = delete;
    SentenceEdits &operator=(const SentenceEdits &) = delete;

    /// The statements of `bytes` (the text of the KB file `file`), in file order, each with its
    /// rendering, start line and byte span; an error when the text does not read.
    [[nodiscard]] virtual LocatedFile locate(const QByteArray &bytes, const QString &file) const = 0;
    /// The starts of the lines in `[start, end)` of `bytes` that hold only a comment (outside
    /// any string), a comment ending where the language's reader ends it.
    [[nodiscard]] virtual std::set<qsizetype> commentOnlyLines(const QByteArray &bytes, qsizetype start, qsizetype end) const = 0;
    /// The KB of `dir` with the file `path` (absolute) read as `bytes`: what a replacement is
    /// gated against when the sentences it removes are cut out (rewrite.md §1).
    [[nodiscard]] virtual LoadResult loadWith(const QString &dir, const QString &path, const QByteArray &bytes) const = 0;
    /// How many statements with the identity key `key` `kb` holds in `target` itself (its file
    /// `path`, absolute): Apply's verify checks that an add is stored and a removal is gone.
    [[nodiscard]] virtual int storedCount(const Kb &kb, const std::string &key, const QString &target, const QString &path) const = 0;

    /// The terms of `kb` that the stored statement `statement` (its writer rendering) names, each
    /// once, as seen from `target`, with no place in a document (segment 0): a rewrite's card is
    /// built around them (rewrite.md §2). Words the KB does not know are left out; empty when
    /// the text does not read.
    [[nodiscard]] virtual std::vector<Resolution> termsOf(const Kb &kb, const QString &statement, const QString &target) const = 0;

    /// True if the language checks what a retraction takes away (retractionWarning()); false
    /// where that check has no meaning, so that the window and the CLI can say so.
    [[nodiscard]] virtual bool checksRetractions() const = 0;
    /// The retract-dependents note (rewrite.md §4) when removing `removed` from the file `path`
    /// (read as `bytes`) of `target` takes away what kept statements use; `alsoRemoved` go in
    /// the same Apply. Nullopt when nothing kept depends on them, or checksRetractions() is false.
    [[nodiscard]] virtual std::optional<Problem> retractionWarning(const Kb &kb, const QString &target, const QString &path,
        const QByteArray &bytes, const std::vector<StatementLine> &removed, const std::vector<StatementLine> &alsoRemoved) const = 0;
};

/// `file` without the lines of the `removed` statements (found by line and rendering; their
/// lines only, comments stay): what the KB would hold without them, as `language` reads it.
/// Nullopt when the language has no SentenceEdits role, the file does not read or a statement
/// is not found.
[[nodiscard]] std::optional<QByteArray> withoutStatements(
    const Language &language, const QByteArray &file, const std::vector<StatementLine> &removed);

} // namespace fanva::lang

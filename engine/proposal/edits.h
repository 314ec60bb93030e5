// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/sentenceedits.h"
#include "proposal/proposal.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace fanva::proposal {

using formalize::EntryKind;
using formalize::ExistingSentence;

/// A line of the file that Apply removes (docs/spec/rewrite.md §4): its 1-based number in the
/// file as it was and its text without the line ending.
struct RemovedLine {
    int line = 0;
    QString text;
    friend bool operator==(const RemovedLine &, const RemovedLine &) = default;
};

/// What Apply writes when its entries change existing sentences (docs/spec/rewrite.md §4).
struct Splice {
    QByteArray bytes; ///< the new file
    QStringList sentences; ///< the writer renderings the new file must read as, in order
    QByteArray block; ///< the appended block of the add entries (may be empty)
    std::vector<RemovedLine> removedLines; ///< every line removed, comments included, in file order
    QString error; ///< why the entries do not fit the file (nothing is written then)
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

/// True if one of the entries replaces or retracts.
[[nodiscard]] bool hasEdits(const std::vector<const Entry *> &entries);

/// The existing sentences the entries remove (each once, in line order).
[[nodiscard]] std::vector<ExistingSentence> removedSentences(const std::vector<const Entry *> &entries);

/// "2 added, 1 replaced, 1 retracted" (counts of zero left out; "nothing" when empty).
[[nodiscard]] QString changeSummary(const std::vector<const Entry *> &entries);

/// The provenance comment line of a replace entry (without the newline), always one line.
[[nodiscard]] QString replaceComment(
    const Entry &entry, const QDateTime &appliedAt, const lang::Language &language = lang::defaultLanguage());

/// Splices `entries` into `base`: removed sentences go with their lines (and the Fanva
/// comment line above one, if Fanva wrote it); each replace group is written where its
/// first old sentence stood; add entries are appended as Proposal::renderBlock() renders
/// them. Every other byte stays.
[[nodiscard]] Splice spliceEntries(
    const Proposal &proposal, const QByteArray &base, const std::vector<const Entry *> &entries, const QDateTime &appliedAt);

/// `file` without the lines of the `removed` statements (by line and rendering, their lines
/// only; comments stay): what the KB would hold without them, as `language` reads it. Nullopt
/// when the language cannot locate statements, the file does not read or one is not found.
[[nodiscard]] std::optional<QByteArray> withoutStatements(
    const lang::Language &language, const QByteArray &file, const std::vector<ExistingSentence> &removed);

/// `sentences` as the SentenceEdits role names them.
[[nodiscard]] std::vector<lang::StatementLine> statementLines(const std::vector<ExistingSentence> &sentences);

} // namespace fanva::proposal

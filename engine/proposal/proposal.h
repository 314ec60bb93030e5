// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"
#include "formalize/entry.h"
#include "lang/registry.h"
#include "status.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace fanva::lang {
class Kb;
}

namespace fanva::proposal {

using formalize::Decision;
using formalize::Entry;

/// Gates a list of sentences in order against a KB in any language, filed in `target`, each
/// one also against the earlier ones (kb-language.md §5.5 checkBatch): per sentence, every
/// problem found, blocking problems and notes alike. A sentence that does not read gets the
/// parse gate's problem.
using BatchGate
    = std::function<std::vector<std::vector<check::Problem>>(const lang::Kb &kb, const QString &target, const QStringList &sentences)>;

/// A record of one Apply made from this proposal, as the session file keeps it.
struct ApplyRecord {
    QString journalId;
    QString state; ///< committed | undone | pending
    friend bool operator==(const ApplyRecord &, const ApplyRecord &) = default;
};

/// One row of the proposal's diff view (formalize.md §11).
struct DiffLine {
    enum class Kind { Header, Context, Marker, Comment, Sentence, Removed };
    Kind kind = Kind::Context;
    QString text;
    QString entryId; ///< Comment, Sentence and Removed rows
    bool struck = false; ///< the entry is rejected
    bool firstOfEntry = false; ///< the row the gutter glyphs sit on (first sentence row)
    int fileLine = 0; ///< Context and Removed rows: the target file's line (1-based) the row shows
    friend bool operator==(const DiffLine &, const DiffLine &) = default;
};

/// What a proposal says about the file it appends to, and the entries with their decisions.
/// A value type: the session fills it, the reviewer decides, Apply writes it. The target
/// file is relative to kbDir; baseSha256 is the file's hash when the proposal was made
/// (empty with `absent` when there was no file).
class Proposal
{
public:
    Proposal() = default;

    /// The id of the KB's language (nibli-kr.md §1.2: stored as the session file's kb.language).
    QString language = lang::defaultLanguageId.toString();
    QString kbDir;
    QString context;
    QString targetFile;
    QString baseSha256;
    bool absent = false;
    /// A new context's `genlCx` parents (docs/formalize.md §11.3): while the target file is
    /// absent, Apply creates it starting with newFileHeader(). Empty for an existing context.
    QStringList sees;
    QString documentName;
    /// The segment texts, segment n at index n − 1 (quoted in the provenance comments).
    QStringList segmentTexts;
    /// True when the rules provider drafted the entries (docs/spec/rules.md §4): their
    /// provenance comments say `(rules)`.
    bool draftedByRules = false;
    std::vector<Entry> entries;
    std::vector<ApplyRecord> applies;

    [[nodiscard]] QString targetPath() const;
    /// The language of `language`; the default language when this build lacks it (a session
    /// in another language is refused before it reaches a proposal: lang::sessionLanguageMismatch).
    [[nodiscard]] const lang::Language &kbLanguage() const;
    /// The bytes a new context's file starts with: a `;;` line and one `(genlCx Context Parent)`
    /// per context it sees; empty unless the target is absent and `sees` is not empty.
    [[nodiscard]] QByteArray newFileHeader() const;
    [[nodiscard]] Entry *entry(const QString &id);
    [[nodiscard]] const Entry *entry(const QString &id) const;

    /// Reviewable entries in document order (segment, then id; segmentless last).
    [[nodiscard]] std::vector<const Entry *> documentOrder() const;
    /// The accepted entries that are not already stored, in document order: what Apply writes.
    [[nodiscard]] std::vector<const Entry *> toWrite() const;

    // --- decisions (§9); each returns false and changes nothing when not allowed ----------
    /// Accepts an entry; a refused entry cannot be accepted (force it), a known one is a no-op.
    [[nodiscard]] bool accept(const QString &id);
    [[nodiscard]] bool reject(const QString &id);
    [[nodiscard]] bool setUndecided(const QString &id);
    /// Force-accepts a refused entry past its current blocking problems (recorded by type);
    /// refused when one of them is the reader's (isUnforceable).
    [[nodiscard]] bool force(const QString &id);
    /// Commits an edit: shape E, decision edited, verdict none (stale). `problems` are the
    /// live gates' findings for the edited text.
    [[nodiscard]] bool setEdit(const QString &id, const QString &sentence, const std::vector<check::Problem> &problems);
    /// Selects shape k (1-based) of an entry.
    [[nodiscard]] bool selectShape(const QString &id, int shape);

    /// Ids matching `all` (every entry not ranked refused or known) or a comma list; an error
    /// naming the first id of the list that is no reviewable entry.
    [[nodiscard]] Result<QStringList> resolveIds(const QString &spec) const;

    /// The provenance block Apply appends for `entries`, dated `appliedAt` (UTC), ending
    /// with a newline; empty when there is nothing to write. Every comment is one line.
    [[nodiscard]] QByteArray renderBlock(const std::vector<const Entry *> &entries, const QDateTime &appliedAt) const;
    /// `old` with the block appended after a blank line (a missing final newline added).
    [[nodiscard]] static QByteArray appendBlock(const QByteArray &old, const QByteArray &block);

    /// The diff view: header, the file's last 3 lines as context, then the block of every
    /// reviewable entry that would be written if accepted (rejected ones struck). With
    /// `acceptedOnly` it shows exactly what Apply writes. When replace or retract entries are
    /// shown, the whole file is context instead, each old sentence as Removed rows (`- `) in
    /// place and each replace entry's comment and sentence (`+ `) after its first old one.
    /// With `wholeFile` the whole file is context, even without edits.
    [[nodiscard]] std::vector<DiffLine> diff(
        const QByteArray &currentFile, const QDateTime &appliedAt, bool acceptedOnly = false, bool wholeFile = false) const;

    friend bool operator==(const Proposal &, const Proposal &) = default;
};

/// True for a problem no force may pass: one of `language`'s reader (Language::isReaderProblem:
/// the text is not one sentence of the language, so the KB file would no longer load) and
/// `context-name` (the target names no context, so its file would not load either).
[[nodiscard]] bool isUnforceable(QStringView type, const lang::Language &language = lang::defaultLanguage());

/// `text` as one line: every control character (line breaks included) escaped as \uXXXX.
[[nodiscard]] QString oneLine(const QString &text);

/// `text` clipped to at most `bytes` UTF-8 bytes at a character boundary, with an ellipsis
/// when cut.
[[nodiscard]] QString clipUtf8(const QString &text, qsizetype bytes);

/// The language's rendering of a candidate sentence, or the trimmed text if it does not read.
[[nodiscard]] QString renderSentence(const QString &sentence, const lang::Language &language = lang::defaultLanguage());

/// The provenance comment line of one entry (without the trailing newline), always one
/// line: control characters in the name, quote or markers are escaped (oneLine). It starts
/// with the language's lineComment() and a space.
[[nodiscard]] QString provenanceComment(const Entry &entry, const QString &documentName, const QStringList &segmentTexts,
    bool draftedByRules = false, const lang::Language &language = lang::defaultLanguage());

/// The markers of a provenance comment: " (edited)", " (shape k)", " (forced: …)", or empty.
[[nodiscard]] QString provenanceMarkers(const Entry &entry);

/// SHA-256 of bytes as lower-case hex.
[[nodiscard]] QString sha256Hex(const QByteArray &bytes);
/// SHA-256 of a file's bytes; nullopt if it cannot be read (absent or not a regular file included).
[[nodiscard]] std::optional<QString> fileSha256(const QString &path);

} // namespace fanva::proposal

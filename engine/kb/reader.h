// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/term.h"
#include "lang/diagnostic.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <cstddef>

#include <memory>
#include <optional>
#include <vector>

QT_FORWARD_DECLARE_CLASS(QThreadPool)

namespace fanva::kb {

/// One reader or loader message: FILE:LINE:COL: error|warning: MESSAGE, the language-neutral
/// diagnostic (lang/diagnostic.h). `code` is one of the `codes::` constants below, listed in
/// engine/kb/README.md.
using Diagnostic = lang::Diagnostic;

/// The diagnostic codes, spelled once.
namespace codes {
// The reader (§2).
inline constexpr QLatin1StringView invalidUtf8("invalid-utf8");
inline constexpr QLatin1StringView nulByte("nul-byte");
inline constexpr QLatin1StringView controlCharacter("control-character");
inline constexpr QLatin1StringView nonAscii("non-ascii");
inline constexpr QLatin1StringView unterminatedString("unterminated-string");
inline constexpr QLatin1StringView unclosedList("unclosed-list");
inline constexpr QLatin1StringView unmatchedClose("unmatched-close");
inline constexpr QLatin1StringView mismatchedClose("mismatched-close");
inline constexpr QLatin1StringView tooDeep("too-deep");
inline constexpr QLatin1StringView map("map");
inline constexpr QLatin1StringView badEscape("bad-escape");
inline constexpr QLatin1StringView badUnicodeEscape("bad-unicode-escape");
inline constexpr QLatin1StringView loneSurrogate("lone-surrogate");
inline constexpr QLatin1StringView nulEscape("nul-escape");
inline constexpr QLatin1StringView keyword("keyword");
inline constexpr QLatin1StringView hashForm("hash-form");
inline constexpr QLatin1StringView characterLiteral("character-literal");
inline constexpr QLatin1StringView readerMacro("reader-macro");
inline constexpr QLatin1StringView symbolCharacter("symbol-character");
inline constexpr QLatin1StringView malformedSymbol("malformed-symbol");
inline constexpr QLatin1StringView loneQuestionMark("lone-question-mark");
inline constexpr QLatin1StringView malformedVariable("malformed-variable");
inline constexpr QLatin1StringView nameStartsWithDigit("name-starts-with-digit");
inline constexpr QLatin1StringView malformedNumber("malformed-number");
inline constexpr QLatin1StringView integerOverflow("integer-overflow");
inline constexpr QLatin1StringView tooManyErrors("too-many-errors");
inline constexpr QLatin1StringView loneCr("lone-cr"); // a warning
inline constexpr QLatin1StringView notOneSentence("not-one-sentence"); // parseSentence
// Files (kbFileSizeError, the loader, §1).
inline constexpr QLatin1StringView fileTooLarge("file-too-large");
inline constexpr QLatin1StringView unreadableFile("unreadable-file");
inline constexpr QLatin1StringView unreadableDirectory("unreadable-directory"); // the root: an error; below it: a warning
inline constexpr QLatin1StringView symlinkSkipped("symlink-skipped"); // a warning
inline constexpr QLatin1StringView fileName("file-name");
inline constexpr QLatin1StringView duplicateContext("duplicate-context");
inline constexpr QLatin1StringView notAList("not-a-list");
inline constexpr QLatin1StringView topLevelIst("top-level-ist");
inline constexpr QLatin1StringView tooManyContexts("too-many-contexts");
inline constexpr QLatin1StringView duplicate("duplicate"); // a warning
} // namespace codes

/// One file as read by the reader: its raw bytes (spans index into them), the arena of its
/// terms, its top-level forms in file order and every error found (§2's recovery). When
/// there are errors, `sentences` holds the forms read cleanly.
struct Document {
    QString file;
    QByteArray text;
    std::shared_ptr<const TermArena> arena;
    std::vector<Term> sentences;
    std::vector<Diagnostic> diagnostics;

    [[nodiscard]] bool hasErrors() const;
};

/// The largest KB file the loader, `parse` and `fmt` read (§1).
inline constexpr qint64 maxFileSize = qint64(64) * 1024 * 1024;

/// A KB file's bytes as read from disk, or the error that kept them from being read:
/// unreadable-file, or file-too-large above maxFileSize (checked on the bytes read too, so
/// a file that grows meanwhile, or a device, cannot get past it). Both name the file.
struct FileText {
    QByteArray text;
    std::optional<Diagnostic> error;
};

/// Reads a KB file within maxFileSize.
[[nodiscard]] FileText readKbFile(const QString &path);
/// The file-too-large error for `path`.
[[nodiscard]] Diagnostic fileTooLargeDiagnostic(const QString &path);

/// Reads KB text (§2). `file` only names the source in diagnostics. Never throws, never
/// recurses past maxDepth; stops after 100 errors (the 101st is "too many errors").
[[nodiscard]] Document parseDocument(const QByteArray &text, const QString &file = {});

/// How parseDocument may read one large text on several threads.
struct ParallelReading {
    int threads = 1;
    /// A piece is at least this long: a smaller text is read in one pass.
    std::size_t minPieceBytes = std::size_t(4) << 20;
    /// The pool the pieces run on (the global one when null).
    QThreadPool *pool = nullptr;
    /// When set, receives how many pieces the text was read in (1: in one pass).
    int *piecesRead = nullptr;
};

/// The same Document as parseDocument(text, file), read in pieces on up to
/// `parallel.threads` threads when the text is large. The text is cut where a line starts
/// with '('; when any piece reports anything (an error, a warning, or a form or string left
/// open at its end, which is how a cut inside a multi-line string shows), the text is read
/// again in one pass, so messages and recovery are always that pass's. Call it from a thread
/// outside `parallel.pool`.
[[nodiscard]] Document parseDocument(const QByteArray &text, const QString &file, const ParallelReading &parallel);

/// The outcome of reading one candidate: the sentence when the text holds exactly one
/// form and reads without error, else the diagnostics (reader errors, or "expected one
/// sentence, found N").
struct SentenceParse {
    std::optional<OwnedTerm> sentence;
    std::vector<Diagnostic> diagnostics;
    /// Number of top-level forms read (for the shape gate's message).
    int formCount = 0;
};

/// Reads exactly one form from `text` (the gates' parse step).
[[nodiscard]] SentenceParse parseSentence(QByteArrayView text, const QString &file = {});
[[nodiscard]] SentenceParse parseSentence(const QString &text, const QString &file = {});

} // namespace fanva::kb

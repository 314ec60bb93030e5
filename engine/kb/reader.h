// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/term.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace fanva::kb {

/// One reader or loader message: FILE:LINE:COL: error|warning: MESSAGE. Lines and columns
/// are 1-based (columns in code points); byteOffset is into the raw file.
struct Diagnostic {
    enum class Severity : std::uint8_t { Error, Warning };

    QString file;
    int line = 0;
    int column = 0;
    qint64 byteOffset = 0;
    QString message;
    Severity severity = Severity::Error;

    [[nodiscard]] bool isError() const { return severity == Severity::Error; }
    /// "FILE:LINE:COL: error: MESSAGE" (or "warning:"); the position is left out when line is 0.
    [[nodiscard]] QString toString() const;

    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

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

/// Reads KB text (§2). `file` only names the source in diagnostics. Never throws, never
/// recurses past maxDepth; stops after 100 errors (the 101st is "too many errors").
[[nodiscard]] Document parseDocument(const QByteArray &text, const QString &file = {});

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

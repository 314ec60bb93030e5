// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/span.h"

#include <QString>

#include <memory>

namespace fanva::lang {

class Language;

/// What one language keeps of a statement it read (its AST, a term and its arena…). Each
/// language derives its own; nothing outside that language looks inside.
class StatementData
{
public:
    StatementData() = default;
    virtual ~StatementData() = default;
    StatementData(const StatementData &) = delete;
    StatementData &operator=(const StatementData &) = delete;
};

/// One statement as a language read it: the language-neutral fields every caller may use
/// (its text, its byte span `[begin, end)` in the text it was read from with `begin`'s
/// line:col) and the reading language's opaque payload. Cheap to copy (the payload is
/// shared and immutable). Only the language that made a statement may be given it back.
struct Statement {
    /// The statement's own bytes (the span's slice of the text it was read from).
    QString text;
    Span span;
    std::shared_ptr<const StatementData> data;
    /// The language that read it (null when a language's own library read it below the seam,
    /// e.g. fanva-kb's check::runGates: such a statement goes back to that library only).
    const Language *language = nullptr;

    [[nodiscard]] bool isNull() const { return data == nullptr; }
};

} // namespace fanva::lang

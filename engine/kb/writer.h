// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/term.h"

#include <QByteArray>
#include <QString>

#include <string>
#include <string_view>

namespace fanva::kb {

struct Document;

/// The writer of §7. render() keeps the structure (wrappers, and, order, variable names)
/// and normalizes layout, number text and escapes; a list stays flat when it ends by
/// column 80, exceptWhen always breaks. The text starts at column 1 and has no trailing
/// newline.
[[nodiscard]] QString render(Term term);
[[nodiscard]] std::string renderUtf8(Term term);

/// The term on one line, single spaces (messages print {S} and {lit} this way).
[[nodiscard]] QString renderFlat(Term term);
[[nodiscard]] std::string renderFlatUtf8(Term term);
/// renderFlatUtf8() of a term read from `source` (a Document's text): symbols are copied
/// from the text by their spans, which is faster on a large KB than the symbol table.
[[nodiscard]] std::string renderFlatUtf8(Term term, std::string_view source);

/// render() of the canonical term (canonicalize()).
[[nodiscard]] QString renderCanonical(Term sentence, const SymbolSet &symmetric = {});

/// The document's text with every sentence re-rendered in place (fmt): comments, blank
/// lines and sentence order kept; a sentence sharing a line with the one before it moves
/// to its own line; trailing spaces dropped; one final newline. The document must have
/// no errors.
[[nodiscard]] QByteArray formatDocument(const Document &document);

} // namespace fanva::kb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/nibli/ast.h"

#include <string>
#include <string_view>
#include <vector>

namespace fanva::lang::nibli {

/// A positioned problem: a reader diagnostic (§2), or a check's problem (§3, §4) whose
/// line:col is filled when the statement's text is known. `id` is the stable kebab-case id
/// of nibli-kr.md §7; `offset` is a byte offset into the text read.
struct Diagnostic {
    std::string id;
    uint32_t offset = 0;
    int line = 0;
    int column = 0;
    std::string message;
    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

/// What `read` returns: the statements that read, in text order, and one diagnostic per
/// statement that did not (its first error), in text order.
struct ReadResult {
    std::vector<Statement> statements;
    std::vector<Diagnostic> diagnostics;
};

/// Reads UTF-8 nibli KR text (§2): tokens, grammar, shape rules, recovery. Pure.
[[nodiscard]] ReadResult read(std::string_view text);

/// The 35 reserved words of nibli KR, sorted bytewise (reserved.txt).
[[nodiscard]] const std::vector<std::string_view> &reservedWords();

/// Maps byte offsets of one text to 1-based line:col (columns count code points; a leading
/// BOM is not counted).
class LineIndex final
{
public:
    explicit LineIndex(std::string_view text);
    [[nodiscard]] std::pair<int, int> position(uint32_t offset) const;

private:
    std::string_view m_text;
    std::vector<uint32_t> m_lineStarts;
};

} // namespace fanva::lang::nibli

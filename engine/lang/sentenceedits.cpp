// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/sentenceedits.h"

#include <algorithm>
#include <utility>

namespace fanva::lang {

std::optional<QByteArray> withoutStatements(const Language &language, const QByteArray &file, const std::vector<StatementLine> &removed)
{
    const SentenceEdits *edits = language.edits();
    if (!edits)
        return std::nullopt;
    const LocatedFile located = edits->locate(file, {});
    if (!located.ok())
        return std::nullopt;
    std::vector<std::pair<qsizetype, qsizetype>> cuts;
    for (const StatementLine &r : removed) {
        const auto it = std::find_if(located.statements.begin(), located.statements.end(),
            [&](const LocatedStatement &s) { return s.line == r.line && s.rendering == r.text; });
        if (it == located.statements.end())
            return std::nullopt;
        const qsizetype lineStart = it->begin <= 0 ? 0 : file.lastIndexOf('\n', it->begin - 1) + 1;
        const qsizetype newline = file.indexOf('\n', it->end);
        cuts.emplace_back(lineStart, newline < 0 ? file.size() : newline + 1);
    }
    // Statements sharing a line share its cut: remove each byte once.
    std::sort(cuts.begin(), cuts.end());
    QByteArray out;
    qsizetype at = 0;
    for (const auto &[start, end] : cuts) {
        if (start > at)
            out += file.mid(at, start - at);
        at = std::max(at, end);
    }
    out += file.mid(at);
    return out;
}

} // namespace fanva::lang

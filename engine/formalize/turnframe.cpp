// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/turnframe.h"

#include <set>

namespace fanva::formalize {

using nlohmann::json;

json structuredTurn(const QString &language, const QString &context, const QByteArray &document, const std::vector<Segment> &segments,
    const std::vector<int> &focus, json vocabulary)
{
    json segs = json::array();
    const std::set<int> wanted(focus.begin(), focus.end());
    for (const Segment &s : segments) {
        if (!wanted.empty() && !wanted.contains(s.number))
            continue;
        const QByteArray text = document.mid(s.start, s.length());
        segs.push_back({ { "number", s.number }, { "text", text.toStdString() },
            { "kind",
                s.kind == Segment::Kind::Heading    ? "heading"
                    : s.kind == Segment::Kind::Item ? "item"
                                                    : "prose" } });
    }
    return json { { "format", "fanva-rules-turn/1" }, { "language", language.toStdString() }, { "context", context.toStdString() },
        { "segments", std::move(segs) }, { "vocabulary", std::move(vocabulary) } };
}

} // namespace fanva::formalize

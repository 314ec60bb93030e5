// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/barecandidates.h"

#include <QRegularExpression>
#include <QStringList>

#include <optional>

namespace fanva::lang::fanvakb {

std::vector<ReplyCandidate> bareSExpressions(const QString &text)
{
    std::vector<ReplyCandidate> out;
    static const QRegularExpression marker(QStringLiteral("^\\[(\\d+)\\]\\s*"));
    static const QRegularExpression trailing(QStringLiteral("^\\s*;+\\s*(?:sentence\\s+)?\\[?(\\d+)\\]?\\s*$"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    std::optional<int> lastMarker;
    for (qsizetype li = 0; li < lines.size(); ++li) {
        QString line = lines[li].trimmed();
        if (const QRegularExpressionMatch m = marker.match(line); m.hasMatch()) {
            lastMarker = m.captured(1).toInt();
            line = line.mid(m.capturedLength());
        }
        if (!line.startsWith(QLatin1Char('(')))
            continue;
        // Collect one form: scan characters until the parens balance.
        QString form;
        int depth = 0;
        bool inString = false;
        bool done = false;
        QString rest;
        for (qsizetype lj = li; lj < lines.size() && !done; ++lj) {
            const QString current = lj == li ? line : lines[lj];
            for (qsizetype i = 0; i < current.size(); ++i) {
                const QChar c = current[i];
                if (inString) {
                    form += c;
                    if (c == QLatin1Char('\\') && i + 1 < current.size())
                        form += current[++i];
                    else if (c == QLatin1Char('"'))
                        inString = false;
                    continue;
                }
                if (c == QLatin1Char(';'))
                    break;
                form += c;
                if (c == QLatin1Char('"'))
                    inString = true;
                else if (c == QLatin1Char('(') || c == QLatin1Char('['))
                    ++depth;
                else if ((c == QLatin1Char(')') || c == QLatin1Char(']')) && --depth == 0) {
                    rest = current.mid(i + 1);
                    done = true;
                    li = lj;
                    break;
                }
            }
            if (!done)
                form += QLatin1Char('\n');
        }
        if (!done)
            return out; // an unbalanced form runs to the end: nothing more to read
        ReplyCandidate candidate;
        candidate.sentence = form.trimmed();
        candidate.segment = lastMarker;
        if (const QRegularExpressionMatch m = trailing.match(rest); m.hasMatch())
            candidate.segment = m.captured(1).toInt();
        out.push_back(std::move(candidate));
    }
    return out;
}

} // namespace fanva::lang::fanvakb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "editor/squiggles.h"

#include <QPlainTextEdit>

std::vector<PlacedProblem> Squiggles::place(const QString &text, const std::vector<fanva::lang::Problem> &problems)
{
    std::vector<PlacedProblem> out;
    qsizetype lead = 0;
    while (lead < text.size() && text[lead].isSpace())
        ++lead;
    const QString sentence = text.trimmed();
    const QByteArray utf8 = sentence.toUtf8();
    const auto position
        = [&](std::uint32_t byte) { return int(lead + QString::fromUtf8(utf8.left(qMin(qsizetype(byte), utf8.size()))).size()); };
    for (const fanva::lang::Problem &p : problems) {
        if (!p.span || sentence.isEmpty())
            continue;
        int start = position(p.span->begin);
        int end = position(qMax(p.span->end, p.span->begin));
        if (end <= start) {
            // A point (a reader error): the character there, or the last one at the end.
            if (start >= lead + sentence.size())
                start = int(lead + sentence.size()) - 1;
            end = start + 1;
        }
        out.push_back({ start, end, p });
    }
    return out;
}

QList<QTextEdit::ExtraSelection> Squiggles::selections(QPlainTextEdit *editor, const std::vector<PlacedProblem> &placed)
{
    QList<QTextEdit::ExtraSelection> out;
    const int length = editor->document()->characterCount() - 1;
    for (const PlacedProblem &p : placed) {
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(editor->document());
        selection.cursor.setPosition(qBound(0, p.start, length));
        selection.cursor.setPosition(qBound(0, p.end, length), QTextCursor::KeepAnchor);
        selection.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        selection.format.setUnderlineColor(
            fanva::lang::isBlocking(p.problem.type) ? QColor(Qt::red) : editor->palette().color(QPalette::Link));
        selection.format.setToolTip(p.problem.message);
        out.append(selection);
    }
    return out;
}

QString Squiggles::messagesAt(const std::vector<PlacedProblem> &placed, int position)
{
    QStringList messages;
    for (const PlacedProblem &p : placed) {
        if (position >= p.start && position < p.end)
            messages.append(QStringLiteral("%1 — %2").arg(p.problem.type, p.problem.message));
    }
    return messages.join(u'\n');
}

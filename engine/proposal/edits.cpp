// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/edits.h"

#include "kb/reader.h"
#include "kb/writer.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <set>

namespace fanva::proposal {

namespace {

constexpr qsizetype s_oldTextBytes = 120;

qsizetype lineStartOf(const QByteArray &bytes, qsizetype at)
{
    return at <= 0 ? 0 : bytes.lastIndexOf('\n', at - 1) + 1;
}

qsizetype lineEndOf(const QByteArray &bytes, qsizetype at)
{
    const qsizetype end = bytes.indexOf('\n', at);
    return end < 0 ? bytes.size() : end + 1;
}

/// True if `base` ends its lines with CRLF (its first line ending decides).
bool usesCrlf(const QByteArray &base)
{
    const qsizetype newline = base.indexOf('\n');
    return newline > 0 && base.at(newline - 1) == '\r';
}

/// `text` (LF line endings) with the file's line ending.
QByteArray withLineEnding(QByteArray text, bool crlf)
{
    if (crlf)
        text.replace("\n", "\r\n");
    return text;
}

/// True if `line` (trimmed) is a comment in exactly the shape Fanva writes above a sentence it
/// replaced: ";; fanva 2026-12-01T21:40Z replaces line 4 "…"".
bool isReplaceComment(const QByteArray &line)
{
    static const QRegularExpression shape(QStringLiteral(R"(^;; fanva \d{4}-\d\d-\d\dT\d\d:\d\dZ replaces line \d+ ")"));
    return shape.match(QString::fromUtf8(line)).hasMatch();
}

/// True if `line` (trimmed) has the shape of a provenance comment in a Fanva block: ";; doc.md [3] …"
/// or ";; written by the author …".
bool isProvenanceComment(const QByteArray &line)
{
    static const QRegularExpression shape(QStringLiteral(R"(^;; (written by the author|.* \[(\d+|\?)\])( |,|$))"));
    return shape.match(QString::fromUtf8(line)).hasMatch();
}

/// True if the comment line [start, end) is one Fanva wrote for the sentence below it: a
/// replace comment, or a provenance comment inside a `;; ---- fanva` block. A user's own
/// comment that merely starts like one stays.
bool isFanvaComment(const QByteArray &bytes, qsizetype start, qsizetype end)
{
    const QByteArray line = bytes.mid(start, end - start).trimmed();
    if (isReplaceComment(line))
        return true;
    if (!isProvenanceComment(line))
        return false;
    qsizetype at = start;
    while (at > 0) {
        const qsizetype previous = lineStartOf(bytes, at - 1);
        const QByteArray above = bytes.mid(previous, at - previous).trimmed();
        if (above.startsWith(";; ---- "))
            return above.startsWith(";; ---- fanva ");
        at = previous;
    }
    return false;
}

/// The lines of [start, end) that hold only a comment (outside any string), as offsets of their
/// starts. A comment ends as the reader ends it: at LF, or at a CR without an LF after it.
std::set<qsizetype> commentOnlyLines(const QByteArray &bytes, qsizetype start, qsizetype end)
{
    std::set<qsizetype> out;
    bool inString = false;
    bool hasCode = false;
    bool hasComment = false;
    qsizetype lineStart = start;
    const auto endLine = [&](qsizetype next) {
        if (hasComment && !hasCode)
            out.insert(lineStart);
        lineStart = next;
        hasCode = hasComment = false;
    };
    for (qsizetype i = start; i < end; ++i) {
        const char c = bytes.at(i);
        if (c == '\n') {
            endLine(i + 1);
        } else if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == ';') {
            hasComment = true;
            while (i + 1 < end && bytes.at(i + 1) != '\n' && !(bytes.at(i + 1) == '\r' && (i + 2 >= end || bytes.at(i + 2) != '\n')))
                ++i;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            hasCode = true;
            inString = c == '"';
        }
    }
    if (lineStart < end)
        endLine(end);
    return out;
}

/// The byte range a group of removed sentences takes: whole lines (sentences sharing a line
/// go together), and Fanva's comment above the first.
struct Cut {
    qsizetype start = 0;
    qsizetype end = 0;
    std::vector<std::size_t> sentences; ///< document indexes, in order
    qsizetype sentencesStart = 0; ///< start of the first sentence's line (start is above it with Fanva's comment)
};

/// Groups the removed sentences into cuts; an error names a sentence that shares a line with
/// one that stays.
std::vector<Cut> cutsFor(
    const QByteArray &base, const std::vector<kb::Term> &sentences, const std::set<std::size_t> &removed, QString *error)
{
    // A byte order mark stays: the first line is cut after it.
    const qsizetype firstLine = base.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    std::vector<Cut> cuts;
    for (const std::size_t i : removed) {
        const kb::Span span = sentences[i].span();
        const qsizetype start = std::max(firstLine, lineStartOf(base, span.begin));
        const qsizetype end = lineEndOf(base, span.end);
        if (!cuts.empty() && start < cuts.back().end) {
            cuts.back().end = std::max(cuts.back().end, end);
            cuts.back().sentences.push_back(i);
        } else {
            cuts.push_back({ start, end, { i }, start });
        }
    }
    for (Cut &cut : cuts) {
        const std::size_t first = cut.sentences.front();
        const std::size_t last = cut.sentences.back();
        for (std::size_t j = first > 0 ? first - 1 : 0; j <= last + 1 && j < sentences.size(); ++j) {
            if (removed.contains(j) || qsizetype(sentences[j].span().begin) >= cut.end || qsizetype(sentences[j].span().end) <= cut.start)
                continue;
            const kb::Term named = sentences[j < first ? first : last];
            *error = QStringLiteral("%1 shares its line with another sentence on line %2; run fanva-cli fmt first.")
                         .arg(kb::render(named).simplified())
                         .arg(named.span().line);
            return {};
        }
        if (cut.start > firstLine) {
            const qsizetype above = std::max(firstLine, lineStartOf(base, cut.start - 1));
            const bool ownsAbove = first == 0 || qsizetype(sentences[first - 1].span().end) <= above;
            if (ownsAbove && isFanvaComment(base, above, cut.start))
                cut.start = above;
        }
    }
    return cuts;
}

/// `base` with each cut replaced by its comment-only lines (kept, in place) and the replace
/// entries placed at its sentences, in the file's line ending; every removed line goes to `removedLines`.
QByteArray writeCuts(const QByteArray &base, const std::vector<Cut> &cuts,
    const std::map<std::size_t, std::vector<const Entry *>> &placedAt, const QDateTime &appliedAt, std::vector<RemovedLine> *removedLines)
{
    const bool crlf = usesCrlf(base);
    QByteArray bytes;
    qsizetype at = 0;
    int line = 1;
    for (const Cut &cut : cuts) {
        bytes += base.mid(at, cut.start - at);
        line += int(base.mid(at, cut.start - at).count('\n'));
        const std::set<qsizetype> kept = commentOnlyLines(base, cut.sentencesStart, cut.end);
        for (qsizetype lineStart = cut.start; lineStart < cut.end; ++line) {
            const qsizetype lineEnd = lineEndOf(base, lineStart);
            if (kept.contains(lineStart)) {
                bytes += base.mid(lineStart, lineEnd - lineStart);
            } else {
                QByteArray text = base.mid(lineStart, lineEnd - lineStart);
                if (text.endsWith('\n'))
                    text.chop(text.endsWith("\r\n") ? 2 : 1);
                // fromUtf8 drops a leading byte order mark; the line held one.
                QString shown = QString::fromUtf8(text);
                if (text.startsWith("\xEF\xBB\xBF") && !shown.startsWith(QChar(0xFEFF)))
                    shown.prepend(QChar(0xFEFF));
                removedLines->push_back({ line, shown });
            }
            lineStart = lineEnd;
        }
        for (const std::size_t i : cut.sentences) {
            const auto it = placedAt.find(i);
            if (it == placedAt.end())
                continue;
            for (const Entry *e : it->second) {
                const QString text = replaceComment(*e, appliedAt) + QLatin1Char('\n') + renderSentence(e->sentence()) + QLatin1Char('\n');
                bytes += withLineEnding(text.toUtf8(), crlf);
            }
        }
        at = cut.end;
    }
    bytes += base.mid(at);
    return bytes;
}

} // namespace

bool hasEdits(const std::vector<const Entry *> &entries)
{
    return std::any_of(entries.begin(), entries.end(), [](const Entry *e) { return e->kind != EntryKind::Add; });
}

std::vector<ExistingSentence> removedSentences(const std::vector<const Entry *> &entries)
{
    std::map<std::pair<int, QString>, ExistingSentence> byLine;
    for (const Entry *e : entries) {
        if (e->kind == EntryKind::Add)
            continue;
        for (const ExistingSentence &s : e->replaces)
            byLine.emplace(std::make_pair(s.line, s.text), s);
    }
    std::vector<ExistingSentence> out;
    for (const auto &[key, s] : byLine)
        out.push_back(s);
    return out;
}

QString changeSummary(const std::vector<const Entry *> &entries)
{
    const auto count
        = [&](EntryKind kind) { return std::count_if(entries.begin(), entries.end(), [kind](const Entry *e) { return e->kind == kind; }); };
    QStringList parts;
    if (const auto n = count(EntryKind::Add))
        parts.append(QStringLiteral("%1 added").arg(n));
    if (const auto n = count(EntryKind::Replace))
        parts.append(QStringLiteral("%1 replaced").arg(n));
    if (const auto n = count(EntryKind::Retract))
        parts.append(QStringLiteral("%1 retracted").arg(n));
    return parts.isEmpty() ? QStringLiteral("nothing") : parts.join(QStringLiteral(", "));
}

QString replaceComment(const Entry &entry, const QDateTime &appliedAt)
{
    QStringList old;
    for (const ExistingSentence &s : entry.replaces)
        old.append(QStringLiteral("line %1 \"%2\"").arg(s.line).arg(clipUtf8(s.text.simplified(), s_oldTextBytes)));
    return oneLine(QStringLiteral(";; fanva %1 replaces %2%3")
                       .arg(appliedAt.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm")) + QLatin1Char('Z'),
                           old.join(QStringLiteral(", ")), provenanceMarkers(entry)));
}

Splice spliceEntries(
    const Proposal &proposal, const QByteArray &base, const std::vector<const Entry *> &entries, const QDateTime &appliedAt)
{
    Splice out;
    const kb::Document document = kb::parseDocument(base);
    if (document.hasErrors()) {
        out.error = QStringLiteral("%1 does not read, so no sentence of it can be replaced.").arg(proposal.targetFile);
        return out;
    }
    const std::vector<kb::Term> &sentences = document.sentences;
    // The document index of each removed sentence, found by line and rendering.
    std::map<std::pair<int, QString>, std::size_t> indexOf;
    for (std::size_t i = 0; i < sentences.size(); ++i)
        indexOf.emplace(std::make_pair(int(sentences[i].span().line), kb::render(sentences[i])), i);
    std::set<std::size_t> removed;
    std::map<std::size_t, std::vector<const Entry *>> placedAt; // anchor sentence → replace entries, in order
    std::vector<const Entry *> adds;
    for (const Entry *e : entries) {
        if (e->kind == EntryKind::Add) {
            adds.push_back(e);
            continue;
        }
        std::optional<std::size_t> anchor;
        for (const ExistingSentence &s : e->replaces) {
            const auto it = indexOf.find({ s.line, s.text });
            if (it == indexOf.end()) {
                out.error = QStringLiteral("%1 no longer holds %2 on line %3.").arg(proposal.targetFile, s.text.simplified()).arg(s.line);
                return out;
            }
            removed.insert(it->second);
            anchor = anchor ? std::min(*anchor, it->second) : it->second;
        }
        if (!anchor) {
            out.error = QStringLiteral("Entry %1 names no sentence to %2.").arg(e->id, formalize::entryKindName(e->kind));
            return out;
        }
        if (e->kind == EntryKind::Replace)
            placedAt[*anchor].push_back(e);
    }

    QString error;
    const std::vector<Cut> cuts = cutsFor(base, sentences, removed, &error);
    if (!error.isEmpty()) {
        out.error = error;
        return out;
    }
    out.bytes = writeCuts(base, cuts, placedAt, appliedAt, &out.removedLines);
    for (std::size_t i = 0; i < sentences.size(); ++i) {
        if (!removed.contains(i)) {
            out.sentences.append(kb::render(sentences[i]));
            continue;
        }
        if (const auto it = placedAt.find(i); it != placedAt.end()) {
            for (const Entry *e : it->second)
                out.sentences.append(renderSentence(e->sentence()));
        }
    }
    out.block = proposal.renderBlock(adds, appliedAt);
    out.bytes = Proposal::appendBlock(out.bytes, out.block);
    for (const Entry *e : adds)
        out.sentences.append(renderSentence(e->sentence()));
    return out;
}

} // namespace fanva::proposal

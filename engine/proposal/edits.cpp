// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/edits.h"

#include "lang/sentenceedits.h"
#include "status.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <optional>
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

/// What the splice asks of the KB's language: its line comment, its rendering and its SentenceEdits role.
struct SpliceLanguage {
    const lang::Language &language;
    const lang::SentenceEdits &edits;
    QString comment; ///< the line comment's prefix (";;", "#")
};

/// `line` after its leading comment marker and one space, or nullopt when it does not start so.
std::optional<QString> commentBody(const QByteArray &line, const QString &comment)
{
    const QString text = QString::fromUtf8(line);
    const QString prefix = comment + QLatin1Char(' ');
    if (!text.startsWith(prefix))
        return std::nullopt;
    return text.mid(prefix.size());
}

/// True if `line` (trimmed) is a comment in exactly the shape Fanva writes above a sentence it
/// replaced: ";; fanva 2026-12-01T21:40Z replaces line 4 "…"".
bool isReplaceComment(const QByteArray &line, const QString &comment)
{
    static const QRegularExpression shape(QStringLiteral("^fanva \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\dZ replaces line \\d+ \""));
    const std::optional<QString> body = commentBody(line, comment);
    return body && shape.match(*body).hasMatch();
}

/// True if `line` (trimmed) has the shape of a provenance comment in a Fanva block: ";; doc.md [3] …"
/// or ";; written by the author …".
bool isProvenanceComment(const QByteArray &line, const QString &comment)
{
    static const QRegularExpression shape(QStringLiteral("^(written by the author|.* \\[(\\d+|\\?)\\])( |,|$)"));
    const std::optional<QString> body = commentBody(line, comment);
    return body && shape.match(*body).hasMatch();
}

/// True if the comment line [start, end) is one Fanva wrote for the sentence below it: a
/// replace comment, or a provenance comment inside a `;; ---- fanva` block. A user's own
/// comment that merely starts like one stays.
bool isFanvaComment(const QByteArray &bytes, qsizetype start, qsizetype end, const QString &comment)
{
    const QByteArray line = bytes.mid(start, end - start).trimmed();
    if (isReplaceComment(line, comment))
        return true;
    if (!isProvenanceComment(line, comment))
        return false;
    const QByteArray marker = comment.toUtf8() + " ---- ";
    qsizetype at = start;
    while (at > 0) {
        const qsizetype previous = lineStartOf(bytes, at - 1);
        const QByteArray above = bytes.mid(previous, at - previous).trimmed();
        if (above.startsWith(marker))
            return above.startsWith(QByteArray(marker.chopped(1) + " fanva "));
        at = previous;
    }
    return false;
}

/// The byte range a group of removed sentences takes: whole lines (sentences sharing a line
/// go together), and Fanva's comment above the first.
struct Cut {
    qsizetype start = 0;
    qsizetype end = 0;
    std::vector<std::size_t> sentences; ///< document indexes, in order
    qsizetype sentencesStart = 0; ///< start of the first sentence's line (start is above it with Fanva's comment)
};

/// The error when a cut's sentences share a line with a sentence that stays, else empty.
QString sharedLineError(const Cut &cut, const std::vector<lang::LocatedStatement> &sentences, const std::set<std::size_t> &removed)
{
    const std::size_t first = cut.sentences.front();
    const std::size_t last = cut.sentences.back();
    for (std::size_t j = first > 0 ? first - 1 : 0; j <= last + 1 && j < sentences.size(); ++j) {
        if (removed.contains(j) || sentences[j].begin >= cut.end || sentences[j].end <= cut.start)
            continue;
        const lang::LocatedStatement &named = sentences[j < first ? first : last];
        return QStringLiteral("%1 shares its line with another sentence on line %2; run fanva-cli fmt first.")
            .arg(named.rendering.simplified())
            .arg(named.line);
    }
    return {};
}

/// Groups the removed sentences into cuts; an error names a sentence that shares a line with
/// one that stays.
Result<std::vector<Cut>> cutsFor(const QByteArray &base, const std::vector<lang::LocatedStatement> &sentences,
    const std::set<std::size_t> &removed, const QString &comment)
{
    // A byte order mark stays: the first line is cut after it.
    const qsizetype firstLine = base.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    std::vector<Cut> cuts;
    for (const std::size_t i : removed) {
        const qsizetype start = std::max(firstLine, lineStartOf(base, sentences[i].begin));
        const qsizetype end = lineEndOf(base, sentences[i].end);
        if (!cuts.empty() && start < cuts.back().end) {
            cuts.back().end = std::max(cuts.back().end, end);
            cuts.back().sentences.push_back(i);
        } else {
            cuts.push_back({ start, end, { i }, start });
        }
    }
    for (Cut &cut : cuts) {
        if (QString shared = sharedLineError(cut, sentences, removed); !shared.isEmpty())
            return Error { std::move(shared) };
        const std::size_t first = cut.sentences.front();
        if (cut.start > firstLine) {
            const qsizetype above = std::max(firstLine, lineStartOf(base, cut.start - 1));
            const bool ownsAbove = first == 0 || sentences[first - 1].end <= above;
            if (ownsAbove && isFanvaComment(base, above, cut.start, comment))
                cut.start = above;
        }
    }
    return cuts;
}

/// The removed line [lineStart, lineEnd) of `base` as RemovedLine shows it.
QString shownLine(const QByteArray &base, qsizetype lineStart, qsizetype lineEnd)
{
    QByteArray text = base.mid(lineStart, lineEnd - lineStart);
    if (text.endsWith('\n'))
        text.chop(text.endsWith("\r\n") ? 2 : 1);
    // fromUtf8 drops a leading byte order mark; the line held one.
    QString shown = QString::fromUtf8(text);
    if (text.startsWith("\xEF\xBB\xBF") && !shown.startsWith(QChar(0xFEFF)))
        shown.prepend(QChar(0xFEFF));
    return shown;
}

/// `base` with each cut replaced by its comment-only lines (kept, in place) and the replace
/// entries placed at its sentences, in the file's line ending; every removed line goes to `removedLines`.
QByteArray writeCuts(const QByteArray &base, const std::vector<Cut> &cuts,
    const std::map<std::size_t, std::vector<const Entry *>> &placedAt, const QDateTime &appliedAt, const SpliceLanguage &lang,
    std::vector<RemovedLine> *removedLines)
{
    const bool crlf = usesCrlf(base);
    QByteArray bytes;
    qsizetype at = 0;
    int line = 1;
    for (const Cut &cut : cuts) {
        bytes += base.mid(at, cut.start - at);
        line += int(base.mid(at, cut.start - at).count('\n'));
        const std::set<qsizetype> kept = lang.edits.commentOnlyLines(base, cut.sentencesStart, cut.end);
        for (qsizetype lineStart = cut.start; lineStart < cut.end; ++line) {
            const qsizetype lineEnd = lineEndOf(base, lineStart);
            if (kept.contains(lineStart))
                bytes += base.mid(lineStart, lineEnd - lineStart);
            else
                removedLines->push_back({ line, shownLine(base, lineStart, lineEnd) });
            lineStart = lineEnd;
        }
        for (const std::size_t i : cut.sentences) {
            const auto it = placedAt.find(i);
            if (it == placedAt.end())
                continue;
            for (const Entry *e : it->second) {
                const QString text = replaceComment(*e, appliedAt, lang.language) + QLatin1Char('\n')
                    + renderSentence(e->sentence(), lang.language) + QLatin1Char('\n');
                bytes += withLineEnding(text.toUtf8(), crlf);
            }
        }
        at = cut.end;
    }
    bytes += base.mid(at);
    return bytes;
}

/// Where the edit entries go: the located sentences they remove, each replace entry at its
/// first old sentence, and the add entries.
struct Placement {
    std::set<std::size_t> removed;
    std::map<std::size_t, std::vector<const Entry *>> placedAt; ///< anchor sentence → replace entries, in order
    std::vector<const Entry *> adds;
    QString error;
};

Placement placeEntries(
    const QString &targetFile, const std::vector<lang::LocatedStatement> &sentences, const std::vector<const Entry *> &entries)
{
    Placement out;
    // The document index of each removed sentence, found by line and rendering.
    std::map<std::pair<int, QString>, std::size_t> indexOf;
    for (std::size_t i = 0; i < sentences.size(); ++i)
        indexOf.emplace(std::make_pair(sentences[i].line, sentences[i].rendering), i);
    for (const Entry *e : entries) {
        if (e->kind == EntryKind::Add) {
            out.adds.push_back(e);
            continue;
        }
        std::optional<std::size_t> anchor;
        for (const ExistingSentence &s : e->replaces) {
            const auto it = indexOf.find({ s.line, s.text });
            if (it == indexOf.end()) {
                out.error = QStringLiteral("%1 no longer holds %2 on line %3.").arg(targetFile, s.text.simplified()).arg(s.line);
                return out;
            }
            out.removed.insert(it->second);
            anchor = anchor ? std::min(*anchor, it->second) : it->second;
        }
        if (!anchor) {
            out.error = QStringLiteral("Entry %1 names no sentence to %2.").arg(e->id, formalize::entryKindName(e->kind));
            return out;
        }
        if (e->kind == EntryKind::Replace)
            out.placedAt[*anchor].push_back(e);
    }
    return out;
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

QString replaceComment(const Entry &entry, const QDateTime &appliedAt, const lang::Language &language)
{
    QStringList old;
    for (const ExistingSentence &s : entry.replaces)
        old.append(QStringLiteral("line %1 \"%2\"").arg(s.line).arg(clipUtf8(s.text.simplified(), s_oldTextBytes)));
    return oneLine(QStringLiteral("%1 fanva %2 replaces %3%4")
                       .arg(language.lineComment(), appliedAt.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm")) + QLatin1Char('Z'),
                           old.join(QStringLiteral(", ")), provenanceMarkers(entry)));
}

Splice spliceEntries(
    const Proposal &proposal, const QByteArray &base, const std::vector<const Entry *> &entries, const QDateTime &appliedAt)
{
    Splice out;
    const lang::Language &language = proposal.kbLanguage();
    const lang::SentenceEdits *edits = language.edits();
    if (!edits) {
        out.error = QStringLiteral("Replacing or retracting sentences is not available for a %1 knowledge base.").arg(language.id());
        return out;
    }
    const lang::LocatedFile located = edits->locate(base, proposal.targetFile);
    if (!located.ok()) {
        out.error = QStringLiteral("%1 does not read, so no sentence of it can be replaced.").arg(proposal.targetFile);
        return out;
    }
    const std::vector<lang::LocatedStatement> &sentences = located.statements;
    const Placement placed = placeEntries(proposal.targetFile, sentences, entries);
    if (!placed.error.isEmpty()) {
        out.error = placed.error;
        return out;
    }
    const SpliceLanguage spliceLanguage { language, *edits, language.lineComment() };
    const Result<std::vector<Cut>> cuts = cutsFor(base, sentences, placed.removed, spliceLanguage.comment);
    if (!cuts) {
        out.error = cuts.message();
        return out;
    }
    out.bytes = writeCuts(base, *cuts, placed.placedAt, appliedAt, spliceLanguage, &out.removedLines);
    for (std::size_t i = 0; i < sentences.size(); ++i) {
        if (!placed.removed.contains(i)) {
            out.sentences.append(sentences[i].rendering);
            continue;
        }
        if (const auto it = placed.placedAt.find(i); it != placed.placedAt.end()) {
            for (const Entry *e : it->second)
                out.sentences.append(renderSentence(e->sentence(), language));
        }
    }
    out.block = proposal.renderBlock(placed.adds, appliedAt);
    out.bytes = Proposal::appendBlock(out.bytes, out.block);
    for (const Entry *e : placed.adds)
        out.sentences.append(renderSentence(e->sentence(), language));
    return out;
}

std::optional<QByteArray> withoutStatements(
    const lang::Language &language, const QByteArray &file, const std::vector<ExistingSentence> &removed)
{
    return lang::withoutStatements(language, file, statementLines(removed));
}

std::vector<lang::StatementLine> statementLines(const std::vector<ExistingSentence> &sentences)
{
    std::vector<lang::StatementLine> out;
    out.reserve(sentences.size());
    for (const ExistingSentence &s : sentences)
        out.push_back({ s.line, s.text });
    return out;
}

} // namespace fanva::proposal

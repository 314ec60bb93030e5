// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/edits.h"

#include "kb/reader.h"
#include "kb/writer.h"

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

/// True if the comment line [start, end) is one Fanva wrote for the sentence below it: a
/// replace comment, or a `;; ` line inside a `;; ---- fanva` block.
bool isFanvaComment(const QByteArray &bytes, qsizetype start, qsizetype end)
{
    const QByteArray line = bytes.mid(start, end - start).trimmed();
    if (line.startsWith(";; fanva "))
        return true;
    if (!line.startsWith(";; ") || line.startsWith(";; ---- "))
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

    // The byte range each removed sentence takes: its whole lines, and Fanva's comment above.
    struct Cut {
        qsizetype start = 0;
        qsizetype end = 0;
        std::size_t sentence = 0;
    };
    std::vector<Cut> cuts;
    for (const std::size_t i : removed) {
        const kb::Span span = sentences[i].span();
        const qsizetype start = lineStartOf(base, span.begin);
        const qsizetype end = lineEndOf(base, span.end);
        const bool shared = (i > 0 && qsizetype(sentences[i - 1].span().end) > start)
            || (i + 1 < sentences.size() && qsizetype(sentences[i + 1].span().begin) < end);
        if (shared) {
            out.error = QStringLiteral("%1 shares its line with another sentence on line %2; run fanva-cli fmt first.")
                            .arg(kb::render(sentences[i]).simplified())
                            .arg(span.line);
            return out;
        }
        Cut cut { start, end, i };
        if (start > 0) {
            const qsizetype above = lineStartOf(base, start - 1);
            const bool ownsAbove = i == 0 || qsizetype(sentences[i - 1].span().end) <= above;
            if (ownsAbove && isFanvaComment(base, above, start))
                cut.start = above;
        }
        cuts.push_back(cut);
    }
    std::sort(cuts.begin(), cuts.end(), [](const Cut &a, const Cut &b) { return a.start < b.start; });

    QByteArray bytes;
    qsizetype at = 0;
    for (const Cut &cut : cuts) {
        bytes += base.mid(at, cut.start - at);
        if (const auto it = placedAt.find(cut.sentence); it != placedAt.end()) {
            for (const Entry *e : it->second)
                bytes += (replaceComment(*e, appliedAt) + QLatin1Char('\n') + renderSentence(e->sentence()) + QLatin1Char('\n')).toUtf8();
        }
        at = cut.end;
    }
    bytes += base.mid(at);
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
    out.bytes = Proposal::appendBlock(bytes, out.block);
    for (const Entry *e : adds)
        out.sentences.append(renderSentence(e->sentence()));
    return out;
}

} // namespace fanva::proposal

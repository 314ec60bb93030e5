// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Formalize again (docs/formalize.md §9.5): a new run merges into the review, keeping the
// decisions of every entry whose canonical key survives.
#include "formalize/merge.h"

#include "formalize/prompts.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace fanva::formalize {

namespace {

constexpr int s_quoteBytes = 160;

const QString &goneLead()
{
    static const QString lead = QStringLiteral("Its source sentence is no longer in the document");
    return lead;
}

const QString &notAgainLead()
{
    static const QString lead = QStringLiteral("The new run did not propose it again");
    return lead;
}

/// True for a withdrawn note a merge wrote (the judge's own withdrawals stay).
bool isMergeNote(const lang::Problem &p)
{
    return p.type == lang::problem::withdrawn && (p.message.startsWith(goneLead()) || p.message.startsWith(notAgainLead()));
}

void clearMergeNotes(Entry &e)
{
    e.notes.erase(std::remove_if(e.notes.begin(), e.notes.end(), isMergeNote), e.notes.end());
}

void markWithdrawn(Entry &e, const QString &message)
{
    clearMergeNotes(e);
    e.notes.push_back({ QString(lang::problem::withdrawn), message, std::nullopt });
}

QString goneMessage(const QString &sentence)
{
    if (sentence.isEmpty())
        return goneLead() + QLatin1Char('.');
    return QStringLiteral("%1: \"%2\".").arg(goneLead(), clippedUtf8(flattened(sentence), s_quoteBytes));
}

bool isDecided(const Entry &e)
{
    return e.decision == Decision::Accepted || e.decision == Decision::Edited || e.decision == Decision::Forced;
}

/// The canonical keys a previous entry is known by: its candidate, selected shape and edit.
QStringList keysOf(const Entry &e, const std::function<QString(const QString &)> &key)
{
    QStringList sentences { e.candidate };
    if (e.selectedShape >= 1 && e.selectedShape <= e.shapes.size())
        sentences.append(e.shapes.at(e.selectedShape - 1));
    if (!e.edit.isEmpty())
        sentences.append(e.edit);
    QStringList keys;
    for (const QString &s : sentences) {
        const QString k = s.trimmed().isEmpty() || !key ? QString() : key(s);
        if (!k.isEmpty() && !keys.contains(k))
            keys.append(k);
    }
    return keys;
}

/// The fresh entries with ids moved past `highest` when one collides with a previous id.
std::vector<Entry> renumbered(std::vector<Entry> fresh, const std::vector<Entry> &previous, int highest)
{
    const bool collides = std::any_of(fresh.begin(), fresh.end(),
        [&](const Entry &f) { return std::any_of(previous.begin(), previous.end(), [&](const Entry &p) { return p.id == f.id; }); });
    if (!collides)
        return fresh;
    std::map<QString, QString> ids;
    for (const Entry &f : fresh)
        ids[f.id] = QStringLiteral("c%1").arg(entryNumber(f.id) + highest);
    for (Entry &f : fresh) {
        f.id = ids[f.id];
        for (HistoryItem &h : f.history) {
            if (const auto it = ids.find(h.id); it != ids.end())
                h.id = it->second;
        }
    }
    return fresh;
}

} // namespace

bool isAuthorEntry(const Entry &entry)
{
    return entry.origin == Origin::Author;
}

int highestEntryNumber(const std::vector<Entry> &entries)
{
    int highest = 0;
    for (const Entry &e : entries)
        highest = std::max(highest, entryNumber(e.id));
    return highest;
}

std::vector<int> mapSegments(const QStringList &previous, const QStringList &current)
{
    std::multimap<QString, int> byText; // simplified text → current number
    for (int i = 0; i < current.size(); ++i)
        byText.emplace(current.at(i).simplified(), i + 1);
    std::vector<int> out(std::size_t(previous.size()), 0);
    std::vector<bool> used(std::size_t(current.size()) + 1, false);
    for (int i = 0; i < previous.size(); ++i) {
        const int old = i + 1;
        int best = 0;
        const auto [first, last] = byText.equal_range(previous.at(i).simplified());
        for (auto it = first; it != last; ++it) {
            if (used[std::size_t(it->second)])
                continue;
            if (best == 0 || std::abs(it->second - old) < std::abs(best - old))
                best = it->second;
        }
        if (best > 0)
            used[std::size_t(best)] = true;
        out[std::size_t(i)] = best;
    }
    return out;
}

namespace {

/// A previous entry a new one may match, with its keys and its segment mapped to the fresh run's.
struct PreviousEntry {
    QString id;
    QStringList keys;
    int segment = 0; ///< mapped
    bool matched = false;
    int newSegment = 0;
};

/// Matches each reviewable fresh entry to an unmatched previous one with its key (one in the
/// same segment first), recording the pair in `out`; returns the fresh entries left to add.
std::vector<Entry> matchFresh(const std::vector<Entry> &fresh, const std::function<QString(const QString &)> &key,
    std::vector<PreviousEntry> &previous, MergeResult &out)
{
    std::vector<Entry> added;
    for (const Entry &f : fresh) {
        if (!f.isReviewable()) {
            added.push_back(f);
            continue;
        }
        const QString found = f.candidate.trimmed().isEmpty() || !key ? QString() : key(f.candidate);
        std::optional<std::size_t> match;
        if (!found.isEmpty()) {
            for (std::size_t i = 0; i < previous.size(); ++i) {
                if (previous[i].matched || !previous[i].keys.contains(found))
                    continue;
                if (!match || (previous[i].segment == f.segment && previous[*match].segment != f.segment))
                    match = i;
            }
        }
        if (match) {
            out.matched.emplace_back(f.id, previous[*match].id);
            previous[*match].matched = true;
            previous[*match].newSegment = f.segment > 0 ? f.segment : previous[*match].segment;
            continue;
        }
        added.push_back(f);
        out.added.append(f.id);
    }
    return added;
}

} // namespace

MergeResult mergeEntries(const MergeInput &in)
{
    MergeResult out;
    const std::vector<int> segmentMap = mapSegments(in.previousSegments, in.freshSegments);
    auto mapped = [&](int segment) { return segment >= 1 && segment <= int(segmentMap.size()) ? segmentMap[std::size_t(segment - 1)] : 0; };
    auto inScope = [&](int segment) { return in.scope.empty() || in.scope.contains(segment); };
    const std::vector<Entry> fresh = renumbered(in.fresh, in.previous, highestEntryNumber(in.previous));

    // Previous entries a new one may match: the reviewable ones (applied and author entries among them).
    std::vector<PreviousEntry> previous(in.previous.size());
    for (std::size_t i = 0; i < in.previous.size(); ++i) {
        const Entry &p = in.previous[i];
        if (p.isReviewable() || isAuthorEntry(p) || p.decision == Decision::Applied)
            previous[i].keys = keysOf(p, in.key);
        previous[i].id = p.id;
        previous[i].segment = mapped(p.segment);
    }

    const std::vector<Entry> added = matchFresh(fresh, in.key, previous, out);

    for (std::size_t i = 0; i < in.previous.size(); ++i) {
        Entry e = in.previous[i];
        const PreviousEntry &c = previous[i];
        const bool locked = isAuthorEntry(e) || e.decision == Decision::Applied;
        if (!e.isReviewable() && !locked)
            continue; // a previous run's history
        if (c.matched) {
            e.segment = c.newSegment;
            clearMergeNotes(e);
            out.kept.append(e.id);
            out.entries.push_back(std::move(e));
            continue;
        }
        const int oldSegment = e.segment;
        const bool gone = oldSegment > 0 && c.segment == 0;
        const QString oldText
            = oldSegment >= 1 && oldSegment <= in.previousSegments.size() ? in.previousSegments.at(oldSegment - 1) : QString();
        if (locked) {
            e.segment = c.segment;
            if (gone)
                markWithdrawn(e, goneMessage(oldText));
            out.entries.push_back(std::move(e));
            continue;
        }
        if (gone) {
            if (e.decision == Decision::Rejected) {
                out.replaced.append(e.id);
                continue;
            }
            e.segment = 0;
            markWithdrawn(e, goneMessage(oldText));
            out.withdrawn.append(e.id);
            out.gone.append(e.id);
            out.entries.push_back(std::move(e));
            continue;
        }
        // A segmentless entry belongs to a whole run's scope only.
        const bool scoped = oldSegment == 0 ? in.scope.empty() : inScope(c.segment);
        if (!scoped) {
            e.segment = c.segment;
            out.entries.push_back(std::move(e));
            continue;
        }
        if (!isDecided(e)) {
            out.replaced.append(e.id); // replaced by what the run proposes now
            continue;
        }
        out.lost.append(e.id);
        if (!in.keepLost)
            continue;
        e.segment = c.segment;
        markWithdrawn(e, notAgainLead() + QLatin1Char('.'));
        out.withdrawn.append(e.id);
        out.entries.push_back(std::move(e));
    }
    out.entries.insert(out.entries.end(), added.begin(), added.end());
    return out;
}

std::vector<MergeLine> mergeLines(const MergeResult &result)
{
    std::vector<MergeLine> lines;
    for (const std::pair<QString, QString> &match : result.matched) {
        const QString &before = match.second;
        const auto kept = std::find_if(result.entries.begin(), result.entries.end(), [&before](const Entry &e) { return e.id == before; });
        lines.push_back(
            { MergeLine::Kind::Matched, match.first, before, kept != result.entries.end() ? kept->decision : Decision::Undecided });
    }
    for (const QString &id : result.added)
        lines.push_back({ MergeLine::Kind::Added, id, {}, Decision::Undecided });
    for (const QString &id : result.withdrawn)
        lines.push_back({ result.gone.contains(id) ? MergeLine::Kind::Gone : MergeLine::Kind::NotAgain, id, {}, Decision::Undecided });
    for (const QString &id : result.lost) {
        if (!result.withdrawn.contains(id))
            lines.push_back({ MergeLine::Kind::Lost, id, {}, Decision::Undecided });
    }
    for (const QString &id : result.replaced)
        lines.push_back({ MergeLine::Kind::Replaced, id, {}, Decision::Undecided });
    return lines;
}

QString mergeLineText(const MergeLine &line)
{
    switch (line.kind) {
    case MergeLine::Kind::Matched:
        return QStringLiteral("%1 matches %2: kept, %3").arg(line.id, line.keptAs, decisionName(line.decision));
    case MergeLine::Kind::Added:
        return QStringLiteral("%1 is new: undecided").arg(line.id);
    case MergeLine::Kind::Gone:
        return QStringLiteral("%1 withdrawn: its sentence is no longer in the document").arg(line.id);
    case MergeLine::Kind::NotAgain:
        return QStringLiteral("%1 withdrawn: the new run did not propose it again").arg(line.id);
    case MergeLine::Kind::Lost:
        return QStringLiteral("%1 dropped: the new run did not propose it again").arg(line.id);
    case MergeLine::Kind::Replaced:
        return QStringLiteral("%1 replaced: undecided or rejected, the new run proposed its sentence afresh").arg(line.id);
    }
    return line.id;
}

} // namespace fanva::formalize

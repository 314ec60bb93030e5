// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/apply.h"

#include "lang/sentenceedits.h"
#include "proposal/atomicwrite_p.h"
#include "proposal/edits.h"
#include "proposal/gate.h"

#include <QFile>

#include <algorithm>
#include <map>
#include <set>

namespace fanva::proposal {

using formalize::EntryState;

namespace {

/// The target's bytes now (empty when it is missing, unreadable or no regular file).
QByteArray rediffTargetBytes(const QString &path)
{
    QFile file(path);
    if (!detail::isRegularFile(path) || !file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

/// Where the file now holds each sentence: (line, rendering) pairs, and the lines of each
/// rendering and of each canonical key (with a KB).
struct FileSentences {
    std::set<std::pair<int, QString>> here;
    std::multimap<QString, std::pair<int, QString>> byText;
    std::multimap<QString, std::pair<int, QString>> byKey;
};

FileSentences fileSentences(const QByteArray &bytes, const lang::Kb &kb)
{
    FileSentences out;
    const lang::Language &language = kb.language();
    const lang::ReadResult read = language.read(bytes);
    if (read.hasErrors())
        return out;
    for (const lang::Statement &s : read.statements) {
        const std::pair<int, QString> at { int(s.span.line), language.render(s) };
        out.here.insert(at);
        out.byText.emplace(at.second, at);
        out.byKey.emplace(QString::fromStdString(language.key(&kb, s)), at);
    }
    return out;
}

/// The one place `s` now stands in the file: by its rendering, else by its canonical key;
/// nullopt when it is gone or stands in more than one place.
std::optional<std::pair<int, QString>> foundAgain(const FileSentences &file, const ExistingSentence &s)
{
    const auto unique = [](const auto &range) -> std::optional<std::pair<int, QString>> {
        if (range.first == range.second || std::next(range.first) != range.second)
            return std::nullopt;
        return range.first->second;
    };
    const auto byText = file.byText.equal_range(s.text);
    if (byText.first != byText.second)
        return unique(byText);
    return s.key.isEmpty() ? std::nullopt : unique(file.byKey.equal_range(s.key));
}

/// Moves each `replaces[].line` of the edit entries not yet applied to where the file holds
/// its sentence now, when its line no longer does and the sentence stands in one place
/// (rewrite.md §4). Returns the sentence-moved notes by entry id.
std::map<QString, std::vector<lang::Problem>> relocateEdits(Proposal &proposal, const QByteArray &bytes, const lang::Kb &kb)
{
    std::map<QString, std::vector<lang::Problem>> moved;
    const FileSentences file = fileSentences(bytes, kb);
    for (Entry &e : proposal.entries) {
        if (e.kind == formalize::EntryKind::Add || e.decision == Decision::Applied)
            continue;
        for (ExistingSentence &s : e.replaces) {
            if (file.here.contains({ s.line, s.text }))
                continue;
            const std::optional<std::pair<int, QString>> found = foundAgain(file, s);
            if (!found)
                continue;
            moved[e.id].push_back({ QString(lang::problem::sentenceMoved),
                QStringLiteral("%1 moved from line %2 to line %3 of %4; the entry follows it.")
                    .arg(s.text.simplified())
                    .arg(s.line)
                    .arg(found->first)
                    .arg(proposal.targetFile),
                std::nullopt });
            s.line = found->first;
            s.text = found->second;
        }
    }
    return moved;
}

/// The retract-dependents note of each retract entry not yet applied (retractionWarning()): the
/// accepted edit entries' sentences go with it, so they are no dependents.
void warnOfDependents(Proposal &proposal, const QByteArray &bytes, const lang::Kb &kb)
{
    const lang::SentenceEdits *edits = kb.language().edits();
    if (!edits)
        return;
    std::vector<const Entry *> accepted;
    for (const Entry &e : proposal.entries) {
        if (e.kind != formalize::EntryKind::Add && e.decision != Decision::Applied && e.isAccepted())
            accepted.push_back(&e);
    }
    const std::vector<ExistingSentence> going = removedSentences(accepted);
    for (Entry &e : proposal.entries) {
        if (e.kind != formalize::EntryKind::Retract || e.decision == Decision::Applied)
            continue;
        if (const auto warning = edits->retractionWarning(
                kb, proposal.context, proposal.targetPath(), bytes, statementLines(e.replaces), statementLines(going)))
            e.notes.push_back(*warning);
    }
}

/// The gates rediff() runs on `sentences` as one batch, against the KB without the sentences
/// the entries `removing` replace or retract.
using RemovingGate
    = std::function<std::vector<std::vector<lang::Problem>>(const std::vector<const Entry *> &removing, const QStringList &sentences)>;

QStringList rediffWith(Proposal &proposal, const lang::Kb &kb, const RemovingGate &gate)
{
    const std::optional<QString> hash = fileSha256(proposal.targetPath());
    proposal.absent = !hash.has_value();
    proposal.baseSha256 = hash.value_or(QString());
    const QByteArray bytes = rediffTargetBytes(proposal.targetPath());
    // Before the gates: a replacement is gated without its old sentences where they are now.
    const std::map<QString, std::vector<lang::Problem>> moved = relocateEdits(proposal, bytes, kb);

    std::vector<Entry *> accepted;
    std::vector<Entry *> others;
    for (const Entry *e : proposal.documentOrder()) {
        Entry *entry = proposal.entry(e->id);
        if (entry->decision == Decision::Applied)
            continue;
        (entry->isAccepted() ? accepted : others).push_back(entry);
    }
    QStringList changed;
    auto update = [&](Entry *e, const std::vector<lang::Problem> &found) {
        std::vector<lang::Problem> blocking, notes;
        for (const lang::Problem &p : found)
            (lang::isBlocking(p.type) ? blocking : notes).push_back(p);
        const auto sameTypes = [](const std::vector<lang::Problem> &a, const std::vector<lang::Problem> &b) {
            return std::equal(
                a.begin(), a.end(), b.begin(), b.end(), [](const lang::Problem &x, const lang::Problem &y) { return x.type == y.type; });
        };
        if (!sameTypes(blocking, e->problems)) {
            changed.append(e->id);
            if (e->decision == Decision::Forced) {
                e->forced.clear();
                e->decision = e->selectedShape == 0 ? Decision::Edited : Decision::Accepted;
            }
        }
        const bool stored
            = std::any_of(notes.begin(), notes.end(), [](const lang::Problem &p) { return p.type == lang::problem::alreadyStored; });
        e->problems = std::move(blocking);
        e->notes = std::move(notes);
        if (!lang::hasBlocking(e->problems))
            e->state = stored ? EntryState::Known : EntryState::Admissible;
        else
            e->state = EntryState::Refused;
    };

    const auto isRetract = [](const Entry *e) { return e->kind == formalize::EntryKind::Retract; };
    std::erase_if(others, isRetract);
    QStringList batch;
    for (const Entry *e : accepted) {
        if (!isRetract(e))
            batch.append(e->sentence());
    }
    const auto batchProblems = batch.isEmpty() ? std::vector<std::vector<lang::Problem>>()
                                               : gate(std::vector<const Entry *>(accepted.begin(), accepted.end()), batch);
    std::size_t next = 0;
    for (Entry *e : accepted) {
        if (isRetract(e))
            continue;
        update(e, next < batchProblems.size() ? batchProblems[next] : std::vector<lang::Problem>());
        ++next;
    }
    for (Entry *e : others) {
        const auto alone = gate({ e }, QStringList { e->sentence() });
        update(e, alone.empty() ? std::vector<lang::Problem>() : alone.front());
    }
    // A retraction's notes are the re-diff's own: where its sentence moved, what depends on it.
    for (Entry &e : proposal.entries) {
        if (e.kind == formalize::EntryKind::Retract && e.decision != Decision::Applied)
            std::erase_if(e.notes, [](const lang::Problem &p) {
                return p.type == lang::problem::sentenceMoved || p.type == lang::problem::retractDependents;
            });
    }
    for (const auto &[id, notes] : moved) {
        Entry *e = proposal.entry(id);
        e->notes.insert(e->notes.end(), notes.begin(), notes.end());
        if (!changed.contains(id))
            changed.append(id);
    }
    if (!proposal.absent)
        warnOfDependents(proposal, bytes, kb);
    std::sort(changed.begin(), changed.end(),
        [](const QString &a, const QString &b) { return formalize::entryNumber(a) < formalize::entryNumber(b); });
    return changed;
}

/// Gates `sentences` as one batch against `kb`.
using KbGate = std::function<std::vector<std::vector<lang::Problem>>(const lang::Kb &kb, const QStringList &sentences)>;

/// rediffWith() where a replacement is gated against `kb` without the sentences it removes, as
/// Apply gates it (rewrite.md §1); a retract entry has no new sentence to gate.
QStringList rediffThrough(Proposal &proposal, const lang::Kb &kb, const KbGate &gate)
{
    const QByteArray current = rediffTargetBytes(proposal.targetPath());
    const lang::Language &language = kb.language();
    // One load per set of removed sentences: undecided entries replacing the same sentence
    // share it (null: the reduced text did not load, and the KB as it is gates).
    std::map<QString, std::shared_ptr<const lang::Kb>> reduced;
    const auto gateKbWithout = [&](const std::vector<const Entry *> &entries) -> const lang::Kb & {
        const std::vector<ExistingSentence> removed = removedSentences(entries);
        const lang::SentenceEdits *edits = language.edits();
        if (removed.empty() || !edits)
            return kb;
        QString cacheKey;
        for (const ExistingSentence &r : removed)
            cacheKey += QString::number(r.line) + QChar(0x1f) + r.key + QChar(0x1e);
        auto found = reduced.find(cacheKey);
        if (found == reduced.end()) {
            std::shared_ptr<const lang::Kb> without;
            if (const auto text = withoutStatements(language, current, removed)) {
                lang::LoadResult loaded = edits->loadWith(proposal.kbDir, proposal.targetPath(), *text);
                if (loaded.ok())
                    without = std::move(loaded.kb);
            }
            found = reduced.emplace(cacheKey, std::move(without)).first;
        }
        return found->second ? *found->second : kb;
    };
    return rediffWith(proposal, kb,
        [&](const std::vector<const Entry *> &removing, const QStringList &sentences) { return gate(gateKbWithout(removing), sentences); });
}

} // namespace

QStringList rediff(Proposal &proposal, const lang::Kb &kb, const BatchGate &gate)
{
    const BatchGate through = gate ? gate : BatchGate(gateThroughLanguage);
    return rediffThrough(
        proposal, kb, [&](const lang::Kb &gateKb, const QStringList &sentences) { return through(gateKb, proposal.context, sentences); });
}

} // namespace fanva::proposal

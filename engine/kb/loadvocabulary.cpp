// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The loader's last phase: the vocabulary indexes, built in parallel from the walk's slices.
#include "kb/knowledgebaseloader_p.h"

#include <numeric>

namespace fanva::kb {

using namespace detail;
using namespace loading;

// The symbols in use, sorted by name: those noted in the usage lists (`fewSymbols`), else
// those marked in `used`.
void KnowledgeBaseLoader::sortUsedSymbols(KnowledgeBase::Private &p, bool fewSymbols, const std::vector<std::uint8_t> &used)
{
    if (fewSymbols) {
        std::sort(p.usedSymbols.begin(), p.usedSymbols.end());
        p.usedSymbols.erase(std::unique(p.usedSymbols.begin(), p.usedSymbols.end()), p.usedSymbols.end());
    } else {
        for (SymbolId symbol = 0; symbol < p.symbolBound; ++symbol) {
            if (used[symbol])
                p.usedSymbols.push_back(symbol);
        }
    }
    sortByName(p.usedSymbols);
}

// How many sentences each functor heads, most first.
void KnowledgeBaseLoader::countFunctors(KnowledgeBase::Private &p, const std::vector<VocabularyPart> &parts, bool fewSymbols)
{
    const auto add = [&](SymbolId f) {
        std::uint32_t count = 0;
        for (const loading::VocabularyPart &part : parts)
            count += part.functorCount[f];
        if (count > 0)
            p.functorCounts.emplace_back(f, count);
    };
    if (fewSymbols) {
        std::vector<SymbolId> functors;
        for (const loading::VocabularyPart &part : parts)
            functors.insert(functors.end(), part.functors.begin(), part.functors.end());
        std::sort(functors.begin(), functors.end());
        functors.erase(std::unique(functors.begin(), functors.end()), functors.end());
        for (const SymbolId f : functors)
            add(f);
    } else {
        for (SymbolId f = 0; f < p.symbolBound; ++f)
            add(f);
    }
    std::sort(p.functorCounts.begin(), p.functorCounts.end(),
        [](const auto &a, const auto &b) { return a.second > b.second || (a.second == b.second && nameLess(a.first, b.first)); });
}

// The vocabulary indexes: the sentences are walked in slices on the thread pool, one
// slice per context run so that a (symbol, context) usage entry comes from one slice
// only, and the indexes are then built in parallel from the slices in order, so every
// run keeps sentence order whatever the number of threads. Slice k is sentences
// [cuts[k], cuts[k + 1]), walked into parts[k] (planSlices(), prepareWalk()); `beside`
// runs as one more job of the walk.
void KnowledgeBaseLoader::buildVocabulary(KnowledgeBase::Private &p, std::vector<loading::VocabularyPart> &parts,
    const std::vector<SentenceId> &cuts, const std::function<void()> &beside)
{
    const std::size_t total = p.sentences.size();
    std::vector<std::size_t> walkJobs(parts.size() + 1); // the slices, then `beside`
    std::iota(walkJobs.begin(), walkJobs.end(), 0);
    Lap lap;
    forEach(walkJobs, total >= s_sharedSentences, [&](std::size_t k) {
        if (k == parts.size())
            beside();
        else
            walkSentences(p, cuts[k], cuts[k + 1], parts[k]);
    });
    qCDebug(lcKb) << "walked in" << qPrintable(lap.next());

    const auto gather = [&parts](auto member) {
        std::vector<std::remove_reference_t<decltype(parts.front().*member)> *> out;
        for (loading::VocabularyPart &part : parts)
            out.push_back(&(part.*member));
        return out;
    };
    // The symbols in use, found here so that sorting them by name (the longest job)
    // does not wait for the usage index. A KB that uses few of the process's symbols
    // (the table only grows) sorts its own instead of scanning every id.
    std::size_t usageEntries = 0;
    for (const loading::VocabularyPart &part : parts)
        usageEntries += part.usage.size();
    const bool fewSymbols = usageEntries * 16 < p.symbolBound;
    std::vector<std::uint8_t> used(fewSymbols ? 0 : p.symbolBound, 0);
    for (const loading::VocabularyPart &part : parts) {
        for (const auto &entry : part.usage) {
            if (fewSymbols)
                p.usedSymbols.push_back(entry.first);
            else
                used[entry.first] = 1;
        }
    }
    const auto edge = [&p](const loading::EdgeRef &e) { return Edge { e.other, e.sentence, p.sentenceContext[e.sentence] }; };
    const auto ref = [&p](SentenceId id) { return SentenceRef { id, p.sentenceContext[id] }; };
    // Longest first, so that the short jobs fill in behind them on the few threads.
    std::vector<std::function<void()>> jobs {
        [&] { sortUsedSymbols(p, fewSymbols, used); },
        [&] { p.occurrences.build(p.symbolBound, gather(&loading::VocabularyPart::occurrences), ref); },
        [&] { p.usage.build(p.symbolBound, gather(&loading::VocabularyPart::usage)); },
        [&] {
            p.factsByFirst.build(p.symbolBound, gather(&loading::VocabularyPart::facts), edge);
            p.factsByFirst.sortRuns(
                [](const Edge &a, const Edge &b) { return a.other < b.other || (a.other == b.other && a.sentence < b.sentence); });
        },
        [&] { countFunctors(p, parts, fewSymbols); },
        [&] { p.genlUp.build(p.symbolBound, gather(&loading::VocabularyPart::up), edge); },
        [&] { p.genlDown.build(p.symbolBound, gather(&loading::VocabularyPart::down), edge); },
        [&] { p.members.build(p.symbolBound, gather(&loading::VocabularyPart::members), edge); },
        [&] { p.disjointWith.build(p.symbolBound, gather(&loading::VocabularyPart::disjointPairs), edge); },
        [&] {
            p.argDecls.build(p.symbolBound, gather(&loading::VocabularyPart::args));
            p.argDecls.sortRuns([&p](const ArgDecl &a, const ArgDecl &b) {
                const std::string_view keyA = p.keys[p.sentences[a.sentence].key];
                const std::string_view keyB = p.keys[p.sentences[b.sentence].key];
                return keyA != keyB ? keyA < keyB : a.sentence < b.sentence;
            });
        },
        [&] { p.arityDecls.build(p.symbolBound, gather(&loading::VocabularyPart::arities)); },
        [&] { p.commentsOf.build(p.symbolBound, gather(&loading::VocabularyPart::comments)); },
        [&] { p.roles = symbolRoles(p.symbolBound); },
        [&] {
            for (const loading::VocabularyPart &part : parts) {
                for (const std::uint64_t pair : part.siblingExceptions)
                    p.siblingExceptions.emplace(pair, true);
            }
        },
    };
    forEach(jobs, total >= s_sharedSentences, [](const std::function<void()> &job) { job(); });
    qCDebug(lcKb) << "vocabulary indexes in" << qPrintable(lap.next());
}

} // namespace fanva::kb

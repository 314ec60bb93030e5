// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The loader's walk phase: slices of the sentences, each walked for the vocabulary indexes.
#include "kb/knowledgebaseloader_p.h"

#include <QThreadPool>

namespace fanva::kb {

using namespace detail;
using namespace loading;

namespace {

// What a positive fact `s` (headed by `head`, sentence `id` in context `cx`) adds to the
// membership, fact, genl, disjointness and declaration lists.
inline void noteFact(VocabularyPart &part, Term s, SentenceId id, std::uint32_t cx, SymbolId head)
{
    const std::uint32_t n = s.size();
    const Term a1 = n >= 2 ? s.at(1) : Term();
    const Term a2 = n >= 3 ? s.at(2) : Term();
    const Term a3 = n >= 4 ? s.at(3) : Term();
    if (n == 2 && a1.isSymbol())
        part.members.push_back({ a1.symbol(), { head, id } });
    if (n >= 2 && a1.isSymbol())
        part.facts.push_back({ a1.symbol(), { head, id } });
    if (n == 3 && a1.isSymbol() && a2.isSymbol()) {
        if (head == sym::genl) {
            part.up.push_back({ a1.symbol(), { a2.symbol(), id } });
            part.down.push_back({ a2.symbol(), { a1.symbol(), id } });
        } else if (head == sym::disjoint) {
            part.disjointPairs.push_back({ a1.symbol(), { a2.symbol(), id } });
            part.disjointPairs.push_back({ a2.symbol(), { a1.symbol(), id } });
        } else if (head == sym::siblingDisjointException) {
            const SymbolId x = a1.symbol();
            const SymbolId y = a2.symbol();
            part.siblingExceptions.push_back((std::uint64_t(std::min(x, y)) << 32) | std::max(x, y));
        }
    }
    if (head == sym::comment && n == 3 && a1.isSymbol() && a2.isString())
        part.comments.push_back({ a1.symbol(), { id, cx } });
    if (head == sym::arity && n == 3 && a1.isSymbol() && a2.kind() == TermKind::Integer && a2.integer() > 0)
        part.arities.push_back({ a1.symbol(), { int(a2.integer()), id, cx } });
    if ((head == sym::arg || head == sym::genlArg) && n == 4 && a1.isSymbol() && a2.kind() == TermKind::Integer && a3.isSymbol()
        && a2.integer() > 0) {
        part.args.push_back({ a1.symbol(),
            { head == sym::arg ? ArgConstraint::Kind::Arg : ArgConstraint::Kind::GenlArg, int(a2.integer()), a3.symbol(), id, cx } });
    }
}

// Each symbol `seen` in sentence `id` (context `cx`) as an occurrence and in the usage list.
// Sentences come in context order, so a symbol's usage in this context, if any, is its latest
// entry: merge there instead of sorting afterwards.
inline void mergeUsage(VocabularyPart &part, const std::vector<std::pair<SymbolId, std::uint8_t>> &seen, SentenceId id, std::uint32_t cx)
{
    std::vector<std::uint32_t> &latestUsage = part.latestUsage;
    for (const auto &[symbol, flags] : seen) {
        part.occurrences.push_back({ symbol, id });
        std::uint32_t &slot = latestUsage[symbol];
        if (slot != UINT32_MAX && part.usage[slot].second.context == cx) {
            Usage &u = part.usage[slot].second;
            u.functor |= flags & 1U;
            u.argument |= (flags >> 1) & 1U;
            u.nestedFunctor |= (flags >> 2) & 1U;
        } else {
            slot = std::uint32_t(part.usage.size());
            part.usage.push_back({ symbol, { cx, flags & 1U, (flags >> 1) & 1U, (flags >> 2) & 1U } });
        }
    }
}

} // namespace

// Where the walk's slices start, as file indexes, then files.size(): about as many
// sentences each, and a file is one context, so a (symbol, context) usage entry comes
// from one slice only. Two slices a thread, so that one slower slice does not hold the
// others up; one for a KB the calling thread loads alone.
std::vector<std::size_t> KnowledgeBaseLoader::planSlices(const std::vector<FileRecord> &files)
{
    std::size_t total = 0;
    for (const FileRecord &file : files)
        total += file.document.sentences.size();
    const std::size_t threads = std::size_t(std::max(1, QThreadPool::globalInstance()->maxThreadCount()));
    const std::size_t wanted = std::min<std::size_t>(threads * 2, std::max<std::size_t>(1, total / 4096));
    std::vector<std::size_t> starts { 0 };
    std::size_t before = 0; // the sentences of files [0, f)
    for (std::size_t f = 0; f < files.size(); ++f) {
        if (f > 0 && starts.size() < wanted && before * wanted >= total * starts.size())
            starts.push_back(f);
        before += files[f].document.sentences.size();
    }
    starts.push_back(files.size());
    return starts;
}

// Makes a slice's lists, with room for `sentences` sentences, and its per-symbol arrays, on
// huge pages (hugepages_p.h), and faults them in: at 1M sentences their 4 KiB page faults
// were a sixth of the load's.
void KnowledgeBaseLoader::prepareWalk(const KnowledgeBase::Private &p, std::size_t sentences, loading::VocabularyPart &part)
{
    part.functorCount = detail::hugePageVector<std::uint32_t>(p.symbolBound);
    const auto reserve = [](auto &list, std::size_t n) {
        detail::reserveHuge(list, n);
        detail::populate(list, n);
    };
    reserve(part.facts, sentences);
    reserve(part.occurrences, sentences * 3);
    reserve(part.usage, sentences);
    // Room for every sentence, but most are not memberships (a fifth to two fifths at
    // 1M sentences): the pages are faulted in as they are filled.
    detail::reserveHuge(part.members, sentences);
    for (std::vector<std::uint32_t> *perSymbol : { &part.latestUsage, &part.seenSlot }) {
        detail::reserveHuge(*perSymbol, p.symbolBound);
        perSymbol->assign(p.symbolBound, UINT32_MAX);
    }
}

// Walks sentences [begin, end): facts, declarations, and every symbol at any depth.
// The part must have been made by prepareWalk().
void KnowledgeBaseLoader::walkSentences(const KnowledgeBase::Private &p, SentenceId begin, SentenceId end, loading::VocabularyPart &part)
{
    Q_ASSERT(part.functorCount.size() == p.symbolBound);
    // Walk state reused across sentences: symbols seen in this sentence.
    std::vector<std::pair<SymbolId, std::uint8_t>> seen; // symbol, flags (1 functor, 2 argument, 4 nested functor)
    std::vector<std::uint32_t> &seenSlot = part.seenSlot; // where each symbol is in `seen`
    struct Item {
        Term term;
        bool inArgument;
    };
    std::vector<Item> stack;
    for (SentenceId id = begin; id < end; ++id) {
        const Term s = p.sentences[id].term;
        const std::uint32_t cx = p.sentenceContext[id];
        const SymbolId head = s.functorSymbol();
        if (head != noSymbol && part.functorCount[head]++ == 0)
            part.functors.push_back(head);
        if (isFact(s))
            noteFact(part, s, id, cx, head);

        // Occurrences and usage, at any depth (iterative walk).
        for (const auto &entry : seen)
            seenSlot[entry.first] = UINT32_MAX;
        seen.clear();
        // One slot per symbol, so a sentence of many distinct symbols costs its size.
        const auto note = [&seen, &seenSlot](SymbolId symbol, std::uint8_t flag) {
            std::uint32_t &slot = seenSlot[symbol];
            if (slot != UINT32_MAX) {
                seen[slot].second |= flag;
                return;
            }
            slot = std::uint32_t(seen.size());
            seen.emplace_back(symbol, flag);
        };
        stack.assign(1, { s, false });
        while (!stack.empty()) {
            const Item item = stack.back();
            stack.pop_back();
            const Term t = item.term;
            if (t.isSymbol() || t.kind() == TermKind::Variable) {
                note(t.symbol(), 2);
                continue;
            }
            if (!t.isCompound())
                continue;
            const std::uint32_t n = t.size();
            std::uint32_t first = 0;
            if (t.isList() && n > 0 && t.at(0).isSymbol()) {
                const SymbolId f = t.at(0).symbol();
                note(f, item.inArgument ? 5 : 1);
                first = 1;
            }
            // Frames keep their children in frame position; a literal's arguments are arguments.
            const bool frame = t.isVector() || (t.isList() && isFrameHead(t.functorSymbol()));
            for (std::uint32_t i = first; i < n; ++i)
                stack.push_back({ t.at(i), item.inArgument || !frame });
        }
        mergeUsage(part, seen, id, cx);
    }
    // The lists are alive until the indexes are built, the load's peak: the pages their
    // reservations did not fill go back (the last huge page of each is split).
    detail::releaseUnusedCapacity(part.members);
    detail::releaseUnusedCapacity(part.facts);
    detail::releaseUnusedCapacity(part.occurrences);
    detail::releaseUnusedCapacity(part.usage);
    std::vector<std::uint32_t>().swap(part.latestUsage);
    std::vector<std::uint32_t>().swap(part.seenSlot);
}

} // namespace fanva::kb

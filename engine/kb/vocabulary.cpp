// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/vocabulary.h"

#include <algorithm>
#include <tuple>
#include <utility>

namespace fanva::kb {

namespace {

std::string lowered(std::string_view name)
{
    std::string out(name);
    for (char &c : out) {
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    return out;
}

// Every symbol node of `term`, at any depth up to maxDepth.
template<typename F> void forEachSymbol(Term term, F &&f)
{
    struct Item {
        Term term;
        int depth;
    };
    std::vector<Item> stack { { term, 1 } };
    while (!stack.empty()) {
        const Item item = stack.back();
        stack.pop_back();
        if (item.term.isSymbol()) {
            f(item.term.symbol());
        } else if (item.term.isCompound() && item.depth <= maxDepth) {
            for (std::uint32_t i = 0; i < item.term.size(); ++i)
                stack.push_back({ item.term.at(i), item.depth + 1 });
        }
    }
}

} // namespace

bool fitsSlot(Role role, bool builtin, CompletionSlot slot)
{
    switch (slot) {
    case CompletionSlot::Context:
        return role == Role::Context;
    case CompletionSlot::Functor:
        return builtin || role == Role::Predicate || role == Role::Type || role == Role::Sense || role == Role::Function
            || role == Role::None;
    case CompletionSlot::Argument:
        return role != Role::Context && !(builtin && role != Role::Type);
    }
    return false;
}

Vocabulary::Vocabulary(const KnowledgeBase &kb)
{
    // Occurrences and (symbol, context) pairs, one walk over every sentence, context by context.
    std::vector<std::uint32_t> uses;
    std::vector<SymbolId> lastContext;
    std::vector<std::pair<SymbolId, SymbolId>> pairs;
    const auto grow = [&](SymbolId id) {
        if (id >= uses.size()) {
            const std::size_t size = std::max<std::size_t>(id + 1, uses.size() * 2);
            uses.resize(size, 0);
            lastContext.resize(size, noSymbol);
        }
    };
    grow(SymbolId(SymbolTable::instance().size()));
    const std::vector<SymbolId> contexts = kb.contexts();
    for (const SymbolId cx : contexts) {
        for (const SentenceId id : kb.sentencesIn(cx)) {
            forEachSymbol(kb.sentence(id).term, [&](SymbolId symbol) {
                grow(symbol);
                ++uses[symbol];
                if (lastContext[symbol] != cx) {
                    lastContext[symbol] = cx;
                    pairs.emplace_back(symbol, cx);
                }
            });
        }
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());

    // One entry per used symbol, context and built-in.
    std::vector<SymbolId> symbols;
    symbols.reserve(pairs.size() + contexts.size() + sym::endOfBuiltins);
    for (const auto &[symbol, cx] : pairs) {
        if (symbols.empty() || symbols.back() != symbol)
            symbols.push_back(symbol);
    }
    symbols.insert(symbols.end(), contexts.begin(), contexts.end());
    for (SymbolId b = sym::genl; b < sym::endOfBuiltins; ++b)
        symbols.push_back(b);
    std::sort(symbols.begin(), symbols.end());
    symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());

    m_entries.reserve(symbols.size());
    m_contexts.reserve(pairs.size());
    auto pair = pairs.begin();
    for (const SymbolId symbol : symbols) {
        Entry e;
        const std::string_view name = symbolName(symbol);
        e.lower = lowered(name);
        e.name = name;
        e.symbol = symbol;
        e.builtin = symbol > sym::noBuiltin && symbol < sym::endOfBuiltins;
        e.role = kb.hasContext(symbol) ? Role::Context : nameRole(name);
        e.uses = symbol < uses.size() ? uses[symbol] : 0;
        e.firstContext = std::uint32_t(m_contexts.size());
        while (pair != pairs.end() && pair->first < symbol)
            ++pair;
        for (; pair != pairs.end() && pair->first == symbol; ++pair)
            m_contexts.push_back(pair->second);
        e.contextCount = std::uint32_t(m_contexts.size()) - e.firstContext;
        m_entries.push_back(std::move(e));
    }
    // With at most 64 contexts, visibility is one AND of bit masks (complete() scans every
    // entry of a prefix, which may be hundreds of thousands).
    m_contextList = contexts;
    m_masked = contexts.size() <= 64;
    if (m_masked) {
        std::vector<std::pair<SymbolId, int>> byId; // m_contextList is in name order, not id order
        for (std::size_t i = 0; i < m_contextList.size(); ++i)
            byId.emplace_back(m_contextList[i], int(i));
        std::sort(byId.begin(), byId.end());
        const auto bit = [&](SymbolId cx) {
            const auto it = std::lower_bound(byId.begin(), byId.end(), std::pair<SymbolId, int>(cx, 0));
            return it != byId.end() && it->first == cx ? std::uint64_t(1) << it->second : std::uint64_t(0);
        };
        for (Entry &e : m_entries) {
            if (e.builtin) {
                e.contextMask = ~std::uint64_t(0);
            } else if (e.role == Role::Context) {
                e.contextMask = bit(e.symbol);
            } else {
                for (std::uint32_t i = 0; i < e.contextCount; ++i)
                    e.contextMask |= bit(m_contexts[e.firstContext + i]);
            }
        }
    }
    std::sort(m_entries.begin(), m_entries.end(),
        [](const Entry &a, const Entry &b) { return std::tie(a.lower, a.symbol) < std::tie(b.lower, b.symbol); });
    m_bySymbol.assign(symbols.empty() ? 0 : symbols.back() + 1, 0);
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        m_bySymbol[m_entries[i].symbol] = std::uint32_t(i + 1);
}

const Vocabulary::Entry *Vocabulary::find(SymbolId symbol) const
{
    if (symbol >= m_bySymbol.size() || m_bySymbol[symbol] == 0)
        return nullptr;
    return &m_entries[m_bySymbol[symbol] - 1];
}

bool Vocabulary::visible(const KnowledgeBase &kb, const Entry &entry, SymbolId context) const
{
    if (context == noSymbol || entry.builtin)
        return true;
    if (entry.role == Role::Context && kb.hasContext(entry.symbol))
        return kb.sees(context, entry.symbol);
    for (std::uint32_t i = 0; i < entry.contextCount; ++i) {
        if (kb.sees(context, m_contexts[entry.firstContext + i]))
            return true;
    }
    return false;
}

std::uint32_t Vocabulary::uses(SymbolId symbol) const
{
    const Entry *e = find(symbol);
    return e ? e->uses : 0;
}

bool Vocabulary::isVisible(const KnowledgeBase &kb, SymbolId symbol, SymbolId context) const
{
    const Entry *e = find(symbol);
    return e && visible(kb, *e, context);
}

std::vector<Completion> Vocabulary::complete(const KnowledgeBase &kb, const CompletionQuery &query) const
{
    const std::string lower = lowered(query.prefix);
    auto first
        = std::lower_bound(m_entries.begin(), m_entries.end(), lower, [](const Entry &e, const std::string &key) { return e.lower < key; });
    struct Candidate {
        const Entry *entry;
        bool visible;
        bool exact;
    };
    // The contexts whose terms the target context sees, as a mask (every one without a target).
    std::uint64_t seen = ~std::uint64_t(0);
    if (m_masked && query.context != noSymbol) {
        seen = 0;
        for (std::size_t i = 0; i < m_contextList.size(); ++i) {
            if (kb.sees(query.context, m_contextList[i]))
                seen |= std::uint64_t(1) << i;
        }
    }
    std::vector<Candidate> candidates;
    for (auto it = first; it != m_entries.end() && std::string_view(it->lower).starts_with(lower); ++it) {
        if (!fitsSlot(it->role, it->builtin, query.slot))
            continue;
        const bool isVisible = m_masked ? (it->contextMask & seen) != 0 || it->builtin : visible(kb, *it, query.context);
        candidates.push_back({ &*it, isVisible, it->name.starts_with(query.prefix) });
    }
    const auto better = [](const Candidate &a, const Candidate &b) {
        if (a.visible != b.visible)
            return a.visible;
        if (a.exact != b.exact)
            return a.exact;
        if (a.entry->uses != b.entry->uses)
            return a.entry->uses > b.entry->uses;
        return std::tie(a.entry->lower, a.entry->symbol) < std::tie(b.entry->lower, b.entry->symbol);
    };
    const std::size_t count = std::min(query.limit, candidates.size());
    std::partial_sort(candidates.begin(), candidates.begin() + std::ptrdiff_t(count), candidates.end(), better);
    std::vector<Completion> out;
    out.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const Entry &e = *candidates[i].entry;
        out.push_back({ e.symbol, e.role, e.uses, candidates[i].visible, e.builtin });
    }
    return out;
}

FunctorSignature functorSignature(const KnowledgeBase &kb, SymbolId functor, const Scope &scope)
{
    FunctorSignature signature;
    if (const std::optional<Arity> arity = kb.arityOf(functor, scope)) {
        signature.arity = arity->count;
        signature.variableArity = arity->variableArity;
    }
    std::vector<SymbolId> types(std::size_t(std::max(signature.arity, 0)), noSymbol);
    // The nearest declaration wins: own declarations come first, those of supertypes after.
    for (const ArgConstraint &c : kb.argConstraints(functor, scope)) {
        if (c.kind != ArgConstraint::Kind::Arg || c.position < 1 || c.position > 64)
            continue;
        if (std::size_t(c.position) > types.size())
            types.resize(std::size_t(c.position), noSymbol);
        if (types[std::size_t(c.position) - 1] == noSymbol || c.of == functor)
            types[std::size_t(c.position) - 1] = c.type;
    }
    signature.argTypes = std::move(types);
    const std::vector<SentenceId> comments = kb.comments(functor, scope);
    if (!comments.empty()) {
        const Term sentence = kb.sentence(comments.front()).term;
        if (sentence.size() > 2 && sentence.at(2).isString())
            signature.comment = QString::fromUtf8(sentence.at(2).text());
    }
    return signature;
}

} // namespace fanva::kb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/term.h"

#include "kb/hugepages_p.h"

namespace fanva::kb {

std::size_t TermArena::memoryUsage() const
{
    return m_nodes.capacity() * sizeof(detail::Node) + m_children.capacity() * sizeof(std::uint32_t) + m_text.capacity();
}

void TermArena::reserve(std::size_t nodes, std::size_t childSlots, std::size_t textBytes)
{
    // Filled once, front to back: huge pages save most of the page faults of a big KB.
    detail::reserveHuge(m_nodes, nodes);
    detail::reserveHuge(m_children, childSlots);
    if (m_text.capacity() < textBytes) {
        m_text.reserve(detail::hugeCapacityBytes(textBytes + 1) - 1); // and its terminating NUL
        detail::adviseHugePages(m_text.data(), m_text.capacity());
    }
}

void TermArena::releaseUnused()
{
    detail::releaseUnusedCapacity(m_nodes);
    detail::releaseUnusedCapacity(m_children);
    detail::releaseUnusedCapacity(m_text.data(), m_text.size(), m_text.capacity());
}

std::uint32_t TermArena::append(const TermArena &other, std::uint32_t lineOffset)
{
    const auto nodeBase = std::uint32_t(m_nodes.size());
    const auto childBase = std::uint32_t(m_children.size());
    const auto textBase = std::uint32_t(m_text.size());
    m_text.append(other.m_text);
    m_children.reserve(m_children.size() + other.m_children.size());
    for (const std::uint32_t child : other.m_children)
        m_children.push_back(child + nodeBase);
    m_nodes.reserve(m_nodes.size() + other.m_nodes.size());
    for (detail::Node node : other.m_nodes) {
        switch (node.kind()) {
        case TermKind::List:
        case TermKind::Vector:
            node.a += childBase;
            break;
        case TermKind::String:
            if (!node.inSource())
                node.a += textBase;
            break;
        case TermKind::Decimal:
            node.a += textBase;
            break;
        case TermKind::Integer:
        case TermKind::Symbol:
        case TermKind::Variable:
        case TermKind::Anonymous:
        case TermKind::Dot:
            break;
        }
        node.line += lineOffset;
        m_nodes.push_back(node);
    }
    return nodeBase;
}

std::uint32_t TermArena::addInteger(std::int64_t value, Span span)
{
    const auto bits = std::uint64_t(value);
    m_nodes.push_back({ TermKind::Integer, std::uint32_t(bits), std::uint32_t(bits >> 32), span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addDecimal(std::string_view canonicalText, Span span)
{
    const auto offset = std::uint32_t(m_text.size());
    m_text.append(canonicalText);
    m_nodes.push_back({ TermKind::Decimal, offset, std::uint32_t(canonicalText.size()), span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addString(std::string_view utf8, Span span)
{
    const auto offset = std::uint32_t(m_text.size());
    m_text.append(utf8);
    m_nodes.push_back({ TermKind::String, offset, std::uint32_t(utf8.size()), span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addSourceString(std::uint32_t offset, std::uint32_t size, Span span)
{
    Q_ASSERT(std::size_t(offset) + size <= std::size_t(m_source.size()));
    m_nodes.push_back({ TermKind::String, offset, size, span, true });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addSymbol(SymbolId id, Span span)
{
    m_nodes.push_back({ TermKind::Symbol, id, 0, span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addVariable(SymbolId id, Span span)
{
    m_nodes.push_back({ TermKind::Variable, id, 0, span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addAnonymous(Span span)
{
    m_nodes.push_back({ TermKind::Anonymous, 0, 0, span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addDot(Span span)
{
    m_nodes.push_back({ TermKind::Dot, 0, 0, span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::addCompound(TermKind kind, std::span<const std::uint32_t> children, Span span)
{
    const auto first = std::uint32_t(m_children.size());
    m_children.insert(m_children.end(), children.begin(), children.end());
    m_nodes.push_back({ kind, first, std::uint32_t(children.size()), span });
    return std::uint32_t(m_nodes.size() - 1);
}

std::uint32_t TermArena::copy(Term term)
{
    switch (term.kind()) {
    case TermKind::Integer:
        return addInteger(term.integer(), term.span());
    case TermKind::Decimal:
        return addDecimal(term.text(), term.span());
    case TermKind::String:
        return addString(term.text(), term.span());
    case TermKind::Symbol:
        return addSymbol(term.symbol(), term.span());
    case TermKind::Variable:
        return addVariable(term.symbol(), term.span());
    case TermKind::Anonymous:
        return addAnonymous(term.span());
    case TermKind::Dot:
        return addDot(term.span());
    case TermKind::List:
    case TermKind::Vector:
        break;
    }
    // Terms come from the reader or from builders, both bounded by maxDepth.
    std::vector<std::uint32_t> children;
    children.reserve(term.size());
    for (std::uint32_t i = 0; i < term.size(); ++i)
        children.push_back(copy(term.at(i)));
    return addCompound(term.kind(), children, term.span());
}

bool sameTerm(Term a, Term b)
{
    if (a.isNull() || b.isNull())
        return a.isNull() == b.isNull();
    if (a.kind() != b.kind())
        return false;
    switch (a.kind()) {
    case TermKind::Integer:
        return a.integer() == b.integer();
    case TermKind::Decimal:
    case TermKind::String:
        return a.text() == b.text();
    case TermKind::Symbol:
    case TermKind::Variable:
        return a.symbol() == b.symbol();
    case TermKind::Anonymous:
    case TermKind::Dot:
        return true;
    case TermKind::List:
    case TermKind::Vector:
        break;
    }
    if (a.size() != b.size())
        return false;
    for (std::uint32_t i = 0; i < a.size(); ++i) {
        if (!sameTerm(a.at(i), b.at(i)))
            return false;
    }
    return true;
}

std::optional<std::pair<Term, Term>> firstDifference(Term a, Term b)
{
    if (a.isNull() || b.isNull()) {
        if (a.isNull() == b.isNull())
            return std::nullopt;
        return std::pair { a, b };
    }
    if (a.kind() != b.kind() || a.span() != b.span() || a.symbol() != b.symbol() || a.text() != b.text() || a.size() != b.size()
        || (a.kind() == TermKind::Integer && a.integer() != b.integer()))
        return std::pair { a, b };
    for (std::uint32_t i = 0; i < a.size(); ++i) {
        if (auto difference = firstDifference(a.at(i), b.at(i)))
            return difference;
    }
    return std::nullopt;
}

} // namespace fanva::kb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/symbol.h"
#include "lang/span.h"

#include <QByteArray>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fanva::kb {

/// Every recursive walk in engine/kb and engine/check stops at this depth (lists and
/// vectors, a top-level list being depth 1), so hostile input cannot exhaust the stack.
inline constexpr int maxDepth = 256;

enum class TermKind : std::uint8_t {
    Integer, ///< 64-bit signed integer
    Decimal, ///< exact decimal, kept as canonical text ("0.5")
    String, ///< string literal, kept unescaped (UTF-8)
    Symbol, ///< symbol, possibly namespaced (ns/name)
    Variable, ///< ?name; its symbol id is interned with the '?'
    Anonymous, ///< _ : each occurrence is a distinct variable
    Dot, ///< . in a dotted rest (?pred . ?args)
    List, ///< ( ... )
    Vector, ///< [ ... ]
};

/// Where a term was read: byte offsets [begin, end) into the raw file, and begin's
/// 1-based line and column (columns count code points). Terms built in memory (canonical
/// forms) have an all-zero span. The language-neutral span (lang/span.h).
using Span = lang::Span;

class TermArena;

namespace detail {
// One node of a TermArena, 24 bytes (a KB of a million sentences holds some four million).
// `a`/`b` hold: the symbol id (Symbol, Variable); an offset/length into the arena's text
// pool (String, Decimal); the first child slot and the element count (List, Vector); the
// low and high halves of an Integer's value. A String read without escapes points into
// the arena's source text (the file's bytes) instead of its pool: `inSource`. The kind and
// that flag share a word with the span's column, which saturates at maxColumn (a line of
// 134 million code points; a KB file has at most 64 MiB).
struct Node {
    static constexpr std::uint32_t maxColumn = (std::uint32_t(1) << 27) - 1;

    Node(TermKind kind, std::uint32_t a, std::uint32_t b, const Span &span, bool inSource = false)
        : a(a)
        , b(b)
        , begin(span.begin)
        , end(span.end)
        , line(span.line)
        , columnKind((std::min(span.column, maxColumn) << 5) | (inSource ? 0x10U : 0U) | std::uint32_t(kind))
    { }

    [[nodiscard]] TermKind kind() const { return TermKind(columnKind & 0xF); }
    [[nodiscard]] bool inSource() const { return (columnKind & 0x10U) != 0; }
    [[nodiscard]] Span span() const { return { begin, end, line, columnKind >> 5 }; }

    std::uint32_t a = 0;
    std::uint32_t b = 0;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    std::uint32_t line = 0;
    std::uint32_t columnKind = 0; ///< column << 5 | inSource << 4 | kind
};
static_assert(sizeof(Node) == 24);
static_assert(std::uint32_t(TermKind::Vector) < 16, "a node keeps its kind in 4 bits");
} // namespace detail

/// A read-only handle on one term stored in a TermArena: cheap to copy (a pointer and an
/// index), valid as long as its arena lives. operator== is identity (same arena and node);
/// compare structure with sameTerm(). A default-constructed Term is null.
class Term
{
public:
    Term() = default;
    Term(const TermArena *arena, std::uint32_t index)
        : m_arena(arena)
        , m_index(index)
    { }

    [[nodiscard]] bool isNull() const { return m_arena == nullptr; }
    [[nodiscard]] TermKind kind() const { return node().kind(); }
    [[nodiscard]] bool isList() const { return !isNull() && kind() == TermKind::List; }
    [[nodiscard]] bool isVector() const { return !isNull() && kind() == TermKind::Vector; }
    [[nodiscard]] bool isSymbol() const { return !isNull() && kind() == TermKind::Symbol; }
    [[nodiscard]] bool isSymbol(SymbolId id) const { return isSymbol() && node().a == id; }
    [[nodiscard]] bool isVariable() const { return !isNull() && (kind() == TermKind::Variable || kind() == TermKind::Anonymous); }
    [[nodiscard]] bool isNumber() const { return !isNull() && (kind() == TermKind::Integer || kind() == TermKind::Decimal); }
    [[nodiscard]] bool isString() const { return !isNull() && kind() == TermKind::String; }
    [[nodiscard]] bool isDot() const { return !isNull() && kind() == TermKind::Dot; }
    /// A list or a vector.
    [[nodiscard]] bool isCompound() const { return isList() || isVector(); }

    /// The symbol id of a Symbol or Variable; noSymbol otherwise.
    [[nodiscard]] SymbolId symbol() const
    {
        return (!isNull() && (kind() == TermKind::Symbol || kind() == TermKind::Variable)) ? node().a : noSymbol;
    }
    /// The spelling of a Symbol or Variable.
    [[nodiscard]] std::string_view name() const { return symbolName(symbol()); }
    /// The value of an Integer.
    [[nodiscard]] std::int64_t integer() const { return std::int64_t((std::uint64_t(node().b) << 32) | node().a); }
    /// A String's unescaped UTF-8 contents, or a Decimal's canonical text.
    [[nodiscard]] std::string_view text() const;

    /// Element count of a list or vector (0 for atoms).
    [[nodiscard]] std::uint32_t size() const { return isCompound() ? node().b : 0; }
    [[nodiscard]] Term at(std::uint32_t i) const;
    [[nodiscard]] Term operator[](std::uint32_t i) const { return at(i); }
    /// The first element of a non-empty list; null otherwise.
    [[nodiscard]] Term functor() const { return isList() && size() > 0 ? at(0) : Term(); }
    /// The functor's symbol id, if the term is a list headed by a symbol.
    [[nodiscard]] SymbolId functorSymbol() const { return functor().isSymbol() ? functor().symbol() : noSymbol; }
    /// True if this is a list headed by the symbol `id`.
    [[nodiscard]] bool isForm(SymbolId id) const { return isList() && size() > 0 && at(0).isSymbol(id); }

    [[nodiscard]] Span span() const { return node().span(); }
    [[nodiscard]] const TermArena *arena() const { return m_arena; }
    [[nodiscard]] std::uint32_t index() const { return m_index; }

    friend bool operator==(const Term &, const Term &) = default;

private:
    [[nodiscard]] const detail::Node &node() const;

    const TermArena *m_arena = nullptr;
    std::uint32_t m_index = 0;
};

/// Owns the nodes, child lists and literal text of many terms (a file's sentences, or
/// one built term). Append-only: adding a term never invalidates a Term handle's meaning,
/// but handles must not outlive the arena.
class TermArena final
{
public:
    TermArena() = default;
    TermArena(const TermArena &) = delete;
    TermArena &operator=(const TermArena &) = delete;

    [[nodiscard]] Term term(std::uint32_t index) const { return Term(this, index); }
    [[nodiscard]] std::size_t nodeCount() const { return m_nodes.size(); }
    /// Bytes held (nodes, child slots, text pool), for memory reports.
    [[nodiscard]] std::size_t memoryUsage() const;
    void reserve(std::size_t nodes, std::size_t childSlots, std::size_t textBytes);
    /// Gives back the memory reserve() set aside and the terms did not use (the reader, once
    /// a file is read).
    void releaseUnused();

    // Building. Each returns the new node's index.
    std::uint32_t addInteger(std::int64_t value, Span span = {});
    /// `canonicalText` as produced by the reader: no '+', no trailing zeros but one.
    std::uint32_t addDecimal(std::string_view canonicalText, Span span = {});
    std::uint32_t addString(std::string_view utf8, Span span = {});
    /// The text this arena's terms were read from (shared, not copied): a String may keep
    /// its contents there (addSourceString) instead of in the arena's pool.
    void setSource(const QByteArray &source) { m_source = source; }
    /// A String whose contents are bytes [offset, offset + size) of the source text.
    std::uint32_t addSourceString(std::uint32_t offset, std::uint32_t size, Span span = {});
    std::uint32_t addSymbol(SymbolId id, Span span = {});
    std::uint32_t addVariable(SymbolId id, Span span = {});
    /// Sets the id of a Symbol or Variable node added earlier (the reader adds a name's node
    /// first and resolves its id a few names later).
    void setSymbol(std::uint32_t index, SymbolId id) { m_nodes[index].a = id; }
    std::uint32_t addAnonymous(Span span = {});
    std::uint32_t addDot(Span span = {});
    /// A list or vector of previously added nodes.
    std::uint32_t addCompound(TermKind kind, std::span<const std::uint32_t> children, Span span = {});
    /// Deep copy of `term` (from any arena) into this one, spans kept.
    std::uint32_t copy(Term term);
    /// Appends every node of `other`, which was read from the same source text, with its
    /// lines moved down by `lineOffset` (a piece of a file read on its own, parseDocument).
    /// Returns the index `other`'s node 0 now has: node i of `other` is node base + i here.
    std::uint32_t append(const TermArena &other, std::uint32_t lineOffset);

private:
    friend class Term;
    std::vector<detail::Node> m_nodes;
    std::vector<std::uint32_t> m_children;
    std::string m_text;
    QByteArray m_source;
};

inline const detail::Node &Term::node() const
{
    return m_arena->m_nodes[m_index];
}

inline Term Term::at(std::uint32_t i) const
{
    return Term(m_arena, m_arena->m_children[node().a + i]);
}

inline std::string_view Term::text() const
{
    const detail::Node &n = node();
    if (n.kind() != TermKind::String && n.kind() != TermKind::Decimal)
        return {};
    if (n.inSource())
        return std::string_view(m_arena->m_source.constData() + n.a, n.b);
    return std::string_view(m_arena->m_text).substr(n.a, n.b);
}

/// A term together with the arena that keeps it alive (a parsed candidate, a canonical form).
struct OwnedTerm {
    std::shared_ptr<const TermArena> arena;
    Term term;
};

/// Structural equality: same kinds, symbols, numbers (by canonical text) and strings,
/// element by element; spans are ignored. Two anonymous variables are equal here.
[[nodiscard]] bool sameTerm(Term a, Term b);

/// Where `a` and `b` first differ, spans included (kind, span, name, text, value or length),
/// depth first; nothing if they are identical. For two reads of one text, e.g. a large file
/// read in one pass and in pieces.
[[nodiscard]] std::optional<std::pair<Term, Term>> firstDifference(Term a, Term b);

} // namespace fanva::kb

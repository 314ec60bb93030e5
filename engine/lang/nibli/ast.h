// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fanva::lang::nibli {

// The syntax tree of nibli KR (nibli-kr.md §2.3). Every node keeps the byte offset where it
// starts in the text it was read from. The resolver (§3) fills the `place` fields; until
// then they are 0. Parentheses are not nodes: operators are binary nodes associated as the
// grammar says, and `prefix (atom)` is read as `prefix atom`.

struct Claim;
struct Restrictor;

/// One unit of a tanru: a predicate word `a` or compound `a+b`, or a bracket group `[ … ]`.
struct Unit {
    std::vector<std::string> parts; ///< the pword's words (one, or more joined by +); empty for a group
    std::vector<Unit> group; ///< the bracket group's units
    uint32_t offset = 0;
    [[nodiscard]] bool isGroup() const { return parts.empty(); }
    [[nodiscard]] std::string word() const; ///< parts joined by '+'
};

using Seq = std::vector<Unit>;

/// The unit whose entry gives a seq's arity and labels: the last unit, or its group's head.
[[nodiscard]] const Unit &seqHead(const Seq &seq);

struct Clause;

enum class Det : uint8_t { Some, Every, EveryThe, The, Exactly, ExactlyThe };

enum class TermKind : uint8_t { Empty, Question, Number, String, Variable, Keyterm, Abstraction, Phrase, Name };

struct Term {
    TermKind kind = TermKind::Empty;
    uint32_t offset = 0;
    /// Number: exact decimal text (§5.2 rule 5); String: unescaped text; Variable: name
    /// without `$`; Keyterm: the keyword; Abstraction: its word; Name: as written.
    std::string text;
    std::unique_ptr<Claim> body; ///< Abstraction
    Det det = Det::Some; ///< Phrase
    uint32_t count = 0; ///< Phrase with Exactly / ExactlyThe (`no` reads as exactly 0)
    std::unique_ptr<Restrictor> restrictor; ///< Phrase
    std::vector<Clause> clauses; ///< Name
};

/// An argument `[label:] term`. `label` is empty for a positional argument.
struct Argument {
    std::string label;
    uint32_t offset = 0; ///< the label's offset, else the term's
    Term term;
    int place = 0; ///< resolved place number (1-based)
    std::string placeName; ///< resolved: the entry's name for that place
};

struct Via {
    Unit word;
    Term term;
    uint32_t offset = 0; ///< the `via` keyword
};

struct Predication {
    Seq seq;
    std::vector<Argument> arguments;
    std::vector<Via> vias;
    uint32_t offset = 0;
};

struct Clause {
    bool also = false; ///< `also`, else `where`
    uint32_t offset = 0;
    bool bare = false;
    bool bareNegated = false;
    Seq bareSeq;
    std::unique_ptr<Claim> claim; ///< when not bare
};

struct Restrictor {
    uint32_t offset = 0;
    bool negated = false;
    bool selector = false;
    Unit selectorWord; ///< selector `w.label`
    std::string selectorLabel;
    uint32_t selectorLabelOffset = 0;
    Seq seq;
    bool linked = false; ///< written with `( … )`
    uint32_t linkedOffset = 0;
    std::vector<Argument> arguments; ///< linked arguments; `label: it` marks the bound place
    std::vector<Clause> clauses;
    int boundPlace = 1; ///< resolved
    std::string boundName; ///< resolved: the entry's name for the bound place
};

enum class Prefix : uint8_t { None, Past, Now, Future, Must, May };

enum class ClaimKind : uint8_t { Prenex, Block, Binary, Predication, Equality };

enum class Op : uint8_t { And, Or, Xor, Iff, Implies };

struct Variable {
    std::string name;
    uint32_t offset = 0;
};

struct Claim {
    ClaimKind kind = ClaimKind::Predication;
    uint32_t offset = 0;
    // Prenex
    std::vector<Variable> variables;
    // Block: det, count, restrictor, variables[0]
    Det det = Det::Some;
    uint32_t count = 0;
    std::unique_ptr<Restrictor> restrictor;
    // Prenex and Block body; Binary operands
    std::unique_ptr<Claim> body;
    Op op = Op::And;
    std::unique_ptr<Claim> left;
    std::unique_ptr<Claim> right;
    // Atoms (Predication, Equality)
    Prefix prefix = Prefix::None;
    bool negated = false;
    Predication predication;
    Term lhs;
    Term rhs;
};

struct Declaration {
    std::string name;
    uint32_t nameOffset = 0;
    std::vector<Variable> labels; ///< label words with their offsets
    bool hasReading = false;
    std::string reading; ///< unescaped
    uint32_t readingOffset = 0;
};

/// One statement with its span `[begin, end)` in the text and begin's line:col.
struct Statement {
    uint32_t begin = 0;
    uint32_t end = 0;
    int line = 0;
    int column = 0;
    bool isDeclaration = false;
    Declaration declaration;
    std::unique_ptr<Claim> claim;
};

[[nodiscard]] const char *prefixWord(Prefix p);

} // namespace fanva::lang::nibli

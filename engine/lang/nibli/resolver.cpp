// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/checks.h"

#include "lang/nibli/codes.h"

#include <algorithm>
#include <array>

namespace fanva::lang::nibli {

namespace {

constexpr std::array<std::string_view, 13> s_problemOrder { codes::unknownPredicate, codes::unknownCompound, codes::tooManyArguments,
    codes::unknownLabel, codes::placeTwice, codes::linkedIt, codes::linkedX1, codes::viaArity, codes::itOutside, codes::slotOutside,
    codes::namePronoun, codes::declarationConflict, codes::declarationLabel };

size_t rank(std::string_view id)
{
    return static_cast<size_t>(std::find(s_problemOrder.begin(), s_problemOrder.end(), id) - s_problemOrder.begin());
}

// Edit distance of a and b, or limit + 1 once it must exceed limit. `row` is scratch space.
size_t levenshtein(const std::u32string &a, const std::u32string &b, size_t limit, std::vector<size_t> &row)
{
    if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > limit)
        return limit + 1;
    row.resize(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        size_t least = row[0];
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({ row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1) });
            diagonal = up;
            least = std::min(least, row[j]);
        }
        // A row's least entry never decreases further down.
        if (least > limit)
            return limit + 1;
    }
    return row[b.size()];
}

// Code points in UTF-8 text (lead bytes counted, as codePoints() splits it).
size_t codePointCount(std::string_view s)
{
    size_t count = 0;
    for (size_t i = 0; i < s.size(); ++count) {
        const auto c = static_cast<unsigned char>(s[i]);
        i += c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    }
    return count;
}

std::u32string codePoints(std::string_view s)
{
    std::u32string out;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        char32_t cp = c < 0x80 ? c : c & (len == 2 ? 0x1Fu : len == 3 ? 0x0Fu : 0x07u);
        for (size_t k = 1; k < len && i + k < s.size(); ++k)
            cp = (cp << 6u) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
        out += cp;
        i += len;
    }
    return out;
}

bool isRawPlace(std::string_view label)
{
    return label.size() >= 2 && label[0] == 'x' && std::all_of(label.begin() + 1, label.end(), [](char c) { return c >= '0' && c <= '9'; });
}

class Resolver final
{
public:
    explicit Resolver(const Vocabulary &vocabulary)
        : m_vocabulary(vocabulary)
    { }

    std::vector<Diagnostic> run(Statement &s);

private:
    void problem(const char *id, uint32_t at, std::string message) { m_out.push_back({ id, at, 0, 0, std::move(message) }); }
    const Entry *unit(const Unit &u);
    const Entry *seq(const Seq &s);
    void claim(Claim &c);
    void predication(Predication &p);
    void fill(std::vector<Argument> &arguments, const Entry *entry, const Unit &head);
    void term(Term &t);
    void restrictor(Restrictor &r);
    void clauses(std::vector<Clause> &list);
    void declaration(const Statement &s);

    const Vocabulary &m_vocabulary;
    std::vector<Diagnostic> m_out;
    int m_inClause = 0;
    int m_inProperty = 0;
};

std::vector<Diagnostic> Resolver::run(Statement &s)
{
    if (s.isDeclaration)
        declaration(s);
    else
        claim(*s.claim);
    std::stable_sort(m_out.begin(), m_out.end(),
        [](const Diagnostic &a, const Diagnostic &b) { return a.offset != b.offset ? a.offset < b.offset : rank(a.id) < rank(b.id); });
    return std::move(m_out);
}

const Entry *Resolver::unit(const Unit &u)
{
    if (u.isGroup())
        return seq(u.group);
    const std::string word = u.word();
    const Entry *e = m_vocabulary.find(word);
    if (u.parts.size() > 1) {
        if (e == nullptr)
            problem(codes::unknownCompound, u.offset,
                "unknown compound " + word
                    + ": a+b resolves only to a listed compound (computer+user, data+record, dog+house); for an ad-hoc "
                      "combination write the words side by side ("
                    + word.substr(0, word.find('+')) + " " + word.substr(word.find('+') + 1) + ")");
        return e;
    }
    if (e == nullptr) {
        const auto near = suggestions(word, m_vocabulary);
        std::string list;
        for (const std::string &w : near)
            list += (list.empty() ? "" : ", ") + w;
        problem(codes::unknownPredicate, u.offset,
            "unknown predicate " + word + ": not in the vocabulary; " + (near.empty() ? "no close name" : "nearest: " + list)
                + " — use a listed predicate, or declare one with pred");
    }
    return e;
}

const Entry *Resolver::seq(const Seq &s)
{
    const Entry *head = nullptr;
    for (const Unit &u : s)
        head = unit(u);
    return head;
}

void Resolver::claim(Claim &c)
{
    switch (c.kind) {
    case ClaimKind::Prenex:
        claim(*c.body);
        return;
    case ClaimKind::Block:
        restrictor(*c.restrictor);
        claim(*c.body);
        return;
    case ClaimKind::Binary:
        claim(*c.left);
        claim(*c.right);
        return;
    case ClaimKind::Equality:
        term(c.lhs);
        term(c.rhs);
        return;
    case ClaimKind::Predication:
        predication(c.predication);
        return;
    }
}

void Resolver::predication(Predication &p)
{
    const Entry *head = seq(p.seq);
    fill(p.arguments, head, seqHead(p.seq));
    for (Via &v : p.vias) {
        const Entry *e = unit(v.word);
        if (e != nullptr && e->arity() < 2)
            problem(codes::viaArity, v.offset,
                "via " + e->name + ": a via predicate needs at least 2 places (the tagged term and the claim's first argument), and "
                    + e->name + " has " + std::to_string(e->arity()));
        term(v.term);
    }
}

void Resolver::fill(std::vector<Argument> &arguments, const Entry *entry, const Unit &head)
{
    const auto word = [&] { return head.word(); };
    std::array<bool, 6> filled {};
    int positional = 0;
    for (Argument &a : arguments) {
        if (entry != nullptr) {
            int place = 0;
            if (a.label.empty()) {
                place = ++positional;
                if (place > entry->arity()) {
                    problem(codes::tooManyArguments, a.offset,
                        "too many arguments for " + word() + ": it has " + std::to_string(entry->arity()) + " places (" + entry->labelList()
                            + "); drop the extra argument or use a predicate with more places");
                    place = 0;
                }
            } else {
                place = entry->placeOf(a.label);
                if (place == 0)
                    problem(codes::unknownLabel, a.offset,
                        word() + " has no place " + a.label + ": its places are " + entry->labelList() + " (or x1..x"
                            + std::to_string(entry->arity()) + ")");
            }
            if (place > 0 && filled[static_cast<size_t>(place)]) {
                problem(codes::placeTwice, a.offset,
                    "place " + entry->places[static_cast<size_t>(place) - 1] + " (x" + std::to_string(place) + ") of " + word()
                        + " is filled twice: keep one argument for it");
                place = 0;
            }
            if (place > 0) {
                filled[static_cast<size_t>(place)] = true;
                a.placeName = entry->places[static_cast<size_t>(place) - 1];
            }
            a.place = place;
        }
        term(a.term);
    }
}

void Resolver::term(Term &t)
{
    switch (t.kind) {
    case TermKind::Keyterm:
        if (t.text == "it" && m_inClause == 0)
            problem(codes::itOutside, t.offset,
                "'it' stands for the thing a where/also clause describes and belongs inside such a clause (or as a marker like "
                "loves(loved: it)): use a Name, a $variable or a determiner phrase here");
        if (t.text == "slot" && m_inProperty == 0)
            problem(codes::slotOutside, t.offset, "'slot' is the open place of a property { … } abstraction and belongs only inside one");
        return;
    case TermKind::Abstraction: {
        const bool property = t.text == "property";
        m_inProperty += property ? 1 : 0;
        claim(*t.body);
        m_inProperty -= property ? 1 : 0;
        return;
    }
    case TermKind::Phrase:
        restrictor(*t.restrictor);
        return;
    case TermKind::Name: {
        if (t.text.find('_') == std::string::npos) {
            std::string lower = t.text;
            std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; });
            if (lower == "me" || lower == "you" || lower == "we" || lower == "this" || lower == "that" || lower == "yonder")
                problem(codes::namePronoun, t.offset,
                    "the Name " + t.text + " would be the same constant as the pronoun " + lower + ": write " + lower
                        + " for the pronoun, or pick another Name");
        }
        clauses(t.clauses);
        return;
    }
    default:
        return;
    }
}

void Resolver::restrictor(Restrictor &r)
{
    if (r.selector) {
        const Entry *e = unit(r.selectorWord);
        if (e != nullptr) {
            r.boundPlace = e->placeOf(r.selectorLabel);
            if (r.boundPlace == 0) {
                problem(codes::unknownLabel, r.selectorWord.offset,
                    e->name + " has no place " + r.selectorLabel + ": its places are " + e->labelList() + " (or x1..x"
                        + std::to_string(e->arity()) + ")");
                r.boundPlace = 1;
            }
            r.boundName = e->places[static_cast<size_t>(r.boundPlace) - 1];
        }
        clauses(r.clauses);
        return;
    }
    const Entry *head = seq(r.seq);
    const std::string word = seqHead(r.seq).word();
    r.boundPlace = 1;
    std::array<bool, 6> filled {};
    bool marker = false;
    bool placeOneFilled = false;
    int positional = 0;
    for (Argument &a : r.arguments) {
        const bool isIt = a.term.kind == TermKind::Keyterm && a.term.text == "it";
        if (isIt && a.label.empty()) {
            problem(
                codes::linkedIt, a.offset, "a positional it is ambiguous in a restrictor's arguments: name its place (loves(loved: it))");
            continue;
        }
        if (isIt && marker) {
            problem(codes::linkedIt, a.offset, "only one it may mark where the described thing sits");
            continue;
        }
        if (head == nullptr) {
            if (!isIt)
                term(a.term);
            continue;
        }
        int place = 0;
        if (a.label.empty()) {
            place = 2 + positional++;
            if (place > head->arity()) {
                problem(codes::tooManyArguments, a.offset,
                    "too many arguments for " + word + ": it has " + std::to_string(head->arity()) + " places (" + head->labelList()
                        + ") and the described thing takes the first, so positional links fill " + head->labelList(2));
                place = 0;
            }
        } else {
            place = head->placeOf(a.label);
            if (place == 0)
                problem(codes::unknownLabel, a.offset,
                    word + " has no place " + a.label + ": its places are " + head->labelList() + " (or x1..x"
                        + std::to_string(head->arity()) + ")");
        }
        if (place > 0 && filled[static_cast<size_t>(place)]) {
            problem(codes::placeTwice, a.offset,
                "place " + head->places[static_cast<size_t>(place) - 1] + " (x" + std::to_string(place) + ") of " + word
                    + " is filled twice: keep one argument for it");
            place = 0;
        }
        if (place > 0) {
            filled[static_cast<size_t>(place)] = true;
            a.placeName = head->places[static_cast<size_t>(place) - 1];
        }
        a.place = place;
        if (isIt) {
            marker = true;
            if (place > 0)
                r.boundPlace = place;
        } else {
            placeOneFilled |= place == 1;
            term(a.term);
        }
    }
    if (head != nullptr && placeOneFilled && r.boundPlace == 1) {
        const std::string second = head->arity() >= 2 ? head->places[1] : std::string("x2");
        problem(codes::linkedX1, r.offset,
            "these arguments fill " + head->places[0] + " (x1) of " + word + ", where the described thing belongs: mark its place with it ("
                + word + "(" + second + ": it, …)) or move the argument");
    }
    clauses(r.clauses);
}

void Resolver::clauses(std::vector<Clause> &list)
{
    for (Clause &c : list) {
        if (c.bare) {
            seq(c.bareSeq);
            continue;
        }
        ++m_inClause;
        claim(*c.claim);
        --m_inClause;
    }
}

void Resolver::declaration(const Statement &s)
{
    const Declaration &d = s.declaration;
    const std::string &w = d.name;
    const uint32_t at = s.begin;
    if (w == "pred") {
        problem(codes::declarationConflict, at, "pred cannot be declared");
    } else if (const Entry *e = m_vocabulary.lexicon().find(w)) {
        problem(codes::declarationConflict, at,
            w + " is already in the vocabulary as " + w + "(" + e->labelList() + "): use it, or declare a different name");
    } else if (const Entry *declared = m_vocabulary.findDeclared(w)) {
        if (declared->declarationText != render(s))
            problem(codes::declarationConflict, at,
                w + " is already declared as " + declared->declarationText + ": use it, or declare a different name");
    }
    const int n = static_cast<int>(d.labels.size());
    if (n > 5)
        problem(codes::declarationLabel, at, w + " declares " + std::to_string(n) + " places: at most 5");
    for (size_t i = 0; i < d.labels.size(); ++i) {
        const Variable &label = d.labels[i];
        if (isRawPlace(label.name)) {
            problem(codes::declarationLabel, label.offset, "place label " + label.name + " looks like a raw place number: name the place");
            continue;
        }
        for (size_t j = 0; j < i; ++j)
            if (d.labels[j].name == label.name) {
                problem(codes::declarationLabel, label.offset, "place label " + label.name + " is used twice in " + w);
                break;
            }
    }
    if (d.hasReading) {
        const std::string &r = d.reading;
        for (size_t i = r.find("{x"); i != std::string::npos; i = r.find("{x", i + 1)) {
            const size_t close = r.find('}', i);
            if (close == std::string::npos)
                break;
            const std::string digits = r.substr(i + 2, close - i - 2);
            if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
                continue;
            if (digits.size() > 1 || digits[0] == '0' || digits[0] - '0' > n) {
                problem(codes::declarationLabel, at,
                    "the reading of " + w + " uses {x" + digits + "} but " + w + " has " + std::to_string(n) + " places");
                break;
            }
        }
    }
}

} // namespace

std::vector<Diagnostic> resolve(Statement &s, const Vocabulary &vocabulary)
{
    return Resolver(vocabulary).run(s);
}

std::vector<std::string> suggestions(std::string_view word, const Vocabulary &vocabulary)
{
    const std::u32string target = codePoints(word);
    const size_t limit = std::max<size_t>(2, target.size() / 3);
    std::vector<std::pair<size_t, std::string_view>> found;
    std::vector<size_t> row;
    for (const std::string_view candidate : vocabulary.simpleWords()) {
        const size_t length = codePointCount(candidate);
        if ((length > target.size() ? length - target.size() : target.size() - length) > limit)
            continue;
        const size_t d = levenshtein(target, codePoints(candidate), limit, row);
        if (d <= limit)
            found.emplace_back(d, candidate);
    }
    std::sort(found.begin(), found.end());
    std::vector<std::string> out;
    for (size_t i = 0; i < found.size() && i < 3; ++i)
        out.emplace_back(found[i].second);
    return out;
}

void locate(std::vector<Diagnostic> &diagnostics, const LineIndex &index)
{
    for (Diagnostic &d : diagnostics) {
        const auto [line, column] = index.position(d.offset);
        d.line = line;
        d.column = column;
    }
}

} // namespace fanva::lang::nibli

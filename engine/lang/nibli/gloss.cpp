// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/gloss.h"

#include <algorithm>
#include <array>
#include <vector>

namespace fanva::lang::nibli {

namespace {

constexpr std::array<std::string_view, 18> s_prepositions { "to", "from", "via", "using", "of", "about", "on", "for", "toward", "than",
    "and", "with", "over", "in", "at", "by", "as", "into" };

struct Placeholder {
    size_t begin = 0;
    size_t end = 0;
    int place = 0;
};

std::vector<Placeholder> placeholders(const std::string &text)
{
    std::vector<Placeholder> out;
    for (size_t i = text.find("{x"); i != std::string::npos; i = text.find("{x", i + 1)) {
        if (i + 3 < text.size() && text[i + 2] >= '1' && text[i + 2] <= '5' && text[i + 3] == '}')
            out.push_back({ i, i + 4, text[i + 2] - '0' });
    }
    return out;
}

bool beginsWithPreposition(std::string_view between)
{
    while (!between.empty() && between.front() == ' ')
        between.remove_prefix(1);
    const size_t space = between.find(' ');
    const std::string_view first = between.substr(0, space);
    return std::find(s_prepositions.begin(), s_prepositions.end(), first) != s_prepositions.end();
}

std::string words(const Seq &seq)
{
    std::string out;
    for (const Unit &u : seq) {
        if (!out.empty())
            out += ' ';
        if (u.isGroup()) {
            out += words(u.group);
            continue;
        }
        for (const char c : u.word())
            out += c == '_' || c == '+' ? ' ' : c;
    }
    return out;
}

/// A determiner as English words ("every one of the", "exactly 3", "no").
std::string determinerWords(Det det, uint32_t count)
{
    switch (det) {
    case Det::Some:
        return "some";
    case Det::Every:
        return "every";
    case Det::EveryThe:
        return "every one of the";
    case Det::The:
        return "the";
    case Det::Exactly:
        return count == 0 ? "no" : "exactly " + std::to_string(count);
    case Det::ExactlyThe:
        return "exactly " + std::to_string(count) + " of the";
    }
    return {};
}

std::string spaced(std::string_view text)
{
    std::string out(text);
    std::replace(out.begin(), out.end(), '_', ' ');
    return out;
}

class Reader final
{
public:
    explicit Reader(const Vocabulary &vocabulary)
        : m_vocabulary(vocabulary)
    { }

    std::string claim(const Claim &c);
    int read = 0;
    int unread = 0;

private:
    /// The reading of a predicate `seq` (head `head`) with its places filled.
    std::string predicate(const Seq &seq, const Unit &head, const std::map<int, std::string> &places);
    std::string predication(const Predication &p);
    std::string term(const Term &t);
    std::string phrase(const char *det, const Restrictor &r);
    std::string clauses(const std::vector<Clause> &list);
    std::string determined(const std::string &det, const Restrictor &r, const std::string &variable);

    const Vocabulary &m_vocabulary;
};

std::string Reader::predicate(const Seq &seq, const Unit &head, const std::map<int, std::string> &places)
{
    const Entry *e = m_vocabulary.find(head.word());
    const bool tanru = seq.size() > 1 || seq.front().isGroup();
    if (e == nullptr || e->reading.empty()) {
        ++unread;
        std::string out = words(seq) + "(";
        bool first = true;
        for (const auto &[place, text] : places) {
            if (!first)
                out += ", ";
            first = false;
            out += (e != nullptr ? e->places[static_cast<size_t>(place) - 1] : "x" + std::to_string(place)) + ": " + text;
        }
        return out + ")";
    }
    ++read;
    std::string out = fillTemplate(e->reading, places);
    std::vector<int> used;
    for (const Placeholder &p : placeholders(e->reading))
        used.push_back(p.place);
    std::string extra;
    for (const auto &[place, text] : places) {
        if (std::find(used.begin(), used.end(), place) != used.end())
            continue;
        extra += (extra.empty() ? "" : ", ") + e->places[static_cast<size_t>(place) - 1] + ": " + text;
    }
    if (!extra.empty())
        out += " (" + extra + ")";
    if (tanru)
        out += " (kind: " + words(seq) + ")";
    return out;
}

std::string Reader::predication(const Predication &p)
{
    std::map<int, std::string> places;
    for (const Argument &a : p.arguments)
        if (a.place > 0)
            places[a.place] = term(a.term);
    std::string out = predicate(p.seq, seqHead(p.seq), places);
    for (const Via &v : p.vias) {
        std::map<int, std::string> viaPlaces { { 1, term(v.term) } };
        if (places.count(1) != 0)
            viaPlaces[2] = places.at(1);
        out += " (via " + v.word.word() + ": " + predicate(Seq { v.word }, v.word, viaPlaces) + ")";
    }
    return out;
}

std::string Reader::claim(const Claim &c)
{
    switch (c.kind) {
    case ClaimKind::Prenex: {
        std::string vars;
        for (size_t i = 0; i < c.variables.size(); ++i) {
            if (i > 0)
                vars += i + 1 == c.variables.size() ? " and " : ", ";
            vars += c.variables[i].name;
        }
        return "for every " + vars + ", " + claim(*c.body);
    }
    case ClaimKind::Block: {
        const std::string v = c.variables.front().name;
        if (c.det == Det::Some)
            return "there is some " + determined("", *c.restrictor, v) + " such that " + claim(*c.body);
        return "for " + determinerWords(c.det, c.count) + " " + determined("", *c.restrictor, v) + ", " + claim(*c.body);
    }
    case ClaimKind::Binary: {
        const std::string a = claim(*c.left);
        const std::string b = claim(*c.right);
        switch (c.op) {
        case Op::And:
            return a + ", and " + b;
        case Op::Or:
            return a + ", or " + b;
        case Op::Xor:
            return "either " + a + " or " + b + ", but not both";
        case Op::Iff:
            return a + " if and only if " + b;
        case Op::Implies:
            return "if " + a + ", then " + b;
        }
        return {};
    }
    case ClaimKind::Equality:
    case ClaimKind::Predication:
        break;
    }
    std::string out = c.kind == ClaimKind::Equality ? term(c.lhs) + " is the same as " + term(c.rhs) : predication(c.predication);
    if (c.negated)
        out = "it is not true that " + out;
    switch (c.prefix) {
    case Prefix::Past:
        return "in the past, " + out;
    case Prefix::Now:
        return "now, " + out;
    case Prefix::Future:
        return "in the future, " + out;
    case Prefix::Must:
        return "it is obligatory that " + out;
    case Prefix::May:
        return "it is permitted that " + out;
    case Prefix::None:
        break;
    }
    return out;
}

// A block's "R v": WORDS (with linked arguments and clauses, as for a phrase) and the variable.
std::string Reader::determined(const std::string &det, const Restrictor &r, const std::string &variable)
{
    std::string text = phrase(det.c_str(), r);
    if (!text.empty() && text.front() == ' ')
        text.erase(0, 1);
    const std::string suffix = clauses(r.clauses);
    return text.substr(0, text.size() - suffix.size()) + " " + variable + suffix;
}

std::string Reader::phrase(const char *det, const Restrictor &r)
{
    std::string out = std::string(det) + " ";
    if (r.selector) {
        std::map<int, std::string> places { { r.boundPlace, "it" } };
        out += "thing such that " + std::string(r.negated ? "it is not true that " : "")
            + predicate(Seq { r.selectorWord }, r.selectorWord, places);
        return out + clauses(r.clauses);
    }
    out += (r.negated ? "non-" : "") + words(r.seq);
    bool linked = false;
    std::map<int, std::string> places;
    for (const Argument &a : r.arguments) {
        if (a.place <= 0 || (a.term.kind == TermKind::Keyterm && a.term.text == "it" && !a.label.empty()))
            continue;
        places[a.place] = term(a.term);
        linked = true;
    }
    if (linked) {
        places[r.boundPlace] = "it";
        out += " such that " + predicate(r.seq, seqHead(r.seq), places);
    }
    return out + clauses(r.clauses);
}

std::string Reader::clauses(const std::vector<Clause> &list)
{
    std::string out;
    for (const Clause &c : list) {
        std::string body;
        if (c.bare) {
            body = (c.bareNegated ? "it is not true that " : "") + predicate(c.bareSeq, seqHead(c.bareSeq), { { 1, "it" } });
        } else {
            body = claim(*c.claim);
        }
        out += c.also ? " (also, " + body + ")" : " such that " + body;
    }
    return out;
}

std::string Reader::term(const Term &t)
{
    switch (t.kind) {
    case TermKind::Empty:
    case TermKind::Question:
        return "something";
    case TermKind::Number:
    case TermKind::Keyterm:
        return t.text;
    case TermKind::String:
        return "\"" + t.text + "\"";
    case TermKind::Variable:
        return t.text;
    case TermKind::Abstraction: {
        const char *lead = t.text == "event" ? "the event that "
            : t.text == "fact"               ? "the fact that "
            : t.text == "property"           ? "the property that "
            : t.text == "amount"             ? "the amount to which "
                                             : "the concept that ";
        return lead + claim(*t.body);
    }
    case TermKind::Phrase: {
        return phrase(determinerWords(t.det, t.count).c_str(), *t.restrictor);
    }
    case TermKind::Name:
        return spaced(t.text) + clauses(t.clauses);
    }
    return {};
}

} // namespace

const char *sourceName(Gloss::Source source)
{
    switch (source) {
    case Gloss::Source::Composed:
        return "composed";
    case Gloss::Source::Partial:
        return "partial";
    case Gloss::Source::Named:
        return "named";
    }
    return "";
}

std::string fillTemplate(const std::string &reading, const std::map<int, std::string> &places)
{
    std::string text = reading;
    while (true) {
        const auto marks = placeholders(text);
        if (marks.size() < 2)
            break;
        const Placeholder &last = marks.back();
        const Placeholder &previous = marks[marks.size() - 2];
        if (places.count(last.place) != 0 || last.end != text.size()
            || !beginsWithPreposition(std::string_view(text).substr(previous.end, last.begin - previous.end)))
            break;
        text.erase(previous.end);
    }
    std::string out;
    size_t at = 0;
    for (const Placeholder &p : placeholders(text)) {
        out += text.substr(at, p.begin - at);
        const auto it = places.find(p.place);
        out += it == places.end() ? "something" : it->second;
        at = p.end;
    }
    return out + text.substr(at);
}

Gloss gloss(const Statement &s, const Vocabulary &vocabulary)
{
    Gloss out;
    Reader reader(vocabulary);
    if (s.isDeclaration) {
        out.text = "\"" + s.declaration.name + "\" is a predicate";
        out.source = Gloss::Source::Named;
        return out;
    }
    out.text = reader.claim(*s.claim);
    if (!out.text.empty() && out.text.front() >= 'a' && out.text.front() <= 'z')
        out.text.front() = static_cast<char>(out.text.front() - 'a' + 'A');
    out.text += '.';
    if (reader.unread > 0)
        out.source = reader.read > 0 ? Gloss::Source::Partial : Gloss::Source::Named;
    return out;
}

} // namespace fanva::lang::nibli

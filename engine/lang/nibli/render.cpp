// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/checks.h"

#include "lang/nibli/codes.h"

#include <map>

namespace fanva::lang::nibli {

namespace {

const char *detWord(Det det, uint32_t count, std::string &buffer)
{
    switch (det) {
    case Det::Some:
        return "some";
    case Det::Every:
        return "every";
    case Det::EveryThe:
        return "every the";
    case Det::The:
        return "the";
    case Det::Exactly:
        if (count == 0)
            return "no";
        buffer = "exactly " + std::to_string(count);
        return buffer.c_str();
    case Det::ExactlyThe:
        buffer = "exactly " + std::to_string(count) + " the";
        return buffer.c_str();
    }
    return "";
}

bool openEnded(const Term &t)
{
    const std::vector<Clause> *list = nullptr;
    if (t.kind == TermKind::Name)
        list = &t.clauses;
    else if (t.kind == TermKind::Phrase)
        list = &t.restrictor->clauses;
    return list != nullptr && !list->empty() && !list->back().bare;
}

int level(const Claim &c)
{
    switch (c.kind) {
    case ClaimKind::Prenex:
    case ClaimKind::Block:
        return 0;
    case ClaimKind::Binary:
        switch (c.op) {
        case Op::Implies:
            return 1;
        case Op::Iff:
            return 2;
        case Op::Xor:
            return 3;
        case Op::Or:
            return 4;
        case Op::And:
            return 5;
        }
        return 0;
    case ClaimKind::Equality:
        return c.prefix == Prefix::None && !c.negated && openEnded(c.rhs) ? 0 : 6;
    case ClaimKind::Predication:
        return 6;
    }
    return 6;
}

const char *opText(Op op)
{
    switch (op) {
    case Op::And:
        return " & ";
    case Op::Or:
        return " | ";
    case Op::Xor:
        return " ^ ";
    case Op::Iff:
        return " <-> ";
    case Op::Implies:
        return " -> ";
    }
    return "";
}

bool isIt(const Term &t)
{
    return t.kind == TermKind::Keyterm && t.text == "it";
}

/// Writes §5.2's canonical render; in key mode §5.3's variations.
class Renderer final
{
public:
    explicit Renderer(bool keyMode)
        : m_key(keyMode)
    { }

    std::string statement(const Statement &s);

private:
    void claim(const Claim &c, int minimum);
    void atom(const Claim &c);
    void seq(const Seq &s);
    void unit(const Unit &u);
    void arguments(const std::vector<Argument> &list, int firstPlace);
    void term(const Term &t);
    void restrictor(const Restrictor &r);
    void clauses(const std::vector<Clause> &list);
    void variable(const std::string &name);
    void string(const std::string &text);

    bool m_key;
    std::string m_out;
    std::map<std::string, int, std::less<>> m_variables;
};

std::string Renderer::statement(const Statement &s)
{
    if (s.isDeclaration) {
        const Declaration &d = s.declaration;
        m_out += "pred " + d.name + "(";
        for (size_t i = 0; i < d.labels.size(); ++i)
            m_out += (i > 0 ? ", " : "") + d.labels[i].name;
        m_out += ")";
        if (d.hasReading) {
            m_out += ": ";
            string(d.reading);
        }
    } else {
        claim(*s.claim, 0);
    }
    m_out += '.';
    return std::move(m_out);
}

void Renderer::variable(const std::string &name)
{
    m_out += '$';
    if (!m_key) {
        m_out += name;
        return;
    }
    const auto [it, added] = m_variables.emplace(name, static_cast<int>(m_variables.size()) + 1);
    m_out += 'v' + std::to_string(it->second);
}

void Renderer::string(const std::string &text)
{
    m_out += '"';
    for (const char c : text) {
        if (c == '"' || c == '\\')
            m_out += '\\';
        m_out += c;
    }
    m_out += '"';
}

void Renderer::claim(const Claim &c, int minimum)
{
    if (level(c) < minimum) {
        m_out += '(';
        claim(c, 0);
        m_out += ')';
        return;
    }
    switch (c.kind) {
    case ClaimKind::Prenex: {
        m_out += "all ";
        const Claim *body = &c;
        bool first = true;
        while (true) {
            for (const Variable &v : body->variables) {
                if (!first)
                    m_out += ", ";
                first = false;
                variable(v.name);
            }
            if (!m_key || body->body->kind != ClaimKind::Prenex)
                break;
            body = body->body.get();
        }
        m_out += ": ";
        claim(*body->body, 0);
        return;
    }
    case ClaimKind::Block: {
        std::string buffer;
        m_out += detWord(c.det, c.count, buffer);
        m_out += ' ';
        restrictor(*c.restrictor);
        m_out += ' ';
        variable(c.variables.front().name);
        m_out += ": ";
        claim(*c.body, 0);
        return;
    }
    case ClaimKind::Binary: {
        const int own = level(c);
        claim(*c.left, c.op == Op::Implies ? 2 : own);
        m_out += opText(c.op);
        claim(*c.right, c.op == Op::Implies ? 1 : own + 1);
        return;
    }
    case ClaimKind::Equality:
    case ClaimKind::Predication:
        atom(c);
        return;
    }
}

void Renderer::atom(const Claim &c)
{
    if (c.prefix != Prefix::None) {
        m_out += prefixWord(c.prefix);
        m_out += ' ';
    }
    if (c.negated)
        m_out += '~';
    if (c.kind == ClaimKind::Equality) {
        const bool wrap = c.prefix != Prefix::None || c.negated;
        if (wrap)
            m_out += '(';
        term(c.lhs);
        m_out += " = ";
        term(c.rhs);
        if (wrap)
            m_out += ')';
        return;
    }
    const Predication &p = c.predication;
    seq(p.seq);
    m_out += '(';
    arguments(p.arguments, 1);
    m_out += ')';
    for (const Via &v : p.vias) {
        m_out += " via ";
        unit(v.word);
        m_out += '(';
        term(v.term);
        m_out += ')';
    }
}

void Renderer::seq(const Seq &s)
{
    for (size_t i = 0; i < s.size(); ++i) {
        if (i > 0)
            m_out += ' ';
        unit(s[i]);
    }
}

void Renderer::unit(const Unit &u)
{
    if (u.isGroup()) {
        m_out += '[';
        seq(u.group);
        m_out += ']';
        return;
    }
    m_out += u.word();
}

void Renderer::arguments(const std::vector<Argument> &list, int firstPlace)
{
    int next = firstPlace;
    bool positional = true;
    bool first = true;
    for (const Argument &a : list) {
        if (m_key && a.term.kind == TermKind::Empty)
            continue;
        if (!first)
            m_out += ", ";
        first = false;
        if (positional && a.place == next) {
            ++next;
        } else {
            positional = false;
            m_out += a.placeName + ": ";
        }
        term(a.term);
    }
}

void Renderer::term(const Term &t)
{
    switch (t.kind) {
    case TermKind::Empty:
        m_out += '_';
        return;
    case TermKind::Question:
        m_out += '?';
        return;
    case TermKind::Number:
    case TermKind::Keyterm:
        m_out += t.text;
        return;
    case TermKind::String:
        string(t.text);
        return;
    case TermKind::Variable:
        variable(t.text);
        return;
    case TermKind::Abstraction:
        m_out += t.text + " { ";
        claim(*t.body, 0);
        m_out += " }";
        return;
    case TermKind::Phrase: {
        std::string buffer;
        m_out += detWord(t.det, t.count, buffer);
        m_out += ' ';
        restrictor(*t.restrictor);
        return;
    }
    case TermKind::Name:
        m_out += t.text;
        clauses(t.clauses);
        return;
    }
}

void Renderer::restrictor(const Restrictor &r)
{
    if (r.negated)
        m_out += '~';
    if (r.selector) {
        unit(r.selectorWord);
        if (r.boundPlace != 1)
            m_out += '.' + r.boundName;
    } else {
        seq(r.seq);
        const Argument *marker = nullptr;
        std::vector<const Argument *> rest;
        for (const Argument &a : r.arguments) {
            if (isIt(a.term) && !a.label.empty())
                marker = &a;
            else if (!(m_key && a.term.kind == TermKind::Empty))
                rest.push_back(&a);
        }
        if (marker != nullptr && marker->place == 1)
            marker = nullptr;
        if (marker != nullptr) {
            m_out += '(' + marker->placeName + ": it";
            for (const Argument *a : rest) {
                m_out += ", " + a->placeName + ": ";
                term(a->term);
            }
            m_out += ')';
        } else if (!rest.empty()) {
            m_out += '(';
            int next = 2;
            bool positional = true;
            for (size_t i = 0; i < rest.size(); ++i) {
                if (i > 0)
                    m_out += ", ";
                if (positional && rest[i]->place == next) {
                    ++next;
                } else {
                    positional = false;
                    m_out += rest[i]->placeName + ": ";
                }
                term(rest[i]->term);
            }
            m_out += ')';
        }
    }
    clauses(r.clauses);
}

void Renderer::clauses(const std::vector<Clause> &list)
{
    for (const Clause &c : list) {
        m_out += c.also ? " also " : " where ";
        if (c.bare) {
            if (c.bareNegated)
                m_out += '~';
            seq(c.bareSeq);
        } else if (c.claim->kind == ClaimKind::Predication) {
            atom(*c.claim);
        } else {
            m_out += '(';
            claim(*c.claim, 0);
            m_out += ')';
        }
    }
}

/// Dumps N(s) (§5.1) as nested, fully tagged lists.
class TreeDump final
{
public:
    std::string statement(const Statement &s);

private:
    void claim(const Claim &c);
    void seq(const Seq &s);
    void arguments(const std::vector<Argument> &list);
    void term(const Term &t);
    void restrictor(const Restrictor &r);
    void clauses(const std::vector<Clause> &list);
    void text(const std::string &s) { m_out += std::to_string(s.size()) + ':' + s; }
    std::string m_out;
};

std::string TreeDump::statement(const Statement &s)
{
    if (s.isDeclaration) {
        m_out += "(pred ";
        text(s.declaration.name);
        for (const Variable &v : s.declaration.labels) {
            m_out += ' ';
            text(v.name);
        }
        m_out += s.declaration.hasReading ? " reading " : " none ";
        text(s.declaration.reading);
        m_out += ')';
    } else {
        claim(*s.claim);
    }
    return std::move(m_out);
}

void TreeDump::claim(const Claim &c)
{
    switch (c.kind) {
    case ClaimKind::Prenex:
        m_out += "(all";
        for (const Variable &v : c.variables) {
            m_out += ' ';
            text(v.name);
        }
        m_out += ' ';
        claim(*c.body);
        break;
    case ClaimKind::Block:
        m_out += "(block " + std::to_string(static_cast<int>(c.det)) + ' ' + std::to_string(c.count) + ' ';
        restrictor(*c.restrictor);
        m_out += ' ';
        text(c.variables.front().name);
        m_out += ' ';
        claim(*c.body);
        break;
    case ClaimKind::Binary:
        m_out += "(op" + std::to_string(static_cast<int>(c.op)) + ' ';
        claim(*c.left);
        m_out += ' ';
        claim(*c.right);
        break;
    case ClaimKind::Equality:
        m_out += "(eq " + std::to_string(static_cast<int>(c.prefix)) + (c.negated ? " ~ " : " + ");
        term(c.lhs);
        m_out += ' ';
        term(c.rhs);
        break;
    case ClaimKind::Predication:
        m_out += "(p " + std::to_string(static_cast<int>(c.prefix)) + (c.negated ? " ~ " : " + ");
        seq(c.predication.seq);
        arguments(c.predication.arguments);
        for (const Via &v : c.predication.vias) {
            m_out += "(via ";
            text(v.word.word());
            m_out += ' ';
            term(v.term);
            m_out += ')';
        }
        break;
    }
    m_out += ')';
}

void TreeDump::seq(const Seq &s)
{
    m_out += '[';
    for (const Unit &u : s) {
        if (u.isGroup())
            seq(u.group);
        else
            text(u.word());
        m_out += ' ';
    }
    m_out += ']';
}

void TreeDump::arguments(const std::vector<Argument> &list)
{
    m_out += '(';
    for (const Argument &a : list) {
        m_out += '@' + std::to_string(a.place) + ' ';
        term(a.term);
        m_out += ' ';
    }
    m_out += ')';
}

void TreeDump::term(const Term &t)
{
    m_out += "(t" + std::to_string(static_cast<int>(t.kind)) + ' ';
    text(t.text);
    switch (t.kind) {
    case TermKind::Abstraction:
        m_out += ' ';
        claim(*t.body);
        break;
    case TermKind::Phrase:
        m_out += ' ' + std::to_string(static_cast<int>(t.det)) + ' ' + std::to_string(t.count) + ' ';
        restrictor(*t.restrictor);
        break;
    case TermKind::Name:
        clauses(t.clauses);
        break;
    default:
        break;
    }
    m_out += ')';
}

void TreeDump::restrictor(const Restrictor &r)
{
    m_out += r.negated ? "(r~ " : "(r ";
    if (r.selector && r.boundPlace != 1) {
        m_out += "sel ";
        text(r.selectorWord.word());
        m_out += ' ' + std::to_string(r.boundPlace);
    } else if (r.selector) {
        m_out += '[';
        text(r.selectorWord.word());
        m_out += " ]";
    } else {
        seq(r.seq);
        std::vector<Argument> const *list = &r.arguments;
        bool any = false;
        std::string linked;
        for (const Argument &a : *list) {
            if (isIt(a.term) && !a.label.empty()) {
                if (a.place != 1) {
                    linked += "(it " + std::to_string(a.place) + ')';
                    any = true;
                }
                continue;
            }
            any = true;
        }
        if (any) {
            m_out += " linked " + linked;
            std::vector<Argument> const &all = *list;
            m_out += '(';
            for (const Argument &a : all) {
                if (isIt(a.term) && !a.label.empty())
                    continue;
                m_out += '@' + std::to_string(a.place) + ' ';
                term(a.term);
                m_out += ' ';
            }
            m_out += ')';
        }
    }
    clauses(r.clauses);
    m_out += ')';
}

void TreeDump::clauses(const std::vector<Clause> &list)
{
    for (const Clause &c : list) {
        m_out += c.also ? " (also " : " (where ";
        if (c.bare) {
            m_out += c.bareNegated ? "bare~ " : "bare ";
            seq(c.bareSeq);
        } else {
            claim(*c.claim);
        }
        m_out += ')';
    }
}

} // namespace

std::string render(const Statement &s)
{
    return Renderer(false).statement(s);
}

std::string key(const Statement &s)
{
    return Renderer(true).statement(s);
}

std::string normalizedTree(const Statement &s)
{
    return TreeDump().statement(s);
}

std::optional<Diagnostic> roundTrip(const Statement &s, const Vocabulary &vocabulary)
{
    const std::string spelled = render(s);
    const auto problem = [&] {
        return Diagnostic { codes::roundTrip, s.begin, s.line, s.column,
            "the canonical spelling " + spelled + " does not read back as the same statement" };
    };
    ReadResult again = read(spelled);
    if (!again.diagnostics.empty() || again.statements.size() != 1)
        return problem();
    Statement &back = again.statements.front();
    if (!resolve(back, vocabulary).empty())
        return problem();
    if (normalizedTree(back) != normalizedTree(s) || render(back) != spelled)
        return problem();
    return std::nullopt;
}

} // namespace fanva::lang::nibli

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/reader.h"

#include "lang/nibli/codes.h"
#include "lang/nibli/lexer_p.h"

#include <algorithm>
#include <array>
#include <optional>

namespace fanva::lang::nibli {

namespace {

constexpr int s_maxDepth = 256;
constexpr int s_maxErrors = 100;

/// The first error of a statement; thrown inside the parser only, caught per statement.
struct Failure {
    Diagnostic diagnostic;
    bool terminal = false;
};

bool isTense(Kw k)
{
    return k == Kw::Past || k == Kw::Now || k == Kw::Future;
}
bool isDeterminer(Kw k)
{
    return k == Kw::Some || k == Kw::Every || k == Kw::The || k == Kw::Exactly || k == Kw::No;
}
bool isAbstraction(Kw k)
{
    return k == Kw::Event || k == Kw::Fact || k == Kw::Property || k == Kw::Amount || k == Kw::Concept;
}
bool isKeyterm(Kw k)
{
    switch (k) {
    case Kw::Me:
    case Kw::You:
    case Kw::We:
    case Kw::WeAll:
    case Kw::WeOthers:
    case Kw::YouAll:
    case Kw::This:
    case Kw::That:
    case Kw::Yonder:
    case Kw::ItA:
    case Kw::ItE:
    case Kw::ItI:
    case Kw::ItO:
    case Kw::ItU:
    case Kw::It:
    case Kw::Slot:
        return true;
    default:
        return false;
    }
}

Prefix prefixOf(Kw k)
{
    switch (k) {
    case Kw::Past:
        return Prefix::Past;
    case Kw::Now:
        return Prefix::Now;
    case Kw::Future:
        return Prefix::Future;
    case Kw::Must:
        return Prefix::Must;
    case Kw::May:
        return Prefix::May;
    default:
        return Prefix::None;
    }
}

bool mentionsIt(const Claim &c);
bool mentionsIt(const Restrictor &r);

bool mentionsIt(const Term &t)
{
    switch (t.kind) {
    case TermKind::Keyterm:
        return t.text == "it";
    case TermKind::Abstraction:
        return mentionsIt(*t.body);
    case TermKind::Phrase:
        return mentionsIt(*t.restrictor);
    default:
        return false;
    }
}

bool mentionsIt(const Restrictor &r)
{
    return std::any_of(r.arguments.begin(), r.arguments.end(), [](const Argument &a) { return mentionsIt(a.term); });
}

bool mentionsIt(const Claim &c)
{
    switch (c.kind) {
    case ClaimKind::Prenex:
        return mentionsIt(*c.body);
    case ClaimKind::Block:
        return mentionsIt(*c.restrictor) || mentionsIt(*c.body);
    case ClaimKind::Binary:
        return mentionsIt(*c.left) || mentionsIt(*c.right);
    case ClaimKind::Equality:
        return mentionsIt(c.lhs) || mentionsIt(c.rhs);
    case ClaimKind::Predication:
        return std::any_of(c.predication.arguments.begin(), c.predication.arguments.end(), [](const Argument &a) {
            return mentionsIt(a.term);
        }) || std::any_of(c.predication.vias.begin(), c.predication.vias.end(), [](const Via &v) { return mentionsIt(v.term); });
    }
    return false;
}

std::string unescape(std::string_view quoted)
{
    std::string out;
    out.reserve(quoted.size());
    for (size_t i = 1; i + 1 < quoted.size(); ++i) {
        if (quoted[i] == '\\')
            ++i;
        out += quoted[i];
    }
    return out;
}

std::string normalizeNumber(std::string_view text)
{
    const size_t dot = text.find('.');
    std::string_view whole = text.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    while (whole.size() > 1 && whole.front() == '0')
        whole.remove_prefix(1);
    while (!fraction.empty() && fraction.back() == '0')
        fraction.remove_suffix(1);
    std::string out(whole);
    if (!fraction.empty()) {
        out += '.';
        out += fraction;
    }
    return out;
}

class Parser final
{
public:
    Parser(std::string_view text, Lexed lexed)
        : m_text(text)
        , m_lexed(std::move(lexed))
        , m_tokens(m_lexed.tokens)
    { }

    ReadResult run();

private:
    struct DepthGuard {
        explicit DepthGuard(Parser &p, const Token &at)
            : parser(p)
        {
            if (++parser.m_depth > s_maxDepth)
                parser.fail(codes::tooDeep, at.offset, "nesting deeper than 256 levels: split the statement");
        }
        ~DepthGuard() { --parser.m_depth; }
        DepthGuard(const DepthGuard &) = delete;
        DepthGuard &operator=(const DepthGuard &) = delete;
        Parser &parser;
    };

    [[nodiscard]] const Token &tok(size_t ahead = 0) const { return m_tokens[std::min(m_pos + ahead, m_tokens.size() - 1)]; }
    [[nodiscard]] bool is(Tok kind, size_t ahead = 0) const { return tok(ahead).kind == kind; }
    [[nodiscard]] bool isKw(Kw k, size_t ahead = 0) const { return tok(ahead).kind == Tok::Keyword && tok(ahead).keyword == k; }
    [[nodiscard]] std::string_view text(const Token &t) const { return t.text(m_text); }

    [[noreturn]] void fail(std::string id, uint32_t at, std::string message);
    void checkToken(const Token &t);
    const Token &take();
    [[noreturn]] void expected(const std::string &what);
    const Token &expect(Tok kind, const std::string &what);

    Statement statement();
    void declaration(Statement &s);
    std::unique_ptr<Claim> claim();
    std::unique_ptr<Claim> prenex();
    std::unique_ptr<Claim> implication(std::unique_ptr<Claim> first);
    std::unique_ptr<Claim> binary(int level, std::unique_ptr<Claim> first);
    std::unique_ptr<Claim> unary();
    std::unique_ptr<Claim> atom();
    std::unique_ptr<Claim> equality(Term lhs);
    void predication(Predication &p);
    void arguments(std::vector<Argument> &out);
    Unit unit();
    Unit pword();
    Seq seq();
    [[nodiscard]] std::optional<size_t> scanSeq(size_t at) const;
    Term term();
    void phrase(Term &t);
    void determiner(Det &det, uint32_t &count);
    std::unique_ptr<Restrictor> restrictor();
    void clauses(std::vector<Clause> &out);
    void recover(uint32_t at);

    std::string_view m_text;
    Lexed m_lexed;
    const std::vector<Token> &m_tokens;
    size_t m_pos = 0;
    int m_depth = 0;
};

void Parser::fail(std::string id, uint32_t at, std::string message)
{
    Failure f;
    f.diagnostic.id = std::move(id);
    f.diagnostic.offset = at;
    f.diagnostic.message = std::move(message);
    throw f;
}

void Parser::checkToken(const Token &t)
{
    if (t.kind == Tok::Error) {
        Failure f;
        f.diagnostic = m_lexed.errors[t.error];
        f.terminal = t.terminal;
        throw f;
    }
    if (t.reservedMisuse == 1)
        fail(codes::reservedWord, t.offset,
            "'" + std::string(text(t))
                + "' is a reserved word of nibli KR and cannot be a place label: use the predicate's own label or x1..x5");
    if (t.reservedMisuse == 2)
        fail(codes::reservedWord, t.offset,
            "'" + std::string(text(t)) + "' is a reserved word of nibli KR, not a predicate: use a predicate word from the vocabulary");
}

const Token &Parser::take()
{
    const Token &t = tok();
    checkToken(t);
    if (t.kind != Tok::End)
        ++m_pos;
    return t;
}

void Parser::expected(const std::string &what)
{
    const Token &t = tok();
    checkToken(t);
    std::string found;
    if (t.kind == Tok::End)
        found = "the end of the text";
    else if (t.kind == Tok::String)
        found = "a string";
    else
        found = "'" + std::string(text(t)) + "'";
    fail("syntax", t.offset, "expected " + what + ", found " + found);
}

const Token &Parser::expect(Tok kind, const std::string &what)
{
    if (!is(kind))
        expected(what);
    return take();
}

ReadResult Parser::run()
{
    ReadResult result;
    const LineIndex lines(m_text);
    const auto place = [&](Diagnostic &d) {
        const auto [line, column] = lines.position(d.offset);
        d.line = line;
        d.column = column;
    };
    while (!is(Tok::End)) {
        try {
            Statement s = statement();
            const auto [line, column] = lines.position(s.begin);
            s.line = line;
            s.column = column;
            result.statements.push_back(std::move(s));
        } catch (Failure &f) {
            if (result.diagnostics.size() == s_maxErrors) {
                f.diagnostic.id = codes::tooManyErrors;
                f.diagnostic.message = "more than 100 errors: reading stopped here";
                place(f.diagnostic);
                result.diagnostics.push_back(std::move(f.diagnostic));
                return result;
            }
            place(f.diagnostic);
            result.diagnostics.push_back(std::move(f.diagnostic));
            if (f.terminal)
                return result;
            m_depth = 0;
            recover(result.diagnostics.back().offset);
        }
    }
    // The terminal error (encoding) sits before End when a statement ended right before it.
    return result;
}

void Parser::recover(uint32_t at)
{
    while (!is(Tok::End) && tok().offset < at)
        ++m_pos;
    while (!is(Tok::End)) {
        const Token &t = tok();
        if (t.kind == Tok::Error && t.terminal)
            return; // read and reported as the next statement's error
        ++m_pos;
        if (t.kind == Tok::Dot && !t.joined)
            return;
    }
}

Statement Parser::statement()
{
    Statement s;
    s.begin = tok().offset;
    if (is(Tok::Word) && text(tok()) == "pred" && (is(Tok::Word, 1) || is(Tok::Keyword, 1)) && is(Tok::LParen, 2)) {
        s.isDeclaration = true;
        declaration(s);
    } else {
        s.claim = claim();
    }
    s.end = expect(Tok::Dot, "'.' to end the statement").end;
    return s;
}

void Parser::declaration(Statement &s)
{
    Declaration &d = s.declaration;
    take();
    const Token &name = tok();
    if (name.kind == Tok::Keyword) {
        checkToken(name);
        fail(codes::reservedWord, name.offset,
            "'" + std::string(text(name)) + "' is a reserved word of nibli KR, not a predicate: use a predicate word from the vocabulary");
    }
    take();
    d.name = std::string(text(name));
    d.nameOffset = name.offset;
    take();
    while (true) {
        const Token &label = tok();
        if (label.kind == Tok::Keyword) {
            checkToken(label);
            fail(codes::reservedWord, label.offset,
                "'" + std::string(text(label))
                    + "' is a reserved word of nibli KR and cannot be a place label: use the predicate's own label or x1..x5");
        }
        expect(Tok::Word, "a place label (a lowercase word)");
        d.labels.push_back({ std::string(text(label)), label.offset });
        if (is(Tok::Comma)) {
            take();
            continue;
        }
        expect(Tok::RParen, "',' or ')'");
        break;
    }
    if (is(Tok::Colon)) {
        take();
        const Token &reading = expect(Tok::String, "a string (the reading)");
        d.hasReading = true;
        d.reading = unescape(text(reading));
        d.readingOffset = reading.offset;
    }
}

std::unique_ptr<Claim> Parser::claim()
{
    if (isKw(Kw::All))
        return prenex();
    if (is(Tok::Keyword) && isDeterminer(tok().keyword)) {
        Term phraseTerm;
        phrase(phraseTerm);
        if (is(Tok::Variable)) {
            auto c = std::make_unique<Claim>();
            c->kind = ClaimKind::Block;
            c->offset = phraseTerm.offset;
            c->det = phraseTerm.det;
            c->count = phraseTerm.count;
            c->restrictor = std::move(phraseTerm.restrictor);
            const Token &var = take();
            c->variables.push_back({ std::string(text(var).substr(1)), var.offset });
            const Token &colon = expect(Tok::Colon, "':' after the block's variable");
            const DepthGuard guard(*this, colon);
            c->body = claim();
            return c;
        }
        if (!is(Tok::Equals))
            expected("'$variable:' (a block) or '=' (an equality)");
        return implication(equality(std::move(phraseTerm)));
    }
    return implication(nullptr);
}

std::unique_ptr<Claim> Parser::prenex()
{
    auto c = std::make_unique<Claim>();
    c->kind = ClaimKind::Prenex;
    c->offset = take().offset;
    while (true) {
        const Token &var = expect(Tok::Variable, "a $variable after 'all'");
        c->variables.push_back({ std::string(text(var).substr(1)), var.offset });
        if (is(Tok::Comma)) {
            take();
            continue;
        }
        if (!is(Tok::Colon))
            expected("',' or ':'");
        break;
    }
    const Token &colon = take();
    const DepthGuard guard(*this, colon);
    c->body = claim();
    return c;
}

std::unique_ptr<Claim> Parser::implication(std::unique_ptr<Claim> first)
{
    auto left = binary(static_cast<int>(Op::Iff), std::move(first));
    if (!is(Tok::Arrow))
        return left;
    const Token &arrow = take();
    const DepthGuard guard(*this, arrow);
    auto c = std::make_unique<Claim>();
    c->kind = ClaimKind::Binary;
    c->op = Op::Implies;
    c->offset = left->offset;
    c->left = std::move(left);
    c->right = implication(nullptr);
    return c;
}

// Levels: 3 `<->`, 2 `^`, 1 `|`, 0 `&` (Op order), each left-associative over the next.
std::unique_ptr<Claim> Parser::binary(int level, std::unique_ptr<Claim> first)
{
    static constexpr std::array<Tok, 4> s_ops { Tok::Amp, Tok::Pipe, Tok::Caret, Tok::DoubleArrow };
    auto operand = [&](std::unique_ptr<Claim> f) { return level == 0 ? (f ? std::move(f) : unary()) : binary(level - 1, std::move(f)); };
    auto left = operand(std::move(first));
    // Each operand of a chain is one level deeper in the tree: it counts against the limit, so
    // that render, key and destruction never recurse deeper than the parser allowed.
    const int depth = m_depth;
    while (is(s_ops[static_cast<size_t>(level)])) {
        if (++m_depth > s_maxDepth)
            fail(codes::tooDeep, tok().offset, "more than 256 levels of nesting and chained operands: split the statement");
        take();
        auto c = std::make_unique<Claim>();
        c->kind = ClaimKind::Binary;
        c->op = static_cast<Op>(level);
        c->offset = left->offset;
        c->left = std::move(left);
        c->right = operand(nullptr);
        left = std::move(c);
    }
    m_depth = depth;
    return left;
}

std::unique_ptr<Claim> Parser::unary()
{
    Prefix prefix = Prefix::None;
    std::string_view prefixText;
    bool negated = false;
    uint32_t start = tok().offset;
    while (true) {
        const Token &t = tok();
        if (t.kind == Tok::Tilde) {
            if (negated)
                fail(codes::negationDouble, t.offset, "'~~': a negation cannot be negated again; drop both, or restate the claim");
            negated = true;
            take();
            continue;
        }
        if (t.kind != Tok::Keyword || prefixOf(t.keyword) == Prefix::None)
            break;
        const std::string w(text(t));
        if (negated) {
            checkToken(t);
            fail(codes::negationOutside, t.offset,
                "'~' cannot stand before '" + w + "': write the prefix first, then '~' (" + w + " ~goes(me))");
        }
        if (prefix != Prefix::None) {
            checkToken(t);
            const bool sameFamily = isTense(t.keyword) == isTense(keywordOf(prefixText));
            if (sameFamily)
                fail(codes::prefixDuplicate, t.offset,
                    std::string("a second ") + (isTense(t.keyword) ? "tense" : "deontic") + " prefix '" + w + "' after '"
                        + std::string(prefixText) + "': an atom takes at most one");
            fail(codes::prefixStacked, t.offset,
                "'" + w + "' after '" + std::string(prefixText)
                    + "': an atom takes one tense (past, now, future) or one deontic (must, may), never both");
        }
        prefix = prefixOf(t.keyword);
        prefixText = text(t);
        take();
    }
    if (prefix == Prefix::None && !negated)
        return atom();
    const Token &open = tok();
    auto inner = atom();
    if (open.kind == Tok::LParen) {
        const bool isAtom = inner->kind == ClaimKind::Predication || inner->kind == ClaimKind::Equality;
        if (!isAtom || inner->prefix != Prefix::None || inner->negated)
            fail(codes::prefixCompound, open.offset,
                "a prefix or '~' applies to one predication or equality, not to a parenthesized compound: distribute it "
                "(~a(X) | ~b(X) for ~(a(X) & b(X)))");
    }
    inner->prefix = prefix;
    inner->negated = negated;
    inner->offset = start;
    return inner;
}

std::unique_ptr<Claim> Parser::atom()
{
    const Token &t = tok();
    if (t.kind == Tok::LParen) {
        take();
        const DepthGuard guard(*this, t);
        auto inner = claim();
        expect(Tok::RParen, "')'");
        return inner;
    }
    if (t.kind == Tok::Word || t.kind == Tok::LBracket) {
        auto c = std::make_unique<Claim>();
        c->kind = ClaimKind::Predication;
        c->offset = t.offset;
        predication(c->predication);
        return c;
    }
    if (t.kind == Tok::Keyword && t.keyword == Kw::All) {
        checkToken(t);
        fail("syntax", t.offset, "a prenex 'all $x: …' inside an operator or after a prefix must be in parentheses");
    }
    const bool termStart = t.kind == Tok::Underscore || t.kind == Tok::Question || t.kind == Tok::Number || t.kind == Tok::String
        || t.kind == Tok::Variable || t.kind == Tok::Name
        || (t.kind == Tok::Keyword && (isKeyterm(t.keyword) || isAbstraction(t.keyword) || isDeterminer(t.keyword)));
    if (!termStart)
        expected("a claim");
    Term lhs = term();
    if (lhs.kind == TermKind::Phrase && is(Tok::Variable))
        fail("syntax", lhs.offset, "a block 'every dog $d: …' inside an operator or after a prefix must be in parentheses");
    if (!is(Tok::Equals))
        expected("'=' (a term alone is not a claim)");
    return equality(std::move(lhs));
}

std::unique_ptr<Claim> Parser::equality(Term lhs)
{
    take();
    auto c = std::make_unique<Claim>();
    c->kind = ClaimKind::Equality;
    c->offset = lhs.offset;
    c->lhs = std::move(lhs);
    c->rhs = term();
    return c;
}

void Parser::predication(Predication &p)
{
    p.offset = tok().offset;
    p.seq = seq();
    const Token &open = expect(Tok::LParen, "'(' and the arguments");
    {
        const DepthGuard guard(*this, open);
        arguments(p.arguments);
    }
    while (isKw(Kw::Via)) {
        Via v;
        v.offset = take().offset;
        if (!is(Tok::Word))
            expected("a predicate word after 'via'");
        v.word = pword();
        const Token &vopen = expect(Tok::LParen, "'(' after the via predicate");
        const DepthGuard guard(*this, vopen);
        v.term = term();
        expect(Tok::RParen, "')' (a via tag takes exactly one term)");
        p.vias.push_back(std::move(v));
    }
}

// After the '(' : arguments up to and including ')'.
void Parser::arguments(std::vector<Argument> &out)
{
    if (is(Tok::RParen)) {
        take();
        return;
    }
    bool named = false;
    while (true) {
        Argument a;
        a.offset = tok().offset;
        if (is(Tok::Word) && is(Tok::Colon, 1)) {
            a.label = std::string(text(take()));
            take();
            named = true;
        } else if (named) {
            checkToken(tok());
            fail(codes::positionalAfterNamed, tok().offset,
                "a positional argument after a named one: put positional arguments first, or name this one too");
        }
        a.term = term();
        out.push_back(std::move(a));
        if (is(Tok::Comma)) {
            take();
            continue;
        }
        expect(Tok::RParen, "',' or ')'");
        return;
    }
}

Unit Parser::pword()
{
    Unit u;
    const Token &first = take();
    u.offset = first.offset;
    u.parts.emplace_back(text(first));
    uint32_t end = first.end;
    while (is(Tok::Plus)) {
        const Token &plus = tok();
        const Token &next = tok(1);
        if (plus.offset != end || next.kind != Tok::Word || next.offset != plus.end) {
            checkToken(plus);
            fail("syntax", plus.offset, "a compound is written a+b with no spaces, each part a predicate word (computer+user)");
        }
        take();
        u.parts.emplace_back(text(take()));
        end = next.end;
    }
    return u;
}

Unit Parser::unit()
{
    if (!is(Tok::LBracket))
        return pword();
    const Token &open = take();
    const DepthGuard guard(*this, open);
    Unit u;
    u.offset = open.offset;
    if (!is(Tok::Word) && !is(Tok::LBracket))
        expected("a predicate word inside '[ ]'");
    u.group = seq();
    expect(Tok::RBracket, "']'");
    return u;
}

Seq Parser::seq()
{
    Seq s;
    do
        s.push_back(unit());
    while (is(Tok::Word) || is(Tok::LBracket));
    return s;
}

std::optional<size_t> Parser::scanSeq(size_t at) const
{
    const auto kindAt = [&](size_t k) { return m_tokens[std::min(k, m_tokens.size() - 1)].kind; };
    if (kindAt(at) != Tok::Word && kindAt(at) != Tok::LBracket)
        return std::nullopt;
    while (kindAt(at) == Tok::Word || kindAt(at) == Tok::LBracket) {
        if (kindAt(at) == Tok::LBracket) {
            const auto inner = scanSeq(at + 1);
            if (!inner || kindAt(*inner) != Tok::RBracket)
                return std::nullopt;
            at = *inner + 1;
            continue;
        }
        ++at;
        while (kindAt(at) == Tok::Plus && kindAt(at + 1) == Tok::Word)
            at += 2;
    }
    return at;
}

Term Parser::term()
{
    const Token &t = tok();
    Term out;
    out.offset = t.offset;
    switch (t.kind) {
    case Tok::Underscore:
        take();
        out.kind = TermKind::Empty;
        return out;
    case Tok::Question:
        take();
        out.kind = TermKind::Question;
        return out;
    case Tok::Number:
        take();
        out.kind = TermKind::Number;
        out.text = normalizeNumber(text(t));
        return out;
    case Tok::String:
        take();
        out.kind = TermKind::String;
        out.text = unescape(text(t));
        return out;
    case Tok::Variable:
        take();
        out.kind = TermKind::Variable;
        out.text = std::string(text(t).substr(1));
        return out;
    case Tok::Name:
        take();
        out.kind = TermKind::Name;
        out.text = std::string(text(t));
        clauses(out.clauses);
        return out;
    case Tok::Word:
        checkToken(t);
        fail("syntax", t.offset,
            "'" + std::string(text(t)) + "' is a predicate word, not a term: write a determiner phrase (some " + std::string(text(t))
                + ", every " + std::string(text(t)) + ", the " + std::string(text(t)) + "), a Name, or a label before ':'");
    case Tok::Keyword:
        if (isKeyterm(t.keyword)) {
            take();
            out.kind = TermKind::Keyterm;
            out.text = std::string(text(t));
            return out;
        }
        if (isAbstraction(t.keyword)) {
            take();
            out.kind = TermKind::Abstraction;
            out.text = std::string(text(t));
            const Token &open = expect(Tok::LBrace, "'{' after '" + out.text + "'");
            const DepthGuard guard(*this, open);
            out.body = claim();
            expect(Tok::RBrace, "'}'");
            return out;
        }
        if (isDeterminer(t.keyword)) {
            phrase(out);
            return out;
        }
        break;
    default:
        break;
    }
    expected("a term");
}

void Parser::phrase(Term &t)
{
    t.kind = TermKind::Phrase;
    t.offset = tok().offset;
    determiner(t.det, t.count);
    t.restrictor = restrictor();
}

void Parser::determiner(Det &det, uint32_t &count)
{
    const Token &d = take();
    switch (d.keyword) {
    case Kw::Some:
        det = Det::Some;
        return;
    case Kw::The:
        det = Det::The;
        return;
    case Kw::No:
        det = Det::Exactly;
        count = 0;
        return;
    case Kw::Every:
        det = Det::Every;
        if (isKw(Kw::The)) {
            take();
            det = Det::EveryThe;
        }
        return;
    default:
        break;
    }
    const Token &n = expect(Tok::Number, "a whole number after 'exactly'");
    const std::string_view digits = text(n);
    if (digits.find('.') != std::string_view::npos)
        fail(codes::countNotWhole, n.offset, "'exactly' needs a whole number of things, found " + std::string(digits));
    const std::string whole = normalizeNumber(digits);
    if (whole.size() > 10 || (whole.size() == 10 && whole > "4294967295"))
        fail(codes::countRange, n.offset, "exact count " + std::string(digits) + " is too large: at most 4294967295");
    count = static_cast<uint32_t>(std::stoul(whole));
    det = Det::Exactly;
    if (isKw(Kw::The)) {
        take();
        det = Det::ExactlyThe;
    }
}

std::unique_ptr<Restrictor> Parser::restrictor()
{
    auto r = std::make_unique<Restrictor>();
    r->offset = tok().offset;
    if (is(Tok::Tilde)) {
        take();
        r->negated = true;
    }
    if (!is(Tok::Word) && !is(Tok::LBracket))
        expected("a predicate word after the determiner");
    if (is(Tok::Word) && is(Tok::Dot, 1) && tok(1).joined && is(Tok::Word, 2)) {
        r->selector = true;
        const Token &w = take();
        r->selectorWord.offset = w.offset;
        r->selectorWord.parts.emplace_back(text(w));
        take();
        const Token &label = take();
        r->selectorLabel = std::string(text(label));
        r->selectorLabelOffset = label.offset;
    } else {
        r->seq = seq();
        if (is(Tok::LParen)) {
            const Token &open = take();
            const DepthGuard guard(*this, open);
            r->linked = true;
            r->linkedOffset = open.offset;
            arguments(r->arguments);
        }
    }
    clauses(r->clauses);
    return r;
}

void Parser::clauses(std::vector<Clause> &out)
{
    while (isKw(Kw::Where) || isKw(Kw::Also)) {
        const Token &word = take();
        const DepthGuard guard(*this, word);
        Clause c;
        c.also = word.keyword == Kw::Also;
        c.offset = word.offset;
        const size_t bodyStart = m_pos + (is(Tok::Tilde) ? 1 : 0);
        const auto end = scanSeq(bodyStart);
        if (end && m_tokens[std::min(*end, m_tokens.size() - 1)].kind != Tok::LParen) {
            c.bare = true;
            if (is(Tok::Tilde)) {
                take();
                c.bareNegated = true;
            }
            c.bareSeq = seq();
        } else {
            c.claim = claim();
            if (!mentionsIt(*c.claim)) {
                const std::string w(text(word));
                fail(codes::clauseWithoutIt, word.offset,
                    "this " + w
                        + " clause states a full claim that never mentions 'it', the thing it describes: put 'it' in that "
                          "thing's place ("
                        + w + " loves(it, Adam)), or write the bare form (" + w + " approves)");
            }
        }
        out.push_back(std::move(c));
    }
}

} // namespace

ReadResult read(std::string_view text)
{
    Parser parser(text, lex(text));
    return parser.run();
}

} // namespace fanva::lang::nibli

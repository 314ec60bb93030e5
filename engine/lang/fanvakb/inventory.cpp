// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/inventory.h"

#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kb/writer.h"
#include "lang/fanvakb/gloss.h"

#include <QStringList>

#include <algorithm>
#include <deque>
#include <set>
#include <string>

namespace fanva::lang::fanvakb {

using formalize::estimateTokens;
using formalize::Inventory;
using formalize::RoleExample;

namespace {

constexpr int s_maxSupertypeSteps = 4;
constexpr int s_docBytes = 100;

QString quoted(kb::SymbolId symbol)
{
    return QLatin1Char('`') + kb::symbolString(symbol) + QLatin1Char('`');
}

// The first sentence as written: through the first '.' followed by a space and a capital,
// '(' or '?', or to a newline.
QString firstSentence(const QString &text)
{
    const QString trimmed = text.trimmed();
    for (qsizetype i = 0; i < trimmed.size(); ++i) {
        if (trimmed[i] == QLatin1Char('\n'))
            return trimmed.left(i).trimmed();
        if (trimmed[i] == QLatin1Char('.') && i + 2 < trimmed.size() && trimmed[i + 1] == QLatin1Char(' ')) {
            const QChar next = trimmed[i + 2];
            if (next.isUpper() || next == QLatin1Char('(') || next == QLatin1Char('?'))
                return trimmed.left(i + 1);
        }
    }
    return trimmed;
}

// Clipped at a space to at most s_docBytes UTF-8 bytes, with "…".
QString clippedDoc(const QString &doc)
{
    if (doc.toUtf8().size() <= s_docBytes)
        return doc;
    qsizetype cut = 0;
    for (qsizetype i = 0; i < doc.size(); ++i) {
        if (doc[i] == QLatin1Char(' ') && doc.left(i).toUtf8().size() <= s_docBytes)
            cut = i;
    }
    return doc.left(cut) + QChar(0x2026);
}

class Builder
{
public:
    Builder(const kb::KnowledgeBase &kb, kb::SymbolId context)
        : m_kb(kb)
        , m_scope { context, kb::noKey }
        , m_context(context)
    { }

    [[nodiscard]] bool isRelation(kb::SymbolId s) const
    {
        const std::string_view name = kb::symbolName(s);
        return m_kb.arityOf(s, m_scope).has_value() || (kb::isPredicateName(name) && !kb::isTypeName(name));
    }
    [[nodiscard]] bool isType(kb::SymbolId s) const
    {
        return kb::isTypeName(kb::symbolName(s)) && !m_kb.arityOf(s, m_scope).has_value() && s != kb::sym::thing;
    }
    [[nodiscard]] static bool isIndividual(kb::SymbolId s) { return kb::isIndividualName(kb::symbolName(s)); }

    [[nodiscard]] std::optional<QString> comment(kb::SymbolId s) const
    {
        const std::vector<kb::SentenceId> ids = m_kb.comments(s, m_scope);
        if (ids.empty())
            return std::nullopt;
        return QString::fromUtf8(m_kb.sentence(ids.front()).term[2].text());
    }

    [[nodiscard]] QString doc(kb::SymbolId s) const
    {
        const std::optional<QString> text = comment(s);
        if (!text)
            return {};
        const GlossTemplate tpl = glossTemplate(*text, kb::symbolName(s));
        return clippedDoc(tpl.signature ? tpl.clause : firstSentence(*text));
    }

    [[nodiscard]] QString relationLine(kb::SymbolId p) const
    {
        const std::optional<kb::Arity> arity = m_kb.arityOf(p, m_scope);
        QString line = QStringLiteral("- %1/%2").arg(quoted(p), arity ? QString::number(arity->count) : QStringLiteral("?"));
        if (arity && arity->count > 0) {
            const std::vector<kb::ArgConstraint> constraints = m_kb.argConstraints(p, m_scope);
            QStringList types;
            for (int i = 1; i <= arity->count; ++i) {
                const auto it = std::find_if(constraints.begin(), constraints.end(),
                    [i](const kb::ArgConstraint &c) { return c.kind == kb::ArgConstraint::Kind::Arg && c.position == i; });
                types << (it == constraints.end() ? QStringLiteral("?") : quoted(it->type));
            }
            line += QStringLiteral(" : ") + types.join(QStringLiteral(" × "));
        }
        QStringList tags;
        for (const auto &[mark, name] :
            { std::pair { kb::SymbolId(kb::sym::functional), "functional" }, std::pair { kb::SymbolId(kb::sym::transitive), "transitive" },
                std::pair { kb::SymbolId(kb::sym::symmetric), "symmetric" } }) {
            if (!m_kb.marksOver(p, mark, m_scope).empty())
                tags << QString::fromLatin1(name);
        }
        for (kb::SentenceId id : m_kb.mentioning(p, m_scope)) {
            const kb::Term t = m_kb.sentence(id).term;
            if (t.isForm(kb::sym::inverse) && t.size() == 3 && t[1].isSymbol() && t[2].isSymbol()) {
                if (t[1].symbol() == p && t[2].symbol() != p)
                    tags << QStringLiteral("inverse of %1").arg(quoted(t[2].symbol()));
                else if (t[2].symbol() == p && t[1].symbol() != p)
                    tags << QStringLiteral("inverse of %1").arg(quoted(t[1].symbol()));
            }
        }
        tags.removeDuplicates();
        if (!tags.isEmpty())
            line += QStringLiteral(" [%1]").arg(tags.join(QStringLiteral(", ")));
        if (const QString d = doc(p); !d.isEmpty())
            line += QStringLiteral(" — ") + d;
        return line;
    }

    [[nodiscard]] QString typeLine(kb::SymbolId t) const
    {
        QString line = QStringLiteral("- ") + quoted(t);
        const std::vector<kb::SymbolId> supers = m_kb.genls(t, m_scope);
        if (!supers.empty())
            line += QStringLiteral(" < ") + quoted(supers.front());
        if (const QString d = doc(t); !d.isEmpty())
            line += QStringLiteral(" — ") + d;
        return line;
    }

    [[nodiscard]] QString individualLine(kb::SymbolId i) const
    {
        QString line = QStringLiteral("- ") + quoted(i);
        QStringList types;
        for (kb::SymbolId t : m_kb.memberships(i, m_scope))
            types << quoted(t);
        if (!types.isEmpty())
            line += QStringLiteral(" : ") + types.join(QStringLiteral(", "));
        return line;
    }

    // Strict supertypes of t at most s_maxSupertypeSteps steps up, nearest first.
    [[nodiscard]] std::vector<kb::SymbolId> nearSupertypes(kb::SymbolId t) const
    {
        const std::vector<kb::SymbolId> supers = m_kb.genls(t, m_scope);
        std::vector<kb::SymbolId> out;
        for (kb::SymbolId s : supers) {
            // The longest chain from t to s is at most the supertypes below s, plus one.
            int steps = 1;
            for (kb::SymbolId q : supers)
                steps += (q != s && m_kb.isGenl(q, s, m_scope)) ? 1 : 0;
            if (steps <= s_maxSupertypeSteps && s != kb::sym::thing)
                out.push_back(s);
        }
        return out;
    }

    // Tier 2: predicates with (arg P n X), X a resolved type or a supertype of one.
    [[nodiscard]] std::vector<kb::SymbolId> licensed(const std::vector<kb::SymbolId> &types) const
    {
        std::vector<kb::SymbolId> out;
        std::set<kb::SymbolId> seenTypes;
        for (kb::SymbolId t : types) {
            std::vector<kb::SymbolId> xs { t };
            for (kb::SymbolId s : m_kb.genls(t, m_scope)) {
                if (s != kb::sym::thing)
                    xs.push_back(s);
            }
            for (kb::SymbolId x : xs) {
                if (!seenTypes.insert(x).second)
                    continue;
                std::vector<kb::SymbolId> ps;
                for (kb::SentenceId id : m_kb.mentioning(x, m_scope)) {
                    const kb::Term term = m_kb.sentence(id).term;
                    if (term.isForm(kb::sym::arg) && term.size() == 4 && term[1].isSymbol() && term[3].isSymbol(x))
                        ps.push_back(term[1].symbol());
                }
                std::sort(ps.begin(), ps.end(), [](kb::SymbolId a, kb::SymbolId b) { return kb::symbolName(a) < kb::symbolName(b); });
                out.insert(out.end(), ps.begin(), ps.end());
            }
        }
        return out;
    }

    // Tier 3: predicates and types declared in the target's cone, the target first, then
    // its genlCx ancestors breadth-first, sorted per context.
    void targetVocabulary(std::vector<kb::SymbolId> &relations, std::vector<kb::SymbolId> &types) const
    {
        std::vector<kb::SymbolId> order;
        std::set<kb::SymbolId> seen { m_context };
        std::deque<kb::SymbolId> queue { m_context };
        while (!queue.empty()) {
            const kb::SymbolId cx = queue.front();
            queue.pop_front();
            order.push_back(cx);
            if (const auto info = m_kb.contextInfo(cx)) {
                for (kb::SymbolId parent : info->parents) {
                    if (seen.insert(parent).second)
                        queue.push_back(parent);
                }
            }
        }
        for (kb::SymbolId cx : order) {
            std::set<std::string_view> declared;
            for (kb::SentenceId id : m_kb.sentencesIn(cx)) {
                const kb::Term t = m_kb.sentence(id).term;
                const kb::SymbolId f = t.functorSymbol();
                const bool declares = f == kb::sym::comment || f == kb::sym::unaryPredicate || f == kb::sym::binaryPredicate
                    || f == kb::sym::ternaryPredicate || f == kb::sym::arity || f == kb::sym::arg || f == kb::sym::genl;
                if (!declares)
                    continue;
                for (std::uint32_t i = 1; i < t.size() && i <= (f == kb::sym::genl ? 2u : 1u); ++i) {
                    if (t[i].isSymbol() && t[i].symbol() >= kb::sym::endOfBuiltins)
                        declared.insert(t[i].name());
                }
            }
            for (std::string_view name : declared) {
                const kb::SymbolId s = kb::intern(name);
                if (isRelation(s))
                    relations.push_back(s);
                else if (isType(s))
                    types.push_back(s);
            }
        }
    }

    const kb::KnowledgeBase &m_kb;
    kb::Scope m_scope;
    kb::SymbolId m_context;
};

// The sorted-first commented term in the cone of `context` that `accept` takes.
template<typename Accept> QString firstCommented(const kb::KnowledgeBase &kb, kb::SymbolId context, Accept accept)
{
    std::string best;
    const std::vector<kb::SymbolId> cone = context == kb::noSymbol ? kb.contexts() : kb.visibleContexts(context);
    for (kb::SymbolId cx : cone) {
        for (kb::SentenceId id : kb.sentencesIn(cx)) {
            const kb::Term term = kb.sentence(id).term;
            if (!term.isForm(kb::sym::comment) || term.size() != 3 || !term[1].isSymbol())
                continue;
            const kb::SymbolId symbol = term[1].symbol();
            const std::string_view name = kb::symbolName(symbol);
            if (symbol < kb::sym::endOfBuiltins || (!best.empty() && name >= best))
                continue;
            if (accept(symbol, name))
                best = std::string(name);
        }
    }
    return QString::fromStdString(best);
}

template<typename T> void appendUnique(std::vector<T> &out, std::set<T> &seen, const std::vector<T> &items)
{
    for (const T &item : items) {
        if (seen.insert(item).second)
            out.push_back(item);
    }
}

// Takes lines while they fit `budget`; the first misfit ends the block.
int fit(const QStringList &lines, double budget, double &spent)
{
    int taken = 0;
    for (const QString &line : lines) {
        const int cost = estimateTokens(line + QLatin1Char('\n'));
        if (spent + cost > budget)
            break;
        spent += cost;
        ++taken;
    }
    return taken;
}

QString block(const QString &title, const QString &lead, const QStringList &lines, int taken, const QString &noun)
{
    QString out = QStringLiteral("### ") + title + QStringLiteral("\n\n");
    if (!lead.isEmpty())
        out += lead + QLatin1Char('\n');
    for (int i = 0; i < taken; ++i)
        out += lines[i] + QLatin1Char('\n');
    if (taken < lines.size())
        out += QStringLiteral("_… and %1 further %2 not listed._\n").arg(lines.size() - taken).arg(noun);
    return out;
}

} // namespace

namespace {

/// The card's "Relating kinds" lines: disjointness between listed types, genl between listed
/// relations, each sentence once.
QStringList relatingKinds(
    const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<kb::SymbolId> &types, const std::vector<kb::SymbolId> &relations)
{
    QStringList lines;
    const std::set<kb::SymbolId> listedTypes(types.begin(), types.end());
    const std::set<kb::SymbolId> listedRelations(relations.begin(), relations.end());
    std::set<kb::SentenceId> seen;
    const auto structural = [&](kb::SymbolId s, kb::SymbolId functor, const std::set<kb::SymbolId> &listed) {
        for (kb::SentenceId id : kb.mentioning(s, kb::Scope { context, kb::noKey })) {
            const kb::Term t = kb.sentence(id).term;
            if (t.isForm(functor) && t.size() == 3 && t[1].isSymbol() && t[2].isSymbol() && listed.count(t[1].symbol())
                && listed.count(t[2].symbol()) && seen.insert(id).second)
                lines << QStringLiteral("- `%1`").arg(kb::renderFlat(t));
        }
    };
    for (kb::SymbolId t : types)
        structural(t, kb::sym::disjoint, listedTypes);
    for (kb::SymbolId p : relations)
        structural(p, kb::sym::genl, listedRelations);
    return lines;
}

} // namespace

Inventory buildInventory(const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<Resolution> &resolutions, int cardTokens)
{
    const Builder b(kb, context);

    // Tier 1, first occurrence order.
    std::vector<kb::SymbolId> resolvedRelations, resolvedTypes, resolvedIndividuals;
    std::set<kb::SymbolId> seen;
    for (const Resolution &r : resolutions) {
        if (!seen.insert(r.term).second)
            continue;
        if (b.isRelation(r.term))
            resolvedRelations.push_back(r.term);
        else if (b.isType(r.term))
            resolvedTypes.push_back(r.term);
        else if (Builder::isIndividual(r.term))
            resolvedIndividuals.push_back(r.term);
    }
    std::vector<kb::SymbolId> targetRelations, targetTypes;
    b.targetVocabulary(targetRelations, targetTypes);

    std::vector<kb::SymbolId> relations;
    std::set<kb::SymbolId> relationSeen;
    appendUnique(relations, relationSeen, resolvedRelations);
    appendUnique(relations, relationSeen, b.licensed(resolvedTypes));
    appendUnique(relations, relationSeen, targetRelations);

    const double budget = cardTokens;
    double spent = 0;
    double limit = budget * 0.55;
    QStringList relationLines;
    for (kb::SymbolId p : relations)
        relationLines << b.relationLine(p);
    const int relationsTaken = fit(relationLines, limit, spent);

    Inventory out;
    out.relations.assign(relations.begin(), relations.begin() + relationsTaken);

    std::vector<kb::SymbolId> types;
    std::set<kb::SymbolId> typeSeen;
    appendUnique(types, typeSeen, resolvedTypes);
    for (kb::SymbolId t : resolvedTypes)
        appendUnique(types, typeSeen, b.nearSupertypes(t));
    for (kb::SymbolId p : out.relations) {
        std::vector<kb::SymbolId> argTypes;
        for (const kb::ArgConstraint &c : kb.argConstraints(p, kb::Scope { context, kb::noKey })) {
            if (b.isType(c.type))
                argTypes.push_back(c.type);
        }
        appendUnique(types, typeSeen, argTypes);
    }
    appendUnique(types, typeSeen, targetTypes);
    QStringList typeLines;
    for (kb::SymbolId t : types)
        typeLines << b.typeLine(t);
    limit += budget * 0.30;
    const int typesTaken = fit(typeLines, limit, spent);
    out.types.assign(types.begin(), types.begin() + typesTaken);

    QStringList individualLines;
    for (kb::SymbolId i : resolvedIndividuals)
        individualLines << b.individualLine(i);
    limit += budget * 0.10;
    const int individualsTaken = fit(individualLines, limit, spent);
    out.individuals.assign(resolvedIndividuals.begin(), resolvedIndividuals.begin() + individualsTaken);

    const QStringList structuralLines = relatingKinds(kb, context, out.types, out.relations);
    limit += budget * 0.05;
    const int structuralTaken = fit(structuralLines, limit, spent);

    out.cut = Inventory::Cut { int(relationLines.size()) - relationsTaken, int(typeLines.size()) - typesTaken,
        int(individualLines.size()) - individualsTaken, int(structuralLines.size()) - structuralTaken };

    QStringList blocks;
    if (!relationLines.isEmpty())
        blocks << block(QStringLiteral("Relations this knowledge base has — use them"),
            QStringLiteral(
                "Each line: `name/arity : argument types`. State claims through these relations and their arguments; never invent a "
                "name that spells out an argument."),
            relationLines, relationsTaken, QStringLiteral("relations"));
    if (!typeLines.isEmpty())
        blocks << block(QStringLiteral("Types this knowledge base has"), QStringLiteral("Use a listed type instead of coining a synonym."),
            typeLines, typesTaken, QStringLiteral("types"));
    if (!individualLines.isEmpty())
        blocks << block(
            QStringLiteral("Individuals already named"), QString(), individualLines, individualsTaken, QStringLiteral("individuals"));
    if (!structuralLines.isEmpty())
        blocks << block(QStringLiteral("Relating kinds"), QString(), structuralLines, structuralTaken, QStringLiteral("sentences"));
    out.card = blocks.join(QLatin1Char('\n'));
    if (out.isCut())
        out.card += QStringLiteral(
            "\n_This card was cut to fit the model's window. A name missing here may still exist: prefer a listed one, and say in notes "
            "whenever you coin a name._\n");
    out.tokens = estimateTokens(out.card);
    return out;
}

std::vector<RoleExample> roleExamples(const kb::KnowledgeBase &kb, kb::SymbolId context)
{
    const kb::Scope scope { context, kb::noKey };
    const QString relation = firstCommented(kb, context, [&](kb::SymbolId symbol, std::string_view name) {
        if (!kb::isPredicateName(name))
            return false;
        const std::optional<kb::Arity> arity = kb.arityOf(symbol, scope);
        return arity ? arity->count >= 2 : !kb::isTypeName(name);
    });
    const QString type = firstCommented(kb, context,
        [&](kb::SymbolId symbol, std::string_view name) { return kb::isTypeName(name) && !kb.arityOf(symbol, scope).has_value(); });
    const QString individual = firstCommented(kb, context, [](kb::SymbolId, std::string_view name) { return kb::isIndividualName(name); });
    const auto orElse = [](const QString &value, const char *fallback) { return value.isEmpty() ? QString::fromLatin1(fallback) : value; };
    return {
        { QStringLiteral("relation"), QStringLiteral("camelCase, lower-case first letter"), orElse(relation, "eats") },
        { QStringLiteral("type"), QStringLiteral("lower case, words joined by underscores"), orElse(type, "penguin") },
        { QStringLiteral("individual"), QStringLiteral("CapitalizedWords, no spaces"), orElse(individual, "Pingu") },
    };
}

QString systemPrefix(const kb::KnowledgeBase &kb, kb::SymbolId context)
{
    return formalize::systemPrefix(roleExamples(kb, context));
}

} // namespace fanva::lang::fanvakb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/claimwriter.h"

#include "lang/claim.h"

#include <QRegularExpression>
#include <QStringList>

#include <map>
#include <optional>

namespace fanva::lang::nibli {

namespace {
namespace written {

/// Writes one claim; the first problem met stops it.
class Writer
{
public:
    [[nodiscard]] std::optional<QString> statement(const lang::Claim &claim)
    {
        QStringList variables;
        freeVariables(claim, {}, variables);
        const std::optional<QString> body = this->claim(claim, true);
        if (!body)
            return std::nullopt;
        if (variables.isEmpty())
            return *body + QLatin1Char('.');
        for (QString &v : variables)
            v.prepend(QLatin1Char('$'));
        return QStringLiteral("all %1: %2.").arg(variables.join(QStringLiteral(", ")), *body);
    }

    QString problem;

private:
    static void freeVariables(const lang::Claim &claim, const QStringList &bound, QStringList &out)
    {
        QStringList inner = bound;
        if (claim.kind == lang::Claim::Kind::Exists) {
            for (const lang::ClaimTerm &t : claim.arguments)
                inner << t.text;
        } else {
            for (const lang::ClaimTerm &t : claim.arguments) {
                if (t.kind == lang::ClaimTerm::Kind::Variable && !bound.contains(t.text) && !out.contains(t.text))
                    out << t.text;
            }
        }
        for (const lang::Claim &part : claim.parts)
            freeVariables(part, inner, out);
    }

    std::optional<QString> fail(const QString &why)
    {
        if (problem.isEmpty())
            problem = why;
        return std::nullopt;
    }

    std::optional<QString> term(const lang::ClaimTerm &t)
    {
        static const QRegularExpression name(QStringLiteral("^[A-Z][A-Za-z0-9_]*$"));
        static const QRegularExpression variable(QStringLiteral("^[a-z][a-z0-9_]*$"));
        static const QStringList pronouns { QStringLiteral("me"), QStringLiteral("you"), QStringLiteral("we"), QStringLiteral("this"),
            QStringLiteral("that"), QStringLiteral("yonder") };
        switch (t.kind) {
        case lang::ClaimTerm::Kind::Variable:
            if (const auto it = m_phrases.find(t.text); it != m_phrases.end())
                return it->second;
            if (!variable.match(t.text).hasMatch())
                return fail(QStringLiteral("the variable '%1' is no nibli variable").arg(t.text));
            return QLatin1Char('$') + t.text;
        case lang::ClaimTerm::Kind::Number:
            return t.text;
        case lang::ClaimTerm::Kind::Type:
            return fail(
                QStringLiteral("a relation between kinds ('%1'): nibli KR relates things, and the rules write no rule for it").arg(t.text));
        case lang::ClaimTerm::Kind::Individual:
            break;
        }
        if (!name.match(t.text).hasMatch() || (!t.text.contains(QLatin1Char('_')) && pronouns.contains(t.text.toLower())))
            return fail(QStringLiteral("'%1' is no nibli name").arg(t.text));
        return t.text;
    }

    std::optional<QString> predication(const lang::Claim &c)
    {
        static const QRegularExpression word(QStringLiteral("^[a-z][a-z0-9_]*$"));
        if (!word.match(c.name).hasMatch())
            return fail(QStringLiteral("'%1' is no nibli predicate word (a coined relation is declared with pred first)").arg(c.name));
        QStringList args;
        for (const lang::ClaimTerm &t : c.arguments) {
            const std::optional<QString> a = term(t);
            if (!a)
                return std::nullopt;
            args << *a;
        }
        return QStringLiteral("%1(%2)").arg(c.name, args.join(QStringLiteral(", ")));
    }

    /// `some T` in the place of the variable: (exists ?y (and (T ?y) P)) → P with `some T`.
    std::optional<QString> existence(const lang::Claim &c)
    {
        const QString var = c.arguments.empty() ? QString() : c.arguments.front().text;
        const lang::Claim &body = c.parts.front();
        if (body.kind == lang::Claim::Kind::And && body.parts.size() == 2 && body.parts[0].kind == lang::Claim::Kind::Predication
            && body.parts[0].arguments == std::vector<lang::ClaimTerm> { lang::ClaimTerm::variable(var) }
            && body.parts[1].kind == lang::Claim::Kind::Predication) {
            m_phrases[var] = QStringLiteral("some ") + body.parts[0].name;
            const std::optional<QString> out = predication(body.parts[1]);
            m_phrases.erase(var);
            return out;
        }
        return fail(QStringLiteral("something that exists without a kind to name it: the rules write no nibli for it"));
    }

    std::optional<QString> claim(const lang::Claim &c, bool top)
    {
        switch (c.kind) {
        case lang::Claim::Kind::Predication:
            return predication(c);
        case lang::Claim::Kind::Not:
            if (c.parts.front().kind != lang::Claim::Kind::Predication)
                return fail(QStringLiteral("a negation of more than one predication"));
            if (const std::optional<QString> p = predication(c.parts.front()))
                return QLatin1Char('~') + *p;
            return std::nullopt;
        case lang::Claim::Kind::And: {
            QStringList items;
            for (const lang::Claim &part : c.parts) {
                const std::optional<QString> p = claim(part, false);
                if (!p)
                    return std::nullopt;
                items << *p;
            }
            return items.join(QStringLiteral(" & "));
        }
        case lang::Claim::Kind::Implies: {
            const std::optional<QString> a = claim(c.parts[0], false);
            const std::optional<QString> b = a ? claim(c.parts[1], false) : std::nullopt;
            if (!b)
                return std::nullopt;
            const QString text = *a + QStringLiteral(" -> ") + *b;
            return top ? text : QLatin1Char('(') + text + QLatin1Char(')');
        }
        case lang::Claim::Kind::Exists:
            return existence(c);
        case lang::Claim::Kind::Generalisation:
            return QStringLiteral("%1(every %2)").arg(c.broader, c.name);
        case lang::Claim::Kind::DefaultRule:
        case lang::Claim::Kind::Exception:
            return fail(
                QStringLiteral("a default ('usually', a plural said of a kind): nibli KR states no defaults, only rules that always hold"));
        }
        return fail(QStringLiteral("a claim the rules cannot write in nibli"));
    }

    std::map<QString, QString> m_phrases;
};

} // namespace written
} // namespace

WrittenClaim ClaimWriter::write(const lang::Claim &claim) const
{
    written::Writer writer;
    if (const std::optional<QString> text = writer.statement(claim))
        return { *text, {} };
    return { {}, writer.problem };
}

const ClaimWriter &claimWriter()
{
    static const ClaimWriter writer;
    return writer;
}

} // namespace fanva::lang::nibli

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/gloss.h"

#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kb/writer.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <array>
#include <climits>
#include <map>

namespace fanva::lang::fanvakb {

namespace {

// The first clause of `text`: up to ". " followed by a capital, "(" or "?", or a newline;
// trailing . , ; : dropped.
QString firstClause(const QString &text)
{
    qsizetype end = text.size();
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('\n')) {
            end = i;
            break;
        }
        if (text[i] == QLatin1Char('.') && i + 2 < text.size() && text[i + 1] == QLatin1Char(' ')) {
            const QChar next = text[i + 2];
            if (next.isUpper() || next == QLatin1Char('(') || next == QLatin1Char('?')) {
                end = i;
                break;
            }
        }
    }
    QString clause = text.left(end).trimmed();
    while (!clause.isEmpty() && QStringLiteral(".,;:").contains(clause.back()))
        clause.chop(1);
    return clause.trimmed();
}

QString lowerFirst(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toLower();
    return text;
}

QString upperFirst(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

bool startsWithVowel(const QString &word)
{
    return !word.isEmpty() && QStringLiteral("aeiouAEIOU").contains(word.front());
}

QString withArticle(const QString &noun)
{
    return (startsWithVowel(noun) ? QStringLiteral("an ") : QStringLiteral("a ")) + noun;
}

// How an argument reads: individuals as written with '_' as space, variables without '?'.
QString argumentText(kb::Term term)
{
    if (term.isVariable())
        return term.kind() == kb::TermKind::Anonymous ? QStringLiteral("something") : QString::fromUtf8(term.name().substr(1));
    if (term.isSymbol())
        return QString::fromUtf8(term.name()).replace(QLatin1Char('_'), QLatin1Char(' '));
    return kb::renderFlat(term);
}

QString listed(const QStringList &items)
{
    if (items.size() <= 1)
        return items.value(0);
    return QStringList(items.mid(0, items.size() - 1)).join(QStringLiteral(", ")) + QStringLiteral(" and ") + items.back();
}

// A reading and how many of its literals were composed from a template or built-in, read
// partly (a template that substitutes nothing), or of all.
struct Reading {
    QString text;
    int composed = 0;
    int literals = 0;
    bool opensWithTerm = false;
    int partial = 0;
};

class Glosser
{
public:
    Glosser(const kb::KnowledgeBase &kb, kb::SymbolId context)
        : m_kb(kb)
        , m_context(context)
    {
        if (context != kb::noSymbol) {
            const std::vector<kb::SymbolId> cone = kb.visibleContexts(context);
            for (std::size_t i = 0; i < cone.size(); ++i)
                m_rank.emplace(cone[i], int(i));
        }
    }

    Reading read(kb::Term term, bool topLevel, int depth = 0)
    {
        if (depth > kb::maxDepth || !term.isList() || term.size() == 0)
            return named(term);
        const kb::SymbolId functor = term.functorSymbol();
        const auto arg = [&](std::uint32_t i) { return term.size() > i ? term[i] : kb::Term(); };
        switch (functor) {
        case kb::sym::not_:
            return prefixed(QStringLiteral("it is not true that "), read(arg(1), false, depth + 1));
        case kb::sym::implies: {
            Reading antecedent = conjunction(arg(1), depth);
            Reading consequent = conjunction(arg(2), depth);
            Reading out = merge(antecedent, consequent, QStringLiteral("if %1, then %2"));
            out.opensWithTerm = false;
            return out;
        }
        case kb::sym::and_:
            return conjunction(term, depth);
        case kb::sym::setDefaultRule:
            return prefixed(QStringLiteral("usually, "), read(arg(1), false, depth + 1));
        case kb::sym::exceptWhen: {
            Reading rule = read(arg(2), false, depth + 1);
            Reading query = conjunction(arg(1), depth);
            Reading out = merge(rule, query, QStringLiteral("%1, except when %2"));
            out.opensWithTerm = rule.opensWithTerm;
            return out;
        }
        case kb::sym::exists:
            return prefixed(QStringLiteral("there is some %1 such that ").arg(variables(arg(1))), read(arg(2), false, depth + 1));
        case kb::sym::genl:
            return builtin(isPredicate(arg(1))
                    ? QStringLiteral("whenever %1 holds, %2 holds").arg(argumentText(arg(1)), argumentText(arg(2)))
                    : QStringLiteral("every %1 is %2").arg(argumentText(arg(1)), withArticle(argumentText(arg(2)))),
                false);
        case kb::sym::disjoint:
            return builtin(
                QStringLiteral("nothing is both %1 and %2").arg(withArticle(argumentText(arg(1))), withArticle(argumentText(arg(2)))),
                false);
        case kb::sym::isa:
            return builtin(QStringLiteral("%1 is %2").arg(argumentText(arg(1)), withArticle(argumentText(arg(2)))), true);
        default:
            break;
        }
        if (kb::isRuleWrapper(functor))
            return read(arg(1), topLevel, depth + 1); // a direction or strength, not a meaning
        if (functor == kb::noSymbol || functor < kb::sym::endOfBuiltins)
            return named(term);
        return literal(term, topLevel);
    }

private:
    static Reading builtin(const QString &text, bool opensWithTerm) { return Reading { text, 1, 1, opensWithTerm }; }

    static Reading prefixed(const QString &prefix, Reading inner)
    {
        inner.text = prefix + inner.text;
        inner.opensWithTerm = false;
        return inner;
    }

    static Reading merge(const Reading &a, const Reading &b, const QString &pattern)
    {
        return Reading { pattern.arg(a.text, b.text), a.composed + b.composed, a.literals + b.literals, a.opensWithTerm,
            a.partial + b.partial };
    }

    static QString variables(kb::Term binder)
    {
        if (!binder.isVector())
            return argumentText(binder);
        QStringList names;
        for (std::uint32_t i = 0; i < binder.size(); ++i)
            names << argumentText(binder[i]);
        return listed(names);
    }

    Reading conjunction(kb::Term term, int depth)
    {
        if (!term.isForm(kb::sym::and_) && !term.isVector())
            return read(term, false, depth + 1);
        Reading out;
        QStringList parts;
        const std::uint32_t first = term.isVector() ? 0 : 1;
        for (std::uint32_t i = first; i < term.size(); ++i) {
            const Reading part = read(term[i], false, depth + 1);
            if (i == first)
                out.opensWithTerm = part.opensWithTerm;
            parts << part.text;
            out.composed += part.composed;
            out.literals += part.literals;
            out.partial += part.partial;
        }
        out.text = parts.join(QStringLiteral(", and "));
        return out;
    }

    [[nodiscard]] bool isPredicate(kb::Term term) const
    {
        return term.isSymbol() && m_kb.arityOf(term.symbol(), kb::Scope { m_context, kb::noKey }).has_value();
    }

    static Reading named(kb::Term term)
    {
        if (term.isNull())
            return Reading { QString(), 0, 1, false };
        if (!term.isList() || term.size() == 0)
            return Reading { kb::renderFlat(term), 0, 1, true };
        QStringList args;
        for (std::uint32_t i = 1; i < term.size(); ++i)
            args << argumentText(term[i]);
        return Reading { QStringLiteral("%1: %2").arg(kb::renderFlat(term[0]), args.join(QStringLiteral(", "))), 0, 1, true };
    }

    // The comment nearest the check context in its cone.
    [[nodiscard]] std::optional<QString> comment(kb::SymbolId symbol) const
    {
        const std::vector<kb::SentenceId> ids = m_kb.comments(symbol, kb::Scope { m_context, kb::noKey });
        std::optional<QString> best;
        int bestRank = INT_MAX;
        for (kb::SentenceId id : ids) {
            const kb::SentenceInfo &info = m_kb.sentence(id);
            const auto it = m_rank.find(info.context);
            const int rank = it == m_rank.end() ? INT_MAX - 1 : it->second;
            if (!best || rank < bestRank) {
                best = QString::fromUtf8(info.term[2].text());
                bestRank = rank;
            }
        }
        return best;
    }

    Reading literal(kb::Term term, bool topLevel)
    {
        const kb::SymbolId functor = term.functorSymbol();
        const std::optional<QString> text = comment(functor);
        QStringList args;
        for (std::uint32_t i = 1; i < term.size(); ++i)
            args << argumentText(term[i]);
        const QString name = QString::fromUtf8(term[0].name()).replace(QLatin1Char('_'), QLatin1Char(' '));
        if (!text) {
            if (term.size() == 2 && kb::isTypeName(term[0].name()))
                return Reading { QStringLiteral("%1 is %2").arg(args[0], withArticle(name)), 0, 1, true };
            return named(term);
        }
        const GlossTemplate tpl = glossTemplate(*text, term[0].name());
        if (tpl.signature && tpl.parameters.size() == std::size_t(args.size())) {
            std::map<QString, std::pair<QString, bool>> values; // parameter → (text, drops an article)
            for (std::size_t i = 0; i < tpl.parameters.size(); ++i) {
                const kb::Term a = term[std::uint32_t(i + 1)];
                values[tpl.parameters[i]] = { args[qsizetype(i)], a.isVariable() || (a.isSymbol() && kb::isIndividualName(a.name())) };
            }
            bool substituted = false;
            bool opensWithTerm = false;
            const QString clause = substitute(tpl.clause, values, substituted, opensWithTerm);
            if (substituted)
                return Reading { clause, 1, 1, opensWithTerm };
            return Reading { QStringLiteral("%1: %2").arg(listed(args), clause), 0, 1, true, 1 };
        }
        if (args.size() == 1) {
            QString reading = QStringLiteral("%1 is %2").arg(args[0], withArticle(name));
            if (topLevel && !tpl.clause.isEmpty())
                reading += QStringLiteral(" — ") + lowerFirst(tpl.clause);
            return Reading { reading, 1, 1, true };
        }
        return Reading { QStringLiteral("%1: %2").arg(listed(args), tpl.clause), 0, 1, true, 1 };
    }

    static QString substitute(
        const QString &clause, const std::map<QString, std::pair<QString, bool>> &values, bool &substituted, bool &opensWithTerm)
    {
        static const QRegularExpression parameter(QStringLiteral("\\?[A-Za-z0-9_-]+"));
        static const QRegularExpression article(QStringLiteral("(?:^|(?<=\\s))(a|an|the|A|An|The)\\s+$"));
        QString out;
        qsizetype pos = 0;
        auto it = parameter.globalMatch(clause);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const auto found = values.find(m.captured(0));
            if (found == values.end())
                continue;
            out += clause.mid(pos, m.capturedStart() - pos);
            const auto [value, dropsArticle] = found->second;
            const QRegularExpressionMatch a = article.match(out);
            if (a.hasMatch()) {
                if (dropsArticle)
                    out.truncate(a.capturedStart());
                else if (a.captured(1).compare(QLatin1String("the"), Qt::CaseInsensitive) != 0)
                    out.replace(
                        a.capturedStart(1), a.capturedLength(1), startsWithVowel(value) ? QStringLiteral("an") : QStringLiteral("a"));
            }
            if (out.isEmpty())
                opensWithTerm = true;
            out += value;
            pos = m.capturedEnd();
            substituted = true;
        }
        out += clause.mid(pos);
        return out;
    }

    const kb::KnowledgeBase &m_kb;
    kb::SymbolId m_context;
    std::map<kb::SymbolId, int> m_rank;
};

} // namespace

GlossTemplate glossTemplate(const QString &comment, std::string_view functor)
{
    GlossTemplate out;
    const QString text = comment.trimmed();
    const QString head = QLatin1Char('(') + QString::fromUtf8(functor.data(), qsizetype(functor.size()));
    const qsizetype close = text.indexOf(QLatin1Char(')'));
    if (text.startsWith(head) && close > 0
        && (text.size() == head.size() || text[head.size()].isSpace() || text[head.size()] == QLatin1Char(')'))) {
        const QStringList params = text.mid(head.size(), close - head.size()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QString rest = text.mid(close + 1).trimmed();
        bool marked = true;
        if (rest.startsWith(QLatin1String("means that ")))
            rest = rest.mid(11);
        else if (rest.startsWith(QLatin1String("means ")))
            rest = rest.mid(6);
        else if (rest.startsWith(QLatin1Char(':')))
            rest = rest.mid(1);
        else
            marked = false;
        if (marked && std::all_of(params.begin(), params.end(), [](const QString &p) { return p.startsWith(QLatin1Char('?')); })) {
            out.signature = true;
            out.parameters.assign(params.begin(), params.end());
            out.clause = firstClause(rest.trimmed());
            return out;
        }
    }
    out.clause = firstClause(text);
    return out;
}

Gloss gloss(const kb::KnowledgeBase &kb, kb::Term sentence, kb::SymbolId context)
{
    Glosser glosser(kb, context);
    const Reading reading = glosser.read(sentence, true);
    Gloss out;
    if (reading.composed == reading.literals)
        out.source = Gloss::Source::Composed;
    else if (reading.composed == 0 && reading.partial == 0)
        out.source = Gloss::Source::Named;
    else
        out.source = Gloss::Source::Partial;
    out.text = reading.opensWithTerm ? reading.text : upperFirst(reading.text);
    if (!out.text.endsWith(QLatin1Char('.')))
        out.text += QLatin1Char('.');
    return out;
}

} // namespace fanva::lang::fanvakb

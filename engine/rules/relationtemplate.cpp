// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/drafter_p.h"

#include "jsonutil.h"

#include <QRegularExpression>

namespace fanva::rules {

void Drafter::addType(const QString &name, const json &)
{
    if (name.isEmpty())
        return;
    m_types.insert({ name.toLower().replace(QLatin1Char('_'), QLatin1Char(' ')), name });
}

void Drafter::addRelation(const json &r)
{
    Relation rel;
    rel.name = jsonutil::string(r, "name");
    rel.arity = int(jsonutil::integer(r, "arity"));
    if (const json *args = jsonutil::array(r, "args")) {
        for (const json &a : *args)
            rel.args << jsonutil::asString(a).value_or(QString());
    }
    if (const json *kinds = jsonutil::array(r, "argKinds")) {
        for (const json &k : *kinds)
            rel.kindLevel = rel.kindLevel || jsonutil::asString(k).value_or(QString()) == QLatin1String("genlArg");
    }
    if (rel.name.isEmpty() || rel.arity < 1 || rel.arity > 2)
        return;
    Relation fromName = rel;
    nameShape(fromName);
    if (templateShape(rel, jsonutil::string(r, "comment")))
        m_relations.push_back(rel);
    if (!fromName.verb.isEmpty() || !fromName.noun.isEmpty())
        m_relations.push_back(fromName);
}

void Drafter::nameShape(Relation &rel)
{
    const QStringList parts = camelParts(rel.name);
    if (parts.isEmpty())
        return;
    const QString &last = parts.last();
    if (rel.arity == 2 && parts.size() == 2 && last == QLatin1String("of")) {
        rel.noun = parts.first();
        rel.first = 1;
        return;
    }
    if (rel.arity == 1 && parts.size() >= 2 && m_lex.is(parts.first(), Lexicon::Pos::Verb)) {
        rel.phrase = parts;
        rel.phrase.first() = m_lex.lemma(parts.first(), Lexicon::Pos::Verb);
        rel.verb = QStringLiteral("-phrase-");
        return;
    }
    if (parts.size() > 2)
        return;
    if (parts.size() == 2 && !prepositions().contains(last))
        return;
    const QString verb = m_lex.lemma(parts.first(), Lexicon::Pos::Verb);
    if (!m_lex.is(parts.first(), Lexicon::Pos::Verb))
        return;
    rel.verb = verb;
    rel.prep = parts.size() == 2 ? last : QString();
}

bool Drafter::templateShape(Relation &rel, const QString &comment)
{
    static const QRegularExpression head(QStringLiteral("^\\s*\\((\\S+)((?:\\s+\\?\\w+)+)\\)\\s+means\\s+(.*)$"));
    const QRegularExpressionMatch m = head.match(comment);
    if (!m.hasMatch() || m.captured(1) != rel.name)
        return false;
    const QStringList vars = m.captured(2).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString text = m.captured(3);
    if (text.startsWith(QLatin1String("that ")))
        text = text.mid(5);
    static const QRegularExpression clauseEnd(QStringLiteral("[.;]\\s|[.;]$|, "));
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    if (const qsizetype stop = text.indexOf(clauseEnd); stop >= 0)
        text.truncate(stop);
    const QStringList words = text.split(spaces, Qt::SkipEmptyParts);
    std::vector<int> at;
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (words.at(i).startsWith(QLatin1Char('?')))
            at.push_back(int(i));
    }
    if (int(at.size()) != rel.arity)
        return false;
    const int firstVar = int(vars.indexOf(words.at(at.front()))) + 1;
    if (firstVar < 1)
        return false;
    rel.first = firstVar;
    QStringList middle;
    const int middleEnd = rel.arity == 2 ? at[1] : int(words.size());
    for (int i = at.front() + 1; i < middleEnd; ++i)
        middle << words.at(i).toLower();
    QStringList after;
    if (rel.arity == 2) {
        for (qsizetype i = at[1] + 1; i < words.size(); ++i)
            after << words.at(i).toLower();
    }
    // Drop a trailing type description before the second argument ("the habitat", "the animal").
    if (rel.arity == 2)
        dropTypeDescription(middle);
    if (middle.isEmpty())
        return false;
    if (middle.first() == QLatin1String("can")) {
        rel.can = true;
        middle.removeFirst();
    }
    if (middle.isEmpty())
        return false;
    if (isBe(middle.first()) && rel.arity == 2) {
        // ?d is (first) kept in ?r · documents of kind ?k are stored in rooms of kind ?r:
        // a passive participle and the first preposition after it.
        qsizetype p = 1;
        while (p < middle.size() && (isDiscourseAdverb(middle.at(p)) || isFrequency(middle.at(p))))
            ++p;
        if (p < middle.size() && !isDeterminer(middle.at(p)) && m_lex.is(middle.at(p), Lexicon::Pos::Verb)
            && m_lex.lemma(middle.at(p), Lexicon::Pos::Verb) != middle.at(p)) {
            for (qsizetype i = p + 1; i < middle.size(); ++i) {
                if (prepositions().contains(middle.at(i))) {
                    rel.verb = m_lex.lemma(middle.at(p), Lexicon::Pos::Verb);
                    rel.prep = middle.at(i);
                    rel.passive = true;
                    rel.fromTemplate = true;
                    return true;
                }
            }
        }
    }
    if (isBe(middle.first())) {
        // ?x is the mother of ?c · ?x is ADJ · ?a is ?n years old
        if (rel.arity == 2 && middle.size() >= 3 && middle.last() == QLatin1String("of") && middle.count(QStringLiteral("of")) == 1) {
            rel.noun = middle.at(middle.size() - 2);
            return true;
        }
        if (rel.arity == 2 && middle.size() == 1 && !after.isEmpty()) {
            rel.verb = QStringLiteral("be");
            rel.unit = m_lex.lemma(after.first(), Lexicon::Pos::Noun);
            return true;
        }
        if (rel.arity == 1 && middle.size() >= 2 && !isDeterminer(middle.at(1))) {
            rel.adjective = middle.at(1);
            return true;
        }
        return false;
    }
    const QString verbWord = middle.first();
    if (!m_lex.is(verbWord, Lexicon::Pos::Verb))
        return false;
    rel.verb = m_lex.lemma(verbWord, Lexicon::Pos::Verb);
    if (rel.arity == 2) {
        for (qsizetype i = 1; i < middle.size(); ++i) {
            if (prepositions().contains(middle.at(i))) {
                rel.prep = middle.at(i);
                break;
            }
        }
        if (!after.isEmpty())
            rel.unit = m_lex.lemma(after.first(), Lexicon::Pos::Noun);
    }
    rel.fromTemplate = true;
    return true;
}

Drafter::Match Drafter::findRelation(const QString &verb, const QString &prep, int arity, const QString &unit, bool kinds, bool passive)
{
    Match best;
    const QStringList synonyms = m_lex.verbSynonyms(verb);
    static const QSet<QString> weak { QStringLiteral("be"), QStringLiteral("have"), QStringLiteral("do"), QStringLiteral("get"),
        QStringLiteral("go"), QStringLiteral("make"), QStringLiteral("take"), QStringLiteral("give") };
    for (const Relation &r : m_relations) {
        if (r.arity != arity || r.verb.isEmpty() || r.kindLevel != kinds || r.passive != passive)
            continue;
        int score = 0;
        if (r.verb == verb)
            score = 4;
        else if (!weak.contains(verb) && !weak.contains(r.verb) && synonyms.contains(r.verb))
            score = 2;
        else
            continue;
        if (arity == 2) {
            if (!unit.isEmpty() || !r.unit.isEmpty()) {
                if (unit != r.unit)
                    continue;
                score += 2;
            } else if (r.prep == prep) {
                score += 2;
            } else if (!r.prep.isEmpty() && !prep.isEmpty() && isLocative(r.prep) && isLocative(prep) && r.verb == verb) {
                score += 1;
            } else if (prep.isEmpty() && !r.prep.isEmpty() && r.prep != QLatin1String("of")) {
                // "eat fish" for "feeds on": a direct object for a prepositional one.
            } else {
                continue;
            }
        }
        if (r.fromTemplate)
            score += 1;
        if (score > best.score || (score == best.score && best.rel && r.name < best.rel->name)) {
            best.rel = &r;
            best.score = score;
        }
    }
    return best;
}

const Relation *Drafter::nounRelation(const QString &noun)
{
    const QString lemma = m_lex.lemma(noun, Lexicon::Pos::Noun);
    const Relation *found = nullptr;
    for (const Relation &r : m_relations) {
        if (r.arity == 2 && !r.noun.isEmpty() && (r.noun == lemma || r.noun == noun) && (!found || r.fromTemplate))
            found = &r;
    }
    return found;
}

const Relation *Drafter::locativeRelation(const QString &prep)
{
    const Relation *found = nullptr;
    for (const Relation &r : m_relations) {
        if (r.arity != 2 || r.kindLevel || r.prep != prep || !isLocationVerb(r.verb))
            continue;
        if (!found || (r.fromTemplate && !found->fromTemplate))
            found = &r;
    }
    return found;
}

const Relation *Drafter::possessionRelation()
{
    for (const char *verb : { "have", "own", "possess" }) {
        const Match m = findRelation(QString::fromLatin1(verb), {}, 2, {}, false);
        if (m.rel && m.rel->prep.isEmpty() && m.rel->unit.isEmpty() && m.score >= 4)
            return m.rel;
    }
    return nullptr;
}

const Relation *Drafter::adjectiveRelation(const QString &adjective)
{
    for (const Relation &r : m_relations) {
        if (r.arity == 1 && (r.adjective == adjective || r.name == adjective))
            return &r;
    }
    return nullptr;
}

Claim Drafter::atom(const Relation &r, const QString &subject, const QString &object)
{
    if (r.arity == 1)
        return Claim::predication(r.name, { termOf(subject) });
    return r.first == 1 ? Claim::predication(r.name, { termOf(subject), termOf(object) })
                        : Claim::predication(r.name, { termOf(object), termOf(subject) });
}

Claim Drafter::kindAtom(const Relation &r, const QString &subject, const QString &object)
{
    const ClaimTerm s = subject.startsWith(QLatin1Char('%')) ? termOf(subject) : ClaimTerm::type(subject);
    return r.first == 1 ? Claim::predication(r.name, { s, ClaimTerm::type(object) })
                        : Claim::predication(r.name, { ClaimTerm::type(object), s });
}

Claim Drafter::defaultRule(const QString &type, const Claim &body)
{
    return Claim::defaultRule(Claim::implication(member(type, QStringLiteral("?x")), body));
}

void Drafter::dropTypeDescription(QStringList &middle) const
{
    while (!middle.isEmpty()) {
        const QString &last = middle.last();
        if (isDeterminer(last) || m_types.count(last) || last == QLatin1String("thing") || last == QLatin1String("things")
            || last == QLatin1String("kind")
            || (last == QLatin1String("of") && middle.size() >= 2 && middle.at(middle.size() - 2) == QLatin1String("things"))
            || last == QLatin1String("living") || last == QLatin1String("places")) {
            if (last == QLatin1String("of") && middle.size() >= 2 && middle.at(middle.size() - 2) != QLatin1String("kind")
                && middle.at(middle.size() - 2) != QLatin1String("things"))
                break;
            middle.removeLast();
            continue;
        }
        break;
    }
}

} // namespace fanva::rules

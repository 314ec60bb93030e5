// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/drafter_p.h"

#include <algorithm>

namespace fanva::rules {

std::optional<QString> Drafter::typeOf(const QStringList &lowerWords)
{
    if (lowerWords.isEmpty())
        return std::nullopt;
    QStringList words = lowerWords;
    const QString joined = words.join(QLatin1Char(' '));
    if (const auto it = m_types.find(joined); it != m_types.end())
        return it->second;
    words.last() = m_lex.lemma(words.last(), Lexicon::Pos::Noun);
    if (const auto it = m_types.find(words.join(QLatin1Char(' '))); it != m_types.end())
        return it->second;
    words.last() = plainSingular(lowerWords.last());
    if (const auto it = m_types.find(words.join(QLatin1Char(' '))); it != m_types.end())
        return it->second;
    return std::nullopt;
}

bool Drafter::isVerb(const Token &t)
{
    if (!t.tag.isEmpty())
        return t.tag == QLatin1String("v") || t.tag.startsWith(QLatin1String("v"));
    return m_lex.is(t.lower, Lexicon::Pos::Verb);
}

Np Drafter::nounPhrase(const std::vector<Token> &w, int i, int limit)
{
    Np np;
    np.end = i;
    if (i >= limit)
        return np;
    if (!w[std::size_t(i)].ref.isEmpty()) {
        np.kind = Np::Kind::Individual;
        np.name = w[std::size_t(i)].ref;
        np.end = i + 1;
        return np;
    }
    if (w[std::size_t(i)].number) {
        np.kind = Np::Kind::Number;
        np.name = w[std::size_t(i)].text;
        np.end = i + 1;
        return np;
    }
    int j = i;
    const QString &first = w[std::size_t(j)].lower;
    bool definite = false;
    if (first == QLatin1String("a") || first == QLatin1String("an")) {
        np.indefinite = true;
        ++j;
    } else if (first == QLatin1String("the")) {
        definite = true;
        ++j;
    } else {
        np.bare = true;
    }
    // A run of capitalised words: a name.
    int k = j;
    while (k < limit && w[std::size_t(k)].cap && !w[std::size_t(k)].number && !functionWords().contains(w[std::size_t(k)].lower))
        ++k;
    if (k > j) {
        // A known individual is the whole run: "Brockley Halt" is not Brockley.
        QString run;
        for (int x = j; x < k; ++x)
            run += capitalized(w[std::size_t(x)].text);
        if (const auto it = m_individuals.find(run.toLower()); it != m_individuals.end()) {
            np.kind = Np::Kind::Individual;
            np.name = it->second;
            np.end = k;
            return np;
        }
        // "Goods trains haul …": a capitalised first word may open a kind of several words.
        if (i == 0 && j == 0 && k == 1) {
            Np kind = commonNoun(w, 0, limit, false);
            if (kind.kind == Np::Kind::Type && kind.end > 1) {
                kind.bare = true;
                return kind;
            }
        }
        // A capitalised common noun at the start of a sentence ("Penguins eat fish").
        QStringList lowers;
        for (int x = j; x < k; ++x)
            lowers << w[std::size_t(x)].lower;
        if (!np.indefinite) {
            for (int e = k; e > j; --e) {
                if (const auto type = typeOf(lowers.mid(0, e - j))) {
                    np.kind = Np::Kind::Type;
                    np.name = *type;
                    np.end = e;
                    return np;
                }
            }
        }
        if (np.indefinite)
            return np;
        // A plural common noun opening the sentence is a kind the KB lacks, not a name.
        if (i == 0 && k == j + 1 && m_lex.is(lowers.first(), Lexicon::Pos::Noun)
            && m_lex.lemma(lowers.first(), Lexicon::Pos::Noun) != lowers.first())
            return np;
        QString camel;
        for (int x = j; x < k; ++x)
            camel += capitalized(w[std::size_t(x)].text);
        np.kind = Np::Kind::NewIndividual;
        np.name = camel;
        np.end = k;
        return np;
    }
    // Common nouns: skip adjectives until the longest type match.
    if (const Np kind = commonNoun(w, j, limit, definite); kind.kind != Np::Kind::None) {
        Np out = kind;
        out.indefinite = np.indefinite;
        out.bare = np.bare;
        return out;
    }
    if (definite && j < limit && !functionWords().contains(w[std::size_t(j)].lower) && !w[std::size_t(j)].number)
        return describedPhrase(w, j, limit, np);
    return np;
}

Np Drafter::commonNoun(const std::vector<Token> &w, int j, int limit, bool definite)
{
    Np np;
    np.end = j;
    for (int start = j; start < std::min(limit, j + 3); ++start) {
        for (int e = std::min(limit, start + 3); e > start; --e) {
            QStringList lowers;
            bool ok = true;
            for (int x = start; x < e; ++x) {
                const Token &t = w[std::size_t(x)];
                ok = ok && !t.number && !functionWords().contains(t.lower);
                lowers << t.lower;
            }
            if (!ok)
                continue;
            if (const auto type = typeOf(lowers)) {
                np.kind = definite ? Np::Kind::Minted : Np::Kind::Type;
                np.name = *type;
                np.mintBase = *type;
                np.end = e;
                return np;
            }
        }
        if (start < limit && functionWords().contains(w[std::size_t(start)].lower))
            break;
    }
    return np;
}

QString Drafter::camelOf(const QString &base)
{
    QString camel;
    for (const QString &part : base.split(QLatin1Char('_')))
        camel += capitalized(part);
    return camel;
}

QString Drafter::mint(const QString &base)
{
    const QString camel = camelOf(base);
    if (const auto it = m_minted.find(camel); it != m_minted.end())
        return it->second;
    const QString name = camel + QString::number(++m_mintCount[camel]);
    m_minted[camel] = name;
    return name;
}

QString Drafter::introduce(const QString &type, bool definite)
{
    const QString camel = camelOf(type);
    const QString name = camel + QString::number(++m_mintCount[camel]);
    m_latestOfType[type] = name;
    Out o;
    o.claim = member(type, name);
    o.pattern = QStringLiteral("introduced");
    o.definite = definite;
    o.introduced = name;
    o.type = type;
    m_out.push_back(o);
    return name;
}

std::optional<QString> Drafter::argument(const Np &np)
{
    switch (np.kind) {
    case Np::Kind::Individual:
    case Np::Kind::NewIndividual:
    case Np::Kind::Number:
        remember(np.name);
        return np.name;
    case Np::Kind::Minted: {
        if (np.name.isEmpty()) {
            // "the little creature": an individual of the document whose type WordNet
            // places under the head noun, the latest mentioned one other than the subject.
            const QString head = camelParts(np.mintBase).value(camelParts(np.mintBase).size() - 1);
            for (qsizetype i = m_recent.size() - 1; i >= 0; --i) {
                const QString name = m_recent.at(i);
                if (name == m_lastSubject)
                    continue;
                for (const auto &[type, latest] : m_latestOfType) {
                    if (latest == name && m_lex.isKindOf(type, m_lex.lemma(head, Lexicon::Pos::Noun))) {
                        remember(name);
                        return name;
                    }
                }
            }
            return mint(np.mintBase);
        }
        if (const auto it = m_latestOfType.find(np.name); it != m_latestOfType.end()) {
            remember(it->second);
            return it->second;
        }
        const QString name = introduce(np.name, true);
        remember(name);
        return name;
    }
    case Np::Kind::Type:
        if (np.indefinite) {
            const QString name = introduce(np.name);
            remember(name);
            return name;
        }
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

void Drafter::remember(const QString name)
{
    m_recent.removeAll(name);
    m_recent.append(name);
}

/// "only Ms" / "nothing but Ms" at `j`: marks the object as restricted to a type (`onlyType`)
/// and returns the index after those words, else `j`.
static int skipOnly(const std::vector<Token> &w, int j, int limit, QString &onlyType)
{
    if (j < limit && w[std::size_t(j)].lower == QLatin1String("only")) {
        onlyType = QStringLiteral("?");
        return j + 1;
    }
    if (j + 1 < limit && w[std::size_t(j)].lower == QLatin1String("nothing") && w[std::size_t(j) + 1].lower == QLatin1String("but")) {
        onlyType = QStringLiteral("?");
        return j + 2;
    }
    return j;
}

std::optional<Drafter::Vp> Drafter::verbPhrase(const std::vector<Token> &w, int i, int limit, bool generic)
{
    Vp vp;
    int j = i;
    bool can = false;
    while (j < limit && (isFrequency(w[std::size_t(j)].lower) || isDiscourseAdverb(w[std::size_t(j)].lower)))
        ++j;
    if (j < limit && w[std::size_t(j)].lower == QLatin1String("can")) {
        can = true;
        ++j;
    }
    if (j < limit && (w[std::size_t(j)].lower == QLatin1String("does") || w[std::size_t(j)].lower == QLatin1String("do"))) {
        if (j + 1 < limit && w[std::size_t(j) + 1].lower == QLatin1String("not")) {
            vp.negated = true;
            j += 2;
        }
    } else if (j < limit
        && ((can && w[std::size_t(j)].lower == QLatin1String("not")) || w[std::size_t(j)].lower == QLatin1String("never"))) {
        vp.negated = true;
        ++j;
    }
    if (j < limit && w[std::size_t(j)].lower == QLatin1String("only")) {
        vp.onlyType = QStringLiteral("?");
        ++j;
    }
    if (j >= limit)
        return std::nullopt;
    const Token &verbToken = w[std::size_t(j)];
    // "has 635 pages": have is a verb here, before a number and its unit.
    const bool haveNumber
        = (verbToken.lower == QLatin1String("has") || verbToken.lower == QLatin1String("have") || verbToken.lower == QLatin1String("had"))
        && j + 1 < limit && w[std::size_t(j) + 1].number;
    // In the verb's place a word WordNet knows as a verb is taken as one even when the
    // first linkage tags it otherwise ("salmon can swim", "Rex growls at Tom").
    if (verbToken.cap || verbToken.number || (functionWords().contains(verbToken.lower) && !haveNumber)
        || !(isVerb(verbToken) || m_lex.is(verbToken.lower, Lexicon::Pos::Verb)))
        return std::nullopt;
    const QString verb = m_lex.lemma(verbToken.lower, Lexicon::Pos::Verb);
    ++j;
    // A unary relation whose name is the phrase: "prepared for winter" → preparedForWinter.
    if (auto named = phraseRelation(w, j, limit, verb, vp))
        return named;
    while (j < limit && isFrequency(w[std::size_t(j)].lower))
        ++j;
    QString prep;
    if (j < limit && prepositions().contains(w[std::size_t(j)].lower) && w[std::size_t(j)].lower != QLatin1String("of")) {
        prep = w[std::size_t(j)].lower;
        ++j;
    }
    j = skipOnly(w, j, limit, vp.onlyType);
    const Np object = j < limit ? nounPhrase(w, j, limit) : Np {};
    if (object.kind == Np::Kind::Number)
        return numberObject(w, limit, verb, prep, object, vp);
    if (object.kind == Np::Kind::Type && (generic || !vp.onlyType.isEmpty()))
        return typeObject(verb, prep, object, vp);
    // A kind's members may relate to one named individual ("Expresses stop at Ashford").
    if (const auto arg = generic && object.kind != Np::Kind::Individual ? std::nullopt : argument(object)) {
        const Match m = findRelation(verb, prep, 2, {}, false);
        if (m.rel) {
            vp.atom = atom(*m.rel, QStringLiteral("%S"), *arg);
            vp.end = coordinatedObjects(
                w, object.end, limit, [&](const QString &other) { return atom(*m.rel, QStringLiteral("%S"), other); }, vp.moreAtoms);
            vp.pattern = QStringLiteral("verb-preposition");
            return vp;
        }
        if (!prep.isEmpty()) {
            // Clearly a relation, none listed: coin verb + preposition (whistlesAt).
            vp.coinedName = thirdPerson(verb) + capitalized(prep);
            vp.atom = Claim::predication(vp.coinedName, { termOf(QStringLiteral("%S")), termOf(*arg) });
            vp.coined = true;
            const QString coinedName = vp.coinedName;
            vp.end = coordinatedObjects(
                w, object.end, limit,
                [&](const QString &other) {
                    return Claim::predication(coinedName, { termOf(QStringLiteral("%S")), termOf(other) });
                },
                vp.moreAtoms);
            vp.pattern = QStringLiteral("coined-verb-preposition");
            return vp;
        }
        return std::nullopt;
    }
    if (!prep.isEmpty())
        return std::nullopt;
    // Intransitive: a unary relation.
    const Match m = findRelation(verb, {}, 1, {}, false);
    if (!m.rel || (m.rel->can && !can && m.score < 4))
        return std::nullopt;
    vp.atom = atom(*m.rel, QStringLiteral("%S"), {});
    vp.end = j;
    vp.pattern = QStringLiteral("verb");
    return vp;
}

std::vector<Token> Drafter::resolvedObjects(const std::vector<Token> &w, int from, const QString &subject) const
{
    std::vector<Token> out = w;
    QString other;
    for (qsizetype i = m_recent.size() - 1; i >= 0 && other.isEmpty(); --i) {
        if (m_recent.at(i) != subject)
            other = m_recent.at(i);
    }
    if (other.isEmpty())
        return out;
    for (std::size_t i = std::size_t(from); i < out.size(); ++i) {
        if (isObjectPronoun(out[i].lower) && out[i].lower != QLatin1String("it"))
            out[i].ref = other;
    }
    return out;
}

std::optional<Drafter::Vp> Drafter::numberObject(
    const std::vector<Token> &w, int limit, const QString &verb, const QString &prep, const Np &object, Vp vp)
{
    const int unitAt = object.end;
    const QString unit = unitAt < limit ? m_lex.lemma(w[std::size_t(unitAt)].lower, Lexicon::Pos::Noun) : QString();
    const Match m = findRelation(verb, prep, 2, unit, false);
    if (!m.rel)
        return std::nullopt;
    vp.atom = atom(*m.rel, QStringLiteral("%S"), object.name);
    vp.end = unitAt + (unit.isEmpty() ? 0 : 1);
    vp.pattern = QStringLiteral("number-with-unit");
    return vp;
}

std::optional<Drafter::Vp> Drafter::typeObject(const QString &verb, const QString &prep, const Np &object, Vp vp)
{
    if (!vp.onlyType.isEmpty()) {
        const Match m = findRelation(verb, prep, 2, {}, false);
        if (!m.rel)
            return std::nullopt;
        vp.rel = m.rel;
        vp.onlyType = object.name;
        vp.end = object.end;
        vp.pattern = QStringLiteral("only");
        return vp;
    }
    // Kinds related to kinds: a genlArg relation, else an existential default.
    const Match kind = findRelation(verb, prep, 2, {}, true);
    if (kind.rel) {
        vp.atom = kindAtom(*kind.rel, QStringLiteral("%K"), object.name);
        vp.objectIsType = true;
        vp.end = object.end;
        vp.pattern = QStringLiteral("kind-relation");
        return vp;
    }
    const Match m = findRelation(verb, prep, 2, {}, false);
    if (!m.rel)
        return std::nullopt;
    vp.atom = Claim::existence(QStringLiteral("y"),
        Claim::conjunction({ member(object.name, QStringLiteral("?y")), atom(*m.rel, QStringLiteral("%S"), QStringLiteral("?y")) }));
    vp.end = object.end;
    vp.pattern = QStringLiteral("generic-verb-object");
    return vp;
}

std::optional<Drafter::Vp> Drafter::phraseRelation(const std::vector<Token> &w, int j, int limit, const QString &verb, Vp vp)
{
    for (const Relation &r : m_relations) {
        if (r.phrase.isEmpty() || r.phrase.first() != verb)
            continue;
        int k = j;
        bool ok = true;
        for (qsizetype p = 1; p < r.phrase.size() && ok; ++p) {
            while (k < limit && isDeterminer(w[std::size_t(k)].lower))
                ++k;
            ok = k < limit
                && (w[std::size_t(k)].lower == r.phrase.at(p)
                    || m_lex.lemma(w[std::size_t(k)].lower, Lexicon::Pos::Noun) == r.phrase.at(p));
            ++k;
        }
        if (ok) {
            vp.atom = atom(r, QStringLiteral("%S"), {});
            vp.end = k;
            vp.pattern = QStringLiteral("verb-phrase-name");
            return vp;
        }
    }
    return std::nullopt;
}

Np Drafter::describedPhrase(const std::vector<Token> &w, int j, int limit, Np np)
{
    // "the visitors": someone the text does not name; minted from the words.
    int e = j;
    while (e < limit && e < j + 2 && !functionWords().contains(w[std::size_t(e)].lower) && !w[std::size_t(e)].number
        && !isVerb(w[std::size_t(e)]))
        ++e;
    if (e == j)
        e = j + 1;
    QString base;
    for (int x = j; x < e; ++x)
        base += capitalized(w[std::size_t(x)].lower);
    np.kind = Np::Kind::Minted;
    np.mintBase = base;
    np.end = e;
    return np;
}

} // namespace fanva::rules

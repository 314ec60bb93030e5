// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/drafter_p.h"

#include <algorithm>

namespace fanva::rules {

bool Drafter::exceptionPattern(const std::vector<Token> &w)
{
    int comma = -1;
    for (int i = 0; i + 1 < int(w.size()); ++i) {
        if (w[std::size_t(i)].lower == QLatin1String(",") && w[std::size_t(i) + 1].lower == QLatin1String("but"))
            comma = i;
    }
    if (comma < 0)
        return false;
    const int n = int(w.size());
    const Np subject = nounPhrase(w, 0, comma);
    if (subject.kind != Np::Kind::Type || !subject.bare)
        return false;
    const Np except = nounPhrase(w, comma + 2, n);
    if (except.kind != Np::Kind::Type)
        return false;
    int j = except.end;
    if (j < n
        && (w[std::size_t(j)].lower == QLatin1String("do") || w[std::size_t(j)].lower == QLatin1String("does")
            || isBe(w[std::size_t(j)].lower)))
        ++j;
    if (j >= n || w[std::size_t(j)].lower != QLatin1String("not"))
        return false;
    Claim body;
    if (isBe(w[std::size_t(subject.end)].lower)) {
        // "Ns are usually ADJ, but Zs are not."
        int a = subject.end + 1;
        while (a < comma && isFrequency(w[std::size_t(a)].lower))
            ++a;
        const Relation *adj = a + 1 == comma ? adjectiveRelation(w[std::size_t(a)].lower) : nullptr;
        if (!adj)
            return false;
        body = atom(*adj, QStringLiteral("?x"), {});
    } else {
        const auto vp = verbPhrase(w, subject.end, comma, true);
        if (!vp || vp->negated || vp->objectIsType || vp->coined || !vp->onlyType.isEmpty() || !vp->moreAtoms.empty())
            return false;
        body = about(vp->atom, QStringLiteral("?x"));
    }
    std::set<int> used;
    useRange(used, 0, n);
    const Claim rule = Claim::defaultRule(Claim::implication(member(subject.name, QStringLiteral("?x")), body));
    emit(w, used, Claim::exception(member(except.name, QStringLiteral("?x")), rule), QStringLiteral("usually-but-not"));
    m_lastSubject.clear();
    return true;
}

void Drafter::clause(const std::vector<Token> &w)
{
    if (w.size() < 2)
        return;
    // rules.md §3, tried in order: each pattern takes the clause (true) or leaves it to the next.
    if (quantifiedClause(w) || possessiveClause(w) || thereIsClause(w) || whoeverClause(w))
        return;
    const Np subject = nounPhrase(w, 0, int(w.size()));
    if (eachOtherClause(w, subject) || appositionClause(w, subject) || coordinatedClause(w, subject) || subjectlessClause(w, subject))
        return;
    subjectClause(w, subject);
}

void Drafter::subjectClause(const std::vector<Token> &w, const Np &subject)
{
    const int n = int(w.size());
    std::set<int> used;
    if (subject.kind == Np::Kind::None) {
        m_reason = QStringLiteral("no subject the rules can name");
        return;
    }
    int j = subject.end;
    useRange(used, 0, j);
    while (j < n && isReflexive(w[std::size_t(j)].lower))
        used.insert(j++);

    if (subject.kind == Np::Kind::Type) {
        if (subject.indefinite && j + 1 < n && isBe(w[std::size_t(j)].lower)) {
            // "A penguin is a bird": said of the kind.
            const Np m = nounPhrase(w, j + 1, n);
            if (m.kind == Np::Kind::Type && m.indefinite) {
                useRange(used, j, m.end);
                emit(w, used, defaultRule(subject.name, member(m.name, QStringLiteral("?x"))), QStringLiteral("indefinite-generic"));
                return;
            }
        }
        if (subject.bare) {
            genericClause(w, subject, used);
            return;
        }
    }
    if (subject.kind == Np::Kind::Minted && subject.name.isEmpty()) {
        m_reason = QStringLiteral("the subject is not named");
        return;
    }
    const auto x = argument(subject);
    if (!x) {
        m_reason = QStringLiteral("the subject is not named");
        return;
    }
    m_lastSubject = *x;
    const std::vector<Token> resolved = resolvedObjects(w, j, *x);
    clauseAbout(resolved, used, j, *x);
}

bool Drafter::quantifiedClause(const std::vector<Token> &w)
{
    const int n = int(w.size());
    const QString first = w.front().lower;
    std::set<int> used;
    // 2, 7: Every/All/Each N is (a) M · Every T has a N · Every N Vs
    const bool quantified = (first == QLatin1String("every") || first == QLatin1String("all") || first == QLatin1String("each"))
        && nounPhrase(w, 1, n).kind == Np::Kind::Type;
    if (quantified) {
        const Np n1 = nounPhrase(w, 1, n);
        useRange(used, 0, n1.end);
        int j = n1.end;
        if (j < n && isBe(w[std::size_t(j)].lower)) {
            const Np n2 = nounPhrase(w, j + 1, n);
            if (n2.kind == Np::Kind::Type) {
                useRange(used, j, n2.end);
                emit(w, used, Claim::generalisation(n1.name, n2.name), QStringLiteral("every-is"), true);
                return true;
            }
            if (j + 1 < n) {
                if (const Relation *adj = adjectiveRelation(w[std::size_t(j) + 1].lower)) {
                    useRange(used, j, j + 2);
                    emit(w, used, Claim::implication(member(n1.name, QStringLiteral("?x")), member(adj->name, QStringLiteral("?x"))),
                        QStringLiteral("every-is"), true);
                    return true;
                }
            }
            m_reason = QStringLiteral("no type or property for what follows '%1'").arg(w[std::size_t(j)].text);
            return true;
        }
        if (j + 1 < n && (w[std::size_t(j)].lower == QLatin1String("has") || w[std::size_t(j)].lower == QLatin1String("have"))) {
            int k = j + 1;
            if (k < n && (w[std::size_t(k)].lower == QLatin1String("a") || w[std::size_t(k)].lower == QLatin1String("an")))
                ++k;
            if (k < n) {
                if (const Relation *r = nounRelation(w[std::size_t(k)].lower)) {
                    useRange(used, j, k + 1);
                    const QString var = QStringLiteral("?") + w[std::size_t(k)].lower.left(1);
                    Claim inner = atom(*r, var, QStringLiteral("?x"));
                    const bool clash = var == QLatin1String("?x");
                    if (clash)
                        inner.arguments.front() = ClaimTerm::variable(QStringLiteral("y"));
                    emit(w, used,
                        Claim::implication(
                            member(n1.name, QStringLiteral("?x")), Claim::existence(clash ? QStringLiteral("y") : var.mid(1), inner)),
                        QStringLiteral("every-has"), true);
                    return true;
                }
            }
            m_reason = QStringLiteral("no relation for '%1'").arg(k < n ? w[std::size_t(k)].text : QString());
            return true;
        }
        if (const auto vp = verbPhrase(w, j, n, true); vp && vp->onlyType.isEmpty() && !vp->objectIsType) {
            useRange(used, j, vp->end);
            const Claim body = negatedIf(vp->negated, about(vp->atom, QStringLiteral("?x")));
            emit(w, used, Claim::implication(member(n1.name, QStringLiteral("?x")), body), QStringLiteral("every-verb"), true);
            return true;
        }
        m_reason = QStringLiteral("no relation for the verb");
        return true;
    }
    return false;
}

bool Drafter::possessiveClause(const std::vector<Token> &w)
{
    const int n = int(w.size());
    std::set<int> used;
    // 6: Y's N is X
    if (n >= 4 && w[1].lower == QLatin1String("'s")) {
        const Np owner = nounPhrase(w, 0, 1);
        if (const auto y = argument(owner); y && owner.kind != Np::Kind::Minted) {
            if (const Relation *r = nounRelation(w[2].lower); r && isBe(w[3].lower)) {
                const Np x = nounPhrase(w, 4, n);
                if (const auto xs = argument(x)) {
                    useRange(used, 0, x.end);
                    emit(w, used, atom(*r, *xs, *y), QStringLiteral("possessive-noun"));
                    m_lastSubject = *y;
                    return true;
                }
            }
        }
    }
    return false;
}

bool Drafter::thereIsClause(const std::vector<Token> &w)
{
    const int n = int(w.size());
    const QString first = w.front().lower;
    std::set<int> used;
    // 10t: There is a N called X (PREP Y).
    if (first == QLatin1String("there") && isBe(w[1].lower)) {
        const Np kind = nounPhrase(w, 2, n);
        const int called = kind.end;
        if (kind.kind == Np::Kind::Type && kind.indefinite && called + 1 < n
            && (w[std::size_t(called)].lower == QLatin1String("called") || w[std::size_t(called)].lower == QLatin1String("named"))) {
            // The name runs to a preposition ("called Hill Library in Millbrook").
            int nameEnd = called + 1;
            while (nameEnd < n && !prepositions().contains(w[std::size_t(nameEnd)].lower))
                ++nameEnd;
            const Np x = nounPhrase(w, called + 1, nameEnd);
            if (x.kind == Np::Kind::Individual || x.kind == Np::Kind::NewIndividual) {
                const QString name = *argument(x);
                std::set<int> own = used;
                useRange(own, 0, n);
                std::set<int> mine = used;
                useRange(mine, 0, x.end);
                bool located = false;
                if (x.end < n && isLocative(w[std::size_t(x.end)].lower)) {
                    if (const Relation *r = locativeRelation(w[std::size_t(x.end)].lower)) {
                        const Np y = nounPhrase(w, x.end + 1, n);
                        if (y.kind == Np::Kind::Individual || y.kind == Np::Kind::NewIndividual) {
                            const QString place = *argument(y);
                            emit(w, own, member(kind.name, name), QStringLiteral("there-is"));
                            useRange(mine, x.end, y.end);
                            emit(w, mine, atom(*r, name, place), QStringLiteral("there-is"));
                            located = true;
                        }
                    }
                }
                if (!located)
                    emit(w, mine, member(kind.name, name), QStringLiteral("there-is"));
                m_lastSubject = name;
                return true;
            }
        }
        m_reason = QStringLiteral("'there is' without a named thing of a known type");
        return true;
    }
    return false;
}

bool Drafter::whoeverClause(const std::vector<Token> &w)
{
    const int n = int(w.size());
    const QString first = w.front().lower;
    std::set<int> used;
    // 9: Whoever P, Q · Anyone who P, Q
    if (first == QLatin1String("whoever")
        || ((first == QLatin1String("anyone") || first == QLatin1String("everyone") || first == QLatin1String("anybody"))
            && w[1].lower == QLatin1String("who"))) {
        const int start = first == QLatin1String("whoever") ? 1 : 2;
        const auto condition = verbPhrase(w, start, n, false);
        if (condition) {
            int k = condition->end;
            if (k < n && w[std::size_t(k)].lower == QLatin1String(","))
                ++k;
            // "… is ADJ" · "… is a N": a property or a type of whoever it is.
            if (k + 1 < n && isBe(w[std::size_t(k)].lower)) {
                std::optional<Claim> body;
                int end = k + 2;
                if (const Relation *adj = adjectiveRelation(w[std::size_t(k) + 1].lower)) {
                    body = atom(*adj, QStringLiteral("?x"), {});
                } else if (const Np type = nounPhrase(w, k + 1, n); type.kind == Np::Kind::Type && type.indefinite) {
                    body = member(type.name, QStringLiteral("?x"));
                    end = type.end;
                }
                if (body) {
                    useRange(used, 0, end);
                    const Claim a = negatedIf(condition->negated, about(condition->atom, QStringLiteral("?x")));
                    emit(w, used, Claim::implication(a, *body), QStringLiteral("whoever"), true, condition->coined, condition->coinedName);
                    return true;
                }
            }
            if (const auto consequence = verbPhrase(w, k, n, false)) {
                useRange(used, 0, consequence->end);
                const auto body = [](const Vp &vp) { return negatedIf(vp.negated, about(vp.atom, QStringLiteral("?x"))); };
                emit(w, used, Claim::implication(body(*condition), body(*consequence)), QStringLiteral("whoever"), true,
                    condition->coined || consequence->coined, condition->coined ? condition->coinedName : consequence->coinedName);
                return true;
            }
        }
        m_reason = QStringLiteral("no relation for the condition or the conclusion of '%1'").arg(w.front().text);
        return true;
    }
    return false;
}

bool Drafter::eachOtherClause(const std::vector<Token> &w, const Np &subject)
{
    const int n = int(w.size());
    std::set<int> used;
    // A subject before a verb: "A tortoise and a hare raced each other."
    if (subject.kind == Np::Kind::Type && subject.indefinite && subject.end + 1 < n
        && w[std::size_t(subject.end)].lower == QLatin1String("and")) {
        const Np other = nounPhrase(w, subject.end + 1, n);
        if (other.kind == Np::Kind::Type && other.indefinite && other.end + 2 < n
            && w[std::size_t(other.end) + 1].lower == QLatin1String("each")
            && w[std::size_t(other.end) + 2].lower == QLatin1String("other")) {
            const QString a = *argument(subject);
            const QString b = *argument(other);
            const QString verb = m_lex.lemma(w[std::size_t(other.end)].lower, Lexicon::Pos::Verb);
            const Match m = findRelation(verb, {}, 2, {}, false);
            if (m.rel) {
                useRange(used, 0, other.end + 3);
                emit(w, used, atom(*m.rel, a, b), QStringLiteral("each-other"));
                return true;
            }
            m_reason = QStringLiteral("no relation for the verb");
            return true;
        }
    }
    return false;
}

bool Drafter::appositionClause(const std::vector<Token> &w, const Np &subject)
{
    const int n = int(w.size());
    const bool named = subject.kind == Np::Kind::Individual || subject.kind == Np::Kind::NewIndividual;
    // 10a: apposition, "Maya, a volunteer, works …": the membership, then the clause without it.
    if (named && subject.end + 2 < n && w[std::size_t(subject.end)].lower == QLatin1String(",")) {
        int close = subject.end + 1;
        while (close < n && w[std::size_t(close)].lower != QLatin1String(","))
            ++close;
        const Np kind = close < n ? nounPhrase(w, subject.end + 1, close) : Np {};
        const bool isKind = (kind.kind == Np::Kind::Type && kind.indefinite) || (kind.kind == Np::Kind::Minted && !kind.name.isEmpty());
        const bool described = close + 1 < n && isDeterminer(w[std::size_t(subject.end) + 1].lower);
        if (described && !(isKind && kind.end == close)) {
            // "Iron Duke, the old engine, whistles": a description the KB has no type for,
            // left out and reported unused.
            for (int i = subject.end + 1; i < close; ++i) {
                if (!functionWords().contains(w[std::size_t(i)].lower))
                    m_extraUnused << w[std::size_t(i)].text;
            }
            std::vector<Token> rest(w.begin(), w.begin() + subject.end);
            rest.insert(rest.end(), w.begin() + close + 1, w.end());
            clause(rest);
            m_extraUnused.clear();
            return true;
        }
        if (isKind && kind.end == close && close + 1 < n) {
            const QString name = *argument(subject);
            std::set<int> own;
            useRange(own, 0, n);
            for (int i = subject.end + 1; i + 1 < kind.end; ++i)
                own.erase(i); // words of the description other than its head: reported unused
            emit(w, own, member(kind.name, name), QStringLiteral("apposition"));
            std::vector<Token> rest(w.begin(), w.begin() + subject.end);
            rest.insert(rest.end(), w.begin() + close + 1, w.end());
            clause(rest);
            return true;
        }
    }
    return false;
}

bool Drafter::coordinatedClause(const std::vector<Token> &w, const Np &subject)
{
    const int n = int(w.size());
    std::set<int> used;
    const bool named = subject.kind == Np::Kind::Individual || subject.kind == Np::Kind::NewIndividual;
    // 10c: coordinated names, "Lena and Tobias borrow …", "Ulysses and Emma are novels".
    if (named && subject.end + 1 < n && w[std::size_t(subject.end)].lower == QLatin1String("and")) {
        const Np other = nounPhrase(w, subject.end + 1, n);
        if (other.kind == Np::Kind::Individual || other.kind == Np::Kind::NewIndividual) {
            const QStringList names { *argument(subject), *argument(other) };
            useRange(used, 0, other.end);
            const std::size_t before = m_out.size();
            for (const QString &name : names) {
                m_lastSubject = name;
                clauseAbout(resolvedObjects(w, other.end, name), used, other.end, name, true);
            }
            if (m_out.size() == before && m_reason.isEmpty())
                m_reason = QStringLiteral("no relation of the knowledge base for the verb");
            return true;
        }
    }
    return false;
}

bool Drafter::subjectlessClause(const std::vector<Token> &w, const Np &subject)
{
    const int n = int(w.size());
    std::set<int> used;
    // A verb phrase sharing the previous clause's subject ("…, and freed him").
    if (subject.kind == Np::Kind::None && !m_lastSubject.isEmpty() && !w.front().cap) {
        if (const auto vp = verbPhrase(resolvedObjects(w, 0, m_lastSubject), 0, n, false)) {
            useRange(used, 0, vp->end);
            emitVp(resolvedObjects(w, 0, m_lastSubject), used, *vp, m_lastSubject);
            return true;
        }
    }
    // Words before the subject ("Not long afterwards the lion …"): skipped, reported unused.
    if (subject.kind == Np::Kind::None || (subject.kind == Np::Kind::NewIndividual && !w.front().cap)) {
        for (int p = 1; p + 1 < std::min(n, 8); ++p) {
            const QString &l = w[std::size_t(p)].lower;
            if (w[std::size_t(p) - 1].tag.startsWith(QLatin1Char('v')))
                break;
            if (!isDeterminer(l) && !w[std::size_t(p)].cap)
                continue;
            const Np later = nounPhrase(w, p, n);
            if (later.kind == Np::Kind::Individual || (later.kind == Np::Kind::Minted && !later.name.isEmpty())
                || (later.kind == Np::Kind::Type && !later.bare)) {
                QStringList skipped;
                for (int q = 0; q < p; ++q) {
                    if (!functionWords().contains(w[std::size_t(q)].lower))
                        skipped << w[std::size_t(q)].text;
                }
                m_extraUnused = skipped;
                clause(std::vector<Token>(w.begin() + p, w.end()));
                m_extraUnused.clear();
                return true;
            }
        }
    }
    return false;
}

bool Drafter::hasCalled(const std::vector<Token> &w, std::set<int> used, int j, const QString &x)
{
    const int n = int(w.size());
    if (j + 3 >= n || (w[std::size_t(j)].lower != QLatin1String("has") && w[std::size_t(j)].lower != QLatin1String("have")))
        return false;
    int called = -1;
    for (int i = j + 2; i < n; ++i) {
        if (w[std::size_t(i)].lower == QLatin1String("called") || w[std::size_t(i)].lower == QLatin1String("named")) {
            called = i;
            break;
        }
    }
    if (called < 0 || called + 1 >= n)
        return false;
    const Np y = nounPhrase(w, called + 1, n);
    if (y.kind != Np::Kind::Individual && y.kind != Np::Kind::NewIndividual)
        return false;
    const Np kind = nounPhrase(w, j + 1, called);
    const Relation *noun
        = (j + 2 < called && (isDeterminer(w[std::size_t(j) + 1].lower))) ? nounRelation(w[std::size_t(called) - 1].lower) : nullptr;
    if (noun) {
        const QString ys = *argument(y);
        useRange(used, j, y.end);
        emit(w, used, atom(*noun, ys, x), QStringLiteral("has-called"));
        return true;
    }
    if (kind.kind != Np::Kind::Type || !kind.indefinite || kind.end != called)
        return false;
    const Relation *owns = possessionRelation();
    const QString ys = *argument(y);
    useRange(used, j, y.end);
    emit(w, used, member(kind.name, ys), QStringLiteral("has-called"));
    if (owns)
        emit(w, used, atom(*owns, x, ys), QStringLiteral("has-called"));
    return true;
}

bool Drafter::locatedAt(const std::vector<Token> &w, std::set<int> used, int k, const QString &x, bool negated)
{
    const int n = int(w.size());
    if (k + 1 >= n || !isLocative(w[std::size_t(k)].lower))
        return false;
    const Relation *r = locativeRelation(w[std::size_t(k)].lower);
    const Np y = nounPhrase(w, k + 1, n);
    if (!r || (y.kind != Np::Kind::Individual && y.kind != Np::Kind::NewIndividual && y.kind != Np::Kind::Minted))
        return false;
    const auto ys = argument(y);
    if (!ys)
        return false;
    useRange(used, k - 1, y.end);
    emit(w, used, negatedIf(negated, atom(*r, x, *ys)), QStringLiteral("located"));
    return true;
}

void Drafter::trailingVerbPhrase(const std::vector<Token> &w, const std::set<int> &used, int at, const QString &x)
{
    const int n = int(w.size());
    if (at + 1 >= n || w[std::size_t(at)].lower != QLatin1String("and"))
        return;
    if (const auto vp = verbPhrase(w, at + 1, n, false)) {
        std::set<int> rused = used;
        useRange(rused, at, vp->end);
        emitVp(w, rused, *vp, x);
    }
}

void Drafter::clauseAbout(const std::vector<Token> &w, std::set<int> used, int j, const QString &subjectName, bool plural)
{
    const int n = int(w.size());
    const std::optional<QString> x = subjectName;
    if (hasCalled(w, used, j, *x))
        return;
    if (j < n && isBe(w[std::size_t(j)].lower)) {
        int k = j + 1;
        bool negated = false;
        if (k < n && w[std::size_t(k)].lower == QLatin1String("not")) {
            negated = true;
            ++k;
        }
        // 6: X is the N of Y
        if (k + 2 < n && w[std::size_t(k)].lower == QLatin1String("the")) {
            if (const Relation *r = nounRelation(w[std::size_t(k) + 1].lower); r && w[std::size_t(k) + 2].lower == QLatin1String("of")) {
                const Np y = nounPhrase(w, k + 3, n);
                if (const auto ys = argument(y); ys && y.kind != Np::Kind::Minted) {
                    useRange(used, j, y.end);
                    emit(w, used, negatedIf(negated, atom(*r, *x, *ys)), QStringLiteral("relational-noun"));
                    return;
                }
            }
        }
        if (membershipClause(w, used, j, k, *x, negated, plural))
            return;
        // X is ADJ
        if (k < n) {
            if (const Relation *adj = adjectiveRelation(w[std::size_t(k)].lower)) {
                useRange(used, j, k + 1);
                emit(w, used, negatedIf(negated, atom(*adj, *x, {})), QStringLiteral("adjective"));
                return;
            }
        }
        // X is in Y
        if (locatedAt(w, used, k, *x, negated))
            return;
        if (passiveClause(w, used, j, k, *x, negated))
            return;
        // X is 54 years old
        if (!negated && k + 1 < n && w[std::size_t(k)].number) {
            const QString unit = m_lex.lemma(w[std::size_t(k) + 1].lower, Lexicon::Pos::Noun);
            const Match m = findRelation(QStringLiteral("be"), {}, 2, unit, false);
            if (m.rel) {
                int end = k + 2;
                if (end < n && w[std::size_t(end)].lower == QLatin1String("old"))
                    ++end;
                useRange(used, j, end);
                emit(w, used, atom(*m.rel, *x, w[std::size_t(k)].text), QStringLiteral("number-with-unit"));
                return;
            }
        }
        if (const auto vp = verbPhrase(w, j, n, false)) {
            useRange(used, j, vp->end);
            emitVp(w, used, *vp, *x);
            return;
        }
        m_reason = QStringLiteral("no type or relation for what follows '%1'").arg(w[std::size_t(j)].text);
        return;
    }
    // 5: X V (prep) Y
    if (const auto vp = verbPhrase(w, j, n, false)) {
        if (!vp->onlyType.isEmpty()) {
            m_reason = QStringLiteral("'only' said of one individual");
            return;
        }
        useRange(used, j, vp->end);
        emitVp(w, used, *vp, *x);
        return;
    }
    m_reason = QStringLiteral("no relation of the knowledge base for the verb");
}

void Drafter::emitVp(const std::vector<Token> &w, const std::set<int> &used, const Vp &vp, const QString &subject)
{
    std::vector<Claim> atoms { vp.atom };
    atoms.insert(atoms.end(), vp.moreAtoms.begin(), vp.moreAtoms.end());
    for (const Claim &one : atoms) {
        emit(w, used, negatedIf(vp.negated, about(one, subject)), vp.pattern, false, vp.coined, vp.coinedName);
    }
}

void Drafter::genericClause(const std::vector<Token> &w, const Np &subject, std::set<int> used)
{
    const int n = int(w.size());
    int j = subject.end;
    m_lastSubject.clear();
    // 3: Ns are Ms (+ relative clause)
    if (j < n && isBe(w[std::size_t(j)].lower)) {
        const Np m = nounPhrase(w, j + 1, n);
        if (m.kind == Np::Kind::Type) {
            useRange(used, j, m.end);
            std::set<int> own = used;
            int r = m.end;
            std::optional<Vp> rel;
            if (r < n && (w[std::size_t(r)].lower == QLatin1String("that") || w[std::size_t(r)].lower == QLatin1String("who")))
                rel = verbPhrase(w, r + 1, n, true);
            if (rel && rel->onlyType.isEmpty() && !rel->objectIsType) {
                useRange(own, r, rel->end);
            }
            emit(w, own, defaultRule(subject.name, member(m.name, QStringLiteral("?x"))), QStringLiteral("bare-generic"));
            if (rel && rel->onlyType.isEmpty() && !rel->objectIsType) {
                std::set<int> rused = used;
                useRange(rused, r, rel->end);
                const Claim body = negatedIf(rel->negated, about(rel->atom, QStringLiteral("?x")));
                emit(w, rused, defaultRule(subject.name, body), QStringLiteral("generic-verb"), false, rel->coined, rel->coinedName);
            }
            return;
        }
        int a = j + 1;
        while (a < n && isFrequency(w[std::size_t(a)].lower))
            ++a;
        if (a < n) {
            if (const Relation *adj = adjectiveRelation(w[std::size_t(a)].lower)) {
                useRange(used, j, a + 1);
                emit(w, used, defaultRule(subject.name, member(adj->name, QStringLiteral("?x"))), QStringLiteral("generic-adjective"));
                return;
            }
        }
        // 5k passive: Ns are (usually) V-ed PREP Ms, a kind relation whose template reads so.
        int v = j + 1;
        while (v < n && (isDiscourseAdverb(w[std::size_t(v)].lower) || isFrequency(w[std::size_t(v)].lower)))
            ++v;
        if (v + 2 < n && prepositions().contains(w[std::size_t(v) + 1].lower)) {
            const QString verb = m_lex.lemma(w[std::size_t(v)].lower, Lexicon::Pos::Verb);
            const Match kind = findRelation(verb, w[std::size_t(v) + 1].lower, 2, {}, true, true);
            const Np object = nounPhrase(w, v + 2, n);
            if (kind.rel && kind.score >= 4 && object.kind == Np::Kind::Type && object.bare) {
                useRange(used, j, object.end);
                emit(w, used, kindAtom(*kind.rel, subject.name, object.name), QStringLiteral("kind-relation"));
                return;
            }
        }
        m_reason = QStringLiteral("no type or property for what follows '%1'").arg(w[std::size_t(j)].text);
        return;
    }
    // 4, 8: Ns (usually) V … · Ns V only Ms
    const auto vp = verbPhrase(w, j, n, true);
    if (!vp) {
        m_reason = QStringLiteral("no relation of the knowledge base for the verb");
        return;
    }
    useRange(used, j, vp->end);
    bool always = false;
    for (int i = j; i < vp->end; ++i)
        always = always || w[std::size_t(i)].lower == QLatin1String("always");
    if (!vp->onlyType.isEmpty() && vp->rel) {
        emit(w, used,
            Claim::implication(Claim::conjunction({ member(subject.name, QStringLiteral("?x")),
                                   atom(*vp->rel, QStringLiteral("?x"), QStringLiteral("?y")) }),
                member(vp->onlyType, QStringLiteral("?y"))),
            QStringLiteral("only"), true);
        return;
    }
    if (vp->objectIsType) {
        emit(w, used, substituted(vp->atom, QStringLiteral("%K"), ClaimTerm::type(subject.name)), vp->pattern);
        return;
    }
    const Claim body = negatedIf(vp->negated, about(vp->atom, QStringLiteral("?x")));
    const Claim rule = Claim::implication(member(subject.name, QStringLiteral("?x")), body);
    if (always)
        emit(w, used, rule, QStringLiteral("generic-always"), true, vp->coined, vp->coinedName);
    else
        emit(w, used, Claim::defaultRule(rule), QStringLiteral("generic-verb"), false, vp->coined, vp->coinedName);
}

bool Drafter::membershipClause(
    const std::vector<Token> &w, std::set<int> used, int j, int k, const QString &subject, bool negated, bool plural)
{
    const int n = int(w.size());
    const std::optional<QString> x = subject;
    // 1: X is (not) a N
    const Np type = nounPhrase(w, k, n);
    if (type.kind == Np::Kind::Type && (type.indefinite || (plural && type.bare))) {
        useRange(used, j, type.end);
        std::set<int> own = used;
        const Claim fact = member(type.name, *x);
        int r = type.end;
        // X is a N and V …
        if (!negated && r + 1 < n && w[std::size_t(r)].lower == QLatin1String("and")) {
            if (const auto vp = verbPhrase(w, r + 1, n, false)) {
                useRange(own, r, vp->end);
                emit(w, own, fact, QStringLiteral("membership"));
                std::set<int> rused = used;
                useRange(rused, r, vp->end);
                emitVp(w, rused, *vp, *x);
                return true;
            }
        }
        // Relative clause: who/that VP · whose N is Y
        if (r < n && w[std::size_t(r)].lower == QLatin1String(","))
            ++r;
        if (r + 3 < n && w[std::size_t(r)].lower == QLatin1String("whose")) {
            if (const Relation *rel = nounRelation(w[std::size_t(r) + 1].lower); rel && isBe(w[std::size_t(r) + 2].lower)) {
                const Np y = nounPhrase(w, r + 3, n);
                if (const auto ys = argument(y); ys && y.kind != Np::Kind::Minted) {
                    std::set<int> rused = used;
                    useRange(rused, r, y.end);
                    useRange(own, r, y.end);
                    emit(w, own, negatedIf(negated, fact), QStringLiteral("membership"));
                    emit(w, rused, atom(*rel, *ys, *x), QStringLiteral("relational-noun"));
                    return true;
                }
            }
        }
        if (!negated && r < n
            && (w[std::size_t(r)].lower == QLatin1String("who") || w[std::size_t(r)].lower == QLatin1String("that")
                || w[std::size_t(r)].lower == QLatin1String("which"))) {
            if (const auto vp = verbPhrase(w, r + 1, n, false)) {
                std::set<int> rused = used;
                useRange(rused, r, vp->end);
                useRange(own, r, vp->end);
                emit(w, own, fact, QStringLiteral("membership"));
                emitVp(w, rused, *vp, *x);
                return true;
            }
        }
        emit(w, own, negatedIf(negated, fact), negated ? QStringLiteral("not-membership") : QStringLiteral("membership"));
        return true;
    }
    return false;
}

bool Drafter::passiveClause(const std::vector<Token> &w, std::set<int> used, int j, int k, const QString &subject, bool negated)
{
    const int n = int(w.size());
    const std::optional<QString> x = subject;
    // Passive: X is (first) V-ed PREP Y, a template that reads so ("is kept in").
    {
        int v = k;
        while (v < n && (isDiscourseAdverb(w[std::size_t(v)].lower) || isFrequency(w[std::size_t(v)].lower)))
            ++v;
        if (v + 2 < n && prepositions().contains(w[std::size_t(v) + 1].lower)) {
            const QString verb = m_lex.lemma(w[std::size_t(v)].lower, Lexicon::Pos::Verb);
            const Match m = findRelation(verb, w[std::size_t(v) + 1].lower, 2, {}, false, true);
            const Np y = nounPhrase(w, v + 2, n);
            if (m.rel && m.score >= 4
                && (y.kind == Np::Kind::Individual || y.kind == Np::Kind::NewIndividual || y.kind == Np::Kind::Number
                    || y.kind == Np::Kind::Minted)) {
                if (const auto ys = argument(y)) {
                    useRange(used, j, y.end);
                    emit(w, used, negatedIf(negated, atom(*m.rel, *x, *ys)), QStringLiteral("passive"));
                    trailingVerbPhrase(w, used, y.end, *x);
                    return true;
                }
            }
        }
    }
    // Passive: X is V-ed by Y
    if (k + 2 < n && w[std::size_t(k) + 1].lower == QLatin1String("by")) {
        const QString verb = m_lex.lemma(w[std::size_t(k)].lower, Lexicon::Pos::Verb);
        const Np y = nounPhrase(w, k + 2, n);
        Match m = findRelation(verb, QStringLiteral("by"), 2, {}, false, true);
        const bool passiveTemplate = m.rel != nullptr;
        if (!m.rel) {
            // An active relation read backwards; one that needs a preposition ("writtenIn")
            // is not the agent's.
            m = findRelation(verb, {}, 2, {}, false);
            if (m.rel && !m.rel->prep.isEmpty())
                m = {};
        }
        if (const auto ys = m.rel && m.score >= 4 ? argument(y) : std::nullopt; ys && passiveTemplate) {
            useRange(used, j, y.end);
            emit(w, used, negatedIf(negated, atom(*m.rel, *x, *ys)), QStringLiteral("passive"));
            return true;
        } else if (ys) {
            useRange(used, j, y.end);
            emit(w, used, negatedIf(negated, atom(*m.rel, *ys, *x)), QStringLiteral("passive"));
            return true;
        }
    }
    return false;
}

} // namespace fanva::rules

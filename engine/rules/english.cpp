// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/drafter_p.h"

#include <QRegularExpression>

namespace fanva::rules {

const QSet<QString> &functionWords()
{
    static const QSet<QString> words { QStringLiteral("a"), QStringLiteral("an"), QStringLiteral("the"), QStringLiteral("is"),
        QStringLiteral("are"), QStringLiteral("was"), QStringLiteral("were"), QStringLiteral("be"), QStringLiteral("of"),
        QStringLiteral("in"), QStringLiteral("on"), QStringLiteral("at"), QStringLiteral("to"), QStringLiteral("by"), QStringLiteral("for"),
        QStringLiteral("with"), QStringLiteral("from"), QStringLiteral("and"), QStringLiteral("or"), QStringLiteral("but"),
        QStringLiteral("who"), QStringLiteral("whose"), QStringLiteral("that"), QStringLiteral("which"), QStringLiteral("he"),
        QStringLiteral("she"), QStringLiteral("it"), QStringLiteral("they"), QStringLiteral("his"), QStringLiteral("her"),
        QStringLiteral("its"), QStringLiteral("their"), QStringLiteral("'s"), QStringLiteral(","), QStringLiteral("every"),
        QStringLiteral("all"), QStringLiteral("each"), QStringLiteral("do"), QStringLiteral("does"), QStringLiteral("not"),
        QStringLiteral("has"), QStringLiteral("have"), QStringLiteral("can"), QStringLiteral("this"), QStringLiteral("these"),
        QStringLiteral("those"), QStringLiteral("there"), QStringLiteral("as"), QStringLiteral("into"), QStringLiteral("onto") };
    return words;
}

const QSet<QString> &prepositions()
{
    static const QSet<QString> words { QStringLiteral("in"), QStringLiteral("on"), QStringLiteral("at"), QStringLiteral("to"),
        QStringLiteral("by"), QStringLiteral("for"), QStringLiteral("with"), QStringLiteral("from"), QStringLiteral("of"),
        QStringLiteral("into"), QStringLiteral("onto"), QStringLiteral("under"), QStringLiteral("over"), QStringLiteral("near"),
        QStringLiteral("about"), QStringLiteral("through"), QStringLiteral("across"), QStringLiteral("along"), QStringLiteral("around"),
        QStringLiteral("behind"), QStringLiteral("beside"), QStringLiteral("between"), QStringLiteral("among") };
    return words;
}

bool isLocative(const QString &p)
{
    return p == QLatin1String("in") || p == QLatin1String("on") || p == QLatin1String("at") || p == QLatin1String("inside");
}

bool isBe(const QString &w)
{
    return w == QLatin1String("is") || w == QLatin1String("are") || w == QLatin1String("was") || w == QLatin1String("were");
}

bool isDeterminer(const QString &w)
{
    return w == QLatin1String("a") || w == QLatin1String("an") || w == QLatin1String("the");
}

bool isFrequency(const QString &w)
{
    static const QSet<QString> words { QStringLiteral("usually"), QStringLiteral("generally"), QStringLiteral("typically"),
        QStringLiteral("normally"), QStringLiteral("often"), QStringLiteral("mostly") };
    return words.contains(w);
}

/// Adverbs that add nothing the KB can say and are skipped before a verb ("She also
/// catalogues …", "was first published").
bool isDiscourseAdverb(const QString &w)
{
    static const QSet<QString> words { QStringLiteral("also"), QStringLiteral("still"), QStringLiteral("again"), QStringLiteral("then"),
        QStringLiteral("now"), QStringLiteral("first"), QStringLiteral("already"), QStringLiteral("too") };
    return words.contains(w);
}

/// Verbs a place relation reads as plain location: "X is in Y" is `(P X Y)` for a P whose
/// template says "?x lies in ?y" or "?x is located in ?y".
bool isLocationVerb(const QString &lemma)
{
    static const QSet<QString> words { QStringLiteral("be"), QStringLiteral("lie"), QStringLiteral("locate"), QStringLiteral("sit"),
        QStringLiteral("stand"), QStringLiteral("situate") };
    return words.contains(lemma);
}

/// Words that make a sentence say something the KB cannot (rules.md §3, pattern 11).
std::optional<QString> refusalCue(const QString &w, bool first)
{
    static const QSet<QString> modal { QStringLiteral("might"), QStringLiteral("may"), QStringLiteral("should"), QStringLiteral("must"),
        QStringLiteral("would"), QStringLiteral("could"), QStringLiteral("perhaps"), QStringLiteral("maybe"), QStringLiteral("probably"),
        QStringLiteral("possibly") };
    static const QSet<QString> reported { QStringLiteral("said"), QStringLiteral("says"), QStringLiteral("say"), QStringLiteral("thinks"),
        QStringLiteral("think"), QStringLiteral("thought"), QStringLiteral("believes"), QStringLiteral("believe"), QStringLiteral("claims"),
        QStringLiteral("claimed"), QStringLiteral("told"), QStringLiteral("hopes"), QStringLiteral("wants"), QStringLiteral("wish"),
        QStringLiteral("wishes") };
    static const QSet<QString> opinion { QStringLiteral("most"), QStringLiteral("least"), QStringLiteral("charming"),
        QStringLiteral("beautiful"), QStringLiteral("lovely"), QStringLiteral("wonderful"), QStringLiteral("nice"), QStringLiteral("best"),
        QStringLiteral("worst"), QStringLiteral("ugly"), QStringLiteral("boring"), QStringLiteral("delightful"), QStringLiteral("cute"),
        QStringLiteral("adorable"), QStringLiteral("favourite"), QStringLiteral("favorite"), QStringLiteral("pretty"),
        QStringLiteral("magnificent"), QStringLiteral("splendid"), QStringLiteral("terrible"), QStringLiteral("amazing") };
    static const QSet<QString> subordinate { QStringLiteral("when"), QStringLiteral("if"), QStringLiteral("because"),
        QStringLiteral("although"), QStringLiteral("though"), QStringLiteral("while"), QStringLiteral("unless"), QStringLiteral("since"),
        QStringLiteral("after"), QStringLiteral("before"), QStringLiteral("once"), QStringLiteral("whenever") };
    if (modal.contains(w))
        return QStringLiteral("modality '%1'").arg(w);
    if (reported.contains(w))
        return QStringLiteral("reported speech '%1'").arg(w);
    if (opinion.contains(w))
        return QStringLiteral("an opinion ('%1'); no claim the knowledge base can state").arg(w);
    if (first && subordinate.contains(w))
        return QStringLiteral("subordinate clause '%1 …'").arg(w);
    return std::nullopt;
}

QString capitalized(const QString &w)
{
    return w.isEmpty() ? w : w.left(1).toUpper() + w.mid(1);
}

/// The present third person of a verb lemma: live → lives, fly → flies, catch → catches.
QString thirdPerson(const QString &lemma)
{
    static const QRegularExpression consonantY(QStringLiteral("[^aeiou]y$"));
    if (consonantY.match(lemma).hasMatch())
        return lemma.chopped(1) + QStringLiteral("ies");
    if (lemma.endsWith(QLatin1String("s")) || lemma.endsWith(QLatin1String("x")) || lemma.endsWith(QLatin1String("z"))
        || lemma.endsWith(QLatin1String("ch")) || lemma.endsWith(QLatin1String("sh")) || lemma.endsWith(QLatin1String("o")))
        return lemma + QStringLiteral("es");
    if (lemma == QLatin1String("have"))
        return QStringLiteral("has");
    return lemma + QLatin1Char('s');
}

/// The resolver's singular (formalize.md §1.2) for words WordNet does not know.
QString plainSingular(const QString &w)
{
    if (w.endsWith(QLatin1String("ies")) && w.size() > 4)
        return w.chopped(3) + QLatin1Char('y');
    for (const char *end : { "ches", "shes", "sses", "xes", "zes" }) {
        if (w.endsWith(QLatin1String(end)))
            return w.chopped(2);
    }
    if (w.endsWith(QLatin1Char('s')) && !w.endsWith(QLatin1String("ss")) && !w.endsWith(QLatin1String("us"))
        && !w.endsWith(QLatin1String("is")))
        return w.chopped(1);
    return w;
}

QStringList camelParts(const QString &name)
{
    QStringList parts;
    QString part;
    for (const QChar c : name) {
        if ((c.isUpper() || c == QLatin1Char('_')) && !part.isEmpty()) {
            parts << part.toLower();
            part.clear();
        }
        if (c != QLatin1Char('_'))
            part += c;
    }
    if (!part.isEmpty())
        parts << part.toLower();
    return parts;
}

bool isSubjectPronoun(const QString &w)
{
    return w == QLatin1String("he") || w == QLatin1String("she") || w == QLatin1String("it") || w == QLatin1String("they");
}

bool isObjectPronoun(const QString &w)
{
    return w == QLatin1String("him") || w == QLatin1String("her") || w == QLatin1String("it") || w == QLatin1String("them");
}

bool isReflexive(const QString &w)
{
    return w == QLatin1String("himself") || w == QLatin1String("herself") || w == QLatin1String("itself")
        || w == QLatin1String("themselves");
}

} // namespace fanva::rules

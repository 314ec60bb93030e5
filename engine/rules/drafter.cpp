// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/drafter.h"

#include "jsonutil.h"
#include "lang/claim.h"
#include "lang/claimwriter.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "rules/inputguard.h"
#include "rules/lexicon.h"
#include "rules/tokenizer.h"

#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace fanva::rules {

using lang::Claim;
using lang::ClaimTerm;
using nlohmann::json;

namespace {

// --- words ------------------------------------------------------------------------------

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

// --- claims -------------------------------------------------------------------------

/// The term the drafter spells `text`: "?x" a variable, "%S"/"%K" a placeholder (a variable
/// until substituted), a number, else an individual.
ClaimTerm termOf(const QString &text)
{
    if (text.startsWith(QLatin1Char('?')))
        return ClaimTerm::variable(text.mid(1));
    if (text.startsWith(QLatin1Char('%')))
        return ClaimTerm::variable(text);
    if (!text.isEmpty() && (text.front().isDigit() || text.front() == QLatin1Char('-')))
        return ClaimTerm::number(text);
    return ClaimTerm::individual(text);
}

/// `claim` with every variable `name` replaced by `value`.
Claim substituted(Claim claim, const QString &name, const ClaimTerm &value)
{
    for (ClaimTerm &term : claim.arguments) {
        if (term.kind == ClaimTerm::Kind::Variable && term.text == name)
            term = value;
    }
    for (Claim &part : claim.parts)
        part = substituted(std::move(part), name, value);
    return claim;
}

/// `claim` about `subject` (the placeholder %S filled).
Claim about(const Claim &claim, const QString &subject)
{
    return substituted(claim, QStringLiteral("%S"), termOf(subject));
}

/// (T x): membership of `x` in the type `type`.
Claim member(const QString &type, const QString &x)
{
    return Claim::predication(type, { termOf(x) });
}

Claim negatedIf(bool negated, Claim claim)
{
    return negated ? Claim::negation(std::move(claim)) : claim;
}

// --- vocabulary -------------------------------------------------------------------------

struct Relation {
    QString name;
    int arity = 0;
    QStringList args;
    bool kindLevel = false; ///< genlArg: its arguments are types
    QString verb; ///< lemma
    QString prep;
    QString noun; ///< relational noun: "X is the N of Y"
    QString adjective; ///< "?x is ADJ"
    QString unit; ///< the word after a numeric argument (lemma)
    bool can = false;
    QStringList phrase; ///< a unary name read as words: preparedForWinter → prepare for winter
    int first = 1; ///< the argument position the template reads first (the subject)
    bool fromTemplate = false;
    bool passive = false; ///< the template reads "?a is V-ed PREP ?b": matched by passive clauses only
};

struct Np {
    enum class Kind { None, Individual, NewIndividual, Minted, Type, Number } kind = Kind::None;
    QString name; ///< the KB name (type, individual) or the number
    int end = 0; ///< one past the last token
    bool indefinite = false;
    bool bare = false; ///< no determiner (a generic when a type)
    QString mintBase;
};

class Drafter
{
public:
    Drafter(const json &turn, Lexicon &lexicon, const lang::ClaimWriter &writer)
        : m_lex(lexicon)
        , m_writer(writer)
    {
        const json *vocabulary = jsonutil::object(turn, "vocabulary");
        if (vocabulary) {
            if (const json *types = jsonutil::array(*vocabulary, "types")) {
                for (const json &t : *types)
                    addType(jsonutil::string(t, "name"), t);
            }
            if (const json *individuals = jsonutil::array(*vocabulary, "individuals")) {
                for (const json &i : *individuals) {
                    const QString name = jsonutil::string(i, "name");
                    m_individuals.insert({ name.toLower(), name });
                    QStringList types;
                    if (const json *ts = jsonutil::array(i, "types")) {
                        for (const json &t : *ts)
                            types << jsonutil::asString(t).value_or(QString());
                    }
                    m_memberships[name] = types;
                }
            }
            if (const json *relations = jsonutil::array(*vocabulary, "relations")) {
                for (const json &r : *relations)
                    addRelation(r);
            }
        }
    }

    json run(const json &turn, const std::stop_token &stop)
    {
        Reply reply;
        const json *segments = jsonutil::array(turn, "segments");
        if (segments) {
            for (const json &s : *segments) {
                if (stop.stop_requested())
                    break;
                segment(s, reply);
            }
        }
        QString notes = QStringLiteral("drafted by rules — no model.");
        if (!reply.coined.isEmpty())
            notes += QStringLiteral(" Coined %1: no listed relation fits.").arg(reply.coined.join(QStringLiteral(", ")));
        return json { { "candidates", reply.candidates }, { "untranslated", reply.untranslated }, { "notes", notes.toStdString() } };
    }

private:
    struct Reply {
        json candidates = json::array();
        json untranslated = json::array();
        QStringList coined;
    };

    /// Drafts one segment into `reply`: its candidates, written in the turn's language, or the
    /// reason it is left untranslated.
    void segment(const json &s, Reply &reply)
    {
        const int number = int(jsonutil::integer(s, "number"));
        if (jsonutil::string(s, "kind") == QLatin1String("heading")) {
            reply.untranslated.push_back({ { "segment", number }, { "reason", "a heading; no claim" } });
            return;
        }
        m_out.clear();
        m_reason.clear();
        sentence(jsonutil::string(s, "text"));
        // A claim the language cannot state is left out; when nothing but introductions is
        // left, the sentence is untranslated with the language's reason.
        std::vector<std::pair<const Out *, QString>> written;
        QString problem;
        for (const Out &o : m_out) {
            const lang::WrittenClaim text = m_writer.write(o.claim);
            if (text.ok())
                written.emplace_back(&o, text.text);
            else if (problem.isEmpty())
                problem = text.problem;
        }
        const bool claims = std::any_of(
            written.begin(), written.end(), [](const auto &item) { return item.first->pattern != QLatin1String("introduced"); });
        if (!problem.isEmpty() && !claims) {
            m_reason = problem;
            written.clear();
        }
        if (written.empty()) {
            reply.untranslated.push_back(
                { { "segment", number }, { "reason", (m_reason.isEmpty() ? QStringLiteral("no rule matched") : m_reason).toStdString() } });
            return;
        }
        for (const auto &[o, text] : written) {
            json c { { "sentence", text.toStdString() }, { "segment", number },
                { "confidence",
                    o->unused.isEmpty() && !o->coined ? "high"
                        : o->coined                   ? "low"
                                                      : "medium" },
                { "pattern", o->pattern.toStdString() } };
            json unused = json::array();
            for (const QString &w : o->unused)
                unused.push_back(w.toStdString());
            c["unused"] = unused;
            if (o->monotonic)
                c["strength"] = "monotonic";
            reply.candidates.push_back(c);
            if (o->coined && !reply.coined.contains(o->coinedName))
                reply.coined << o->coinedName;
        }
    }

    struct Out {
        Claim claim;
        QString pattern;
        QStringList unused;
        bool monotonic = false;
        bool coined = false;
        QString coinedName;
        bool definite = false; ///< introduced for "the N" with no earlier N
        QString introduced, type; ///< the individual introduced and its type
    };

    // --- vocabulary ---

    void addType(const QString &name, const json &)
    {
        if (name.isEmpty())
            return;
        m_types.insert({ name.toLower().replace(QLatin1Char('_'), QLatin1Char(' ')), name });
    }

    void addRelation(const json &r)
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

    /// livesIn → live + in; motherOf → the noun mother; eats → eat.
    void nameShape(Relation &rel)
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

    /// "(livesIn ?a ?p) means ?a lives in the habitat ?p." → live + in, ?a first.
    bool templateShape(Relation &rel, const QString &comment)
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
        while (!middle.isEmpty() && rel.arity == 2) {
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

    [[nodiscard]] std::optional<QString> typeOf(const QStringList &lowerWords)
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

    [[nodiscard]] bool isVerb(const Token &t)
    {
        if (!t.tag.isEmpty())
            return t.tag == QLatin1String("v") || t.tag.startsWith(QLatin1String("v"));
        return m_lex.is(t.lower, Lexicon::Pos::Verb);
    }

    // --- noun phrases ---

    Np nounPhrase(const std::vector<Token> &w, int i, int limit)
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
        if (definite && j < limit && !functionWords().contains(w[std::size_t(j)].lower) && !w[std::size_t(j)].number) {
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
        }
        return np;
    }

    /// The longest type named by up to three words from `j` on, skipping up to two words
    /// before it (adjectives: "the little creature", "a rare book"); kind None when none.
    Np commonNoun(const std::vector<Token> &w, int j, int limit, bool definite)
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

    static QString camelOf(const QString &base)
    {
        QString camel;
        for (const QString &part : base.split(QLatin1Char('_')))
            camel += capitalized(part);
        return camel;
    }

    /// The document's individual for "the WORDS" (one per description).
    QString mint(const QString &base)
    {
        const QString camel = camelOf(base);
        if (const auto it = m_minted.find(camel); it != m_minted.end())
            return it->second;
        const QString name = camel + QString::number(++m_mintCount[camel]);
        m_minted[camel] = name;
        return name;
    }

    /// A new individual of `type` ("a lion"): Lion1, Lion2, … with its membership stated.
    QString introduce(const QString &type, bool definite = false)
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

    /// The term for an NP in argument position (individuals and numbers); "a N" introduces
    /// an individual, "the N" is the latest one of that type (introduced when there is none).
    std::optional<QString> argument(const Np &np)
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

    void remember(const QString name)
    {
        m_recent.removeAll(name);
        m_recent.append(name);
    }

    // --- relations ---

    struct Match {
        const Relation *rel = nullptr;
        int score = 0;
    };

    /// The best relation for verb + preposition (+ unit), arity 1 or 2.
    Match findRelation(const QString &verb, const QString &prep, int arity, const QString &unit, bool kinds, bool passive = false)
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

    const Relation *nounRelation(const QString &noun)
    {
        const QString lemma = m_lex.lemma(noun, Lexicon::Pos::Noun);
        const Relation *found = nullptr;
        for (const Relation &r : m_relations) {
            if (r.arity == 2 && !r.noun.isEmpty() && (r.noun == lemma || r.noun == noun) && (!found || r.fromTemplate))
                found = &r;
        }
        return found;
    }

    /// The relation "X is PREP Y" states: a place relation with that preposition whose verb is
    /// plain location (lie, be located, stand …), a template's first.
    const Relation *locativeRelation(const QString &prep)
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

    /// The relation "X has a N called Y" states when N is no relational noun: one whose verb is
    /// have, own or possess, read with X first.
    const Relation *possessionRelation()
    {
        for (const char *verb : { "have", "own", "possess" }) {
            const Match m = findRelation(QString::fromLatin1(verb), {}, 2, {}, false);
            if (m.rel && m.rel->prep.isEmpty() && m.rel->unit.isEmpty() && m.score >= 4)
                return m.rel;
        }
        return nullptr;
    }

    const Relation *adjectiveRelation(const QString &adjective)
    {
        for (const Relation &r : m_relations) {
            if (r.arity == 1 && (r.adjective == adjective || r.name == adjective))
                return &r;
        }
        return nullptr;
    }

    /// (P a b) with the template's reading order: `subject` is the argument read first.
    static Claim atom(const Relation &r, const QString &subject, const QString &object)
    {
        if (r.arity == 1)
            return Claim::predication(r.name, { termOf(subject) });
        return r.first == 1 ? Claim::predication(r.name, { termOf(subject), termOf(object) })
                            : Claim::predication(r.name, { termOf(object), termOf(subject) });
    }

    /// (P N M) of a `genlArg` relation: both arguments are types.
    static Claim kindAtom(const Relation &r, const QString &subject, const QString &object)
    {
        const ClaimTerm s = subject.startsWith(QLatin1Char('%')) ? termOf(subject) : ClaimTerm::type(subject);
        return r.first == 1 ? Claim::predication(r.name, { s, ClaimTerm::type(object) })
                            : Claim::predication(r.name, { ClaimTerm::type(object), s });
    }

    /// (set/defaultRule (implies (T ?x) body)): what members of T usually are or do.
    static Claim defaultRule(const QString &type, const Claim &body)
    {
        return Claim::defaultRule(Claim::implication(member(type, QStringLiteral("?x")), body));
    }

    // --- verb phrases ---

    struct Vp {
        Claim atom; ///< with the subject placeholder "%S"
        bool negated = false;
        bool coined = false;
        QString coinedName;
        int end = 0;
        QString pattern;
        // For "only"/"nothing but": the relation and the object type.
        const Relation *rel = nullptr;
        QString onlyType;
        bool objectIsType = false;
        QString objectType;
        std::vector<Claim> moreAtoms; ///< coordinated objects: "catalogues Dracula and Ulysses"
    };

    /// Parses a verb phrase at i about `subject` (an individual name, or "?x" for a kind).
    std::optional<Vp> verbPhrase(const std::vector<Token> &w, int i, int limit, bool generic)
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
        const bool haveNumber = (verbToken.lower == QLatin1String("has") || verbToken.lower == QLatin1String("have")
                                    || verbToken.lower == QLatin1String("had"))
            && j + 1 < limit && w[std::size_t(j) + 1].number;
        // In the verb's place a word WordNet knows as a verb is taken as one even when the
        // first linkage tags it otherwise ("salmon can swim", "Rex growls at Tom").
        if (verbToken.cap || verbToken.number || (functionWords().contains(verbToken.lower) && !haveNumber)
            || !(isVerb(verbToken) || m_lex.is(verbToken.lower, Lexicon::Pos::Verb)))
            return std::nullopt;
        const QString verb = m_lex.lemma(verbToken.lower, Lexicon::Pos::Verb);
        ++j;
        // A unary relation whose name is the phrase: "prepared for winter" → preparedForWinter.
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
        while (j < limit && isFrequency(w[std::size_t(j)].lower))
            ++j;
        QString prep;
        if (j < limit && prepositions().contains(w[std::size_t(j)].lower) && w[std::size_t(j)].lower != QLatin1String("of")) {
            prep = w[std::size_t(j)].lower;
            ++j;
        }
        // only Ms / nothing but Ms
        if (j < limit && w[std::size_t(j)].lower == QLatin1String("only")) {
            vp.onlyType = QStringLiteral("?");
            ++j;
        } else if (j + 1 < limit && w[std::size_t(j)].lower == QLatin1String("nothing")
            && w[std::size_t(j) + 1].lower == QLatin1String("but")) {
            vp.onlyType = QStringLiteral("?");
            j += 2;
        }
        if (j >= limit || w[std::size_t(j)].lower == QLatin1String(",") || !prep.isEmpty() || !vp.onlyType.isEmpty()
            || (j < limit && !isFrequency(w[std::size_t(j)].lower) && !prepositions().contains(w[std::size_t(j)].lower))) {
            // An object may follow.
        }
        const Np object = j < limit ? nounPhrase(w, j, limit) : Np {};
        if (object.kind == Np::Kind::Number) {
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
        if (object.kind == Np::Kind::Type && (generic || !vp.onlyType.isEmpty())) {
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
                Claim::conjunction(
                    { member(object.name, QStringLiteral("?y")), atom(*m.rel, QStringLiteral("%S"), QStringLiteral("?y")) }));
            vp.end = object.end;
            vp.pattern = QStringLiteral("generic-verb-object");
            return vp;
        }
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

    /// "… Dracula and Ulysses": more named objects after the first, each made an atom by
    /// `make`; returns the end of the last one.
    template<typename Make> int coordinatedObjects(const std::vector<Token> &w, int end, int limit, Make make, std::vector<Claim> &atoms)
    {
        while (end + 1 < limit && w[std::size_t(end)].lower == QLatin1String("and")) {
            const Np other = nounPhrase(w, end + 1, limit);
            if (other.kind != Np::Kind::Individual && other.kind != Np::Kind::NewIndividual)
                break;
            const auto name = argument(other);
            if (!name)
                break;
            atoms.push_back(make(*name));
            end = other.end;
        }
        return end;
    }

    // --- sentences ---

    void emit(const std::vector<Token> &w, const std::set<int> &used, const Claim &sentence, const QString &pattern, bool monotonic = false,
        bool coined = false, const QString &coinedName = {})
    {
        Out o;
        o.claim = sentence;
        o.pattern = pattern;
        o.monotonic = monotonic;
        o.coined = coined;
        o.coinedName = coinedName;
        for (int i = 0; i < int(w.size()); ++i) {
            const Token &t = w[std::size_t(i)];
            if (!used.count(i) && !functionWords().contains(t.lower) && !isFrequency(t.lower) && t.lower != QLatin1String("only")
                && t.lower != QLatin1String("nothing") && !isReflexive(t.lower) && !isObjectPronoun(t.lower) && t.ref.isEmpty())
                o.unused << t.text;
        }
        o.unused += m_extraUnused;
        for (const Out &e : m_out) {
            if (e.claim == o.claim)
                return;
        }
        m_out.push_back(o);
    }

    static void useRange(std::set<int> &used, int from, int to)
    {
        for (int i = from; i < to; ++i)
            used.insert(i);
    }

    void sentence(const QString &text)
    {
        const QString trimmed = text.trimmed();
        if (trimmed.endsWith(QLatin1Char('?'))) {
            m_reason = QStringLiteral("a question; no claim");
            return;
        }
        if (trimmed.endsWith(QLatin1Char('!'))) {
            m_reason = QStringLiteral("an exclamation; no claim");
            return;
        }
        if (const auto tooLong = tooLongForTheRules(trimmed)) {
            m_reason = *tooLong;
            return;
        }
        std::vector<Token> w = tokenize(trimmed);
        if (w.empty()) {
            m_reason = QStringLiteral("no words");
            return;
        }
        if (const auto foreign = unspellable(w)) {
            m_reason = *foreign;
            return;
        }
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (auto cue = refusalCue(w[i].lower, i == 0)) {
                m_reason = *cue;
                return;
            }
            // A superlative ("the quietest place") ranks; the KB states no ranking.
            const QString &l = w[i].lower;
            if (l.size() > 4 && l.endsWith(QLatin1String("est")) && m_lex.is(l, Lexicon::Pos::Adjective)
                && m_lex.lemma(l, Lexicon::Pos::Adjective) != l) {
                m_reason = QStringLiteral("an opinion or a ranking ('%1'); no claim the knowledge base can state").arg(w[i].text);
                return;
            }
        }
        // Link Grammar's part-of-speech tags, one per token (commas and "'s" included).
        QStringList words;
        for (const Token &t : w)
            words << t.text;
        const std::vector<QString> tags = m_lex.tags(words);
        for (std::size_t i = 0; i < w.size() && i < tags.size(); ++i)
            w[i].tag = tags[i];

        // "Ns usually V, but Zs do not."
        if (exceptionPattern(w))
            return;
        // Clauses: ", and", ", but", ";".
        std::vector<std::pair<int, int>> clauses;
        int start = 0;
        for (int i = 0; i < int(w.size()); ++i) {
            const QString &l = w[std::size_t(i)].lower;
            const bool cut = l == QLatin1String(";")
                || (l == QLatin1String(",") && i + 1 < int(w.size())
                    && (w[std::size_t(i) + 1].lower == QLatin1String("and") || w[std::size_t(i) + 1].lower == QLatin1String("but")
                        || w[std::size_t(i) + 1].lower == QLatin1String("while")
                        || w[std::size_t(i) + 1].lower == QLatin1String("whereas")));
            if (cut) {
                clauses.emplace_back(start, i);
                start = i + (l == QLatin1String(";") ? 1 : 2);
            }
        }
        clauses.emplace_back(start, int(w.size()));
        for (const auto &[from, to] : clauses) {
            std::vector<Token> clause(w.begin() + from, w.begin() + to);
            // he/she/it/they → the previous clause's subject.
            if (!clause.empty()) {
                if (isSubjectPronoun(clause.front().lower) && !m_lastSubject.isEmpty())
                    clause.front().ref = m_lastSubject;
            }
            const std::size_t before = m_out.size();
            this->clause(clause);
            // "the old driver" in a clause that says nothing else is no claim: a narrative
            // description, not an introduction.
            const bool onlyDescribed = std::all_of(m_out.begin() + std::ptrdiff_t(before), m_out.end(),
                [](const Out &o) { return o.pattern == QLatin1String("introduced") && o.definite; });
            if (onlyDescribed && m_out.size() > before) {
                for (auto it = m_out.begin() + std::ptrdiff_t(before); it != m_out.end(); ++it) {
                    if (const auto latest = m_latestOfType.find(it->type);
                        latest != m_latestOfType.end() && latest->second == it->introduced)
                        m_latestOfType.erase(latest);
                    m_recent.removeAll(it->introduced);
                }
                m_out.resize(before);
            }
        }
        if (m_out.empty() && m_reason.isEmpty())
            m_reason = QStringLiteral("no rule matched");
    }

    bool exceptionPattern(const std::vector<Token> &w)
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

    void clause(const std::vector<Token> &w)
    {
        const int n = int(w.size());
        if (n < 2)
            return;
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
                    return;
                }
                if (j + 1 < n) {
                    if (const Relation *adj = adjectiveRelation(w[std::size_t(j) + 1].lower)) {
                        useRange(used, j, j + 2);
                        emit(w, used, Claim::implication(member(n1.name, QStringLiteral("?x")), member(adj->name, QStringLiteral("?x"))),
                            QStringLiteral("every-is"), true);
                        return;
                    }
                }
                m_reason = QStringLiteral("no type or property for what follows '%1'").arg(w[std::size_t(j)].text);
                return;
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
                        return;
                    }
                }
                m_reason = QStringLiteral("no relation for '%1'").arg(k < n ? w[std::size_t(k)].text : QString());
                return;
            }
            if (const auto vp = verbPhrase(w, j, n, true); vp && vp->onlyType.isEmpty() && !vp->objectIsType) {
                useRange(used, j, vp->end);
                const Claim body = negatedIf(vp->negated, about(vp->atom, QStringLiteral("?x")));
                emit(w, used, Claim::implication(member(n1.name, QStringLiteral("?x")), body), QStringLiteral("every-verb"), true);
                return;
            }
            m_reason = QStringLiteral("no relation for the verb");
            return;
        }

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
                        return;
                    }
                }
            }
        }

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
                    return;
                }
            }
            m_reason = QStringLiteral("'there is' without a named thing of a known type");
            return;
        }

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
                        emit(w, used, Claim::implication(a, *body), QStringLiteral("whoever"), true, condition->coined,
                            condition->coinedName);
                        return;
                    }
                }
                if (const auto consequence = verbPhrase(w, k, n, false)) {
                    useRange(used, 0, consequence->end);
                    const auto body = [](const Vp &vp) { return negatedIf(vp.negated, about(vp.atom, QStringLiteral("?x"))); };
                    emit(w, used, Claim::implication(body(*condition), body(*consequence)), QStringLiteral("whoever"), true,
                        condition->coined || consequence->coined, condition->coined ? condition->coinedName : consequence->coinedName);
                    return;
                }
            }
            m_reason = QStringLiteral("no relation for the condition or the conclusion of '%1'").arg(w.front().text);
            return;
        }

        Np subject = nounPhrase(w, 0, n);
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
                    return;
                }
                m_reason = QStringLiteral("no relation for the verb");
                return;
            }
        }
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
                return;
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
                return;
            }
        }
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
                return;
            }
        }
        // A verb phrase sharing the previous clause's subject ("…, and freed him").
        if (subject.kind == Np::Kind::None && !m_lastSubject.isEmpty() && !w.front().cap) {
            if (const auto vp = verbPhrase(resolvedObjects(w, 0, m_lastSubject), 0, n, false)) {
                useRange(used, 0, vp->end);
                emitVp(resolvedObjects(w, 0, m_lastSubject), used, *vp, m_lastSubject);
                return;
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
                    return;
                }
            }
        }
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

    /// Object pronouns after `from` resolved to the latest individual other than `subject`.
    std::vector<Token> resolvedObjects(const std::vector<Token> &w, int from, const QString &subject) const
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

    /// "X has a N called Y" (rules.md §3, 10h): N a relational noun → (nOf Y X); N a type →
    /// (N Y) and X's possession of Y. True when it took the clause.
    bool hasCalled(const std::vector<Token> &w, std::set<int> used, int j, const QString &x)
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

    /// "X is PREP Y" with a place relation for PREP. True when it took the clause.
    bool locatedAt(const std::vector<Token> &w, std::set<int> used, int k, const QString &x, bool negated)
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

    /// "… and dozes in the East Archive": a verb phrase joined to a finished clause.
    void trailingVerbPhrase(const std::vector<Token> &w, const std::set<int> &used, int at, const QString &x)
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

    void clauseAbout(const std::vector<Token> &w, std::set<int> used, int j, const QString &subjectName, bool plural = false)
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
                if (const Relation *r = nounRelation(w[std::size_t(k) + 1].lower);
                    r && w[std::size_t(k) + 2].lower == QLatin1String("of")) {
                    const Np y = nounPhrase(w, k + 3, n);
                    if (const auto ys = argument(y); ys && y.kind != Np::Kind::Minted) {
                        useRange(used, j, y.end);
                        emit(w, used, negatedIf(negated, atom(*r, *x, *ys)), QStringLiteral("relational-noun"));
                        return;
                    }
                }
            }
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
                        return;
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
                            return;
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
                        return;
                    }
                }
                emit(w, own, negatedIf(negated, fact), negated ? QStringLiteral("not-membership") : QStringLiteral("membership"));
                return;
            }
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
                            return;
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
                    return;
                } else if (ys) {
                    useRange(used, j, y.end);
                    emit(w, used, negatedIf(negated, atom(*m.rel, *ys, *x)), QStringLiteral("passive"));
                    return;
                }
            }
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

    void emitVp(const std::vector<Token> &w, const std::set<int> &used, const Vp &vp, const QString &subject)
    {
        std::vector<Claim> atoms { vp.atom };
        atoms.insert(atoms.end(), vp.moreAtoms.begin(), vp.moreAtoms.end());
        for (const Claim &one : atoms) {
            emit(w, used, negatedIf(vp.negated, about(one, subject)), vp.pattern, false, vp.coined, vp.coinedName);
        }
    }

    void genericClause(const std::vector<Token> &w, const Np &subject, std::set<int> used)
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

    Lexicon &m_lex;
    const lang::ClaimWriter &m_writer;
    std::map<QString, QString> m_types; ///< "ice shelf" → ice_shelf
    std::map<QString, QString> m_individuals; ///< lower-case → name
    std::map<QString, QStringList> m_memberships;
    std::vector<Relation> m_relations;
    std::map<QString, QString> m_minted;
    std::map<QString, int> m_mintCount;
    std::map<QString, QString> m_latestOfType;
    QStringList m_recent; ///< individuals in order of last mention
    QStringList m_extraUnused; ///< words skipped before the clause's subject
    std::vector<Out> m_out;
    QString m_reason;
    QString m_lastSubject;
};

} // namespace

json draft(const json &turn, Lexicon &lexicon, const lang::ClaimWriter &writer, const std::stop_token &stop)
{
    Drafter drafter(turn, lexicon, writer);
    return drafter.run(turn, stop);
}

json draft(const json &turn, Lexicon &lexicon, const std::stop_token &stop)
{
    const QString language = jsonutil::string(turn, "language");
    const lang::Language *found = lang::languageById(language.isEmpty() ? QStringLiteral("fanva-kb") : language);
    const lang::ClaimWriter *writer = found ? found->claimWriter() : nullptr;
    if (!writer) {
        json untranslated = json::array();
        if (const json *segments = jsonutil::array(turn, "segments")) {
            for (const json &s : *segments)
                untranslated.push_back({ { "segment", jsonutil::integer(s, "number") },
                    { "reason", QStringLiteral("the rules draft no %1 statements").arg(language).toStdString() } });
        }
        return json { { "candidates", json::array() }, { "untranslated", untranslated }, { "notes", "drafted by rules — no model." } };
    }
    return draft(turn, lexicon, *writer, stop);
}

} // namespace fanva::rules

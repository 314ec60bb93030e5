// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The rules drafter's shared state and helpers (docs/spec/rules.md §3, engine/rules/README.md):
// private to engine/rules.

#include "lang/claim.h"
#include "rules/lexicon.h"
#include "rules/tokenizer.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <set>
#include <stop_token>
#include <vector>

namespace fanva::lang {
class ClaimWriter;
}

namespace fanva::rules {

using lang::Claim;
using lang::ClaimTerm;
using nlohmann::json;

// --- words (english.cpp) ---------------------------------------------------------------

[[nodiscard]] const QSet<QString> &functionWords();
[[nodiscard]] const QSet<QString> &prepositions();
[[nodiscard]] bool isLocative(const QString &p);
[[nodiscard]] bool isBe(const QString &w);
[[nodiscard]] bool isDeterminer(const QString &w);
[[nodiscard]] bool isFrequency(const QString &w);
/// Adverbs that add nothing the KB can say and are skipped before a verb ("She also
/// catalogues …", "was first published").
[[nodiscard]] bool isDiscourseAdverb(const QString &w);
/// Verbs a place relation reads as plain location: "X is in Y" is `(P X Y)` for a P whose
/// template says "?x lies in ?y" or "?x is located in ?y".
[[nodiscard]] bool isLocationVerb(const QString &lemma);
/// Words that make a sentence say something the KB cannot (rules.md §3, pattern 11).
[[nodiscard]] std::optional<QString> refusalCue(const QString &w, bool first);
[[nodiscard]] QString capitalized(const QString &w);
/// The present third person of a verb lemma: live → lives, fly → flies, catch → catches.
[[nodiscard]] QString thirdPerson(const QString &lemma);
/// The resolver's singular (formalize.md §1.2) for words WordNet does not know.
[[nodiscard]] QString plainSingular(const QString &w);
[[nodiscard]] QStringList camelParts(const QString &name);
[[nodiscard]] bool isSubjectPronoun(const QString &w);
[[nodiscard]] bool isObjectPronoun(const QString &w);
[[nodiscard]] bool isReflexive(const QString &w);

// --- claims (claims.cpp) ---------------------------------------------------------------

/// The term the drafter spells `text`: "?x" a variable, "%S"/"%K" a placeholder (a variable
/// until substituted), a number, else an individual.
[[nodiscard]] ClaimTerm termOf(const QString &text);
/// `claim` with every variable `name` replaced by `value`.
[[nodiscard]] Claim substituted(Claim claim, const QString &name, const ClaimTerm &value);
/// `claim` about `subject` (the placeholder %S filled).
[[nodiscard]] Claim about(const Claim &claim, const QString &subject);
/// (T x): membership of `x` in the type `type`.
[[nodiscard]] Claim member(const QString &type, const QString &x);
[[nodiscard]] Claim negatedIf(bool negated, Claim claim);

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

/// Drafts the reply of one turn: the vocabulary read once, then each segment's sentence
/// through the patterns of rules.md §3 (patterns.cpp), tried in order.
class Drafter
{
public:
    Drafter(const json &turn, Lexicon &lexicon, const lang::ClaimWriter &writer);

    json run(const json &turn, const std::stop_token &stop);

private:
    struct Reply {
        json candidates = json::array();
        json untranslated = json::array();
        QStringList coined;
    };

    /// Drafts one segment into `reply`: its candidates, written in the turn's language, or the
    /// reason it is left untranslated.
    void segment(const json &s, Reply &reply);

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

    void addType(const QString &name, const json &);

    void addRelation(const json &r);

    /// livesIn → live + in; motherOf → the noun mother; eats → eat.
    void nameShape(Relation &rel);

    /// "(livesIn ?a ?p) means ?a lives in the habitat ?p." → live + in, ?a first.
    bool templateShape(Relation &rel, const QString &comment);
    /// Drops a trailing type description from a template's words before its second argument
    /// ("lives in the habitat ?p" → lives in).
    void dropTypeDescription(QStringList &middle) const;

    [[nodiscard]] std::optional<QString> typeOf(const QStringList &lowerWords);

    [[nodiscard]] bool isVerb(const Token &t);

    // --- noun phrases ---

    Np nounPhrase(const std::vector<Token> &w, int i, int limit);
    /// "the visitors" (a definite description of no known type): an individual minted from the words.
    [[nodiscard]] Np describedPhrase(const std::vector<Token> &w, int j, int limit, Np np);

    /// The longest type named by up to three words from `j` on, skipping up to two words
    /// before it (adjectives: "the little creature", "a rare book"); kind None when none.
    Np commonNoun(const std::vector<Token> &w, int j, int limit, bool definite);

    static QString camelOf(const QString &base);

    /// The document's individual for "the WORDS" (one per description).
    QString mint(const QString &base);

    /// A new individual of `type` ("a lion"): Lion1, Lion2, … with its membership stated.
    QString introduce(const QString &type, bool definite = false);

    /// The term for an NP in argument position (individuals and numbers); "a N" introduces
    /// an individual, "the N" is the latest one of that type (introduced when there is none).
    std::optional<QString> argument(const Np &np);

    void remember(const QString name);

    // --- relations ---

    struct Match {
        const Relation *rel = nullptr;
        int score = 0;
    };

    /// The best relation for verb + preposition (+ unit), arity 1 or 2.
    Match findRelation(const QString &verb, const QString &prep, int arity, const QString &unit, bool kinds, bool passive = false);

    const Relation *nounRelation(const QString &noun);

    /// The relation "X is PREP Y" states: a place relation with that preposition whose verb is
    /// plain location (lie, be located, stand …), a template's first.
    const Relation *locativeRelation(const QString &prep);

    /// The relation "X has a N called Y" states when N is no relational noun: one whose verb is
    /// have, own or possess, read with X first.
    const Relation *possessionRelation();

    const Relation *adjectiveRelation(const QString &adjective);

    /// (P a b) with the template's reading order: `subject` is the argument read first.
    static Claim atom(const Relation &r, const QString &subject, const QString &object);

    /// (P N M) of a `genlArg` relation: both arguments are types.
    static Claim kindAtom(const Relation &r, const QString &subject, const QString &object);

    /// (set/defaultRule (implies (T ?x) body)): what members of T usually are or do.
    static Claim defaultRule(const QString &type, const Claim &body);

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
    std::optional<Vp> verbPhrase(const std::vector<Token> &w, int i, int limit, bool generic);
    /// A unary relation whose name is the phrase at `j`: "prepared for winter" → preparedForWinter.
    [[nodiscard]] std::optional<Vp> phraseRelation(const std::vector<Token> &w, int j, int limit, const QString &verb, Vp vp);
    /// "weighs 23 kilograms": a relation with a numeric argument and its unit.
    [[nodiscard]] std::optional<Vp> numberObject(
        const std::vector<Token> &w, int limit, const QString &verb, const QString &prep, const Np &object, Vp vp);
    /// A type as the object: "only Ms" (8), a kind relation (5k), else an existential default.
    [[nodiscard]] std::optional<Vp> typeObject(const QString &verb, const QString &prep, const Np &object, Vp vp);

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
        bool coined = false, const QString &coinedName = {});

    static void useRange(std::set<int> &used, int from, int to);

    void sentence(const QString &text);

    bool exceptionPattern(const std::vector<Token> &w);

    void clause(const std::vector<Token> &w);
    /// 2, 7: Every/All/Each N is (a) M · Every T has a N · Every N Vs.
    [[nodiscard]] bool quantifiedClause(const std::vector<Token> &w);
    /// 6: Y's N is X.
    [[nodiscard]] bool possessiveClause(const std::vector<Token> &w);
    /// 10t: There is a N called X (PREP Y).
    [[nodiscard]] bool thereIsClause(const std::vector<Token> &w);
    /// 9: Whoever P, Q · Anyone who P, Q.
    [[nodiscard]] bool whoeverClause(const std::vector<Token> &w);
    /// 10e: A N and a M V each other.
    [[nodiscard]] bool eachOtherClause(const std::vector<Token> &w, const Np &subject);
    /// 10a: apposition, "X, a N, …" · "X, the ADJ N, …".
    [[nodiscard]] bool appositionClause(const std::vector<Token> &w, const Np &subject);
    /// 10c: coordinated names, "X and Y V …".
    [[nodiscard]] bool coordinatedClause(const std::vector<Token> &w, const Np &subject);
    /// A clause without a subject of its own: the previous clause's, or one after skipped words.
    [[nodiscard]] bool subjectlessClause(const std::vector<Token> &w, const Np &subject);
    /// The clause about its subject: a kind's generic, else the named or introduced individual's.
    void subjectClause(const std::vector<Token> &w, const Np &subject);
    /// 1, 10, 10a: X is (not) a N, with "and V …", "who/that V …" or "whose N is Y" after it.
    [[nodiscard]] bool membershipClause(
        const std::vector<Token> &w, std::set<int> used, int j, int k, const QString &subject, bool negated, bool plural);
    /// 10v: X is (first) V-ed PREP Y · X is V-ed by Y.
    [[nodiscard]] bool passiveClause(const std::vector<Token> &w, std::set<int> used, int j, int k, const QString &subject, bool negated);

    /// Object pronouns after `from` resolved to the latest individual other than `subject`.
    std::vector<Token> resolvedObjects(const std::vector<Token> &w, int from, const QString &subject) const;

    /// "X has a N called Y" (rules.md §3, 10h): N a relational noun → (nOf Y X); N a type →
    /// (N Y) and X's possession of Y. True when it took the clause.
    bool hasCalled(const std::vector<Token> &w, std::set<int> used, int j, const QString &x);

    /// "X is PREP Y" with a place relation for PREP. True when it took the clause.
    bool locatedAt(const std::vector<Token> &w, std::set<int> used, int k, const QString &x, bool negated);

    /// "… and dozes in the East Archive": a verb phrase joined to a finished clause.
    void trailingVerbPhrase(const std::vector<Token> &w, const std::set<int> &used, int at, const QString &x);

    void clauseAbout(const std::vector<Token> &w, std::set<int> used, int j, const QString &subjectName, bool plural = false);

    void emitVp(const std::vector<Token> &w, const std::set<int> &used, const Vp &vp, const QString &subject);

    void genericClause(const std::vector<Token> &w, const Np &subject, std::set<int> used);

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

} // namespace fanva::rules

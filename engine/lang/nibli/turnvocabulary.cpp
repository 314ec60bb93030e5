// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/turnvocabulary.h"

#include "lang/nibli/checks.h"
#include "lang/nibli/knowledgebase.h"

#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace fanva::lang::nibli {

using nlohmann::json;

namespace {
namespace turn {

/// Words that are computed, answered only by a query (nibli-kr.md §4.1): never drafted.
bool isQueryOnly(const std::string &word)
{
    static const std::set<std::string> words { "product", "sum", "quotient", "exponential", "logarithm", "greater", "less", "num_equal" };
    return words.contains(word);
}

/// "{x1} is a dog" · a first place named as the word (dog: dog, breed).
bool isType(const Entry &e)
{
    static const QRegularExpression reading(QStringLiteral("^\\{x1\\} is an? [a-z ]+$"));
    return (!e.places.empty() && e.places.front() == e.name) || reading.match(QString::fromStdString(e.reading)).hasMatch();
}

/// The places a reading uses, in order ({x1} {x2} → 2); 0 when it uses another set than
/// {x1} or {x1, x2}.
int readingArity(const QString &reading)
{
    static const QRegularExpression place(QStringLiteral("\\{x(\\d)\\}"));
    std::set<int> used;
    for (auto it = place.globalMatch(reading); it.hasNext();)
        used.insert(it.next().captured(1).toInt());
    if (used == std::set<int> { 1 })
        return 1;
    if (used == std::set<int> { 1, 2 })
        return 2;
    return 0;
}

json relation(const Entry &e)
{
    const QString reading = QString::fromStdString(e.reading);
    int arity = readingArity(reading);
    QString comment;
    if (arity > 0 && !isType(e)) {
        QString text = reading;
        text.replace(QStringLiteral("{x1}"), QStringLiteral("?x1")).replace(QStringLiteral("{x2}"), QStringLiteral("?x2"));
        comment = QStringLiteral("(%1 ?x1%2) means %3.")
                      .arg(QString::fromStdString(e.name), arity == 2 ? QStringLiteral(" ?x2") : QString(), text);
    } else {
        arity = std::min(e.arity(), 2);
    }
    json args = json::array();
    json kinds = json::array();
    for (int i = 0; i < arity; ++i) {
        args.push_back(e.places.at(std::size_t(i)));
        kinds.push_back("arg");
    }
    return json { { "name", e.name }, { "arity", arity }, { "args", args }, { "argKinds", kinds }, { "comment", comment.toStdString() } };
}

json sortedValues(const std::map<std::string, json> &items)
{
    json out = json::array();
    for (const auto &[name, item] : items)
        out.push_back(item);
    return out;
}

} // namespace turn
} // namespace

json turnVocabulary(const KnowledgeBase &kb)
{
    using namespace turn;
    std::map<std::string, json> relations, types;
    std::map<std::string, std::set<std::string>> individuals;
    const auto add = [&](const Entry &e) {
        // A converse alias (owned: owns with its places exchanged) would match the base's verb
        // the wrong way round; the base word says it.
        if (e.name.find('+') != std::string::npos || isQueryOnly(e.name) || e.places.empty() || !e.converseOf.empty())
            return;
        if (isType(e))
            types[e.name] = json { { "name", e.name }, { "genls", json::array() }, { "comment", e.reading } };
        if (!isType(e) || readingArity(QString::fromStdString(e.reading)) == 2)
            relations[e.name] = relation(e);
    };
    for (const Entry &e : kb.vocabulary().lexicon().entries())
        add(e);
    for (const Entry &e : kb.vocabulary().declarations())
        add(e);
    for (const KbStatement &s : kb.statements()) {
        for (const std::string &name : namesOf(s.statement))
            individuals[name];
        if (const std::optional<OneArgumentFact> fact = oneArgumentFact(s.statement)) {
            individuals[fact->name].insert(fact->head);
            if (!types.contains(fact->head))
                types[fact->head] = json { { "name", fact->head }, { "genls", json::array() }, { "comment", "" } };
        }
    }
    json people = json::array();
    for (const auto &[name, memberships] : individuals)
        people.push_back({ { "name", name }, { "types", json(std::vector<std::string>(memberships.begin(), memberships.end())) } });
    return json { { "relations", sortedValues(relations) }, { "types", sortedValues(types) }, { "individuals", people } };
}

json TurnVocabulary::vocabulary(const Kb &kb, const QString &) const
{
    return turnVocabulary(m_knowledgeBaseOf(kb));
}

} // namespace fanva::lang::nibli

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/score.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace fanva::lang {

namespace {

/// profile(i): the predicates P of the one-place facts (P i) among `statements`.
using Profiles = std::map<QString, std::set<QString>>;

Profiles profiles(const Language &language, const Kb *kb, const std::vector<const Statement *> &statements)
{
    Profiles out;
    for (const Statement *s : statements) {
        if (const std::optional<OneArgumentFact> fact = language.oneArgumentFact(kb, *s))
            out[fact->individual].insert(fact->predicate);
    }
    return out;
}

ScoreCounts countsFor(const std::set<std::string> &gold, const std::set<std::string> &candidates, const Kb *kb, const QString &target)
{
    ScoreCounts counts;
    counts.gold = int(gold.size());
    counts.candidates = int(candidates.size());
    for (const std::string &key : candidates) {
        if (gold.contains(key))
            ++counts.hits;
        else if (kb && kb->isStored(key, target))
            ++counts.known;
    }
    return counts;
}

double ratio(int numerator, int denominator)
{
    return denominator > 0 ? double(numerator) / double(denominator) : 0.0;
}

nlohmann::json countsToJson(const ScoreCounts &counts)
{
    return { { "hits", counts.hits }, { "candidates", counts.candidates }, { "known", counts.known }, { "gold", counts.gold },
        { "precision", counts.precision() }, { "recall", counts.recall() }, { "f1", counts.f1() } };
}

} // namespace

double ScoreCounts::precision() const
{
    return ratio(hits, candidates - known);
}

double ScoreCounts::recall() const
{
    return ratio(hits, gold);
}

double ScoreCounts::f1() const
{
    const double p = precision();
    const double r = recall();
    return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
}

ScoreCounts &ScoreCounts::operator+=(const ScoreCounts &other)
{
    hits += other.hits;
    candidates += other.candidates;
    known += other.known;
    gold += other.gold;
    return *this;
}

ScoreResult score(
    const Language &language, const Kb *kb, const QString &target, std::span<const Statement> gold, std::span<const Statement> candidates)
{
    std::vector<const Statement *> goldStatements;
    std::set<std::string> goldKeys;
    for (const Statement &g : gold) {
        if (language.isScored(g, true) && goldKeys.insert(language.key(kb, g)).second)
            goldStatements.push_back(&g);
    }
    std::vector<const Statement *> candidateStatements;
    std::set<std::string> candidateKeys;
    for (const Statement &c : candidates) {
        if (language.isScored(c, false)) {
            candidateStatements.push_back(&c);
            candidateKeys.insert(language.key(kb, c));
        }
    }

    ScoreResult result;
    result.strict = countsFor(goldKeys, candidateKeys, kb, target);

    // Alignment: introduced candidate individuals onto gold individuals by shared profile.
    std::set<QString> goldIndividuals;
    for (const Statement *g : goldStatements) {
        for (const QString &individual : language.individuals(*g))
            goldIndividuals.insert(individual);
    }
    const Profiles goldProfiles = profiles(language, kb, goldStatements);
    const Profiles candidateProfiles = profiles(language, kb, candidateStatements);
    struct Pair {
        std::size_t overlap;
        std::string g; ///< UTF-8: the order is bytewise
        std::string c;
        QString gold;
        QString candidate;
    };
    std::vector<Pair> pairs;
    for (const auto &[c, cProfile] : candidateProfiles) {
        if (goldIndividuals.contains(c) || (kb && language.findTerm(*kb, c, target) != lang::TermRole::None))
            continue;
        for (const auto &[g, gProfile] : goldProfiles) {
            if (g == c)
                continue;
            std::size_t overlap = 0;
            for (const QString &p : cProfile)
                overlap += gProfile.count(p);
            if (overlap > 0)
                pairs.push_back(Pair { overlap, g.toStdString(), c.toStdString(), g, c });
        }
    }
    std::sort(pairs.begin(), pairs.end(), [](const Pair &a, const Pair &b) {
        if (a.overlap != b.overlap)
            return a.overlap > b.overlap;
        if (a.g != b.g)
            return a.g < b.g;
        return a.c < b.c;
    });
    std::map<QString, QString> rho;
    std::set<QString> takenGold;
    for (const Pair &pair : pairs) {
        if (rho.contains(pair.candidate) || takenGold.contains(pair.gold))
            continue;
        rho.emplace(pair.candidate, pair.gold);
        takenGold.insert(pair.gold);
    }
    result.renaming.assign(rho.begin(), rho.end()); // sorted by candidate name

    std::set<std::string> alignedKeys;
    for (const Statement *c : candidateStatements)
        alignedKeys.insert(language.key(kb, rho.empty() ? *c : language.renamed(kb, *c, rho)));
    result.aligned = countsFor(goldKeys, alignedKeys, kb, target);
    for (const std::string &key : goldKeys) {
        if (!alignedKeys.contains(key))
            result.missing << QString::fromStdString(key);
    }
    for (const std::string &key : alignedKeys) {
        if (!goldKeys.contains(key) && !(kb && kb->isStored(key, target)))
            result.spurious << QString::fromStdString(key);
    }
    return result;
}

void accumulate(ScoreResult &total, const ScoreResult &document)
{
    total.strict += document.strict;
    total.aligned += document.aligned;
    total.renaming.insert(total.renaming.end(), document.renaming.begin(), document.renaming.end());
    total.missing += document.missing;
    total.spurious += document.spurious;
}

nlohmann::json scoreToJson(const ScoreResult &result)
{
    nlohmann::json renaming = nlohmann::json::object();
    for (const auto &[from, to] : result.renaming)
        renaming[from.toStdString()] = to.toStdString();
    nlohmann::json missing = nlohmann::json::array();
    for (const QString &key : result.missing)
        missing.push_back(key.toStdString());
    nlohmann::json spurious = nlohmann::json::array();
    for (const QString &key : result.spurious)
        spurious.push_back(key.toStdString());
    return { { "strict", countsToJson(result.strict) }, { "aligned", countsToJson(result.aligned) }, { "renaming", renaming },
        { "missing", missing }, { "spurious", spurious } };
}

} // namespace fanva::lang

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

formalize::ScoreCounts countsFor(
    const std::set<std::string> &gold, const std::set<std::string> &candidates, const Kb *kb, const QString &target)
{
    formalize::ScoreCounts counts;
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

} // namespace

formalize::ScoreResult score(
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

    formalize::ScoreResult result;
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

} // namespace fanva::lang

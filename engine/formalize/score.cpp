// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/score.h"

#include "kb/canonical.h"
#include "kb/roles.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace fanva::formalize {

namespace {

using Profiles = std::map<kb::SymbolId, std::set<kb::SymbolId>>;

// profile(i): the functors P with a top-level (P i) in the set.
Profiles profiles(std::span<const kb::Term> sentences)
{
    Profiles out;
    for (kb::Term s : sentences) {
        if (s.isList() && s.size() == 2 && s[0].isSymbol() && s[1].isSymbol() && kb::isIndividualName(s[1].name()))
            out[s[1].symbol()].insert(s[0].symbol());
    }
    return out;
}

bool isGoldSentence(kb::Term term)
{
    return !term.isForm(kb::sym::comment) && !term.isForm(kb::sym::genlCx);
}

ScoreCounts countsFor(const std::set<std::string> &gold, const std::set<std::string> &candidates, const ScoreOptions &options)
{
    ScoreCounts counts;
    counts.gold = int(gold.size());
    counts.candidates = int(candidates.size());
    for (const std::string &key : candidates) {
        if (gold.count(key))
            ++counts.hits;
        else if (options.isStored && options.isStored(key))
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

std::uint32_t renamedSymbols(kb::TermArena &arena, kb::Term term, const std::unordered_map<kb::SymbolId, kb::SymbolId> &rho, int depth)
{
    if (term.isSymbol()) {
        const auto it = rho.find(term.symbol());
        return arena.addSymbol(it == rho.end() ? term.symbol() : it->second);
    }
    if (!term.isCompound() || depth > kb::maxDepth)
        return arena.copy(term);
    std::vector<std::uint32_t> children;
    children.reserve(term.size());
    for (std::uint32_t i = 0; i < term.size(); ++i)
        children.push_back(renamedSymbols(arena, term[i], rho, depth + 1));
    return arena.addCompound(term.kind(), children);
}

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

ScoreResult score(std::span<const kb::Term> goldTerms, std::span<const kb::Term> candidateTerms, const ScoreOptions &options)
{
    std::vector<kb::Term> gold;
    std::set<std::string> goldKeys;
    for (kb::Term g : goldTerms) {
        if (isGoldSentence(g) && goldKeys.insert(kb::canonicalKey(g, options.symmetric)).second)
            gold.push_back(g);
    }
    std::set<std::string> candidateKeys;
    for (kb::Term c : candidateTerms)
        candidateKeys.insert(kb::canonicalKey(c, options.symmetric));

    ScoreResult result;
    result.strict = countsFor(goldKeys, candidateKeys, options);

    // Alignment: introduced candidate individuals onto gold individuals by shared profile.
    std::set<kb::SymbolId> goldSymbols;
    for (kb::Term g : gold)
        kb::collectIndividuals(g, goldSymbols);
    std::set<kb::SymbolId> candidateSymbols;
    for (kb::Term c : candidateTerms)
        kb::collectIndividuals(c, candidateSymbols);
    const Profiles goldProfiles = profiles(gold);
    const Profiles candidateProfiles = profiles(candidateTerms);

    struct Pair {
        std::size_t overlap;
        std::string_view g;
        std::string_view c;
        kb::SymbolId gid;
        kb::SymbolId cid;
    };
    std::vector<Pair> pairs;
    for (const auto &[c, cProfile] : candidateProfiles) {
        if (goldSymbols.count(c) || (options.isKnownSymbol && options.isKnownSymbol(c)))
            continue;
        for (const auto &[g, gProfile] : goldProfiles) {
            if (g == c)
                continue;
            std::size_t overlap = 0;
            for (kb::SymbolId p : cProfile)
                overlap += gProfile.count(p);
            if (overlap > 0)
                pairs.push_back(Pair { overlap, kb::symbolName(g), kb::symbolName(c), g, c });
        }
    }
    std::sort(pairs.begin(), pairs.end(), [](const Pair &a, const Pair &b) {
        if (a.overlap != b.overlap)
            return a.overlap > b.overlap;
        if (a.g != b.g)
            return a.g < b.g;
        return a.c < b.c;
    });
    std::unordered_map<kb::SymbolId, kb::SymbolId> rho;
    std::set<kb::SymbolId> takenGold;
    for (const Pair &pair : pairs) {
        if (rho.count(pair.cid) || takenGold.count(pair.gid))
            continue;
        rho.emplace(pair.cid, pair.gid);
        takenGold.insert(pair.gid);
    }
    for (const auto &[c, g] : rho)
        result.renaming.emplace_back(kb::symbolString(c), kb::symbolString(g));
    std::sort(result.renaming.begin(), result.renaming.end());

    std::set<std::string> alignedKeys;
    for (kb::Term c : candidateTerms) {
        kb::TermArena arena;
        const kb::Term renamedTerm = arena.term(renamedSymbols(arena, c, rho));
        alignedKeys.insert(kb::canonicalKey(renamedTerm, options.symmetric));
    }
    result.aligned = countsFor(goldKeys, alignedKeys, options);
    for (const std::string &key : goldKeys) {
        if (!alignedKeys.count(key))
            result.missing << QString::fromStdString(key);
    }
    for (const std::string &key : alignedKeys) {
        if (!goldKeys.count(key) && !(options.isStored && options.isStored(key)))
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

} // namespace fanva::formalize

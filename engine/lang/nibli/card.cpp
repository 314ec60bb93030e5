// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/card.h"

#include "lang/nibli/checks.h"

#include <set>

namespace fanva::lang::nibli {

namespace {

/// est(x) = ceil(UTF-8 bytes / 3.5), formalize.md's estimate (as llm::estimateTokens).
int estimate(std::string_view text)
{
    return static_cast<int>((2 * static_cast<int64_t>(text.size()) + 6) / 7);
}

std::string predicateLine(const Entry &e)
{
    std::string line = "- `" + e.name + "(" + e.labelList() + ")`";
    std::string reading;
    if (!e.reading.empty()) {
        reading = e.reading;
        for (size_t k = e.places.size(); k >= 1; --k) {
            const std::string mark = "{x" + std::to_string(k) + "}";
            for (size_t at = reading.find(mark); at != std::string::npos; at = reading.find(mark, at))
                reading.replace(at, mark.size(), e.places[k - 1]);
        }
    } else if (!e.declared) {
        reading = e.gloss;
    }
    if (!reading.empty())
        line += " — " + reading;
    if (!e.converseOf.empty())
        line += " [converse of " + e.converseOf + "]";
    return line;
}

/// Takes lines while they fit `budget`; the first misfit ends the block.
int fit(const std::vector<std::string> &lines, double budget, double &spent)
{
    int taken = 0;
    for (const std::string &line : lines) {
        const int cost = estimate(line) + 1;
        if (spent + cost > budget)
            break;
        spent += cost;
        ++taken;
    }
    return taken;
}

std::string block(const std::string &title, const std::string &lead, const std::vector<std::string> &lines, int taken, const char *noun)
{
    std::string out = "### " + title + "\n\n" + lead + "\n";
    for (int i = 0; i < taken; ++i)
        out += lines[static_cast<size_t>(i)] + "\n";
    if (static_cast<size_t>(taken) < lines.size())
        out += "_… and " + std::to_string(lines.size() - static_cast<size_t>(taken)) + " further " + noun + " not listed._\n";
    return out;
}

/// The KB's statement indexes, target file first, then the others in path order.
std::vector<size_t> targetFirst(const KnowledgeBase &kb, const QString &target)
{
    std::vector<size_t> order;
    for (size_t i = 0; i < kb.statements().size(); ++i)
        if (kb.statements()[i].file == target)
            order.push_back(i);
    for (size_t i = 0; i < kb.statements().size(); ++i)
        if (kb.statements()[i].file != target)
            order.push_back(i);
    return order;
}

} // namespace

TermRole findTerm(const KnowledgeBase *kb, const Vocabulary &vocabulary, std::string_view spelling)
{
    if (vocabulary.find(spelling) != nullptr)
        return TermRole::Predicate;
    if (kb != nullptr && !kb->withName(spelling).empty())
        return TermRole::Individual;
    return TermRole::None;
}

std::vector<std::string> profile(const KnowledgeBase &kb, std::string_view name)
{
    std::vector<std::string> heads;
    for (const size_t i : kb.withName(name)) {
        const std::optional<OneArgumentFact> fact = oneArgumentFact(kb.statements()[i].statement);
        if (!fact || fact->name != name)
            continue;
        if (std::find(heads.begin(), heads.end(), fact->head) == heads.end())
            heads.push_back(fact->head);
    }
    return heads;
}

Card card(
    const KnowledgeBase *kb, const Vocabulary &vocabulary, const std::vector<std::string> &resolved, const QString &target, int cardTokens)
{
    Card out;
    std::set<std::string, std::less<>> seen;
    const auto addPredicate = [&](const std::string &word) {
        if (vocabulary.find(word) != nullptr && seen.insert(word).second)
            out.predicates.push_back(word);
    };
    std::set<std::string, std::less<>> seenNames;
    const auto addName = [&](const std::string &name) {
        if (seenNames.insert(name).second)
            out.names.push_back(name);
    };
    for (const std::string &word : resolved) {
        if (findTerm(kb, vocabulary, word) == TermRole::Predicate)
            addPredicate(word);
        else if (findTerm(kb, vocabulary, word) == TermRole::Individual)
            addName(word);
    }
    if (kb != nullptr) {
        for (const size_t i : targetFirst(*kb, target)) {
            for (const std::string &head : headsOf(kb->statements()[i].statement))
                addPredicate(head);
            for (const std::string &name : namesOf(kb->statements()[i].statement))
                addName(name);
        }
    }
    for (const Entry &e : vocabulary.lexicon().entries())
        if (!e.reading.empty())
            addPredicate(e.name);

    std::vector<std::string> predicateLines;
    for (const std::string &word : out.predicates)
        predicateLines.push_back(predicateLine(*vocabulary.find(word)));
    std::vector<std::string> nameLines;
    for (const std::string &name : out.names) {
        std::string line = "- `" + name + "`";
        if (kb != nullptr) {
            const auto heads = profile(*kb, name);
            for (size_t i = 0; i < heads.size(); ++i)
                line += (i == 0 ? " : " : ", ") + heads[i];
        }
        nameLines.push_back(line);
    }

    const double budget = cardTokens;
    double spent = 0;
    const int predicatesTaken = fit(predicateLines, budget * 0.85, spent);
    const int namesTaken = fit(nameLines, budget, spent);
    out.cutPredicates = static_cast<int>(predicateLines.size()) - predicatesTaken;
    out.cutNames = static_cast<int>(nameLines.size()) - namesTaken;
    out.predicates.resize(static_cast<size_t>(predicatesTaken));
    out.names.resize(static_cast<size_t>(namesTaken));

    if (!predicateLines.empty())
        out.text += block("Predicates you may use",
            "Each line: `name(places)` — reading. Only these words are predicates; any other word is refused. Put specifics in the places.",
            predicateLines, predicatesTaken, "predicates");
    if (!nameLines.empty())
        out.text += (out.text.empty() ? "" : "\n") + block("Names already used", "Use these spellings.", nameLines, namesTaken, "names");
    if (out.isCut())
        out.text += "\n_This card was cut to fit the model's window. A name missing here may still exist: prefer a listed one, and say in "
                    "notes whenever you coin a name._\n";
    out.tokens = estimate(out.text);
    return out;
}

} // namespace fanva::lang::nibli

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/coined.h"

#include "kb/knowledgebase.h"
#include "kb/roles.h"

#include <map>
#include <set>

namespace fanva::lang::fanvakb {

CoinedReport coinedVocabulary(const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<CoinedInput> &entries)
{
    const kb::Scope scope { context, kb::noKey };
    CoinedReport report;
    std::map<std::string_view, CoinedFunctor> coined;
    std::set<kb::SymbolId> individuals;
    for (const CoinedInput &entry : entries) {
        kb::collectIndividuals(entry.sentence, individuals);
        for (const kb::Literal &literal : kb::literals(entry.sentence)) {
            const kb::Term term = literal.term;
            ++report.literals;
            const kb::SymbolId functor = term.functorSymbol();
            if (functor == kb::noSymbol || functor < kb::sym::endOfBuiltins || kb.findTerm(functor, scope).used) {
                ++report.reused;
                continue;
            }
            const int arity = int(term.size()) - 1;
            CoinedFunctor::Role role = CoinedFunctor::Role::Relation;
            if (arity == 1)
                role = kb::isTypeName(term.functor().name()) ? CoinedFunctor::Role::Type : CoinedFunctor::Role::Property;
            ++report.coined;
            switch (role) {
            case CoinedFunctor::Role::Type:
                ++report.types;
                break;
            case CoinedFunctor::Role::Property:
                ++report.properties;
                break;
            case CoinedFunctor::Role::Relation:
                ++report.relations;
                break;
            }
            auto [it, inserted] = coined.try_emplace(term.functor().name());
            if (inserted)
                it->second = CoinedFunctor { kb::symbolString(functor), arity, role, {} };
            if (!it->second.entries.contains(entry.id))
                it->second.entries << entry.id;
        }
    }
    for (kb::SymbolId individual : individuals) {
        if (!kb.findTerm(individual, scope).used)
            ++report.introduced;
    }
    for (auto &[name, functor] : coined)
        report.functors.push_back(std::move(functor));
    return report;
}

} // namespace fanva::lang::fanvakb

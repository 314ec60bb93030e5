// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/rulesturn.h"

#include "formalize/turnframe.h"

#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kb/symbol.h"

#include <algorithm>
#include <string>

namespace fanva::lang::fanvakb {

using nlohmann::json;

namespace {

std::string nameOf(kb::SymbolId s)
{
    return std::string(kb::symbolName(s));
}

std::string commentOf(const kb::KnowledgeBase &kb, kb::SymbolId s, const kb::Scope &scope)
{
    const std::vector<kb::SentenceId> ids = kb.comments(s, scope);
    return ids.empty() ? std::string() : std::string(kb.sentence(ids.front()).term[2].text());
}

} // namespace

json rulesTurnVocabulary(const kb::KnowledgeBase &kb, const QString &context)
{
    const QByteArray contextName = context.toUtf8();
    const kb::SymbolId cx
        = kb::findSymbol(std::string_view(contextName.constData(), std::size_t(contextName.size()))).value_or(kb::noSymbol);
    const kb::Scope scope { cx, kb::noKey };

    std::vector<std::pair<std::string, json>> relations, types, individuals;
    for (const kb::SymbolId s : kb.symbols()) {
        const kb::TermUsage usage = kb.findTerm(s, scope);
        if (!usage.used)
            continue;
        const std::string name = nameOf(s);
        const std::optional<kb::Arity> arity = kb.arityOf(s, scope);
        if (arity && arity->count >= 1 && arity->count <= 3 && !arity->variableArity) {
            json args = json::array();
            json kinds = json::array();
            const std::vector<kb::ArgConstraint> constraints = kb.argConstraints(s, scope);
            for (int i = 1; i <= arity->count; ++i) {
                std::string type, kind;
                for (const kb::ArgConstraint &c : constraints) {
                    if (c.position == i && type.empty()) {
                        type = nameOf(c.type);
                        kind = c.kind == kb::ArgConstraint::Kind::GenlArg ? "genlArg" : "arg";
                    }
                }
                args.push_back(type);
                kinds.push_back(kind);
            }
            relations.emplace_back(name,
                json { { "name", name }, { "arity", arity->count }, { "args", args }, { "argKinds", kinds },
                    { "comment", commentOf(kb, s, scope) } });
        } else if (!arity && kb::isTypeName(name) && s != kb::sym::thing && usage.role != kb::Role::Individual) {
            json genls = json::array();
            for (const kb::SymbolId g : kb.genls(s, scope))
                genls.push_back(nameOf(g));
            types.emplace_back(name, json { { "name", name }, { "genls", genls }, { "comment", commentOf(kb, s, scope) } });
        } else if (kb::isIndividualName(name)) {
            json member = json::array();
            for (const kb::SymbolId t : kb.memberships(s, scope))
                member.push_back(nameOf(t));
            individuals.emplace_back(name, json { { "name", name }, { "types", member } });
        }
    }
    const auto sorted = [](std::vector<std::pair<std::string, json>> &items) {
        std::sort(items.begin(), items.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        json out = json::array();
        for (auto &item : items)
            out.push_back(std::move(item.second));
        return out;
    };
    return json { { "relations", sorted(relations) }, { "types", sorted(types) }, { "individuals", sorted(individuals) } };
}

json rulesTurn(const kb::KnowledgeBase &kb, const QString &context, const QByteArray &document, const std::vector<Segment> &segments,
    const std::vector<int> &focus)
{
    return formalize::structuredTurn(QStringLiteral("fanva-kb"), context, document, segments, focus, rulesTurnVocabulary(kb, context));
}

} // namespace fanva::lang::fanvakb

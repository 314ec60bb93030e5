// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/roles.h"

#include "enumnames.h"

#include <algorithm>
#include <array>
#include <mutex>

namespace fanva::kb {

namespace {

bool isLower(char c)
{
    return c >= 'a' && c <= 'z';
}

bool isUpper(char c)
{
    return c >= 'A' && c <= 'Z';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isAlnum(char c)
{
    return isLower(c) || isUpper(c) || isDigit(c);
}

std::string_view namespaceOf(std::string_view name)
{
    const std::size_t slash = name.find('/');
    return slash == std::string_view::npos || name.size() == 1 ? std::string_view() : name.substr(0, slash);
}

// The part of the spelling the role regexes read: the name after any namespace. The lex
// and cx namespaces decide the role themselves, so their symbols match no other test.
std::string_view localName(std::string_view name)
{
    const std::string_view ns = namespaceOf(name);
    if (ns == "lex" || ns == "cx")
        return {};
    const std::size_t slash = name.find('/');
    return slash == std::string_view::npos || name.size() == 1 ? name : name.substr(slash + 1);
}

bool allOf(std::string_view text, bool (*pred)(char))
{
    return std::all_of(text.begin(), text.end(), pred);
}

} // namespace

bool isLexemeName(std::string_view name)
{
    return namespaceOf(name) == "lex";
}

bool isContextName(std::string_view name)
{
    if (namespaceOf(name) == "cx")
        return true;
    const std::string_view local = localName(name);
    return local.size() >= 3 && local[0] == 'C' && local[1] == 'x' && isUpper(local[2]) && allOf(local.substr(3), isAlnum);
}

bool isIndividualName(std::string_view name)
{
    const std::string_view local = localName(name);
    return !local.empty() && isUpper(local[0]) && allOf(local.substr(1), isAlnum) && !isContextName(name);
}

bool isPredicateName(std::string_view name)
{
    const std::string_view local = localName(name);
    return !local.empty() && isLower(local[0]) && allOf(local.substr(1), isAlnum);
}

bool isSenseName(std::string_view name)
{
    // [a-z._][a-z0-9_'.+=&:*>#-]*-[a-z0-9][a-z0-9_']* ; the suffix holds no '-', so the
    // split is at the last '-'.
    const std::string_view local = localName(name);
    const std::size_t dash = local.rfind('-');
    if (dash == std::string_view::npos || dash == 0 || dash + 1 >= local.size())
        return false;
    const char first = local[0];
    if (!(isLower(first) || first == '.' || first == '_'))
        return false;
    const auto prefixChar
        = [](char c) { return isLower(c) || isDigit(c) || std::string_view("_'.+=&:*>#-").find(c) != std::string_view::npos; };
    if (!std::all_of(local.begin() + 1, local.begin() + std::ptrdiff_t(dash), prefixChar))
        return false;
    const char suffixFirst = local[dash + 1];
    if (!(isLower(suffixFirst) || isDigit(suffixFirst)))
        return false;
    return std::all_of(
        local.begin() + std::ptrdiff_t(dash) + 2, local.end(), [](char c) { return isLower(c) || isDigit(c) || c == '_' || c == '\''; });
}

bool isTypeName(std::string_view name)
{
    const std::string_view local = localName(name);
    const bool snake
        = !local.empty() && isLower(local[0]) && allOf(local.substr(1), [](char c) { return isLower(c) || isDigit(c) || c == '_'; });
    return snake || isSenseName(name);
}

Role nameRole(std::string_view name)
{
    if (name.empty())
        return Role::None;
    if (name[0] == '?' || name == "_")
        return Role::Variable;
    if (isLexemeName(name))
        return Role::Lexeme;
    if (isContextName(name))
        return Role::Context;
    if (isIndividualName(name))
        return Role::Individual;
    if (isPredicateName(name))
        return Role::Predicate;
    if (isSenseName(name))
        return Role::Sense;
    if (isTypeName(name))
        return Role::Type;
    return Role::None;
}

Role symbolRole(SymbolId id)
{
    return nameRole(symbolName(id));
}

std::vector<Role> symbolRoles(std::size_t bound)
{
    static std::mutex mutex;
    static std::vector<Role> known { Role::None };
    const std::lock_guard lock(mutex);
    for (std::size_t id = known.size(); id < bound; ++id)
        known.push_back(symbolRole(SymbolId(id)));
    return std::vector<Role>(known.begin(), known.begin() + std::ptrdiff_t(std::min(bound, known.size())));
}

Role termRole(Term term)
{
    if (term.isNull())
        return Role::None;
    switch (term.kind()) {
    case TermKind::Variable:
    case TermKind::Anonymous:
        return Role::Variable;
    case TermKind::Integer:
    case TermKind::Decimal:
        return Role::Number;
    case TermKind::String:
        return Role::String;
    case TermKind::Symbol:
        return symbolRole(term.symbol());
    case TermKind::Dot:
    case TermKind::List:
    case TermKind::Vector:
        break;
    }
    return Role::None;
}

constexpr std::array s_literalRoleNames {
    EnumName { LiteralRole::Sentence, QLatin1StringView("sentence") },
    EnumName { LiteralRole::Antecedent, QLatin1StringView("rule antecedent") },
    EnumName { LiteralRole::Consequent, QLatin1StringView("rule consequent") },
    EnumName { LiteralRole::Exception, QLatin1StringView("exceptWhen exception") },
};

QLatin1StringView literalRoleName(LiteralRole role)
{
    return enumName(s_literalRoleNames, role);
}

namespace {

// The frames of §3's literal walk. `visitIst` sees the X of each (ist X S) passed.
template<typename OnLiteral, typename OnIst>
void walk(Term term, LiteralRole role, int depth, const OnLiteral &onLiteral, const OnIst &onIst)
{
    if (depth > maxDepth || term.isNull())
        return;
    if (term.isVector()) {
        for (std::uint32_t i = 0; i < term.size(); ++i)
            walk(term.at(i), role, depth + 1, onLiteral, onIst);
        return;
    }
    const SymbolId head = term.functorSymbol();
    const std::uint32_t n = term.size();
    if ((head == sym::not_ || head == sym::and_ || isRuleWrapper(head)) && n >= 2) {
        for (std::uint32_t i = 1; i < n; ++i)
            walk(term.at(i), role, depth + 1, onLiteral, onIst);
        return;
    }
    if (head == sym::implies && n == 3) {
        walk(term.at(1), LiteralRole::Antecedent, depth + 1, onLiteral, onIst);
        walk(term.at(2), LiteralRole::Consequent, depth + 1, onLiteral, onIst);
        return;
    }
    if (head == sym::exceptWhen && n == 3) {
        walk(term.at(1), LiteralRole::Exception, depth + 1, onLiteral, onIst);
        walk(term.at(2), role, depth + 1, onLiteral, onIst);
        return;
    }
    if (head == sym::ist && n == 3) {
        onIst(term.at(1));
        walk(term.at(2), role, depth + 1, onLiteral, onIst);
        return;
    }
    if (head == sym::unknown && n == 2) {
        walk(term.at(1), role, depth + 1, onLiteral, onIst);
        return;
    }
    if ((head == sym::thereExists || head == sym::exists) && n == 3) {
        walk(term.at(2), role, depth + 1, onLiteral, onIst);
        return;
    }
    if (isAggregate(head) && n == 4) {
        walk(term.at(3), role, depth + 1, onLiteral, onIst);
        return;
    }
    onLiteral(Literal { role, term });
}

} // namespace

std::vector<Literal> literals(Term sentence)
{
    std::vector<Literal> result;
    walk(
        sentence, LiteralRole::Sentence, 1, [&result](const Literal &literal) { result.push_back(literal); }, [](Term) {});
    return result;
}

std::vector<Term> istSlots(Term sentence)
{
    std::vector<Term> result;
    walk(
        sentence, LiteralRole::Sentence, 1, [](const Literal &) {}, [&result](Term slot) { result.push_back(slot); });
    return result;
}

namespace {

void collectIndividualsAt(Term term, std::set<SymbolId> &out, int depth)
{
    if (depth > maxDepth || term.isNull())
        return;
    if (term.isSymbol() && isIndividualName(term.name()))
        out.insert(term.symbol());
    for (std::uint32_t i = 0; i < term.size(); ++i)
        collectIndividualsAt(term[i], out, depth + 1);
}

} // namespace

void collectIndividuals(Term term, std::set<SymbolId> &out)
{
    collectIndividualsAt(term, out, 0);
}

} // namespace fanva::kb

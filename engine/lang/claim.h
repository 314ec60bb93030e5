// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <utility>
#include <vector>

namespace fanva::lang {

/// A term of a claim: a thing the KB names, a variable, a number, or a type said of as a
/// whole (the arguments of a relation between kinds: "Penguins eat fish").
struct ClaimTerm {
    enum class Kind { Individual, Variable, Number, Type };
    Kind kind = Kind::Individual;
    /// The individual's name, the variable's name without a sigil ("x"), the number as written,
    /// or the type's name.
    QString text;

    [[nodiscard]] static ClaimTerm individual(const QString &name) { return { Kind::Individual, name }; }
    [[nodiscard]] static ClaimTerm variable(const QString &name) { return { Kind::Variable, name }; }
    [[nodiscard]] static ClaimTerm number(const QString &text) { return { Kind::Number, text }; }
    [[nodiscard]] static ClaimTerm type(const QString &name) { return { Kind::Type, name }; }

    friend bool operator==(const ClaimTerm &, const ClaimTerm &) = default;
};

/// What a drafter says a sentence claims, independent of any KB language's syntax
/// (docs/spec/rules.md §3): a small tree each language writes through its ClaimWriter.
struct Claim {
    enum class Kind {
        Predication, ///< `name` holds of `arguments`: a relation, or membership in a type
        Not, ///< parts[0] is false
        And, ///< every part holds
        Implies, ///< parts[0] implies parts[1] (free variables: for all)
        Exists, ///< some arguments[0] (a variable) makes parts[0] hold
        Generalisation, ///< every member of the type `name` is a member of the type `broader`
        DefaultRule, ///< parts[0] holds unless an exception says otherwise
        Exception, ///< the default rule parts[1] does not apply where parts[0] holds
    };
    Kind kind = Kind::Predication;
    QString name; ///< Predication: the relation or type; Generalisation: the narrower type
    QString broader; ///< Generalisation: the broader type
    std::vector<ClaimTerm> arguments;
    std::vector<Claim> parts;

    [[nodiscard]] static Claim predication(const QString &name, std::vector<ClaimTerm> arguments)
    {
        Claim c;
        c.name = name;
        c.arguments = std::move(arguments);
        return c;
    }
    [[nodiscard]] static Claim negation(Claim claim) { return compound(Kind::Not, { std::move(claim) }); }
    [[nodiscard]] static Claim conjunction(std::vector<Claim> claims) { return compound(Kind::And, std::move(claims)); }
    [[nodiscard]] static Claim implication(Claim condition, Claim conclusion)
    {
        return compound(Kind::Implies, { std::move(condition), std::move(conclusion) });
    }
    [[nodiscard]] static Claim existence(const QString &variable, Claim body)
    {
        Claim c = compound(Kind::Exists, { std::move(body) });
        c.arguments = { ClaimTerm::variable(variable) };
        return c;
    }
    [[nodiscard]] static Claim generalisation(const QString &narrower, const QString &broader)
    {
        Claim c;
        c.kind = Kind::Generalisation;
        c.name = narrower;
        c.broader = broader;
        return c;
    }
    [[nodiscard]] static Claim defaultRule(Claim rule) { return compound(Kind::DefaultRule, { std::move(rule) }); }
    [[nodiscard]] static Claim exception(Claim condition, Claim defaultRule)
    {
        return compound(Kind::Exception, { std::move(condition), std::move(defaultRule) });
    }

    friend bool operator==(const Claim &, const Claim &) = default;

private:
    [[nodiscard]] static Claim compound(Kind kind, std::vector<Claim> parts)
    {
        Claim c;
        c.kind = kind;
        c.parts = std::move(parts);
        return c;
    }
};

} // namespace fanva::lang

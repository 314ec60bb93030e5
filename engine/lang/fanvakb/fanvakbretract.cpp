// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/fanvakbretract.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/writer.h"
#include "lang/fanvakb/rewrite.h"

#include <QFileInfo>

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

namespace fanva::lang {

namespace {

/// How many dependents the note names before it gives a count.
constexpr std::size_t s_namedDependents = 3;

/// The built-ins that declare something about their first argument (kb-language.md §4); `comment`
/// documents it. A sentence of these is a declaration, never a use.
bool isDeclaration(std::string_view functor)
{
    static constexpr std::array<std::string_view, 28> s_declarations { "genl", "disjoint", "disjointMetatype", "siblingDisjoint",
        "siblingDisjointException", "unaryPredicate", "binaryPredicate", "ternaryPredicate", "arity", "variableArity", "arg", "genlArg",
        "quotedArg", "interArg", "inverse", "symmetric", "asymmetric", "irreflexive", "functional", "transitive", "reflexive",
        "antiSymmetric", "antiTransitive", "equivalenceRelation", "transitiveInArg", "transitiveInArgInverse", "comment", "genlCx" };
    return std::find(s_declarations.begin(), s_declarations.end(), functor) != s_declarations.end();
}

/// One kept sentence that uses a removed declaration.
struct Dependent {
    QString text;
    QString file;
    int line = 0;
    friend bool operator<(const Dependent &a, const Dependent &b)
    {
        return std::tie(a.file, a.line, a.text) < std::tie(b.file, b.line, b.text);
    }
};

/// What one retraction's check needs: the KB, the removed sentences' context, and how to tell a removed sentence.
struct Retraction {
    const kb::KnowledgeBase &kb;
    kb::SymbolId context = kb::noSymbol;
    QString path;
    std::set<std::pair<int, QString>> removed; ///< (line, rendering) in the target file

    [[nodiscard]] bool isRemoved(kb::SentenceId id) const
    {
        const kb::SentenceInfo &s = kb.sentence(id);
        return s.context == context && QFileInfo(kb.fileOf(id)).canonicalFilePath() == path
            && removed.contains({ int(s.term.span().line), kb::render(s.term) });
    }

    [[nodiscard]] Dependent dependent(kb::SentenceId id) const
    {
        const kb::SentenceInfo &s = kb.sentence(id);
        return { kb::render(s.term).simplified(), QFileInfo(kb.fileOf(id)).fileName(), int(s.term.span().line) };
    }
};

/// Kept sentences of contexts that see the declaration's context and use its first argument.
void usesOf(const Retraction &r, kb::Term declaration, std::set<Dependent> &out)
{
    const kb::Term declared = declaration.size() > 1 ? declaration.at(1) : kb::Term();
    if (!declared.isSymbol())
        return;
    // Still declared: the same sentence is stored elsewhere in a context these see.
    const std::string key = r.kb.canonicalKey(declaration);
    for (const kb::SentenceId id : r.kb.lookup(key)) {
        if (!r.isRemoved(id) && r.kb.sees(r.context, r.kb.sentence(id).context))
            return;
    }
    for (const kb::SentenceId id : r.kb.mentioning(declared.symbol())) {
        const kb::SentenceInfo &s = r.kb.sentence(id);
        if (!r.kb.sees(s.context, r.context) || r.isRemoved(id))
            continue;
        const kb::SymbolId functor = s.term.functorSymbol();
        if (functor != kb::noSymbol && isDeclaration(kb::symbolName(functor)))
            continue;
        out.insert(r.dependent(id));
    }
}

/// The symbols of `term` a sentence can take from another context: no built-in, context or literal.
void symbolsOf(kb::Term term, std::set<kb::SymbolId> &out)
{
    if (term.isSymbol()) {
        if (term.symbol() >= kb::sym::endOfBuiltins && kb::symbolRole(term.symbol()) != kb::Role::Context)
            out.insert(term.symbol());
        return;
    }
    for (std::uint32_t i = 0; i < term.size(); ++i)
        symbolsOf(term.at(i), out);
}

std::set<kb::SymbolId> symbolsIn(const kb::KnowledgeBase &kb, const std::vector<kb::SymbolId> &contexts)
{
    std::set<kb::SymbolId> out;
    for (const kb::SymbolId cx : contexts) {
        for (const kb::SentenceId id : kb.sentencesIn(cx))
            symbolsOf(kb.sentence(id).term, out);
    }
    return out;
}

/// What a `genlCx` took away: kept sentences of the context (and of contexts that see it) that
/// use a symbol of a context they no longer see, which no context they still see mentions.
void lostVisibility(
    const Retraction &r, const QByteArray &bytes, const std::vector<formalize::ExistingSentence> &removed, std::set<Dependent> &out)
{
    const std::optional<QByteArray> without = lang::fanvakb::withoutSentences(bytes, removed);
    if (!without)
        return;
    const kb::LoadResult reduced = kb::loadKnowledgeBaseWith(r.kb.root(), { { r.path, *without } });
    if (!reduced.ok())
        return;
    std::vector<kb::SymbolId> contexts = r.kb.seenBy(r.context);
    contexts.push_back(r.context);
    for (const kb::SymbolId cx : contexts) {
        const std::vector<kb::SymbolId> before = r.kb.visibleContexts(cx);
        std::vector<kb::SymbolId> still = reduced.kb->visibleContexts(cx);
        std::vector<kb::SymbolId> lost;
        std::copy_if(before.begin(), before.end(), std::back_inserter(lost),
            [&](kb::SymbolId c) { return std::find(still.begin(), still.end(), c) == still.end(); });
        if (lost.empty())
            continue;
        std::erase(still, cx);
        const std::set<kb::SymbolId> seen = symbolsIn(*reduced.kb, still);
        std::set<kb::SymbolId> gone;
        for (const kb::SymbolId symbol : symbolsIn(r.kb, lost)) {
            if (!seen.contains(symbol))
                gone.insert(symbol);
        }
        for (const kb::SentenceId id : r.kb.sentencesIn(cx)) {
            if (r.isRemoved(id))
                continue;
            std::set<kb::SymbolId> used;
            symbolsOf(r.kb.sentence(id).term, used);
            if (std::any_of(used.begin(), used.end(), [&](kb::SymbolId symbol) { return gone.contains(symbol); }))
                out.insert(r.dependent(id));
        }
    }
}

} // namespace

std::optional<lang::Problem> fanvaKbRetractionWarning(const kb::KnowledgeBase &kb, const QString &context, const QString &path,
    const QByteArray &bytes, const std::vector<formalize::ExistingSentence> &removed,
    const std::vector<formalize::ExistingSentence> &alsoRemoved)
{
    const std::optional<kb::SymbolId> cx = kb::findSymbol(context.toStdString());
    if (!cx || !kb.hasContext(*cx))
        return std::nullopt;
    Retraction r { kb, *cx, QFileInfo(path).canonicalFilePath(), {} };
    std::vector<formalize::ExistingSentence> going = alsoRemoved;
    going.insert(going.end(), removed.begin(), removed.end());
    for (const formalize::ExistingSentence &s : going)
        r.removed.insert({ s.line, s.text });
    QStringList declarations;
    std::set<Dependent> dependents;
    bool genlCx = false;
    for (const formalize::ExistingSentence &s : removed) {
        const kb::SentenceParse parsed = kb::parseSentence(s.text);
        if (!parsed.sentence)
            continue;
        const kb::SymbolId functor = parsed.sentence->term.functorSymbol();
        if (functor == kb::noSymbol || !isDeclaration(kb::symbolName(functor)) || kb::symbolName(functor) == "comment")
            continue;
        const std::size_t before = dependents.size();
        if (kb::symbolName(functor) == "genlCx")
            genlCx = true;
        else
            usesOf(r, parsed.sentence->term, dependents);
        if (dependents.size() > before || kb::symbolName(functor) == "genlCx")
            declarations.append(s.text.simplified());
    }
    if (genlCx)
        lostVisibility(r, bytes, going, dependents);
    if (dependents.empty())
        return std::nullopt;
    QStringList named;
    for (const Dependent &d : dependents) {
        if (std::size_t(named.size()) == s_namedDependents)
            break;
        named.append(QStringLiteral("%1 (%2 line %3)").arg(d.text, d.file).arg(d.line));
    }
    const std::size_t more = dependents.size() - std::size_t(named.size());
    const QString list = named.join(QStringLiteral(", ")) + (more > 0 ? QStringLiteral(", and %1 more").arg(more) : QString());
    const bool one = dependents.size() == 1;
    return lang::Problem { QString(lang::problem::retractDependents),
        QStringLiteral("Retracting %1 takes away a declaration that %2 kept %3 still %4: %5. Retract those too, or keep the declaration.")
            .arg(declarations.join(QStringLiteral(", ")))
            .arg(dependents.size())
            .arg(
                one ? QStringLiteral("sentence") : QStringLiteral("sentences"), one ? QStringLiteral("uses") : QStringLiteral("use"), list),
        std::nullopt };
}

} // namespace fanva::lang

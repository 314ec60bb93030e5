// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/rewrite.h"

#include "formalize/prompts.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/writer.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/inventory.h"

#include <QFileInfo>
#include <QSet>

#include <algorithm>
#include <functional>

namespace fanva::lang::fanvakb {

using formalize::Inventory;
using formalize::RewriteTurnInput;

SentenceSelection selectSentences(const kb::KnowledgeBase &kb, const QByteArray &file, int first, int last)
{
    SentenceSelection out;
    const kb::Document document = kb::parseDocument(file);
    if (document.hasErrors()) {
        out.error = QStringLiteral("the file does not read: %1").arg(document.diagnostics.front().toString());
        return out;
    }
    for (const kb::Term sentence : document.sentences) {
        const int line = int(sentence.span().line);
        if (line < first || line > last)
            continue;
        out.sentences.push_back({ line, kb::render(sentence), QString::fromStdString(kb.canonicalKey(sentence)) });
    }
    if (out.sentences.empty())
        out.error = QStringLiteral("no sentence starts on lines %1–%2").arg(first).arg(last);
    return out;
}

namespace {

/// Every symbol of the selection the KB knows as a type, predicate or individual, as a
/// resolution of its own segment (the card's seeds, rewrite.md §2).
std::vector<Resolution> selectionResolutions(const kb::KnowledgeBase &kb, kb::SymbolId cx, const std::vector<ExistingSentence> &selection)
{
    std::vector<Resolution> out;
    QSet<kb::SymbolId> seen;
    int segment = 0;
    for (const ExistingSentence &s : selection) {
        ++segment;
        const kb::SentenceParse parsed = kb::parseSentence(s.text);
        if (!parsed.sentence)
            continue;
        const std::function<void(kb::Term)> walk = [&](kb::Term t) {
            if (t.isSymbol() && !seen.contains(t.symbol())) {
                seen.insert(t.symbol());
                const kb::TermUsage usage = kb.findTerm(t.symbol(), kb::Scope { cx, kb::noKey });
                if (usage.role == kb::Role::Type || usage.role == kb::Role::Predicate || usage.role == kb::Role::Individual)
                    out.push_back({ segment, 0, 0, kb::symbolString(t.symbol()), t.symbol(), usage.role, kb::symbolString(t.symbol()) });
            }
            for (std::uint32_t i = 0; i < t.size(); ++i)
                walk(t.at(i));
        };
        walk(parsed.sentence->term);
    }
    return out;
}

} // namespace

SessionInput makeRewriteInput(const std::shared_ptr<const kb::KnowledgeBase> &kb, std::shared_ptr<const kb::KnowledgeBase> gateKb,
    const QString &context, const QString &file, const std::vector<ExistingSentence> &selection, const SessionSettings &settings,
    const QString &instruction)
{
    SessionInput input;
    input.kb = fanvaKbOver(std::move(gateKb));
    input.context = context;
    input.document = formalize::rewriteDocument(selection);
    input.documentName = file;
    input.instruction = instruction;
    input.settings = settings.clamped();
    input.rewrite = selection;
    if (!kb)
        return input;
    const kb::SymbolId cx = kb::intern(context.toStdString());
    input.systemPrefix = systemPrefix(*kb, cx);
    RewriteTurnInput turn { selection, context, file, {}, input.settings.maxCandidates, instruction };
    const int withoutCard = formalize::estimateTokens(formalize::rewriteTurn(turn));
    const int available
        = input.settings.contextWindow - input.settings.maxOutputTokens - formalize::estimateTokens(input.systemPrefix) - withoutCard - 64;
    input.cardBudget = std::min(input.settings.cardTokens, available);
    if (input.cardBudget < 200)
        return input;
    const Inventory inventory = buildInventory(*kb, cx, selectionResolutions(*kb, cx, selection), input.cardBudget);
    input.card = inventory.card;
    input.inventoryCut = { { "relations", inventory.cut.relations }, { "types", inventory.cut.types },
        { "individuals", inventory.cut.individuals }, { "structural", inventory.cut.structural } };
    return input;
}

std::shared_ptr<const kb::KnowledgeBase> kbWithout(const std::shared_ptr<const kb::KnowledgeBase> &kb, const QString &path,
    const QByteArray &bytes, const std::vector<ExistingSentence> &removed)
{
    if (!kb || removed.empty())
        return kb;
    const std::optional<QByteArray> without = withoutSentences(bytes, removed);
    if (!without)
        return kb;
    const kb::LoadResult reduced = kb::loadKnowledgeBaseWith(kb->root(), { kb::ContextSource { path, *without } });
    return reduced.ok() ? reduced.kb : kb;
}

SessionInput makeRewriteSessionInput(const std::shared_ptr<const kb::KnowledgeBase> &kb, const QString &context, const QString &path,
    const QByteArray &bytes, const std::vector<ExistingSentence> &selection, const SessionSettings &settings, const QString &instruction)
{
    return makeRewriteInput(
        kb, kbWithout(kb, path, bytes, selection), context, QFileInfo(path).fileName(), selection, settings, instruction);
}

std::optional<QByteArray> withoutSentences(const QByteArray &file, const std::vector<ExistingSentence> &removed)
{
    const kb::Document document = kb::parseDocument(file);
    if (document.hasErrors())
        return std::nullopt;
    std::vector<std::pair<qsizetype, qsizetype>> cuts;
    for (const ExistingSentence &r : removed) {
        bool found = false;
        for (const kb::Term s : document.sentences) {
            if (int(s.span().line) != r.line || kb::render(s) != r.text)
                continue;
            const qsizetype lineStart = s.span().begin == 0 ? 0 : file.lastIndexOf('\n', qsizetype(s.span().begin) - 1) + 1;
            qsizetype lineEnd = file.indexOf('\n', qsizetype(s.span().end));
            lineEnd = lineEnd < 0 ? file.size() : lineEnd + 1;
            cuts.emplace_back(lineStart, lineEnd);
            found = true;
            break;
        }
        if (!found)
            return std::nullopt;
    }
    // Sentences sharing a line share its cut: remove each byte once.
    std::sort(cuts.begin(), cuts.end());
    std::vector<std::pair<qsizetype, qsizetype>> merged;
    for (const auto &cut : cuts) {
        if (!merged.empty() && cut.first < merged.back().second)
            merged.back().second = std::max(merged.back().second, cut.second);
        else
            merged.push_back(cut);
    }
    QByteArray out = file;
    for (auto it = merged.rbegin(); it != merged.rend(); ++it)
        out.remove(it->first, it->second - it->first);
    return out;
}

} // namespace fanva::lang::fanvakb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/rewrite.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/symbol.h"
#include "kb/writer.h"

#include <QSet>

#include <algorithm>
#include <functional>

namespace fanva::lang::fanvakb {

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

std::vector<Resolution> sentenceTerms(const kb::KnowledgeBase &kb, const QString &context, const QString &text)
{
    std::vector<Resolution> out;
    const kb::SentenceParse parsed = kb::parseSentence(text);
    if (!parsed.sentence)
        return out;
    const kb::SymbolId cx = kb::intern(context.toStdString());
    QSet<kb::SymbolId> seen;
    const std::function<void(kb::Term)> walk = [&](kb::Term t) {
        if (t.isSymbol() && !seen.contains(t.symbol())) {
            seen.insert(t.symbol());
            const kb::TermUsage usage = kb.findTerm(t.symbol(), kb::Scope { cx, kb::noKey });
            if (usage.role == kb::Role::Type || usage.role == kb::Role::Predicate || usage.role == kb::Role::Individual) {
                const QString spelling = kb::symbolString(t.symbol());
                out.push_back({ 0, 0, 0, spelling, t.symbol(), usage.role, spelling });
            }
        }
        for (std::uint32_t i = 0; i < t.size(); ++i)
            walk(t.at(i));
    };
    walk(parsed.sentence->term);
    return out;
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

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/rewritesetup.h"

#include "formalize/sessionsetup.h"
#include "lang/sentenceedits.h"

#include <QFileInfo>

#include <algorithm>
#include <set>

namespace fanva::lang {

StatementSelection selectStatements(const Kb &kb, const QByteArray &bytes, const QString &file, int first, int last)
{
    StatementSelection out;
    const Language &language = kb.language();
    const ReadResult read = language.read(bytes, file);
    if (read.hasErrors()) {
        const auto error
            = std::find_if(read.diagnostics.begin(), read.diagnostics.end(), [](const lang::Diagnostic &d) { return d.isError(); });
        out.error = QStringLiteral("the file does not read: %1")
                        .arg((error != read.diagnostics.end() ? *error : read.diagnostics.front()).toString());
        return out;
    }
    for (const Statement &s : read.statements) {
        const int line = int(s.span.line);
        if (line >= first && line <= last)
            out.statements.push_back({ line, language.render(s), QString::fromStdString(language.key(&kb, s)) });
    }
    if (out.statements.empty())
        out.error = QStringLiteral("no sentence starts on lines %1–%2").arg(first).arg(last);
    return out;
}

namespace {

/// The KB terms the selection names, each once, numbered by the statement that names it first.
std::vector<Resolution> selectionTerms(
    const SentenceEdits &edits, const Kb &kb, const QString &target, const std::vector<formalize::ExistingSentence> &selection)
{
    std::vector<Resolution> out;
    std::set<TermId> seen;
    int segment = 0;
    for (const formalize::ExistingSentence &s : selection) {
        ++segment;
        for (Resolution term : edits.termsOf(kb, s.text, target)) {
            if (!seen.insert(term.term).second)
                continue;
            term.segment = segment;
            out.push_back(std::move(term));
        }
    }
    return out;
}

} // namespace

formalize::SessionInput makeRewriteSessionInput(const std::shared_ptr<const Kb> &kb, const QString &target, const QString &path,
    const QByteArray &bytes, const std::vector<formalize::ExistingSentence> &selection, const formalize::SessionSettings &settings,
    const QString &instruction)
{
    const QString documentName = QFileInfo(path).fileName();
    const SentenceEdits *edits = kb ? kb->language().edits() : nullptr;
    if (!edits)
        return formalize::makeRewriteInput(kb, kb, target, documentName, selection, {}, settings, instruction);
    // The candidates are gated against the KB without the selection (rewrite.md §1); the card
    // is built from the KB as it is, around the terms the selection names.
    std::shared_ptr<const Kb> gateKb = kb;
    std::vector<StatementLine> removed;
    for (const formalize::ExistingSentence &s : selection)
        removed.push_back({ s.line, s.text });
    if (const auto without = withoutStatements(kb->language(), bytes, removed); without && !removed.empty()) {
        LoadResult reduced = edits->loadWith(kb->root(), path, *without);
        if (reduced.ok())
            gateKb = std::move(reduced.kb);
    }
    return formalize::makeRewriteInput(
        kb, std::move(gateKb), target, documentName, selection, selectionTerms(*edits, *kb, target, selection), settings, instruction);
}

} // namespace fanva::lang

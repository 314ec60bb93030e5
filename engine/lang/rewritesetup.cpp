// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/rewritesetup.h"

#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/rewrite.h"
#include "lang/sentenceedits.h"
#include "lang/sessionsetup.h"

#include <QFileInfo>

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

formalize::SessionInput makeRewriteSessionInput(const std::shared_ptr<const Kb> &kb, const QString &target, const QString &path,
    const QByteArray &bytes, const std::vector<formalize::ExistingSentence> &selection, const formalize::SessionSettings &settings,
    const QString &instruction)
{
    // fanva-kb: the card from the selection's symbols, as the rewrite session always ran.
    if (const std::shared_ptr<const kb::KnowledgeBase> knowledge = sharedKnowledgeBaseOf(*kb))
        return lang::fanvakb::makeRewriteSessionInput(knowledge, target, path, bytes, selection, settings, instruction);
    std::shared_ptr<const Kb> gateKb = kb;
    std::vector<StatementLine> removed;
    for (const formalize::ExistingSentence &s : selection)
        removed.push_back({ s.line, s.text });
    const SentenceEdits *edits = kb->language().edits();
    if (const auto without = withoutStatements(kb->language(), bytes, removed); without && edits) {
        LoadResult reduced = edits->loadWith(kb->root(), path, *without);
        if (reduced.ok())
            gateKb = std::move(reduced.kb);
    }
    formalize::SessionInput input
        = makeSessionInput(gateKb, target, formalize::rewriteDocument(selection), QFileInfo(path).fileName(), settings, instruction);
    input.rewrite = selection;
    return input;
}

} // namespace fanva::lang

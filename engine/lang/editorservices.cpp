// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/editorservices.h"

#include "lang/language.h"

namespace fanva::lang {

namespace {

/// The text without its leading white space: what the gates read, and what problem spans index.
QString gated(const QString &text)
{
    qsizetype i = 0;
    while (i < text.size() && text.at(i).isSpace())
        ++i;
    return text.mid(i);
}

} // namespace

QString EditorServices::hover(const EditorIndex &index, const QString &target, const QString &term) const
{
    if (term.isEmpty())
        return {};
    const Kb &kb = index.kb();
    const TermDescription described = kb.language().describeTerm(kb, term, target, 0);
    if (described.role == lang::TermRole::None && !described.used)
        return {};
    QStringList lines;
    lines.append(QStringLiteral("<b>%1</b> · %2").arg(term.toHtmlEscaped(), QString(lang::roleName(described.role))));
    if (!described.gloss.isEmpty())
        lines.append(described.gloss.toHtmlEscaped());
    if (!described.reading.isEmpty())
        lines.append(QStringLiteral("reads “%1”").arg(described.reading.toHtmlEscaped()));
    if (described.arity) {
        const QString places
            = described.places.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(described.places.join(QStringLiteral(", ")));
        lines.append(QStringLiteral("arity %1%2").arg(*described.arity).arg(places.toHtmlEscaped()));
    }
    if (!described.converseOf.isEmpty())
        lines.append(QStringLiteral("the converse of %1").arg(described.converseOf.toHtmlEscaped()));
    lines.append(described.useCount == 1 ? QStringLiteral("used once in the KB")
                                         : QStringLiteral("used %1 times in the KB").arg(described.useCount));
    lines.append(QStringLiteral("Ctrl+L opens its page"));
    return lines.join(QStringLiteral("<br>"));
}

QString EditorServices::readsAs(const EditorIndex &index, const QString &target, const QString &text) const
{
    const Kb &kb = index.kb();
    const Candidate candidate = kb.language().readCandidate(gated(text));
    if (!candidate.statement)
        return {};
    return kb.language().gloss(kb, *candidate.statement, target).text;
}

std::vector<lang::Problem> EditorServices::problems(const EditorIndex &index, const QString &target, const QString &text) const
{
    const Kb &kb = index.kb();
    const Language &language = kb.language();
    const Candidate candidate = language.readCandidate(gated(text));
    if (candidate.problem)
        return { *candidate.problem };
    if (!candidate.statement)
        return {};
    std::vector<lang::Problem> out = language.check(kb, *candidate.statement, target);
    if (out.empty()) {
        if (std::optional<lang::Problem> roundTrip = language.roundTrip(kb, *candidate.statement))
            out.push_back(std::move(*roundTrip));
    }
    return out;
}

} // namespace fanva::lang

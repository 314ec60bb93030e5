// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/reopen.h"

#include "formalize/gloss.h"
#include "lang/language.h"
#include "proposal/apply.h"

namespace fanva::proposal {

ReopenReport reopen(SessionFile &session, const lang::Kb &kb, const BatchGate &gate)
{
    ReopenReport report;
    Proposal &p = session.proposal;
    report.kbChanged = kbFingerprint(p.kbDir, p.language).sha256 != session.kbSha256;
    const std::optional<QString> document = fileSha256(session.documentPath);
    report.documentChanged = document && *document != session.documentSha256;

    // rediff() moves the base; a reopen keeps it, so Apply still sees a changed file as a conflict.
    const QString base = p.baseSha256;
    const bool absent = p.absent;
    report.problemsChanged = rediff(p, kb, gate);
    p.baseSha256 = base;
    p.absent = absent;

    const auto glossOf = [&kb](const QString &sentence, const QString &target) {
        const lang::Candidate read = kb.language().readCandidate(sentence);
        if (!read.statement)
            return formalize::EntryGloss {};
        const lang::Gloss g = kb.language().gloss(kb, *read.statement, target);
        return formalize::EntryGloss { g.text, QString(formalize::glossSourceName(g.source)) };
    };
    for (formalize::Entry &e : p.entries) {
        if (!e.isReviewable() || e.decision == Decision::Applied || e.state == formalize::EntryState::Refused)
            continue;
        const formalize::EntryGloss gloss = glossOf(e.sentence(), p.context);
        if (gloss == e.gloss)
            continue;
        e.gloss = gloss;
        if (e.verdict != formalize::Verdict::None) {
            e.verdict = formalize::Verdict::None;
            e.verdictNote = QStringLiteral("stale: the reading changed since the judge saw it");
            report.staleVerdicts.append(e.id);
        }
    }
    return report;
}

} // namespace fanva::proposal

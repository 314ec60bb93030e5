// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/gates.h"

namespace fanva::lang {

GateReport runGates(const Kb &kb, const QString &candidate, const QString &target, Batch *batch, int entryIndex)
{
    const Language &language = kb.language();
    GateReport report;
    Candidate read = language.readCandidate(candidate);
    if (!read.statement) {
        report.failedGate = Gate::Parse;
        if (read.problem)
            report.problems.push_back(std::move(*read.problem));
        return report;
    }
    report.statement = std::move(read.statement);
    const Statement &statement = *report.statement;
    report.canonical = language.render(statement);

    for (const Problem &p : language.check(kb, statement, target, batch))
        (isBlocking(p.type) ? report.problems : report.notes).push_back(p);
    if (!report.problems.empty()) {
        report.failedGate = Gate::Critic;
        report.notes.clear();
        return report;
    }
    if (auto problem = language.roundTrip(kb, statement)) {
        report.failedGate = Gate::RoundTrip;
        report.problems.push_back(std::move(*problem));
        report.notes.clear();
        return report;
    }
    if (batch)
        language.admit(kb, *batch, statement, target, entryIndex >= 0 ? entryIndex : batch->size());
    return report;
}

} // namespace fanva::lang

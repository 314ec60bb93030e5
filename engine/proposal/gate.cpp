// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/gate.h"

#include "check/critic.h"
#include "check/gates.h"

namespace fanva::proposal {

BatchGate criticGate()
{
    return [](const kb::KnowledgeBase &kb, const QString &context, const QStringList &sentences) {
        const check::Critic critic(kb);
        check::BatchOverlay overlay;
        std::vector<std::vector<check::Problem>> out;
        out.reserve(sentences.size());
        for (const QString &sentence : sentences) {
            const check::GateReport report = check::runGates(critic, sentence, context, {}, &overlay);
            out.push_back(report.isAdmissible() ? report.notes : report.problems);
        }
        return out;
    };
}

} // namespace fanva::proposal

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/gate.h"

#include "lang/gates.h"

#include <memory>

namespace fanva::proposal {

BatchGate criticGate()
{
    return gateThroughLanguage;
}

std::vector<std::vector<lang::Problem>> gateThroughLanguage(const lang::Kb &kb, const QString &target, const QStringList &sentences)
{
    const std::unique_ptr<lang::Batch> batch = kb.language().newBatch(kb);
    std::vector<std::vector<lang::Problem>> out;
    out.reserve(std::size_t(sentences.size()));
    for (const QString &sentence : sentences) {
        lang::GateReport report = lang::runGates(kb, sentence, target, batch.get());
        out.push_back(report.isAdmissible() ? std::move(report.notes) : std::move(report.problems));
    }
    return out;
}

} // namespace fanva::proposal

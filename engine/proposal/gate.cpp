// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/gate.h"

#include "check/critic.h"
#include "check/gates.h"
#include "lang/gates.h"

#include <mutex>

namespace fanva::proposal {

namespace {

std::vector<std::vector<check::Problem>> gateWith(const check::Critic &critic, const QString &context, const QStringList &sentences)
{
    check::BatchOverlay overlay;
    std::vector<std::vector<check::Problem>> out;
    out.reserve(sentences.size());
    for (const QString &sentence : sentences) {
        const lang::GateReport report = check::runGates(critic, sentence, context, {}, &overlay);
        out.push_back(report.isAdmissible() ? report.notes : report.problems);
    }
    return out;
}

/// The KB a kept critic checks against, and the critic, made once.
struct KeptCritic {
    std::shared_ptr<const kb::KnowledgeBase> kb;
    std::once_flag made;
    std::unique_ptr<const check::Critic> critic;
};

} // namespace

BatchGate criticGate()
{
    return [](const kb::KnowledgeBase &kb, const QString &context, const QStringList &sentences) {
        const check::Critic critic(kb);
        return gateWith(critic, context, sentences);
    };
}

BatchGate criticGateFor(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    auto kept = std::make_shared<KeptCritic>();
    kept->kb = std::move(kb);
    return [kept](const kb::KnowledgeBase &kb, const QString &context, const QStringList &sentences) {
        if (&kb != kept->kb.get()) {
            const check::Critic critic(kb);
            return gateWith(critic, context, sentences);
        }
        std::call_once(kept->made, [&] { kept->critic = std::make_unique<const check::Critic>(*kept->kb); });
        return gateWith(*kept->critic, context, sentences);
    };
}

std::vector<std::vector<check::Problem>> gateThroughLanguage(const lang::Kb &kb, const QString &target, const QStringList &sentences)
{
    const std::unique_ptr<lang::Batch> batch = kb.language().newBatch(kb);
    std::vector<std::vector<check::Problem>> out;
    out.reserve(std::size_t(sentences.size()));
    for (const QString &sentence : sentences) {
        lang::GateReport report = lang::runGates(kb, sentence, target, batch.get());
        out.push_back(report.isAdmissible() ? std::move(report.notes) : std::move(report.problems));
    }
    return out;
}

} // namespace fanva::proposal

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/sessionkb.h"

#include "formalize/corrections.h"
#include "formalize/gloss.h"
#include "lang/language.h"

namespace fanva::formalize {

SessionKb::SessionKb(std::shared_ptr<const lang::Kb> kb)
    : m_kb(std::move(kb))
    , m_language(m_kb->language())
{ }

std::unique_ptr<lang::Batch> SessionKb::newBatch() const
{
    return m_language.newBatch(*m_kb);
}

lang::GateReport SessionKb::gate(const QString &candidate, const QString &target, lang::Batch *batch, int index) const
{
    return lang::runGates(*m_kb, candidate, target, batch, index);
}

bool SessionKb::admit(lang::Batch &batch, const QString &sentence, const QString &target, int index) const
{
    const lang::Candidate read = m_language.readCandidate(sentence);
    if (!read.statement)
        return false;
    m_language.admit(*m_kb, batch, *read.statement, target, index);
    return true;
}

std::optional<std::string> SessionKb::key(const QString &candidate) const
{
    const lang::Candidate read = m_language.readCandidate(candidate);
    if (!read.statement)
        return std::nullopt;
    return m_language.key(m_kb.get(), *read.statement);
}

EntryGloss SessionKb::gloss(const QString &sentence, const QString &target) const
{
    const lang::Candidate read = m_language.readCandidate(sentence);
    if (!read.statement)
        return {};
    const Gloss g = m_language.gloss(*m_kb, *read.statement, target);
    if (g.text.isEmpty())
        return {};
    return { g.text, QString(glossSourceName(g.source)) };
}

void SessionKb::annotate(const QString &target, Entry &entry) const
{
    const lang::Candidate asWritten = m_language.readCandidate(entry.candidate);
    if (!asWritten.statement)
        return;
    const Correction correction = m_language.corrections(*m_kb, *asWritten.statement, target);
    if (!correction.isEmpty()) {
        entry.correction = correction;
        entry.shapes = correctionShapes(correction, entry.candidate);
        entry.selectedShape = initialShape(correction);
    }
    const lang::Candidate selected = m_language.readCandidate(entry.sentence());
    if (selected.statement)
        entry.coined = m_language.coined(*m_kb, target, { { entry.id, *selected.statement } }).functors;
}

CoinedReport SessionKb::vocabulary(const QString &target, const std::vector<Entry> &entries) const
{
    std::vector<std::pair<QString, lang::Statement>> batch;
    for (const Entry &e : entries) {
        if (e.state != EntryState::Admissible && e.state != EntryState::Known)
            continue;
        lang::Candidate read = m_language.readCandidate(e.sentence());
        if (read.statement)
            batch.emplace_back(e.id, std::move(*read.statement));
    }
    return m_language.coined(*m_kb, target, batch);
}

std::vector<ReplyCandidate> SessionKb::bareCandidates(const QString &reply) const
{
    return m_language.bareCandidates(reply);
}

} // namespace fanva::formalize

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/rejudger.h"

#include "review/entrymodel.h"
#include "review/reviewkb.h"

#include "formalize/judgealone.h"
#include "jsonutil.h"
#include "llm/call.h"
#include "llm/options.h"
#include "llm/provider.h"
#include "llm/providerinfo.h"
#include "llm/selection.h"
#include "proposal/proposal.h"

using namespace fanva;
using proposal::Entry;
using proposal::Proposal;

namespace {

/// The source sentences the judge quotes: each `wanted` number's text, marked when it is a heading.
std::vector<formalize::PromptSegment> judgeSegments(
    const std::map<int, bool> &wanted, const nlohmann::json &segments, const QStringList &segmentTexts)
{
    std::vector<formalize::PromptSegment> out;
    for (const auto &[number, quoted] : wanted) {
        bool heading = false;
        for (const nlohmann::json &s : segments) {
            if (jsonutil::integer(s, "number", -1) == number && jsonutil::string(s, "kind") == QLatin1StringView("heading"))
                heading = true;
        }
        out.push_back({ number, segmentTexts.at(number - 1), heading });
    }
    return out;
}

} // namespace

Rejudger::Rejudger(const EntryModel *entries, Decide decide, QObject *parent)
    : QObject(parent)
    , m_entries(entries)
    , m_decide(std::move(decide))
{ }

Rejudger::~Rejudger() = default;

bool Rejudger::canRejudge(const Entry &e)
{
    return e.isReviewable() && e.state != formalize::EntryState::Known && e.decision != formalize::Decision::Applied
        && (e.selectedShape == 0 || e.origin == formalize::Origin::Author);
}

Status Rejudger::start(const QStringList &ids, const ReviewKb &kb, const nlohmann::json &segments, const llm::ProviderOptions &provider)
{
    if (isRunning())
        return Status::failure(tr("Wait for the running re-judge to finish."));
    // The scripted and demo providers bring their own model; the others need one named.
    const bool ownModel = llm::providerInfo(provider.id).bringsOwnModel;
    if (provider.model.isEmpty() && !ownModel)
        return Status::failure(tr("The provider %1 names no model for the judge: choose one in Settings ▸ Provider.").arg(provider.id));
    const Proposal &p = m_entries->proposal();
    formalize::JudgeAloneInput input;
    input.model = provider.model;
    std::map<int, bool> wanted; // sentence number → quoted
    Sent sent; // id → sentence, gloss
    std::vector<std::pair<QString, QString>> unsent; // id → note
    for (const QString &id : ids) {
        const Entry *e = p.entry(id);
        if (!e || !canRejudge(*e))
            continue;
        const formalize::EntryGloss gloss = kb.gloss(e->sentence(), p.context);
        if (e->segment < 1 || e->segment > p.segmentTexts.size()) {
            unsent.emplace_back(id, QStringLiteral("no source sentence"));
            continue;
        }
        if (gloss.source != QLatin1StringView("composed") && gloss.source != QLatin1StringView("partial")) {
            unsent.emplace_back(id, QStringLiteral("no gloss"));
            continue;
        }
        input.items.push_back({ id, e->segment, gloss.text });
        sent[id] = { e->sentence(), gloss };
        wanted[e->segment] = true;
        if (e->segment > 1)
            wanted[e->segment - 1] = true;
    }
    // What cannot be judged says why, as the session does for an entry without a gloss.
    for (const auto &unsentEntry : unsent) {
        const QString &id = unsentEntry.first;
        const QString &note = unsentEntry.second;
        m_decide(id, tr("Re-judge %1"), [&id, &note](Proposal &proposal) {
            Entry *e = proposal.entry(id);
            e->verdict = formalize::Verdict::None;
            e->verdictNote = note;
            return true;
        });
    }
    if (input.items.empty()) {
        Q_EMIT finished(ids);
        return {};
    }
    input.segments = judgeSegments(wanted, segments, p.segmentTexts);
    llm::ProviderResult created = llm::createProvider(provider);
    if (!created.provider)
        return Status::failure(tr("Cannot use the provider %1: %2").arg(provider.id, QString::fromStdString(created.failure->message)));
    m_provider = std::move(created.provider);
    m_call = formalize::judgeAlone(*m_provider, input, this,
        [this, ids, sent](const std::vector<formalize::JudgeAloneVerdict> &verdicts) { adoptVerdicts(ids, sent, verdicts); });
    return {};
}

void Rejudger::adoptVerdicts(const QStringList &ids, const Sent &sent, const std::vector<formalize::JudgeAloneVerdict> &verdicts)
{
    m_call.clear();
    for (const formalize::JudgeAloneVerdict &v : verdicts) {
        const Entry *e = m_entries->proposal().entry(v.id);
        const auto it = sent.find(v.id);
        // The entry changed while the judge read it: the verdict is of another text.
        if (!e || it == sent.end() || e->sentence() != it->second.first || e->decision == formalize::Decision::Applied)
            continue;
        const formalize::EntryGloss gloss = it->second.second;
        m_decide(v.id, tr("Re-judge %1"), [&v, &gloss](Proposal &proposal) {
            Entry *entry = proposal.entry(v.id);
            entry->verdict = v.verdict;
            entry->verdictNote = v.note;
            entry->gloss = gloss;
            return true;
        });
    }
    Q_EMIT finished(ids);
}

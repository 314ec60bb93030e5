// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"
#include "status.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

class EntryModel;
class ReviewKb;

namespace fanva::formalize {
struct JudgeAloneVerdict;
}
namespace fanva::llm {
class Call;
class Provider;
struct ProviderOptions;
} // namespace fanva::llm
namespace fanva::proposal {
class Proposal;
}

/// Re-judge (docs/formalize.md §9.3; ReviewController's collaborator): sends edited and author
/// entries to the judge alone, one call at a time, and lands each verdict on its entry as an
/// undoable decision, unless the entry changed while the judge read it.
class Rejudger final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Rejudger)

public:
    /// Records @p change of entry @p id as one undoable decision named @p text ("Re-judge %1");
    /// false when the review refuses it (the controller's decide()).
    using Decide
        = std::function<bool(const QString &id, const QString &text, const std::function<bool(fanva::proposal::Proposal &)> &change)>;

    /// @p entries: the review's proposal, read when the verdicts come back.
    Rejudger(const EntryModel *entries, Decide decide, QObject *parent = nullptr);
    ~Rejudger() override;

    /// Whether @p entry can go to the judge alone: an edited or author entry not applied.
    [[nodiscard]] static bool canRejudge(const fanva::formalize::Entry &entry);
    /// Sends the entries @p ids that canRejudge() (glossed with @p kb; @p segments: the session's
    /// sentences) to the judge alone with @p provider; finished() follows, at once when there is
    /// nothing to send. An entry that cannot be sent says why in its verdict note. Fails, saying
    /// why, when a call runs or the provider cannot judge.
    [[nodiscard]] fanva::Status start(
        const QStringList &ids, const ReviewKb &kb, const nlohmann::json &segments, const fanva::llm::ProviderOptions &provider);
    [[nodiscard]] bool isRunning() const { return !m_call.isNull(); }

Q_SIGNALS:
    /// The verdicts of @p ids landed on their entries (or the judge's failure did).
    void finished(const QStringList &ids);

private:
    /// What was sent, by entry id: the sentence and its gloss.
    using Sent = std::map<QString, std::pair<QString, fanva::formalize::EntryGloss>>;
    /// Takes the judge's @p verdicts for the entries still as they were sent.
    void adoptVerdicts(const QStringList &ids, const Sent &sent, const std::vector<fanva::formalize::JudgeAloneVerdict> &verdicts);

    const EntryModel *m_entries;
    Decide m_decide;
    std::unique_ptr<fanva::llm::Provider> m_provider;
    QPointer<fanva::llm::Call> m_call;
};

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "batch/batchlog.h"
#include "formalize/session.h"
#include "proposal/sessionfile.h"
#include "status.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <deque>
#include <memory>
#include <vector>

namespace fanva::lang {
class Kb;
}
namespace fanva::llm {
class Provider;
}

namespace fanva::batch {

/// What every document of a batch shares (docs/spec/batch.md §3).
struct BatchSettings {
    QString kbDir;
    QString language;
    QString context;
    QString instruction;
    formalize::SessionSettings settings;
    QString providerId, model, baseUrl;
    QString credential = QStringLiteral("none"); ///< env:NAME, keyring or none — never the key
    QString outDir; ///< session files, batch.jsonl, report.json
    int concurrency = 1; ///< documents in flight at once (the pool's slots)
};

/// One document's line of the report.
struct DocumentResult {
    QString path;
    QString key;
    QString session; ///< the session file's name in the output folder; empty until saved
    QString outcome; ///< formalize.md §5.5; "skipped" when an earlier run finished it
    QString previousOutcome; ///< skipped: the outcome of the run that finished it
    QString error; ///< why it has no session file (unreadable, the chat failure's message, not saved)
    nlohmann::json counts = nlohmann::json::object();
    nlohmann::json usage = nlohmann::json::object();
    qint64 ms = 0;
    bool finished = false;
};

/// Formalizes many documents as ordinary sessions against one KB, `concurrency` at a time,
/// over one provider (a PooledProvider spreads them over model servers). Each finished
/// document's session file is saved in the output folder, then a `document-finished` line
/// goes to batch.jsonl; a document already finished with the same key (its bytes and the
/// settings that shape the result, keyOf()) is skipped, so the same batch run again after a
/// crash or a kill continues where it stopped. A session that ended chat-failed or cancelled
/// is not finished: the next run does it again. At the end, report.json.
class BatchRun : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BatchRun)

public:
    BatchRun(llm::Provider *provider, std::shared_ptr<const lang::Kb> kb, BatchSettings settings, QStringList documents,
        QObject *parent = nullptr);
    ~BatchRun() override;

    /// Creates the output folder, reads batch.jsonl and starts the first documents; finished()
    /// follows (from the event loop) also when there is nothing left to do.
    [[nodiscard]] Status start();
    /// Cancels the sessions in flight (their documents stay unfinished) and starts no more.
    void cancel();

    [[nodiscard]] const std::vector<DocumentResult> &results() const { return m_results; }
    [[nodiscard]] int total() const { return int(m_results.size()); }
    [[nodiscard]] int done() const { return m_done; }
    [[nodiscard]] bool isFinished() const { return m_over; }
    /// {documents: [...], totals: {...}}: what report.json holds.
    [[nodiscard]] nlohmann::json report() const;

    /// The key a document's result is remembered by: SHA-256 of its bytes and of what shapes
    /// the result (KB fingerprint, context, language, provider, model, instruction, settings).
    [[nodiscard]] QString keyOf(const QByteArray &document) const;

Q_SIGNALS:
    /// Document `index` (of results()) finished, was skipped or failed to start.
    void documentFinished(int index);
    /// `event` was written to batch.jsonl (batch-started, document-finished, document-failed,
    /// batch-finished or batch-cancelled): the same object; announced also when the write failed.
    void logged(const nlohmann::json &event);
    void finished();

private:
    struct Running;
    void startNext();
    void startDocument(int index);
    void finishDocument(Running *running);
    void conclude(int index, const nlohmann::json &event);
    void finishBatch();
    /// Appends `event` to the log and announces it with logged().
    [[nodiscard]] Status log(const nlohmann::json &event);
    [[nodiscard]] QString sessionNameOf(int index) const;

    llm::Provider *m_provider;
    std::shared_ptr<const lang::Kb> m_kb;
    BatchSettings m_settings;
    proposal::KbFingerprint m_fingerprint;
    BatchLog m_log;
    std::vector<DocumentResult> m_results;
    std::deque<int> m_queue;
    std::vector<std::unique_ptr<Running>> m_running;
    int m_done = 0;
    bool m_cancelled = false;
    bool m_over = false;
};

} // namespace fanva::batch

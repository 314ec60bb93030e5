// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "batch/batchrun.h"

#include "formalize/events.h"
#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "jsonutil.h"
#include "lang/language.h"
#include "proposal/sessionfile.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>
#include <QUuid>

#include <algorithm>
#include <utility>

namespace fanva::batch {

namespace {

const QString s_logName = QStringLiteral("batch.jsonl");
const QString s_reportName = QStringLiteral("report.json");

/// Outcomes after which the document has no result worth keeping: the next run does it again.
bool isUnfinished(const QString &outcome)
{
    return outcome == QLatin1StringView("chat-failed") || outcome == QLatin1StringView("cancelled");
}

/// Adds every number of `from` to the same key of `into` (objects, one level deep).
void addNumbers(nlohmann::json &into, const nlohmann::json &from)
{
    if (!from.is_object())
        return;
    for (const auto &[key, value] : from.items()) {
        if (value.is_number_integer())
            into[key] = jsonutil::integer(into, key) + value.get<std::int64_t>();
        else if (value.is_number())
            into[key] = jsonutil::number(into, key) + value.get<double>();
    }
}

/// The session's entries by state ({admissible, known, refused, superseded, dropped}), as its
/// `finished` event says: the outcome payload holds the entries themselves, not their counts.
nlohmann::json finishedCounts(const formalize::Session &session)
{
    const nlohmann::json &events = session.events();
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
        if (jsonutil::string(*it, "type") == formalize::event::finished) {
            if (const nlohmann::json *counts = jsonutil::object(*it, "counts"))
                return *counts;
        }
    }
    return nlohmann::json::object();
}

std::string utf8(const QString &text)
{
    return text.toStdString();
}

} // namespace

struct BatchRun::Running {
    int index = -1;
    std::unique_ptr<formalize::Session> session;
    QDateTime created;
    QElapsedTimer timer;
};

BatchRun::BatchRun(
    llm::Provider *provider, std::shared_ptr<const lang::Kb> kb, BatchSettings settings, QStringList documents, QObject *parent)
    : QObject(parent)
    , m_provider(provider)
    , m_kb(std::move(kb))
    , m_settings(std::move(settings))
    , m_log(QDir(m_settings.outDir).filePath(s_logName))
{
    m_settings.concurrency = std::max(m_settings.concurrency, 1);
    QSet<QString> names;
    for (const QString &path : documents) {
        DocumentResult result;
        result.path = QFileInfo(path).absoluteFilePath();
        // One session file per document, named after it; a second document of the same name
        // (from another folder) gets a number.
        const QString stem = QFileInfo(path).completeBaseName();
        QString name = stem + QStringLiteral(".fanva");
        for (int n = 2; names.contains(name); ++n)
            name = QStringLiteral("%1-%2.fanva").arg(stem).arg(n);
        names.insert(name);
        result.session = name;
        m_results.push_back(std::move(result));
    }
}

BatchRun::~BatchRun() = default;

QString BatchRun::keyOf(const QByteArray &document) const
{
    const nlohmann::json shape = {
        { "kb", utf8(m_fingerprint.sha256) },
        { "language", utf8(m_settings.language) },
        { "context", utf8(m_settings.context) },
        { "provider", utf8(m_settings.providerId) },
        { "model", utf8(m_settings.model) },
        { "instruction", utf8(m_settings.instruction) },
        { "settings", m_settings.settings.toJson() },
    };
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(document);
    hash.addData(QByteArrayView("\n"));
    hash.addData(QByteArray::fromStdString(shape.dump()));
    return QString::fromLatin1(hash.result().toHex());
}

QString BatchRun::sessionNameOf(int index) const
{
    return m_results[std::size_t(index)].session;
}

Status BatchRun::start()
{
    if (!QDir().mkpath(m_settings.outDir))
        return Error { QStringLiteral("Cannot create the output folder %1.").arg(m_settings.outDir), m_settings.outDir };
    if (Status read = m_log.read(); !read)
        return read;
    m_fingerprint = proposal::kbFingerprint(m_settings.kbDir, m_settings.language);
    const QDir out(m_settings.outDir);
    for (int i = 0; i < total(); ++i) {
        DocumentResult &result = m_results[std::size_t(i)];
        QFile file(result.path);
        if (!file.open(QIODevice::ReadOnly)) {
            result.error = QStringLiteral("Cannot read %1: %2.").arg(result.path, file.errorString());
            result.outcome = QStringLiteral("unreadable");
            ++m_done;
            continue;
        }
        result.key = keyOf(file.readAll());
        const std::optional<QString> earlier = m_log.finishedSession(result.key);
        if (earlier && QFileInfo::exists(out.filePath(*earlier))) {
            // The report covers the whole batch: a skipped document brings its figures from the
            // run that finished it.
            const nlohmann::json &event = *m_log.finishedEvent(result.key);
            result.session = *earlier;
            result.outcome = QStringLiteral("skipped");
            result.previousOutcome = jsonutil::string(event, "outcome");
            if (const nlohmann::json *counts = jsonutil::object(event, "counts"))
                result.counts = *counts;
            if (const nlohmann::json *usage = jsonutil::object(event, "usage"))
                result.usage = *usage;
            result.ms = jsonutil::integer(event, "ms");
            result.finished = true;
            ++m_done;
            continue;
        }
        m_queue.push_back(i);
    }
    (void)log({ { "type", "batch-started" }, { "at", utf8(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)) },
        { "documents", total() }, { "queued", m_queue.size() }, { "concurrency", m_settings.concurrency } });
    QMetaObject::invokeMethod(this, &BatchRun::startNext, Qt::QueuedConnection);
    return {};
}

void BatchRun::cancel()
{
    m_cancelled = true;
    m_queue.clear();
    for (const std::unique_ptr<Running> &running : m_running)
        running->session->cancel();
}

void BatchRun::startNext()
{
    while (!m_cancelled && !m_queue.empty() && int(m_running.size()) < m_settings.concurrency) {
        const int index = m_queue.front();
        m_queue.pop_front();
        startDocument(index);
    }
    if (m_running.empty() && (m_queue.empty() || m_cancelled) && !m_over)
        finishBatch();
}

void BatchRun::startDocument(int index)
{
    DocumentResult &result = m_results[std::size_t(index)];
    QFile file(result.path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = QStringLiteral("Cannot read %1: %2.").arg(result.path, file.errorString());
        conclude(index, { { "type", "document-failed" }, { "document", utf8(result.path) }, { "error", utf8(result.error) } });
        return;
    }
    formalize::SessionInput input;
    input.kb = m_kb;
    input.context = m_settings.context;
    input.document = file.readAll();
    input.documentName = QFileInfo(result.path).fileName();
    input.instruction = m_settings.instruction;
    input.settings = m_settings.settings;
    input.build
        = [kb = m_kb, context = input.context, document = input.document, name = input.documentName, settings = input.settings,
              instruction = input.instruction] { return formalize::makeSessionInput(kb, context, document, name, settings, instruction); };
    input.kbSha256 = m_fingerprint.sha256;
    input.providerId = m_settings.providerId;

    auto running = std::make_unique<Running>();
    running->index = index;
    running->created = QDateTime::currentDateTimeUtc();
    running->timer.start();
    running->session = std::make_unique<formalize::Session>(m_provider, std::move(input));
    Running *raw = running.get();
    connect(
        running->session.get(), &formalize::Session::finished, this, [this, raw] { finishDocument(raw); }, Qt::QueuedConnection);
    m_running.push_back(std::move(running));
    raw->session->start();
}

void BatchRun::finishDocument(Running *running)
{
    const auto it = std::find_if(m_running.begin(), m_running.end(), [running](const auto &r) { return r.get() == running; });
    if (it == m_running.end())
        return;
    std::unique_ptr<Running> owned = std::move(*it);
    m_running.erase(it);
    const formalize::Session &session = *owned->session;
    DocumentResult &result = m_results[std::size_t(owned->index)];
    result.outcome = session.outcomeName();
    result.ms = owned->timer.elapsed();
    result.counts = finishedCounts(session);
    if (const nlohmann::json *usage = jsonutil::object(session.outcome(), "usage"))
        result.usage = *usage;
    nlohmann::json event = { { "type", "document-failed" }, { "document", utf8(result.path) }, { "key", utf8(result.key) },
        { "outcome", utf8(result.outcome) }, { "counts", result.counts }, { "usage", result.usage }, { "ms", result.ms } };
    if (isUnfinished(result.outcome)) {
        // Why the session failed, as its outcome says (a chat failure's message); cancelled: none.
        if (const nlohmann::json *error = jsonutil::object(session.outcome(), "error")) {
            result.error = jsonutil::string(*error, "message");
            event["error"] = utf8(result.error);
        }
    } else {
        proposal::SessionOrigin origin;
        origin.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        origin.created = owned->created;
        origin.modified = QDateTime::currentDateTimeUtc();
        origin.kbDir = m_settings.kbDir;
        origin.language = m_settings.language;
        origin.documentPath = result.path;
        origin.providerId = m_settings.providerId;
        origin.model = m_settings.model;
        origin.baseUrl = m_settings.baseUrl;
        origin.credential = m_settings.credential;
        origin.fingerprint = m_fingerprint;
        const QString path = QDir(m_settings.outDir).filePath(result.session);
        if (const Status saved = proposal::sessionFileFrom(session, origin).save(path); !saved) {
            result.error = saved.message();
            event["error"] = utf8(result.error);
        } else {
            result.finished = true;
            event["type"] = "document-finished";
            event["session"] = utf8(result.session);
        }
    }
    // The session goes once this slot returns: it emitted the signal that brought us here.
    owned->session.release()->deleteLater();
    conclude(owned->index, event);
}

void BatchRun::conclude(int index, const nlohmann::json &event)
{
    if (Status logged = log(event); !logged) {
        DocumentResult &result = m_results[std::size_t(index)];
        // Without its log line the document is not remembered as done: say so, and carry on.
        result.error = logged.message();
        result.finished = false;
    }
    ++m_done;
    Q_EMIT documentFinished(index);
    startNext();
}

Status BatchRun::log(const nlohmann::json &event)
{
    Status appended = m_log.append(event);
    Q_EMIT logged(event);
    return appended;
}

nlohmann::json BatchRun::report() const
{
    nlohmann::json documents = nlohmann::json::array();
    nlohmann::json counts = nlohmann::json::object();
    nlohmann::json usage = nlohmann::json::object();
    nlohmann::json outcomes = nlohmann::json::object();
    qint64 ms = 0;
    for (const DocumentResult &r : m_results) {
        nlohmann::json line = { { "document", utf8(r.path) }, { "outcome", utf8(r.outcome) }, { "finished", r.finished },
            { "counts", r.counts }, { "usage", r.usage }, { "ms", r.ms } };
        if (r.finished)
            line["session"] = utf8(r.session);
        if (!r.previousOutcome.isEmpty())
            line["previousOutcome"] = utf8(r.previousOutcome);
        if (!r.error.isEmpty())
            line["error"] = utf8(r.error);
        documents.push_back(std::move(line));
        addNumbers(counts, r.counts);
        addNumbers(usage, r.usage);
        const std::string outcome = utf8(r.outcome.isEmpty() ? QStringLiteral("not-run") : r.outcome);
        outcomes[outcome] = jsonutil::integer(outcomes, outcome) + 1;
        ms += r.ms;
    }
    const auto finished = std::count_if(m_results.begin(), m_results.end(), [](const DocumentResult &r) { return r.finished; });
    return { { "format", "fanva-batch-report" }, { "version", 1 }, { "documents", std::move(documents) },
        { "totals",
            { { "documents", total() }, { "finished", finished }, { "outcomes", std::move(outcomes) }, { "counts", std::move(counts) },
                { "usage", std::move(usage) }, { "ms", ms } } } };
}

void BatchRun::finishBatch()
{
    m_over = true;
    const nlohmann::json summary = report();
    QSaveFile file(QDir(m_settings.outDir).filePath(s_reportName));
    const QByteArray bytes = QByteArray::fromStdString(summary.dump(2)) + '\n';
    nlohmann::json event = { { "type", m_cancelled ? "batch-cancelled" : "batch-finished" }, { "totals", summary["totals"] } };
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        event["error"] = utf8(QStringLiteral("Cannot write %1: %2.").arg(file.fileName(), file.errorString()));
    (void)log(event);
    QMetaObject::invokeMethod(this, &BatchRun::finished, Qt::QueuedConnection);
}

} // namespace fanva::batch

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// A batch of documents formalized as sessions (docs/spec/batch.md §3): one session file each, a
// durable log, a report whose totals are the sum of its documents; run again, finished
// documents are skipped, a changed one runs again, a torn log line is survived.
#include "batch/batchrun.h"

#include "jsonutil.h"
#include "lang/registry.h"
#include "llm/scriptedprovider.h"
#include "proposal/sessionfile.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using nlohmann::json;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void write(const QString &path, const QByteArray &bytes, QIODevice::OpenMode mode = QIODevice::WriteOnly)
{
    QFile file(path);
    QVERIFY(file.open(mode));
    QCOMPARE(file.write(bytes), bytes.size());
}

/// A script that drafts one sentence for any document (the judge is off).
std::unique_ptr<llm::ScriptedProvider> drafter()
{
    const json turn = { { "when", { { "purpose", "formalize" } } },
        { "text", "{\"candidates\": [{\"sentence\": \"(penguin Pebbles)\", \"segment\": 1, \"confidence\": \"high\"}]}" } };
    const json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "reuse", true }, { "on_exhausted", "error" },
        { "turns", json::array({ turn }) } };
    llm::Failure error;
    auto provider = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
    if (!provider)
        qFatal("bad script: %s", error.message.c_str());
    return provider;
}

std::vector<json> logLines(const QString &path)
{
    std::vector<json> lines;
    for (const QByteArray &line : readAll(path).split('\n')) {
        if (const Result<json> parsed = jsonutil::parse(line); parsed && parsed->is_object())
            lines.push_back(*parsed);
    }
    return lines;
}

int countType(const std::vector<json> &lines, const char *type)
{
    return int(
        std::count_if(lines.begin(), lines.end(), [type](const json &l) { return jsonutil::string(l, "type") == QLatin1String(type); }));
}

} // namespace

class TstBatchRun : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_docs, m_out;
    QStringList m_documents;

    /// Runs the batch over m_documents to its end with a fresh scripted provider; returns how
    /// many requests the provider received.
    int runBatch(json *report = nullptr, int concurrency = 2, std::vector<json> *events = nullptr)
    {
        auto provider = drafter();
        const lang::LoadResult loaded = lang::languageById(u"fanva-kb")->load(m_kb);
        if (!loaded.ok())
            qFatal("the demo KB does not load");
        batch::BatchSettings settings;
        settings.kbDir = m_kb;
        settings.language = QStringLiteral("fanva-kb");
        settings.context = QStringLiteral("CxAnimals");
        settings.settings.judge = false;
        settings.providerId = QStringLiteral("scripted");
        settings.model = QStringLiteral("scripted");
        settings.outDir = m_out;
        settings.concurrency = concurrency;
        batch::BatchRun run(provider.get(), loaded.kb, settings, m_documents);
        QSignalSpy finished(&run, &batch::BatchRun::finished);
        if (events)
            connect(&run, &batch::BatchRun::logged, this, [events](const json &event) { events->push_back(event); });
        const Status started = run.start();
        if (!started)
            qFatal("%s", qPrintable(started.message()));
        if (!finished.wait(30000))
            qFatal("the batch did not finish");
        if (report)
            *report = run.report();
        return int(provider->received().size());
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        const QDir root(m_dir.path());
        QDir(m_dir.path()).removeRecursively();
        QVERIFY(root.mkpath(QStringLiteral("kb")));
        QVERIFY(root.mkpath(QStringLiteral("docs/sub")));
        m_kb = root.filePath(QStringLiteral("kb"));
        m_docs = root.filePath(QStringLiteral("docs"));
        m_out = root.filePath(QStringLiteral("out"));
        const QDir demo(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb"));
        for (const QString &name : demo.entryList({ QStringLiteral("*.txt") }, QDir::Files))
            QVERIFY(QFile::copy(demo.filePath(name), QDir(m_kb).filePath(name)));
        m_documents.clear();
        for (int i = 1; i <= 5; ++i) {
            const QString path = QDir(m_docs).filePath(QStringLiteral("doc%1.md").arg(i));
            write(path, QStringLiteral("Pebbles is a penguin number %1.\n").arg(i).toUtf8());
            m_documents << path;
        }
        // Same name in another folder: its own session file.
        const QString twin = QDir(m_docs).filePath(QStringLiteral("sub/doc1.md"));
        write(twin, "Pebbles is a penguin from the sub folder.\n");
        m_documents << twin;
    }

    void formalizesEveryDocumentIntoItsOwnSession()
    {
        json report;
        QCOMPARE(runBatch(&report), 6);
        const QDir out(m_out);
        QStringList sessions = out.entryList({ QStringLiteral("*.fanva") }, QDir::Files, QDir::Name);
        QCOMPARE(sessions.size(), 6);
        QVERIFY(sessions.contains(QStringLiteral("doc1.fanva")));
        QVERIFY(sessions.contains(QStringLiteral("doc1-2.fanva")));
        const proposal::SessionLoad loaded = proposal::loadSessionFile(out.filePath(QStringLiteral("doc3.fanva")));
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QVERIFY(loaded.session->documentPath.endsWith(QLatin1String("doc3.md")));
        QVERIFY(!loaded.session->proposal.entries.empty());

        const std::vector<json> log = logLines(out.filePath(QStringLiteral("batch.jsonl")));
        QCOMPARE(countType(log, "document-finished"), 6);
        QCOMPARE(countType(log, "batch-finished"), 1);

        // report.json is the run's report, and its totals are the sum of its documents.
        const Result<json> saved = jsonutil::parse(readAll(out.filePath(QStringLiteral("report.json"))));
        QVERIFY(saved);
        QVERIFY(*saved == report);
        QCOMPARE(jsonutil::integer(report["totals"], "documents"), 6);
        QCOMPARE(jsonutil::integer(report["totals"], "finished"), 6);
        std::int64_t admissible = 0;
        std::int64_t output = 0;
        for (const json &d : report["documents"]) {
            // Each document drafted one sentence the KB already holds, and its line says so.
            QCOMPARE(jsonutil::integer(d["counts"], "known"), 1);
            admissible += jsonutil::integer(d["counts"], "admissible");
            output += jsonutil::integer(d["usage"], "output");
        }
        QCOMPARE(jsonutil::integer(report["totals"]["counts"], "admissible"), admissible);
        QCOMPARE(jsonutil::integer(report["totals"]["usage"], "output"), output);
    }

    void skipsWhatAnEarlierRunFinished()
    {
        json first;
        QCOMPARE(runBatch(&first), 6);
        const QByteArray before = readAll(QDir(m_out).filePath(QStringLiteral("doc2.fanva")));
        json report;
        QCOMPARE(runBatch(&report), 0);
        QCOMPARE(jsonutil::integer(report["totals"]["outcomes"], "skipped"), 6);
        // The report still covers the whole batch: the skipped documents bring their figures.
        QVERIFY(report["totals"]["counts"] == first["totals"]["counts"]);
        QVERIFY(report["totals"]["usage"] == first["totals"]["usage"]);
        QCOMPARE(jsonutil::string(report["documents"][0], "previousOutcome"), jsonutil::string(first["documents"][0], "outcome"));
        QCOMPARE(readAll(QDir(m_out).filePath(QStringLiteral("doc2.fanva"))), before);

        // A changed document runs again; the others stay skipped.
        write(m_documents[1], "Pebbles is a penguin, and a changed one.\n");
        QCOMPARE(runBatch(&report), 1);
        QCOMPARE(jsonutil::integer(report["totals"]["outcomes"], "skipped"), 5);
        QVERIFY(readAll(QDir(m_out).filePath(QStringLiteral("doc2.fanva"))) != before);
    }

    // A crash mid-append left a torn last line: the next run ends it, skips it as unreadable,
    // and still knows what was finished.
    void survivesATornLogLine()
    {
        QCOMPARE(runBatch(), 6);
        const QString log = QDir(m_out).filePath(QStringLiteral("batch.jsonl"));
        write(log, QByteArray("{\"type\": \"document-finished\", \"key\": \"ab"), QIODevice::Append);
        QCOMPARE(runBatch(nullptr, 1), 0);
        const QByteArray bytes = readAll(log);
        QVERIFY(bytes.contains("\"key\": \"ab\n{"));
        QCOMPARE(countType(logLines(log), "batch-finished"), 2);
    }

    // A document whose session failed (the provider could not answer) is not finished: the
    // next run does it again.
    void runsAFailedDocumentAgain()
    {
        write(m_documents[0], "Pebbles is a penguin.\n");
        const QString broken = QDir(m_docs).filePath(QStringLiteral("missing.md"));
        m_documents << broken;
        json report;
        QCOMPARE(runBatch(&report), 6);
        QCOMPARE(jsonutil::integer(report["totals"], "finished"), 6);
        QCOMPARE(jsonutil::integer(report["totals"]["outcomes"], "unreadable"), 1);
        write(broken, "Pebbles is a penguin at last.\n");
        QCOMPARE(runBatch(&report), 1);
        QCOMPARE(jsonutil::integer(report["totals"], "finished"), 7);
    }

    // Every line batch.jsonl gets is announced as it is written (fanva-cli batch --json), in order.
    void announcesEveryLoggedEvent()
    {
        std::vector<json> events;
        QCOMPARE(runBatch(nullptr, 2, &events), 6);
        const std::vector<json> log = logLines(QDir(m_out).filePath(QStringLiteral("batch.jsonl")));
        QCOMPARE(events.size(), log.size());
        QCOMPARE(events.size(), std::size_t(8));
        for (std::size_t i = 0; i < log.size(); ++i)
            QCOMPARE(QString::fromStdString(events[i].dump()), QString::fromStdString(log[i].dump()));
        QCOMPARE(jsonutil::string(events.front(), "type"), QStringLiteral("batch-started"));
        QCOMPARE(jsonutil::string(events.back(), "type"), QStringLiteral("batch-finished"));
    }
};

QTEST_GUILESS_MAIN(TstBatchRun)
#include "tst_batchrun.moc"

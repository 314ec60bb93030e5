// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli batch (docs/spec/batch.md §4), the real binary: a folder of documents through the
// scripted provider and run again; through two loopback OpenAI-compatible servers by their
// slots, one of them pushing back; its usage errors; and a kill -9 mid-batch, after which the
// same command finishes the rest without redoing what was done.
#include "clirun.h"
#include "fakeserver.h"
#include "replyspec.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using fanva::fakes::Exchange;
using fanva::fakes::FakeServer;
using fanva::testsupport::ProcessRun;
using fanva::testsupport::readFileBytes;
using fanva::testsupport::runCli;
using fanva::testsupport::writeFileBytes;
using nlohmann::json;

namespace {

const QByteArray s_chat = "/v1/chat/completions";

/// The formalize reply every document gets: one sentence the demo KB's gates accept.
const QString s_reply = QStringLiteral("{\"candidates\":[{\"sentence\":\"(penguin Pebbles)\",\"segment\":1,\"confidence\":\"high\"}]}");

/// An OpenAI-compatible server answering every chat request with s_reply in `pieces` pieces,
/// `gapMs` apart.
std::unique_ptr<FakeServer> answering(int pieces = 1, int gapMs = 1)
{
    auto server = std::make_unique<FakeServer>();
    fanva::fakes::ReplySpec spec = fanva::fakes::openAiBasic();
    spec.pieces.clear();
    const qsizetype step = (s_reply.size() + pieces - 1) / pieces;
    for (qsizetype at = 0; at < s_reply.size(); at += step)
        spec.pieces.append(s_reply.mid(at, step));
    server->setDefault(s_chat, fanva::fakes::openAiStream(spec));
    server->setGapMs(gapMs);
    return server;
}

QString endpoint(const FakeServer &server, int slots)
{
    return server.url(QStringLiteral("/v1")).toString() + QStringLiteral("@%1").arg(slots);
}

std::vector<json> jsonLines(const QByteArray &bytes)
{
    std::vector<json> lines;
    for (const QByteArray &line : bytes.split('\n')) {
        json parsed = json::parse(line.toStdString(), nullptr, false);
        if (parsed.is_object())
            lines.push_back(std::move(parsed));
    }
    return lines;
}

int countType(const std::vector<json> &lines, const std::string &type)
{
    return int(std::count_if(lines.begin(), lines.end(), [&](const json &l) { return l.value("type", std::string()) == type; }));
}

} // namespace

class TstCliBatch : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_docs, m_out;

    /// Writes `count` one-sentence documents into m_docs.
    void writeDocuments(int count)
    {
        for (int i = 1; i <= count; ++i)
            QVERIFY(writeFileBytes(QDir(m_docs).filePath(QStringLiteral("doc%1.md").arg(i)),
                QStringLiteral("Pebbles is a penguin number %1.\n").arg(i).toUtf8()));
    }

    QStringList batchArgs(const QStringList &more) const
    {
        return QStringList { QStringLiteral("batch"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"),
            QStringLiteral("CxAnimals"), QStringLiteral("--judge"), QStringLiteral("off"), QStringLiteral("--out"), m_out }
        + more;
    }

    /// The batch over the OpenAI-compatible `endpoints`, started (not waited for): the
    /// fakes run in this process, so the test's event loop must turn while it runs.
    void startOverServers(QProcess &process, const QStringList &endpoints, const QStringList &more = {})
    {
        QStringList args = batchArgs({ QStringLiteral("--provider"), QStringLiteral("openai"), QStringLiteral("--model"),
            QStringLiteral("qwen2.5-7b-instruct"), QStringLiteral("--json") });
        for (const QString &e : endpoints)
            args << QStringLiteral("--endpoint") << e;
        args << more << m_docs;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-test-0123456789"));
        env.insert(QStringLiteral("NO_PROXY"), QStringLiteral("127.0.0.1"));
        env.remove(QStringLiteral("FANVA_PROVIDER"));
        process.setProcessEnvironment(env);
        process.start(fanva::testsupport::cliPath(), args);
        QVERIFY(process.waitForStarted(10000));
    }

    /// Waits for the process to end, turning the event loop; its exit code (-1 if it did not).
    static int finish(QProcess &process, int ms = 60000)
    {
        if (process.state() != QProcess::NotRunning) {
            QSignalSpy done(&process, &QProcess::finished);
            if (!done.wait(ms)) {
                process.kill();
                process.waitForFinished(5000);
                return -1;
            }
        }
        return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    }

    [[nodiscard]] QStringList sessions() const { return QDir(m_out).entryList({ QStringLiteral("*.fanva") }, QDir::Files, QDir::Name); }

    [[nodiscard]] json report() const
    {
        return json::parse(readFileBytes(QDir(m_out).filePath(QStringLiteral("report.json"))).toStdString(), nullptr, false);
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).removeRecursively();
        const QDir root(m_dir.path());
        QVERIFY(root.mkpath(QStringLiteral("kb")));
        QVERIFY(root.mkpath(QStringLiteral("docs")));
        m_kb = root.filePath(QStringLiteral("kb"));
        m_docs = root.filePath(QStringLiteral("docs"));
        m_out = root.filePath(QStringLiteral("out"));
        QVERIFY(fanva::testsupport::copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb"), m_kb, { QStringLiteral("*.txt") }));
    }

    // A folder of four documents through the scripted provider: four sessions, a report,
    // exit 0; the same command again skips all four and still exits 0.
    void formalizesAFolderAndSkipsItTheSecondTime()
    {
        writeDocuments(4);
        QVERIFY(writeFileBytes(QDir(m_docs).filePath(QStringLiteral("notes.json")), "{}")); // neither *.md nor *.txt
        const json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "reuse", true }, { "on_exhausted", "error" },
            { "turns", json::array({ { { "when", { { "purpose", "formalize" } } }, { "text", s_reply.toStdString() } } }) } };
        const QString scriptPath = QDir(m_dir.path()).filePath(QStringLiteral("script.json"));
        QVERIFY(writeFileBytes(scriptPath, QByteArray::fromStdString(script.dump())));
        const QStringList args = batchArgs({ QStringLiteral("--provider"), QStringLiteral("scripted"), QStringLiteral("--script"),
            scriptPath, QStringLiteral("--slots"), QStringLiteral("2"), m_docs });

        const ProcessRun first = runCli(args);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        QCOMPARE(sessions(),
            QStringList({ QStringLiteral("doc1.fanva"), QStringLiteral("doc2.fanva"), QStringLiteral("doc3.fanva"),
                QStringLiteral("doc4.fanva") }));
        QVERIFY(first.err.contains("[4/4] doc"));
        QVERIFY(first.err.contains(": success (1 entry,"));
        QVERIFY(first.out.contains("4 documents, 4 finished (success 4)"));
        QVERIFY(first.out.contains("report.json"));
        QCOMPARE(report()["totals"].value("finished", 0), 4);

        const ProcessRun second = runCli(args);
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QVERIFY(second.out.contains("4 documents, 4 finished (skipped 4)"));
        QCOMPARE(report()["totals"]["outcomes"].value("skipped", 0), 4);
        QCOMPARE(sessions().size(), 4);
    }

    // Two servers, 1 and 2 slots: every document finishes, the 2-slot server takes more of
    // them; --json prints batch.jsonl's events on stdout.
    void spreadsTheDocumentsOverTheServersSlots()
    {
        writeDocuments(6);
        auto one = answering(4, 25);
        auto two = answering(4, 25);
        QVERIFY(one->listen());
        QVERIFY(two->listen());
        QProcess process;
        startOverServers(process, { endpoint(*one, 1), endpoint(*two, 2) });
        const int code = finish(process);
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(code == 0, err.constData());
        QVERIFY(err.contains("6 documents, 3 at once"));
        QCOMPARE(sessions().size(), 6);
        QCOMPARE(one->requestCount(s_chat) + two->requestCount(s_chat), 6);
        QVERIFY(one->requestCount(s_chat) >= 1);
        QVERIFY2(two->requestCount(s_chat) > one->requestCount(s_chat),
            qPrintable(QStringLiteral("%1 vs %2").arg(two->requestCount(s_chat)).arg(one->requestCount(s_chat))));
        const std::vector<json> events = jsonLines(process.readAllStandardOutput());
        QCOMPARE(countType(events, "batch-started"), 1);
        QCOMPARE(countType(events, "document-finished"), 6);
        QCOMPARE(countType(events, "batch-finished"), 1);
        QCOMPARE(events.size(), jsonLines(readFileBytes(QDir(m_out).filePath(QStringLiteral("batch.jsonl")))).size());
    }

    // A server that answers 503 hands its work to the other: every document finishes there.
    void finishesEveryDocumentWhenAServerPushesBack()
    {
        writeDocuments(4);
        auto busy = std::make_unique<FakeServer>();
        busy->setDefault(s_chat, Exchange::json(503, "{\"error\":{\"message\":\"server busy\",\"type\":\"overloaded\"}}"));
        auto free = answering();
        QVERIFY(busy->listen());
        QVERIFY(free->listen());
        QProcess process;
        startOverServers(process, { endpoint(*busy, 1), endpoint(*free, 2) });
        const int code = finish(process);
        QVERIFY2(code == 0, process.readAllStandardError().constData());
        QCOMPARE(sessions().size(), 4);
        QCOMPARE(free->requestCount(s_chat), 4);
        QVERIFY(busy->requestCount(s_chat) >= 1);
        QCOMPARE(report()["totals"]["outcomes"].value("success", 0), 4);
    }

    // Usage errors exit 2 and say what is wrong, before any document is read.
    void refusesBadUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList base { QStringLiteral("batch"), QStringLiteral("--provider"), QStringLiteral("openai"), QStringLiteral("--kb"),
            QStringLiteral("KB"), QStringLiteral("--context"), QStringLiteral("CxAnimals") };
        QTest::newRow("bad @N") << base
                + QStringList { QStringLiteral("--out"), QStringLiteral("OUT"), QStringLiteral("--endpoint"),
                      QStringLiteral("http://127.0.0.1:9@0"), QStringLiteral("DOCS") }
                                << QStringLiteral("no number of slots");
        QTest::newRow("bad URL") << base
                + QStringList { QStringLiteral("--out"), QStringLiteral("OUT"), QStringLiteral("--endpoint"), QStringLiteral("127.0.0.1:9"),
                      QStringLiteral("DOCS") }
                                 << QStringLiteral("no http or https URL");
        QTest::newRow("bad --max-attempts") << base
                + QStringList { QStringLiteral("--out"), QStringLiteral("OUT"), QStringLiteral("--max-attempts"), QStringLiteral("0"),
                      QStringLiteral("DOCS") }
                                            << QStringLiteral("--max-attempts takes a number from 1 to 10");
        QTest::newRow("bad --slots") << base
                + QStringList { QStringLiteral("--out"), QStringLiteral("OUT"), QStringLiteral("--slots"), QStringLiteral("0"),
                      QStringLiteral("DOCS") }
                                     << QStringLiteral("--slots takes a number from 1 to");
        QTest::newRow("no --out") << base + QStringList { QStringLiteral("DOCS") } << QStringLiteral("--out DIR is required");
        QTest::newRow("no documents") << base + QStringList { QStringLiteral("--out"), QStringLiteral("OUT") }
                                      << QStringLiteral("no documents");
        QTest::newRow("empty folder") << base + QStringList { QStringLiteral("--out"), QStringLiteral("OUT"), QStringLiteral("EMPTY") }
                                      << QStringLiteral("no documents");
        QTest::newRow("no base URL") << QStringList { QStringLiteral("batch"), QStringLiteral("--provider"), QStringLiteral("scripted"),
            QStringLiteral("--kb"), QStringLiteral("KB"), QStringLiteral("--context"), QStringLiteral("CxAnimals"), QStringLiteral("--out"),
            QStringLiteral("OUT"), QStringLiteral("--endpoint"), QStringLiteral("http://127.0.0.1:9"), QStringLiteral("DOCS") }
                                     << QStringLiteral("the scripted provider talks to none");
    }

    void refusesBadUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        writeDocuments(1);
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("empty")));
        args.replaceInStrings(QStringLiteral("KB"), m_kb);
        args.replaceInStrings(QStringLiteral("OUT"), m_out);
        args.replaceInStrings(QStringLiteral("DOCS"), m_docs);
        args.replaceInStrings(QStringLiteral("EMPTY"), QDir(m_dir.path()).filePath(QStringLiteral("empty")));
        const ProcessRun run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(!QFileInfo::exists(m_out));
    }

    // kill -9 after the first document finished, then the same command: every document has
    // its session, and those finished before the kill were not asked for again.
    void continuesAfterKillNine()
    {
        const int documents = 8;
        writeDocuments(documents);
        auto slow = answering(8, 40);
        QVERIFY(slow->listen());
        const QString log = QDir(m_out).filePath(QStringLiteral("batch.jsonl"));
        QProcess first;
        startOverServers(first, { endpoint(*slow, 1) });
        QTRY_VERIFY_WITH_TIMEOUT(readFileBytes(log).contains("\"document-finished\""), 30000);
        first.kill(); // SIGKILL: no handler runs, nothing is flushed but what already was
        QVERIFY(first.waitForFinished(10000));
        QCOMPARE(first.exitStatus(), QProcess::CrashExit);
        // A request the killed process sent just before is counted once its socket is read.
        QTRY_COMPARE_WITH_TIMEOUT(slow->openConnections(), 0, 10000);
        const int finishedBefore = countType(jsonLines(readFileBytes(log)), "document-finished");
        QVERIFY(finishedBefore >= 1 && finishedBefore < documents);
        QVERIFY(!QFileInfo::exists(QDir(m_out).filePath(QStringLiteral("report.json"))));
        const int requestsBefore = slow->requestCount(s_chat);

        QProcess second;
        startOverServers(second, { endpoint(*slow, 1) });
        const int code = finish(second);
        QVERIFY2(code == 0, second.readAllStandardError().constData());
        QCOMPARE(sessions().size(), documents);
        QCOMPARE(slow->requestCount(s_chat) - requestsBefore, documents - finishedBefore);
        QCOMPARE(report()["totals"]["outcomes"].value("skipped", 0), finishedBefore);
        QCOMPARE(report()["totals"].value("finished", 0), documents);
    }

    // Documents whose sessions failed (the server refuses the request) are not finished:
    // the batch exits 1, and the report says why.
    void exitsOneWhenADocumentDidNotFinish()
    {
        writeDocuments(2);
        auto refusing = std::make_unique<FakeServer>();
        refusing->setDefault(s_chat, Exchange::json(400, "{\"error\":{\"message\":\"bad request\",\"type\":\"invalid_request_error\"}}"));
        QVERIFY(refusing->listen());
        QProcess process;
        startOverServers(process, { endpoint(*refusing, 1) });
        QCOMPARE(finish(process), 1);
        QVERIFY(sessions().isEmpty());
        const json written = report();
        QCOMPARE(written["totals"].value("finished", -1), 0);
        QCOMPARE(written["totals"]["outcomes"].value("chat-failed", 0), 2);
        QVERIFY(process.readAllStandardError().contains(": chat-failed ("));
        // Why, in the report and the log: the server's own message.
        QVERIFY2(written["documents"][0].value("error", std::string()).find("bad request") != std::string::npos,
            written["documents"][0].dump().c_str());
        const std::vector<json> lines = jsonLines(readFileBytes(QDir(m_out).filePath(QStringLiteral("batch.jsonl"))));
        QCOMPARE(countType(lines, "document-failed"), 2);
    }

    // Ctrl-C (here SIGTERM, handled alike) cancels the run: the report is still written,
    // batch.jsonl ends with batch-cancelled, and the exit code is 2.
    void cancelsOnInterruptAndStillReports()
    {
        writeDocuments(8);
        auto slow = answering(8, 40);
        QVERIFY(slow->listen());
        const QString log = QDir(m_out).filePath(QStringLiteral("batch.jsonl"));
        QProcess process;
        startOverServers(process, { endpoint(*slow, 1) });
        QTRY_VERIFY_WITH_TIMEOUT(readFileBytes(log).contains("\"document-finished\""), 30000);
        process.terminate();
        QCOMPARE(finish(process), 2);
        const std::vector<json> lines = jsonLines(readFileBytes(log));
        QCOMPARE(countType(lines, "batch-cancelled"), 1);
        QCOMPARE(lines.back().value("type", std::string()), std::string("batch-cancelled"));
        const json written = report();
        QVERIFY(written.is_object());
        QVERIFY(written["totals"].value("finished", 0) < 8);
        QVERIFY(process.readAllStandardError().contains("Batch cancelled"));
    }
};

QTEST_GUILESS_MAIN(TstCliBatch)
#include "tst_cli_batch.moc"

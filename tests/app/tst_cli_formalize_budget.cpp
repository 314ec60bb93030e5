// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli formalize against a loopback Ollama (fanva-fake-server): the session's window
// follows the context length /api/show reports, capped by --context-window (formalize.md §5,
// providers.md §3); provider notices reach stderr; --json reports the vocabulary counts.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "clirun.h"

#include <nlohmann/json.hpp>

namespace {

/// fanva-fake-server serving `routes` (PATH=FILE) and recording what it received.
class FakeOllama
{
public:
    FakeOllama(const QStringList &routes, QString record)
        : m_record(std::move(record))
    {
        QStringList args { QStringLiteral("--record"), m_record };
        for (const QString &route : routes)
            args << QStringLiteral("--route") << route;
        m_process.start(QStringLiteral(FANVA_FAKE_SERVER_PATH), args);
        if (m_process.waitForReadyRead(10000))
            m_port = m_process.readLine().trimmed().toUShort();
    }
    ~FakeOllama() { stop(); }
    [[nodiscard]] quint16 port() const { return m_port; }

    /// Stops the server and returns the requests it received, one JSON object each.
    std::vector<nlohmann::json> stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.closeWriteChannel(); // the server writes the record and quits when its stdin closes
            if (!m_process.waitForFinished(10000))
                m_process.kill();
        }
        std::vector<nlohmann::json> requests;
        QFile file(m_record);
        if (!file.open(QIODevice::ReadOnly))
            return requests;
        while (!file.atEnd()) {
            const QByteArray line = file.readLine().trimmed();
            if (!line.isEmpty())
                requests.push_back(nlohmann::json::parse(line.toStdString(), nullptr, false));
        }
        return requests;
    }

private:
    QProcess m_process;
    QString m_record;
    quint16 m_port = 0;
};

using Run = fanva::testsupport::ProcessRun;
using fanva::testsupport::runCli;

bool writeFile(const QString &path, const QByteArray &bytes)
{
    return fanva::testsupport::writeFileBytes(path, bytes);
}

/// An Ollama chat stream answering one candidate; `promptEval` < 0 leaves the count out, and
/// `cached` < 0 the count of prompt tokens read from the cache.
QByteArray chatStream(int promptEval, int cached = -1)
{
    const std::string reply = nlohmann::json { { "candidates", { { { "sentence", "(penguin Pingu)" }, { "segment", 1 } } } } }.dump();
    nlohmann::json done { { "model", "qwen3:8b" }, { "message", { { "role", "assistant" }, { "content", "" } } }, { "done", true },
        { "done_reason", "stop" }, { "eval_count", 12 } };
    if (promptEval >= 0)
        done["prompt_eval_count"] = promptEval;
    if (cached >= 0)
        done["prompt_eval_cached_count"] = cached;
    const nlohmann::json text { { "model", "qwen3:8b" }, { "message", { { "role", "assistant" }, { "content", reply } } },
        { "done", false } };
    return QByteArray::fromStdString(text.dump() + "\n" + done.dump() + "\n");
}

/// /api/show of a model; `contextLength` 0 reports none.
QByteArray show(int contextLength)
{
    nlohmann::json info { { "general.architecture", "qwen3" } };
    if (contextLength > 0)
        info["qwen3.context_length"] = contextLength;
    return QByteArray::fromStdString(
        nlohmann::json { { "details", { { "family", "qwen3" } } }, { "model_info", info }, { "capabilities", { "completion" } } }.dump());
}

/// About `kilobytes` KB of English in short sentences.
QByteArray english(int kilobytes)
{
    QByteArray text = "Pingu is a penguin who lives in Harbour Zoo.\n";
    for (int i = 1; text.size() < kilobytes * 1024; ++i)
        text += QByteArray("Penguin number ") + QByteArray::number(i) + " eats fish every morning and swims in the cold pool.\n";
    return text;
}

} // namespace

class TstCliFormalizeBudget : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_doc;

    QStringList formalize(quint16 port, const QStringList &more, const QString &document = {})
    {
        return QStringList { QStringLiteral("formalize"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"),
            QStringLiteral("CxAnimals"), QStringLiteral("--provider"), QStringLiteral("ollama"), QStringLiteral("--model"),
            QStringLiteral("qwen3:8b"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:%1").arg(port),
            QStringLiteral("--judge"), QStringLiteral("off"), QStringLiteral("--max-attempts"), QStringLiteral("1"),
            QStringLiteral("--json") }
        + more + QStringList { document.isEmpty() ? m_doc : document };
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_kb = m_dir.filePath(QStringLiteral("kb"));
        QVERIFY(QDir().mkpath(m_kb));
        QVERIFY(QFile::copy(
            QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture/kb/CxAnimals.txt"), m_kb + QStringLiteral("/CxAnimals.txt")));
        m_doc = m_dir.filePath(QStringLiteral("zoo.md"));
        QVERIFY(writeFile(m_doc, english(8)));
    }

    void windowFollowsTheModel_data()
    {
        QTest::addColumn<int>("kilobytes");
        QTest::addColumn<int>("reported");
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<bool>("tooLarge");
        QTest::addColumn<int>("window");
        QTest::addColumn<int>("numPredict");
        QTest::addColumn<int>("numCtxAbove");

        const auto flag = [](const char *name, const char *value) {
            return QStringList { QString::fromLatin1(name), QString::fromLatin1(value) };
        };
        // The case: 8 KB against a model reporting 40,960 tokens.
        QTest::addRow("8 KB, reports 40960") << 8 << 40960 << QStringList() << false << 40960 << 4096 << 8192;
        QTest::addRow("16 KB, reports 40960") << 16 << 40960 << QStringList() << false << 40960 << 4096 << 8192;
        // Too large for 8,192 tokens: cut into rounds of whole sentences (formalize.md §5.6), not refused.
        QTest::addRow("16 KB, reports nothing: 8192, rounds") << 16 << 0 << QStringList() << false << 8192 << 4096 << 0;
        QTest::addRow("16 KB, capped by --context-window, rounds")
            << 16 << 40960 << flag("--context-window", "8192") << false << 8192 << 4096 << 0;
        QTest::addRow("16 KB, --context-window without a report")
            << 16 << 0 << flag("--context-window", "32768") << false << 32768 << 4096 << 8192;
        QTest::addRow("8 KB, --max-output-tokens") << 8 << 40960 << flag("--max-output-tokens", "2048") << false << 40960 << 2048 << 4096;
    }

    void windowFollowsTheModel()
    {
        QFETCH(int, kilobytes);
        QFETCH(int, reported);
        QFETCH(QStringList, flags);
        QFETCH(bool, tooLarge);
        QFETCH(int, window);
        QFETCH(int, numPredict);
        QFETCH(int, numCtxAbove);

        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
        const QString showFile = m_dir.filePath(tag + QStringLiteral("-show.json"));
        const QString chatFile = m_dir.filePath(tag + QStringLiteral("-chat.ndjson"));
        const QString document = m_dir.filePath(tag + QStringLiteral(".md"));
        QVERIFY(writeFile(showFile, show(reported)));
        // The prompt tokens the fake reports read: within a round's window where the window is small.
        QVERIFY(writeFile(chatFile, chatStream(window <= 8192 ? 3000 : 9000)));
        QVERIFY(writeFile(document, english(kilobytes)));
        FakeOllama server({ QStringLiteral("/api/show=") + showFile, QStringLiteral("/api/chat=") + chatFile },
            m_dir.filePath(tag + QStringLiteral("-record.jsonl")));
        QVERIFY(server.port() != 0);

        const Run run = runCli(formalize(server.port(), flags, document));
        const std::vector<nlohmann::json> requests = server.stop();
        QVERIFY2(run.err.contains(QStringLiteral("context window %1 tokens").arg(QLocale(QLocale::English).toString(window)).toUtf8()),
            run.err.constData());
        const nlohmann::json outcome = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(outcome.is_object(), run.out.constData());
        QCOMPARE(outcome.value("outcome", std::string()) == "too-large", tooLarge);

        int chats = 0;
        for (const nlohmann::json &request : requests) {
            if (request.value("path", std::string()) != "/api/chat")
                continue;
            ++chats;
            const nlohmann::json &options = request["body"]["options"];
            const int numCtx = options.value("num_ctx", 0);
            // A model that reports no length bounds nothing but the provider's own sizing.
            QVERIFY2(numCtx > numCtxAbove && (numCtx <= window || (reported == 0 && flags.isEmpty())), std::to_string(numCtx).c_str());
            QCOMPARE(options.value("num_predict", 0), numPredict);
        }
        QCOMPARE(chats > 0, !tooLarge);
        // 16 KB in an 8,192-token window takes more than one round, each a call of its own.
        if (window == 8192 && kilobytes == 16) {
            QVERIFY2(outcome.value("rounds", 0) > 1, run.out.constData());
            QVERIFY(chats > 1);
        }
    }

    void vocabularyInJson()
    {
        const QString showFile = m_dir.filePath(QStringLiteral("vocabulary-show.json"));
        const QString chatFile = m_dir.filePath(QStringLiteral("vocabulary-chat.ndjson"));
        QVERIFY(writeFile(showFile, show(40960)));
        QVERIFY(writeFile(chatFile, chatStream(9000)));
        FakeOllama server({ QStringLiteral("/api/show=") + showFile, QStringLiteral("/api/chat=") + chatFile },
            m_dir.filePath(QStringLiteral("vocabulary-record.jsonl")));
        const Run run = runCli(formalize(server.port(), {}));
        const nlohmann::json outcome = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(outcome.contains("vocabulary"), run.out.constData());
        const nlohmann::json &vocabulary = outcome["vocabulary"];
        // (penguin Pingu): one literal, penguin is in CxAnimals.
        QCOMPARE(vocabulary.value("literals", -1), 1);
        QCOMPARE(vocabulary.value("reused", -1), 1);
        QCOMPARE(vocabulary.value("coined", -1), 0);
    }

    void noticesOnStderr()
    {
        // No prompt_eval_count: the truncation check is skipped, and says so.
        const QString showFile = m_dir.filePath(QStringLiteral("notice-show.json"));
        const QString chatFile = m_dir.filePath(QStringLiteral("notice-chat.ndjson"));
        QVERIFY(writeFile(showFile, show(40960)));
        QVERIFY(writeFile(chatFile, chatStream(-1)));
        FakeOllama server({ QStringLiteral("/api/show=") + showFile, QStringLiteral("/api/chat=") + chatFile },
            m_dir.filePath(QStringLiteral("notice-record.jsonl")));
        const Run run = runCli(formalize(server.port(), {}));
        QVERIFY2(run.err.contains("#1 notice: truncation check skipped"), run.err.constData());
    }

    void cachedPromptIsNoTruncation_data()
    {
        QTest::addColumn<int>("promptEval");
        QTest::addColumn<int>("cached");
        QTest::addColumn<bool>("notice");
        // Releases that count only the prompt tokens not served from the cache: 38 of an 8 KB
        // document is far below the window it was sent with, so a notice, not too-large.
        QTest::addRow("38, no cached count") << 38 << -1 << true;
        // Releases that report the cached tokens: they count as read.
        QTest::addRow("38 with 3000 cached") << 38 << 3000 << false;
    }

    void cachedPromptIsNoTruncation()
    {
        QFETCH(int, promptEval);
        QFETCH(int, cached);
        QFETCH(bool, notice);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
        const QString showFile = m_dir.filePath(tag + QStringLiteral("-show.json"));
        const QString chatFile = m_dir.filePath(tag + QStringLiteral("-chat.ndjson"));
        QVERIFY(writeFile(showFile, show(40960)));
        QVERIFY(writeFile(chatFile, chatStream(promptEval, cached)));
        FakeOllama server({ QStringLiteral("/api/show=") + showFile, QStringLiteral("/api/chat=") + chatFile },
            m_dir.filePath(tag + QStringLiteral("-record.jsonl")));
        const Run run = runCli(formalize(server.port(), {}));
        const nlohmann::json outcome = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(outcome.is_object(), run.err.constData());
        QVERIFY2(outcome.value("outcome", std::string()) == "success", run.out.constData());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err.contains("served from its cache"), notice);
        QVERIFY2(!run.err.contains("silently dropped"), run.err.constData());
    }

    void badFlags_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("message");
        QTest::addRow("window too small") << QStringList { QStringLiteral("--context-window"), QStringLiteral("100") }
                                          << QStringLiteral("--context-window takes a number of tokens from 1024");
        QTest::addRow("output not a number") << QStringList { QStringLiteral("--max-output-tokens"), QStringLiteral("many") }
                                             << QStringLiteral("--max-output-tokens takes a number of tokens from 256 to 32768");
        QTest::addRow("effort") << QStringList { QStringLiteral("--effort"), QStringLiteral("max") }
                                << QStringLiteral("--effort takes low, medium or high");
        QTest::addRow("thinking") << QStringList { QStringLiteral("--thinking"), QStringLiteral("yes") }
                                  << QStringLiteral("--thinking takes on or off");
    }

    void badFlags()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, message);
        const Run run = runCli(formalize(1, flags));
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstCliFormalizeBudget)
#include "tst_cli_formalize_budget.moc"

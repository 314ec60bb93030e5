// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli ask and providers as a user runs them: the real executable against
// fanva-fake-server (Ollama, Anthropic and OpenAI-compatible fixtures on 127.0.0.1), with the
// streamed stdout and stderr checked exactly, and a planted API key that must not appear in
// any output or file of the run.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <csignal>

using nlohmann::json;

namespace {

constexpr char kPlantedKey[] = "fanva-planted-7f3c9a1e5b2d4068";

QString fixture(const QString &name)
{
    return QStringLiteral(FANVA_TEST_DATA_DIR "/llm/") + name;
}

/// fanva-fake-server serving `routes` (PATH=FILE[@STATUS]) until destroyed.
class FakeServerProcess
{
public:
    explicit FakeServerProcess(const QStringList &routes, int gapMs = 1)
    {
        QStringList args { QStringLiteral("--gap"), QString::number(gapMs) };
        for (const QString &route : routes)
            args << QStringLiteral("--route") << route;
        m_process.start(QStringLiteral(FANVA_FAKE_SERVER_PATH), args);
        if (m_process.waitForReadyRead(10000))
            m_port = m_process.readLine().trimmed().toUShort();
    }
    ~FakeServerProcess()
    {
        m_process.closeWriteChannel(); // the server quits when its stdin closes
        if (!m_process.waitForFinished(5000))
            m_process.kill();
    }
    [[nodiscard]] quint16 port() const { return m_port; }
    [[nodiscard]] QString url(const QString &path = {}) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path); }

private:
    QProcess m_process;
    quint16 m_port = 0;
};

struct CliRun {
    int exitCode = -1;
    QByteArray out, err;
};

} // namespace

class TstCliAsk : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void ollamaStreamsToStdout();
    void anthropicJson();
    void refusalExitsOne();
    void openAiStreams();
    void connectionRefused();
    void noProviderSelected();
    void scriptedWithRecord();
    void providersWithoutSelection();
    void providersSelectedButUnusable();
    void providersProbeOllama();
    void plantedKeyNeverShown();
    void interruptCancels();

private:
    CliRun cli(const QStringList &args, const QProcessEnvironment &extra = {}, const QByteArray &input = {});

    QString m_outputDir;
    QTemporaryDir m_home;
    QStringList m_written; ///< stdout/stderr files this test wrote
};

void TstCliAsk::initTestCase()
{
    const QString base = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR", QDir::tempPath());
    m_outputDir = base + QStringLiteral("/tst_cli_ask");
    QDir(m_outputDir).removeRecursively();
    QVERIFY(QDir().mkpath(m_outputDir));
    QVERIFY(m_home.isValid());
}

CliRun TstCliAsk::cli(const QStringList &args, const QProcessEnvironment &extra, const QByteArray &input)
{
    // A clean environment: nothing of the developer's own keys or settings leaks in.
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH"));
    // A UTF-8 locale, or Qt 6.8 warns on stderr that it switched to one.
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("HOME"), m_outputDir + QStringLiteral("/home"));
    for (const char *xdg : { "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR" })
        environment.insert(QString::fromLatin1(xdg), m_outputDir + QStringLiteral("/") + QString::fromLatin1(xdg).toLower());
    environment.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("fanva.*.debug=true"));
    for (const QString &key : extra.keys())
        environment.insert(key, extra.value(key));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(FANVA_CLI_PATH), args);
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    CliRun run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    const QString stem = QStringLiteral("%1/run-%2").arg(m_outputDir).arg(m_written.size() / 2 + 1);
    for (const auto &[suffix, bytes] :
        { std::pair { QStringLiteral(".stdout"), run.out }, std::pair { QStringLiteral(".stderr"), run.err } }) {
        QFile file(stem + suffix);
        if (file.open(QIODevice::WriteOnly))
            file.write(bytes);
        m_written << file.fileName();
    }
    return run;
}

void TstCliAsk::ollamaStreamsToStdout()
{
    FakeServerProcess server({ QStringLiteral("/api/chat=") + fixture(QStringLiteral("ollama/chat-basic.ndjson")),
        QStringLiteral("/api/show=") + fixture(QStringLiteral("ollama/show.json")) });
    QVERIFY(server.port() != 0);
    const CliRun run = cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("ollama"), QStringLiteral("--model"),
        QStringLiteral("qwen3:8b"), QStringLiteral("--base-url"), server.url(), QStringLiteral("Rex is a dog.") });
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray("{\"candidates\":[\"(dog Rex)\"]}\n"));
    // stderr: the debug log (QT_LOGGING_RULES) and, last, the stop reason and usage.
    QVERIFY2(run.err.endsWith("stop: end-turn; tokens: input 38, output 12, cache read ?, cache write ?\n"), run.err.constData());
}

void TstCliAsk::anthropicJson()
{
    FakeServerProcess server({ QStringLiteral("/v1/messages=") + fixture(QStringLiteral("anthropic/stream-basic.sse")) });
    QVERIFY(server.port() != 0);
    QProcessEnvironment env;
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QString::fromLatin1(kPlantedKey));
    env.insert(QStringLiteral("FANVA_PROVIDER"), QStringLiteral("anthropic"));
    env.insert(QStringLiteral("ANTHROPIC_BASE_URL"), server.url());
    const CliRun run = cli(
        { QStringLiteral("ask"), QStringLiteral("--model"), QStringLiteral("claude-test"), QStringLiteral("--json"), QStringLiteral("-") },
        env, "Rex is a dog.");
    QCOMPARE(run.exitCode, 0);
    const json object = json::parse(run.out.toStdString(), nullptr, false);
    QVERIFY2(object.is_object(), run.out.constData());
    QCOMPARE(object["text"].get<std::string>(), std::string("{\"candidates\":[\"(dog Rex)\"]}"));
    QCOMPARE(object["stopReason"].get<std::string>(), std::string("end-turn"));
    QCOMPARE(object["model"].get<std::string>(), std::string("claude-test"));
    QCOMPARE(QString::fromStdString(object["usage"].dump()), QStringLiteral(R"({"cacheRead":4210,"cacheWrite":0,"input":25,"output":15})"));
    QCOMPARE(object["thinking"].get<std::string>(), std::string());
}

void TstCliAsk::refusalExitsOne()
{
    FakeServerProcess server({ QStringLiteral("/v1/messages=") + fixture(QStringLiteral("anthropic/stream-refusal.sse")) });
    QProcessEnvironment env;
    env.insert(QStringLiteral("FANVA_ANTHROPIC_API_KEY"), QString::fromLatin1(kPlantedKey));
    const CliRun run = cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("anthropic"), QStringLiteral("--model"),
                               QStringLiteral("claude-test"), QStringLiteral("--base-url"), server.url(), QStringLiteral("something") },
        env);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out, QByteArray("Hello..\n")); // streamed as it came; nothing of it is used
    QVERIFY2(run.err.contains("fanva-cli ask: Claude declined this request (refusal: cyber). Nothing from this answer is used.\n"),
        run.err.constData());
    QVERIFY(run.err.endsWith("stop: refusal; tokens: input 25, output 4, cache read 4,210, cache write 0\n"));
}

void TstCliAsk::openAiStreams()
{
    FakeServerProcess server({ QStringLiteral("/v1/chat/completions=") + fixture(QStringLiteral("openai/stream-reasoning.sse")) });
    const CliRun run = cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("openai"), QStringLiteral("--model"),
        QStringLiteral("qwen2.5-7b-instruct"), QStringLiteral("--base-url"), server.url(QStringLiteral("/v1")), QStringLiteral("--json"),
        QStringLiteral("hi") });
    QCOMPARE(run.exitCode, 0);
    const json object = json::parse(run.out.toStdString(), nullptr, false);
    QCOMPARE(object["thinking"].get<std::string>(), std::string("Rex is an individual."));
    QCOMPARE(object["usage"]["input"].get<int>(), 412);
}

void TstCliAsk::connectionRefused()
{
    quint16 port = 0;
    {
        FakeServerProcess server({});
        port = server.port();
    }
    QVERIFY(port != 0);
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    const CliRun run = cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("ollama"), QStringLiteral("--model"),
        QStringLiteral("qwen3:8b"), QStringLiteral("--base-url"), url, QStringLiteral("hi") });
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QByteArray());
    const QByteArray last = run.err.trimmed().split('\n').last();
    QCOMPARE(QString::fromUtf8(last),
        QStringLiteral("fanva-cli ask: Cannot reach Ollama at %1 (connection refused) — is \"ollama serve\" running?").arg(url));
    QCOMPARE(run.err.count("fanva-cli ask: retrying in "), 2);
}

void TstCliAsk::noProviderSelected()
{
    const CliRun run = cli({ QStringLiteral("ask"), QStringLiteral("hi") });
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err, QByteArray("fanva-cli ask: no provider selected: pass --provider or set FANVA_PROVIDER\n"));
    QCOMPARE(cli({ QStringLiteral("ask"), QStringLiteral("--help") }).exitCode, 0);
    QCOMPARE(cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("ollama") }).exitCode, 2);
}

void TstCliAsk::scriptedWithRecord()
{
    const QString script = m_outputDir + QStringLiteral("/script.json");
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        R"({"format":"fanva-script/1","chunk_chars":3,"turns":[{"when":{"purpose":"ask"},"text":"scripted answer","usage":{"input":7,"output":3}}]})");
    file.close();
    const QString record = m_outputDir + QStringLiteral("/record.jsonl");
    const QString system = m_outputDir + QStringLiteral("/system.txt");
    QFile systemFile(system);
    QVERIFY(systemFile.open(QIODevice::WriteOnly));
    systemFile.write("RULES");
    systemFile.close();
    const CliRun run = cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("scripted"), QStringLiteral("--script"),
        script, QStringLiteral("--script-record"), record, QStringLiteral("--system"), system, QStringLiteral("--max-tokens"),
        QStringLiteral("100"), QStringLiteral("hi") });
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray("scripted answer\n"));
    QFile recorded(record);
    QVERIFY(recorded.open(QIODevice::ReadOnly));
    const json request = json::parse(recorded.readAll().toStdString());
    QCOMPARE(request["maxTokens"].get<int>(), 100);
    QCOMPARE(request["system"][0]["text"].get<std::string>(), std::string("RULES"));
    QCOMPARE(request["messages"][0]["text"].get<std::string>(), std::string("hi"));
}

void TstCliAsk::providersWithoutSelection()
{
    const CliRun run = cli({ QStringLiteral("providers"), QStringLiteral("--json") });
    QCOMPARE(run.exitCode, 0);
    const json object = json::parse(run.out.toStdString(), nullptr, false);
    QVERIFY(object.is_object());
    // The five built in, then `rules` where Link Grammar and WordNet were found at build time.
    std::vector<std::string> ids;
    for (const json &provider : object["providers"])
        ids.push_back(provider["id"].get<std::string>());
    std::vector<std::string> expected { "scripted", "demo", "ollama", "anthropic", "openai" };
#ifdef FANVA_HAVE_RULES
    expected.emplace_back("rules");
#endif
    QCOMPARE(ids, expected);
    for (const json &provider : object["providers"])
        QCOMPARE(provider["selected"].get<bool>(), false);
    QCOMPARE(object["providers"][2]["baseUrl"].get<std::string>(), std::string("http://127.0.0.1:11434"));
}

void TstCliAsk::providersSelectedButUnusable()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("FANVA_PROVIDER"), QStringLiteral("anthropic"));
    const CliRun run = cli({ QStringLiteral("providers") }, env);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.contains("anthropic (selected)\n"));
    QVERIFY(run.out.contains("  error: No Anthropic API key"));
}

void TstCliAsk::providersProbeOllama()
{
    FakeServerProcess server({ QStringLiteral("/api/version=") + fixture(QStringLiteral("ollama/version.json")),
        QStringLiteral("/api/tags=") + fixture(QStringLiteral("ollama/tags.json")),
        QStringLiteral("/api/show=") + fixture(QStringLiteral("ollama/show.json")) });
    QProcessEnvironment env;
    env.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral(":%1").arg(server.port()));
    env.insert(QStringLiteral("FANVA_MODEL"), QStringLiteral("qwen3:8b"));
    const CliRun run = cli({ QStringLiteral("providers"), QStringLiteral("--provider"), QStringLiteral("ollama"), QStringLiteral("--probe"),
                               QStringLiteral("--json") },
        env);
    QCOMPARE(run.exitCode, 0);
    const json ollama = json::parse(run.out.toStdString(), nullptr, false)["providers"][2];
    QCOMPARE(ollama["selected"].get<bool>(), true);
    QCOMPARE(ollama["reachable"].get<bool>(), true);
    QCOMPARE(ollama["version"].get<std::string>(), std::string("0.12.3"));
    QCOMPARE(ollama["models"][0].get<std::string>(), std::string("qwen3:8b"));
    QCOMPARE(ollama["modelInfo"]["contextLength"].get<int>(), 40960);
    QCOMPARE(ollama["modelInfo"]["installed"].get<bool>(), true);
    QCOMPARE(QString::fromStdString(ollama["modelInfo"]["capabilities"].dump()), QStringLiteral(R"(["completion","thinking"])"));
}

void TstCliAsk::plantedKeyNeverShown()
{
    // A 400 that echoes the key, from the Anthropic and the OpenAI-compatible fakes.
    const QString echo = m_outputDir + QStringLiteral("/echo-anthropic.json");
    const QString echoOpenAi = m_outputDir + QStringLiteral("/echo-openai.json");
    {
        QFile a(echo);
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write(QByteArray(R"({"type":"error","error":{"type":"invalid_request_error","message":"bad x-api-key: )") + kPlantedKey + "\"}}");
        QFile o(echoOpenAi);
        QVERIFY(o.open(QIODevice::WriteOnly));
        o.write(QByteArray(R"({"error":{"message":"Incorrect API key provided: Bearer )") + kPlantedKey + "\"}}");
    }
    FakeServerProcess anthropic({ QStringLiteral("/v1/messages=") + echo + QStringLiteral("@400") });
    FakeServerProcess openai({ QStringLiteral("/v1/chat/completions=") + echoOpenAi + QStringLiteral("@400"),
        QStringLiteral("/v1/models=") + fixture(QStringLiteral("openai/models.json")) });
    QProcessEnvironment env;
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QString::fromLatin1(kPlantedKey));
    env.insert(QStringLiteral("OPENAI_API_KEY"), QString::fromLatin1(kPlantedKey));
    env.insert(QStringLiteral("ANTHROPIC_BASE_URL"), anthropic.url());
    env.insert(QStringLiteral("OPENAI_BASE_URL"), openai.url(QStringLiteral("/v1")));

    const CliRun a = cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("anthropic"), QStringLiteral("--model"),
                             QStringLiteral("m"), QStringLiteral("hi") },
        env);
    QCOMPARE(a.exitCode, 2);
    QVERIFY2(a.err.contains("fanva-cli ask: Anthropic rejected the request (400 invalid_request_error): bad x-api-key: [redacted]\n"),
        a.err.constData());
    const CliRun o = cli({ QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("openai"), QStringLiteral("--model"),
                             QStringLiteral("m"), QStringLiteral("hi") },
        env);
    QCOMPARE(o.exitCode, 2);
    QVERIFY2(o.err.contains("[redacted]"), o.err.constData());
    const CliRun p = cli({ QStringLiteral("providers"), QStringLiteral("--probe"), QStringLiteral("--json") }, env);
    QCOMPARE(p.exitCode, 0);
    QVERIFY(p.out.contains("\"source\": \"env:ANTHROPIC_API_KEY\""));

    // No file this test run wrote, nor any output, holds the key or a 12-character piece of it.
    const QByteArray key(kPlantedKey);
    QStringList offenders;
    QDirIterator files(m_outputDir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    int checked = 0;
    while (files.hasNext()) {
        const QString path = files.next();
        if (path == echo || path == echoOpenAi)
            continue; // the fakes' own replies, written by this test
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        ++checked;
        for (qsizetype i = 0; i + 12 <= key.size(); ++i) {
            if (bytes.contains(key.mid(i, 12))) {
                offenders << path;
                break;
            }
        }
    }
    QVERIFY(checked >= m_written.size());
    QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(QLatin1Char('\n'))));
}

void TstCliAsk::interruptCancels()
{
    // Pieces 300 ms apart: interrupt once the first text has been printed.
    FakeServerProcess server({ QStringLiteral("/api/chat=") + fixture(QStringLiteral("ollama/chat-basic.ndjson")),
                                 QStringLiteral("/api/show=") + fixture(QStringLiteral("ollama/show.json")) },
        300);
    QProcess process;
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PATH"), qEnvironmentVariable("PATH"));
    environment.insert(QStringLiteral("HOME"), m_outputDir + QStringLiteral("/home"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(FANVA_CLI_PATH),
        { QStringLiteral("ask"), QStringLiteral("--provider"), QStringLiteral("ollama"), QStringLiteral("--model"),
            QStringLiteral("qwen3:8b"), QStringLiteral("--base-url"), server.url(), QStringLiteral("hi") });
    QVERIFY(process.waitForReadyRead(10000));
    QByteArray out = process.readAllStandardOutput();
    QCOMPARE(out, QByteArray("{\"candidates\":"));
    ::kill(pid_t(process.processId()), SIGINT);
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 2);
    out += process.readAllStandardOutput();
    QCOMPARE(out, QByteArray("{\"candidates\":\n")); // nothing after the interrupt
    QVERIFY(process.readAllStandardError().endsWith("fanva-cli ask: The request was cancelled.\n"));
}

QTEST_GUILESS_MAIN(TstCliAsk)
#include "tst_cli_ask.moc"

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Provider selection, OLLAMA_HOST, credentials from the environment, the token budget, the
// retry waits, message formatting and the Redactor.
#include "llm/budget.h"
#include "llm/credentials.h"
#include "llm/format.h"
#include "llm/redactor.h"
#include "llm/retrypolicy.h"
#include "llm/selection.h"

#include <QTest>
#include <QTimeZone>

using namespace fanva::llm;
using namespace std::chrono_literals;

class TstLlmConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ollamaHost_data();
    void ollamaHost();
    void selection();
    void baseUrlPrecedence();
    void credentials();
    void noSilentFallback();
    void estimate_data();
    void estimate();
    void sizing();
    void backoff();
    void serverDelay_data();
    void serverDelay();
    void formatting();
    void redactor();
    void redactPieces_data();
    void redactPieces();
    void timeoutSeconds_data();
    void timeoutSeconds();
    void idleTimeoutFromEnvironment_data();
    void idleTimeoutFromEnvironment();
    void keyringNeverHangs();
};

void TstLlmConfig::ollamaHost_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("url");
    QTest::addRow("unset") << ""
                           << "http://127.0.0.1:11434";
    QTest::addRow("port only") << ":1234"
                               << "http://127.0.0.1:1234";
    QTest::addRow("host") << "example.com"
                          << "http://example.com:11434";
    QTest::addRow("host and port") << "10.0.0.5:8080"
                                   << "http://10.0.0.5:8080";
    QTest::addRow("http scheme") << "http://h"
                                 << "http://h:80";
    QTest::addRow("https scheme") << "https://h"
                                  << "https://h:443";
    QTest::addRow("path kept") << "https://h:8443/ollama/"
                               << "https://h:8443/ollama";
    QTest::addRow("quotes and spaces") << " \"0.0.0.0:11434\" "
                                       << "http://127.0.0.1:11434";
    QTest::addRow("single quotes") << "'localhost'"
                                   << "http://localhost:11434";
    QTest::addRow("any v6") << "[::]:11434"
                            << "http://[::1]:11434";
    QTest::addRow("v6 host") << "[fe80::1]"
                             << "http://[fe80::1]:11434";
    QTest::addRow("bad port") << "h:99999"
                              << "http://127.0.0.1:11434";
    QTest::addRow("user info") << "http://alice:pw@h:1234/x"
                               << "http://alice:pw@h:1234/x";
    QTest::addRow("user info, no scheme") << "alice:pw@10.0.0.5"
                                          << "http://alice:pw@10.0.0.5:11434";
}

void TstLlmConfig::ollamaHost()
{
    QFETCH(QString, value);
    QFETCH(QString, url);
    QCOMPARE(parseOllamaHost(value).toString(), url);
}

void TstLlmConfig::selection()
{
    SelectionInput input;
    input.environment = QProcessEnvironment();
    QCOMPARE(selectedProvider(input), QString());
    input.settingsProvider = QStringLiteral("demo");
    QCOMPARE(selectedProvider(input), QStringLiteral("demo"));
    input.environment.insert(QStringLiteral("FANVA_PROVIDER"), QStringLiteral("ollama"));
    QCOMPARE(selectedProvider(input), QStringLiteral("ollama"));
    input.provider = QStringLiteral("anthropic");
    QCOMPARE(selectedProvider(input), QStringLiteral("anthropic"));

    input.settingsModel = QStringLiteral("from-settings");
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).model, QStringLiteral("from-settings"));
    input.environment.insert(QStringLiteral("FANVA_MODEL"), QStringLiteral("from-env"));
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).model, QStringLiteral("from-env"));
    input.model = QStringLiteral("from-cli");
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).model, QStringLiteral("from-cli"));

    input.environment.insert(QStringLiteral("FANVA_IDLE_TIMEOUT"), QStringLiteral("2.5"));
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).timeouts.idle, 2500ms);
}

void TstLlmConfig::baseUrlPrecedence()
{
    SelectionInput input;
    input.environment = QProcessEnvironment();
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).baseUrl.toString(), QStringLiteral("http://127.0.0.1:11434"));
    QCOMPARE(resolveOptions(QStringLiteral("anthropic"), input).baseUrl.toString(), QStringLiteral("https://api.anthropic.com"));
    QVERIFY(resolveOptions(QStringLiteral("openai"), input).baseUrl.isEmpty());

    input.environment.insert(QStringLiteral("OLLAMA_HOST"), QStringLiteral(":2000"));
    input.environment.insert(QStringLiteral("ANTHROPIC_BASE_URL"), QStringLiteral("http://127.0.0.1:2001/"));
    input.environment.insert(QStringLiteral("OPENAI_BASE_URL"), QStringLiteral("http://127.0.0.1:2002/v1"));
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).baseUrl.toString(), QStringLiteral("http://127.0.0.1:2000"));
    QCOMPARE(resolveOptions(QStringLiteral("anthropic"), input).baseUrl.toString(), QStringLiteral("http://127.0.0.1:2001"));
    QCOMPARE(resolveOptions(QStringLiteral("openai"), input).baseUrl.toString(), QStringLiteral("http://127.0.0.1:2002/v1"));

    input.settingsBaseUrls.insert(QStringLiteral("ollama"), QStringLiteral("http://127.0.0.1:3000"));
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).baseUrl.toString(), QStringLiteral("http://127.0.0.1:3000"));
    input.environment.insert(QStringLiteral("FANVA_OLLAMA_HOST"), QStringLiteral("127.0.0.1:4000"));
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).baseUrl.toString(), QStringLiteral("http://127.0.0.1:4000"));
    input.baseUrl = QStringLiteral("http://127.0.0.1:5000");
    QCOMPARE(resolveOptions(QStringLiteral("ollama"), input).baseUrl.toString(), QStringLiteral("http://127.0.0.1:5000"));
}

void TstLlmConfig::credentials()
{
    QProcessEnvironment environment;
    QVERIFY(!environmentCredential(QStringLiteral("anthropic"), environment));
    environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-vendor-variable-1"));
    QCOMPARE(environmentCredential(QStringLiteral("anthropic"), environment)->source, QStringLiteral("env:ANTHROPIC_API_KEY"));
    environment.insert(QStringLiteral("FANVA_ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-fanva-variable-2"));
    const auto credential = environmentCredential(QStringLiteral("anthropic"), environment);
    QCOMPARE(credential->source, QStringLiteral("env:FANVA_ANTHROPIC_API_KEY"));
    QCOMPARE(credential->key, QStringLiteral("sk-ant-fanva-variable-2"));
    QVERIFY(!environmentCredential(QStringLiteral("openai"), environment));
    environment.insert(QStringLiteral("OLLAMA_API_KEY"), QStringLiteral("ollama-key-0000000"));
    QCOMPARE(environmentCredential(QStringLiteral("ollama"), environment)->source, QStringLiteral("env:OLLAMA_API_KEY"));
    // Every loaded key is known to the Redactor.
    QCOMPARE(Redactor::instance().redact(QStringLiteral("x sk-ant-fanva-variable-2 y")), QStringLiteral("x [redacted] y"));

    QCOMPARE(keyringAccount(QStringLiteral("anthropic"), QUrl()), QStringLiteral("anthropic"));
    QCOMPARE(keyringAccount(QStringLiteral("openai"), QUrl(QStringLiteral("https://openrouter.ai/api/v1"))),
        QStringLiteral("openai@openrouter.ai"));
}

void TstLlmConfig::noSilentFallback()
{
    ProviderOptions options;
    options.id = QStringLiteral("nonsense");
    const ProviderResult unknown = createProvider(options);
    QVERIFY(!unknown.provider);
    QVERIFY(QString::fromStdString(unknown.failure->message).startsWith(QStringLiteral("Unknown provider \"nonsense\"")));

    options.id = QStringLiteral("scripted");
    const ProviderResult scripted = createProvider(options);
    QVERIFY(!scripted.provider);
    QCOMPARE(scripted.failure->kind, Failure::Kind::Config);

    options.id = QStringLiteral("demo");
    options.scriptPath = QStringLiteral(":/no/such/replay.json");
    const ProviderResult demo = createProvider(options);
    QVERIFY(!demo.provider);
    QVERIFY(QString::fromStdString(demo.failure->message).startsWith(QStringLiteral("Cannot read the demo replay")));
}

void TstLlmConfig::estimate_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("tokens");
    QTest::addRow("empty") << QByteArray() << qint64(0);
    QTest::addRow("one byte") << QByteArray("a") << qint64(1);
    QTest::addRow("seven bytes") << QByteArray("abcdefg") << qint64(2);
    QTest::addRow("eight bytes") << QByteArray("abcdefgh") << qint64(3);
    QTest::addRow("utf-8 counts bytes") << QByteArray("☃☃☃☃☃☃☃") << qint64(6); // 21 bytes
}

void TstLlmConfig::estimate()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, tokens);
    QCOMPARE(estimateTokens(text.toStdString()), tokens);
}

void TstLlmConfig::sizing()
{
    Request request;
    request.model = "qwen3:8b";
    request.system = { { "RULES", true }, { "VOCAB", true }, { "NOTE", false } };
    request.messages = { { Role::User, "[1] Rex is a dog." } };
    request.maxTokens = 1024;
    request.numCtx = 4096;
    ContextSizing sizing = sizeContext(request, 40960, 0);
    QCOMPARE(sizing.estimate, 9);
    QCOMPARE(sizing.numCtx, 4096);
    QVERIFY(!sizing.tooLarge);

    request.numCtx = 0;
    QCOMPARE(sizeContext(request, std::nullopt, 0).numCtx, 2048);

    request.messages = { { Role::User, std::string(34300 - 31 + 17, 'a') } }; // ≈9,800 tokens
    request.system.clear();
    request.maxTokens = 2048;
    sizing = sizeContext(request, 8192, 0);
    QVERIFY(sizing.tooLarge);
    QCOMPARE(QString::fromStdString(sizing.tooLarge->message),
        QStringLiteral("The prompt (≈9,796 tokens) plus the output budget (2,048) does not fit qwen3:8b's window (8,192); shorten the "
                       "document or choose a larger "
                       "model."));
    QCOMPARE(QString::fromStdString(sizing.tooLarge->outcome), QStringLiteral("too-large"));
    QVERIFY(sizeContext(request, std::nullopt, 8192).tooLarge);
    QVERIFY(!sizeContext(request, std::nullopt, 0).tooLarge);
}

void TstLlmConfig::backoff()
{
    const RetryPolicy policy;
    QCOMPARE(backoffDelay(policy, 0, 0.0), 500ms);
    QCOMPARE(backoffDelay(policy, 1, 0.0), 1000ms);
    QCOMPARE(backoffDelay(policy, 1, 1.0), 750ms);
    QCOMPARE(backoffDelay(policy, 10, 0.0), 8000ms);
}

void TstLlmConfig::serverDelay_data()
{
    QTest::addColumn<QByteArray>("retryAfterMs");
    QTest::addColumn<QByteArray>("retryAfter");
    QTest::addColumn<qint64>("ms"); // -1 = none
    QTest::addRow("ms") << QByteArray("50") << QByteArray("9") << qint64(50);
    QTest::addRow("seconds") << QByteArray() << QByteArray("1") << qint64(1000);
    QTest::addRow("decimal seconds") << QByteArray() << QByteArray("1.5") << qint64(1500);
    QTest::addRow("http date") << QByteArray() << QByteArray("Sun, 29 Nov 2026 12:00:30 GMT") << qint64(30000);
    QTest::addRow("zero") << QByteArray() << QByteArray("0") << qint64(-1);
    QTest::addRow("garbage") << QByteArray() << QByteArray("soon") << qint64(-1);
}

void TstLlmConfig::serverDelay()
{
    QFETCH(QByteArray, retryAfterMs);
    QFETCH(QByteArray, retryAfter);
    QFETCH(qint64, ms);
    const QDateTime now(QDate(2026, 11, 29), QTime(12, 0, 0), QTimeZone::utc());
    const auto delay = serverRetryDelay(retryAfterMs, retryAfter, now);
    QCOMPARE(delay ? delay->count() : -1, ms);
}

void TstLlmConfig::formatting()
{
    QCOMPARE(formatCount(0), QStringLiteral("0"));
    QCOMPARE(formatCount(999), QStringLiteral("999"));
    QCOMPARE(formatCount(9800), QStringLiteral("9,800"));
    QCOMPARE(formatCount(1234567), QStringLiteral("1,234,567"));
    QCOMPARE(formatDelay(50ms), QStringLiteral("50 ms"));
    QCOMPARE(formatDelay(1800ms), QStringLiteral("1.8 s"));
    QCOMPARE(formatDelay(120s), QStringLiteral("120 s"));
    QCOMPARE(formatLimit(300ms), QStringLiteral("0.3 s"));
    QCOMPARE(formatLimit(300s), QStringLiteral("300 s"));
    QCOMPARE(formatLimit(30min), QStringLiteral("30 min"));
}

void TstLlmConfig::redactor()
{
    Redactor::instance().addSecret(QStringLiteral("short")); // too short to be a key: ignored
    Redactor::instance().addSecret(QStringLiteral("sk-secret-abcdef123456"));
    QCOMPARE(Redactor::instance().redact(QStringLiteral("a short key sk-secret-abcdef123456!")), QStringLiteral("a short key [redacted]!"));
    QCOMPARE(Redactor::instance().redact(QStringLiteral("see https://user:pw@host/x")), QStringLiteral("see https://host/x"));
    QVERIFY(Redactor::isLoggableHeader("request-id"));
    QVERIFY(Redactor::isLoggableHeader("anthropic-ratelimit-requests-remaining"));
    QVERIFY(!Redactor::isLoggableHeader("x-api-key"));
    QVERIFY(!Redactor::isLoggableHeader("authorization"));
}

void TstLlmConfig::redactPieces_data()
{
    // A server may echo part of a key ("sk-ant-api03-abcd…wxyz"): any 12 characters of a known
    // secret are redacted, shorter pieces are not (they would hit ordinary words).
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("redacted");
    QTest::addRow("whole key") << "key sk-fanva-piece-0123456789abcdefXYZ end"
                               << "key [redacted] end";
    QTest::addRow("prefix 12") << "key sk-fanva-piec*** end"
                               << "key [redacted]*** end";
    QTest::addRow("middle 20") << "got 'piece-0123456789abcd' back"
                               << "got '[redacted]' back";
    QTest::addRow("suffix 13") << "…6789abcdefXYZ"
                               << "…[redacted]";
    QTest::addRow("two pieces") << "sk-fanva-piece… …6789abcdefXYZ"
                                << "[redacted]… …[redacted]";
    QTest::addRow("11 characters") << "sk-fanva-pi"
                                   << "sk-fanva-pi";
    QTest::addRow("unrelated") << "ordinary text 0123456789"
                               << "ordinary text 0123456789";
}

void TstLlmConfig::redactPieces()
{
    QFETCH(QString, text);
    QFETCH(QString, redacted);
    Redactor::instance().addSecret(QStringLiteral("sk-fanva-piece-0123456789abcdefXYZ"));
    QCOMPARE(Redactor::instance().redact(text), redacted);
}

void TstLlmConfig::timeoutSeconds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ms"); // -1: refused
    QTest::addRow("zero") << "0" << qint64(0);
    QTest::addRow("fraction") << "1.5" << qint64(1500);
    QTest::addRow("spaces") << " 300 " << qint64(300000);
    QTest::addRow("largest") << "2147483" << qint64(2147483000);
    QTest::addRow("above INT_MAX ms") << "2147484" << qint64(-1);
    QTest::addRow("huge") << "1e12" << qint64(-1);
    QTest::addRow("nan") << "nan" << qint64(-1);
    QTest::addRow("NaN") << "NaN" << qint64(-1);
    QTest::addRow("inf") << "inf" << qint64(-1);
    QTest::addRow("negative") << "-1" << qint64(-1);
    QTest::addRow("word") << "soon" << qint64(-1);
    QTest::addRow("empty") << "" << qint64(-1);
}

void TstLlmConfig::timeoutSeconds()
{
    QFETCH(QString, text);
    QFETCH(qint64, ms);
    const auto parsed = parseTimeoutSeconds(text);
    QCOMPARE(parsed.has_value(), ms >= 0);
    if (parsed)
        QCOMPARE(qint64(parsed->count()), ms);
}

void TstLlmConfig::idleTimeoutFromEnvironment_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<qint64>("ms");
    QTest::addRow("seconds") << "12" << qint64(12000);
    QTest::addRow("zero keeps the default") << "0" << qint64(300000);
    QTest::addRow("nan keeps the default") << "nan" << qint64(300000);
    QTest::addRow("inf keeps the default") << "inf" << qint64(300000);
    QTest::addRow("above INT_MAX ms keeps the default") << "3000000" << qint64(300000);
}

void TstLlmConfig::idleTimeoutFromEnvironment()
{
    QFETCH(QString, value);
    QFETCH(qint64, ms);
    SelectionInput input;
    input.environment = QProcessEnvironment();
    input.environment.insert(QStringLiteral("FANVA_IDLE_TIMEOUT"), value);
    QCOMPARE(qint64(resolveOptions(QStringLiteral("ollama"), input).timeouts.idle.count()), ms);
}

void TstLlmConfig::keyringNeverHangs()
{
    // Whatever the machine offers (often no keyring backend at all), a look-up of an account
    // that holds nothing ends with no key, and within the limit.
    KeyringReader reader;
    bool finished = false;
    QString key = QStringLiteral("unset");
    connect(&reader, &KeyringReader::finished, this, [&](const QString &found) {
        finished = true;
        key = found;
    });
    reader.start(QStringLiteral("fanva-test-account-that-holds-nothing"), 3s);
    QVERIFY(!finished); // never inside start()
    QTRY_VERIFY_WITH_TIMEOUT(finished, 5000);
    QCOMPARE(key, QString());

    KeyringWriter writer;
    bool written = true;
    QString why;
    connect(&writer, &KeyringWriter::finished, this, [&](bool stored, const QString &error) {
        written = stored;
        why = error;
    });
    writer.start(QString(), QStringLiteral("sk-never-stored-0000"));
    QTRY_COMPARE(why, QStringLiteral("this provider keeps no key in the keyring"));
    QVERIFY(!written);
}

QTEST_GUILESS_MAIN(TstLlmConfig)
#include "tst_llm_config.moc"

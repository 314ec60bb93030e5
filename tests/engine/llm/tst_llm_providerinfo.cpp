// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The providers' capability records (providers.md §1): one row per built-in provider, a
// provider registered at run time describing itself, the key headers every request takes
// from one place, and Ollama's /api/show asked once per need (providers.md §3).

#include "llmtesting.h"

#include "llm/contextwindow.h"
#include "llm/httprequest.h"
#include "llm/probe.h"
#include "llm/providerinfo.h"
#include "llm/selection.h"

#include <QSignalSpy>
#include <QTest>

using namespace fanva;
using namespace llmtest;
using fanva::fakes::Exchange;
using fanva::fakes::FakeServer;
using llm::ProviderInfo;

namespace {

/// A provider built outside engine/llm, as the rules provider is.
class OfflineProvider final : public llm::Provider
{
public:
    explicit OfflineProvider(QObject *parent)
        : Provider(parent)
    { }
    [[nodiscard]] QString id() const override { return QStringLiteral("offline-test"); }
    [[nodiscard]] ProviderInfo info() const override
    {
        ProviderInfo info;
        info.id = id();
        info.displayName = QStringLiteral("Offline test drafter");
        info.bringsOwnModel = info.draftsWithoutModel = true;
        info.judges = false;
        info.draftsLanguages = { QStringLiteral("fanva-kb") };
        return info;
    }
    [[nodiscard]] llm::Call *start(const llm::Request &) override { return nullptr; }
};

const QByteArray s_qwenShow = R"({"model_info":{"general.architecture":"qwen3","qwen3.context_length":40960}})";

} // namespace

class TstLlmProviderInfo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void records_data();
    void records();
    void providerDescribesItself_data();
    void providerDescribesItself();
    void registeredProvider();
    void unknownProvider();
    void keyHeaders_data();
    void keyHeaders();
    void ollamaShowOncePerNeed();
};

void TstLlmProviderInfo::records_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("api");
    QTest::addColumn<QStringList>("keyVariables");
    QTest::addColumn<bool>("needsKey");
    QTest::addColumn<int>("keyring");
    QTest::addColumn<bool>("usesBaseUrl");
    QTest::addColumn<bool>("needsBaseUrl");
    QTest::addColumn<bool>("needsScript");
    QTest::addColumn<bool>("hasDefaultScript");
    QTest::addColumn<bool>("bringsOwnModel");
    QTest::addColumn<bool>("reportsContextWindow");
    QTest::addColumn<bool>("thinkingKnobs");
    using A = ProviderInfo::Api;
    using K = ProviderInfo::KeyringAccount;
    QTest::addRow("scripted") << "scripted" << int(A::None) << QStringList() << false << int(K::None) << false << false << true << false
                              << true << false << false;
    QTest::addRow("demo") << "demo" << int(A::None) << QStringList() << false << int(K::None) << false << false << true << true << true
                          << false << false;
    QTest::addRow("ollama") << "ollama" << int(A::Ollama) << QStringList { "OLLAMA_API_KEY" } << false << int(K::None) << true << false
                            << false << false << false << true << false;
    QTest::addRow("anthropic") << "anthropic" << int(A::Anthropic) << QStringList { "FANVA_ANTHROPIC_API_KEY", "ANTHROPIC_API_KEY" } << true
                               << int(K::PerProvider) << true << false << false << false << false << false << true;
    QTest::addRow("openai") << "openai" << int(A::OpenAi) << QStringList { "FANVA_OPENAI_API_KEY", "OPENAI_API_KEY" } << false
                            << int(K::PerHost) << true << true << false << false << false << false << false;
}

void TstLlmProviderInfo::records()
{
    QFETCH(QString, id);
    const std::optional<ProviderInfo> found = llm::findProviderInfo(id);
    QVERIFY(found);
    const ProviderInfo &info = *found;
    QCOMPARE(info.id, id);
    QVERIFY(!info.displayName.isEmpty());
    QTEST(int(info.api), "api");
    QTEST(info.keyVariables, "keyVariables");
    QTEST(info.needsKey, "needsKey");
    QTEST(int(info.keyring), "keyring");
    QTEST(info.usesBaseUrl, "usesBaseUrl");
    QTEST(info.needsBaseUrl, "needsBaseUrl");
    QTEST(info.needsScript, "needsScript");
    QTEST(!info.defaultScript.isEmpty(), "hasDefaultScript");
    QTEST(info.bringsOwnModel, "bringsOwnModel");
    QTEST(info.reportsContextWindow, "reportsContextWindow");
    QTEST(info.thinkingKnobs, "thinkingKnobs");
    // Every built-in provider has a model behind it, follows the prompt, and is listed.
    QVERIFY(info.judges);
    QVERIFY(!info.draftsWithoutModel);
    QVERIFY(info.draftsLanguages.isEmpty());
    QVERIFY(llm::providerIds().contains(id));
}

void TstLlmProviderInfo::providerDescribesItself_data()
{
    QTest::addColumn<QString>("id");
    QTest::addRow("ollama") << "ollama";
    QTest::addRow("anthropic") << "anthropic";
    QTest::addRow("openai") << "openai";
}

void TstLlmProviderInfo::providerDescribesItself()
{
    QFETCH(QString, id);
    llm::SelectionInput input;
    input.environment = QProcessEnvironment();
    input.baseUrl = QStringLiteral("http://127.0.0.1:9/v1");
    const llm::ProviderResult made = llm::createProvider(llm::resolveOptions(id, input));
    QVERIFY(made.provider);
    const ProviderInfo info = made.provider->info();
    QCOMPARE(info.id, id);
    QCOMPARE(info.displayName, llm::providerInfo(id).displayName);
    QCOMPARE(info.reportsContextWindow, llm::providerInfo(id).reportsContextWindow);
}

void TstLlmProviderInfo::registeredProvider()
{
    QVERIFY(!llm::findProviderInfo(QStringLiteral("offline-test")));
    llm::registerProvider(QStringLiteral("offline-test"), [](const llm::ProviderOptions &, QObject *parent) {
        llm::ProviderResult result;
        result.provider = std::make_unique<OfflineProvider>(parent);
        return result;
    });
    // Its record is known without making the provider again.
    const std::optional<ProviderInfo> info = llm::findProviderInfo(QStringLiteral("offline-test"));
    QVERIFY(info);
    QCOMPARE(info->displayName, QStringLiteral("Offline test drafter"));
    QVERIFY(info->draftsWithoutModel);
    QVERIFY(info->bringsOwnModel);
    QVERIFY(!info->judges);
    QCOMPARE(info->draftsLanguages, QStringList { QStringLiteral("fanva-kb") });
    const std::vector<ProviderInfo> all = llm::providerInfos();
    QCOMPARE(all.back().id, QStringLiteral("offline-test"));
    QCOMPARE(llm::providerIds().last(), QStringLiteral("offline-test"));
    QCOMPARE(llm::providerIds().count(QStringLiteral("offline-test")), 1);
}

void TstLlmProviderInfo::unknownProvider()
{
    QVERIFY(!llm::findProviderInfo(QStringLiteral("no-such-provider")));
    const ProviderInfo info = llm::providerInfo(QStringLiteral("no-such-provider"));
    QCOMPARE(info.id, QStringLiteral("no-such-provider"));
    QVERIFY(!info.reportsContextWindow);
    QVERIFY(info.keyVariables.isEmpty());
}

void TstLlmProviderInfo::keyHeaders_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("baseUrl");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("value");
    // These URLs are never contacted: the requests are only built.
    QTest::addRow("ollama, remote") << "ollama"
                                    << "https://ollama.example.invalid"
                                    << "k-1" << QByteArray("Authorization") << QByteArray("Bearer k-1");
    QTest::addRow("ollama, loopback: none") << "ollama"
                                            << "http://127.0.0.1:11434"
                                            << "k-1" << QByteArray() << QByteArray();
    QTest::addRow("openai, loopback") << "openai"
                                      << "http://127.0.0.1:8080/v1"
                                      << "k-2" << QByteArray("Authorization") << QByteArray("Bearer k-2");
    QTest::addRow("anthropic") << "anthropic"
                               << "https://api.anthropic.com"
                               << "k-3" << QByteArray("x-api-key") << QByteArray("k-3");
    QTest::addRow("no key") << "openai"
                            << "https://api.example.invalid/v1"
                            << "" << QByteArray() << QByteArray();
    QTest::addRow("a replay takes none") << "demo"
                                         << ""
                                         << "k-4" << QByteArray() << QByteArray();
}

void TstLlmProviderInfo::keyHeaders()
{
    QFETCH(QString, id);
    QFETCH(QString, baseUrl);
    QFETCH(QString, key);
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, value);
    llm::ProviderOptions options;
    options.id = id;
    options.baseUrl = QUrl(baseUrl);
    options.apiKey = key;
    const llm::HeaderList headers = llm::keyHeaders(options);
    QCOMPARE(headers.size(), header.isEmpty() ? 0U : 1U);
    if (!header.isEmpty()) {
        QCOMPARE(headers.front().first, header);
        QCOMPARE(headers.front().second, value);
    }
    // Every request of the provider carries them, /api/show included.
    const QNetworkRequest request = llm::makeRequest(options, QStringLiteral("/models"));
    QCOMPARE(request.rawHeader("User-Agent").startsWith("fanva/"), true);
    if (!header.isEmpty())
        QCOMPARE(request.rawHeader(header), value);
    const llm::PreparedPost show = llm::ollamaShowRequest(options, "qwen3:8b");
    QCOMPARE(show.request.url().path(), QUrl(baseUrl).path() + QStringLiteral("/api/show"));
    QCOMPARE(show.body, QByteArray(R"({"model":"qwen3:8b"})"));
    QCOMPARE(show.request.rawHeader(header.isEmpty() ? "Authorization" : header), value);
}

void TstLlmProviderInfo::ollamaShowOncePerNeed()
{
    FakeServer server;
    QVERIFY(server.listen());
    server.setDefault("/api/show", Exchange::json(200, s_qwenShow));
    server.setDefault("/api/version", Exchange::json(200, R"({"version":"0.9.0"})"));
    server.setDefault("/api/tags", Exchange::json(200, R"({"models":[{"name":"qwen3:8b"}]})"));
    const llm::ProviderOptions options = optionsFor(QStringLiteral("ollama"), server);

    // The window's context-length lookup asks once.
    llm::ContextLengthLookup lookup(options);
    QSignalSpy looked(&lookup, &llm::ContextLengthLookup::finished);
    lookup.start();
    QTRY_COMPARE(looked.count(), 1);
    QCOMPARE(lookup.contextLength().value_or(0), 40960);
    QCOMPARE(server.requestCount("/api/show"), 1);

    // The probe asks once.
    llm::ProviderProbe probe(options, true);
    QSignalSpy probed(&probe, &llm::ProviderProbe::finished);
    probe.start(true);
    QTRY_COMPARE(probed.count(), 1);
    QCOMPARE(probe.result().modelInfo.contextLength.value_or(0), 40960);
    QCOMPARE(server.requestCount("/api/show"), 2);

    // Both sent the same request, built in one place: the same headers and body.
    QList<fakes::RecordedRequest> shows;
    for (const fakes::RecordedRequest &request : server.requests()) {
        if (request.path == "/api/show")
            shows << request;
    }
    QCOMPARE(shows.size(), 2);
    QCOMPARE(shows[0].body, QByteArray(R"({"model":"qwen3:8b"})"));
    QCOMPARE(shows[1].body, shows[0].body);
    QCOMPARE(shows[0].headers.value("content-type"), QByteArray("application/json"));
    QVERIFY(shows[0].headers.value("user-agent").startsWith("fanva/"));
    QCOMPARE(shows[1].headers.value("content-type"), shows[0].headers.value("content-type"));
    QCOMPARE(shows[1].headers.value("user-agent"), shows[0].headers.value("user-agent"));
    // Loopback: Ollama's key stays home (providers.md §3).
    QVERIFY(!shows[0].headers.contains("authorization"));
}

QTEST_GUILESS_MAIN(TstLlmProviderInfo)
#include "tst_llm_providerinfo.moc"

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// ModelAccess, the model the window's runs use without a window: the provider named or the
// default, the API key found in the environment before a key typed in Settings and that before
// the keyring, and the session's window sized to the context length a loopback Ollama reports.

#include "fakeserver.h"
#include "settings/providersettings.h"
#include "window/modelaccess.h"

#include "formalize/session.h"
#include "llm/options.h"

#include <QHash>
#include <QSignalSpy>
#include <QTest>

#include <nlohmann/json.hpp>

#include <optional>

namespace {

/// Runs with none of the variables that name a provider, a model or an Anthropic key.
void clearEnvironment()
{
    for (const char *name : { "FANVA_PROVIDER", "FANVA_MODEL", "FANVA_OLLAMA_HOST", "FANVA_ANTHROPIC_API_KEY", "ANTHROPIC_API_KEY" })
        qunsetenv(name);
}

} // namespace

class TstModelAccess : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { clearEnvironment(); }
    void cleanup() { clearEnvironment(); }

    // The provider the window names wins; without one, the saved default.
    void providerNamedOrSaved()
    {
        ProviderSettings settings;
        settings.provider = QStringLiteral("ollama");
        const ModelAccess access(settings);
        QCOMPARE(access.provider(QStringLiteral("anthropic")), QStringLiteral("anthropic"));
        QCOMPARE(access.provider(QString()), QStringLiteral("ollama"));
        qputenv("FANVA_PROVIDER", "demo");
        QCOMPARE(access.provider(QString()), QStringLiteral("demo"));
    }

    // A key typed in Settings ▸ Provider is used at once: the keyring is not asked.
    void typedKeyWinsOverKeyring()
    {
        ModelAccess access { ProviderSettings {} };
        access.setSettings(ProviderSettings {}, { { QStringLiteral("anthropic"), QStringLiteral("sk-typed") } });
        QSignalSpy waiting(&access, &ModelAccess::waitStarted);
        std::optional<fanva::llm::ProviderOptions> got;
        QVERIFY(access.withKey(access.resolve(QStringLiteral("anthropic")), [&got](fanva::llm::ProviderOptions options) {
            got = std::move(options);
            return true;
        }));
        QVERIFY(got);
        QCOMPARE(got->apiKey, QStringLiteral("sk-typed"));
        QCOMPARE(got->keySource, QStringLiteral("settings"));
        QVERIFY(!access.isWaiting());
        QCOMPARE(waiting.count(), 0);
    }

    // ... and a key in the environment wins over the typed one.
    void environmentKeyWinsOverTyped()
    {
        qputenv("FANVA_ANTHROPIC_API_KEY", "sk-environment");
        ModelAccess access { ProviderSettings {} };
        access.setSettings(ProviderSettings {}, { { QStringLiteral("anthropic"), QStringLiteral("sk-typed") } });
        std::optional<fanva::llm::ProviderOptions> got;
        QVERIFY(access.withKey(access.resolve(QStringLiteral("anthropic")), [&got](fanva::llm::ProviderOptions options) {
            got = std::move(options);
            return true;
        }));
        QVERIFY(got);
        QCOMPARE(got->apiKey, QStringLiteral("sk-environment"));
        QVERIFY(got->keySource != QStringLiteral("settings"));
    }

    // A provider without a key (no keyring account) goes on at once, with what next returns.
    void keylessProviderGoesOn()
    {
        ModelAccess access { ProviderSettings {} };
        int calls = 0;
        QVERIFY(!access.withKey(access.resolve(QStringLiteral("demo")), [&calls](const fanva::llm::ProviderOptions &) {
            ++calls;
            return false;
        }));
        QCOMPARE(calls, 1);
        QVERIFY(!access.isWaiting());
    }

    // A provider that reports no context length keeps the window set in Settings, capped.
    void windowWithoutAReport()
    {
        ModelAccess access { ProviderSettings {} };
        fanva::llm::ProviderOptions options = access.resolve(QStringLiteral("demo"));
        options.contextCap = 4096;
        fanva::formalize::SessionSettings settings;
        settings.contextWindow = 8192;
        std::optional<int> window;
        QVERIFY(access.withContextWindow(options, settings, [&window](const fanva::formalize::SessionSettings &sized) {
            window = sized.contextWindow;
            return true;
        }));
        QCOMPARE(window, std::optional<int>(4096));
        QVERIFY(!access.isWaiting());
    }

    void windowOfOllama_data()
    {
        QTest::addColumn<int>("reported"); // 0: none
        QTest::addColumn<int>("limit"); // Settings' context limit, 0: none
        QTest::addColumn<int>("window");
        QTest::addRow("reports 40960") << 40960 << 0 << 40960;
        QTest::addRow("reports 40960, limit 16384") << 40960 << 16384 << 16384;
        QTest::addRow("reports nothing: Settings' 8192") << 0 << 0 << 8192;
    }

    // Ollama is asked for the model's context length (/api/show) while the run waits.
    void windowOfOllama()
    {
        QFETCH(int, reported);
        QFETCH(int, limit);
        QFETCH(int, window);
        fanva::fakes::FakeServer server;
        QVERIFY(server.listen());
        nlohmann::json info { { "general.architecture", "qwen3" } };
        if (reported > 0)
            info["qwen3.context_length"] = reported;
        server.setDefault(
            "/api/show", fanva::fakes::Exchange::json(200, QByteArray::fromStdString(nlohmann::json { { "model_info", info } }.dump())));
        qputenv("FANVA_OLLAMA_HOST", server.url().toString().toUtf8());
        qputenv("FANVA_MODEL", "qwen3:8b");

        ProviderSettings saved;
        saved.contextLimit = limit;
        ModelAccess access(saved);
        QSignalSpy started(&access, &ModelAccess::waitStarted);
        QSignalSpy finished(&access, &ModelAccess::waitFinished);
        fanva::formalize::SessionSettings settings;
        settings.contextWindow = 8192;
        std::optional<int> sized;
        QVERIFY(access.withContextWindow(
            access.resolve(QStringLiteral("ollama")), settings, [&sized, &access](const fanva::formalize::SessionSettings &s) {
                sized = s.contextWindow;
                return !access.isWaiting(); // the wait is over when the run goes on
            }));
        QVERIFY(access.isWaiting());
        QCOMPARE(started.count(), 1);
        QVERIFY(started.constFirst().constFirst().toString().contains(QStringLiteral("qwen3:8b")));
        QTRY_VERIFY_WITH_TIMEOUT(sized.has_value(), 10000);
        QCOMPARE(*sized, window);
        QVERIFY(!access.isWaiting());
        QCOMPARE(finished.count(), 1);
        QCOMPARE(server.requestCount("/api/show"), 1);
    }
};

QTEST_GUILESS_MAIN(TstModelAccess)
#include "tst_modelaccess.moc"

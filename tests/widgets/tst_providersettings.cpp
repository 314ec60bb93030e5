// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Settings ▸ Provider: the values round-trip through QSettings, a typed API key never lands
// in the settings file, an environment key is shown by its variable only, and "Test
// connection" asks loopback fakes (providers.md §9) without blocking the GUI thread.

#include "fakeserver.h"
#include "llm/providerinfo.h"
#include "llm/selection.h"
#include "replyspec.h"
#include "settings/providersettings.h"
#include "settings/providersettingsdialog.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using fanva::fakes::Exchange;
using fanva::fakes::FakeServer;

namespace {

constexpr char s_plantedKey[] = "fanva-planted-7f3c9a1e5b2d4068";

const char *const s_variables[] = { "ANTHROPIC_API_KEY", "FANVA_ANTHROPIC_API_KEY", "OPENAI_API_KEY", "FANVA_OPENAI_API_KEY",
    "OLLAMA_API_KEY", "FANVA_PROVIDER", "FANVA_MODEL", "FANVA_OLLAMA_HOST", "OLLAMA_HOST", "FANVA_OPENAI_BASE_URL", "OPENAI_BASE_URL",
    "FANVA_ANTHROPIC_BASE_URL", "ANTHROPIC_BASE_URL", "FANVA_IDLE_TIMEOUT", "FANVA_SCRIPT" };

template<typename T> T *child(const QObject &parent, const char *name)
{
    return parent.findChild<T *>(QLatin1String(name));
}

/// A provider registered at run time that drafts without a model, as the rules provider does.
class OfflineProvider final : public fanva::llm::Provider
{
public:
    explicit OfflineProvider(QObject *parent)
        : Provider(parent)
    { }
    [[nodiscard]] QString id() const override { return QStringLiteral("offline-test"); }
    [[nodiscard]] fanva::llm::ProviderInfo info() const override
    {
        fanva::llm::ProviderInfo info;
        info.id = id();
        info.displayName = QStringLiteral("Offline test drafter");
        info.bringsOwnModel = info.draftsWithoutModel = true;
        info.judges = false;
        return info;
    }
    [[nodiscard]] fanva::llm::Call *start(const fanva::llm::Request &) override { return nullptr; }
};

ProviderSettings sampleSettings()
{
    ProviderSettings settings;
    settings.provider = QStringLiteral("openai");
    settings.models
        = { { QStringLiteral("openai"), QStringLiteral("qwen2.5-7b-instruct") }, { QStringLiteral("ollama"), QStringLiteral("qwen3:8b") } };
    settings.baseUrls = { { QStringLiteral("openai"), QStringLiteral("http://127.0.0.1:8080/v1") } };
    settings.scriptPath = QStringLiteral("/tmp/script.json");
    settings.connectTimeoutSeconds = 7;
    settings.idleTimeoutSeconds = 120;
    settings.totalTimeoutMinutes = 0;
    settings.maxReplyMib = 3;
    settings.session.maxAttempts = 6;
    settings.session.judge = false;
    settings.session.judgeRetries = 2;
    settings.session.contextWindow = 32768;
    return settings;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Every text a user could read in the dialog.
QStringList visibleTexts(const QWidget &dialog)
{
    QStringList texts;
    const auto labels = dialog.findChildren<QLabel *>();
    for (const QLabel *label : labels)
        texts << label->text() << label->toolTip();
    const auto edits = dialog.findChildren<QLineEdit *>();
    for (const QLineEdit *edit : edits)
        texts << edit->displayText() << edit->placeholderText() << edit->toolTip();
    return texts;
}

} // namespace

class TstProviderSettings final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void roundTripThroughQSettings();
    void resolveOrder();
    void dialogLoadsAndSaves();
    void keyNeverWritten();
    void environmentKeyShownBySource();
    void testConnection_data();
    void testConnection();
    void testConnectionRefused();
    void modelListFetchedOnOpen();
    void windowUsesSettings();
    // Last: it registers a provider, which then stays known to the process.
    void rowsFollowTheRecord_data();
    void rowsFollowTheRecord();
};

void TstProviderSettings::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QFile::remove(ProviderSettings::defaultFile());
    cleanup();
}

void TstProviderSettings::cleanup()
{
    for (const char *name : s_variables)
        qunsetenv(name);
}

void TstProviderSettings::roundTripThroughQSettings()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("fanva.conf"));
    const ProviderSettings saved = sampleSettings();
    {
        QSettings settings(path, QSettings::IniFormat);
        saved.save(settings);
    }
    const ProviderSettings loaded = ProviderSettings::load(QSettings(path, QSettings::IniFormat));
    QVERIFY(loaded == saved);
    QCOMPARE(loaded.models.value(QStringLiteral("ollama")), QStringLiteral("qwen3:8b"));

    // Nothing saved: the defaults; values out of range are clamped.
    QVERIFY(ProviderSettings::load(QSettings(dir.filePath(QStringLiteral("none.conf")), QSettings::IniFormat)) == ProviderSettings());
    {
        QSettings settings(path, QSettings::IniFormat);
        settings.setValue(QStringLiteral("formalize/maxAttempts"), 99);
        settings.setValue(QStringLiteral("formalize/judgeRetries"), -4);
        settings.setValue(QStringLiteral("limits/maxReplyMiB"), 99999);
    }
    const ProviderSettings clamped = ProviderSettings::load(QSettings(path, QSettings::IniFormat));
    QCOMPARE(clamped.session.maxAttempts, 10);
    QCOMPARE(clamped.session.judgeRetries, 0);
    QCOMPARE(clamped.maxReplyMib, ProviderSettings::kMaxReplyMib);
    {
        QSettings settings(path, QSettings::IniFormat);
        settings.setValue(QStringLiteral("limits/maxReplyMiB"), 0);
    }
    QCOMPARE(ProviderSettings::load(QSettings(path, QSettings::IniFormat)).maxReplyMib, 1);
}

void TstProviderSettings::resolveOrder()
{
    const ProviderSettings settings = sampleSettings();
    QProcessEnvironment environment;
    fanva::llm::ProviderOptions options = settings.resolve(QStringLiteral("openai"), environment);
    QCOMPARE(options.model, QStringLiteral("qwen2.5-7b-instruct"));
    QCOMPARE(options.baseUrl, QUrl(QStringLiteral("http://127.0.0.1:8080/v1")));
    QCOMPARE(options.timeouts.connect, std::chrono::milliseconds(7000));
    QCOMPARE(options.timeouts.idle, std::chrono::milliseconds(120'000));
    QCOMPARE(options.timeouts.total, std::chrono::milliseconds(0));
    QCOMPARE(options.maxReplyBytes, qsizetype(3) * 1024 * 1024);
    // Nothing chosen: the engine's default cap, the one fanva-cli uses without --max-reply.
    QCOMPARE(ProviderSettings().resolve(QStringLiteral("ollama"), environment).maxReplyBytes, fanva::llm::kDefaultMaxReplyBytes);

    // The environment wins over the settings (providers.md §2, §6).
    environment.insert(QStringLiteral("FANVA_MODEL"), QStringLiteral("other-model"));
    environment.insert(QStringLiteral("FANVA_OPENAI_BASE_URL"), QStringLiteral("http://127.0.0.1:9999/v1"));
    environment.insert(QStringLiteral("FANVA_IDLE_TIMEOUT"), QStringLiteral("2.5"));
    options = settings.resolve(QStringLiteral("openai"), environment);
    QCOMPARE(options.model, QStringLiteral("other-model"));
    QCOMPARE(options.baseUrl.port(), 9999);
    QCOMPARE(options.timeouts.idle, std::chrono::milliseconds(2500));

    // The scripted provider replays the saved script unless FANVA_SCRIPT names one.
    QCOMPARE(settings.resolve(QStringLiteral("scripted"), {}).scriptPath, QStringLiteral("/tmp/script.json"));

    QCOMPARE(ProviderSettings().defaultProvider({}), QStringLiteral("demo"));
    QCOMPARE(settings.defaultProvider({}), QStringLiteral("openai"));
    QProcessEnvironment chosen;
    chosen.insert(QStringLiteral("FANVA_PROVIDER"), QStringLiteral("ollama"));
    QCOMPARE(settings.defaultProvider(chosen), QStringLiteral("ollama"));
}

void TstProviderSettings::dialogLoadsAndSaves()
{
    const ProviderSettings initial = sampleSettings();
    ProviderSettingsDialog dialog(initial, QStringLiteral("openai"));
    auto *provider = child<QComboBox>(dialog, "providerCombo");
    auto *baseUrl = child<QLineEdit>(dialog, "baseUrlEdit");
    auto *model = child<QComboBox>(dialog, "modelCombo");
    QCOMPARE(provider->currentData().toString(), QStringLiteral("openai"));
    QCOMPARE(baseUrl->text(), QStringLiteral("http://127.0.0.1:8080/v1"));
    QCOMPARE(model->currentText(), QStringLiteral("qwen2.5-7b-instruct"));
    QCOMPARE(child<QSpinBox>(dialog, "maxAttemptsSpin")->value(), 6);
    QVERIFY(!child<QCheckBox>(dialog, "judgeCheck")->isChecked());
    QVERIFY(!child<QSpinBox>(dialog, "judgeRetriesSpin")->isEnabled());
    QCOMPARE(child<QSpinBox>(dialog, "contextWindowSpin")->value(), 32768);
    QCOMPARE(child<QSpinBox>(dialog, "connectTimeoutSpin")->value(), 7);
    QCOMPARE(child<QSpinBox>(dialog, "totalTimeoutSpin")->text(), QStringLiteral("no limit"));
    auto *maxReply = child<QSpinBox>(dialog, "maxReplySpin");
    QVERIFY(maxReply);
    QCOMPARE(maxReply->text(), QStringLiteral("3 MiB"));
    QCOMPARE(maxReply->minimum(), 1);
    QCOMPARE(maxReply->maximum(), ProviderSettings::kMaxReplyMib);
    QVERIFY(dialog.settings() == initial);
    QVERIFY(!dialog.isProviderChanged());

    // Each provider keeps its own model and base URL while the user switches between them.
    provider->setCurrentIndex(provider->findData(QStringLiteral("ollama")));
    QCOMPARE(model->currentText(), QStringLiteral("qwen3:8b"));
    QVERIFY(baseUrl->text().isEmpty());
    QCOMPARE(baseUrl->placeholderText(), QStringLiteral("http://127.0.0.1:11434"));
    model->setEditText(QStringLiteral("llama3.2"));
    baseUrl->setText(QStringLiteral("http://127.0.0.1:11500"));
    provider->setCurrentIndex(provider->findData(QStringLiteral("openai")));
    QCOMPARE(model->currentText(), QStringLiteral("qwen2.5-7b-instruct"));
    provider->setCurrentIndex(provider->findData(QStringLiteral("ollama")));
    QCOMPARE(model->currentText(), QStringLiteral("llama3.2"));
    child<QSpinBox>(dialog, "maxAttemptsSpin")->setValue(3);
    child<QCheckBox>(dialog, "judgeCheck")->setChecked(true);
    QVERIFY(child<QSpinBox>(dialog, "judgeRetriesSpin")->isEnabled());
    maxReply->setValue(16);

    QVERIFY(dialog.isProviderChanged());
    const ProviderSettings edited = dialog.settings();
    QCOMPARE(edited.provider, QStringLiteral("ollama"));
    QCOMPARE(edited.models.value(QStringLiteral("ollama")), QStringLiteral("llama3.2"));
    QCOMPARE(edited.models.value(QStringLiteral("openai")), QStringLiteral("qwen2.5-7b-instruct"));
    QCOMPARE(edited.baseUrls.value(QStringLiteral("ollama")), QStringLiteral("http://127.0.0.1:11500"));
    QCOMPARE(edited.session.maxAttempts, 3);
    QVERIFY(edited.session.judge);
    QCOMPARE(edited.maxReplyMib, 16);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("fanva.conf"));
    {
        QSettings settings(path, QSettings::IniFormat);
        edited.save(settings);
    }
    const ProviderSettings reloaded = ProviderSettings::load(QSettings(path, QSettings::IniFormat));
    QVERIFY(reloaded == edited);

    // Reopened, the dialog shows what was saved.
    ProviderSettingsDialog again(reloaded, reloaded.provider);
    QCOMPARE(child<QComboBox>(again, "modelCombo")->currentText(), QStringLiteral("llama3.2"));
    QCOMPARE(child<QSpinBox>(again, "maxAttemptsSpin")->value(), 3);
    QCOMPARE(child<QSpinBox>(again, "maxReplySpin")->value(), 16);
    QVERIFY(again.settings() == reloaded);
}

void TstProviderSettings::keyNeverWritten()
{
    ProviderSettings initial;
    initial.models.insert(QStringLiteral("anthropic"), QStringLiteral("claude-test"));
    ProviderSettingsDialog dialog(initial, QStringLiteral("anthropic"));
    auto *keyEdit = child<QLineEdit>(dialog, "keyEdit");
    QVERIFY(keyEdit->isEnabled());
    QCOMPARE(keyEdit->echoMode(), QLineEdit::Password);
    // Whatever the keyring says (none on CI), the key stays out of it in this test.
    auto *source = child<QLabel>(dialog, "keySourceLabel");
    QTRY_VERIFY_WITH_TIMEOUT(!source->text().startsWith(QStringLiteral("Looking in the OS keyring")), 8000);
    auto *store = child<QCheckBox>(dialog, "storeKeyCheck");
    store->setChecked(false);
    QTest::keyClicks(keyEdit, QLatin1String(s_plantedKey));
    QVERIFY(!keyEdit->displayText().contains(QLatin1String("7f3c9a")));

    // The typed key is what Test connection checks.
    QSignalSpy tested(&dialog, &ProviderSettingsDialog::connectionTested);
    dialog.testConnection();
    QTRY_COMPARE(tested.count(), 1);
    QVERIFY(tested.constFirst().constFirst().toBool());
    QVERIFY(child<QLabel>(dialog, "probeResultLabel")->text().contains(QStringLiteral("key is present")));

    child<QDialogButtonBox>(dialog, "buttons")->button(QDialogButtonBox::Save)->click();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.sessionKeys().value(QStringLiteral("anthropic")), QLatin1String(s_plantedKey));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("fanva.conf"));
    {
        QSettings settings(path, QSettings::IniFormat);
        dialog.settings().save(settings);
    }
    const QByteArray bytes = readAll(path);
    QVERIFY(bytes.contains("claude-test")); // the file was written
    const QByteArray key(s_plantedKey);
    for (qsizetype at = 0; at + 12 <= key.size(); ++at)
        QVERIFY2(!bytes.contains(key.mid(at, 12)), key.mid(at, 12).constData());
    for (const QString &text : visibleTexts(dialog))
        QVERIFY(!text.contains(QLatin1String("7f3c9a1e")));

    if (const QString outputDir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR"); !outputDir.isEmpty()) {
        QVERIFY(QDir().mkpath(outputDir));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.grab().save(QDir(outputDir).filePath(QStringLiteral("providersettings-anthropic.png"))));
    }
}

void TstProviderSettings::environmentKeyShownBySource()
{
    qputenv("ANTHROPIC_API_KEY", s_plantedKey);
    ProviderSettingsDialog dialog(ProviderSettings(), QStringLiteral("anthropic"));
    auto *source = child<QLabel>(dialog, "keySourceLabel");
    QVERIFY2(source->text().contains(QStringLiteral("From ANTHROPIC_API_KEY")), qPrintable(source->text()));
    QVERIFY(!child<QLineEdit>(dialog, "keyEdit")->isEnabled());
    QVERIFY(!child<QCheckBox>(dialog, "storeKeyCheck")->isEnabled());
    for (const QString &text : visibleTexts(dialog))
        QVERIFY2(!text.contains(QLatin1String("7f3c9a1e")), qPrintable(text));

    // Another provider has no key from that variable.
    auto *provider = child<QComboBox>(dialog, "providerCombo");
    provider->setCurrentIndex(provider->findData(QStringLiteral("ollama")));
    QVERIFY(!source->text().contains(QStringLiteral("ANTHROPIC_API_KEY")));
}

void TstProviderSettings::testConnection_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("model");
    QTest::addRow("ollama") << QStringLiteral("ollama") << QStringLiteral("qwen3:8b");
    QTest::addRow("openai") << QStringLiteral("openai") << QStringLiteral("qwen2.5-7b-instruct");
}

void TstProviderSettings::testConnection()
{
    QFETCH(QString, provider);
    QFETCH(QString, model);
    std::unique_ptr<FakeServer> server = provider == QLatin1String("ollama") ? fanva::fakes::fakeOllama() : std::make_unique<FakeServer>();
    if (provider == QLatin1String("openai"))
        server->setDefault("/v1/models", Exchange::json(200, fanva::fakes::openAiModelsJson()));
    QVERIFY(server->listen());

    ProviderSettings settings;
    settings.baseUrls.insert(provider, server->url(provider == QLatin1String("openai") ? QStringLiteral("/v1") : QString()).toString());
    ProviderSettingsDialog dialog(settings, provider);
    auto *models = child<QComboBox>(dialog, "modelCombo");
    models->setEditText(model);
    QCOMPARE(models->count(), 0);

    auto *button = child<QPushButton>(dialog, "testConnectionButton");
    auto *busy = child<QProgressBar>(dialog, "probeBusy");
    QSignalSpy tested(&dialog, &ProviderSettingsDialog::connectionTested);
    button->click();
    // Asynchronous: the click returns at once, with the button disabled and the indicator on.
    QCOMPARE(tested.count(), 0);
    QVERIFY(!button->isEnabled());
    QVERIFY(busy->isVisibleTo(&dialog));
    QVERIFY(dialog.isProbing());

    QTRY_COMPARE(tested.count(), 1);
    QVERIFY(tested.constFirst().constFirst().toBool());
    QVERIFY(button->isEnabled());
    QVERIFY(!busy->isVisibleTo(&dialog));
    QVERIFY(models->findText(model) >= 0);
    QCOMPARE(models->currentText(), model); // the typed model is kept
    const QString result = child<QLabel>(dialog, "probeResultLabel")->text();
    QVERIFY2(result.contains(QStringLiteral("OK")) && result.contains(model) && result.contains(QStringLiteral("Connected to")),
        qPrintable(result));
    QVERIFY2(server->requestCount(provider == QLatin1String("ollama") ? "/api/tags" : "/v1/models") == 1, "one look-up per test");

    if (const QString outputDir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR"); !outputDir.isEmpty()) {
        QVERIFY(QDir().mkpath(outputDir));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.grab().save(QDir(outputDir).filePath(QStringLiteral("providersettings-%1.png").arg(provider))));
    }
}

void TstProviderSettings::testConnectionRefused()
{
    FakeServer server;
    QVERIFY(server.listen());
    const QString url = server.url().toString();
    server.close();

    ProviderSettings settings;
    settings.baseUrls.insert(QStringLiteral("ollama"), url);
    settings.models.insert(QStringLiteral("ollama"), QStringLiteral("qwen3:8b"));
    ProviderSettingsDialog dialog(settings, QStringLiteral("ollama"));
    QSignalSpy tested(&dialog, &ProviderSettingsDialog::connectionTested);
    child<QPushButton>(dialog, "testConnectionButton")->click();
    QTRY_COMPARE(tested.count(), 1);
    QVERIFY(!tested.constFirst().constFirst().toBool());
    const QString result = child<QLabel>(dialog, "probeResultLabel")->text();
    QVERIFY2(result.contains(QStringLiteral("Failed")) && result.contains(QStringLiteral("Cannot reach")) && result.contains(url),
        qPrintable(result));
    QVERIFY2(result.contains(QStringLiteral("ollama serve")), qPrintable(result));
    QCOMPARE(child<QComboBox>(dialog, "modelCombo")->count(), 0);
    QVERIFY(child<QPushButton>(dialog, "testConnectionButton")->isEnabled());
}

void TstProviderSettings::modelListFetchedOnOpen()
{
    std::unique_ptr<FakeServer> server = fanva::fakes::fakeOllama();
    QVERIFY(server->listen());
    ProviderSettings settings;
    settings.baseUrls.insert(QStringLiteral("ollama"), server->url().toString());
    ProviderSettingsDialog dialog(settings, QStringLiteral("ollama"));
    auto *models = child<QComboBox>(dialog, "modelCombo");
    QCOMPARE(models->count(), 0);
    QCOMPARE(server->requestCount("/api/tags"), 0); // asked on the event loop, never inside the constructor
    QTRY_COMPARE(models->count(), 1);
    QCOMPARE(models->itemText(0), QStringLiteral("qwen3:8b"));
    QVERIFY(models->currentText().isEmpty()); // listed, not chosen for the user
    QVERIFY(child<QLabel>(dialog, "probeResultLabel")->text().contains(QStringLiteral("Choose a model")));

    // A key typed for one provider is not carried over to another.
    auto *provider = child<QComboBox>(dialog, "providerCombo");
    provider->setCurrentIndex(provider->findData(QStringLiteral("anthropic")));
    auto *keyEdit = child<QLineEdit>(dialog, "keyEdit");
    keyEdit->setText(QLatin1String(s_plantedKey));
    provider->setCurrentIndex(provider->findData(QStringLiteral("openai")));
    QVERIFY(keyEdit->text().isEmpty());
}

void TstProviderSettings::windowUsesSettings()
{
    QVERIFY(QDir().mkpath(QFileInfo(ProviderSettings::defaultFile()).absolutePath()));
    {
        ProviderSettings saved;
        saved.provider = QStringLiteral("ollama");
        saved.models.insert(QStringLiteral("ollama"), QStringLiteral("qwen3:8b"));
        QSettings settings(ProviderSettings::defaultFile(), QSettings::IniFormat);
        saved.save(settings);
    }
    MainWindow window;
    window.setInteractive(false);
    QCOMPARE(window.provider(), QStringLiteral("ollama"));
    auto *label = child<QLabel>(window, "providerLabel");
    QVERIFY2(
        label->text().contains(QStringLiteral("ollama")) && label->text().contains(QStringLiteral("qwen3:8b")), qPrintable(label->text()));

    // The action sits in Settings, reachable by keyboard.
    auto *action = child<QAction>(window, "actionProviderSettings");
    auto *menu = child<QMenu>(window, "menuSettings");
    QVERIFY(action && menu);
    QVERIFY(menu->actions().contains(action));
    QVERIFY(menu->title().contains(QLatin1Char('&')) && action->text().contains(QLatin1Char('&')));

    // The workspace's fanva.json names the demo provider: it wins over the saved default.
    QVERIFY(window.openWorkspace(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo")));
    QCOMPARE(window.provider(), QStringLiteral("demo"));

    // Choosing another provider in the dialog wins, updates the status bar and is saved.
    QTimer::singleShot(0, &window, [&window] {
        auto *dialog = window.findChild<ProviderSettingsDialog *>();
        QVERIFY(dialog);
        auto *provider = child<QComboBox>(*dialog, "providerCombo");
        provider->setCurrentIndex(provider->findData(QStringLiteral("openai")));
        child<QLineEdit>(*dialog, "baseUrlEdit")->setText(QStringLiteral("http://127.0.0.1:8080/v1"));
        child<QComboBox>(*dialog, "modelCombo")->setEditText(QStringLiteral("qwen2.5-7b-instruct"));
        child<QSpinBox>(*dialog, "maxReplySpin")->setValue(2);
        dialog->accept();
    });
    action->trigger();
    QCOMPARE(window.provider(), QStringLiteral("openai"));
    QVERIFY2(label->text().contains(QStringLiteral("openai (qwen2.5-7b-instruct)")), qPrintable(label->text()));
    const ProviderSettings stored = ProviderSettings::load(QSettings(ProviderSettings::defaultFile(), QSettings::IniFormat));
    QCOMPARE(stored.provider, QStringLiteral("openai"));
    QCOMPARE(stored.baseUrls.value(QStringLiteral("openai")), QStringLiteral("http://127.0.0.1:8080/v1"));
    QVERIFY(window.providerSettings() == stored);
    // The reply cap reaches the options the window's sessions start with (resolve()).
    QCOMPARE(stored.maxReplyMib, 2);
    QCOMPARE(window.providerSettings().resolve(window.provider(), QProcessEnvironment()).maxReplyBytes, qsizetype(2) * 1024 * 1024);
    QFile::remove(ProviderSettings::defaultFile());
}

void TstProviderSettings::rowsFollowTheRecord_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("baseUrl");
    QTest::addColumn<bool>("model");
    QTest::addColumn<bool>("script");
    QTest::addColumn<bool>("keySource");
    QTest::addColumn<bool>("newKey");
    QTest::addRow("demo: a built-in replay") << "demo" << false << false << false << false << false;
    QTest::addRow("scripted: a script to choose") << "scripted" << false << false << true << false << false;
    QTest::addRow("ollama: a key from the environment only") << "ollama" << true << true << false << true << false;
    QTest::addRow("anthropic: a key in the keyring") << "anthropic" << true << true << false << true << true;
    QTest::addRow("openai: a key per server") << "openai" << true << true << false << true << true;
    QTest::addRow("registered, no model") << "offline-test" << false << false << false << false << false;
}

void TstProviderSettings::rowsFollowTheRecord()
{
    QFETCH(QString, id);
    fanva::llm::registerProvider(QStringLiteral("offline-test"), [](const fanva::llm::ProviderOptions &, QObject *parent) {
        fanva::llm::ProviderResult result;
        result.provider = std::make_unique<OfflineProvider>(parent);
        return result;
    });
    ProviderSettingsDialog dialog(ProviderSettings(), id);
    auto *provider = child<QComboBox>(dialog, "providerCombo");
    // Every provider the registry knows is offered under its own name.
    const std::vector<fanva::llm::ProviderInfo> infos = fanva::llm::providerInfos();
    QCOMPARE(provider->count(), int(infos.size()));
    for (int i = 0; i < provider->count(); ++i) {
        QCOMPARE(provider->itemData(i).toString(), infos[std::size_t(i)].id);
        QCOMPARE(provider->itemText(i), infos[std::size_t(i)].displayName);
    }
    QCOMPARE(provider->currentData().toString(), id);

    auto *form = qobject_cast<QFormLayout *>(provider->parentWidget()->layout());
    QVERIFY(form);
    QTEST(form->isRowVisible(child<QLineEdit>(dialog, "baseUrlEdit")), "baseUrl");
    QTEST(form->isRowVisible(child<QComboBox>(dialog, "modelCombo")), "model");
    QTEST(form->isRowVisible(child<QLineEdit>(dialog, "scriptEdit")->parentWidget()), "script");
    QTEST(form->isRowVisible(child<QLabel>(dialog, "keySourceLabel")), "keySource");
    QTEST(form->isRowVisible(child<QLineEdit>(dialog, "keyEdit")), "newKey");
    QTEST(form->isRowVisible(child<QCheckBox>(dialog, "storeKeyCheck")), "newKey");

    // The same rows after the user switches to the provider in the open dialog.
    ProviderSettingsDialog switched(ProviderSettings(), QStringLiteral("demo"));
    switched.show();
    auto *combo = child<QComboBox>(switched, "providerCombo");
    for (const QString &step : { QStringLiteral("scripted"), QStringLiteral("demo"), id })
        combo->setCurrentIndex(combo->findData(step));
    QTEST(child<QLineEdit>(switched, "baseUrlEdit")->isVisible(), "baseUrl");
    QTEST(child<QComboBox>(switched, "modelCombo")->isVisible(), "model");
    QTEST(child<QLineEdit>(switched, "scriptEdit")->isVisible(), "script");
    QTEST(child<QLabel>(switched, "keySourceLabel")->isVisible(), "keySource");
    QTEST(child<QLineEdit>(switched, "keyEdit")->isVisible(), "newKey");
}

QTEST_MAIN(TstProviderSettings)
#include "tst_providersettings.moc"

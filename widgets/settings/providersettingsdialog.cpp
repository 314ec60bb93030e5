// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "settings/providersettingsdialog.h"

#include "settings/applysettings.h"
#include "settings/modelknobsbox.h"

#include "llm/credentials.h"
#include "llm/probe.h"
#include "llm/redactor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

using fanva::llm::KeyringReader;
using fanva::llm::ProviderProbe;

namespace {

constexpr int s_refreshDelayMs = 400;
constexpr std::chrono::seconds s_keyringLimit { 5 };

bool isReplay(const QString &id)
{
    return id == QLatin1String("demo") || id == QLatin1String("scripted");
}

bool usesKeyring(const QString &id)
{
    return id == QLatin1String("anthropic") || id == QLatin1String("openai");
}

// The variable that sets a provider's base URL ahead of the settings.
QString baseUrlVariable(const QString &id)
{
    if (id == QLatin1String("ollama"))
        return QStringLiteral("FANVA_OLLAMA_HOST");
    if (id == QLatin1String("anthropic"))
        return QStringLiteral("FANVA_ANTHROPIC_BASE_URL");
    if (id == QLatin1String("openai"))
        return QStringLiteral("FANVA_OPENAI_BASE_URL");
    return {};
}

QSpinBox *makeSpin(int minimum, int maximum, const QString &suffix = {})
{
    auto *spin = new QSpinBox;
    spin->setRange(minimum, maximum);
    spin->setSuffix(suffix);
    spin->setGroupSeparatorShown(true);
    return spin;
}

} // namespace

ProviderSettingsDialog::ProviderSettingsDialog(const ProviderSettings &settings, const QString &provider, QWidget *parent)
    : QDialog(parent)
    , m_environment(QProcessEnvironment::systemEnvironment())
    , m_initial(settings)
    , m_initialProvider(provider)
{
    setObjectName(QStringLiteral("providerSettingsDialog"));
    setWindowTitle(tr("Provider Settings"));
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(s_refreshDelayMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        // An OpenAI-compatible server's keyring account names its host.
        if (this->provider() == QLatin1String("openai") && keyAccount() != m_keyringAccount)
            updateKeyState();
        testConnection();
    });
    createWidgets();
    load(settings, provider);
    // The model list is asked for as soon as the dialog opens.
    m_refreshTimer.start();
}

ProviderSettingsDialog::~ProviderSettingsDialog() = default;

void ProviderSettingsDialog::createWidgets()
{
    m_providerCombo = new QComboBox;
    m_providerCombo->setObjectName(QStringLiteral("providerCombo"));
    m_providerCombo->addItem(tr("Demo (offline replay)"), QStringLiteral("demo"));
    m_providerCombo->addItem(tr("Ollama"), QStringLiteral("ollama"));
    m_providerCombo->addItem(tr("Anthropic"), QStringLiteral("anthropic"));
    m_providerCombo->addItem(tr("OpenAI-compatible server"), QStringLiteral("openai"));
    m_providerCombo->addItem(tr("Scripted (replays a script file)"), QStringLiteral("scripted"));

    m_environmentNote = new QLabel;
    m_environmentNote->setObjectName(QStringLiteral("environmentNote"));
    m_environmentNote->setWordWrap(true);
    m_environmentNote->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_baseUrlEdit = new QLineEdit;
    m_baseUrlEdit->setObjectName(QStringLiteral("baseUrlEdit"));
    m_baseUrlEdit->setClearButtonEnabled(true);
    m_baseUrlEdit->setToolTip(tr("Leave empty for the default shown in grey"));

    m_modelCombo = new QComboBox;
    m_modelCombo->setObjectName(QStringLiteral("modelCombo"));
    m_modelCombo->setEditable(true);
    m_modelCombo->setInsertPolicy(QComboBox::NoInsert);
    m_modelCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_modelCombo->setMinimumContentsLength(24);
    m_modelCombo->setToolTip(tr("Type a model name or choose one the server lists"));

    m_scriptEdit = new QLineEdit;
    m_scriptEdit->setObjectName(QStringLiteral("scriptEdit"));
    auto *browse = new QPushButton(tr("&Browse…"));
    browse->setObjectName(QStringLiteral("browseScriptButton"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Choose a Script"), m_scriptEdit->text(), tr("Fanva scripts (*.json)"));
        if (!path.isEmpty())
            m_scriptEdit->setText(QDir::toNativeSeparators(path));
    });
    m_scriptRow = new QWidget;
    auto *scriptLayout = new QHBoxLayout(m_scriptRow);
    scriptLayout->setContentsMargins(0, 0, 0, 0);
    scriptLayout->addWidget(m_scriptEdit, 1);
    scriptLayout->addWidget(browse);

    m_keySourceLabel = new QLabel;
    m_keySourceLabel->setObjectName(QStringLiteral("keySourceLabel"));
    m_keySourceLabel->setWordWrap(true);
    m_keyEdit = new QLineEdit;
    m_keyEdit->setObjectName(QStringLiteral("keyEdit"));
    m_keyEdit->setEchoMode(QLineEdit::Password);
    m_keyEdit->setClearButtonEnabled(true);
    m_keyEdit->setAccessibleName(tr("API key"));
    m_storeKeyCheck = new QCheckBox(tr("&Store the key in the OS keyring"));
    m_storeKeyCheck->setObjectName(QStringLiteral("storeKeyCheck"));

    m_testButton = new QPushButton(QIcon::fromTheme(QStringLiteral("network-connect")), tr("&Test Connection"));
    m_testButton->setObjectName(QStringLiteral("testConnectionButton"));
    m_testButton->setAutoDefault(false);
    connect(m_testButton, &QPushButton::clicked, this, &ProviderSettingsDialog::testConnection);
    m_busy = new QProgressBar;
    m_busy->setObjectName(QStringLiteral("probeBusy"));
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(120);
    m_busy->setAccessibleName(tr("Testing the connection"));
    m_busy->hide();
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_testButton);
    testRow->addWidget(m_busy);
    testRow->addStretch(1);
    m_resultLabel = new QLabel;
    m_resultLabel->setObjectName(QStringLiteral("probeResultLabel"));
    m_resultLabel->setWordWrap(true);
    m_resultLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resultLabel->setAccessibleName(tr("Connection test result"));

    auto *providerBox = new QGroupBox(tr("Model provider"));
    m_providerForm = new QFormLayout(providerBox);
    m_providerForm->addRow(tr("&Provider:"), m_providerCombo);
    m_providerForm->addRow(m_environmentNote);
    m_providerForm->addRow(tr("Base &URL:"), m_baseUrlEdit);
    m_providerForm->addRow(tr("&Model:"), m_modelCombo);
    m_providerForm->addRow(tr("Scr&ipt:"), m_scriptRow);
    m_providerForm->addRow(tr("API key:"), m_keySourceLabel);
    m_providerForm->addRow(tr("&New key:"), m_keyEdit);
    m_providerForm->addRow(QString(), m_storeKeyCheck);
    m_providerForm->addRow(testRow);
    m_providerForm->addRow(m_resultLabel);
    if (auto *label = qobject_cast<QLabel *>(m_providerForm->labelForField(m_scriptRow)))
        label->setBuddy(m_scriptEdit);

    m_maxAttemptsSpin = makeSpin(1, 10);
    m_maxAttemptsSpin->setObjectName(QStringLiteral("maxAttemptsSpin"));
    m_maxAttemptsSpin->setToolTip(tr("Calls to the model per document, repairs included"));
    m_judgeCheck = new QCheckBox(tr("Let the model &judge each entry against its sentence"));
    m_judgeCheck->setObjectName(QStringLiteral("judgeCheck"));
    m_judgeRetriesSpin = makeSpin(0, 3);
    m_judgeRetriesSpin->setObjectName(QStringLiteral("judgeRetriesSpin"));
    connect(m_judgeCheck, &QCheckBox::toggled, m_judgeRetriesSpin, &QWidget::setEnabled);
    m_contextWindowSpin = makeSpin(1024, 4 * 1024 * 1024, tr(" tokens"));
    m_contextWindowSpin->setObjectName(QStringLiteral("contextWindowSpin"));
    m_contextWindowSpin->setSingleStep(1024);
    m_contextWindowSpin->setToolTip(tr("The prompt budget of a session when the model does not report its own"));
    auto *sessionBox = new QGroupBox(tr("Formalization"));
    auto *sessionForm = new QFormLayout(sessionBox);
    sessionForm->addRow(tr("Max &attempts:"), m_maxAttemptsSpin);
    sessionForm->addRow(m_judgeCheck);
    sessionForm->addRow(tr("Judge &retries:"), m_judgeRetriesSpin);
    sessionForm->addRow(tr("Conte&xt window:"), m_contextWindowSpin);

    m_connectSpin = makeSpin(1, 600, tr(" s"));
    m_connectSpin->setObjectName(QStringLiteral("connectTimeoutSpin"));
    m_idleSpin = makeSpin(1, 3600, tr(" s"));
    m_idleSpin->setObjectName(QStringLiteral("idleTimeoutSpin"));
    m_idleSpin->setToolTip(tr("How long the model may stay silent, for example while it loads"));
    m_totalSpin = makeSpin(0, 24 * 60, tr(" min"));
    m_totalSpin->setObjectName(QStringLiteral("totalTimeoutSpin"));
    m_totalSpin->setSpecialValueText(tr("no limit"));
    m_maxReplySpin = makeSpin(1, ProviderSettings::kMaxReplyMib, tr(" MiB"));
    m_maxReplySpin->setObjectName(QStringLiteral("maxReplySpin"));
    m_maxReplySpin->setToolTip(tr("The most text one answer may bring; a longer answer stops the call"));
    auto *timeoutBox = new QGroupBox(tr("Limits"));
    auto *timeoutForm = new QFormLayout(timeoutBox);
    timeoutForm->addRow(tr("&Connect:"), m_connectSpin);
    timeoutForm->addRow(tr("&Idle:"), m_idleSpin);
    timeoutForm->addRow(tr("&Whole call:"), m_totalSpin);
    timeoutForm->addRow(tr("Largest repl&y:"), m_maxReplySpin);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    m_buttons->setObjectName(QStringLiteral("buttons"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ProviderSettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ProviderSettingsDialog::reject);

    auto *lower = new QHBoxLayout;
    lower->addWidget(sessionBox, 1);
    lower->addWidget(timeoutBox, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(providerBox);
    layout->addLayout(lower);
    m_modelKnobs = new ModelKnobsBox;
    layout->addWidget(m_modelKnobs);
    layout->addWidget(createApplyGroup());
    layout->addStretch(1);
    layout->addWidget(m_buttons);

    connect(m_providerCombo, &QComboBox::currentIndexChanged, this, &ProviderSettingsDialog::providerSelected);
    connect(m_baseUrlEdit, &QLineEdit::textEdited, this, [this] { m_refreshTimer.start(); });
    connect(m_scriptEdit, &QLineEdit::textEdited, this, [this] { m_refreshTimer.start(); });
}

void ProviderSettingsDialog::load(const ProviderSettings &settings, const QString &provider)
{
    m_models = settings.models;
    m_baseUrls = settings.baseUrls;
    m_scriptEdit->setText(QDir::toNativeSeparators(settings.scriptPath));
    m_maxAttemptsSpin->setValue(settings.session.maxAttempts);
    m_judgeCheck->setChecked(settings.session.judge);
    m_judgeRetriesSpin->setValue(settings.session.judgeRetries);
    m_judgeRetriesSpin->setEnabled(settings.session.judge);
    m_contextWindowSpin->setValue(settings.session.contextWindow);
    m_connectSpin->setValue(settings.connectTimeoutSeconds);
    m_idleSpin->setValue(settings.idleTimeoutSeconds);
    m_totalSpin->setValue(settings.totalTimeoutMinutes);
    m_modelKnobs->load(settings);
    m_maxReplySpin->setValue(settings.maxReplyMib);

    int index = m_providerCombo->findData(provider);
    if (index < 0) {
        // An id the dialog has no label for (FANVA_PROVIDER=…) is still shown as it is.
        m_providerCombo->addItem(provider, provider);
        index = m_providerCombo->count() - 1;
    }
    const QSignalBlocker blocker(m_providerCombo);
    m_providerCombo->setCurrentIndex(index);
    m_shownProvider = provider;
    showProviderFields();
}

QString ProviderSettingsDialog::provider() const
{
    return m_providerCombo->currentData().toString();
}

bool ProviderSettingsDialog::isProviderChanged() const
{
    return provider() != m_initialProvider;
}

ProviderSettings ProviderSettingsDialog::settings() const
{
    ProviderSettings result = m_initial;
    if (isProviderChanged())
        result.provider = provider();
    result.models = m_models;
    result.baseUrls = m_baseUrls;
    storeFields(provider(), result.models, result.baseUrls);
    result.scriptPath = QDir::fromNativeSeparators(m_scriptEdit->text().trimmed());
    result.session.maxAttempts = m_maxAttemptsSpin->value();
    result.session.judge = m_judgeCheck->isChecked();
    result.session.judgeRetries = m_judgeRetriesSpin->value();
    result.session.contextWindow = m_contextWindowSpin->value();
    result.connectTimeoutSeconds = m_connectSpin->value();
    result.idleTimeoutSeconds = m_idleSpin->value();
    result.totalTimeoutMinutes = m_totalSpin->value();
    m_modelKnobs->store(result);
    result.maxReplyMib = m_maxReplySpin->value();
    return result;
}

void ProviderSettingsDialog::providerSelected()
{
    storeFields(m_shownProvider, m_models, m_baseUrls);
    m_shownProvider = provider();
    m_resultLabel->clear();
    // A typed key belongs to the provider it was typed for.
    m_keyEdit->clear();
    showProviderFields();
    m_refreshTimer.start();
}

// The model and base URL fields show provider @p id's values; each provider keeps its own,
// so switching back and forth keeps what was typed.
void ProviderSettingsDialog::storeFields(const QString &id, QHash<QString, QString> &models, QHash<QString, QString> &baseUrls) const
{
    if (isReplay(id))
        return;
    const QString model = m_modelCombo->currentText().trimmed();
    const QString url = m_baseUrlEdit->text().trimmed();
    if (model.isEmpty())
        models.remove(id);
    else
        models.insert(id, model);
    if (url.isEmpty())
        baseUrls.remove(id);
    else
        baseUrls.insert(id, url);
}

void ProviderSettingsDialog::showProviderFields()
{
    const QString id = m_shownProvider;
    const bool replay = isReplay(id);
    m_modelKnobs->setProvider(id);
    m_modelCombo->clear();
    m_modelCombo->setEditText(replay ? QString() : m_models.value(id));
    m_baseUrlEdit->setText(replay ? QString() : m_baseUrls.value(id));

    // The default the provider falls back to, with the FANVA_* override left out (it has its own note).
    QProcessEnvironment withoutOverride = m_environment;
    withoutOverride.remove(baseUrlVariable(id));
    const QUrl fallback = ProviderSettings().resolve(id, withoutOverride).baseUrl;
    m_baseUrlEdit->setPlaceholderText(
        fallback.isEmpty() ? tr("Required, with /v1 (for example http://127.0.0.1:8080/v1)") : fallback.toString());
    m_modelCombo->lineEdit()->setPlaceholderText(
        id == QLatin1String("anthropic") ? tr("Required (for example claude-sonnet-4-5)") : tr("Required"));

    m_providerForm->setRowVisible(m_baseUrlEdit, !replay);
    m_providerForm->setRowVisible(m_modelCombo, !replay);
    m_providerForm->setRowVisible(m_scriptRow, id == QLatin1String("scripted"));
    m_providerForm->setRowVisible(m_keySourceLabel, !replay);
    m_providerForm->setRowVisible(m_keyEdit, usesKeyring(id));
    m_providerForm->setRowVisible(m_storeKeyCheck, usesKeyring(id));
    updateEnvironmentNote();
    updateKeyState();
}

void ProviderSettingsDialog::updateEnvironmentNote()
{
    const QString id = provider();
    QStringList names { QStringLiteral("FANVA_MODEL"), baseUrlVariable(id), QStringLiteral("FANVA_IDLE_TIMEOUT") };
    if (isReplay(id))
        names = { QStringLiteral("FANVA_SCRIPT"), QStringLiteral("FANVA_IDLE_TIMEOUT") };
    QStringList set;
    for (const QString &name : std::as_const(names)) {
        if (!name.isEmpty() && !m_environment.value(name).trimmed().isEmpty())
            set << QStringLiteral("%1=%2").arg(name, fanva::llm::Redactor::instance().redact(m_environment.value(name).trimmed()));
    }
    m_environmentNote->setText(set.isEmpty()
            ? QString()
            : tr("The environment sets %1; it takes precedence over the fields below.").arg(set.join(QStringLiteral(", "))));
    m_providerForm->setRowVisible(m_environmentNote, !set.isEmpty());
}

QString ProviderSettingsDialog::keyAccount() const
{
    const QString id = provider();
    const QString url = m_baseUrlEdit->text().trimmed();
    return fanva::llm::keyringAccount(id, url.isEmpty() ? ProviderSettings().resolve(id, m_environment).baseUrl : QUrl(url));
}

void ProviderSettingsDialog::updateKeyState()
{
    const QString id = provider();
    delete m_keyringReader;
    m_keyringKey.clear();
    m_keyringAccount = keyAccount();
    m_keyEdit->setEnabled(true);
    m_keyEdit->setPlaceholderText(tr("Paste a key to use it"));
    m_storeKeyCheck->setEnabled(fanva::llm::hasKeyring());

    if (isReplay(id)) {
        m_keySourceLabel->clear();
        return;
    }
    if (const auto credential = fanva::llm::environmentCredential(id, m_environment)) {
        // The source is e.g. "env:ANTHROPIC_API_KEY"; the key itself is never shown.
        const QString variable = credential->source.section(QLatin1Char(':'), 1);
        m_keySourceLabel->setText(tr("From %1 (environment); it takes precedence over a key typed or stored here.").arg(variable));
        m_keyEdit->setEnabled(false);
        m_keyEdit->setPlaceholderText(tr("Set by %1").arg(variable));
        m_storeKeyCheck->setEnabled(false);
        return;
    }
    if (!usesKeyring(id)) {
        m_keySourceLabel->setText(tr("None. A local Ollama needs none; for a remote server set OLLAMA_API_KEY in the environment."));
        return;
    }

    const QString account = keyAccount();
    const QString sessionNote = m_sessionKeys.contains(account) ? tr(" A key typed earlier is used until Fanva quits.") : QString();
    if (!fanva::llm::hasKeyring()) {
        m_keySourceLabel->setText(
            tr("This build cannot use the OS keyring: a key typed here is kept in memory until Fanva quits.") + sessionNote);
        m_storeKeyCheck->setToolTip(tr("This build has no keyring support"));
        return;
    }
    m_keySourceLabel->setText(tr("Looking in the OS keyring…"));
    auto *reader = new KeyringReader(this);
    m_keyringReader = reader;
    connect(reader, &KeyringReader::finished, this, [this, reader, id, account, sessionNote](const QString &key) {
        reader->deleteLater();
        switch (reader->status()) {
        case KeyringReader::Status::Found:
            m_keyringKey = key;
            m_keySourceLabel->setText(tr("Stored in the OS keyring (account %1).").arg(account) + sessionNote);
            m_storeKeyCheck->setChecked(true);
            break;
        case KeyringReader::Status::Unavailable:
            m_keySourceLabel->setText(tr("No OS keyring is available (%1): a key typed here is kept in memory until Fanva quits.")
                                          .arg(reader->unavailableReason())
                + sessionNote);
            m_storeKeyCheck->setChecked(false);
            m_storeKeyCheck->setEnabled(false);
            break;
        case KeyringReader::Status::NotFound:
        case KeyringReader::Status::Pending:
            m_keySourceLabel->setText(
                tr("None stored (keyring account %1): set %2, or type a key below.")
                    .arg(account, id == QLatin1String("anthropic") ? QStringLiteral("ANTHROPIC_API_KEY") : QStringLiteral("OPENAI_API_KEY"))
                + sessionNote);
            break;
        }
    });
    reader->start(account, s_keyringLimit);
}

fanva::llm::ProviderOptions ProviderSettingsDialog::currentOptions() const
{
    fanva::llm::ProviderOptions options = settings().resolve(provider(), m_environment);
    if (options.apiKey.isEmpty()) {
        const QString account = keyAccount();
        if (const QString typed = m_keyEdit->text().trimmed(); !typed.isEmpty() && m_keyEdit->isEnabled()) {
            fanva::llm::Redactor::instance().addSecret(typed);
            options.apiKey = typed;
            options.keySource = QStringLiteral("settings");
        } else if (!m_sessionKeys.value(account).isEmpty()) {
            options.apiKey = m_sessionKeys.value(account);
            options.keySource = QStringLiteral("settings");
        } else if (!m_keyringKey.isEmpty() && m_keyringAccount == account) {
            options.apiKey = m_keyringKey;
            options.keySource = QStringLiteral("keyring");
        }
    }
    return options;
}

void ProviderSettingsDialog::testConnection()
{
    m_refreshTimer.stop();
    delete m_probe;
    auto *probe = new ProviderProbe(currentOptions(), true, this);
    m_probe = probe;
    connect(probe, &ProviderProbe::finished, this, [this, probe] {
        probe->deleteLater();
        m_probe = nullptr;
        showProbeResult(*probe);
        setProbing(false);
        Q_EMIT connectionTested(probe->result().error.isEmpty());
    });
    m_probeTime.start();
    setProbing(true);
    m_resultLabel->setText(tr("Asking %1…").arg(m_providerCombo->currentText()));
    probe->start(true);
}

void ProviderSettingsDialog::setProbing(bool probing)
{
    m_testButton->setEnabled(!probing);
    m_busy->setVisible(probing);
}

void ProviderSettingsDialog::showProbeResult(const ProviderProbe &probe)
{
    const fanva::llm::ProbeResult &result = probe.result();
    const QString id = result.id;
    if (!result.models.isEmpty()) {
        const QString typed = m_modelCombo->currentText();
        m_modelCombo->clear();
        m_modelCombo->addItems(result.models);
        m_modelCombo->setEditText(typed);
    }

    if (!result.error.isEmpty()) {
        QString hint;
        if (result.reachable == false && id == QLatin1String("ollama"))
            hint = tr("Is \"ollama serve\" running, and is the base URL right?");
        else if (result.reachable == false)
            hint = tr("Check that the server is running and that the base URL is right (it includes /v1).");
        m_resultLabel->setText(tr("<b>Failed:</b> %1 %2").arg(result.error.toHtmlEscaped(), hint.toHtmlEscaped()));
        return;
    }

    QStringList lines;
    const QString model = m_modelCombo->currentText().trimmed();
    if (id == QLatin1String("demo")) {
        lines << tr("The demo replay is ready; it answers only for the bundled demo document.");
    } else if (id == QLatin1String("scripted")) {
        lines << tr("The script is ready.");
    } else if (id == QLatin1String("anthropic")) {
        lines << tr("An API key is present; Anthropic checks it on the first request.");
    } else {
        const QString version = result.version.isEmpty() ? QString() : tr(" (version %1)").arg(result.version);
        const qint64 ms = m_probeTime.elapsed();
        const QString took = ms < 1000 ? tr("%1 ms").arg(ms) : tr("%L1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
        lines << tr("Connected to %1%2 in %3.").arg(result.baseUrl, version, took);
        lines << tr("Models on the server: %1.").arg(result.models.size());
        if (model.isEmpty())
            lines << tr("Choose a model from the list.");
        else if (result.modelInfo.installed == false)
            lines << tr("It does not list the model \"%1\": choose one from the list.").arg(model);
        else if (result.modelInfo.installed == true && result.modelInfo.contextLength)
            lines << tr("\"%1\" is available; its context holds %L2 tokens.").arg(model).arg(*result.modelInfo.contextLength);
        else if (result.modelInfo.installed == true)
            lines << tr("\"%1\" is available.").arg(model);
    }
    m_resultLabel->setText(tr("<b>OK:</b> %1").arg(lines.join(QLatin1Char(' ')).toHtmlEscaped()));
}

QWidget *ProviderSettingsDialog::createApplyGroup()
{
    auto *applyBox = new QGroupBox(tr("Apply"));
    m_gitCommitsCheck = new QCheckBox(tr("Commit Applies to &git"));
    m_gitCommitsCheck->setObjectName(QStringLiteral("gitCommitsCheck"));
    m_gitCommitsCheck->setToolTip(tr("When the KB file lies in a git work tree, Apply commits the file alone and Undo Apply "
                                     "reverts that commit."));
    m_gitCommitsCheck->setChecked(ApplySettings {}.gitCommits);
    auto *applyLayout = new QVBoxLayout(applyBox);
    applyLayout->addWidget(m_gitCommitsCheck);
    return applyBox;
}

void ProviderSettingsDialog::setGitCommits(bool on)
{
    m_gitCommitsCheck->setChecked(on);
}

bool ProviderSettingsDialog::gitCommits() const
{
    return m_gitCommitsCheck->isChecked();
}

void ProviderSettingsDialog::accept()
{
    const QString key = m_keyEdit->isEnabled() && usesKeyring(provider()) ? m_keyEdit->text().trimmed() : QString();
    if (key.isEmpty()) {
        QDialog::accept();
        return;
    }
    fanva::llm::Redactor::instance().addSecret(key);
    const QString account = keyAccount();
    if (!m_storeKeyCheck->isChecked() || !m_storeKeyCheck->isEnabled()) {
        m_sessionKeys.insert(account, key);
        QDialog::accept();
        return;
    }
    auto *writer = new fanva::llm::KeyringWriter(this);
    m_buttons->setEnabled(false);
    m_keySourceLabel->setText(tr("Storing the key in the OS keyring…"));
    connect(writer, &fanva::llm::KeyringWriter::finished, this, [this, writer, account](bool stored, const QString &error) {
        writer->deleteLater();
        m_buttons->setEnabled(true);
        if (stored) {
            m_sessionKeys.remove(account);
            QDialog::accept();
            return;
        }
        m_storeKeyCheck->setChecked(false);
        m_keySourceLabel->setText(
            tr("The key could not be stored in the keyring (%1). Save again to keep it in memory until Fanva quits.").arg(error));
    });
    writer->start(account, key);
}

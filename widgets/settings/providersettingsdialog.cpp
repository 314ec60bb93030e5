// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "settings/providersettingsdialog.h"

#include "settings/applysettings.h"
#include "settings/modelknobsbox.h"

#include "llm/credentials.h"
#include "llm/probe.h"
#include "llm/providerinfo.h"
#include "llm/redactor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
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

using fanva::llm::ProviderInfo;

bool usesKeyring(const ProviderInfo &info)
{
    return info.keyring != ProviderInfo::KeyringAccount::None;
}

// The provider's name in the user's language (the records hold English).
QString displayName(const ProviderInfo &info)
{
    return QCoreApplication::translate("ProviderInfo", info.displayName.toUtf8().constData());
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
        if (fanva::llm::providerInfo(this->provider()).keyring == ProviderInfo::KeyringAccount::PerHost && keyAccount() != m_keyringAccount)
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
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    m_buttons->setObjectName(QStringLiteral("buttons"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ProviderSettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ProviderSettingsDialog::reject);

    auto *lower = new QHBoxLayout;
    lower->addWidget(createSessionGroup(), 1);
    lower->addWidget(createLimitsGroup(), 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createProviderGroup());
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

// One row per capability a provider may have (fanva::llm::ProviderInfo); showProviderFields()
// shows the rows the selected provider's record asks for.
QWidget *ProviderSettingsDialog::createProviderGroup()
{
    m_providerCombo = new QComboBox;
    m_providerCombo->setObjectName(QStringLiteral("providerCombo"));
    for (const fanva::llm::ProviderInfo &info : fanva::llm::providerInfos())
        m_providerCombo->addItem(displayName(info), info.id);

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

    auto *providerBox = new QGroupBox(tr("Model provider"));
    m_providerForm = new QFormLayout(providerBox);
    m_providerForm->addRow(tr("&Provider:"), m_providerCombo);
    m_providerForm->addRow(m_environmentNote);
    m_providerForm->addRow(tr("Base &URL:"), m_baseUrlEdit);
    m_providerForm->addRow(tr("&Model:"), m_modelCombo);
    m_providerForm->addRow(tr("Scr&ipt:"), createScriptRow());
    if (auto *label = qobject_cast<QLabel *>(m_providerForm->labelForField(m_scriptRow)))
        label->setBuddy(m_scriptEdit);
    addKeyRows();
    addTestRows();
    return providerBox;
}

QWidget *ProviderSettingsDialog::createScriptRow()
{
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
    return m_scriptRow;
}

void ProviderSettingsDialog::addKeyRows()
{
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
    m_providerForm->addRow(tr("API key:"), m_keySourceLabel);
    m_providerForm->addRow(tr("&New key:"), m_keyEdit);
    m_providerForm->addRow(QString(), m_storeKeyCheck);
}

void ProviderSettingsDialog::addTestRows()
{
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
    m_providerForm->addRow(testRow);
    m_providerForm->addRow(m_resultLabel);
}

QWidget *ProviderSettingsDialog::createSessionGroup()
{
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
    return sessionBox;
}

QWidget *ProviderSettingsDialog::createLimitsGroup()
{
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
    return timeoutBox;
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
    const ProviderInfo info = fanva::llm::providerInfo(id);
    const QString model = m_modelCombo->currentText().trimmed();
    const QString url = m_baseUrlEdit->text().trimmed();
    // A hidden field holds nothing of this provider's.
    if (!info.bringsOwnModel) {
        if (model.isEmpty())
            models.remove(id);
        else
            models.insert(id, model);
    }
    if (info.usesBaseUrl) {
        if (url.isEmpty())
            baseUrls.remove(id);
        else
            baseUrls.insert(id, url);
    }
}

void ProviderSettingsDialog::showProviderFields()
{
    const QString id = m_shownProvider;
    const ProviderInfo info = fanva::llm::providerInfo(id);
    m_modelKnobs->setProvider(info);
    m_modelCombo->clear();
    m_modelCombo->setEditText(info.bringsOwnModel ? QString() : m_models.value(id));
    m_baseUrlEdit->setText(info.usesBaseUrl ? m_baseUrls.value(id) : QString());

    // The default the provider falls back to, with the FANVA_* override left out (it has its own note).
    QProcessEnvironment withoutOverride = m_environment;
    withoutOverride.remove(info.baseUrlOverrideVariable);
    const QUrl fallback = ProviderSettings().resolve(id, withoutOverride).baseUrl;
    m_baseUrlEdit->setPlaceholderText(
        fallback.isEmpty() ? tr("Required, with /v1 (for example http://127.0.0.1:8080/v1)") : fallback.toString());
    m_modelCombo->lineEdit()->setPlaceholderText(
        info.modelExample.isEmpty() ? tr("Required") : tr("Required (for example %1)").arg(info.modelExample));

    // One row per capability the provider's record names.
    m_providerForm->setRowVisible(m_baseUrlEdit, info.usesBaseUrl);
    m_providerForm->setRowVisible(m_modelCombo, !info.bringsOwnModel);
    m_providerForm->setRowVisible(m_scriptRow, info.needsScript && info.defaultScript.isEmpty());
    m_providerForm->setRowVisible(m_keySourceLabel, !info.keyVariables.isEmpty());
    m_providerForm->setRowVisible(m_keyEdit, usesKeyring(info));
    m_providerForm->setRowVisible(m_storeKeyCheck, usesKeyring(info));
    updateEnvironmentNote();
    updateKeyState();
}

void ProviderSettingsDialog::updateEnvironmentNote()
{
    const ProviderInfo info = fanva::llm::providerInfo(provider());
    QStringList names;
    if (info.needsScript)
        names << QStringLiteral("FANVA_SCRIPT");
    if (!info.bringsOwnModel)
        names << QStringLiteral("FANVA_MODEL");
    names << info.baseUrlOverrideVariable << QStringLiteral("FANVA_IDLE_TIMEOUT");
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
    const ProviderInfo info = fanva::llm::providerInfo(id);
    delete m_keyringReader;
    m_keyringKey.clear();
    m_keyringAccount = keyAccount();
    m_keyEdit->setEnabled(true);
    m_keyEdit->setPlaceholderText(tr("Paste a key to use it"));
    m_storeKeyCheck->setEnabled(fanva::llm::hasKeyring());

    if (info.keyVariables.isEmpty()) {
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
    if (!usesKeyring(info)) {
        m_keySourceLabel->setText(tr("None. A local %1 needs none; for a remote server set %2 in the environment.")
                                      .arg(displayName(info), info.keyVariables.last()));
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
    connect(reader, &KeyringReader::finished, this,
        [this, reader, variable = info.keyVariables.last(), account, sessionNote](const QString &key) {
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
                    tr("None stored (keyring account %1): set %2, or type a key below.").arg(account, variable) + sessionNote);
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
    const ProviderInfo info = fanva::llm::providerInfo(result.id);
    if (!result.models.isEmpty()) {
        const QString typed = m_modelCombo->currentText();
        m_modelCombo->clear();
        m_modelCombo->addItems(result.models);
        m_modelCombo->setEditText(typed);
    }

    if (!result.error.isEmpty()) {
        QString hint;
        if (result.reachable == false && info.api == ProviderInfo::Api::Ollama)
            hint = tr("Is \"ollama serve\" running, and is the base URL right?");
        else if (result.reachable == false)
            hint = tr("Check that the server is running and that the base URL is right (it includes /v1).");
        m_resultLabel->setText(tr("<b>Failed:</b> %1 %2").arg(result.error.toHtmlEscaped(), hint.toHtmlEscaped()));
        return;
    }

    QStringList lines;
    const QString model = m_modelCombo->currentText().trimmed();
    if (info.needsScript && !info.defaultScript.isEmpty()) {
        lines << tr("The demo replay is ready; it answers only for the bundled demo document.");
    } else if (info.needsScript) {
        lines << tr("The script is ready.");
    } else if (info.api == ProviderInfo::Api::None) {
        lines << tr("%1 needs no server; it is ready.").arg(displayName(info));
    } else if (info.api == ProviderInfo::Api::Anthropic) {
        lines << tr("An API key is present; %1 checks it on the first request.").arg(displayName(info));
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
    const bool keyring = usesKeyring(fanva::llm::providerInfo(provider()));
    const QString key = m_keyEdit->isEnabled() && keyring ? m_keyEdit->text().trimmed() : QString();
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

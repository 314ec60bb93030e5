// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "settings/providersettings.h"

#include "llm/credentials.h"
#include "llm/probe.h"

#include <QDialog>
#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QProcessEnvironment>
#include <QTimer>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class ModelKnobsBox;

namespace fanva::llm {
class KeyringReader;
class ProviderProbe;
struct ProviderOptions;
} // namespace fanva::llm

/// Settings ▸ Provider: which model provider formalizes, where it runs, which model, how
/// the session retries and judges, and the timeouts. The model list and "Test connection"
/// come from the engine's probe, asynchronously. API keys are never shown nor written to the
/// settings: the dialog names the environment variable or the OS keyring a key comes from,
/// and a key typed here goes to the keyring (when the user asks and one is available) or
/// stays in memory until the application quits.
class ProviderSettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProviderSettingsDialog)

public:
    /// Shows @p settings with @p provider selected: the provider the window would use now.
    ProviderSettingsDialog(const ProviderSettings &settings, const QString &provider, QWidget *parent = nullptr);
    ~ProviderSettingsDialog() override;

    /// The settings as edited. Their default provider changes only when the user chose
    /// another provider than the one shown at first.
    [[nodiscard]] ProviderSettings settings() const;
    /// The provider selected in the dialog.
    [[nodiscard]] QString provider() const;
    [[nodiscard]] bool isProviderChanged() const;

    /// Keys typed for this session only, by keyring account (see fanva::llm::keyringAccount).
    /// They are used after the environment and before the keyring, and are never written.
    void setSessionKeys(const QHash<QString, QString> &keys) { m_sessionKeys = keys; }
    [[nodiscard]] QHash<QString, QString> sessionKeys() const { return m_sessionKeys; }

    /// The "Commit Applies to git" box (ApplySettings::gitCommits).
    void setGitCommits(bool on);
    [[nodiscard]] bool gitCommits() const;

    /// Whether a probe (Test connection or the model list) is running.
    [[nodiscard]] bool isProbing() const { return m_probe != nullptr; }

    /// Asks the selected provider what it serves and shows the answer; asynchronous.
    void testConnection();
    /// Stores a typed key in the keyring when asked to, then closes the dialog.
    void accept() override;

Q_SIGNALS:
    /// A probe finished; @p ok is false when it reported a problem.
    void connectionTested(bool ok);

private:
    void createWidgets();
    [[nodiscard]] QWidget *createProviderGroup();
    [[nodiscard]] QWidget *createScriptRow();
    void addKeyRows();
    void addTestRows();
    [[nodiscard]] QWidget *createSessionGroup();
    [[nodiscard]] QWidget *createLimitsGroup();
    [[nodiscard]] QWidget *createApplyGroup();
    void load(const ProviderSettings &settings, const QString &provider);
    void providerSelected();
    void storeFields(const QString &id, QHash<QString, QString> &models, QHash<QString, QString> &baseUrls) const;
    void showProviderFields();
    void updateEnvironmentNote();
    void updateKeyState();
    void showProbeResult(const fanva::llm::ProviderProbe &probe);
    void setProbing(bool probing);
    [[nodiscard]] fanva::llm::ProviderOptions currentOptions() const;
    [[nodiscard]] QString keyAccount() const;

    QProcessEnvironment m_environment;
    ProviderSettings m_initial;
    QString m_initialProvider;
    QString m_shownProvider; ///< the provider whose fields the widgets show
    QHash<QString, QString> m_models;
    QHash<QString, QString> m_baseUrls;
    QHash<QString, QString> m_sessionKeys;
    QString m_keyringAccount; ///< the account the key state was looked up for
    QString m_keyringKey; ///< the key the keyring holds for m_keyringAccount, in memory only

    QTimer m_refreshTimer; ///< debounces the model list after an edit
    QElapsedTimer m_probeTime;
    QPointer<fanva::llm::ProviderProbe> m_probe;
    QPointer<fanva::llm::KeyringReader> m_keyringReader;

    QFormLayout *m_providerForm = nullptr;
    QComboBox *m_providerCombo = nullptr;
    QLabel *m_environmentNote = nullptr;
    QLineEdit *m_baseUrlEdit = nullptr;
    QComboBox *m_modelCombo = nullptr;
    QLineEdit *m_scriptEdit = nullptr;
    QWidget *m_scriptRow = nullptr;
    QLabel *m_keySourceLabel = nullptr;
    QLineEdit *m_keyEdit = nullptr;
    QCheckBox *m_storeKeyCheck = nullptr;
    QPushButton *m_testButton = nullptr;
    QProgressBar *m_busy = nullptr;
    QLabel *m_resultLabel = nullptr;
    QSpinBox *m_maxAttemptsSpin = nullptr;
    QCheckBox *m_judgeCheck = nullptr;
    QCheckBox *m_gitCommitsCheck = nullptr;
    QSpinBox *m_judgeRetriesSpin = nullptr;
    QSpinBox *m_contextWindowSpin = nullptr;
    QSpinBox *m_connectSpin = nullptr;
    QSpinBox *m_idleSpin = nullptr;
    QSpinBox *m_totalSpin = nullptr;
    ModelKnobsBox *m_modelKnobs = nullptr;
    QSpinBox *m_maxReplySpin = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

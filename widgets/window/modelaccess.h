// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "settings/providersettings.h"

#include "formalize/session.h"
#include "llm/options.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

/// The model the window's runs use (providers.md §2): the saved provider settings, the API keys
/// typed in Settings ▸ Provider (memory only), and the two look-ups a run may wait for before it
/// starts — the key in the OS keyring and the model's context length, asked of Ollama
/// (formalize.md §5). MainWindow keeps one and names the provider (command line, fanva.json).
class ModelAccess final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ModelAccess)

public:
    explicit ModelAccess(ProviderSettings settings, QObject *parent = nullptr);
    ~ModelAccess() override;

    /// The saved provider settings the next run uses.
    [[nodiscard]] const ProviderSettings &settings() const { return m_settings; }
    /// The keys typed in Settings, by keyring account.
    [[nodiscard]] const QHash<QString, QString> &sessionKeys() const { return m_sessionKeys; }
    /// What Settings ▸ Provider saved: @p settings and the keys typed there (kept in memory only).
    void setSettings(const ProviderSettings &settings, const QHash<QString, QString> &sessionKeys);

    /// The provider a run uses when the window names @p named: it, else FANVA_PROVIDER, the
    /// saved default, or the offline demo.
    [[nodiscard]] QString provider(const QString &named) const;
    /// The options of @p provider, resolved against the environment and the settings; the key
    /// only as the environment gives it (withKey() finds the others).
    [[nodiscard]] fanva::llm::ProviderOptions resolve(const QString &provider) const;

    using OptionsNext = std::function<bool(fanva::llm::ProviderOptions)>;
    /// Finds @p options' API key as Formalize does: the environment (resolve()), a key typed in
    /// Settings, then the OS keyring. Calls @p next with the options at once and returns what it
    /// returns, or, when the keyring must be asked, starts reading it (isWaiting()) and returns
    /// true; @p next is called once it answered, with or without a key.
    bool withKey(fanva::llm::ProviderOptions options, OptionsNext next);

    using SettingsNext = std::function<bool(fanva::formalize::SessionSettings)>;
    /// formalize.md §5: @p settings with the session's window, the model's context length capped
    /// by the user's limit, handed to @p next. A provider that reports a context length (Ollama)
    /// is asked first, asynchronously (isWaiting(); true is returned); another keeps the window of
    /// @p settings, capped, and @p next is called at once.
    bool withContextWindow(const fanva::llm::ProviderOptions &options, fanva::formalize::SessionSettings settings, SettingsNext next);

    /// True while a run waits for the keyring or the model's context length.
    [[nodiscard]] bool isWaiting() const { return m_waiting; }

Q_SIGNALS:
    /// A look-up started; @p message says what the run waits for.
    void waitStarted(const QString &message);
    /// The look-up ended; the run it held goes on right after.
    void waitFinished();

private:
    void setWaiting(bool waiting, const QString &message = {});

    ProviderSettings m_settings;
    QHash<QString, QString> m_sessionKeys; ///< keys typed in Settings, by keyring account; memory only
    bool m_waiting = false;
};

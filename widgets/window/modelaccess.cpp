// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/modelaccess.h"

#include "llm/contextwindow.h"
#include "llm/credentials.h"
#include "llm/providerinfo.h"

#include <QProcessEnvironment>

#include <optional>
#include <utility>

ModelAccess::ModelAccess(ProviderSettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
{ }

ModelAccess::~ModelAccess() = default;

void ModelAccess::setSettings(const ProviderSettings &settings, const QHash<QString, QString> &sessionKeys)
{
    m_settings = settings;
    m_sessionKeys = sessionKeys;
}

QString ModelAccess::provider(const QString &named) const
{
    return !named.isEmpty() ? named : m_settings.defaultProvider(QProcessEnvironment::systemEnvironment());
}

fanva::llm::ProviderOptions ModelAccess::resolve(const QString &provider) const
{
    return m_settings.resolve(provider, QProcessEnvironment::systemEnvironment());
}

bool ModelAccess::withKey(fanva::llm::ProviderOptions options, OptionsNext next)
{
    const QString account = fanva::llm::keyringAccount(options.id, options.baseUrl);
    if (options.apiKey.isEmpty() && !m_sessionKeys.value(account).isEmpty()) {
        options.apiKey = m_sessionKeys.value(account);
        options.keySource = QStringLiteral("settings");
    } else if (options.apiKey.isEmpty() && !account.isEmpty() && fanva::llm::hasKeyring()) {
        auto *reader = new fanva::llm::KeyringReader(this);
        connect(reader, &fanva::llm::KeyringReader::finished, this, [this, reader, options, next](const QString &key) mutable {
            reader->deleteLater();
            setWaiting(false);
            if (!key.isEmpty()) {
                options.apiKey = key;
                options.keySource = QStringLiteral("keyring");
            }
            next(options);
        });
        setWaiting(true, tr("Reading the API key from the OS keyring…"));
        reader->start(account);
        return true;
    }
    return next(options);
}

bool ModelAccess::withContextWindow(
    const fanva::llm::ProviderOptions &options, fanva::formalize::SessionSettings settings, SettingsNext next)
{
    // A provider that reports no context length keeps the window set in Settings.
    if (!fanva::llm::providerInfo(options.id).reportsContextWindow) {
        settings.contextWindow = fanva::llm::sessionContextWindow(std::nullopt, options.contextCap, settings.contextWindow);
        return next(std::move(settings));
    }
    auto *lookup = new fanva::llm::ContextLengthLookup(options, this);
    connect(lookup, &fanva::llm::ContextLengthLookup::finished, this,
        [this, lookup, cap = options.contextCap, settings, next = std::move(next)](std::optional<int64_t> reported) mutable {
            lookup->deleteLater();
            setWaiting(false);
            settings.contextWindow = fanva::llm::sessionContextWindow(reported, cap, settings.contextWindow);
            next(std::move(settings));
        });
    setWaiting(true, tr("Asking %1 for the model's context length…").arg(options.model));
    lookup->start();
    return true;
}

void ModelAccess::setWaiting(bool waiting, const QString &message)
{
    m_waiting = waiting;
    if (waiting)
        Q_EMIT waitStarted(message);
    else
        Q_EMIT waitFinished();
}

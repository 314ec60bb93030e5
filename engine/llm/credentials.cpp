// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/credentials.h"

#include "llm/logging.h"
#include "llm/providerinfo.h"
#include "llm/redactor.h"

#ifdef FANVA_HAVE_QTKEYCHAIN
#include <qt6keychain/keychain.h>
#endif

#include <QMetaObject>

namespace fanva::llm {

std::optional<Credential> environmentCredential(const QString &providerId, const QProcessEnvironment &environment)
{
    const QStringList names = providerInfo(providerId).keyVariables;
    for (const QString &name : names) {
        const QString key = environment.value(name).trimmed();
        if (!key.isEmpty()) {
            Redactor::instance().addSecret(key);
            return Credential { key, QStringLiteral("env:") + name };
        }
    }
    return std::nullopt;
}

QString keyringAccount(const QString &providerId, const QUrl &baseUrl)
{
    switch (providerInfo(providerId).keyring) {
    case ProviderInfo::KeyringAccount::PerProvider:
        return providerId;
    case ProviderInfo::KeyringAccount::PerHost:
        return providerId + QLatin1Char('@') + baseUrl.host();
    case ProviderInfo::KeyringAccount::None:
        break;
    }
    return {};
}

bool hasKeyring()
{
#ifdef FANVA_HAVE_QTKEYCHAIN
    return true;
#else
    return false;
#endif
}

KeyringReader::KeyringReader(QObject *parent)
    : QObject(parent)
{
    m_limit.setSingleShot(true);
    connect(&m_limit, &QTimer::timeout, this, [this] {
        qCDebug(lcLlm) << "keyring did not answer in time";
        finishUnavailable(QStringLiteral("the keyring did not answer in time"));
    });
}

KeyringReader::~KeyringReader()
{
    if (m_job)
        m_job->disconnect(this);
}

void KeyringReader::start(const QString &account, std::chrono::milliseconds limit)
{
#ifdef FANVA_HAVE_QTKEYCHAIN
    if (!account.isEmpty()) {
        auto *job = new QKeychain::ReadPasswordJob(QStringLiteral("fanva"));
        job->setAutoDelete(true);
        job->setKey(account);
        m_job = job;
        connect(job, &QKeychain::Job::finished, this, [this, job] {
            if (job->error() == QKeychain::EntryNotFound) {
                finish({});
                return;
            }
            if (job->error() != QKeychain::NoError) {
                qCDebug(lcLlm) << "keyring: no key" << job->error();
                finishUnavailable(Redactor::instance().redact(job->errorString()));
                return;
            }
            const QString key = job->textData().trimmed();
            Redactor::instance().addSecret(key);
            finish(key);
        });
        m_limit.start(limit);
        job->start();
        return;
    }
#else
    Q_UNUSED(limit)
    if (!account.isEmpty()) {
        QMetaObject::invokeMethod(
            this, [this] { finishUnavailable(QStringLiteral("this build has no keyring support")); }, Qt::QueuedConnection);
        return;
    }
#endif
    QMetaObject::invokeMethod(
        this, [this] { finish({}); }, Qt::QueuedConnection);
}

void KeyringReader::finishUnavailable(const QString &reason)
{
    if (m_done)
        return;
    m_status = Status::Unavailable;
    m_reason = reason;
    finish({});
}

void KeyringReader::finish(const QString &key)
{
    if (m_done)
        return;
    m_done = true;
    if (m_status == Status::Pending)
        m_status = key.isEmpty() ? Status::NotFound : Status::Found;
    m_limit.stop();
    if (m_job)
        m_job->disconnect(this);
    Q_EMIT finished(key);
}

KeyringWriter::KeyringWriter(QObject *parent)
    : QObject(parent)
{
    m_limit.setSingleShot(true);
    connect(&m_limit, &QTimer::timeout, this, [this] { finish(false, QStringLiteral("the keyring did not answer in time")); });
}

KeyringWriter::~KeyringWriter()
{
    if (m_job)
        m_job->disconnect(this);
}

void KeyringWriter::start(const QString &account, const QString &key, std::chrono::milliseconds limit)
{
    Redactor::instance().addSecret(key);
#ifdef FANVA_HAVE_QTKEYCHAIN
    if (!account.isEmpty()) {
        auto *job = new QKeychain::WritePasswordJob(QStringLiteral("fanva"));
        job->setAutoDelete(true);
        job->setKey(account);
        job->setTextData(key);
        m_job = job;
        connect(job, &QKeychain::Job::finished, this, [this, job] {
            if (job->error() != QKeychain::NoError)
                finish(false, Redactor::instance().redact(job->errorString()));
            else
                finish(true, {});
        });
        m_limit.start(limit);
        job->start();
        return;
    }
#else
    Q_UNUSED(limit)
#endif
    const QString why = account.isEmpty() ? QStringLiteral("this provider keeps no key in the keyring")
                                          : QStringLiteral("this build has no keyring support");
    QMetaObject::invokeMethod(
        this, [this, why] { finish(false, why); }, Qt::QueuedConnection);
}

void KeyringWriter::finish(bool stored, const QString &error)
{
    if (m_done)
        return;
    m_done = true;
    m_limit.stop();
    if (m_job)
        m_job->disconnect(this);
    Q_EMIT finished(stored, error);
}

} // namespace fanva::llm

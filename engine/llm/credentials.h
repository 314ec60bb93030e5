// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <chrono>
#include <optional>

namespace fanva::llm {

/// An API key and where it came from. `source` ("env:ANTHROPIC_API_KEY", "keyring") may be
/// shown; `key` never is.
struct Credential {
    QString key;
    QString source;
};

/// FANVA_ANTHROPIC_API_KEY → ANTHROPIC_API_KEY, FANVA_OPENAI_API_KEY → OPENAI_API_KEY,
/// OLLAMA_API_KEY; the first one set.
[[nodiscard]] std::optional<Credential> environmentCredential(const QString &providerId, const QProcessEnvironment &environment);

/// The keyring account of a provider: `anthropic` or `openai@<host>`; empty for the others.
[[nodiscard]] QString keyringAccount(const QString &providerId, const QUrl &baseUrl);

/// Whether this build reads the OS keyring (QtKeychain was found).
[[nodiscard]] bool hasKeyring();

/// Reads one key from the OS keyring (service `fanva`) without blocking; finished() fires
/// once, with no key when there is none, no keyring backend, or after the time limit.
class KeyringReader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyringReader)

public:
    explicit KeyringReader(QObject *parent = nullptr);
    ~KeyringReader() override;

    void start(const QString &account, std::chrono::milliseconds limit = std::chrono::seconds(10));

    /// How the look-up ended: Unavailable when there is no keyring to ask (no backend, no
    /// support in this build, no answer in time), as opposed to a keyring without this key.
    enum class Status { Pending, Found, NotFound, Unavailable };
    [[nodiscard]] Status status() const { return m_status; }
    /// Why the keyring is unavailable (redacted, English); empty otherwise.
    [[nodiscard]] QString unavailableReason() const { return m_reason; }

Q_SIGNALS:
    /// `key` is empty when nothing was found.
    void finished(const QString &key);

private:
    void finish(const QString &key);
    void finishUnavailable(const QString &reason);

    QTimer m_limit;
    QPointer<QObject> m_job;
    bool m_done = false;
    Status m_status = Status::Pending;
    QString m_reason;
};

/// Stores one key in the OS keyring (service `fanva`) without blocking, for the settings
/// dialog; finished() fires once, with an error text when nothing was stored.
class KeyringWriter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyringWriter)

public:
    explicit KeyringWriter(QObject *parent = nullptr);
    ~KeyringWriter() override;

    void start(const QString &account, const QString &key, std::chrono::milliseconds limit = std::chrono::seconds(10));

Q_SIGNALS:
    void finished(bool stored, const QString &error);

private:
    void finish(bool stored, const QString &error);

    QTimer m_limit;
    QPointer<QObject> m_job;
    bool m_done = false;
};

} // namespace fanva::llm

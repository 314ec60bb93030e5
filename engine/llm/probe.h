// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>

class QNetworkReply;

namespace fanva::llm {

/// What `fanva-cli providers` and the settings dialog show for one provider.
struct ProbeResult {
    QString id;
    bool selected = false;
    QString baseUrl;
    std::optional<bool> reachable; ///< unknown without --probe or for Anthropic
    QString version;
    QStringList models;
    QString model;
    struct ModelInfo {
        std::optional<bool> installed;
        std::optional<int64_t> contextLength;
        QStringList capabilities;
    } modelInfo;
    struct CredentialInfo {
        bool present = false;
        QString source;
    } credential;
    QString error; ///< why the provider is unusable; empty when it is usable

    /// {id, selected, baseUrl, reachable, version, models, model, modelInfo, credential, error};
    /// never the key itself.
    [[nodiscard]] nlohmann::json toJson() const;
};

/// Checks one provider's configuration and, with `network`, asks it what it serves: Ollama
/// `GET /api/version`, `GET /api/tags` and `POST /api/show`, OpenAI-compatible `GET /models`.
/// Asynchronous; finished() fires once.
class ProviderProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProviderProbe)

public:
    ProviderProbe(ProviderOptions options, bool selected, QObject *parent = nullptr);
    ~ProviderProbe() override;

    void start(bool network);
    [[nodiscard]] const ProbeResult &result() const { return m_result; }

Q_SIGNALS:
    void finished();

private:
    void checkConfiguration();
    void get(const QString &path, void (ProviderProbe::*handler)(int, const QByteArray &));
    void track(QNetworkReply *reply, void (ProviderProbe::*handler)(int, const QByteArray &));
    void ollamaVersion(int status, const QByteArray &body);
    void ollamaTags(int status, const QByteArray &body);
    void ollamaShow(int status, const QByteArray &body);
    void openAiModels(int status, const QByteArray &body);
    void finish();

    ProviderOptions m_options;
    ProbeResult m_result;
    QNetworkAccessManager m_network;
    QPointer<QNetworkReply> m_reply;
    bool m_finished = false;
};

} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/probe.h"

#include "jsonutil.h"

#include "llm/httpcall.h"
#include "llm/httprequest.h"
#include "llm/ollamaprovider.h"
#include "llm/providerinfo.h"
#include "llm/redactor.h"

#include <QFile>
#include <QMetaObject>
#include <QNetworkReply>

namespace fanva::llm {

using nlohmann::json;

namespace {

constexpr int kProbeTimeoutMs = 5000;

json optionalJson(const std::optional<bool> &value)
{
    return value ? json(*value) : json(nullptr);
}

json stringOrNull(const QString &value)
{
    return value.isEmpty() ? json(nullptr) : json(value.toStdString());
}

/// The body as JSON; null when it is not JSON (every reader below then finds nothing).
json parse(const QByteArray &body)
{
    return jsonutil::parse(body).valueOr(json());
}

} // namespace

json ProbeResult::toJson() const
{
    json models = json::array();
    for (const QString &model : this->models)
        models.push_back(model.toStdString());
    json capabilities = json::array();
    for (const QString &capability : modelInfo.capabilities)
        capabilities.push_back(capability.toStdString());
    return json { { "id", id.toStdString() }, { "selected", selected }, { "baseUrl", stringOrNull(baseUrl) },
        { "reachable", optionalJson(reachable) }, { "version", stringOrNull(version) }, { "models", models },
        { "model", stringOrNull(model) },
        { "modelInfo",
            { { "installed", optionalJson(modelInfo.installed) },
                { "contextLength", modelInfo.contextLength ? json(*modelInfo.contextLength) : json(nullptr) },
                { "capabilities", capabilities } } },
        { "credential", { { "present", credential.present }, { "source", stringOrNull(credential.source) } } },
        { "error", stringOrNull(error) } };
}

ProviderProbe::ProviderProbe(ProviderOptions options, bool selected, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    m_result.id = m_options.id;
    m_result.selected = selected;
    m_result.baseUrl = Redactor::instance().redact(m_options.baseUrl.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash));
    m_result.model = m_options.model;
    m_result.credential = { !m_options.apiKey.isEmpty(), m_options.keySource };
    configureNetwork(m_network, m_options.baseUrl);
}

ProviderProbe::~ProviderProbe()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

void ProviderProbe::checkConfiguration()
{
    const ProviderInfo info = providerInfo(m_options.id);
    if (info.needsKey && m_options.apiKey.isEmpty() && !info.keyVariables.isEmpty()) {
        const QString also = info.keyVariables.size() > 1 ? QStringLiteral(" (or %1)").arg(info.keyVariables.first()) : QString();
        m_result.error
            = QStringLiteral("No %1 API key: set %2%3 or store one in the keyring.").arg(info.displayName, info.keyVariables.last(), also);
    } else if (info.needsBaseUrl && m_options.baseUrl.isEmpty()) {
        m_result.error = QStringLiteral("No base URL for the %1: pass --base-url or set %2%3.")
                             .arg(info.displayName, info.baseUrlOverrideVariable,
                                 info.api == ProviderInfo::Api::OpenAi ? QStringLiteral(" (including /v1)") : QString());
    } else if (info.needsScript && m_options.scriptPath.isEmpty()) {
        m_result.error = QStringLiteral("The scripted provider needs a script: pass --script FILE or set FANVA_SCRIPT.");
    } else if (info.needsScript && !QFile::exists(m_options.scriptPath)) {
        m_result.error = m_options.scriptPath.startsWith(QLatin1Char(':'))
            ? QStringLiteral("The replay %1 is not part of this build.").arg(m_options.scriptPath)
            : QStringLiteral("The script %1 does not exist.").arg(m_options.scriptPath);
    } else if (!keyHeaders(m_options).empty() && !m_options.baseUrl.isEmpty() && !isLoopback(m_options.baseUrl)
        && m_options.baseUrl.scheme() != QLatin1String("https")) {
        // No key goes over plain http to another host (providers.md §7).
        m_result.error = QStringLiteral("Refusing to send the API key over plain http to %1; use https.").arg(m_result.baseUrl);
    }
}

void ProviderProbe::start(bool network)
{
    checkConfiguration();
    if (network && m_result.error.isEmpty()) {
        switch (providerInfo(m_options.id).api) {
        case ProviderInfo::Api::Ollama:
            get(QStringLiteral("/api/version"), &ProviderProbe::ollamaVersion);
            return;
        case ProviderInfo::Api::OpenAi:
            get(QStringLiteral("/models"), &ProviderProbe::openAiModels);
            return;
        case ProviderInfo::Api::Anthropic: // asks nothing: Anthropic checks the key on the first request
        case ProviderInfo::Api::None:
            break;
        }
    }
    QMetaObject::invokeMethod(this, &ProviderProbe::finish, Qt::QueuedConnection);
}

void ProviderProbe::get(const QString &path, void (ProviderProbe::*handler)(int, const QByteArray &))
{
    track(m_network.get(makeRequest(m_options, path, kProbeTimeoutMs)), handler);
}

void ProviderProbe::track(QNetworkReply *reply, void (ProviderProbe::*handler)(int, const QByteArray &))
{
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, handler] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status == 0) {
            m_result.reachable = false;
            m_result.error
                = QStringLiteral("Cannot reach %1 (%2)").arg(m_result.baseUrl, Redactor::instance().redact(reply->errorString()));
            finish();
            return;
        }
        m_result.reachable = true;
        (this->*handler)(status, reply->readAll());
    });
}

void ProviderProbe::ollamaVersion(int status, const QByteArray &body)
{
    const json parsed = parse(body);
    if (status == 200)
        m_result.version = jsonutil::string(parsed, "version");
    get(QStringLiteral("/api/tags"), &ProviderProbe::ollamaTags);
}

void ProviderProbe::ollamaTags(int status, const QByteArray &body)
{
    const json parsed = parse(body);
    if (const json *models = status == 200 ? jsonutil::array(parsed, "models") : nullptr) {
        for (const json &model : *models) {
            if (const auto name = jsonutil::optString(model, "name"))
                m_result.models << *name;
        }
    }
    if (m_options.model.isEmpty()) {
        finish();
        return;
    }
    const PreparedPost show = ollamaShowRequest(m_options, m_options.model.toStdString(), kProbeTimeoutMs);
    track(m_network.post(show.request, show.body), &ProviderProbe::ollamaShow);
}

void ProviderProbe::ollamaShow(int status, const QByteArray &body)
{
    if (status == 404) {
        m_result.modelInfo.installed = false;
        if (m_result.selected)
            m_result.error = QStringLiteral("Model \"%1\" is not installed in Ollama at %2 — run: ollama pull %1")
                                 .arg(m_options.model, m_result.baseUrl);
    } else if (status == 200) {
        const OllamaModelInfo info = OllamaModelInfo::fromShow(parse(body));
        m_result.modelInfo.installed = true;
        m_result.modelInfo.contextLength = info.contextLength;
        for (const std::string &capability : info.capabilities)
            m_result.modelInfo.capabilities << QString::fromStdString(capability);
    }
    finish();
}

void ProviderProbe::openAiModels(int status, const QByteArray &body)
{
    if (status == 401) {
        m_result.error = QStringLiteral("The server at %1 rejected the API key (401).").arg(m_result.baseUrl);
    } else if (status == 200) {
        const json parsed = parse(body);
        if (const json *data = jsonutil::array(parsed, "data")) {
            for (const json &model : *data) {
                if (const auto id = jsonutil::optString(model, "id"))
                    m_result.models << *id;
            }
        }
        if (!m_options.model.isEmpty())
            m_result.modelInfo.installed = m_result.models.contains(m_options.model);
    } else {
        m_result.error = QStringLiteral("The server at %1 answered %2 to GET /models.").arg(m_result.baseUrl).arg(status);
    }
    finish();
}

void ProviderProbe::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    Q_EMIT finished();
}

} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/httprequest.h"

#include "llm/httpcall.h"
#include "llm/providerinfo.h"
#include "version.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>

#include <nlohmann/json.hpp>

namespace fanva::llm {

void configureNetwork(QNetworkAccessManager &network, const QUrl &baseUrl)
{
    if (isLoopback(baseUrl))
        network.setProxy(QNetworkProxy::NoProxy);
    network.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

QUrl endpointUrl(const QUrl &base, const QString &path)
{
    QUrl url = base;
    QString basePath = url.path();
    while (basePath.endsWith(QLatin1Char('/')))
        basePath.chop(1);
    url.setPath(basePath + path);
    return url;
}

QNetworkRequest makeRequest(const QUrl &url, int timeoutMs)
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setTransferTimeout(timeoutMs);
    request.setRawHeader("User-Agent", "fanva/" + fanva::version().toLatin1());
    return request;
}

QNetworkRequest makeRequest(const ProviderOptions &options, const QString &path, int timeoutMs)
{
    QNetworkRequest request = makeRequest(endpointUrl(options.baseUrl, path), timeoutMs);
    for (const auto &[name, value] : keyHeaders(options))
        request.setRawHeader(name, value);
    return request;
}

HeaderList keyHeaders(const ProviderOptions &options)
{
    if (options.apiKey.isEmpty())
        return {};
    const QByteArray key = options.apiKey.toUtf8();
    switch (providerInfo(options.id).api) {
    case ProviderInfo::Api::Ollama:
        if (isLoopback(options.baseUrl))
            return {};
        return { { "Authorization", "Bearer " + key } };
    case ProviderInfo::Api::OpenAi:
        return { { "Authorization", "Bearer " + key } };
    case ProviderInfo::Api::Anthropic:
        return { { "x-api-key", key } };
    case ProviderInfo::Api::None:
        break;
    }
    return {};
}

HeaderList PreparedPost::headers() const
{
    HeaderList list;
    const QList<QByteArray> names = request.rawHeaderList();
    for (const QByteArray &name : names)
        list.emplace_back(name, request.rawHeader(name));
    return list;
}

PreparedPost ollamaShowRequest(const ProviderOptions &options, const std::string &model, int timeoutMs)
{
    PreparedPost post;
    post.request = makeRequest(options, QStringLiteral("/api/show"), timeoutMs);
    post.request.setRawHeader("Content-Type", "application/json");
    post.body = QByteArray::fromStdString(nlohmann::json { { "model", model } }.dump());
    return post;
}

} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"

#include <QByteArray>
#include <QNetworkRequest>
#include <QUrl>

#include <string>
#include <utility>
#include <vector>

class QNetworkAccessManager;

namespace fanva::llm {

/// Header name → value, in the order they are sent.
using HeaderList = std::vector<std::pair<QByteArray, QByteArray>>;

/// Sets up a network manager for a server at `baseUrl`: a loopback server bypasses any
/// proxy, and redirects are never followed (providers.md §7).
void configureNetwork(QNetworkAccessManager &network, const QUrl &baseUrl);

/// `base` with `path` appended to its path, without a doubled "/".
[[nodiscard]] QUrl endpointUrl(const QUrl &base, const QString &path);

/// A request as every Fanva call sends it: `User-Agent: fanva/VERSION`, redirects not
/// followed, never from a cache, and `timeoutMs` of transfer time (0: Fanva's own timers).
[[nodiscard]] QNetworkRequest makeRequest(const QUrl &url, int timeoutMs = 0);
/// The same to `{options.baseUrl}{path}`, with the provider's key headers (keyHeaders).
[[nodiscard]] QNetworkRequest makeRequest(const ProviderOptions &options, const QString &path, int timeoutMs = 0);

/// The headers that carry `options.apiKey` as the provider's API wants it (ProviderInfo::api):
/// Ollama `Authorization: Bearer` unless the server is loopback (providers.md §3), an
/// OpenAI-compatible server `Authorization: Bearer`, Anthropic `x-api-key`; none without a key.
[[nodiscard]] HeaderList keyHeaders(const ProviderOptions &options);

/// A POST ready to send.
struct PreparedPost {
    QNetworkRequest request;
    QByteArray body;
    /// The request's headers as a list (for HttpCall's exchanges).
    [[nodiscard]] HeaderList headers() const;
};

/// Ollama's `POST /api/show` for `model` (providers.md §3), built in this one place for the
/// chat call's num_ctx sizing, ContextLengthLookup and ProviderProbe: JSON body, key header.
[[nodiscard]] PreparedPost ollamaShowRequest(const ProviderOptions &options, const std::string &model, int timeoutMs = 0);

} // namespace fanva::llm

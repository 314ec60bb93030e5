// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/contextwindow.h"

#include "jsonutil.h"

#include "llm/httprequest.h"
#include "llm/ollamaprovider.h"
#include "llm/providerinfo.h"

#include <QMetaObject>
#include <QNetworkReply>

#include <algorithm>
#include <limits>

namespace fanva::llm {

namespace {

constexpr int kLookupTimeoutMs = 5000;

} // namespace

int sessionContextWindow(std::optional<int64_t> reported, int cap, int fallback)
{
    int64_t window = reported && *reported > 0 ? *reported : fallback;
    if (cap > 0)
        window = std::min<int64_t>(window, cap);
    return int(std::clamp<int64_t>(window, 1, std::numeric_limits<int>::max()));
}

ContextLengthLookup::ContextLengthLookup(ProviderOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    configureNetwork(m_network, m_options.baseUrl);
}

ContextLengthLookup::~ContextLengthLookup()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

void ContextLengthLookup::start()
{
    if (!providerInfo(m_options.id).reportsContextWindow || m_options.model.isEmpty() || !m_options.baseUrl.isValid()) {
        QMetaObject::invokeMethod(this, &ContextLengthLookup::finish, Qt::QueuedConnection);
        return;
    }
    const PreparedPost show = ollamaShowRequest(m_options, m_options.model.toStdString(), kLookupTimeoutMs);
    QNetworkReply *reply = m_network.post(show.request, show.body);
    m_reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status >= 200 && status < 300)
            m_length = OllamaModelInfo::fromShow(jsonutil::parse(reply->readAll()).valueOr(nlohmann::json())).contextLength;
        finish();
    });
}

void ContextLengthLookup::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    Q_EMIT finished(m_length);
}

} // namespace fanva::llm

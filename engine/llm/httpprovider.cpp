// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/httpprovider.h"

#include "llm/httprequest.h"
#include "llm/redactor.h"

#include <QNetworkAccessManager>

namespace fanva::llm {

HttpProvider::HttpProvider(ProviderOptions options, QObject *parent)
    : Provider(parent)
    , m_options(std::move(options))
    , m_network(new QNetworkAccessManager(this))
{
    Redactor::instance().addSecret(m_options.apiKey);
    configureNetwork(*m_network, m_options.baseUrl);
}

HttpProvider::~HttpProvider() = default;

Request HttpProvider::withModel(const Request &request) const
{
    Request copy = request;
    if (copy.model.empty())
        copy.model = m_options.model.toStdString();
    return copy;
}

} // namespace fanva::llm

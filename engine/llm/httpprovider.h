// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"
#include "llm/provider.h"

class QNetworkAccessManager;

namespace fanva::llm {

/// What the HTTP providers share: their options and one QNetworkAccessManager (loopback
/// servers bypass any proxy).
class HttpProvider : public Provider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpProvider)

public:
    ~HttpProvider() override;

    [[nodiscard]] const ProviderOptions &options() const { return m_options; }

protected:
    HttpProvider(ProviderOptions options, QObject *parent);

    /// The request with its model filled in from the options when it names none.
    [[nodiscard]] Request withModel(const Request &request) const;

    [[nodiscard]] QNetworkAccessManager *network() const { return m_network; }

private:
    ProviderOptions m_options;
    QNetworkAccessManager *m_network;
};

} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>

#include <cstdint>
#include <optional>

class QNetworkReply;

namespace fanva::llm {

/// The window a session has when the model reports none (formalize.md §5).
inline constexpr int kDefaultContextWindow = 8192;

/// formalize.md §5: the session's window is the model's reported context length capped by
/// the user's limit (`cap`, 0 = none); a model that reports nothing keeps `fallback`, itself
/// capped by the limit.
[[nodiscard]] int sessionContextWindow(std::optional<int64_t> reported, int cap, int fallback = kDefaultContextWindow);

/// Asks the provider for the model's context length before a session starts: Ollama's
/// `POST /api/show` (providers.md §3); every other provider reports none. Any failure means
/// "unknown" (the call that follows reports the real problem). Asynchronous; finished()
/// fires once, never inside start().
class ContextLengthLookup final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContextLengthLookup)

public:
    explicit ContextLengthLookup(ProviderOptions options, QObject *parent = nullptr);
    ~ContextLengthLookup() override;

    void start();
    [[nodiscard]] std::optional<int64_t> contextLength() const { return m_length; }

Q_SIGNALS:
    void finished(std::optional<int64_t> contextLength);

private:
    void finish();

    ProviderOptions m_options;
    QNetworkAccessManager m_network;
    QPointer<QNetworkReply> m_reply;
    std::optional<int64_t> m_length;
    bool m_finished = false;
};

} // namespace fanva::llm

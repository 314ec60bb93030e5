// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/call.h"
#include "llm/options.h"

#include <QByteArray>
#include <QList>
#include <QNetworkReply>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <utility>
#include <vector>

class QNetworkAccessManager;

namespace fanva::llm {

/// Whether the URL's host is this machine (127.0.0.0/8, ::1 or "localhost").
[[nodiscard]] bool isLoopback(const QUrl &url);

/// The HTTP transport shared by the Ollama, Anthropic and OpenAI-compatible calls: one
/// exchange at a time, retried per RetryPolicy while no byte of a 2xx body has arrived, with
/// Fanva's connect, idle and total timers; redirects are never followed. Subclasses decode the
/// body and map HTTP errors to Failures (providers.md §3–§6).
class HttpCall : public Call
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpCall)

public:
    ~HttpCall() override;

protected:
    struct Exchange {
        QByteArray verb = "POST";
        QUrl url;
        std::vector<std::pair<QByteArray, QByteArray>> headers;
        QByteArray body;
        bool streaming = true; ///< false: the whole reply goes to bufferedReply()
    };

    /// What an HTTP error status means: retry it (while tries remain) or end with `failure`.
    struct HttpError {
        bool retryable = false;
        Failure failure;
        bool handled = false; ///< the subclass goes on by itself (a follow-up exchange)
    };

    HttpCall(QNetworkAccessManager *network, const ProviderOptions &options, QObject *parent);

    /// Starts an exchange; its tries count from one.
    void send(Exchange exchange);

    /// Bytes of a 2xx streamed body, as they arrive.
    virtual void streamData(QByteArrayView data) = 0;
    /// The 2xx body ended: normally, or `cut` by a network error.
    virtual void streamEnded(bool cut) = 0;
    /// The whole reply of a non-streaming exchange, any status.
    virtual void bufferedReply(int status, const QByteArray &body);
    /// Maps an error status of a streaming exchange; `tries` counts this one.
    [[nodiscard]] virtual HttpError httpError(int status, const QByteArray &body, int tries) = 0;

    /// "Ollama", "Anthropic" or "the server at URL" ("The server at URL" at a sentence start).
    [[nodiscard]] virtual QString name(bool sentenceStart) const = 0;
    /// "Ollama at URL", "Anthropic at URL" or "the server at URL".
    [[nodiscard]] virtual QString nameAt() const = 0;
    /// Appended to "Cannot reach …" (Ollama: ` — is "ollama serve" running?`).
    [[nodiscard]] virtual QString connectHint() const { return {}; }
    /// Appended to "… sent nothing for N s (idle timeout)".
    [[nodiscard]] virtual QString idleHint() const;

    [[nodiscard]] const ProviderOptions &options() const { return m_options; }
    [[nodiscard]] QString baseUrlText() const;
    /// The base URL with `path` appended to its path (its trailing slashes dropped first).
    [[nodiscard]] QUrl endpoint(const QString &path) const;
    /// A header of the last reply (lower-case name), empty when absent.
    [[nodiscard]] QByteArray replyHeader(QByteArrayView name) const;
    /// Tries of the current exchange so far.
    [[nodiscard]] int tries() const { return m_tries; }

    /// " after N tries" when N > 1.
    [[nodiscard]] static QString afterTries(int tries);
    /// Redacted, single-line server text of at most 2 KB.
    [[nodiscard]] static QString serverText(const QString &text);
    /// The `detail` string: status, error type, request id, tries and the server text.
    [[nodiscard]] std::string detail(int status, const QString &errorType, const QByteArray &body) const;

    /// Ends the call: "P sent a reply Fanva cannot read (`what`)." (Protocol).
    void unreadable(const QString &what);
    /// Ends the call: "The connection to P closed in the middle of the answer; …" (StreamCut).
    void streamCut();

    [[nodiscard]] QString providerName() const override { return name(true); }

    void abortTransport() override;

private:
    void startAttempt();
    void readAvailable();
    void replyFinished();
    void connectionFailed(const QString &reason);
    void retryLater(std::chrono::milliseconds delay, const QString &why);
    void dropReply();
    [[nodiscard]] static QString networkReason(QNetworkReply::NetworkError error, const QString &fallback);

    QNetworkAccessManager *m_network;
    ProviderOptions m_options;
    Exchange m_exchange;
    QPointer<QNetworkReply> m_reply;
    QList<QNetworkReply::RawHeaderPair> m_replyHeaders;
    QByteArray m_errorBody;
    QTimer m_connectTimer, m_idleTimer, m_totalTimer, m_retryTimer;
    int m_tries = 0;
    int m_status = 0;
    bool m_bodyStarted = false;
};

} // namespace fanva::llm

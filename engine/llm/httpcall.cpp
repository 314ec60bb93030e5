// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/httpcall.h"

#include "llm/format.h"
#include "llm/httprequest.h"
#include "llm/logging.h"
#include "llm/redactor.h"
#include "llm/retrypolicy.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QRandomGenerator>

namespace fanva::llm {

namespace {

constexpr qsizetype kMaxErrorBody = 64 * 1024;
constexpr qsizetype kMaxBufferedBody = 8 * 1024 * 1024;
constexpr qsizetype kMaxServerText = 2048;

} // namespace

bool isLoopback(const QUrl &url)
{
    const QString host = url.host();
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

HttpCall::HttpCall(QNetworkAccessManager *network, const ProviderOptions &options, QObject *parent)
    : Call(parent)
    , m_network(network)
    , m_options(options)
{
    for (QTimer *timer : { &m_connectTimer, &m_idleTimer, &m_totalTimer, &m_retryTimer })
        timer->setSingleShot(true);
    connect(&m_connectTimer, &QTimer::timeout, this, [this] {
        dropReply();
        connectionFailed(QStringLiteral("no connection within %1").arg(formatLimit(m_options.timeouts.connect)));
    });
    connect(&m_idleTimer, &QTimer::timeout, this, [this] {
        fail(makeFailure(Failure::Kind::Timeout,
            QStringLiteral("%1 sent nothing for %2 (idle timeout)%3")
                .arg(name(true), formatLimit(m_options.timeouts.idle), idleHint())
                .toStdString(),
            QStringLiteral("idle timeout %1 ms; tries %2").arg(m_options.timeouts.idle.count()).arg(m_tries).toStdString()));
    });
    connect(&m_totalTimer, &QTimer::timeout, this, [this] {
        fail(makeFailure(Failure::Kind::Timeout,
            QStringLiteral("The request exceeded the %1 limit.").arg(formatLimit(m_options.timeouts.total)).toStdString(),
            QStringLiteral("total timeout %1 ms; tries %2").arg(m_options.timeouts.total.count()).arg(m_tries).toStdString()));
    });
    connect(&m_retryTimer, &QTimer::timeout, this, &HttpCall::startAttempt);
    response().diag.baseUrl = baseUrlText().toStdString();
    setReplyLimit(m_options.maxReplyBytes);
}

HttpCall::~HttpCall()
{
    dropReply();
}

QString HttpCall::idleHint() const
{
    return QStringLiteral("; raise the idle timeout in Settings.");
}

QUrl HttpCall::endpoint(const QString &path) const
{
    return endpointUrl(m_options.baseUrl, path);
}

QString HttpCall::baseUrlText() const
{
    return Redactor::instance().redact(m_options.baseUrl.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash));
}

QByteArray HttpCall::replyHeader(QByteArrayView name) const
{
    for (const auto &[key, value] : m_replyHeaders) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QString HttpCall::afterTries(int tries)
{
    return tries > 1 ? QStringLiteral(" after %1 tries").arg(tries) : QString();
}

QString HttpCall::serverText(const QString &text)
{
    QString line = Redactor::instance().redact(text).simplified();
    if (line.size() > kMaxServerText)
        line = line.left(kMaxServerText) + QStringLiteral("…");
    return line;
}

std::string HttpCall::detail(int status, const QString &errorType, const QByteArray &body) const
{
    QStringList parts;
    if (status > 0)
        parts << (errorType.isEmpty() ? QStringLiteral("HTTP %1").arg(status) : QStringLiteral("HTTP %1 %2").arg(status).arg(errorType));
    const QByteArray requestId = replyHeader("request-id").isEmpty() ? replyHeader("x-request-id") : replyHeader("request-id");
    if (!requestId.isEmpty())
        parts << QStringLiteral("request-id %1").arg(QString::fromLatin1(requestId));
    parts << QStringLiteral("tries %1").arg(m_tries);
    if (!body.isEmpty())
        parts << QStringLiteral("server: %1").arg(serverText(QString::fromUtf8(body)));
    return parts.join(QStringLiteral("; ")).toStdString();
}

void HttpCall::unreadable(const QString &what)
{
    fail(makeFailure(Failure::Kind::Protocol, QStringLiteral("%1 sent a reply Fanva cannot read (%2).").arg(name(true), what).toStdString(),
        detail(200, {}, {}), 200));
}

void HttpCall::streamCut()
{
    fail(makeFailure(Failure::Kind::StreamCut,
        QStringLiteral("The connection to %1 closed in the middle of the answer; nothing from it is used.").arg(name(false)).toStdString(),
        detail(200, {}, {}), 200));
}

void HttpCall::send(Exchange exchange)
{
    if (isFinished())
        return;
    m_exchange = std::move(exchange);
    m_tries = 0;
    if (!m_totalTimer.isActive() && m_options.timeouts.total.count() > 0)
        m_totalTimer.start(m_options.timeouts.total);
    startAttempt();
}

void HttpCall::startAttempt()
{
    if (isFinished())
        return;
    dropReply();
    ++m_tries;
    response().diag.tries = m_tries;
    m_status = 0;
    m_bodyStarted = false;
    m_errorBody.clear();
    m_replyHeaders.clear();

    QNetworkRequest request = makeRequest(m_exchange.url); // Fanva's own timers decide, and say why.
    for (const auto &[key, value] : m_exchange.headers)
        request.setRawHeader(key, value);
    qCDebug(lcLlm).noquote() << m_exchange.verb << Redactor::instance().redact(m_exchange.url.toString()) << "try" << m_tries;

    m_reply = m_exchange.verb == "GET" ? m_network->get(request) : m_network->sendCustomRequest(request, m_exchange.verb, m_exchange.body);
    connect(m_reply, &QNetworkReply::requestSent, this, [this] {
        m_connectTimer.stop();
        m_idleTimer.start(m_options.timeouts.idle);
    });
    connect(m_reply, &QNetworkReply::metaDataChanged, this, [this] { m_idleTimer.start(m_options.timeouts.idle); });
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpCall::readAvailable);
    connect(m_reply, &QNetworkReply::finished, this, &HttpCall::replyFinished);
    m_connectTimer.start(m_options.timeouts.connect);
}

void HttpCall::readAvailable()
{
    if (!m_reply || isFinished())
        return;
    m_connectTimer.stop();
    m_idleTimer.start(m_options.timeouts.idle);
    if (m_status == 0) {
        m_status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        m_replyHeaders = m_reply->rawHeaderPairs();
        const QByteArray requestId = replyHeader("request-id").isEmpty() ? replyHeader("x-request-id") : replyHeader("request-id");
        if (!requestId.isEmpty())
            response().diag.requestId = requestId.toStdString();
    }
    const QByteArray data = m_reply->readAll();
    if (m_status >= 200 && m_status < 300 && m_exchange.streaming) {
        m_bodyStarted = true;
        if (!data.isEmpty())
            streamData(data);
    } else {
        // A buffered 2xx reply (/api/show carries licence texts) may be large; an error body
        // is only ever shown cut to 2 KB.
        const qsizetype limit = m_status >= 200 && m_status < 300 ? kMaxBufferedBody : kMaxErrorBody;
        if (m_errorBody.size() < limit)
            m_errorBody.append(data.left(limit - m_errorBody.size()));
    }
}

void HttpCall::replyFinished()
{
    if (!m_reply || isFinished())
        return;
    m_connectTimer.stop();
    m_idleTimer.stop();
    if ((m_status == 0 && m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid()) || m_reply->bytesAvailable() > 0)
        readAvailable();
    if (isFinished())
        return;
    const QNetworkReply::NetworkError networkError = m_reply->error();
    const QString errorString = m_reply->errorString();
    if (m_replyHeaders.isEmpty())
        m_replyHeaders = m_reply->rawHeaderPairs();
    const QUrl redirect = m_reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl();
    dropReply();
    qCDebug(lcLlm) << "reply finished: status" << m_status << "error" << networkError;

    if (m_status == 0) {
        if (networkError == QNetworkReply::HostNotFoundError) {
            fail(makeFailure(Failure::Kind::Connect, QStringLiteral("Cannot resolve host %1").arg(m_exchange.url.host()).toStdString(),
                detail(0, {}, {})));
        } else if (networkError == QNetworkReply::SslHandshakeFailedError) {
            fail(makeFailure(Failure::Kind::Tls,
                QStringLiteral("TLS handshake with %1 failed: %2").arg(m_exchange.url.host(), serverText(errorString)).toStdString(),
                detail(0, {}, {})));
        } else {
            connectionFailed(networkReason(networkError, errorString));
        }
        return;
    }
    if (m_status >= 300 && m_status < 400) {
        const QUrl target = m_exchange.url.resolved(redirect);
        fail(makeFailure(Failure::Kind::Http,
            QStringLiteral("Unexpected redirect from %1 to %2 — check the base URL")
                .arg(Redactor::instance().redact(m_exchange.url.toString()),
                    Redactor::instance().redact(target.toString(QUrl::RemoveUserInfo)))
                .toStdString(),
            detail(m_status, {}, {}), m_status));
        return;
    }
    if (!m_exchange.streaming) {
        bufferedReply(m_status, m_errorBody);
        return;
    }
    if (m_status >= 200 && m_status < 300) {
        streamEnded(networkError != QNetworkReply::NoError);
        return;
    }

    HttpError verdict = httpError(m_status, m_errorBody, m_tries);
    if (verdict.handled)
        return;
    const QByteArray shouldRetry = replyHeader("x-should-retry").trimmed().toLower();
    if (shouldRetry == "true")
        verdict.retryable = true;
    else if (shouldRetry == "false")
        verdict.retryable = false;
    if (!verdict.retryable || m_tries > m_options.retry.maxRetries) {
        fail(std::move(verdict.failure));
        return;
    }
    const auto serverDelay = serverRetryDelay(replyHeader("retry-after-ms"), replyHeader("retry-after"), QDateTime::currentDateTimeUtc());
    if (serverDelay && *serverDelay > kMaxServerRetryDelay) {
        Failure failure = std::move(verdict.failure);
        failure.message = QStringLiteral("%1 answered %2 and asks to wait %3; try again later.")
                              .arg(name(true))
                              .arg(m_status)
                              .arg(formatDelay(*serverDelay))
                              .toStdString();
        fail(std::move(failure));
        return;
    }
    retryLater(serverDelay.value_or(backoffDelay(m_options.retry, m_tries - 1, QRandomGenerator::global()->generateDouble())),
        QStringLiteral("HTTP %1").arg(m_status));
}

void HttpCall::connectionFailed(const QString &reason)
{
    if (isFinished())
        return;
    if (m_tries <= m_options.retry.maxRetries) {
        retryLater(backoffDelay(m_options.retry, m_tries - 1, QRandomGenerator::global()->generateDouble()), reason);
        return;
    }
    fail(makeFailure(Failure::Kind::Connect, QStringLiteral("Cannot reach %1 (%2)%3").arg(nameAt(), reason, connectHint()).toStdString(),
        QStringLiteral("%1; tries %2").arg(reason).arg(m_tries).toStdString()));
}

void HttpCall::retryLater(std::chrono::milliseconds delay, const QString &why)
{
    emitNotice(QStringLiteral("retrying in %1 after %2").arg(formatDelay(delay), why));
    m_retryTimer.start(delay);
}

void HttpCall::bufferedReply(int status, const QByteArray &body)
{
    Q_UNUSED(body)
    fail(makeFailure(Failure::Kind::Http, QStringLiteral("%1 answered %2").arg(name(true)).arg(status).toStdString(), {}, status));
}

QString HttpCall::networkReason(QNetworkReply::NetworkError error, const QString &fallback)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return QStringLiteral("connection refused");
    case QNetworkReply::RemoteHostClosedError:
        return QStringLiteral("connection closed before a reply");
    case QNetworkReply::TimeoutError:
        return QStringLiteral("timed out");
    default:
        return serverText(fallback);
    }
}

void HttpCall::dropReply()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    disconnect(reply, nullptr, this, nullptr);
    if (reply->isRunning())
        reply->abort();
    reply->deleteLater();
}

void HttpCall::abortTransport()
{
    for (QTimer *timer : { &m_connectTimer, &m_idleTimer, &m_totalTimer, &m_retryTimer })
        timer->stop();
    dropReply();
}

} // namespace fanva::llm

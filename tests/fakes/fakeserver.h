// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPair>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <deque>

class QTcpServer;
class QTcpSocket;

namespace fanva::fakes {

/// A fault injected into one exchange (providers.md §9).
struct Fault {
    enum class Kind { None, CloseAfter, StallAfter, Split, Redirect } kind = Kind::None;
    int count = 0; ///< CloseAfter / StallAfter: pieces sent first (StallAfter 0 = before headers)
    quint32 seed = 0; ///< Split: re-cuts the body into seeded 1–7-byte pieces
    QByteArray url; ///< Redirect: the Location of a 307

    [[nodiscard]] static Fault closeAfter(int pieces) { return { Kind::CloseAfter, pieces, 0, {} }; }
    [[nodiscard]] static Fault stallAfter(int pieces) { return { Kind::StallAfter, pieces, 0, {} }; }
    [[nodiscard]] static Fault split(quint32 seed) { return { Kind::Split, 0, seed, {} }; }
    [[nodiscard]] static Fault redirect(QByteArray url) { return { Kind::Redirect, 0, 0, std::move(url) }; }
};

/// One canned reply. A streamed body goes out with Transfer-Encoding: chunked, one flushed
/// chunk per piece, the server's gap apart; `chunked = false` sends one Content-Length body.
struct Exchange {
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QList<QByteArray> pieces;
    bool chunked = true;
    Fault fault;

    /// A JSON body sent with Content-Length.
    [[nodiscard]] static Exchange json(int status, const QByteArray &body, QList<QPair<QByteArray, QByteArray>> headers = {});
};

/// What the server received.
struct RecordedRequest {
    QByteArray method, path;
    QMap<QByteArray, QByteArray> headers; ///< lower-case names
    QByteArray body;
    nlohmann::json json; ///< the body parsed, or discarded
    qint64 ms = 0; ///< since the server started listening
};

/// A loopback HTTP/1.1 server for provider tests: 127.0.0.1, an ephemeral port, one per test,
/// no files written. Replies come from per-path FIFO queues (or a path's default), each with
/// `Connection: close`.
class FakeServer : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FakeServer)

public:
    explicit FakeServer(QObject *parent = nullptr);
    ~FakeServer() override;

    [[nodiscard]] bool listen();
    /// Stops listening; the port is released (connections to it are then refused).
    void close();
    [[nodiscard]] quint16 port() const { return m_port; }
    /// http://127.0.0.1:PORT followed by `path`.
    [[nodiscard]] QUrl url(const QString &path = {}) const;

    void enqueue(const QByteArray &path, const Exchange &exchange);
    /// Served whenever the path's queue is empty.
    void setDefault(const QByteArray &path, const Exchange &exchange);
    /// Milliseconds between streamed pieces (default 1).
    void setGapMs(int ms) { m_gapMs = ms; }

    [[nodiscard]] const QList<RecordedRequest> &requests() const { return m_requests; }
    [[nodiscard]] int requestCount(const QByteArray &path) const;
    /// Waits (running the event loop) until `count` requests arrived.
    [[nodiscard]] bool waitForRequests(int count, int ms = 5000) const;
    /// Sockets not yet closed.
    [[nodiscard]] int openConnections() const { return m_open; }

private:
    struct Connection;
    void accept();
    void readRequest(Connection *connection);
    void respond(Connection *connection, const RecordedRequest &request);
    void sendNext(Connection *connection);

    QTcpServer *m_server;
    quint16 m_port = 0;
    int m_gapMs = 1;
    int m_open = 0;
    qint64 m_startMs = 0;
    QHash<QByteArray, std::deque<Exchange>> m_queues;
    QHash<QByteArray, Exchange> m_defaults;
    QList<RecordedRequest> m_requests;
};

} // namespace fanva::fakes

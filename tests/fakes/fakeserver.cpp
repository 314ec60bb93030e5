// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fakeserver.h"

#include <QDateTime>
#include <QHostAddress>
#include <QPointer>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

namespace fanva::fakes {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 307:
        return "Temporary Redirect";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 413:
        return "Payload Too Large";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    case 529:
        return "Overloaded";
    default:
        return "Status";
    }
}

QList<QByteArray> resplit(const QList<QByteArray> &pieces, quint32 seed)
{
    const QByteArray all = pieces.join();
    QRandomGenerator random(seed);
    QList<QByteArray> out;
    for (qsizetype at = 0; at < all.size();) {
        const qsizetype size = std::min<qsizetype>(random.bounded(1, 8), all.size() - at);
        out << all.mid(at, size);
        at += size;
    }
    return out;
}

} // namespace

Exchange Exchange::json(int status, const QByteArray &body, QList<QPair<QByteArray, QByteArray>> headers)
{
    headers.prepend({ "Content-Type", "application/json" });
    return Exchange { status, headers, { body }, false, {} };
}

struct FakeServer::Connection : QObject {
    using QObject::QObject;
    QPointer<QTcpSocket> socket;
    QByteArray buffer;
    bool responded = false;
    Exchange exchange;
    int sent = 0;
    QTimer timer;
};

FakeServer::FakeServer(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &FakeServer::accept);
}

FakeServer::~FakeServer() = default;

bool FakeServer::listen()
{
    if (!m_server->listen(QHostAddress::LocalHost, 0))
        return false;
    m_port = m_server->serverPort();
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    return true;
}

void FakeServer::close()
{
    m_server->close();
}

QUrl FakeServer::url(const QString &path) const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path));
}

void FakeServer::enqueue(const QByteArray &path, const Exchange &exchange)
{
    m_queues[path].push_back(exchange);
}

void FakeServer::setDefault(const QByteArray &path, const Exchange &exchange)
{
    m_defaults.insert(path, exchange);
}

int FakeServer::requestCount(const QByteArray &path) const
{
    return int(std::count_if(m_requests.begin(), m_requests.end(), [&](const RecordedRequest &r) { return r.path == path; }));
}

bool FakeServer::waitForRequests(int count, int ms) const
{
    return QTest::qWaitFor([&] { return m_requests.size() >= count; }, ms);
}

void FakeServer::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        auto *connection = new Connection(this);
        connection->socket = socket;
        connection->timer.setSingleShot(true);
        ++m_open;
        connect(&connection->timer, &QTimer::timeout, this, [this, connection] { sendNext(connection); });
        connect(socket, &QTcpSocket::readyRead, this, [this, connection] { readRequest(connection); });
        connect(socket, &QTcpSocket::disconnected, this, [this, connection, socket] {
            --m_open;
            connection->timer.stop();
            socket->deleteLater();
            connection->deleteLater();
        });
    }
}

void FakeServer::readRequest(Connection *connection)
{
    connection->buffer += connection->socket->readAll();
    if (connection->responded)
        return;
    const qsizetype headerEnd = connection->buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;
    RecordedRequest request;
    const QList<QByteArray> lines = connection->buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    request.path = requestLine.value(1);
    qsizetype length = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray name = lines[i].left(colon).trimmed().toLower();
        const QByteArray value = lines[i].mid(colon + 1).trimmed();
        request.headers.insert(name, value);
        if (name == "content-length")
            length = value.toLongLong();
    }
    if (connection->buffer.size() < headerEnd + 4 + length)
        return;
    connection->responded = true;
    request.body = connection->buffer.mid(headerEnd + 4, length);
    request.json = nlohmann::json::parse(request.body.constData(), request.body.constData() + request.body.size(), nullptr, false);
    request.ms = QDateTime::currentMSecsSinceEpoch() - m_startMs;
    m_requests.append(request);
    respond(connection, request);
}

void FakeServer::respond(Connection *connection, const RecordedRequest &request)
{
    QByteArray path = request.path;
    if (const qsizetype query = path.indexOf('?'); query >= 0)
        path.truncate(query);
    auto queue = m_queues.find(path);
    if (queue != m_queues.end() && !queue->empty()) {
        connection->exchange = queue->front();
        queue->pop_front();
    } else if (m_defaults.contains(path)) {
        connection->exchange = m_defaults.value(path);
    } else {
        connection->exchange = Exchange::json(404, "{\"error\":\"no exchange queued for " + path + "\"}");
    }
    Exchange &exchange = connection->exchange;
    QTcpSocket *socket = connection->socket;
    if (exchange.fault.kind == Fault::Kind::Redirect) {
        socket->write(
            "HTTP/1.1 307 Temporary Redirect\r\nLocation: " + exchange.fault.url + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }
    if (exchange.fault.kind == Fault::Kind::StallAfter && exchange.fault.count == 0)
        return;
    if (exchange.fault.kind == Fault::Kind::Split)
        exchange.pieces = resplit(exchange.pieces, exchange.fault.seed);

    QByteArray head = "HTTP/1.1 " + QByteArray::number(exchange.status) + ' ' + reasonPhrase(exchange.status) + "\r\n";
    for (const auto &[name, value] : std::as_const(exchange.headers))
        head += name + ": " + value + "\r\n";
    if (exchange.chunked) {
        head += "Transfer-Encoding: chunked\r\n";
    } else {
        head += "Content-Length: " + QByteArray::number(exchange.pieces.join().size()) + "\r\n";
    }
    head += "Connection: close\r\n\r\n";
    socket->write(head);
    if (!exchange.chunked) {
        socket->write(exchange.pieces.join());
        socket->disconnectFromHost();
        return;
    }
    socket->flush();
    connection->timer.start(m_gapMs);
}

void FakeServer::sendNext(Connection *connection)
{
    QTcpSocket *socket = connection->socket;
    if (!socket)
        return;
    const Exchange &exchange = connection->exchange;
    if (exchange.fault.kind == Fault::Kind::CloseAfter && connection->sent == exchange.fault.count) {
        socket->abort();
        return;
    }
    if (exchange.fault.kind == Fault::Kind::StallAfter && connection->sent == exchange.fault.count)
        return;
    if (connection->sent == exchange.pieces.size()) {
        socket->write("0\r\n\r\n");
        socket->disconnectFromHost();
        return;
    }
    const QByteArray &piece = exchange.pieces.at(connection->sent++);
    socket->write(QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n");
    socket->flush();
    connection->timer.start(m_gapMs);
}

} // namespace fanva::fakes

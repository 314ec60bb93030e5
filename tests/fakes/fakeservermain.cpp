// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-fake-server: serves fixture files on 127.0.0.1 for CLI tests.
//   fanva-fake-server --route PATH=FILE[@STATUS] ... [--gap MS] [--record FILE]
// A .ndjson file streams line by line, a .sse file event by event (chunked); anything else is
// one Content-Length body. The chosen port is printed on stdout as "PORT\n"; the server runs
// until it is terminated or its stdin closes. With --record, every request it received is
// written to FILE when its stdin closes, one JSON line each: {method, path, body} (body parsed,
// or null when it is not JSON).
#include "fakeserver.h"
#include "replyspec.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QSocketNotifier>

#include <cstdio>
#include <unistd.h>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Serves fixture files on 127.0.0.1 for Fanva's CLI tests."));
    parser.addHelpOption();
    parser.addOption({ QStringLiteral("route"), QStringLiteral("Serve FILE (with STATUS, default 200) at PATH."),
        QStringLiteral("PATH=FILE[@STATUS]") });
    parser.addOption(
        { QStringLiteral("gap"), QStringLiteral("Milliseconds between streamed pieces."), QStringLiteral("MS"), QStringLiteral("1") });
    parser.addOption(
        { QStringLiteral("record"), QStringLiteral("Write the requests received to FILE when stdin closes."), QStringLiteral("FILE") });
    parser.process(app);

    fanva::fakes::FakeServer server;
    server.setGapMs(parser.value(QStringLiteral("gap")).toInt());
    const QStringList routes = parser.values(QStringLiteral("route"));
    for (const QString &route : routes) {
        const qsizetype equals = route.indexOf(QLatin1Char('='));
        if (equals <= 0) {
            std::fprintf(stderr, "fanva-fake-server: bad --route %s\n", qPrintable(route));
            return 2;
        }
        QString file = route.mid(equals + 1);
        int status = 200;
        if (const qsizetype at = file.lastIndexOf(QLatin1Char('@')); at > 0) {
            status = file.mid(at + 1).toInt();
            file.truncate(at);
        }
        QFile input(file);
        if (!input.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "fanva-fake-server: cannot read %s\n", qPrintable(file));
            return 2;
        }
        const QByteArray bytes = input.readAll();
        fanva::fakes::Exchange exchange;
        if (file.endsWith(QLatin1String(".ndjson")) || file.endsWith(QLatin1String(".sse"))) {
            const bool sse = file.endsWith(QLatin1String(".sse"));
            exchange = { status, { { "Content-Type", sse ? "text/event-stream" : "application/x-ndjson" } },
                fanva::fakes::fixturePieces(bytes, sse), true, {} };
        } else {
            exchange = fanva::fakes::Exchange::json(status, bytes);
        }
        server.setDefault(route.left(equals).toUtf8(), exchange);
    }
    if (!server.listen()) {
        std::fprintf(stderr, "fanva-fake-server: cannot listen on 127.0.0.1\n");
        return 2;
    }
    std::printf("%u\n", unsigned(server.port()));
    std::fflush(stdout);

    QSocketNotifier stdinNotifier(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&stdinNotifier, &QSocketNotifier::activated, &app, [&] {
        char buffer[256];
        if (::read(STDIN_FILENO, buffer, sizeof buffer) <= 0)
            QCoreApplication::quit();
    });
    const int code = QCoreApplication::exec();
    if (parser.isSet(QStringLiteral("record"))) {
        QFile record(parser.value(QStringLiteral("record")));
        if (!record.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 2;
        for (const fanva::fakes::RecordedRequest &request : server.requests()) {
            const nlohmann::json line { { "method", request.method.toStdString() }, { "path", request.path.toStdString() },
                { "body", request.json.is_discarded() ? nlohmann::json() : request.json } };
            record.write(QByteArray::fromStdString(line.dump()) + '\n');
        }
    }
    return code;
}

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Writes the synthetic KB the benchmarks use to a folder, for profiling and for trying the
// CLI on a large KB:
//   make_synthetic_kb [--uniform] SENTENCES DIR
// DIR gets CxGen0.txt … CxGen15.txt; see synthetickb.h for the shape.
#include "synthetickb.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStringList>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    const bool uniform = args.removeAll(QStringLiteral("--uniform")) > 0;
    bool ok = false;
    const int sentences = args.value(0).toInt(&ok);
    if (args.size() != 2 || !ok || sentences <= 0) {
        std::fprintf(stderr, "usage: make_synthetic_kb [--uniform] SENTENCES DIR\n");
        return 2;
    }
    const QString dir = args.at(1);
    if (!QDir().mkpath(dir)) {
        std::fprintf(stderr, "%s: cannot create the folder\n", qPrintable(dir));
        return 1;
    }
    fanva::bench::Generator generator(sentences, uniform ? fanva::bench::Vocabulary::Uniform : fanva::bench::Vocabulary::Topical);
    const std::vector<QByteArray> files = generator.files();
    qint64 bytes = 0;
    for (std::size_t c = 0; c < files.size(); ++c) {
        QFile out(QDir(dir).filePath(QStringLiteral("CxGen%1.txt").arg(c)));
        if (!out.open(QIODevice::WriteOnly) || out.write(files[c]) != files[c].size()) {
            std::fprintf(stderr, "%s: %s\n", qPrintable(out.fileName()), qPrintable(out.errorString()));
            return 1;
        }
        bytes += files[c].size();
    }
    std::printf(
        "%d sentences, %lld bytes in %zu files under %s\n", sentences, static_cast<long long>(bytes), files.size(), qPrintable(dir));
    return 0;
}

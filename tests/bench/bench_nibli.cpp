// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// nibli KR reader throughput (issue 19: ≥ 50 MB/s in a release build): the six corpus files
// of ../shared/corpus/nibli concatenated until the text is at least 20 MB, read and every
// statement resolved against the builtin lexicon, on one core. The best of three runs goes
// to stdout. Skips without the shared corpus.
#include "lang/nibli/checks.h"

#include "sharedcorpus.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <cstdio>

using namespace fanva::lang::nibli;

class BenchNibli final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readAndResolve();
};

void BenchNibli::readAndResolve()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    std::string corpus;
    for (const char *name : { "acceptance", "gdpr", "drug-interactions", "readme", "utopia", "syllogism" }) {
        QFile file(fanva::testsupport::sharedPath(u"corpus/nibli") + QLatin1Char('/') + QLatin1String(name) + QLatin1String(".nibli"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        corpus.append(bytes.constData(), static_cast<size_t>(bytes.size()));
    }
    constexpr size_t target = size_t(20) * 1000 * 1000;
    std::string text;
    text.reserve(target + corpus.size());
    while (text.size() < target)
        text += corpus;
    const Vocabulary vocabulary(Lexicon::builtin());
    double best = 0;
    size_t statements = 0;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        ReadResult r = read(text);
        size_t problems = 0;
        for (Statement &s : r.statements)
            problems += resolve(s, vocabulary).size();
        const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
        QVERIFY(r.diagnostics.empty());
        QCOMPARE(problems, size_t(0));
        statements = r.statements.size();
        best = std::max(best, static_cast<double>(text.size()) / 1e6 / seconds);
    }
    std::printf("nibli read+resolve: %.1f MB text, %zu statements, %.1f MB/s (target >= 50 MB/s in release)\n",
        static_cast<double>(text.size()) / 1e6, statements, best);
}

QTEST_GUILESS_MAIN(BenchNibli)
#include "bench_nibli.moc"

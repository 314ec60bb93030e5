// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The three whole-process figures of issue 20, each run as a user runs it (a fresh process,
// timed from start to exit, with its peak resident memory):
//   parse   `fanva-cli parse` of corpus-shaped KB text: the upper ontology of the shared
//           corpus repeated to about 23 MB (skipped when the corpus is absent); beside it
//           the peer, clojure.edn reading the same file warm in the JVM, when `clojure` is
//           installed (skipped with a message when not), so the ratio comes from one run;
//   stats   `fanva-cli kb stats` of the 1M-sentence synthetic KB (synthetickb.h);
//   window  `fanva --kb DIR --screenshot FILE` on that KB, offscreen: start to the written
//           first full paint (and exit);
//   responsive  the same window with the last context (which sees every other) as the target
//           and `--measure-load`: from the first paint until the KB is loaded and the window's
//           indexes over it are built, how long input waits for the GUI thread (a probe posted
//           every 5 ms, timed until handled), beside the goal of 50 ms; when the first paint
//           came, when the KB was usable and when everything was done; then the same waits
//           through a reload of the KB (what Apply or a saved KB file causes).
// Each row is run FANVA_BENCH_RUNS times (default 3); the best and the median are printed
// with the goal beside them. FANVA_BENCH_SCALE_ROWS (comma-separated: parse, stats, window,
// responsive) picks rows. The machine's load average is printed beside the responsive row:
// waits measured on a loaded machine are longer.
#include "process.h"
#include "sharedcorpus.h"
#include "synthetickb.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

namespace {

// One finished run: wall seconds, CPU seconds (user + system), peak RSS in MiB.
struct Measured {
    int exitCode = -1;
    double wall = 0;
    double cpu = 0;
    double rssMiB = 0;
};

double now()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// Runs `program` with `args` (stdout and stderr to /dev/null, `extraEnv` added to the
// environment) and measures it with wait4(): the child's own peak RSS and CPU time.
Measured runMeasured(const QString &program, const QStringList &args, const QStringList &extraEnv = {}, const QString &outPath = {})
{
    std::vector<QByteArray> argBytes { QFile::encodeName(program) };
    for (const QString &arg : args)
        argBytes.push_back(arg.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &arg : argBytes)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::vector<QByteArray> envBytes;
    for (char **e = environ; *e; ++e)
        envBytes.emplace_back(*e);
    for (const QString &entry : extraEnv)
        envBytes.push_back(entry.toLocal8Bit());
    std::vector<char *> envp;
    for (QByteArray &entry : envBytes)
        envp.push_back(entry.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    const QByteArray out = outPath.isEmpty() ? QByteArray("/dev/null") : QFile::encodeName(outPath);
    posix_spawn_file_actions_addopen(&actions, 1, out.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    Measured result;
    pid_t pid = 0;
    const double start = now();
    const int spawned = posix_spawn(&pid, argv.front(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return result;
    int status = 0;
    rusage usage {};
    if (wait4(pid, &status, 0, &usage) != pid)
        return result;
    result.wall = now() - start;
    result.cpu = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    result.rssMiB = double(usage.ru_maxrss) / 1024.0;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

int runs()
{
    const int n = qEnvironmentVariableIntValue("FANVA_BENCH_RUNS");
    return n > 0 ? n : 3;
}

bool rowWanted(const char *row)
{
    const QString rows = qEnvironmentVariable("FANVA_BENCH_SCALE_ROWS");
    return rows.isEmpty() || rows.split(QLatin1Char(',')).contains(QLatin1String(row));
}

struct Summary {
    Measured best; // least wall time
    double medianWall = 0;
    double peakRss = 0; // the largest of the runs
};

Summary summarize(std::vector<Measured> all)
{
    Summary s;
    std::sort(all.begin(), all.end(), [](const Measured &a, const Measured &b) { return a.wall < b.wall; });
    s.best = all.front();
    s.medianWall = all[all.size() / 2].wall;
    for (const Measured &m : all)
        s.peakRss = std::max(s.peakRss, m.rssMiB);
    return s;
}

const char *verdict(bool met)
{
    return met ? "met" : "NOT met";
}

// The peer: clojure.edn reads every form of the file, three times to warm the JVM, then
// once timed; prints "FORMS MB/S".
constexpr const char *s_peerScript = R"((require '[clojure.edn :as edn] '[clojure.java.io :as io])
(defn read-all [path]
  (with-open [r (java.io.PushbackReader. (io/reader path))]
    (loop [n 0]
      (if (= ::eof (edn/read {:eof ::eof} r)) n (recur (inc n))))))
(let [path (first *command-line-args*)
      size (.length (io/file path))]
  (dotimes [_ 3] (read-all path))
  (let [t0 (System/nanoTime)
        n (read-all path)
        s (/ (- (System/nanoTime) t0) 1e9)]
    (println n (/ size s 1e6))))
)";

} // namespace

class BenchScale : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        if (!rowWanted("stats") && !rowWanted("window") && !rowWanted("responsive"))
            return;
        // The 1M-sentence synthetic KB of bench_kb, on disk for the processes.
        m_kb = m_dir.filePath(QStringLiteral("kb1m"));
        QVERIFY(QDir().mkpath(m_kb));
        fanva::bench::Generator generator(1000000);
        const std::vector<QByteArray> files = generator.files();
        for (std::size_t c = 0; c < files.size(); ++c)
            QVERIFY(fanva::testsupport::writeFileBytes(QDir(m_kb).filePath(QStringLiteral("CxGen%1.txt").arg(c)), files[c]));
    }

    void parse()
    {
        if (!rowWanted("parse"))
            QSKIP("not in FANVA_BENCH_SCALE_ROWS");
        FANVA_NEED_SHARED(u"corpus/vaelii-kb/upper");
        const QDir upper(fanva::testsupport::sharedPath(u"corpus/vaelii-kb/upper"));
        QByteArray once;
        for (const QString &name : upper.entryList({ QStringLiteral("*.txt") }, QDir::Files, QDir::Name))
            once += fanva::testsupport::readFileBytes(upper.filePath(name));
        QVERIFY(!once.isEmpty());
        QByteArray text;
        text.reserve(once.size() * 280);
        for (int i = 0; i < 280; ++i)
            text += once;
        const QString path = m_dir.filePath(QStringLiteral("corpus-shaped.txt"));
        QVERIFY(fanva::testsupport::writeFileBytes(path, text));
        const double mb = double(text.size()) / 1e6;

        std::vector<Measured> all;
        for (int i = 0; i < runs(); ++i) {
            all.push_back(runMeasured(QStringLiteral(FANVA_CLI_PATH), { QStringLiteral("parse"), path }));
            QCOMPARE(all.back().exitCode, 0);
        }
        const Summary s = summarize(all);
        const double rate = mb / s.best.wall;
        std::printf("\n== parse: fanva-cli parse of %.1f MB of corpus-shaped KB text (upper ontology x 280), whole process\n", mb);
        std::printf("fanva-cli: best %.3f s = %.0f MB/s (median %.3f s = %.0f MB/s), %.2f s CPU, peak %.0f MiB\n", s.best.wall, rate,
            s.medianWall, mb / s.medianWall, s.best.cpu, s.peakRss);
        std::printf("goal >= 250 MB/s: %s\n", verdict(rate >= 250));

        const QString clojure = QStandardPaths::findExecutable(QStringLiteral("clojure"));
        if (clojure.isEmpty()) {
            std::printf("peer: clojure is not installed — no ratio (install the clojure package to measure it)\n");
            return;
        }
        const QString script = m_dir.filePath(QStringLiteral("peer.clj"));
        QVERIFY(fanva::testsupport::writeFileBytes(script, s_peerScript));
        const QString peerOut = m_dir.filePath(QStringLiteral("peer.out"));
        const Measured peer = runMeasured(clojure, { script, path }, {}, peerOut);
        const QList<QByteArray> fields = fanva::testsupport::readFileBytes(peerOut).trimmed().split(' ');
        if (peer.exitCode != 0 || fields.size() != 2) {
            std::printf("peer: clojure.edn did not read the file (exit %d) — no ratio\n", peer.exitCode);
            return;
        }
        const double peerRate = fields.at(1).toDouble();
        std::printf("peer: clojure.edn, warm in the JVM, %s forms at %.1f MB/s\n", fields.at(0).constData(), peerRate);
        std::printf("ratio fanva-cli / clojure.edn: %.1fx (goal >= 12x: %s)\n", rate / peerRate, verdict(rate / peerRate >= 12));
    }

    void stats()
    {
        if (!rowWanted("stats"))
            QSKIP("not in FANVA_BENCH_SCALE_ROWS");
        std::vector<Measured> all;
        for (int i = 0; i < runs(); ++i) {
            all.push_back(runMeasured(
                QStringLiteral(FANVA_CLI_PATH), { QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), m_kb }));
            QCOMPARE(all.back().exitCode, 0);
        }
        const Summary s = summarize(all);
        std::printf("\n== stats: fanva-cli kb stats of the 1M-sentence synthetic KB, whole process\n");
        std::printf("best %.3f s (median %.3f s), %.2f s CPU, peak %.0f MiB\n", s.best.wall, s.medianWall, s.best.cpu, s.peakRss);
        std::printf("goal <= 1.5 s: %s; goal <= 500 MB: %s\n", verdict(s.best.wall <= 1.5), verdict(s.peakRss * 1.048576 <= 500));
    }

    void window()
    {
        if (!rowWanted("window"))
            QSKIP("not in FANVA_BENCH_SCALE_ROWS");
        const QString png = m_dir.filePath(QStringLiteral("window.png"));
        std::vector<Measured> all;
        for (int i = 0; i < runs(); ++i) {
            QFile::remove(png);
            all.push_back(runMeasured(QStringLiteral(FANVA_GUI_PATH), { QStringLiteral("--kb"), m_kb, QStringLiteral("--screenshot"), png },
                { QStringLiteral("QT_QPA_PLATFORM=offscreen") }));
            QCOMPARE(all.back().exitCode, 0);
            QVERIFY(QFile::exists(png));
        }
        const Summary s = summarize(all);
        std::printf("\n== window: fanva --kb (1M sentences) --screenshot, offscreen, start to first full paint and exit\n");
        std::printf("best %.3f s (median %.3f s), %.2f s CPU, peak %.0f MiB\n", s.best.wall, s.medianWall, s.best.cpu, s.peakRss);
        std::printf("goal <= 2 s: %s\n", verdict(s.best.wall <= 2.0));
    }

    void responsive()
    {
        if (!rowWanted("responsive"))
            QSKIP("not in FANVA_BENCH_SCALE_ROWS");
        const QString png = m_dir.filePath(QStringLiteral("responsive.png"));
        const QString report = m_dir.filePath(QStringLiteral("responsive.txt"));
        const QString target = QStringLiteral("CxGen%1").arg(fanva::bench::s_contexts - 1);
        std::printf("\n== responsive: fanva --kb (1M sentences) --context %s --screenshot, offscreen: how long input waits for the GUI\n"
                    "   thread from the first paint until the KB is loaded and indexed (a probe every 5 ms)\n",
            qPrintable(target));
        std::printf("load average before: %s\n", loadAverage().constData());
        std::vector<std::map<QByteArray, double>> all;
        for (int i = 0; i < runs(); ++i) {
            QFile::remove(report);
            const Measured m = runMeasured(QStringLiteral(FANVA_GUI_PATH),
                { QStringLiteral("--kb"), m_kb, QStringLiteral("--context"), target, QStringLiteral("--screenshot"), png,
                    QStringLiteral("--measure-load"), report },
                { QStringLiteral("QT_QPA_PLATFORM=offscreen") });
            QCOMPARE(m.exitCode, 0);
            std::map<QByteArray, double> figures;
            for (const QByteArray &line : fanva::testsupport::readFileBytes(report).split('\n')) {
                const QList<QByteArray> fields = line.split(' ');
                if (fields.size() == 2)
                    figures[fields.at(0)] = fields.at(1).toDouble();
            }
            QCOMPARE(figures[QByteArrayLiteral("kb-failed")], 0.0);
            QVERIFY(figures[QByteArrayLiteral("probes")] > 0);
            std::printf("run %d: first paint %.2f s, KB usable %.2f s, indexed %.2f s; %d probes: longest wait %.1f ms, p99 %.1f ms, "
                        "median %.1f ms, %d over 50 ms; peak %.0f MiB\n",
                i + 1, figures[QByteArrayLiteral("first-paint-ms")] / 1000, figures[QByteArrayLiteral("kb-loaded-ms")] / 1000,
                figures[QByteArrayLiteral("kb-indexed-ms")] / 1000, int(figures[QByteArrayLiteral("probes")]),
                figures[QByteArrayLiteral("wait-max-ms")], figures[QByteArrayLiteral("wait-p99-ms")],
                figures[QByteArrayLiteral("wait-p50-ms")], int(figures[QByteArrayLiteral("waits-over-50ms")]), m.rssMiB);
            std::printf("       reload: %.2f s; %d probes: longest wait %.1f ms, p99 %.1f ms, %d over 50 ms\n",
                figures[QByteArrayLiteral("reload-ms")] / 1000, int(figures[QByteArrayLiteral("reload-probes")]),
                figures[QByteArrayLiteral("reload-wait-max-ms")], figures[QByteArrayLiteral("reload-wait-p99-ms")],
                int(figures[QByteArrayLiteral("reload-waits-over-50ms")]));
            all.push_back(std::move(figures));
        }
        const auto median = [&all](const char *name) {
            std::vector<double> values;
            for (const auto &figures : all)
                values.push_back(figures.at(QByteArray(name)));
            std::sort(values.begin(), values.end());
            return values[values.size() / 2];
        };
        std::printf("load average after: %s\n", loadAverage().constData());
        const double longest = median("wait-max-ms");
        std::printf("median of the runs: longest wait %.1f ms, p99 %.1f ms; KB usable at %.2f s, indexed at %.2f s\n", longest,
            median("wait-p99-ms"), median("kb-loaded-ms") / 1000, median("kb-indexed-ms") / 1000);
        std::printf("goal: input handled within 50 ms from the first paint (longest wait <= 50 ms): %s\n", verdict(longest <= 50));
        const double reloadLongest = median("reload-wait-max-ms");
        std::printf("reload, median of the runs: longest wait %.1f ms, p99 %.1f ms, %.2f s; within 50 ms: %s\n", reloadLongest,
            median("reload-wait-p99-ms"), median("reload-ms") / 1000, verdict(reloadLongest <= 50));
    }

private:
    static QByteArray loadAverage()
    {
        QFile file(QStringLiteral("/proc/loadavg"));
        if (!file.open(QIODevice::ReadOnly))
            return QByteArrayLiteral("unknown");
        const QList<QByteArray> fields = file.readAll().split(' ');
        return fields.size() >= 3 ? fields.at(0) + ' ' + fields.at(1) + ' ' + fields.at(2) : QByteArrayLiteral("unknown");
    }

    QTemporaryDir m_dir;
    QString m_kb;
};

QTEST_GUILESS_MAIN(BenchScale)
#include "bench_scale.moc"

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// .ci/check-sizes, the lint leg's size rule: planted files and functions over the limits
// fail with the place, the name, the length and the limit; the folders already cut pass.
#include "process.h"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using fanva::testsupport::ProcessRun;
using fanva::testsupport::runProgram;
using fanva::testsupport::writeFileBytes;

namespace {

const QString s_checker = QStringLiteral(FANVA_SOURCE_DIR "/.ci/check-sizes");

/// `count` lines of C++ statements, one per line.
QByteArray statements(int count)
{
    QByteArray text;
    for (int i = 0; i < count; ++i)
        text += "    ++n;\n";
    return text;
}

/// A function `planted::name` of exactly `lines` lines, from its signature to its brace.
QByteArray function(const QByteArray &name, int lines)
{
    return "int " + name + "()\n{\n    int n = 0;\n" + statements(lines - 5) + "    return n;\n}\n";
}

/// Whether the run printed a finding about `path` that goes on with `rest`.
[[nodiscard]] bool printed(const ProcessRun &run, const QString &path, const char *rest)
{
    return run.out.contains(QByteArray(path.toUtf8() + rest));
}

} // namespace

class TstCheckSizes : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    [[nodiscard]] ProcessRun check(const QStringList &arguments)
    {
        return runProgram(QStringLiteral("python3"), QStringList { s_checker } + arguments);
    }

    [[nodiscard]] QString plant(const QString &name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(name);
        if (!writeFileBytes(path, text))
            return {};
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("python3 is not installed");
        if (QStandardPaths::findExecutable(QStringLiteral("ctags")).isEmpty())
            QSKIP("universal-ctags is not installed (.ci/run's lint leg installs it)");
        QVERIFY(m_dir.isValid());
    }

    void fileOverTheLimit()
    {
        QByteArray text = "// one line over\n";
        for (int i = 1; i < 901; ++i)
            text += "int v" + QByteArray::number(i) + " = 0;\n";
        const QString path = plant(QStringLiteral("long.cpp"), text);
        QVERIFY(!path.isEmpty());
        const ProcessRun run = check({ path });
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(printed(run, path, ":1: error: the file has 901 lines, over the limit of 900"), run.out.constData());
    }

    void fileAtTheLimit()
    {
        QByteArray text;
        for (int i = 0; i < 900; ++i)
            text += "int w" + QByteArray::number(i) + " = 0;\n";
        const QString path = plant(QStringLiteral("full.cpp"), text);
        QVERIFY(!path.isEmpty());
        const ProcessRun run = check({ path });
        QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
    }

    void functionOverTheLimit()
    {
        const QString path = plant(QStringLiteral("function.cpp"),
            "namespace planted {\n" + function("fits", 100) + function("tooLong", 101) + "} // namespace planted\n");
        QVERIFY(!path.isEmpty());
        const ProcessRun run = check({ path });
        QCOMPARE(run.exitCode, 1);
        // The second function starts after the namespace line and the first function.
        QVERIFY2(printed(run, path, ":102: error: function 'planted::tooLong' has 101 lines, over the limit of 100"), run.out.constData());
        QVERIFY2(!run.out.contains("fits"), run.out.constData());
    }

    void memberInHeaderOverTheLimit()
    {
        const QString path = plant(QStringLiteral("inline.h"),
            "#pragma once\nclass Planted {\npublic:\n    int member()\n    {\n        int n = 0;\n" + statements(96)
                + "        return n;\n    }\n};\n");
        QVERIFY(!path.isEmpty());
        const ProcessRun run = check({ path });
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(printed(run, path, ":4: error: function 'Planted::member' has 101 lines"), run.out.constData());
    }

    void lambdaOverTheLimit()
    {
        // The lambda has 101 lines; the function around it, 105.
        const QString path = plant(QStringLiteral("lambda.cpp"),
            "int outer()\n{\n    auto step = []() {\n        int n = 0;\n" + statements(97)
                + "        return n;\n    };\n    return step();\n}\n");
        QVERIFY(!path.isEmpty());
        const ProcessRun run = check({ path });
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(printed(run, path, ":3: error: function a lambda in 'outer' has 101 lines"), run.out.constData());
        QVERIFY2(printed(run, path, ":1: error: function 'outer' has 105 lines"), run.out.constData());
    }

    void limitsAreOptions()
    {
        const QString path = plant(QStringLiteral("small.cpp"), function("small", 20));
        QVERIFY(!path.isEmpty());
        QCOMPARE(check({ path }).exitCode, 0);
        const ProcessRun run = check({ QStringLiteral("--function-limit"), QStringLiteral("10"), path });
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains("function 'small' has 20 lines, over the limit of 10"), run.out.constData());
    }

    void foldersAlreadyCut_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addRow("engine/check") << QStringList { QStringLiteral("engine/check") };
        QTest::addRow("kb loader") << QStringList { QStringLiteral("engine/kb/knowledgebaseloader.cpp"),
            QStringLiteral("engine/kb/knowledgebaseloader_p.h"), QStringLiteral("engine/kb/contextgraph.cpp"),
            QStringLiteral("engine/kb/loadparse.cpp"), QStringLiteral("engine/kb/loadcontexts.cpp"),
            QStringLiteral("engine/kb/loadkey.cpp"), QStringLiteral("engine/kb/loadindex.cpp"), QStringLiteral("engine/kb/loadwalk.cpp"),
            QStringLiteral("engine/kb/loadvocabulary.cpp") };
        QTest::addRow("kb reader") << QStringList { QStringLiteral("engine/kb/reader.cpp"),
            QStringLiteral("engine/kb/parallelreader.cpp") };
    }

    // The folders and files already cut must stay under the limits (the lint leg checks the whole tree).
    void foldersAlreadyCut()
    {
        QFETCH(QStringList, paths);
        QStringList arguments;
        for (const QString &path : std::as_const(paths))
            arguments.append(QStringLiteral(FANVA_SOURCE_DIR "/") + path);
        const ProcessRun run = check(arguments);
        QVERIFY2(run.exitCode == 0, QByteArray(run.out + run.err).constData());
    }
};

QTEST_GUILESS_MAIN(TstCheckSizes)
#include "tst_checksizes.moc"

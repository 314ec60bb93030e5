// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The test helpers themselves: the shared corpus found or reported missing, and golden-file
// mismatches shown as a unified diff with the actual output written aside.
#include "golden.h"
#include "sharedcorpus.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva::testsupport;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Sets an environment variable for one scope, restoring it after.
class ScopedEnvironment
{
public:
    ScopedEnvironment(const char *name, const QByteArray &value)
        : m_name(name)
        , m_wasSet(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnvironment()
    {
        if (m_wasSet)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    Q_DISABLE_COPY_MOVE(ScopedEnvironment)

private:
    const char *m_name;
    bool m_wasSet;
    QByteArray m_old;
};

} // namespace

class TstTestSupport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sharedFolder();
    void sharedRequiredFromEnvironment_data();
    void sharedRequiredFromEnvironment();
    void builtInDiff_data();
    void builtInDiff();
    void toolDiffAgrees_data();
    void toolDiffAgrees();
    void goldenMatch();
    void goldenMismatch();
    void goldenMissingReference();
};

void TstTestSupport::sharedFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("corpus/here"))));
    const ScopedEnvironment shared("FANVA_SHARED_DIR", dir.path().toUtf8());
    QCOMPARE(sharedDir(), QDir::cleanPath(dir.path()));
    QCOMPARE(sharedPath(u"corpus/here"), dir.path() + QStringLiteral("/corpus/here"));
    QCOMPARE(sharedMissing(u"corpus/here"), QString());
    const QString missing = sharedMissing(u"corpus/elsewhere");
    QVERIFY2(missing.contains(QLatin1String("FANVA_SHARED_DIR/corpus/elsewhere")), qPrintable(missing));
    QVERIFY2(missing.contains(dir.path() + QStringLiteral("/corpus/elsewhere")), qPrintable(missing));
    // A file is not a corpus folder.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("corpus/file")), "x"));
    QVERIFY(!sharedMissing(u"corpus/file").isEmpty());
    QVERIFY(QFileInfo(testDataPath(u"kb/zoo")).isDir());
}

void TstTestSupport::sharedRequiredFromEnvironment_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<bool>("required");
    QTest::addRow("1") << QByteArray("1") << true;
    QTest::addRow("0") << QByteArray("0") << false;
    QTest::addRow("empty") << QByteArray("") << false;
    QTest::addRow("unset") << QByteArray() << false;
}

void TstTestSupport::sharedRequiredFromEnvironment()
{
    QFETCH(QByteArray, value);
    QFETCH(bool, required);
    const ScopedEnvironment environment("FANVA_REQUIRE_SHARED", value);
    if (value.isNull())
        qunsetenv("FANVA_REQUIRE_SHARED");
    QCOMPARE(sharedRequired(), required);
}

void TstTestSupport::builtInDiff_data()
{
    QTest::addColumn<QByteArray>("before");
    QTest::addColumn<QByteArray>("after");
    QTest::addColumn<QString>("diff");
    QTest::addRow("equal") << QByteArray("a\nb\n") << QByteArray("a\nb\n") << QString();
    QTest::addRow("one line changed") << QByteArray("a\nb\nc\n") << QByteArray("a\nB\nc\n")
                                      << QStringLiteral("--- ref\n+++ out\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    QTest::addRow("added at the end") << QByteArray("a\n") << QByteArray("a\nb\n")
                                      << QStringLiteral("--- ref\n+++ out\n@@ -1 +1,2 @@\n a\n+b\n");
    QTest::addRow("from empty") << QByteArray() << QByteArray("a\n") << QStringLiteral("--- ref\n+++ out\n@@ -0,0 +1 @@\n+a\n");
    QTest::addRow("to empty") << QByteArray("a\nb\n") << QByteArray() << QStringLiteral("--- ref\n+++ out\n@@ -1,2 +0,0 @@\n-a\n-b\n");
    QTest::addRow("no final newline") << QByteArray("a\nb\n") << QByteArray("a\nb")
                                      << QStringLiteral("--- ref\n+++ out\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n");
    QTest::addRow("two hunks") << QByteArray("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n")
                               << QByteArray("x\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ny\n")
                               << QStringLiteral("--- ref\n+++ out\n@@ -1,4 +1,4 @@\n-1\n+x\n 2\n 3\n 4\n"
                                                 "@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+y\n");
    QTest::addRow("close changes share a hunk")
        << QByteArray("1\n2\n3\n4\n5\n6\n7\n8\n") << QByteArray("x\n2\n3\n4\n5\n6\n7\ny\n")
        << QStringLiteral("--- ref\n+++ out\n@@ -1,8 +1,8 @@\n-1\n+x\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n");
}

void TstTestSupport::builtInDiff()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QFETCH(QString, diff);
    QCOMPARE(unifiedDiff(before, after, QStringLiteral("ref"), QStringLiteral("out"), DiffTool::BuiltIn), diff);
}

// Where a diff program is installed, it and the built-in diff print the same text.
void TstTestSupport::toolDiffAgrees_data()
{
    builtInDiff_data();
}

void TstTestSupport::toolDiffAgrees()
{
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    QFETCH(QString, diff);
    if (QStandardPaths::findExecutable(QStringLiteral("diff")).isEmpty())
        QSKIP("no diff program on PATH: the built-in diff is the only one");
    QCOMPARE(unifiedDiff(before, after, QStringLiteral("ref"), QStringLiteral("out"), DiffTool::Auto), diff);
}

void TstTestSupport::goldenMatch()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString reference = dir.filePath(QStringLiteral("ref.txt"));
    QVERIFY(writeFile(reference, "same\n"));
    QCOMPARE(fanva::testsupport::goldenMismatch("same\n", reference), QString());
}

void TstTestSupport::goldenMismatch()
{
    QTemporaryDir output;
    QVERIFY(output.isValid());
    const ScopedEnvironment environment("FANVA_TEST_OUTPUT_DIR", output.path().toUtf8());
    // A reference under tests/data keeps its path below the output folder.
    const QString reference = testDataPath(u"reference/kb/bad-escape.txt");
    const QByteArray expected = readAll(reference);
    QVERIFY(!expected.isEmpty());
    const QByteArray actual = expected + "an extra line\n";
    const QString actualPath = output.path() + QStringLiteral("/reference/kb/bad-escape.txt");
    QCOMPARE(actualOutputPath(reference), actualPath);
    for (const DiffTool tool : { DiffTool::Auto, DiffTool::BuiltIn }) {
        QFile::remove(actualPath);
        const QString message = fanva::testsupport::goldenMismatch(actual, reference, tool);
        QVERIFY2(message.contains(QStringLiteral("--- ") + reference + QLatin1Char('\n')), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("+++ ") + actualPath + QLatin1Char('\n')), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("\n+an extra line\n")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("cp '%1' '%2'").arg(actualPath, reference)), qPrintable(message));
        QCOMPARE(readAll(actualPath), actual);
    }
    // A reference elsewhere is written under its file name.
    QCOMPARE(actualOutputPath(QStringLiteral("/elsewhere/out.txt")), output.path() + QStringLiteral("/out.txt"));
}

void TstTestSupport::goldenMissingReference()
{
    QTemporaryDir output;
    QVERIFY(output.isValid());
    const ScopedEnvironment environment("FANVA_TEST_OUTPUT_DIR", output.path().toUtf8());
    const QString message = fanva::testsupport::goldenMismatch("new\n", output.filePath(QStringLiteral("missing/ref.txt")));
    QVERIFY2(message.contains(QLatin1String("cannot be read")), qPrintable(message));
    QCOMPARE(readAll(output.filePath(QStringLiteral("ref.txt"))), QByteArray("new\n"));
}

QTEST_GUILESS_MAIN(TstTestSupport)
#include "tst_testsupport.moc"

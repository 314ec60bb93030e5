// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Every seed and every saved crash input of every fuzz target, through the target's own body:
// a crash input that crashes again fails (or aborts) this test.
#include "fuzztargets.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva::fuzz;

namespace {

QString corpusDirectory(QLatin1StringView target)
{
    return QDir(QStringLiteral(FANVA_TEST_DATA_DIR "/fuzz")).filePath(target);
}

QStringList corpusFiles(QLatin1StringView target)
{
    QStringList files;
    QDirIterator it(corpusDirectory(target), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_scratch.isValid());
        qputenv("FANVA_FUZZ_SCRATCH", QFile::encodeName(m_scratch.path()));
    }

    void everyTargetHasACorpus_data()
    {
        QTest::addColumn<QString>("target");
        for (const Target &t : targets())
            QTest::addRow("%s", t.name.data()) << QString(t.name);
    }

    void everyTargetHasACorpus()
    {
        QFETCH(QString, target);
        QVERIFY2(corpusFiles(QLatin1StringView(target.toLatin1())).size() >= 2,
            qPrintable(QStringLiteral("no seeds in %1").arg(corpusDirectory(QLatin1StringView(target.toLatin1())))));
    }

    void corpus_data()
    {
        QTest::addColumn<int>("target");
        QTest::addColumn<QString>("path");
        const auto all = targets();
        for (std::size_t i = 0; i < all.size(); ++i) {
            const QDir dir(corpusDirectory(all[i].name));
            for (const QString &path : corpusFiles(all[i].name))
                QTest::addRow("%s/%s", all[i].name.data(), qPrintable(dir.relativeFilePath(path))) << int(i) << path;
        }
    }

    void corpus()
    {
        QFETCH(int, target);
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));
        const QByteArray data = file.readAll();
        targets()[std::size_t(target)].run(data);
    }

private:
    QTemporaryDir m_scratch;
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"

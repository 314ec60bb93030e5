// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "sharedcorpus.h"

#include <QDir>
#include <QFileInfo>

namespace fanva::testsupport {

QString sharedDir()
{
    const QString fromEnvironment = qEnvironmentVariable("FANVA_SHARED_DIR");
    return QDir::cleanPath(fromEnvironment.isEmpty() ? QStringLiteral(FANVA_SHARED_DIR) : fromEnvironment);
}

QString sharedPath(QStringView relative)
{
    return sharedDir() + QLatin1Char('/') + relative.toString();
}

QString sharedMissing(QStringView relative)
{
    const QString path = sharedPath(relative);
    if (QFileInfo(path).isDir())
        return {};
    return QStringLiteral("shared corpus absent: FANVA_SHARED_DIR/%1 (%2) does not exist; set FANVA_SHARED_DIR (CMake or "
                          "environment) to the shared folder")
        .arg(relative.toString(), path);
}

bool sharedRequired()
{
    return qEnvironmentVariable("FANVA_REQUIRE_SHARED") == QLatin1String("1");
}

QString testDataDir()
{
    return QStringLiteral(FANVA_TEST_DATA_DIR);
}

QString testDataPath(QStringView relative)
{
    return testDataDir() + QLatin1Char('/') + relative.toString();
}

void addFableGoldRows()
{
    QTest::addColumn<QString>("goldFile");
    const QDir own(testDataPath(u"fables"));
    const QStringList ownFiles = own.entryList({ QStringLiteral("*.gold.txt") }, QDir::Files, QDir::Name);
    QVERIFY(ownFiles.size() >= 3);
    for (const QString &file : ownFiles)
        QTest::addRow("own/%s", qPrintable(file)) << own.filePath(file);
    if (!sharedMissing(u"corpus/fables").isEmpty()) {
        QTest::addRow("shared fables") << QString();
        return;
    }
    const QDir shared(sharedPath(u"corpus/fables"));
    const QStringList sharedFiles = shared.entryList({ QStringLiteral("*.gold.txt") }, QDir::Files, QDir::Name);
    QVERIFY(sharedFiles.size() >= 3);
    for (const QString &file : sharedFiles)
        QTest::addRow("shared/%s", qPrintable(file)) << shared.filePath(file);
}

} // namespace fanva::testsupport

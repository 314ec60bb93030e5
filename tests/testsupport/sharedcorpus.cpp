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

} // namespace fanva::testsupport

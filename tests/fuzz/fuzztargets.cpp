// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <array>
#include <cstdio>
#include <cstdlib>

namespace fanva::fuzz {

std::span<const Target> targets()
{
    static constexpr std::array s_targets {
        Target { QLatin1StringView("kbreader"), &kbReader },
        Target { QLatin1StringView("niblireader"), &nibliReader },
        Target { QLatin1StringView("replyparser"), &replyParser },
        Target { QLatin1StringView("rulesdrafter"), &rulesDrafter },
        Target { QLatin1StringView("ndjson"), &ndjson },
        Target { QLatin1StringView("sse"), &sse },
        Target { QLatin1StringView("sessionfile"), &sessionFile },
        Target { QLatin1StringView("journal"), &journal },
        Target { QLatin1StringView("autosave"), &autosave },
        Target { QLatin1StringView("editsession"), &editSession },
    };
    return s_targets;
}

QString scratchDirectory()
{
    static const QString s_dir = [] {
        QString base = qEnvironmentVariable("FANVA_FUZZ_SCRATCH");
        if (base.isEmpty())
            base = QDir(QStringLiteral("/dev/shm")).exists() ? QStringLiteral("/dev/shm") : QDir::tempPath();
        const QString dir = QDir(base).filePath(QStringLiteral("fanva-fuzz-%1").arg(QCoreApplication::applicationPid()));
        if (!QDir().mkpath(dir)) {
            std::fprintf(stderr, "fuzz: cannot create the scratch folder %s\n", qPrintable(dir));
            std::abort();
        }
        return dir;
    }();
    return s_dir;
}

void writeScratchFile(const QString &path, QByteArrayView data)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(data.data(), data.size()) != data.size()) {
        std::fprintf(stderr, "fuzz: cannot write %s\n", qPrintable(path));
        std::abort();
    }
}

} // namespace fanva::fuzz

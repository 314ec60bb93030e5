// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "proposal/autosave.h"

#include <QDir>

namespace fanva::fuzz {

void autosave(QByteArrayView data)
{
    // The first line is the lock file (a PID), the rest the autosaved session.
    const qsizetype newline = data.indexOf('\n');
    const QByteArrayView lock = newline < 0 ? data : data.first(newline + 1);
    const QByteArrayView session = newline < 0 ? QByteArrayView() : data.sliced(newline + 1);
    const QString dir = QDir(scratchDirectory()).filePath(QStringLiteral("autosave"));
    if (!QDir().mkpath(dir))
        return;
    writeScratchFile(QDir(dir).filePath(QStringLiteral("fuzz.lock")), lock);
    writeScratchFile(QDir(dir).filePath(QStringLiteral("fuzz.fanva")), session);
    // What the recovery dialog and ReviewController::recoverSession do.
    for (const proposal::RecoverableSession &found : proposal::recoverableAutosaves(dir)) {
        proposal::SessionLoad loaded = proposal::loadSessionFile(found.path);
        if (!loaded.session)
            continue;
        if (proposal::markInterrupted(*loaded.session))
            (void)loaded.session->toBytes(dir);
    }
}

} // namespace fanva::fuzz

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "proposal/sessionfile.h"

#include <QDir>

namespace fanva::fuzz {

void sessionFile(QByteArrayView data)
{
    const QString dir = scratchDirectory();
    const QString path = QDir(dir).filePath(QStringLiteral("session.fanva"));
    writeScratchFile(path, data);
    const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
    if (!loaded.session)
        return;
    // What a reopened session does next: save it again.
    (void)loaded.session->toBytes(dir);
}

} // namespace fanva::fuzz

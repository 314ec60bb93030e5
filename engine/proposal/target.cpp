// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/target.h"

#include "proposal/atomicwrite_p.h"
#include "proposal/proposal.h"

#include <QDir>
#include <QFileInfo>

namespace fanva::proposal {

ResolvedTarget resolveTarget(const Proposal &proposal)
{
    ResolvedTarget out;
    const QString kbDir = QFileInfo(proposal.kbDir).canonicalFilePath();
    const QString target = proposal.targetFile;
    const auto refuse = [&](const QString &why) {
        out.path.clear();
        out.error = why;
        return out;
    };
    if (kbDir.isEmpty())
        return refuse(QStringLiteral("The knowledge base folder %1 does not exist.").arg(proposal.kbDir));
    const QFileInfo info(QDir::cleanPath(QDir(kbDir).filePath(target)));
    const QString parent = QFileInfo(info.absolutePath()).canonicalFilePath();
    if (target.isEmpty() || QDir::isAbsolutePath(target) || parent.isEmpty()
        || (parent != kbDir && !parent.startsWith(kbDir + QLatin1Char('/'))) || info.fileName().isEmpty()
        || info.fileName() == QLatin1StringView(".."))
        return refuse(QStringLiteral("The target %1 is not a file inside the knowledge base %2.").arg(target, kbDir));
    out.path = QDir(parent).filePath(info.fileName());
    const QString unsafe = detail::unsafeTarget(out.path);
    if (!unsafe.isEmpty())
        return refuse(unsafe);
    return out;
}

} // namespace fanva::proposal

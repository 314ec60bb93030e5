// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/target.h"

#include "lang/language.h"
#include "lang/registry.h"
#include "proposal/atomicwrite_p.h"
#include "proposal/proposal.h"

#include <QDir>
#include <QFileInfo>

namespace fanva::proposal {

namespace {

/// True when `dir` or its parent has a fanva.json that names `language` (absent: fanva-kb).
bool isWorkspaceKbFolder(const QString &dir, const lang::Language &language)
{
    const QFileInfo info(dir);
    for (const QString &folder : { info.absoluteFilePath(), info.absolutePath() }) {
        if (const std::optional<lang::LanguageChoice> choice = lang::languageOfWorkspace(folder))
            return choice->ok() && choice->id == language.id();
    }
    return false;
}

/// The expected file for `context`, to name it in a message.
QString expectedFile(const lang::Language &language, const QString &context)
{
    const QStringList patterns = language.kbFilePatterns();
    const QString pattern = patterns.isEmpty() ? QString() : patterns.constFirst();
    return context + (pattern.startsWith(QLatin1Char('*')) ? pattern.mid(1) : QString());
}

} // namespace

std::optional<QString> kbFolderProblem(const QString &dir, const lang::Language &language)
{
    const QFileInfo info(dir);
    if (dir.isEmpty() || !info.isDir())
        return QStringLiteral("The knowledge base folder %1 does not exist.").arg(dir);
    if (!language.kbFiles(dir).isEmpty())
        return std::nullopt;
    if (QDir(dir).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System) && isWorkspaceKbFolder(dir, language))
        return std::nullopt;
    return QStringLiteral("%1 holds no %2 knowledge base files (%3), so it is no knowledge base folder; a new knowledge base starts "
                          "as an empty folder beside a fanva.json.")
        .arg(dir, language.id(), language.kbFilePatterns().join(QLatin1Char(' ')));
}

std::optional<QString> targetNameProblem(const QString &target, const lang::Language &language)
{
    return language.targetNameProblem(target);
}

ResolvedTarget resolveTarget(const Proposal &proposal)
{
    ResolvedTarget out;
    const lang::Language &language = proposal.kbLanguage();
    const QString kbDir = QFileInfo(proposal.kbDir).canonicalFilePath();
    const QString target = proposal.targetFile;
    const auto refuse = [&](const QString &why) {
        out.path.clear();
        out.error = why;
        return out;
    };
    if (kbDir.isEmpty())
        return refuse(QStringLiteral("The knowledge base folder %1 does not exist.").arg(proposal.kbDir));
    if (const std::optional<QString> problem = kbFolderProblem(kbDir, language))
        return refuse(*problem);
    if (const std::optional<QString> problem = targetNameProblem(proposal.context, language))
        return refuse(QStringLiteral("The target cannot be written: %1.").arg(*problem));
    const QString expected = expectedFile(language, proposal.context);
    const auto notTheFile = [&] {
        return refuse(QStringLiteral("The target %1 is not the file the knowledge base %2 keeps %3 in (%4, in the folder or a "
                                     "folder below it that does not start with a dot).")
                          .arg(target, kbDir, proposal.context, expected));
    };
    if (target.isEmpty() || QDir::isAbsolutePath(target) || QDir::cleanPath(target) != target || target.contains(QLatin1Char('\\'))
        || !language.isTargetFile(target, proposal.context))
        return notTheFile();
    const QFileInfo info(QDir(kbDir).filePath(target));
    const QString parent = QFileInfo(info.absolutePath()).canonicalFilePath();
    if (parent.isEmpty() || (parent != kbDir && !parent.startsWith(kbDir + QLatin1Char('/'))))
        return refuse(QStringLiteral("The target %1 is not a file inside the knowledge base %2.").arg(target, kbDir));
    out.path = QDir(parent).filePath(info.fileName());
    // Folder links resolved, the file must still be the context's own (not under .git, say).
    if (!language.isTargetFile(QDir(kbDir).relativeFilePath(out.path), proposal.context))
        return notTheFile();
    const QString unsafe = detail::unsafeTarget(out.path);
    if (!unsafe.isEmpty())
        return refuse(unsafe);
    return out;
}

} // namespace fanva::proposal

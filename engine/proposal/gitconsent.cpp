// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/gitconsent.h"

#include "jsonutil.h"
#include "proposal/atomicwrite_p.h"
#include "proposal/filelock_p.h"
#include "status.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

namespace fanva::proposal {

namespace {

constexpr const char *s_consentFormat = "fanva-git-consent/1";

/// True if `dir` holds a `.git` folder with a HEAD, or a `.git` file naming one (a linked work
/// tree or a submodule). Only reads files: nothing git or the repository configures runs.
bool holdsGit(const QDir &dir)
{
    const QString dotGit = dir.filePath(QStringLiteral(".git"));
    const QFileInfo info(dotGit);
    if (info.isDir())
        return QFileInfo::exists(QDir(dotGit).filePath(QStringLiteral("HEAD")));
    if (!info.isFile() || !detail::isRegularFile(dotGit))
        return false;
    QFile file(dotGit);
    return file.open(QIODevice::ReadOnly) && file.read(8) == "gitdir: ";
}

nlohmann::json readConsents()
{
    QFile file(gitConsentPath());
    if (!detail::isRegularFile(gitConsentPath()) || !file.open(QIODevice::ReadOnly))
        return nlohmann::json::object();
    const Result<nlohmann::json> parsed = jsonutil::parse(file.readAll());
    if (!parsed || !parsed->is_object() || jsonutil::string(*parsed, "format") != QLatin1StringView(s_consentFormat))
        return nlohmann::json::object();
    const nlohmann::json *trees = jsonutil::object(*parsed, "workTrees");
    return trees ? *trees : nlohmann::json::object();
}

} // namespace

QString gitWorkTreeOf(const QString &file)
{
    const QString folder = QFileInfo(QFileInfo(file).absolutePath()).canonicalFilePath();
    if (folder.isEmpty())
        return {};
    QDir dir(folder);
    while (true) {
        if (holdsGit(dir))
            return dir.absolutePath();
        if (!dir.cdUp())
            return {};
    }
}

QString gitConsentPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).filePath(QStringLiteral("git-consent.json"));
}

GitConsent gitConsent(const QString &workTreeRoot)
{
    if (workTreeRoot.isEmpty())
        return GitConsent::Unknown;
    const QString answer = jsonutil::string(readConsents(), workTreeRoot.toStdString());
    if (answer == QLatin1StringView("allowed"))
        return GitConsent::Allowed;
    if (answer == QLatin1StringView("refused"))
        return GitConsent::Refused;
    return GitConsent::Unknown;
}

Status setGitConsent(const QString &workTreeRoot, GitConsent consent)
{
    if (workTreeRoot.isEmpty())
        return Status::failure(QStringLiteral("No git work tree was named."));
    const QString path = gitConsentPath();
    const QString dir = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(dir))
        return Status::failure(QStringLiteral("Cannot create %1.").arg(dir));
    // Two processes answering at once must not lose each other's answer.
    const detail::FileLock lock(path + QStringLiteral(".lock"));
    if (!lock.isLocked())
        return Status::failure(lock.error());
    nlohmann::json trees = readConsents();
    const std::string key = workTreeRoot.toStdString();
    if (consent == GitConsent::Unknown)
        trees.erase(key);
    else
        trees[key] = consent == GitConsent::Allowed ? "allowed" : "refused";
    const nlohmann::json all = { { "format", s_consentFormat }, { "workTrees", trees } };
    return detail::writeAtomically(path, QByteArray::fromStdString(all.dump(2)) + '\n', {}, 0600);
}

} // namespace fanva::proposal

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/gitcommit.h"

#include "proposal/edits.h"
#include "proposal/gitconsent.h"
#include "proposal/gitprocess_p.h"

#include <QDir>
#include <QFileInfo>

namespace fanva::proposal {

using detail::GitAccess;
using detail::gitReason;
using detail::GitRun;

namespace {

GitRun git(const QString &file, const QStringList &args, const GitControl &control, GitAccess access = GitAccess::ReadOnly)
{
    return detail::runGit(file, args, access, control);
}

QString nameOf(const QString &file)
{
    return QFileInfo(file).fileName();
}

QString head(const QString &file, const GitControl &control)
{
    const GitRun run
        = git(file, { QStringLiteral("rev-parse"), QStringLiteral("--verify"), QStringLiteral("-q"), QStringLiteral("HEAD") }, control);
    return run.ok() ? run.out.trimmed() : QString();
}

/// A note when HEAD is detached: the commit is on no branch.
QString detachedNote(const QString &file, const QString &commit, const GitControl &control)
{
    const GitRun branch = git(file, { QStringLiteral("symbolic-ref"), QStringLiteral("-q"), QStringLiteral("HEAD") }, control);
    if (!branch.started || branch.exitCode != 1)
        return {};
    return QStringLiteral("committed %1 on a detached HEAD: no branch holds it (keep it with git branch NAME %1)").arg(commit.left(12));
}

/// The session as the commit trailer names it: relative to the work tree, else its file name.
QString sessionForTrailer(const QString &sessionPath, const QString &workTree)
{
    if (sessionPath.isEmpty())
        return QStringLiteral("unsaved");
    const QString session = QFileInfo(sessionPath).absoluteFilePath();
    const QString canonical = QFileInfo(session).canonicalFilePath();
    const QString path = canonical.isEmpty() ? session : canonical;
    if (!workTree.isEmpty() && path.startsWith(workTree + QLatin1Char('/')))
        return oneLine(QDir(workTree).relativeFilePath(path));
    return oneLine(QFileInfo(session).fileName());
}

} // namespace

GitState gitStateOf(const QString &file, const GitControl &control)
{
    GitState state;
    const QString root = gitWorkTreeOf(file);
    if (root.isEmpty())
        return state;
    switch (gitConsent(root)) {
    case GitConsent::Refused:
        return state;
    case GitConsent::Unknown:
        state.note = QStringLiteral("%1 lies in the git work tree %2, where Fanva has not been allowed to run git (and the hooks it "
                                    "configures): written, not committed. Allow it once with fanva-cli apply --git, or in the window.")
                         .arg(nameOf(file), root);
        return state;
    case GitConsent::Allowed:
        break;
    }
    const GitRun inside = git(file, { QStringLiteral("rev-parse"), QStringLiteral("--is-inside-work-tree") }, control);
    if (!inside.ok() || inside.out.trimmed() != QLatin1StringView("true"))
        return state;
    state.available = true;
    const QString name = nameOf(file);
    state.tracked = git(file, { QStringLiteral("ls-files"), QStringLiteral("--error-unmatch"), QStringLiteral("--"), name }, control).ok();
    const GitRun status = git(file,
        { QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--untracked-files=all"), QStringLiteral("--"), name },
        control);
    state.dirty = !status.ok() || !status.out.trimmed().isEmpty();
    return state;
}

QString gitCommitMessage(
    const Proposal &proposal, const std::vector<const Entry *> &entries, const QString &fileName, const QString &sessionPath)
{
    QString message = QStringLiteral("fanva: %1 in %2\n\n").arg(changeSummary(entries), fileName);
    for (const Entry *e : entries) {
        const QString sentence = oneLine(renderSentence(e->sentence(), proposal.kbLanguage()).simplified());
        switch (e->kind) {
        case EntryKind::Add:
            message += QStringLiteral("+ %1 — %2\n")
                           .arg(sentence,
                               provenanceComment(
                                   *e, proposal.documentName, proposal.segmentTexts, proposal.draftedByRules, proposal.kbLanguage())
                                   .mid(proposal.kbLanguage().lineComment().size() + 1));
            break;
        case EntryKind::Replace: {
            QStringList lines;
            for (const ExistingSentence &s : e->replaces)
                lines.append(QString::number(s.line));
            message += QStringLiteral("~ %1 — replaces line %2%3\n").arg(sentence, lines.join(QStringLiteral(", ")), provenanceMarkers(*e));
            break;
        }
        case EntryKind::Retract:
            for (const ExistingSentence &s : e->replaces)
                message += QStringLiteral("- %1 — line %2\n").arg(oneLine(s.text.simplified())).arg(s.line);
            break;
        }
    }
    message += QStringLiteral("\nFanva-Session: %1\n").arg(sessionForTrailer(sessionPath, gitWorkTreeOf(proposal.targetPath())));
    return message;
}

GitOutcome gitCommitFile(const QString &file, bool tracked, const QString &message, const GitControl &control)
{
    GitOutcome outcome;
    const QString name = nameOf(file);
    if (!tracked) {
        const GitRun add = git(file, { QStringLiteral("add"), QStringLiteral("--"), name }, control, GitAccess::Writes);
        if (!add.ok()) {
            outcome.note = QStringLiteral("git did not add %1: %2").arg(name, gitReason(add));
            return outcome;
        }
    }
    const GitRun commit = git(file,
        { QStringLiteral("commit"), QStringLiteral("--only"), QStringLiteral("-q"), QStringLiteral("-m"), message, QStringLiteral("--"),
            name },
        control, GitAccess::Writes);
    if (!commit.ok()) {
        outcome.note = QStringLiteral("git did not commit %1: %2").arg(name, gitReason(commit));
        if (!tracked) {
            // What Fanva staged goes again, or the user's next commit would carry it.
            const GitRun unstage
                = git(file, { QStringLiteral("rm"), QStringLiteral("--cached"), QStringLiteral("-q"), QStringLiteral("--"), name },
                    GitControl { {}, {}, control.timeoutMs }, GitAccess::Writes);
            if (!unstage.ok())
                outcome.note += QStringLiteral("; %1 stays staged (git rm --cached: %2)").arg(name, gitReason(unstage));
        }
        return outcome;
    }
    outcome.commit = head(file, control);
    outcome.note = detachedNote(file, outcome.commit, control);
    return outcome;
}

GitOutcome gitRevertIfHead(const QString &file, const QString &commit, const GitControl &control)
{
    GitOutcome outcome;
    if (commit.isEmpty() || head(file, control) != commit) {
        outcome.note = QStringLiteral("the Apply's commit is no longer HEAD");
        return outcome;
    }
    const bool indexClean = git(file, { QStringLiteral("diff"), QStringLiteral("--cached"), QStringLiteral("--quiet") }, control).ok();
    const GitRun status
        = git(file, { QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--"), nameOf(file) }, control);
    if (!indexClean || !status.ok() || !status.out.trimmed().isEmpty()) {
        outcome.note = QStringLiteral("the index or the file has uncommitted changes");
        return outcome;
    }
    const GitRun revert = git(file, { QStringLiteral("revert"), QStringLiteral("--no-edit"), commit }, control, GitAccess::Writes);
    if (!revert.ok()) {
        (void)git(
            file, { QStringLiteral("revert"), QStringLiteral("--abort") }, GitControl { {}, {}, control.timeoutMs }, GitAccess::Writes);
        outcome.note = QStringLiteral("git did not revert: %1").arg(gitReason(revert));
        return outcome;
    }
    outcome.commit = head(file, control);
    outcome.note = detachedNote(file, outcome.commit, control);
    return outcome;
}

GitOutcome gitUnstageNew(const QString &file, const GitControl &control)
{
    GitOutcome outcome;
    const QString name = nameOf(file);
    if (!git(file, { QStringLiteral("ls-files"), QStringLiteral("--error-unmatch"), QStringLiteral("--"), name }, control).ok())
        return outcome;
    const GitRun inHead = git(file, { QStringLiteral("ls-tree"), QStringLiteral("HEAD"), QStringLiteral("--"), name }, control);
    if (inHead.ok() && !inHead.out.trimmed().isEmpty())
        return outcome;
    const GitRun unstage = git(file,
        { QStringLiteral("rm"), QStringLiteral("--cached"), QStringLiteral("-q"), QStringLiteral("--ignore-unmatch"), QStringLiteral("--"),
            name },
        control, GitAccess::Writes);
    if (!unstage.ok())
        outcome.note = QStringLiteral("%1 stays staged (git rm --cached: %2)").arg(name, gitReason(unstage));
    return outcome;
}

QString gitSubject(const QString &file, const QString &commit, const GitControl &control)
{
    const GitRun run = git(file, { QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%s"), commit }, control);
    return run.ok() ? run.out.trimmed() : QString();
}

} // namespace fanva::proposal

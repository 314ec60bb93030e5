// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/gitcommit.h"

#include "proposal/edits.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace fanva::proposal {

namespace {

constexpr int s_gitTimeoutMs = 60000;

struct GitRun {
    bool started = false;
    int exitCode = -1;
    QString out;
    QString err;
    [[nodiscard]] bool ok() const { return started && exitCode == 0; }
};

/// Runs git in the file's folder (as Kate does, through QProcess). Nothing reads a terminal.
GitRun git(const QString &file, const QStringList &args)
{
    GitRun run;
    const QString program = QStandardPaths::findExecutable(QStringLiteral("git"));
    if (program.isEmpty())
        return run;
    QProcess process;
    process.setWorkingDirectory(QFileInfo(file).absolutePath());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIT_TERMINAL_PROMPT"), QStringLiteral("0"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    process.setProcessEnvironment(env);
    process.start(program, args);
    process.closeWriteChannel();
    if (!process.waitForStarted() || !process.waitForFinished(s_gitTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("git did not finish");
        return run;
    }
    run.started = true;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError()).trimmed();
    return run;
}

QString nameOf(const QString &file)
{
    return QFileInfo(file).fileName();
}

QString lastLine(const QString &text)
{
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return lines.isEmpty() ? QStringLiteral("no reason given") : lines.last().trimmed();
}

QString head(const QString &file)
{
    const GitRun run = git(file, { QStringLiteral("rev-parse"), QStringLiteral("--verify"), QStringLiteral("-q"), QStringLiteral("HEAD") });
    return run.ok() ? run.out.trimmed() : QString();
}

} // namespace

GitState gitStateOf(const QString &file)
{
    GitState state;
    const GitRun inside = git(file, { QStringLiteral("rev-parse"), QStringLiteral("--is-inside-work-tree") });
    if (!inside.ok() || inside.out.trimmed() != QLatin1StringView("true"))
        return state;
    state.available = true;
    const QString name = nameOf(file);
    state.tracked = git(file, { QStringLiteral("ls-files"), QStringLiteral("--error-unmatch"), QStringLiteral("--"), name }).ok();
    const GitRun status = git(file,
        { QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--untracked-files=all"), QStringLiteral("--"), name });
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
    message += QStringLiteral("\nFanva-Session: %1\n").arg(sessionPath.isEmpty() ? QStringLiteral("unsaved") : oneLine(sessionPath));
    return message;
}

GitOutcome gitCommitFile(const QString &file, bool tracked, const QString &message)
{
    GitOutcome outcome;
    const QString name = nameOf(file);
    if (!tracked) {
        const GitRun add = git(file, { QStringLiteral("add"), QStringLiteral("--"), name });
        if (!add.ok()) {
            outcome.note = QStringLiteral("git did not add %1: %2").arg(name, lastLine(add.err));
            return outcome;
        }
    }
    const GitRun commit = git(file,
        { QStringLiteral("commit"), QStringLiteral("--only"), QStringLiteral("-q"), QStringLiteral("-m"), message, QStringLiteral("--"),
            name });
    if (!commit.ok()) {
        outcome.note = QStringLiteral("git did not commit %1: %2").arg(name, lastLine(commit.err.isEmpty() ? commit.out : commit.err));
        return outcome;
    }
    outcome.commit = head(file);
    return outcome;
}

GitOutcome gitRevertIfHead(const QString &file, const QString &commit)
{
    GitOutcome outcome;
    if (commit.isEmpty() || head(file) != commit) {
        outcome.note = QStringLiteral("the Apply's commit is no longer HEAD");
        return outcome;
    }
    const bool indexClean = git(file, { QStringLiteral("diff"), QStringLiteral("--cached"), QStringLiteral("--quiet") }).ok();
    const GitRun status = git(file, { QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--"), nameOf(file) });
    if (!indexClean || !status.ok() || !status.out.trimmed().isEmpty()) {
        outcome.note = QStringLiteral("the index or the file has uncommitted changes");
        return outcome;
    }
    const GitRun revert = git(file, { QStringLiteral("revert"), QStringLiteral("--no-edit"), commit });
    if (!revert.ok()) {
        (void)git(file, { QStringLiteral("revert"), QStringLiteral("--abort") });
        outcome.note = QStringLiteral("git did not revert: %1").arg(lastLine(revert.err));
        return outcome;
    }
    outcome.commit = head(file);
    return outcome;
}

QString gitSubject(const QString &file, const QString &commit)
{
    const GitRun run = git(file, { QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%s"), commit });
    return run.ok() ? run.out.trimmed() : QString();
}

} // namespace fanva::proposal

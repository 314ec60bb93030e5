// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli apply: write the accepted entries of a saved session into its KB file, through the
// same engine path as the GUI's Apply (formalize.md §11), or undo the last Apply.
#include "clicommand.h"
#include "commands.h"

#include "lang/registry.h"
#include "proposal/apply.h"
#include "proposal/gate.h"
#include "proposal/gitconsent.h"
#include "proposal/journal.h"
#include "proposal/sessionfile.h"
#include "proposal/target.h"
#include "status.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFileInfo>
#include <QUuid>

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

using namespace fanva;

namespace {

/// Start-up recovery (the engine's, as the window runs it): a dangling pending Apply is
/// settled by its file's hash, under the file's lock.
void reportRecovery(const QString &journalPath)
{
    for (const QString &message : proposal::recoverJournal(journalPath))
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(message));
}

int runDismiss(const QString &journalPath, const QString &id)
{
    proposal::Journal journal(journalPath);
    if (const fanva::Status dismissed = journal.dismiss(id); !dismissed) {
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(dismissed.message()));
        return cli::ExitProblems;
    }
    cli::out(QStringLiteral("Dismissed the interrupted Apply %1.\n").arg(id));
    return cli::ExitOk;
}

/// A wait for another Apply's lock or for git's hooks is said on stderr, not kept silent.
proposal::ApplyControl progressOnStderr()
{
    proposal::ApplyControl control;
    control.progress = [](const QString &message) { cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(message)); };
    return control;
}

/// `--git`: the user allows git (and its hooks) in the work tree holding `file`, remembered
/// (docs/spec/rewrite.md §5). False with a message when the answer cannot be stored.
bool allowGitFor(const QString &file)
{
    const QString workTree = proposal::gitWorkTreeOf(file);
    if (workTree.isEmpty())
        return true;
    if (proposal::gitConsent(workTree) != proposal::GitConsent::Allowed) {
        if (const fanva::Status stored = proposal::setGitConsent(workTree, proposal::GitConsent::Allowed); !stored) {
            cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(stored.message()));
            return false;
        }
        cli::err(
            QStringLiteral("fanva-cli apply: git: Applies and Undos in %1 are committed from now on (its hooks run).\n").arg(workTree));
    }
    return true;
}

/// The Apply `--undo` undoes: the one named by `--id`, else the last one to `--file` (a path, or
/// a file name the journal knows), else the last one of all; an error when a file name is ambiguous.
fanva::Result<std::optional<proposal::Transaction>> undoTarget(const QString &journalPath, const QString &id, const QString &file)
{
    const proposal::Journal journal(journalPath);
    if (!id.isEmpty())
        return journal.transaction(id);
    if (file.isEmpty())
        return journal.lastCommitted();
    const QString path = QFileInfo(file).absoluteFilePath();
    if (const std::optional<proposal::Transaction> t = journal.lastCommitted(path))
        return t;
    QStringList matches;
    std::optional<proposal::Transaction> found;
    for (const proposal::Transaction &t : journal.transactions()) {
        if (t.state == proposal::Transaction::State::Committed && QFileInfo(t.file).fileName() == file) {
            if (!matches.contains(t.file))
                matches.append(t.file);
            found = t;
        }
    }
    if (matches.size() > 1)
        return fanva::Error {
            QStringLiteral("%1 names Applies to several files (%2); give the path.").arg(file, matches.join(QStringLiteral(", ")))
        };
    return found;
}

int runUndo(const QString &journalPath, bool git, bool allowGit, const QString &id, const QString &file)
{
    const fanva::Result<std::optional<proposal::Transaction>> found = undoTarget(journalPath, id, file);
    if (!found) {
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(found.message()));
        return cli::ExitProblems;
    }
    const std::optional<proposal::Transaction> &target = *found;
    if (target && allowGit && !allowGitFor(target->file))
        return cli::ExitError;
    proposal::UndoResult result;
    if (!target) {
        result.status = proposal::UndoResult::Status::NothingToUndo;
        result.message
            = id.isEmpty() ? QStringLiteral("Nothing to undo") : QStringLiteral("The journal holds no committed Apply %1.").arg(id);
    } else if (!id.isEmpty()) {
        result = proposal::undoTransaction(journalPath, id, git, progressOnStderr());
    } else {
        result = proposal::undoLast(journalPath, target->file, git, progressOnStderr());
    }
    if (result.status != proposal::UndoResult::Status::Undone) {
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(result.message));
        // Which Apply it tried, so that one stuck Apply is not taken for all of them.
        if (!result.transaction.id.isEmpty())
            cli::err(QStringLiteral("fanva-cli apply: the Apply tried is %1 to %2 (undo another with --id ID or --file FILE)\n")
                         .arg(result.transaction.id, result.transaction.file));
        return result.status == proposal::UndoResult::Status::IoError ? cli::ExitError : cli::ExitProblems;
    }
    cli::out(result.message + QLatin1Char('\n'));
    if (!result.gitCommit.isEmpty())
        cli::out(QStringLiteral("git: %1\n").arg(result.gitCommit));
    if (!result.gitNote.isEmpty())
        cli::err(QStringLiteral("fanva-cli apply: git: %1\n").arg(result.gitNote));
    // The session the Apply came from gets its entries back as accepted.
    const QString sessionPath = result.transaction.session;
    if (!sessionPath.isEmpty() && QFileInfo::exists(sessionPath)) {
        proposal::SessionLoad loaded = proposal::loadSessionFile(sessionPath);
        if (loaded.session) {
            proposal::markUndone(loaded.session->proposal, result.transaction);
            loaded.session->modified = QDateTime::currentDateTimeUtc();
            if (const fanva::Status saved = loaded.session->save(sessionPath); !saved)
                cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(saved.message()));
        } else {
            cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(loaded.error));
        }
    }
    return cli::ExitOk;
}

/// --kb DIR, when given, must be the session's KB folder (canonical paths): nullopt, or the exit code.
std::optional<int> checkKbOption(const QCommandLineParser &parser, const proposal::Proposal &p)
{
    if (!parser.isSet(QStringLiteral("kb")))
        return std::nullopt;
    const QString given = QFileInfo(parser.value(QStringLiteral("kb"))).canonicalFilePath();
    const QString session = QFileInfo(p.kbDir).canonicalFilePath();
    if (!given.isEmpty() && given == session)
        return std::nullopt;
    cli::err(QStringLiteral("fanva-cli apply: the session writes to the knowledge base %1, not to %2 (--kb). Nothing was written.\n")
                 .arg(p.kbDir, parser.value(QStringLiteral("kb"))));
    return cli::ExitError;
}

/// Says which forced decisions the file held without this user's seal (they load undecided).
void reportUnsealed(const QStringList &ids)
{
    for (const QString &id : ids)
        cli::err(QStringLiteral("fanva-cli apply: %1 was forced in a session file this user's Fanva did not write (no valid seal); it is "
                                "refused and undecided again: force it yourself with --force %1\n")
                     .arg(id));
}

/// Applies --force, --accept and --reject; nullopt, or the exit code after saying why not.
std::optional<int> decide(proposal::Proposal &p, const QStringList &forced, const QStringList &accepted, const QStringList &rejected)
{
    for (const QString &id : forced) {
        if (!p.force(id)) {
            const formalize::Entry *e = p.entry(id);
            const auto unforceable = std::find_if(e->problems.begin(), e->problems.end(),
                [&](const lang::Problem &problem) { return proposal::isUnforceable(problem.type, p.kbLanguage()); });
            if (e->rank() == formalize::Rank::Refused && unforceable != e->problems.end())
                cli::err(QStringLiteral("fanva-cli apply: %1 cannot be forced: %2: %3 (the knowledge base would no longer load; edit it in "
                                        "the window)\n")
                             .arg(id, unforceable->type, unforceable->message));
            else
                cli::err(QStringLiteral("fanva-cli apply: %1 is not refused; accept it with --accept\n").arg(id));
            return cli::ExitProblems;
        }
    }
    for (const QString &id : accepted) {
        if (forced.contains(id) || rejected.contains(id))
            continue;
        const formalize::Entry *e = p.entry(id);
        if (e->decision == formalize::Decision::Applied)
            continue;
        if (!p.accept(id)) {
            const QString why = e->rank() == formalize::Rank::Known ? QStringLiteral("is already stored")
                                                                    : QStringLiteral("is refused; force it with --force %1").arg(id);
            cli::err(QStringLiteral("fanva-cli apply: %1 %2\n").arg(id, why));
            return cli::ExitProblems;
        }
    }
    for (const QString &id : rejected)
        (void)p.reject(id);
    return std::nullopt;
}

/// A decision the file holds that this run does not apply (docs/spec/rewrite.md §8, apply --accept).
struct Held {
    QString id;
    formalize::Decision decision;
    QStringList forced;
};

/// True for an entry a merge marked withdrawn (its sentence left the document, or the run did
/// not propose it again).
bool isWithdrawn(const formalize::Entry &e)
{
    return std::any_of(e.notes.begin(), e.notes.end(), [](const lang::Problem &n) { return n.type == lang::problem::withdrawn; });
}

/// The entries the file already accepts, edits or forces are held back unless `keepDecisions`
/// (a withdrawn one even then, with a note): only what this run names is written. They get
/// their decisions back afterwards.
std::vector<Held> holdBack(proposal::Proposal &p, const QStringList &named, bool keepDecisions)
{
    std::vector<Held> held;
    for (formalize::Entry &e : p.entries) {
        const bool decided = e.decision == formalize::Decision::Accepted || e.decision == formalize::Decision::Edited
            || e.decision == formalize::Decision::Forced;
        if (!decided || named.contains(e.id))
            continue;
        if (keepDecisions && !isWithdrawn(e))
            continue;
        if (keepDecisions)
            cli::err(QStringLiteral("fanva-cli apply: %1 is not written: it is withdrawn (see its note); name it in --accept to write it\n")
                         .arg(e.id));
        held.push_back({ e.id, e.decision, e.forced });
        e.decision = formalize::Decision::Undecided;
    }
    return held;
}

void restoreHeld(proposal::Proposal &p, const std::vector<Held> &held)
{
    for (const Held &h : held) {
        formalize::Entry *e = p.entry(h.id);
        if (e && e->decision == formalize::Decision::Undecided) {
            e->decision = h.decision;
            e->forced = h.forced;
        }
    }
}

/// Prints the file Apply writes and every sentence it adds and removes, before it writes.
void printPlan(const proposal::Proposal &p, const QString &target)
{
    cli::out(QStringLiteral("Target: %1\n").arg(target));
    const QString name = QFileInfo(target).fileName();
    for (const formalize::Entry *e : p.toWrite()) {
        for (const formalize::ExistingSentence &old : e->replaces)
            cli::out(QStringLiteral("  - %1 %2:%3 %4\n").arg(e->id, name).arg(old.line).arg(proposal::oneLine(old.text.simplified())));
        if (e->kind != formalize::EntryKind::Retract)
            cli::out(QStringLiteral("  + %1 %2\n").arg(e->id, proposal::oneLine(e->sentence().simplified())));
    }
}

/// Every line an edit Apply took out of the file, comments included (docs/spec/rewrite.md §4).
void printRemovedLines(const proposal::ApplyResult &result)
{
    if (result.removedLines.empty())
        return;
    const QString name = QFileInfo(result.file).fileName();
    cli::out(QStringLiteral("Removed from %1:\n").arg(name));
    for (const proposal::RemovedLine &removed : result.removedLines)
        cli::out(QStringLiteral("  %1:%2: %3\n").arg(name).arg(removed.line).arg(removed.text));
}

void addApplyOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        { QStringLiteral("accept"), QStringLiteral("Entries to accept: all (every entry not refused or known) or c1,c3."),
            QStringLiteral("IDS") },
        { QStringLiteral("reject"), QStringLiteral("Entries to reject."), QStringLiteral("IDS") },
        { QStringLiteral("force"), QStringLiteral("Refused entries to accept past their problems."), QStringLiteral("IDS") },
        { QStringLiteral("keep-decisions"),
            QStringLiteral(
                "Also apply what the session file already accepts (without it, only --accept and --force entries are written).") },
        { QStringLiteral("kb"), QStringLiteral("Refuse unless the session writes to this knowledge base folder."), QStringLiteral("DIR") },
        { QStringLiteral("undo"), QStringLiteral("Undo the last Apply instead.") },
        { QStringLiteral("dismiss"),
            QStringLiteral("Forget an interrupted Apply that recovery reports as neither old nor new (after checking the file by hand)."),
            QStringLiteral("ID") },
        { QStringLiteral("journal"), QStringLiteral("The journal (default: the application's data folder)."), QStringLiteral("FILE") },
        { QStringLiteral("no-git"), QStringLiteral("Do not commit the Apply (or its Undo) to git, though the file lies in a work tree.") },
        { QStringLiteral("git"),
            QStringLiteral("Allow git in the file's work tree from now on (remembered): Applies and Undos there are committed, and "
                           "its hooks run. Without it, git runs only where it was allowed before.") },
        { QStringLiteral("id"), QStringLiteral("With --undo: the Apply to undo (its journal id)."), QStringLiteral("ID") },
        { QStringLiteral("file"), QStringLiteral("With --undo: undo the last Apply to this file (a path or a file name)."),
            QStringLiteral("FILE") },
    });
    parser.addPositionalArgument(QStringLiteral("SESSION"), QStringLiteral("The .fanva session file."));
}

/// The entries --force, --accept and --reject name, resolved against the session.
struct Decisions {
    QStringList forced;
    QStringList accepted;
    QStringList rejected;
};

/// The decisions the options ask for; an error when an id does not resolve.
fanva::Result<Decisions> decisionsOf(const QCommandLineParser &parser, const proposal::Proposal &p)
{
    Decisions out;
    for (const auto &[option, ids] : { std::pair { QStringLiteral("force"), &out.forced },
             std::pair { QStringLiteral("accept"), &out.accepted }, std::pair { QStringLiteral("reject"), &out.rejected } }) {
        if (!parser.isSet(option))
            continue;
        fanva::Result<QStringList> resolved = p.resolveIds(parser.value(option));
        if (!resolved)
            return resolved.error();
        *ids = std::move(resolved).value();
    }
    return out;
}

/// The session to apply, checked against --kb and the chosen language; nullopt with the exit
/// code in `exit` after saying why not.
std::optional<proposal::SessionLoad> sessionToApply(cli::CommandLine &commandLine, const QString &sessionPath, int &exit)
{
    proposal::SessionLoad loaded = proposal::loadSessionFile(sessionPath);
    exit = cli::ExitError;
    if (!loaded.session) {
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(loaded.error));
        return std::nullopt;
    }
    const proposal::Proposal &p = loaded.session->proposal;
    reportUnsealed(loaded.unsealed);
    if (const std::optional<int> refused = checkKbOption(commandLine.parser(), p)) {
        exit = *refused;
        return std::nullopt;
    }
    // A session reopens only under its own language (nibli-kr.md §1.2): its KB folder's.
    if (const std::optional<int> refused = commandLine.chooseLanguage({}, p.kbDir)) {
        exit = *refused;
        return std::nullopt;
    }
    if (const std::optional<QString> mismatch = lang::sessionLanguageMismatch(p.language, commandLine.language().id())) {
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(*mismatch));
        return std::nullopt;
    }
    return loaded;
}

/// Prints an Apply's outcome; the exit code when it wrote nothing the session should record.
std::optional<int> reportApply(const proposal::ApplyResult &result)
{
    if (!result.gitCommit.isEmpty())
        cli::err(QStringLiteral("fanva-cli apply: committed %1\n").arg(result.gitCommit));
    if (!result.gitNote.isEmpty())
        cli::err(QStringLiteral("fanva-cli apply: git: %1\n").arg(result.gitNote));
    switch (result.status) {
    case proposal::ApplyStatus::Applied:
        cli::out(QStringLiteral("%1\n%2").arg(result.message, QString::fromUtf8(result.block)));
        printRemovedLines(result);
        return std::nullopt;
    case proposal::ApplyStatus::VerifyFailed:
        cli::out(QString::fromUtf8(result.block));
        printRemovedLines(result);
        cli::err(QStringLiteral("fanva-cli apply: %1 Run fanva-cli apply --undo to restore it.\n").arg(result.message));
        return std::nullopt;
    case proposal::ApplyStatus::Blocked:
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(result.message));
        for (const proposal::BlockedEntry &b : result.blocked) {
            for (const lang::Problem &problem : b.problems)
                cli::err(QStringLiteral("  %1: %2: %3\n").arg(b.id, problem.type, problem.message));
        }
        return cli::ExitProblems;
    case proposal::ApplyStatus::Conflict:
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(result.message));
        return cli::ExitProblems;
    case proposal::ApplyStatus::IoError:
        cli::err(QStringLiteral("fanva-cli apply: %1\n").arg(result.message));
        return cli::ExitError;
    }
    return cli::ExitError;
}

/// The session records what was applied, so undo and a reopened review agree with the file.
void saveApplied(proposal::SessionFile &session, const QString &sessionPath)
{
    const proposal::KbFingerprint fingerprint = proposal::kbFingerprint(session.proposal.kbDir, session.proposal.language);
    session.kbSha256 = fingerprint.sha256;
    session.kbFiles = fingerprint.files;
    session.modified = QDateTime::currentDateTimeUtc();
    if (const fanva::Status saved = session.save(sessionPath); !saved) {
        // The KB file is written and the journal knows it: only the session lags behind.
        cli::err(QStringLiteral("fanva-cli apply: warning: the KB file was written, but the session could not be saved: %1\n")
                     .arg(saved.message()));
    }
}

/// apply SESSION: the decisions made, the held entries kept back, the Apply run and reported.
int applySession(cli::CommandLine &commandLine, const QString &journalPath)
{
    const QCommandLineParser &parser = commandLine.parser();
    const QString sessionPath = QFileInfo(parser.positionalArguments().constFirst()).absoluteFilePath();
    int exit = cli::ExitError;
    std::optional<proposal::SessionLoad> loaded = sessionToApply(commandLine, sessionPath, exit);
    if (!loaded)
        return exit;
    proposal::SessionFile &session = *loaded->session;
    proposal::Proposal &p = session.proposal;
    const fanva::Result<Decisions> decisions = decisionsOf(parser, p);
    if (!decisions)
        return commandLine.usageError(decisions.message());
    if (const std::optional<int> refused = decide(p, decisions->forced, decisions->accepted, decisions->rejected))
        return *refused;
    const std::vector<Held> held = holdBack(p, decisions->accepted + decisions->forced, parser.isSet(QStringLiteral("keep-decisions")));
    const proposal::ResolvedTarget target = proposal::resolveTarget(p);
    if (!target.ok()) {
        cli::err(QStringLiteral("fanva-cli apply: %1 Nothing was written.\n").arg(target.error));
        return cli::ExitError;
    }
    printPlan(p, target.path);

    proposal::ApplyOptions options;
    options.gate = proposal::criticGate();
    options.journalPath = journalPath;
    options.now = [] { return QDateTime::currentDateTimeUtc(); };
    options.newId = [] { return QUuid::createUuid().toString(QUuid::WithoutBraces); };
    options.sessionPath = sessionPath;
    options.git = !parser.isSet(QStringLiteral("no-git"));
    options.control = progressOnStderr();
    if (parser.isSet(QStringLiteral("git")) && !allowGitFor(p.targetPath()))
        return cli::ExitError;
    const proposal::ApplyResult result = proposal::apply(p, options);
    restoreHeld(p, held);
    if (const std::optional<int> failed = reportApply(result))
        return *failed;
    saveApplied(session, sessionPath);
    return result.status == proposal::ApplyStatus::Applied ? cli::ExitOk : cli::ExitProblems;
}

} // namespace

int runApply(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("apply"),
        QStringLiteral("Apply the accepted entries of a session to its KB file, or undo the last Apply.\n"
                       "Every run first settles Applies a crash interrupted (by the file's hash).\n"
                       "Exit 0 applied, 1 blocked/conflict/verify-failed, 2 I/O error."));
    QCommandLineParser &parser = commandLine.parser();
    addApplyOptions(parser);
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    const QString journalPath
        = parser.isSet(QStringLiteral("journal")) ? parser.value(QStringLiteral("journal")) : proposal::Journal::defaultPath();
    reportRecovery(journalPath);
    if (parser.isSet(QStringLiteral("dismiss"))) {
        if (!parser.positionalArguments().isEmpty() || parser.isSet(QStringLiteral("undo")))
            return commandLine.usageError(QStringLiteral("--dismiss takes no SESSION and no --undo"));
        return runDismiss(journalPath, parser.value(QStringLiteral("dismiss")));
    }
    const bool allowGit = parser.isSet(QStringLiteral("git"));
    if (allowGit && parser.isSet(QStringLiteral("no-git")))
        return commandLine.usageError(QStringLiteral("--git and --no-git exclude each other"));
    if ((parser.isSet(QStringLiteral("id")) || parser.isSet(QStringLiteral("file"))) && !parser.isSet(QStringLiteral("undo")))
        return commandLine.usageError(QStringLiteral("--id and --file go with --undo"));
    if (parser.isSet(QStringLiteral("undo"))) {
        if (!parser.positionalArguments().isEmpty())
            return commandLine.usageError(QStringLiteral("--undo takes no SESSION"));
        if (parser.isSet(QStringLiteral("id")) && parser.isSet(QStringLiteral("file")))
            return commandLine.usageError(QStringLiteral("--id and --file exclude each other"));
        return runUndo(journalPath, !parser.isSet(QStringLiteral("no-git")), allowGit, parser.value(QStringLiteral("id")),
            parser.value(QStringLiteral("file")));
    }
    if (parser.positionalArguments().size() != 1)
        return commandLine.usageError(QStringLiteral("expected one SESSION file"));
    if (!parser.isSet(QStringLiteral("accept")) && !parser.isSet(QStringLiteral("force"))
        && !parser.isSet(QStringLiteral("keep-decisions")))
        return commandLine.usageError(QStringLiteral("say what to apply with --accept all|IDS, --force IDS or --keep-decisions"));
    return applySession(commandLine, journalPath);
}

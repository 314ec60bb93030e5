// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/apply.h"

#include "lang/sentenceedits.h"
#include "proposal/atomicwrite_p.h"
#include "proposal/edits.h"
#include "proposal/filelock_p.h"
#include "proposal/gate.h"
#include "proposal/gitcommit.h"
#include "proposal/target.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <map>
#include <optional>

namespace fanva::proposal {

using formalize::EntryState;

using detail::FileState;
using detail::readFile;

namespace {

QString entryCount(std::size_t n)
{
    return n == 1 ? QStringLiteral("1 entry") : QStringLiteral("%1 entries").arg(n);
}

QString shortHash(const QString &hash)
{
    return hash.isEmpty() ? QStringLiteral("absent") : hash.left(8) + QStringLiteral("…");
}

std::vector<lang::Problem> blockingOf(const std::vector<lang::Problem> &problems)
{
    std::vector<lang::Problem> out;
    std::copy_if(
        problems.begin(), problems.end(), std::back_inserter(out), [](const lang::Problem &p) { return lang::isBlocking(p.type); });
    return out;
}

/// True if every blocking problem is one the reviewer forced past. A problem of the reader
/// (the text is not one sentence) cannot be forced: the KB would no longer load.
bool forcedPast(const Entry &entry, const std::vector<lang::Problem> &blocking, const lang::Language &language)
{
    if (entry.decision != Decision::Forced)
        return false;
    return std::all_of(blocking.begin(), blocking.end(),
        [&](const lang::Problem &p) { return !isUnforceable(p.type, language) && entry.forced.contains(p.type); });
}

} // namespace

QString applyStatusName(ApplyStatus status)
{
    switch (status) {
    case ApplyStatus::Applied:
        return QStringLiteral("applied");
    case ApplyStatus::Blocked:
        return QStringLiteral("blocked");
    case ApplyStatus::Conflict:
        return QStringLiteral("conflict");
    case ApplyStatus::IoError:
        return QStringLiteral("io-error");
    case ApplyStatus::VerifyFailed:
        return QStringLiteral("verify-failed");
    }
    return {};
}

namespace {

/// One Apply in progress: what its phases read and fill in.
struct ApplyRun {
    Proposal &proposal;
    const ApplyOptions &options;
    ApplyResult &result;
    QString path; ///< absolute path of the target file
    QString name; ///< the target as the proposal names it
    std::vector<const Entry *> accepted;
    FileState current; ///< the target's bytes as the conflict check read them
    Transaction transaction;
    QString journalPath;
    QByteArray newBytes;
    bool edits = false; ///< an entry replaces or retracts (rewrite.md §4)
    Splice splice;
};

/// 0. Target (target.cpp): sets run.path; false (IoError, nothing written) when Apply may not write there.
bool checkTarget(ApplyRun &run)
{
    const ResolvedTarget target = proposal::resolveTarget(run.proposal);
    if (!target.ok()) {
        run.result.status = ApplyStatus::IoError;
        run.result.message = QStringLiteral("%1 Nothing was written.").arg(target.error);
        return false;
    }
    run.path = target.path;
    run.result.file = run.path;
    return true;
}

/// 1. Re-gate: reloads the KB from disk and gates the accepted entries as one batch.
/// False (result Blocked or IoError, nothing written) when the KB does not load or refuses one.
bool blockedUnlessEmpty(ApplyRun &run);

/// 0b. No text that does not read as one sentence of the KB's language is written, forced or
/// not (the file would no longer load): such an entry is Blocked with the reader's problem.
bool readsAsSentences(ApplyRun &run)
{
    const lang::Language &language = run.proposal.kbLanguage();
    for (const Entry *e : run.accepted) {
        if (e->kind == formalize::EntryKind::Retract)
            continue;
        const lang::Candidate read = language.readCandidate(e->sentence());
        if (!read.statement) {
            run.result.blocked.push_back({ e->id,
                { read.problem.value_or(lang::Problem { QString(lang::problem::unreadable),
                    QStringLiteral("the text does not read as one %1 sentence").arg(language.id()), std::nullopt }) } });
        }
    }
    return blockedUnlessEmpty(run);
}

/// The KB Apply gates against, loaded from disk: a new context's file as Apply will create it,
/// its header first (formalize.md §11.3). Null (IoError set) when it does not load.
std::shared_ptr<const lang::Kb> loadForGate(ApplyRun &run)
{
    const lang::Language &language = run.proposal.kbLanguage();
    const QByteArray header = run.proposal.newFileHeader();
    const lang::SentenceEdits *edits = language.edits();
    lang::LoadResult loaded
        = header.isEmpty() || !edits ? language.load(run.proposal.kbDir) : edits->loadWith(run.proposal.kbDir, run.path, header);
    if (loaded.ok())
        return std::move(loaded.kb);
    run.result.status = ApplyStatus::IoError;
    const QString first = loaded.diagnostics.empty() ? QString() : loaded.diagnostics.front().toString();
    run.result.message = QStringLiteral("The knowledge base in %1 does not load: %2. Nothing was written.").arg(run.proposal.kbDir, first);
    return nullptr;
}

/// The KB a replacement is gated against: `kb` without the sentences this Apply removes
/// (rewrite.md §1), or `kb` itself when nothing is removed or the reduced KB does not load.
std::shared_ptr<const lang::Kb> withoutRemoved(const ApplyRun &run, std::shared_ptr<const lang::Kb> kb)
{
    const lang::Language &language = run.proposal.kbLanguage();
    const lang::SentenceEdits *edits = language.edits();
    if (!run.edits || !edits)
        return kb;
    const FileState file = readFile(run.path);
    if (const auto without = withoutStatements(language, file.bytes, removedSentences(run.accepted))) {
        lang::LoadResult reduced = edits->loadWith(run.proposal.kbDir, run.path, *without);
        if (reduced.ok())
            return std::move(reduced.kb);
    }
    return kb;
}

/// The gate's problems of `sentences` as one batch, in any language: through the caller's
/// BatchGate (tests inject one), else through the seam.
std::vector<std::vector<lang::Problem>> gateBatch(const ApplyRun &run, const lang::Kb &kb, const QStringList &sentences)
{
    if (sentences.isEmpty())
        return {};
    if (run.options.gate)
        return run.options.gate(kb, run.proposal.context, sentences);
    return gateThroughLanguage(kb, run.proposal.context, sentences);
}

/// 1. Re-gate: reloads the KB from disk and gates the accepted entries as one batch (a
/// replacement against the KB without what it removes; a retraction not at all). False
/// (result Blocked or IoError, nothing written) when the KB does not load or refuses one.
bool regate(ApplyRun &run)
{
    std::shared_ptr<const lang::Kb> kb = loadForGate(run);
    if (!kb)
        return false;
    const std::shared_ptr<const lang::Kb> gateKb = withoutRemoved(run, std::move(kb));
    if (run.edits && !run.proposal.kbLanguage().edits()) {
        run.result.status = ApplyStatus::IoError;
        run.result.message
            = QStringLiteral("Replacing or retracting sentences is not available for a %1 knowledge base. Nothing was written.")
                  .arg(run.proposal.kbLanguage().id());
        return false;
    }
    QStringList sentences;
    std::vector<const Entry *> gated;
    for (const Entry *e : run.accepted) {
        if (e->kind == formalize::EntryKind::Retract)
            continue;
        sentences.append(e->sentence());
        gated.push_back(e);
    }
    const std::vector<std::vector<lang::Problem>> problems = gateBatch(run, *gateKb, sentences);
    for (std::size_t i = 0; i < gated.size(); ++i) {
        const std::vector<lang::Problem> blocking = i < problems.size() ? blockingOf(problems[i]) : std::vector<lang::Problem>();
        if (!blocking.empty() && !forcedPast(*gated[i], blocking, run.proposal.kbLanguage()))
            run.result.blocked.push_back({ gated[i]->id, blocking });
    }
    return blockedUnlessEmpty(run);
}

/// True when no entry was blocked; else sets Blocked and its message.
bool blockedUnlessEmpty(ApplyRun &run)
{
    ApplyResult &result = run.result;
    if (result.blocked.empty())
        return true;
    result.status = ApplyStatus::Blocked;
    QStringList ids;
    for (const BlockedEntry &b : result.blocked)
        ids.append(b.id);
    result.message = QStringLiteral("The knowledge base refuses %1. Nothing was written.").arg(ids.join(QStringLiteral(", ")));
    return false;
}

/// 2. Conflict: reads the target into run.current; its hash must be the proposal's base.
/// False (result Conflict or IoError, nothing written) when the file changed or cannot be read.
bool checkConflict(ApplyRun &run)
{
    ApplyResult &result = run.result;
    run.current = readFile(run.path);
    if (run.current.exists && !run.current.readable) {
        result.status = ApplyStatus::IoError;
        result.message = QStringLiteral("Cannot read %1. Nothing was written.").arg(run.path);
        return false;
    }
    const QString found = run.current.exists ? sha256Hex(run.current.bytes) : QString();
    const QString expected = run.proposal.absent ? QString() : run.proposal.baseSha256;
    if (found == expected)
        return true;
    result.status = ApplyStatus::Conflict;
    result.expectedSha256 = expected.isEmpty() ? QStringLiteral("absent") : expected;
    result.foundSha256 = found.isEmpty() ? QStringLiteral("absent") : found;
    result.message = QStringLiteral("%1 changed on disk since this proposal was made (expected %2, found %3). Nothing was written. "
                                    "Re-diff to review the entries against the new file.")
                         .arg(run.name, shortHash(expected), shortHash(found));
    return false;
}

/// 3a. The new bytes: the edit entries spliced into the file, else the block appended; an edit
/// Apply's base is stored beside the journal first. False (Conflict or IoError, nothing written) otherwise.
bool prepareBytes(ApplyRun &run, const QDateTime &now, Journal &journal)
{
    ApplyResult &result = run.result;
    if (!run.edits) {
        result.block = run.proposal.renderBlock(run.accepted, now);
        // A new context's file starts with its header; Undo removes the whole file (base absent).
        run.newBytes = Proposal::appendBlock(run.current.exists ? run.current.bytes : run.proposal.newFileHeader(), result.block);
        return true;
    }
    run.splice = spliceEntries(run.proposal, run.current.bytes, run.accepted, now);
    if (!run.splice.ok()) {
        result.status = ApplyStatus::Conflict;
        result.message = QStringLiteral("%1 Nothing was written. Re-diff to review the entries against the file.").arg(run.splice.error);
        return false;
    }
    result.block = run.splice.block;
    result.removedLines = run.splice.removedLines;
    run.newBytes = run.splice.bytes;
    // Undo needs the old bytes: durable beside the journal before the pending line names them.
    if (const Status stored = journal.storeBase(run.current.bytes); !stored) {
        result.status = ApplyStatus::IoError;
        result.message = QStringLiteral("%1 Nothing was written.").arg(stored.message());
        return false;
    }
    return true;
}

/// 3b. The transaction the pending line records, and the ids Apply writes.
void fillTransaction(ApplyRun &run)
{
    Transaction &t = run.transaction;
    t.id = run.options.newId ? run.options.newId() : QString();
    t.file = run.path;
    t.baseSha256 = run.current.exists ? sha256Hex(run.current.bytes) : QString();
    t.newSha256 = sha256Hex(run.newBytes);
    t.offset = run.edits ? 0 : run.current.bytes.size();
    t.edit = run.edits;
    t.session = run.options.sessionPath;
    for (const Entry *e : run.accepted) {
        t.entries.push_back({ e->id, e->segment, renderSentence(e->sentence(), run.proposal.kbLanguage()),
            e->kind == formalize::EntryKind::Add ? QString() : formalize::entryKindName(e->kind) });
        run.result.written.append(e->id);
    }
    run.result.journalId = t.id;
}

/// 4b. After the rename: the entries written are applied and the proposal's base moves on.
void markApplied(ApplyRun &run)
{
    const Transaction &t = run.transaction;
    Proposal &proposal = run.proposal;
    for (Entry &e : proposal.entries) {
        if (run.result.written.contains(e.id)) {
            e.decision = Decision::Applied;
            e.applied = t.id;
        }
    }
    proposal.baseSha256 = t.newSha256;
    proposal.absent = false;
    proposal.applies.push_back({ t.id, transactionStateName(Transaction::State::Committed) });
}

/// 3–4. Journaled write: pending line, atomic replace (bytes checked again just before the rename),
/// committed line; entries become applied. False, file untouched, on IoError or Conflict.
bool journaledWrite(ApplyRun &run)
{
    ApplyResult &result = run.result;
    const ApplyOptions &options = run.options;
    Journal journal(run.journalPath);
    if (!prepareBytes(run, options.now ? options.now() : QDateTime::currentDateTimeUtc(), journal))
        return false;
    fillTransaction(run);
    const Transaction &t = run.transaction;
    bool changed = false;
    const Status written = detail::writeAtomically(run.path, run.newBytes, [&] {
        if (Status pending = journal.appendPending(t); !pending)
            return pending;
        if (options.probe)
            options.probe(ApplyStage::TempWritten);
        // Under the lock, just before the rename: an edit made meanwhile is not overwritten.
        const FileState again = readFile(run.path);
        if (again.exists != run.current.exists || again.bytes != run.current.bytes) {
            changed = true;
            return Status::failure(QStringLiteral("%1 changed on disk while Apply ran.").arg(run.name));
        }
        return Status();
    });
    if (!written) {
        result.status = changed ? ApplyStatus::Conflict : ApplyStatus::IoError;
        if (changed) {
            const FileState found = readFile(run.path);
            result.expectedSha256 = t.baseSha256.isEmpty() ? QStringLiteral("absent") : t.baseSha256;
            result.foundSha256 = found.exists ? sha256Hex(found.bytes) : QStringLiteral("absent");
        }
        result.message = QStringLiteral("%1 Nothing was written.").arg(written.message());
        if (journal.transaction(t.id))
            (void)journal.appendState(t.id, Transaction::State::Aborted);
        return false;
    }
    if (options.probe)
        options.probe(ApplyStage::Renamed);
    if (const Status committed = journal.appendState(t.id, Transaction::State::Committed); !committed) {
        // The file is written; start-up recovery settles the pending line by its hash.
        result.message = committed.message();
    }
    if (run.edits)
        (void)journal.pruneBases();
    markApplied(run);
    return true;
}

/// How many statements with `key` the target holds in the reloaded `kb`: through the
/// language's SentenceEdits role, else those of the target file.
int storedCount(const ApplyRun &run, const lang::Kb &kb, const std::string &key)
{
    const lang::Language &language = kb.language();
    if (const lang::SentenceEdits *edits = language.edits())
        return edits->storedCount(kb, key, run.proposal.context, run.path);
    const lang::ReadResult file = language.read(readFile(run.path).bytes, run.path);
    return int(std::count_if(
        file.statements.begin(), file.statements.end(), [&](const lang::Statement &s) { return language.key(&kb, s) == key; }));
}

/// The identity key of `text` read as one statement of `kb`'s language (nullopt: it does not read).
std::optional<std::string> keyOf(const lang::Kb &kb, const QString &text)
{
    const lang::Candidate read = kb.language().readCandidate(text);
    if (!read.statement)
        return std::nullopt;
    return kb.language().key(&kb, *read.statement);
}

/// The ids of the written adds and replacements whose statement the target does not hold after the reload.
QStringList missingAfterReload(const ApplyRun &run, const lang::Kb &kb)
{
    QStringList missing;
    for (const Entry *e : run.accepted) {
        if (e->kind == formalize::EntryKind::Retract)
            continue;
        const std::optional<std::string> key = keyOf(kb, e->sentence());
        if (!key || storedCount(run, kb, *key) == 0)
            missing.append(e->id);
    }
    return missing;
}

/// The ids of replace and retract entries one of whose old statements the target still holds
/// more often than the new file's expected statements hold its key.
QStringList stillStored(const ApplyRun &run, const lang::Kb &kb)
{
    std::map<std::string, int> expected;
    for (const QString &sentence : run.splice.sentences) {
        if (const std::optional<std::string> key = keyOf(kb, sentence))
            ++expected[*key];
    }
    QStringList out;
    for (const Entry *e : run.accepted) {
        for (const formalize::ExistingSentence &old : e->replaces) {
            const std::optional<std::string> key = keyOf(kb, old.text);
            if (key && storedCount(run, kb, *key) > expected[*key] && !out.contains(e->id))
                out.append(e->id);
        }
    }
    return out;
}

/// True if the file is its old bytes plus the block, and the block reads as exactly the
/// reviewed entries' sentences (a name or quote cannot smuggle in a sentence of its own).
bool holdsOnlyTheReviewedBlock(const ApplyRun &run)
{
    if (readFile(run.path).bytes != run.newBytes)
        return false;
    const lang::Language &language = run.proposal.kbLanguage();
    if (run.edits) {
        const lang::ReadResult file = language.read(run.newBytes, run.path);
        if (file.hasErrors() || file.statements.size() != std::size_t(run.splice.sentences.size()))
            return false;
        for (std::size_t i = 0; i < file.statements.size(); ++i) {
            if (language.render(file.statements[i]) != run.splice.sentences.at(qsizetype(i)))
                return false;
        }
        return true;
    }
    const lang::ReadResult block = language.read(run.result.block);
    if (block.hasErrors() || block.statements.size() != run.accepted.size())
        return false;
    for (std::size_t i = 0; i < run.accepted.size(); ++i) {
        if (language.render(block.statements[i]) != renderSentence(run.accepted[i]->sentence(), language))
            return false;
    }
    return true;
}

/// 5. Verify: reloads the KB; it must load and store every written entry in the context.
/// Sets the final status: Applied, or VerifyFailed with the missing ids (Undo restores).
void verify(ApplyRun &run)
{
    ApplyResult &result = run.result;
    const lang::LoadResult reloaded = run.proposal.kbLanguage().load(run.proposal.kbDir);
    if (!reloaded.ok()) {
        result.status = ApplyStatus::VerifyFailed;
        result.missing = result.written;
        result.message = QStringLiteral("%1 was written but the knowledge base no longer loads; Undo restores it.").arg(run.name);
        return;
    }
    if (!holdsOnlyTheReviewedBlock(run)) {
        result.status = ApplyStatus::VerifyFailed;
        result.missing = result.written;
        result.message
            = QStringLiteral("%1 was written but holds more than its old text and the reviewed entries; Undo restores it.").arg(run.name);
        return;
    }
    result.missing = missingAfterReload(run, *reloaded.kb);
    if (run.edits && result.missing.isEmpty()) {
        const QStringList kept = stillStored(run, *reloaded.kb);
        if (!kept.isEmpty()) {
            result.status = ApplyStatus::VerifyFailed;
            result.missing = kept;
            result.message = QStringLiteral("%1 was written but what %2 removed is still stored in %3; Undo restores the file.")
                                 .arg(run.name, kept.join(QStringLiteral(", ")), run.proposal.context);
            return;
        }
    }
    if (!result.missing.isEmpty()) {
        result.status = ApplyStatus::VerifyFailed;
        result.message = QStringLiteral("%1 was written but %2 are not stored in %3 after the reload; Undo restores the file.")
                             .arg(run.name, result.missing.join(QStringLiteral(", ")), run.proposal.context);
        return;
    }
    result.status = ApplyStatus::Applied;
    result.message = run.edits ? QStringLiteral("%1 in %2.").arg(changeSummary(run.accepted), run.name)
                               : QStringLiteral("Wrote %1 to %2.").arg(entryCount(run.accepted.size()), run.name);
}

/// 6. Git (rewrite.md §5): commits the file alone, unless it had uncommitted changes before.
void commitToGit(ApplyRun &run, const GitState &before, const GitControl &control)
{
    ApplyResult &result = run.result;
    const QString name = QFileInfo(run.path).fileName();
    if (before.dirty) {
        result.gitNote = QStringLiteral("%1 had uncommitted changes: written, not committed.").arg(name);
        return;
    }
    const GitOutcome outcome
        = gitCommitFile(run.path, before.tracked, gitCommitMessage(run.proposal, run.accepted, name, run.options.sessionPath), control);
    result.gitNote = outcome.note; // why there is no commit, or that HEAD is detached
    if (!outcome.committed())
        return;
    result.gitCommit = outcome.commit;
    run.transaction.gitCommit = outcome.commit;
    if (const Status recorded = Journal(run.journalPath).appendState(run.transaction.id, Transaction::State::Committed, outcome.commit);
        !recorded)
        result.gitNote = recorded.message();
}

} // namespace

ApplyResult apply(Proposal &proposal, const ApplyOptions &options)
{
    ApplyResult result;
    ApplyRun run { proposal, options, result, QFileInfo(proposal.targetPath()).absoluteFilePath(), proposal.targetFile, proposal.toWrite(),
        {}, {}, options.journalPath.isEmpty() ? Journal::defaultPath() : options.journalPath, {}, false, {} };
    result.file = run.path;
    if (run.accepted.empty()) {
        result.status = ApplyStatus::Blocked;
        result.message = QStringLiteral("No entry is accepted. Nothing was written.");
        return result;
    }
    run.edits = hasEdits(run.accepted);
    if (!checkTarget(run) || !readsAsSentences(run))
        return result;
    // One writer per KB file: another Apply, an Undo, recovery or fmt waits here (or is cancelled).
    const ApplyControl &control = options.control;
    const detail::FileLock lock(detail::kbFileLockPath(run.journalPath, run.path),
        detail::kbLockWait(run.path, control.progress, control.cancelled, control.lockTimeoutMs));
    if (!lock.isLocked()) {
        result.status = ApplyStatus::IoError;
        result.message = QStringLiteral("%1 Nothing was written.").arg(lock.error());
        return result;
    }
    if (!regate(run) || !checkConflict(run))
        return result;
    const GitControl gitControl { control.progress, control.cancelled, control.gitTimeoutMs };
    const GitState git = options.git ? gitStateOf(run.path, gitControl) : GitState {};
    if (control.cancelled && control.cancelled()) {
        result.status = ApplyStatus::IoError;
        result.message = QStringLiteral("Cancelled. Nothing was written.");
        return result;
    }
    if (!journaledWrite(run))
        return result;
    verify(run);
    // Past the rename a cancel stops only git: the journal already says committed.
    if (result.status == ApplyStatus::Applied && git.available)
        commitToGit(run, git, gitControl);
    else if (result.status == ApplyStatus::Applied)
        result.gitNote = git.note;
    return result;
}

Status rewriteKbFile(const QString &path, const QByteArray &expected, const QByteArray &bytes, const QString &journalPath)
{
    const QString journal = journalPath.isEmpty() ? Journal::defaultPath() : journalPath;
    const detail::FileLock lock(detail::kbFileLockPath(journal, QFileInfo(path).absoluteFilePath()), detail::kbLockWait(path));
    if (!lock.isLocked())
        return Status::failure(lock.error());
    if (QString unsafe = detail::unsafeTarget(path); !unsafe.isEmpty())
        return Status::failure(std::move(unsafe));
    return detail::writeAtomically(path, bytes, [&] {
        const FileState now = readFile(path);
        if (now.exists && now.bytes == expected)
            return Status();
        return Status::failure(QStringLiteral("%1 changed on disk meanwhile; it was left as it is.").arg(path));
    });
}

} // namespace fanva::proposal

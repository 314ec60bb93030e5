// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "status.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>
#include <vector>

namespace fanva::proposal {

/// One entry an Apply wrote, as the journal records it.
struct JournalEntry {
    QString id;
    int segment = 0;
    QString text;
    QString kind; ///< add (empty), replace or retract (rewrite.md §4)
    friend bool operator==(const JournalEntry &, const JournalEntry &) = default;
};

/// One Apply as the journal knows it: its pending line, settled by the latest later line
/// with the same id (committed, aborted or undone).
struct Transaction {
    enum class State { Pending, Committed, Aborted, Undone };
    QString id;
    State state = State::Pending;
    QString file; ///< absolute path of the KB file
    QString baseSha256; ///< empty when the file was absent
    QString newSha256;
    qint64 offset = 0; ///< the old size: the new file's first `offset` bytes are the old file
    std::vector<JournalEntry> entries;
    QString session; ///< the session file the Apply came from, if saved
    /// The Apply changed existing sentences: Undo writes back the base bytes stored by hash
    /// beside the journal (Journal::storedBase), not the first `offset` bytes.
    bool edit = false;
    QString gitCommit; ///< the commit the Apply made, if any (rewrite.md §5)
    friend bool operator==(const Transaction &, const Transaction &) = default;
};

[[nodiscard]] QString transactionStateName(Transaction::State state);

/// What start-up recovery did with a dangling pending Apply.
struct Recovery {
    QString id;
    QString file;
    /// Committed or Aborted when settled; Pending when the file matches neither hash
    /// (reported, left alone).
    Transaction::State settledAs = Transaction::State::Pending;
    QString foundSha256;
    friend bool operator==(const Recovery &, const Recovery &) = default;
};

/// What start-up recovery did: each dangling pending Apply it settled or left, and why it could
/// not do all it tried (a lock not taken, a line not written), if so.
struct RecoveryReport {
    std::vector<Recovery> recoveries;
    Status status;
};

/// The Apply journal (formalize.md §11): a JSON-lines file, each line fsync'ed as it is
/// appended. The default lives at AppDataLocation/journal.jsonl, shared by the GUI and
/// the CLI (both are named "fanva").
class Journal final
{
public:
    explicit Journal(QString path);

    [[nodiscard]] static QString defaultPath();
    [[nodiscard]] QString path() const { return m_path; }

    /// Appends one line and fsyncs it, holding the journal's lock. A torn last line (a crash
    /// or a full disk mid-append) is ended first, so it cannot swallow this record.
    [[nodiscard]] Status append(const nlohmann::json &line);
    [[nodiscard]] Status appendPending(const Transaction &transaction);
    [[nodiscard]] Status appendState(const QString &id, Transaction::State state, const QString &gitCommit = {});

    /// The base files an edit Apply's Undo restores, stored by SHA-256 in a folder of this journal's
    /// own, `<journal>.bases/` (rewrite.md §4). storeBase() writes durably, privately (0600), under
    /// the journal's lock, before the pending line names it; storing a base again makes it young
    /// again. storedBase() also reads the `bases/` folder beside the journal that Fanva used before.
    [[nodiscard]] QString basePath(const QString &sha256) const;
    [[nodiscard]] Status storeBase(const QByteArray &bytes) const;
    [[nodiscard]] std::optional<QByteArray> storedBase(const QString &sha256) const;
    /// Removes, under the journal's lock, the stored bases that no pending or committed edit
    /// Apply names and that are older than `minAge` (an Apply between storeBase() and its pending
    /// line): only 64-hex names in this journal's own folder. Returns how many went.
    int pruneBases(std::chrono::seconds minAge = std::chrono::minutes(5)) const;

    /// Every transaction in the order its pending line was written. Lines that do not read
    /// (a torn last line after a crash) are skipped.
    [[nodiscard]] std::vector<Transaction> transactions() const;
    [[nodiscard]] std::optional<Transaction> transaction(const QString &id) const;
    /// The most recent committed Apply, optionally limited to one file.
    [[nodiscard]] std::optional<Transaction> lastCommitted(const QString &file = {}) const;

    /// Start-up recovery: settles every dangling pending Apply by its file's hash (new →
    /// committed, base → aborted, else reported and left pending), each under its file's
    /// lock so that a live Apply in another process finishes first; removes the temporary
    /// files a crash left beside the file; then compacts the journal. The report's status names
    /// the last thing it could not do; the recoveries are there either way.
    [[nodiscard]] RecoveryReport recover();

    /// Forgets a pending Apply the user has settled by hand (recovery reports it no more):
    /// records it aborted and dismissed. False when `id` is not a pending Apply.
    [[nodiscard]] Status dismiss(const QString &id);

    /// Rewrites the journal keeping what recovery and Undo need: every Apply of a file that still
    /// has a pending one, else each file's newest `keepPerFile` committed Applies, whatever the file
    /// holds now (a hand edit that is reverted makes Undo possible again). Aborted, undone and
    /// dismissed Applies go. Returns how many were dropped.
    [[nodiscard]] Result<int> compact(int keepPerFile = 50);

private:
    [[nodiscard]] Status appendLocked(const QByteArray &bytes);
    QString m_path;
};

/// Start-up recovery as the CLI and the window run it: Journal::recover(), then one
/// sentence per thing the user should know (an Apply settled, one left for them to check).
[[nodiscard]] QStringList recoverJournal(const QString &journalPath);

} // namespace fanva::proposal

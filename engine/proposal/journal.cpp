// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/journal.h"

#include "jsonutil.h"
#include "proposal/atomicwrite_p.h"
#include "proposal/durableappend.h"
#include "proposal/filelock_p.h"
#include "proposal/proposal.h"
#include "status.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <map>

namespace fanva::proposal {

namespace {

std::string u8(const QString &s)
{
    return s.toStdString();
}

nlohmann::json pendingLine(const Transaction &t)
{
    nlohmann::json entries = nlohmann::json::array();
    for (const JournalEntry &e : t.entries) {
        nlohmann::json entry = { { "id", u8(e.id) }, { "segment", e.segment }, { "text", u8(e.text) } };
        if (!e.kind.isEmpty())
            entry["kind"] = u8(e.kind);
        entries.push_back(entry);
    }
    nlohmann::json line = {
        { "id", u8(t.id) },
        { "state", "pending" },
        { "file", u8(t.file) },
        { "baseSha256", t.baseSha256.isEmpty() ? nlohmann::json("absent") : nlohmann::json(u8(t.baseSha256)) },
        { "newSha256", u8(t.newSha256) },
        { "offset", t.offset },
        { "entries", entries },
        { "session", u8(t.session) },
    };
    if (t.edit)
        line["edit"] = true;
    return line;
}

nlohmann::json stateLine(const QString &id, Transaction::State state, const QString &gitCommit)
{
    nlohmann::json line = { { "id", u8(id) }, { "state", u8(transactionStateName(state)) } };
    if (!gitCommit.isEmpty())
        line["gitCommit"] = u8(gitCommit);
    return line;
}

QByteArray lineBytes(const nlohmann::json &line)
{
    return QByteArray::fromStdString(line.dump()) + '\n';
}

std::optional<Transaction::State> stateFromName(const QString &name)
{
    for (auto s : { Transaction::State::Pending, Transaction::State::Committed, Transaction::State::Aborted, Transaction::State::Undone }) {
        if (transactionStateName(s) == name)
            return s;
    }
    return std::nullopt;
}

/// The bytes stored at `path` if they hash to `sha256` (a regular file only).
std::optional<QByteArray> readBase(const QString &path, const QString &sha256)
{
    QFile file(path);
    if (!detail::isRegularFile(path) || !file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QByteArray bytes = file.readAll();
    if (sha256Hex(bytes) != sha256)
        return std::nullopt;
    return bytes;
}

} // namespace

QString transactionStateName(Transaction::State state)
{
    switch (state) {
    case Transaction::State::Pending:
        return QStringLiteral("pending");
    case Transaction::State::Committed:
        return QStringLiteral("committed");
    case Transaction::State::Aborted:
        return QStringLiteral("aborted");
    case Transaction::State::Undone:
        return QStringLiteral("undone");
    }
    return {};
}

Journal::Journal(QString path)
    : m_path(std::move(path))
{ }

QString Journal::defaultPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("journal.jsonl"));
}

Status Journal::append(const nlohmann::json &line)
{
    const detail::FileLock lock(detail::journalLockPath(m_path));
    if (!lock.isLocked())
        return Status::failure(lock.error());
    return appendLocked(lineBytes(line));
}

Status Journal::appendLocked(const QByteArray &line)
{
    return appendDurably(m_path, line, QStringLiteral("the journal %1").arg(m_path));
}

Status Journal::appendPending(const Transaction &t)
{
    return append(pendingLine(t));
}

Status Journal::appendState(const QString &id, Transaction::State state, const QString &gitCommit)
{
    return append(stateLine(id, state, gitCommit));
}

QString Journal::basePath(const QString &sha256) const
{
    return QFileInfo(m_path).absoluteFilePath() + QStringLiteral(".bases/") + sha256;
}

Status Journal::storeBase(const QByteArray &bytes) const
{
    const QString sha256 = sha256Hex(bytes);
    const QString path = basePath(sha256);
    const QString dir = QFileInfo(path).absolutePath();
    // Under the journal's lock, so that a prune in another process sees it young or named.
    const detail::FileLock lock(detail::journalLockPath(m_path));
    if (!lock.isLocked())
        return Status::failure(lock.error());
    if (!detail::makePrivateFolder(dir))
        return Status::failure(QStringLiteral("Cannot create %1.").arg(dir));
    if (readBase(path, sha256)) {
        QFile file(path);
        if (file.open(QIODevice::ReadWrite) && file.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime))
            return {};
    }
    return detail::writeAtomically(path, bytes, {}, 0600);
}

std::optional<QByteArray> Journal::storedBase(const QString &sha256) const
{
    if (sha256.isEmpty())
        return std::nullopt;
    if (std::optional<QByteArray> bytes = readBase(basePath(sha256), sha256))
        return bytes;
    // Where Fanva kept them before they got a folder per journal: still read, never pruned.
    return readBase(QFileInfo(m_path).absoluteDir().filePath(QStringLiteral("bases/") + sha256), sha256);
}

int Journal::pruneBases(std::chrono::seconds minAge) const
{
    const detail::FileLock lock(detail::journalLockPath(m_path));
    if (!lock.isLocked())
        return 0;
    QSet<QString> named;
    for (const Transaction &t : transactions()) {
        if (t.edit && (t.state == Transaction::State::Pending || t.state == Transaction::State::Committed))
            named.insert(t.baseSha256);
    }
    static const QRegularExpression s_hashName(QStringLiteral("^[0-9a-f]{64}$"));
    const QDateTime youngest = QDateTime::currentDateTimeUtc().addSecs(-qint64(minAge.count()));
    const QDir dir(QFileInfo(basePath(QStringLiteral("x"))).absolutePath());
    int removed = 0;
    for (const QFileInfo &info : dir.entryInfoList(QDir::Files | QDir::Hidden)) {
        const QString name = info.fileName();
        if (!s_hashName.match(name).hasMatch() || named.contains(name) || info.lastModified() > youngest)
            continue;
        if (QFile::remove(info.absoluteFilePath()))
            ++removed;
    }
    return removed;
}

std::vector<Transaction> Journal::transactions() const
{
    std::vector<Transaction> out;
    QFile file(m_path);
    if (!detail::isRegularFile(m_path) || !file.open(QIODevice::ReadOnly))
        return out; // never read a device or a FIFO: it may not end
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const Result<nlohmann::json> parsed = jsonutil::parse(line);
        if (!parsed || !parsed->is_object())
            continue;
        const nlohmann::json &j = *parsed;
        const QString id = jsonutil::string(j, "id");
        const auto state = stateFromName(jsonutil::string(j, "state"));
        if (id.isEmpty() || !state)
            continue;
        if (*state == Transaction::State::Pending) {
            Transaction t;
            t.id = id;
            t.file = jsonutil::string(j, "file");
            t.baseSha256 = jsonutil::string(j, "baseSha256");
            if (t.baseSha256 == QLatin1StringView("absent"))
                t.baseSha256.clear();
            t.newSha256 = jsonutil::string(j, "newSha256");
            t.offset = jsonutil::integer(j, "offset");
            if (const nlohmann::json *entries = jsonutil::array(j, "entries")) {
                for (const auto &e : *entries) {
                    if (e.is_object())
                        t.entries.push_back({ jsonutil::string(e, "id"), int(jsonutil::integer(e, "segment")), jsonutil::string(e, "text"),
                            jsonutil::string(e, "kind") });
                }
            }
            t.session = jsonutil::string(j, "session");
            t.edit = jsonutil::boolean(j, "edit");
            out.push_back(std::move(t));
            continue;
        }
        for (auto it = out.rbegin(); it != out.rend(); ++it) {
            if (it->id == id) {
                it->state = *state;
                if (const QString commit = jsonutil::string(j, "gitCommit"); !commit.isEmpty())
                    it->gitCommit = commit;
                break;
            }
        }
    }
    return out;
}

std::optional<Transaction> Journal::transaction(const QString &id) const
{
    for (Transaction &t : transactions()) {
        if (t.id == id)
            return std::move(t);
    }
    return std::nullopt;
}

std::optional<Transaction> Journal::lastCommitted(const QString &file) const
{
    const std::vector<Transaction> all = transactions();
    for (auto it = all.rbegin(); it != all.rend(); ++it) {
        if (it->state == Transaction::State::Committed && (file.isEmpty() || QFileInfo(it->file) == QFileInfo(file)))
            return *it;
    }
    return std::nullopt;
}

RecoveryReport Journal::recover()
{
    RecoveryReport out;
    const std::vector<Transaction> all = transactions();
    QSet<QString> files;
    for (const Transaction &t : all) {
        if (t.file.isEmpty() || files.contains(t.file))
            continue;
        files.insert(t.file);
        // Under the file's lock a live Apply has finished: its own committed line settles it. A
        // file with nothing pending is not waited for: its lock's holder cleans up after itself.
        const bool pending = std::any_of(all.begin(), all.end(),
            [&](const Transaction &other) { return other.file == t.file && other.state == Transaction::State::Pending; });
        detail::LockWait wait = detail::kbLockWait(t.file);
        if (!pending)
            wait.timeoutMs = 0;
        const detail::FileLock lock(detail::kbFileLockPath(m_path, t.file), wait);
        if (!lock.isLocked()) {
            if (pending)
                out.status = Status::failure(lock.error());
            continue;
        }
        (void)detail::removeLeftoverTemporaries(t.file);
        for (const Transaction &now : transactions()) {
            if (now.file != t.file || now.state != Transaction::State::Pending)
                continue;
            Recovery r { now.id, now.file, Transaction::State::Pending, {} };
            const std::optional<QString> found = fileSha256(now.file);
            r.foundSha256 = found.value_or(QString());
            if (found && *found == now.newSha256)
                r.settledAs = Transaction::State::Committed;
            else if ((found && !now.baseSha256.isEmpty() && *found == now.baseSha256) || (!found && now.baseSha256.isEmpty()))
                r.settledAs = Transaction::State::Aborted;
            if (r.settledAs != Transaction::State::Pending) {
                if (Status appended = appendState(now.id, r.settledAs); !appended) {
                    out.status = std::move(appended);
                    r.settledAs = Transaction::State::Pending;
                }
            }
            out.recoveries.push_back(r);
        }
    }
    if (const Result<int> compacted = compact(); !compacted && out.status)
        out.status = compacted.status();
    return out;
}

Status Journal::dismiss(const QString &id)
{
    const std::optional<Transaction> t = transaction(id);
    if (!t || t->state != Transaction::State::Pending)
        return Status::failure(QStringLiteral("No interrupted Apply %1 is waiting in the journal.").arg(id));
    return append({ { "id", u8(id) }, { "state", u8(transactionStateName(Transaction::State::Aborted)) }, { "dismissed", true } });
}

Result<int> Journal::compact(int keepPerFile)
{
    const detail::FileLock lock(detail::journalLockPath(m_path));
    if (!lock.isLocked())
        return Error { lock.error() };
    const std::vector<Transaction> all = transactions();
    std::map<QString, std::vector<const Transaction *>> byFile;
    for (const Transaction &t : all)
        byFile[t.file].push_back(&t);
    QSet<QString> keep;
    for (const auto &[file, list] : byFile) {
        const bool pending
            = std::any_of(list.begin(), list.end(), [](const Transaction *t) { return t->state == Transaction::State::Pending; });
        // Never by what the file holds now: a hand edit may be reverted, and Undo says why it waits.
        int committed = 0;
        for (auto it = list.rbegin(); it != list.rend(); ++it) {
            const Transaction *t = *it;
            if (pending || (t->state == Transaction::State::Committed && committed++ < keepPerFile))
                keep.insert(t->id);
        }
    }
    const int dropped = int(all.size()) - int(keep.size());
    if (dropped <= 0)
        return 0;
    QByteArray bytes;
    for (const Transaction &t : all) {
        if (!keep.contains(t.id))
            continue;
        bytes += lineBytes(pendingLine(t));
        if (t.state != Transaction::State::Pending)
            bytes += lineBytes(stateLine(t.id, t.state, t.gitCommit));
    }
    if (const Status written = detail::writeAtomically(m_path, bytes, {}); !written)
        return written.error();
    return dropped;
}

QStringList recoverJournal(const QString &journalPath)
{
    QStringList messages;
    Journal journal(journalPath.isEmpty() ? Journal::defaultPath() : journalPath);
    if (!QFileInfo::exists(journal.path()))
        return messages;
    const RecoveryReport report = journal.recover();
    for (const Recovery &r : report.recoveries) {
        if (r.settledAs == Transaction::State::Pending)
            messages.append(QStringLiteral("An interrupted Apply to %1 left the file in neither its old nor its new state; check it by "
                                           "hand, then forget the record with: fanva-cli apply --dismiss %2")
                                .arg(r.file, r.id));
        else
            messages.append(QStringLiteral("An interrupted Apply to %1 was %2.").arg(r.file, transactionStateName(r.settledAs)));
    }
    if (!report.status)
        messages.append(report.status.message());
    return messages;
}

} // namespace fanva::proposal

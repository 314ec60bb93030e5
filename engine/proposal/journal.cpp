// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/journal.h"

#include "proposal/atomicwrite_p.h"
#include "proposal/proposal.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace fanva::proposal {

namespace {

std::string u8(const QString &s)
{
    return s.toStdString();
}

QString str(const nlohmann::json &j, const char *key)
{
    return j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>()) : QString();
}

std::optional<Transaction::State> stateFromName(const QString &name)
{
    for (auto s : { Transaction::State::Pending, Transaction::State::Committed, Transaction::State::Aborted, Transaction::State::Undone }) {
        if (transactionStateName(s) == name)
            return s;
    }
    return std::nullopt;
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

bool Journal::append(const nlohmann::json &line, QString *error)
{
    const QFileInfo info(m_path);
    if (!QDir().mkpath(info.absolutePath())) {
        *error = QStringLiteral("cannot create %1").arg(info.absolutePath());
        return false;
    }
    const bool created = !info.exists();
    QFile file(m_path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        *error = QStringLiteral("cannot open the journal %1: %2").arg(m_path, file.errorString());
        return false;
    }
    const QByteArray bytes = QByteArray::fromStdString(line.dump()) + '\n';
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        *error = QStringLiteral("cannot write the journal %1: %2").arg(m_path, file.errorString());
        return false;
    }
#ifdef Q_OS_UNIX
    if (::fsync(file.handle()) != 0) {
        *error = QStringLiteral("cannot flush the journal %1 to disk").arg(m_path);
        return false;
    }
#endif
    if (created)
        (void)detail::syncDirectory(info.absolutePath());
    return true;
}

bool Journal::appendPending(const Transaction &t, QString *error)
{
    nlohmann::json entries = nlohmann::json::array();
    for (const JournalEntry &e : t.entries)
        entries.push_back({ { "id", u8(e.id) }, { "segment", e.segment }, { "text", u8(e.text) } });
    const nlohmann::json line = {
        { "id", u8(t.id) },
        { "state", "pending" },
        { "file", u8(t.file) },
        { "baseSha256", t.baseSha256.isEmpty() ? nlohmann::json("absent") : nlohmann::json(u8(t.baseSha256)) },
        { "newSha256", u8(t.newSha256) },
        { "offset", t.offset },
        { "entries", entries },
        { "session", u8(t.session) },
    };
    return append(line, error);
}

bool Journal::appendState(const QString &id, Transaction::State state, QString *error)
{
    return append({ { "id", u8(id) }, { "state", u8(transactionStateName(state)) } }, error);
}

std::vector<Transaction> Journal::transactions() const
{
    std::vector<Transaction> out;
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const nlohmann::json j = nlohmann::json::parse(line.constData(), line.constData() + line.size(), nullptr, false);
        if (j.is_discarded() || !j.is_object())
            continue;
        const QString id = str(j, "id");
        const auto state = stateFromName(str(j, "state"));
        if (id.isEmpty() || !state)
            continue;
        if (*state == Transaction::State::Pending) {
            Transaction t;
            t.id = id;
            t.file = str(j, "file");
            t.baseSha256 = str(j, "baseSha256");
            if (t.baseSha256 == QLatin1StringView("absent"))
                t.baseSha256.clear();
            t.newSha256 = str(j, "newSha256");
            t.offset = j.contains("offset") && j["offset"].is_number_integer() ? j["offset"].get<qint64>() : 0;
            if (j.contains("entries") && j["entries"].is_array()) {
                for (const auto &e : j["entries"]) {
                    if (e.is_object())
                        t.entries.push_back({ str(e, "id"),
                            e.contains("segment") && e["segment"].is_number_integer() ? e["segment"].get<int>() : 0, str(e, "text") });
                }
            }
            t.session = str(j, "session");
            out.push_back(std::move(t));
            continue;
        }
        for (auto it = out.rbegin(); it != out.rend(); ++it) {
            if (it->id == id) {
                it->state = *state;
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

std::vector<Recovery> Journal::recover(QString *error)
{
    std::vector<Recovery> out;
    for (const Transaction &t : transactions()) {
        if (t.state != Transaction::State::Pending)
            continue;
        Recovery r { t.id, t.file, Transaction::State::Pending, {} };
        const std::optional<QString> found = fileSha256(t.file);
        r.foundSha256 = found.value_or(QString());
        if (found && *found == t.newSha256)
            r.settledAs = Transaction::State::Committed;
        else if ((found && !t.baseSha256.isEmpty() && *found == t.baseSha256) || (!found && t.baseSha256.isEmpty()))
            r.settledAs = Transaction::State::Aborted;
        if (r.settledAs != Transaction::State::Pending) {
            QString appendError;
            if (!appendState(t.id, r.settledAs, &appendError)) {
                if (error)
                    *error = appendError;
                r.settledAs = Transaction::State::Pending;
            }
        }
        out.push_back(r);
    }
    return out;
}

} // namespace fanva::proposal

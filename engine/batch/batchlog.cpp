// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "batch/batchlog.h"

#include "jsonutil.h"
#include "proposal/durableappend.h"

#include <QFile>

#include <utility>

namespace fanva::batch {

BatchLog::BatchLog(QString path)
    : m_path(std::move(path))
{ }

Status BatchLog::read()
{
    m_finished.clear();
    m_unreadable = 0;
    QFile file(m_path);
    if (!file.exists())
        return {};
    if (!file.open(QIODevice::ReadOnly))
        return Error { QStringLiteral("Cannot read the batch log %1: %2.").arg(m_path, file.errorString()), m_path };
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const Result<nlohmann::json> event = jsonutil::parse(line);
        if (!event || !event->is_object()) {
            ++m_unreadable;
            continue;
        }
        remember(*event);
    }
    return {};
}

std::optional<QString> BatchLog::finishedSession(const QString &key) const
{
    const nlohmann::json *event = finishedEvent(key);
    if (!event)
        return std::nullopt;
    return jsonutil::string(*event, "session");
}

const nlohmann::json *BatchLog::finishedEvent(const QString &key) const
{
    const auto it = m_finished.find(key);
    return it == m_finished.end() ? nullptr : &it->second;
}

Status BatchLog::append(const nlohmann::json &event)
{
    const QByteArray line = QByteArray::fromStdString(event.dump()) + '\n';
    if (Status written = proposal::appendDurably(m_path, line, QStringLiteral("the batch log %1").arg(m_path)); !written)
        return written;
    remember(event);
    return {};
}

void BatchLog::remember(const nlohmann::json &event)
{
    if (jsonutil::string(event, "type") != QLatin1StringView("document-finished"))
        return;
    const QString key = jsonutil::string(event, "key");
    const QString session = jsonutil::string(event, "session");
    if (!key.isEmpty() && !session.isEmpty())
        m_finished[key] = event;
}

} // namespace fanva::batch

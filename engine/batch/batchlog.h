// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "status.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <map>
#include <optional>

namespace fanva::batch {

/// A batch's append-only event log, `batch.jsonl` in its output folder (docs/spec/batch.md §3):
/// one JSON object per line, flushed to disk line by line. What it remembers across runs is
/// which documents finished, by their key (BatchRun::keyOf), and into which session file; a
/// torn last line (a crash mid-append) is ended before the next line and then skipped as
/// unreadable, like the Apply journal's.
class BatchLog
{
public:
    explicit BatchLog(QString path);

    /// Reads the log if there is one: the finished documents. A missing log is an empty one.
    [[nodiscard]] Status read();
    /// The session file (a name inside the output folder) of the document finished with `key`.
    [[nodiscard]] std::optional<QString> finishedSession(const QString &key) const;
    /// The `document-finished` event of the document finished with `key`; null when none.
    [[nodiscard]] const nlohmann::json *finishedEvent(const QString &key) const;
    /// Lines that did not read as an event (a torn last line).
    [[nodiscard]] int unreadableLines() const { return m_unreadable; }

    /// Appends `event` and flushes it; a `document-finished` event with `key` and `session`
    /// is remembered as finished.
    [[nodiscard]] Status append(const nlohmann::json &event);

    [[nodiscard]] const QString &path() const { return m_path; }

private:
    void remember(const nlohmann::json &event);

    QString m_path;
    std::map<QString, nlohmann::json> m_finished; ///< document-finished events by key
    int m_unreadable = 0;
};

} // namespace fanva::batch

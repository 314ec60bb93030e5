// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"
#include "llm/provider.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace fanva::llm {

/// Replays a `fanva-script/1` file (providers.md §2): each request takes the first
/// unconsumed turn whose `when` keys all hold and streams its thinking and text in chunks,
/// with the turn's stop reason, usage or failure. Every request is kept (received()) and, with
/// a record path, appended to that file as one JSON line.
///
/// The demo provider is the same replay with the demo defaults (reuse, 24-character chunks,
/// 15 ms apart) and its own message when no turn matches.
class ScriptedProvider final : public Provider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScriptedProvider)

public:
    enum class Mode { Scripted, Demo };

    /// Loads the script at `path` (a file or a Qt resource); nullptr with `error` set when it
    /// cannot be read or is not a fanva-script/1 document.
    [[nodiscard]] static std::unique_ptr<ScriptedProvider> fromFile(
        const QString &path, Mode mode, Failure *error, QObject *parent = nullptr);
    /// Parses a script document; nullptr with `error` set when it is not a fanva-script/1 document.
    [[nodiscard]] static std::unique_ptr<ScriptedProvider> fromJson(
        const nlohmann::json &script, Mode mode, Failure *error, QObject *parent = nullptr);

    ~ScriptedProvider() override;

    [[nodiscard]] QString id() const override;
    [[nodiscard]] Call *start(const Request &request) override;

    /// Appends each received request to `path` as a JSON line.
    void setRecordPath(const QString &path) { m_recordPath = path; }
    [[nodiscard]] const std::vector<Request> &received() const { return m_received; }
    /// How many turns were taken at least once.
    [[nodiscard]] int usedTurnCount() const;
    [[nodiscard]] int turnCount() const;

    struct Turn;

private:
    ScriptedProvider(Mode mode, QObject *parent);

    Mode m_mode;
    std::string m_model;
    bool m_reuse = false;
    bool m_repeatLast = false;
    int m_chunkChars = 16;
    int m_delayMs = 0;
    std::vector<std::shared_ptr<Turn>> m_turns;
    std::vector<bool> m_used;
    std::vector<Request> m_received;
    QString m_recordPath;
};

/// A request as fanva-script/1 records it (one JSON line per request).
[[nodiscard]] nlohmann::json requestToJson(const Request &request);

} // namespace fanva::llm

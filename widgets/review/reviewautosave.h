// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/sessionfile.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace fanva::proposal {
class Autosave;
class AutosaveScheduler;
} // namespace fanva::proposal

/// The autosave of one review (formalize.md §13; ReviewController's collaborator): the file in
/// the autosave folder named by the review's id, and when it is written — 2 s after a decision,
/// every 30 s while a run goes, and when it finishes (proposal::AutosaveScheduler). What is
/// written comes from the snapshot function, asked each time: the review as it is now, or
/// nothing when there is nothing unsaved. Without a folder (the default) nothing is written.
class ReviewAutosave final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReviewAutosave)

public:
    /// The session file to autosave now; nullopt: nothing to save (unmodified, or no review).
    using Snapshot = std::function<std::optional<fanva::proposal::SessionFile>()>;

    explicit ReviewAutosave(Snapshot snapshot, QObject *parent = nullptr);
    /// Leaves the autosave file behind (only its lock goes), as a crash would: stop() removes it.
    ~ReviewAutosave() override;

    /// The folder autosaves go to; empty turns autosave off.
    void setDirectory(const QString &directory);
    [[nodiscard]] QString directory() const { return m_directory; }
    /// The decision debounce and the interval while running, in milliseconds.
    void setIntervals(int decisionDebounceMs, int runningIntervalMs);
    /// The autosave file of the review ("" when autosave is off or no review began).
    [[nodiscard]] QString path() const;

    /// Autosaves the review @p id from now on (in the folder, when one is set). Another id's
    /// autosave is removed: a new review replaces the old one.
    void begin(const QString &id);
    /// Goes on autosaving the review @p id to @p path, the autosave a crashed process left
    /// behind, under this process's lock from now on; false when another live process holds it.
    bool resume(const QString &path, const QString &id);
    /// Removes the autosave file (the review was saved by the user); a later change writes it again.
    void discard();
    /// Removes the autosave file and autosaves no more until begin() (a clean close).
    void stop();

    // --- when (proposal::AutosaveScheduler) ---------------------------------------------
    /// A decision changed the review: autosave after the debounce.
    void decisionChanged();
    /// A run started: autosave at the running interval until it finishes.
    void sessionStarted();
    /// The run finished: autosave now.
    void sessionFinished();
    /// Writes the snapshot now (when there is an autosave file and something to save).
    void saveNow();

Q_SIGNALS:
    /// The review was autosaved to @p path.
    void autosaved(const QString &path);

private:
    Snapshot m_snapshot;
    QString m_directory;
    std::unique_ptr<fanva::proposal::Autosave> m_autosave;
    fanva::proposal::AutosaveScheduler *m_scheduler = nullptr;
};

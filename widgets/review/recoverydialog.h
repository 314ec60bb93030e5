// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QDialog>
#include <QList>

#include <functional>

class QTreeWidget;

/// An autosave a crashed Fanva left behind (formalize.md §13), as the recovery offer lists it.
struct RecoverableReview {
    QString path;
    QDateTime saved;
    QString document;
    int entries = 0; ///< reviewable entries
    int decided = 0; ///< of which the reviewer decided
    bool interrupted = false; ///< the formalization was still running
    friend bool operator==(const RecoverableReview &, const RecoverableReview &) = default;
};

/// What the reviewer chose to do with the autosaves.
struct RecoveryChoice {
    enum class Action : quint8 { Recover, Discard, Later };
    Action action = Action::Later;
    QString path; ///< the autosave to recover or discard
    friend bool operator==(const RecoveryChoice &, const RecoveryChoice &) = default;
};

/// Offers the autosaves of reviews that did not close cleanly: when each was saved, its
/// document and its entries; Recover reopens the selected one, Discard deletes it, Later
/// keeps them all for the next start.
class RecoveryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RecoveryDialog)

public:
    /// Decides for a list of recoverable reviews; MainWindow's default shows this dialog.
    using Chooser = std::function<RecoveryChoice(const QList<RecoverableReview> &reviews)>;

    explicit RecoveryDialog(const QList<RecoverableReview> &reviews, QWidget *parent = nullptr);
    ~RecoveryDialog() override;

    /// The autosaves in @p directory that no live process owns, newest first; unreadable
    /// ones are skipped.
    [[nodiscard]] static QList<RecoverableReview> find(const QString &directory);
    /// Removes the autosave at @p path and its lock.
    static void discard(const QString &path);

    /// The choice made (Later until a button was pressed).
    [[nodiscard]] RecoveryChoice choice() const { return m_choice; }
    [[nodiscard]] QTreeWidget *list() const { return m_list; }

    /// Shows the dialog and returns the choice.
    [[nodiscard]] static RecoveryChoice choose(const QList<RecoverableReview> &reviews, QWidget *parent);

private:
    void finish(RecoveryChoice::Action action);

    QList<RecoverableReview> m_reviews;
    QTreeWidget *m_list = nullptr;
    RecoveryChoice m_choice;
};

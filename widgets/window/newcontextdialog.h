// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;

/// Target ▸ New Context… (docs/formalize.md §11.3): names a context that does not exist
/// yet and picks the contexts it sees (`genlCx`), at least one, the current target's checked.
/// Apply creates its file later; the dialog only asks.
class NewContextDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewContextDialog)

public:
    /// @p existing: the KB's contexts (each may be seen); @p current: checked at first.
    NewContextDialog(const QStringList &existing, const QString &current, QWidget *parent = nullptr);
    ~NewContextDialog() override;

    [[nodiscard]] QString name() const;
    /// The checked contexts, in the list's order.
    [[nodiscard]] QStringList sees() const;
    /// Why @p name cannot name a new context among @p existing; empty when it can.
    [[nodiscard]] static QString problemWith(const QString &name, const QStringList &existing);

private:
    void validate();

    QStringList m_existing;
    QLineEdit *m_name = nullptr;
    QListWidget *m_sees = nullptr;
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

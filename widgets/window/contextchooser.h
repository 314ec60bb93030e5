// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QComboBox>

/// The target context chooser of the window (issue 16): the KB's contexts that have a file,
/// the current one first, the others in name order, and last "New Context…". Choosing a
/// context emits contextChosen(); choosing "New Context…" emits newContextRequested() and
/// leaves the current context shown.
class ContextChooser final : public QComboBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ContextChooser)

public:
    explicit ContextChooser(QWidget *parent = nullptr);
    ~ContextChooser() override;

    /// Lists @p contexts with @p current first (current may be a context without a file: it is
    /// still listed, so the chooser never lies about the target). Emits nothing.
    void setContexts(QStringList contexts, const QString &current);
    /// The contexts of the context files @p files (Cx*.txt): their stems, sorted, once each.
    [[nodiscard]] static QStringList contextsOf(const QStringList &files);

Q_SIGNALS:
    void contextChosen(const QString &context);
    void newContextRequested();
};

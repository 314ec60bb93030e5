// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/contextchooser.h"

#include <QFileInfo>
#include <QSignalBlocker>

namespace {

/// The item role that marks "New Context…".
constexpr int s_newContextRole = Qt::UserRole + 1;

} // namespace

ContextChooser::ContextChooser(QWidget *parent)
    : QComboBox(parent)
{
    setObjectName(QStringLiteral("contextChooser"));
    setAccessibleName(tr("Target context"));
    setToolTip(tr("The context the formalized sentences are filed in"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::activated, this, [this](int index) {
        if (itemData(index, s_newContextRole).toBool()) {
            {
                const QSignalBlocker blocker(this);
                setCurrentIndex(itemData(0).toString().isEmpty() ? -1 : 0);
            }
            Q_EMIT newContextRequested();
            return;
        }
        const QString context = itemData(index).toString();
        if (!context.isEmpty())
            Q_EMIT contextChosen(context);
    });
}

ContextChooser::~ContextChooser() = default;

void ContextChooser::setContexts(QStringList contexts, const QString &current)
{
    const QSignalBlocker blocker(this);
    clear();
    contexts.removeAll(current);
    contexts.sort();
    contexts.removeDuplicates();
    if (!current.isEmpty())
        contexts.prepend(current);
    for (const QString &context : std::as_const(contexts))
        addItem(context, context);
    if (!contexts.isEmpty())
        insertSeparator(count());
    addItem(tr("New Context…"));
    setItemData(count() - 1, true, s_newContextRole);
    setItemData(count() - 1, tr("Name a new context and the contexts it sees; Apply creates its file"), Qt::ToolTipRole);
    setCurrentIndex(contexts.isEmpty() ? -1 : 0);
}

QStringList ContextChooser::contextsOf(const QStringList &files)
{
    QStringList contexts;
    for (const QString &file : files)
        contexts.append(QFileInfo(file).completeBaseName());
    contexts.sort();
    contexts.removeDuplicates();
    return contexts;
}

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's side of iterating (docs/formalize.md §9.5): the note to the model beside
// Formalize, Formalize Selection, and the question before formalizing again loses decisions.
#include "window/mainwindow.h"

#include "settings/providersettings.h"

#include "review/sourceview.h"

#include <QAction>
#include <QCryptographicHash>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QToolBar>

namespace {

// The window's settings file (see mainwindow.cpp); the notes live under notes/<workspace>.
QString noteKey(const QString &workspaceRoot)
{
    const QByteArray hash = QCryptographicHash::hash(workspaceRoot.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    return QStringLiteral("notes/") + QString::fromLatin1(hash);
}

} // namespace

void MainWindow::createFormalizeBar()
{
    m_formalizeBar = new QToolBar(tr("Formalize"), this);
    m_formalizeBar->setObjectName(QStringLiteral("formalizeToolBar"));
    m_formalizeBar->setMovable(false);
    m_formalizeBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_formalizeBar->addAction(m_formalizeAction);
    m_formalizeBar->addAction(m_formalizeSelectionAction);
    m_noteField = new QLineEdit;
    m_noteField->setObjectName(QStringLiteral("noteField"));
    m_noteField->setAccessibleName(tr("Note to the model"));
    m_noteField->setPlaceholderText(tr("Note to the model (optional), e.g. “use livesIn for where animals live”"));
    m_noteField->setToolTip(tr("Sent with the document as the author's note; kept for this workspace"));
    m_noteField->setClearButtonEnabled(true);
    connect(m_noteField, &QLineEdit::editingFinished, this, &MainWindow::saveNote);
    // Enter in the note formalizes, as the button beside it does.
    connect(m_noteField, &QLineEdit::returnPressed, this, [this] {
        if (m_formalizeAction->isEnabled())
            formalize();
    });
    m_formalizeBar->addWidget(m_noteField);
    addToolBar(Qt::TopToolBarArea, m_formalizeBar);
    m_review->setLossQuestion([this](const QStringList &ids) { return askLoss(ids); });
}

bool MainWindow::formalizeSelection()
{
    const std::vector<int> focus = m_sourceView->selectedSegments();
    if (focus.empty()) {
        reportError(tr("Select the sentences to formalize in the source first."));
        return false;
    }
    return formalizeFocus(focus);
}

LossAnswer MainWindow::askLoss(const QStringList &ids)
{
    if (m_lossChooser)
        return m_lossChooser(ids);
    if (!m_interactive)
        return LossAnswer::Keep;
    QMessageBox box(QMessageBox::Question, tr("Formalize Again"),
        tr("The new run did not propose %n decided entries again: %1.", nullptr, int(ids.size())).arg(ids.join(QStringLiteral(", "))),
        QMessageBox::NoButton, this);
    box.setInformativeText(tr("Keep them in the review, marked withdrawn, or let them go?"));
    QPushButton *keep = box.addButton(tr("&Keep Them"), QMessageBox::AcceptRole);
    QPushButton *drop = box.addButton(tr("&Drop Them"), QMessageBox::DestructiveRole);
    box.addButton(tr("Discard the New Run"), QMessageBox::RejectRole);
    box.setDefaultButton(keep);
    box.exec();
    if (box.clickedButton() == keep)
        return LossAnswer::Keep;
    if (box.clickedButton() == drop)
        return LossAnswer::Drop;
    return LossAnswer::Cancel;
}

void MainWindow::loadNote()
{
    const QSettings settings(ProviderSettings::defaultFile(), QSettings::IniFormat);
    m_noteField->setText(settings.value(noteKey(m_workspace.root)).toString());
}

void MainWindow::saveNote() const
{
    if (m_workspace.root.isEmpty())
        return;
    QSettings settings(ProviderSettings::defaultFile(), QSettings::IniFormat);
    const QString note = m_noteField->text().trimmed();
    if (note.isEmpty())
        settings.remove(noteKey(m_workspace.root));
    else
        settings.setValue(noteKey(m_workspace.root), note);
}

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/applyprogress.h"

#include "review/applyrunner.h"

#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

ApplyProgress::ApplyProgress(ApplyRunner *runner, QStatusBar *statusBar, QWidget *window)
    : QObject(window)
    , m_runner(runner)
    , m_statusBar(statusBar)
    , m_window(window)
    , m_delay(new QTimer(this))
{
    m_delay->setSingleShot(true);
    m_delay->setInterval(s_dialogDelayMs);
    connect(m_delay, &QTimer::timeout, this, &ApplyProgress::showDialog);
    connect(runner, &ApplyRunner::started, this, &ApplyProgress::onStarted);
    connect(runner, &ApplyRunner::progress, this, &ApplyProgress::onProgress);
    connect(runner, &ApplyRunner::cancelRequested, this, &ApplyProgress::onCancelRequested);
    connect(runner, &ApplyRunner::finished, this, &ApplyProgress::onFinished);
}

ApplyProgress::~ApplyProgress() = default;

QProgressDialog *ApplyProgress::dialog() const
{
    return m_dialog;
}

void ApplyProgress::onStarted(const QString &text)
{
    m_statusBar->showMessage(text);
    m_delay->start();
}

void ApplyProgress::onProgress(const QString &text)
{
    m_statusBar->showMessage(text);
    if (m_dialog && !m_runner->isCancelled())
        m_dialog->setLabelText(text);
}

void ApplyProgress::onCancelRequested()
{
    const QString text = tr("Stopping: %1").arg(m_runner->progressText());
    m_statusBar->showMessage(text);
    if (m_dialog) {
        m_dialog->setLabelText(text);
        if (QPushButton *cancel = m_dialog->findChild<QPushButton *>())
            cancel->setEnabled(false);
    }
}

void ApplyProgress::onFinished()
{
    m_delay->stop();
    m_statusBar->clearMessage();
    if (m_dialog)
        m_dialog->hide();
}

void ApplyProgress::showDialog()
{
    if (!m_runner->isRunning())
        return;
    if (!m_dialog) {
        m_dialog = new QProgressDialog(m_window);
        m_dialog->setObjectName(QStringLiteral("applyProgress"));
        m_dialog->setWindowTitle(tr("Fanva"));
        m_dialog->setWindowModality(Qt::NonModal);
        m_dialog->setRange(0, 0); // busy: git and a lock say nothing of how far they are
        m_dialog->setAutoClose(false);
        m_dialog->setAutoReset(false);
        m_dialog->setMinimumDuration(0);
        m_dialog->setCancelButtonText(tr("&Cancel"));
        // Cancel and Esc (which rejects the dialog) ask the work to stop waiting.
        connect(m_dialog, &QProgressDialog::canceled, m_runner, &ApplyRunner::cancel);
        connect(m_dialog, &QDialog::rejected, m_runner, &ApplyRunner::cancel);
    } else {
        m_dialog->reset(); // forgets the last work's Cancel
    }
    if (QPushButton *cancel = m_dialog->findChild<QPushButton *>())
        cancel->setEnabled(!m_runner->isCancelled());
    m_dialog->setLabelText(m_runner->isCancelled() ? tr("Stopping: %1").arg(m_runner->progressText()) : m_runner->progressText());
    m_dialog->show();
}

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/rewritedialog.h"

#include <QDialogButtonBox>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

RewriteDialog::RewriteDialog(const QStringList &sentences, QWidget *parent)
    : QDialog(parent)
    , m_sentences(new QLabel(this))
    , m_editor(new QPlainTextEdit(this))
{
    setWindowTitle(tr("Rewrite"));
    setObjectName(QStringLiteral("rewriteDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *heading = new QLabel(tr("Rewrite %n sentence(s) of the target file:", nullptr, int(sentences.size())), this);
    layout->addWidget(heading);
    QStringList numbered;
    for (qsizetype i = 0; i < sentences.size(); ++i)
        numbered.append(QStringLiteral("[%1] %2").arg(i + 1).arg(sentences.at(i).simplified()));
    m_sentences->setText(numbered.join(QLatin1Char('\n')));
    m_sentences->setTextFormat(Qt::PlainText);
    m_sentences->setWordWrap(true);
    m_sentences->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_sentences);
    auto *label = new QLabel(tr("&What should change? (Enter rewrites, Shift+Enter starts a new line)"), this);
    label->setBuddy(m_editor);
    layout->addWidget(label);
    m_editor->setObjectName(QStringLiteral("rewriteInstruction"));
    m_editor->setPlaceholderText(tr("e.g. split this rule; use livesIn instead of lives_in"));
    m_editor->setTabChangesFocus(true);
    m_editor->installEventFilter(this);
    layout->addWidget(m_editor);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Rewrite"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    m_editor->setFocus(Qt::OtherFocusReason);
}

RewriteDialog::~RewriteDialog() = default;

QString RewriteDialog::instruction() const
{
    return m_editor->toPlainText().trimmed();
}

void RewriteDialog::setInstruction(const QString &text)
{
    m_editor->setPlainText(text);
}

bool RewriteDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && !(key->modifiers() & Qt::ShiftModifier)) {
            accept();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

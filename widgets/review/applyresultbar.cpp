// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/applyresultbar.h"

#include "review/applytexts.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

using namespace fanva;

ApplyResultBar::ApplyResultBar(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_rediff(new QPushButton(tr("&Re-diff"), this))
    , m_undoApply(new QPushButton(tr("&Undo Apply"), this))
    , m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("applyResultBar"));
    setAccessibleName(tr("Apply result"));
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);

    m_text->setObjectName(QStringLiteral("applyResultText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rediff->setObjectName(QStringLiteral("rediffButton"));
    m_rediff->setToolTip(tr("Take the file as it is now as the base and re-check the entries against it"));
    m_undoApply->setObjectName(QStringLiteral("undoApplyButton"));
    m_undoApply->setToolTip(tr("Restore the file as it was before this Apply"));
    m_close->setObjectName(QStringLiteral("closeResultButton"));
    m_close->setIcon(QIcon::fromTheme(QStringLiteral("window-close"), style()->standardIcon(QStyle::SP_TitleBarCloseButton)));
    m_close->setFlat(true);
    m_close->setToolTip(tr("Close"));
    m_close->setAccessibleName(tr("Close"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 4, 4);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_rediff, 0, Qt::AlignVCenter);
    layout->addWidget(m_undoApply, 0, Qt::AlignVCenter);
    layout->addWidget(m_close, 0, Qt::AlignTop);

    connect(m_rediff, &QPushButton::clicked, this, &ApplyResultBar::rediffRequested);
    connect(m_undoApply, &QPushButton::clicked, this, &ApplyResultBar::undoApplyRequested);
    connect(m_close, &QPushButton::clicked, this, &QWidget::hide);
    QFrame::hide();
}

ApplyResultBar::~ApplyResultBar() = default;

QString ApplyResultBar::text() const
{
    return m_text->text();
}

void ApplyResultBar::showApplyResult(const proposal::ApplyResult &result)
{
    const QString text = ApplyTexts::result(result);
    switch (result.status) {
    case proposal::ApplyStatus::Applied:
        display(text, Kind::Information, nullptr);
        break;
    case proposal::ApplyStatus::Conflict:
        display(text, Kind::Warning, m_rediff);
        break;
    case proposal::ApplyStatus::VerifyFailed:
        display(text, Kind::Error, m_undoApply);
        break;
    case proposal::ApplyStatus::Blocked:
    case proposal::ApplyStatus::IoError:
        display(text, Kind::Error, nullptr);
        break;
    }
}

void ApplyResultBar::showUndoResult(const proposal::UndoResult &result)
{
    display(
        ApplyTexts::undoResult(result), result.status == proposal::UndoResult::Status::Undone ? Kind::Information : Kind::Error, nullptr);
}

void ApplyResultBar::showMessage(const QString &text, Kind kind)
{
    display(text, kind, nullptr);
}

void ApplyResultBar::display(const QString &text, Kind kind, QPushButton *action)
{
    m_kind = kind;
    m_text->setText(text);
    const QStyle::StandardPixmap icon = kind == Kind::Error ? QStyle::SP_MessageBoxCritical
        : kind == Kind::Warning                             ? QStyle::SP_MessageBoxWarning
                                                            : QStyle::SP_MessageBoxInformation;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()->standardIcon(icon, nullptr, this).pixmap(size, size));
    m_rediff->setVisible(action == m_rediff);
    m_undoApply->setVisible(action == m_undoApply);
    QFrame::show();
    if (action)
        action->setFocus(Qt::OtherFocusReason);
}

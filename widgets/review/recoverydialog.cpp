// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/recoverydialog.h"

#include "proposal/autosave.h"
#include "proposal/sessionfile.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace fanva;

RecoveryDialog::RecoveryDialog(const QList<RecoverableReview> &reviews, QWidget *parent)
    : QDialog(parent)
    , m_reviews(reviews)
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("recoveryDialog"));
    setWindowTitle(tr("Recover Reviews"));
    auto *intro = new QLabel(tr("Fanva did not close cleanly. These reviews were saved automatically "
                                "and can be recovered with their decisions:"),
        this);
    intro->setWordWrap(true);

    m_list->setObjectName(QStringLiteral("recoveryList"));
    m_list->setAccessibleName(tr("Recoverable reviews"));
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({ tr("Saved"), tr("Document"), tr("Entries") });
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    const QLocale locale;
    for (const RecoverableReview &review : reviews) {
        QString entries = tr("%1 (%2 decided)").arg(review.entries).arg(review.decided);
        if (review.interrupted)
            entries += tr(", interrupted while running");
        auto *item
            = new QTreeWidgetItem(m_list, { locale.toString(review.saved.toLocalTime(), QLocale::ShortFormat), review.document, entries });
        item->setToolTip(1, QDir::toNativeSeparators(review.path));
    }
    m_list->setCurrentItem(m_list->topLevelItem(0));

    auto *buttons = new QDialogButtonBox(this);
    QPushButton *recover = buttons->addButton(tr("&Recover"), QDialogButtonBox::AcceptRole);
    recover->setObjectName(QStringLiteral("recoverButton"));
    recover->setDefault(true);
    QPushButton *discard = buttons->addButton(tr("&Discard"), QDialogButtonBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discardButton"));
    QPushButton *later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    later->setObjectName(QStringLiteral("laterButton"));
    connect(recover, &QPushButton::clicked, this, [this] { finish(RecoveryChoice::Action::Recover); });
    connect(discard, &QPushButton::clicked, this, [this] { finish(RecoveryChoice::Action::Discard); });
    connect(later, &QPushButton::clicked, this, [this] { finish(RecoveryChoice::Action::Later); });
    connect(m_list, &QTreeWidget::itemActivated, this, [this] { finish(RecoveryChoice::Action::Recover); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list);
    layout->addWidget(buttons);
}

RecoveryDialog::~RecoveryDialog() = default;

void RecoveryDialog::finish(RecoveryChoice::Action action)
{
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    m_choice.action = action;
    m_choice.path = row >= 0 && row < m_reviews.size() ? m_reviews.at(row).path : QString();
    if (action == RecoveryChoice::Action::Later)
        reject();
    else
        accept();
}

RecoveryChoice RecoveryDialog::choose(const QList<RecoverableReview> &reviews, QWidget *parent)
{
    RecoveryDialog dialog(reviews, parent);
    dialog.exec();
    return dialog.choice();
}

QList<RecoverableReview> RecoveryDialog::find(const QString &directory)
{
    QList<RecoverableReview> out;
    for (const proposal::RecoverableSession &found : proposal::recoverableAutosaves(directory)) {
        const proposal::SessionLoad loaded = proposal::loadSessionFile(found.path);
        if (!loaded.session)
            continue;
        const proposal::SessionFile &session = *loaded.session;
        RecoverableReview review;
        review.path = found.path;
        review.saved = session.modified.isValid() ? session.modified : QFileInfo(found.path).lastModified();
        review.document = QFileInfo(session.documentPath).fileName();
        for (const proposal::Entry &e : session.proposal.entries) {
            if (!e.isReviewable())
                continue;
            ++review.entries;
            if (e.decision != formalize::Decision::Undecided)
                ++review.decided;
        }
        review.interrupted = !(session.outcome.is_object() && session.outcome.contains("outcome"));
        out.append(review);
    }
    std::sort(out.begin(), out.end(), [](const RecoverableReview &a, const RecoverableReview &b) { return a.saved > b.saved; });
    return out;
}

void RecoveryDialog::discard(const QString &path)
{
    const QFileInfo info(path);
    proposal::Autosave(info.absolutePath(), info.completeBaseName()).discard();
}

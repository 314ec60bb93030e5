// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/reviewautosave.h"

#include "proposal/autosave.h"
#include "status.h"

#include <QFileInfo>
#include <QLoggingCategory>

#include <utility>

using namespace fanva;

Q_LOGGING_CATEGORY(lcReviewAutosave, "fanva.widgets.review.autosave")

ReviewAutosave::ReviewAutosave(Snapshot snapshot, QObject *parent)
    : QObject(parent)
    , m_snapshot(std::move(snapshot))
    , m_scheduler(new proposal::AutosaveScheduler([this] { saveNow(); }, this))
{ }

ReviewAutosave::~ReviewAutosave() = default;

void ReviewAutosave::setDirectory(const QString &directory)
{
    m_directory = directory;
}

void ReviewAutosave::setIntervals(int decisionDebounceMs, int runningIntervalMs)
{
    m_scheduler->setIntervals(decisionDebounceMs, runningIntervalMs);
}

QString ReviewAutosave::path() const
{
    return m_autosave ? m_autosave->path() : QString();
}

void ReviewAutosave::begin(const QString &id)
{
    const QString path = m_directory.isEmpty() ? QString() : proposal::Autosave(m_directory, id).path();
    if (m_autosave && m_autosave->path() == path)
        return;
    // A new review replaces the old one, whose autosave has no use any more.
    if (m_autosave)
        m_autosave->discard();
    m_autosave.reset();
    if (!path.isEmpty())
        m_autosave = std::make_unique<proposal::Autosave>(m_directory, id);
}

bool ReviewAutosave::resume(const QString &path, const QString &id)
{
    const QFileInfo info(path);
    if (!m_autosave || m_autosave->path() != info.absoluteFilePath())
        m_autosave = std::make_unique<proposal::Autosave>(info.absolutePath(), id);
    return m_autosave->lock();
}

void ReviewAutosave::discard()
{
    if (m_autosave)
        m_autosave->discard();
}

void ReviewAutosave::stop()
{
    discard();
    m_autosave.reset();
}

void ReviewAutosave::decisionChanged()
{
    m_scheduler->decisionChanged();
}

void ReviewAutosave::sessionStarted()
{
    m_scheduler->sessionStarted();
}

void ReviewAutosave::sessionFinished()
{
    m_scheduler->sessionFinished();
}

void ReviewAutosave::saveNow()
{
    if (!m_autosave)
        return;
    const std::optional<proposal::SessionFile> file = m_snapshot();
    if (!file)
        return;
    if (const Status saved = m_autosave->save(*file); !saved) {
        qCWarning(lcReviewAutosave) << "cannot autosave the review:" << saved.message();
        return;
    }
    Q_EMIT autosaved(m_autosave->path());
}

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "editor/editorvocabulary.h"

#include "lang/language.h"
#include "lang/registry.h"

#include <QtConcurrent/QtConcurrentRun>

using namespace fanva;

EditorVocabulary::EditorVocabulary(QObject *parent)
    : QObject(parent)
    , m_services(lang::defaultLanguage().editorServices())
    , m_watcher(new QFutureWatcher<std::shared_ptr<const lang::EditorIndex>>(this))
{
    connect(m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_index || !m_watcher->future().isValid() || m_watcher->future().resultCount() == 0)
            return;
        m_index = m_watcher->future().result();
        if (m_index)
            Q_EMIT ready();
    });
}

EditorVocabulary::~EditorVocabulary() = default;

void EditorVocabulary::setLanguage(const lang::Language &language)
{
    if (m_kb && &m_kb->language() != &language)
        setKnowledgeBase(nullptr, m_target);
    m_services = language.editorServices();
}

void EditorVocabulary::setKnowledgeBase(std::shared_ptr<const lang::Kb> kb, const QString &target)
{
    m_target = target;
    if (kb == m_kb)
        return;
    m_kb = std::move(kb);
    m_index.reset();
    if (m_kb)
        m_services = m_kb->language().editorServices();
    if (!m_kb || !m_services) {
        m_watcher->setFuture({});
        return;
    }
    // One walk over the KB: off the GUI thread.
    m_watcher->setFuture(QtConcurrent::run([services = m_services, kb = m_kb] { return services->index(kb); }));
}

void EditorVocabulary::waitForReady()
{
    if (m_index || !m_kb || !m_services)
        return;
    m_watcher->waitForFinished();
    if (!m_index && m_watcher->future().resultCount() > 0) {
        m_index = m_watcher->future().result();
        if (m_index)
            Q_EMIT ready();
    }
}

lang::EditorCursor EditorVocabulary::cursorAt(QStringView text, int position) const
{
    if (!m_services) {
        lang::EditorCursor none;
        none.wordStart = none.wordEnd = position;
        none.inLiteral = true;
        return none;
    }
    return m_services->cursorAt(text, position);
}

bool EditorVocabulary::isClosed(QStringView text) const
{
    return !m_services || m_services->isClosed(text);
}

bool EditorVocabulary::isWordChar(QChar c) const
{
    return m_services && m_services->isWordChar(c);
}

bool EditorVocabulary::isTermWord(QStringView word) const
{
    return m_services && m_services->isTermWord(word);
}

std::vector<lang::EditorCompletion> EditorVocabulary::completions(const lang::EditorCursor &cursor, int limit) const
{
    if (!m_index)
        return {};
    return m_services->completions(*m_index, m_target, cursor, limit);
}

lang::ArgumentHint EditorVocabulary::argumentHint(const lang::EditorCursor &cursor) const
{
    if (!m_index)
        return {};
    return m_services->argumentHint(*m_index, m_target, cursor);
}

QString EditorVocabulary::termSummary(const QString &term) const
{
    if (!m_index || term.isEmpty())
        return {};
    return m_services->hover(*m_index, m_target, term);
}

QString EditorVocabulary::gloss(const QString &sentence) const
{
    if (!m_index)
        return {};
    return m_services->readsAs(*m_index, m_target, sentence);
}

std::vector<lang::Problem> EditorVocabulary::problems(const QString &sentence) const
{
    if (!m_index)
        return {};
    return m_services->problems(*m_index, m_target, sentence);
}

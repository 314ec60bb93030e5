// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kbbrowser/kbbrowser.h"

#include "kbbrowser/kbpagesregistry.h"

#include "lang/language.h"

#include <QAction>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QVBoxLayout>

using namespace fanva;

KbBrowser::KbBrowser(QWidget *parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget(this))
    , m_placeholder(new QTextBrowser(this))
    , m_statementBrowser(new StatementBrowser(this))
{
    setObjectName(QStringLiteral("kbBrowser"));
    setAccessibleName(tr("KB browser"));
    m_placeholder->setObjectName(QStringLiteral("kbPlaceholder"));
    m_placeholder->setAccessibleName(tr("KB browser"));
    connect(m_statementBrowser, &StatementBrowser::newSentenceRequested, this, &KbBrowser::newSentenceRequested);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_statementBrowser);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_stack, 1);
    setFocusProxy(m_placeholder);
    setPlaceholderText(tr("No KB is open."));
}

KbBrowser::~KbBrowser() = default;

void KbBrowser::setPlaceholderText(const QString &text)
{
    m_placeholder->setPlaceholderText(text);
    if (m_pages)
        m_pages->setPlaceholderText(text);
}

void KbBrowser::setKb(std::shared_ptr<const lang::Kb> kb, std::vector<KbFileStatements> files, const QString &target)
{
    m_kb = std::move(kb);
    if (showPages(m_kb, target)) {
        m_statementBrowser->setKb(nullptr, {});
        return;
    }
    m_statementBrowser->setKb(m_kb, m_kb ? std::move(files) : std::vector<KbFileStatements> {}, target);
    QWidget *face = m_kb ? static_cast<QWidget *>(m_statementBrowser) : m_placeholder;
    m_stack->setCurrentWidget(face);
    setFocusProxy(face);
}

// The language's pages take the KB: the ones shown (a reload keeps their place) or new ones
// from the registry. False, the pages dropping their KB, when no language's pages take it.
bool KbBrowser::showPages(const std::shared_ptr<const lang::Kb> &kb, const QString &target)
{
    if (m_pages && m_pages->setKb(kb, target)) {
        m_stack->setCurrentWidget(m_pages);
        setFocusProxy(m_pages);
        return true;
    }
    KbPages *pages = KbPagesRegistry::create(kb, this);
    if (!pages)
        return false;
    adopt(pages);
    m_pages->setKb(kb, target);
    m_stack->setCurrentWidget(m_pages);
    setFocusProxy(m_pages);
    return true;
}

void KbBrowser::adopt(KbPages *pages)
{
    if (m_pages) {
        m_stack->removeWidget(m_pages);
        delete m_pages;
    }
    m_pages = pages;
    m_pages->setBackgroundThreshold(m_backgroundThreshold);
    m_pages->setPlaceholderText(m_placeholder->placeholderText());
    connect(m_pages, &KbPages::locationChanged, this, &KbBrowser::locationChanged);
    connect(m_pages, &KbPages::newSentenceRequested, this, &KbBrowser::newSentenceRequested);
    connect(m_pages, &KbPages::indexingStarted, this, &KbBrowser::indexingStarted);
    connect(m_pages, &KbPages::indexingProgressChanged, this, &KbBrowser::indexingProgressChanged);
    connect(m_pages, &KbPages::indexingFinished, this, &KbBrowser::indexingFinished);
    m_stack->addWidget(m_pages);
}

KbPages *KbBrowser::pages() const
{
    return m_pages && m_stack->currentWidget() == m_pages ? m_pages : nullptr;
}

bool KbBrowser::showsStatements() const
{
    return m_stack->currentWidget() == m_statementBrowser;
}

bool KbBrowser::isIndexing() const
{
    return pages() && m_pages->isIndexing();
}

void KbBrowser::setBackgroundThreshold(std::size_t sentences)
{
    m_backgroundThreshold = sentences;
    if (m_pages)
        m_pages->setBackgroundThreshold(sentences);
}

QString KbBrowser::currentContext() const
{
    return pages() ? m_pages->currentContext() : QString();
}

QString KbBrowser::currentTerm() const
{
    if (pages())
        return m_pages->currentTerm();
    return showsStatements() ? m_statementBrowser->currentTerm() : QString();
}

bool KbBrowser::setCurrentContext(const QString &context)
{
    return pages() && m_pages->setCurrentContext(context);
}

bool KbBrowser::showTerm(const QString &term)
{
    if (pages())
        return m_pages->showTerm(term);
    return showsStatements() && m_statementBrowser->showTerm(term);
}

bool KbBrowser::lookUp(const QString &term, const QString &context)
{
    if (pages())
        return m_pages->lookUp(term, context);
    return showsStatements() && m_statementBrowser->showTerm(term);
}

bool KbBrowser::canGoBack() const
{
    return pages() && m_pages->canGoBack();
}

bool KbBrowser::canGoForward() const
{
    return pages() && m_pages->canGoForward();
}

void KbBrowser::back()
{
    if (pages())
        m_pages->back();
}

void KbBrowser::forward()
{
    if (pages())
        m_pages->forward();
}

QAction *KbBrowser::backAction() const
{
    return pages() ? m_pages->backAction() : nullptr;
}

QAction *KbBrowser::forwardAction() const
{
    return pages() ? m_pages->forwardAction() : nullptr;
}

QAction *KbBrowser::newSentenceAction() const
{
    return pages() ? m_pages->newSentenceAction() : m_statementBrowser->newSentenceAction();
}

QString KbBrowser::termAt(const QTextCursor &cursor, const lang::Language &language)
{
    const QTextBlock block = cursor.block();
    if (!block.isValid())
        return {};
    const QString line = block.text();
    const int position = cursor.positionInBlock();
    int state = 0;
    const QList<lang::Token> tokens = language.tokenizeLine(line, state);
    for (const lang::Token &token : tokens) {
        if (position < token.start || position > token.start + token.length)
            continue;
        const QStringView text = QStringView(line).mid(token.start, token.length);
        if (text.isEmpty() || !(text.front().isLetterOrNumber() || text.front() == u'_' || text.front() == u'-'))
            continue;
        switch (token.tokenClass) {
        case lang::TokenClass::Comment:
        case lang::TokenClass::String:
        case lang::TokenClass::Number:
        case lang::TokenClass::Variable:
            return {};
        default:
            return line.mid(token.start, token.length);
        }
    }
    return {};
}

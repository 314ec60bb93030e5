// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kbbrowser/fanvakb/fanvakbpages.h"

#include "common/kbhighlighting.h"
#include "common/kbtokenizer.h"
#include "kbbrowser/fanvakb/kbbrowsermodels.h"

#include "kb/roles.h"
#include "kb/writer.h"
#include "lang/editorservices.h"
#include "lang/fanvakb/fanvakb.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPromise>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <array>

using namespace fanva;

namespace {

const QString s_termScheme = QStringLiteral("term");
const QString s_contextScheme = QStringLiteral("context");
// Long answers (the subtypes of a top type, the sentences mentioning it) are cut here.
constexpr std::size_t s_maxLinks = 200;
constexpr std::size_t s_maxSentences = 300;
constexpr std::size_t s_maxHistory = 100;

std::optional<kb::SymbolId> symbolOf(const QString &name)
{
    if (name.isEmpty())
        return std::nullopt;
    const QByteArray utf8 = name.toUtf8();
    return kb::findSymbol(std::string_view(utf8.constData(), std::size_t(utf8.size())));
}

QString link(const QString &scheme, const QString &name)
{
    QUrl url;
    url.setScheme(scheme);
    url.setPath(name);
    return QStringLiteral("<a href=\"%1\">%2</a>").arg(url.toString(QUrl::FullyEncoded).toHtmlEscaped(), name.toHtmlEscaped());
}

QString termLink(kb::SymbolId id)
{
    return link(s_termScheme, kb::symbolString(id));
}

// One paragraph of the page: "Title: body". Tests and screen readers find a section by its title.
QString section(const QString &title, const QString &body)
{
    return QStringLiteral("<p><b>%1</b> %2</p>").arg(title.toHtmlEscaped(), body);
}

QString linkList(const std::vector<kb::SymbolId> &ids)
{
    if (ids.empty())
        return FanvaKbPages::tr("none");
    QStringList links;
    for (std::size_t i = 0; i < ids.size() && i < s_maxLinks; ++i)
        links.append(termLink(ids[i]));
    QString text = links.join(QStringLiteral(", "));
    if (ids.size() > s_maxLinks)
        text += FanvaKbPages::tr(" … and %n more", nullptr, int(ids.size() - s_maxLinks));
    return text;
}

} // namespace

FanvaKbPages::FanvaKbPages(QWidget *parent)
    : KbPages(parent)
    , m_contexts(new KbContextModel(this))
    , m_terms(new KbTermModel(this))
    , m_filter(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("fanvaKbPages"));
    setAccessibleName(tr("KB pages by context and term"));

    QHBoxLayout *navigation = createNavigation();

    QLabel *contextLabel = createContextView();

    QLabel *filterLabel = createTermList();

    createPageViews();

    const auto pane = [this](QWidget *title, QWidget *view, QWidget *extra = nullptr) {
        auto *widget = new QWidget(this);
        auto *layout = new QVBoxLayout(widget);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(2);
        if (title)
            layout->addWidget(title);
        if (extra)
            layout->addWidget(extra);
        layout->addWidget(view, 1);
        return widget;
    };
    auto *filterRow = new QWidget(this);
    auto *filterLayout = new QHBoxLayout(filterRow);
    filterLayout->setContentsMargins(0, 0, 0, 0);
    filterLayout->addWidget(filterLabel);
    filterLayout->addWidget(m_filterEdit, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("kbBrowserSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(pane(contextLabel, m_contextView));
    splitter->addWidget(pane(filterRow, m_termView, m_termProgress));
    splitter->addWidget(m_page);
    splitter->addWidget(m_mentions);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 4);
    splitter->setStretchFactor(3, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(navigation);
    layout->addWidget(splitter, 1);

    setTabOrder(m_contextView, m_filterEdit);
    setTabOrder(m_filterEdit, m_termView);
    setTabOrder(m_termView, m_page);
    setTabOrder(m_page, m_mentions);
    setFocusProxy(m_contextView);

    setPlaceholderText(tr("No KB is open."));
    updateNavigation();
}

QHBoxLayout *FanvaKbPages::createNavigation()
{
    m_backAction = new QAction(QIcon::fromTheme(QStringLiteral("go-previous")), tr("&Back"), this);
    m_backAction->setObjectName(QStringLiteral("actionKbBack"));
    m_backAction->setShortcut(QKeySequence::Back);
    m_backAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_backAction->setToolTip(tr("Back to the previous term (%1)").arg(m_backAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_backAction, &QAction::triggered, this, &FanvaKbPages::back);
    addAction(m_backAction);
    m_forwardAction = new QAction(QIcon::fromTheme(QStringLiteral("go-next")), tr("&Forward"), this);
    m_forwardAction->setObjectName(QStringLiteral("actionKbForward"));
    m_forwardAction->setShortcut(QKeySequence::Forward);
    m_forwardAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_forwardAction->setToolTip(tr("Forward to the next term (%1)").arg(m_forwardAction->shortcut().toString(QKeySequence::NativeText)));
    connect(m_forwardAction, &QAction::triggered, this, &FanvaKbPages::forward);
    addAction(m_forwardAction);

    const auto toolButton = [this](QAction *action, const QString &name) {
        auto *button = new QToolButton(this);
        button->setObjectName(name);
        button->setDefaultAction(action);
        button->setAutoRaise(true);
        button->setAccessibleName(action->text().remove(QLatin1Char('&')));
        return button;
    };
    m_locationLabel = new QLabel(this);
    m_locationLabel->setObjectName(QStringLiteral("kbLocationLabel"));
    m_locationLabel->setAccessibleName(tr("Shown term"));
    m_locationLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_newSentenceAction = new QAction(QIcon::fromTheme(QStringLiteral("list-add")), tr("New Sentence"), this);
    m_newSentenceAction->setObjectName(QStringLiteral("actionNewSentenceAbout"));
    m_newSentenceAction->setEnabled(false);
    connect(m_newSentenceAction, &QAction::triggered, this, [this] {
        int cursor = -1;
        const QString text = newSentenceText(m_current.term, m_termRole, &cursor);
        Q_EMIT newSentenceRequested(text, cursor);
    });
    auto *navigation = new QHBoxLayout;
    navigation->addWidget(toolButton(m_backAction, QStringLiteral("kbBackButton")));
    navigation->addWidget(toolButton(m_forwardAction, QStringLiteral("kbForwardButton")));
    navigation->addWidget(m_locationLabel, 1);
    QToolButton *newSentenceButton = toolButton(m_newSentenceAction, QStringLiteral("kbNewSentenceButton"));
    newSentenceButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    navigation->addWidget(newSentenceButton);
    return navigation;
}

QLabel *FanvaKbPages::createContextView()
{
    m_contextView = new QTreeView(this);
    m_contextView->setObjectName(QStringLiteral("kbContextTree"));
    m_contextView->setAccessibleName(tr("Contexts"));
    m_contextView->setAccessibleDescription(tr("The KB's contexts; a context is listed under each context it sees through genlCx"));
    m_contextView->setModel(m_contexts);
    m_contextView->setUniformRowHeights(true);
    m_contextView->header()->setStretchLastSection(false);
    m_contextView->header()->setSectionResizeMode(KbContextModel::NameColumn, QHeaderView::Stretch);
    m_contextView->header()->setSectionResizeMode(KbContextModel::SentencesColumn, QHeaderView::ResizeToContents);
    connect(m_contextView->selectionModel(), &QItemSelectionModel::currentChanged, this, &FanvaKbPages::onContextActivated);
    auto *contextLabel = new QLabel(tr("C&ontexts"), this);
    contextLabel->setBuddy(m_contextView);
    return contextLabel;
}

QLabel *FanvaKbPages::createTermList()
{
    m_filter->setSourceModel(m_terms);
    m_filter->setFilterKeyColumn(KbTermModel::TermColumn);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_filterEdit = new QLineEdit(this);
    m_filterEdit->setObjectName(QStringLiteral("kbTermFilter"));
    m_filterEdit->setAccessibleName(tr("Filter terms"));
    m_filterEdit->setPlaceholderText(tr("Filter terms…"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter, &QSortFilterProxyModel::setFilterFixedString);
    auto *filterLabel = new QLabel(tr("Ter&ms"), this);
    filterLabel->setBuddy(m_filterEdit);
    // A large context's terms are listed off the GUI thread; the bar says so meanwhile.
    m_termProgress = new QProgressBar(this);
    m_termProgress->setObjectName(QStringLiteral("kbTermProgress"));
    m_termProgress->setAccessibleName(tr("Term list progress"));
    m_termProgress->setRange(0, 100);
    m_termProgress->hide();
    m_termWatcher = new QFutureWatcher<TermListing>(this);
    connect(m_termWatcher, &QFutureWatcherBase::progressValueChanged, this, [this](int percent) {
        m_termProgress->setValue(percent);
        Q_EMIT indexingProgressChanged(percent);
    });
    connect(m_termWatcher, &QFutureWatcherBase::finished, this, &FanvaKbPages::onTermsListed);

    m_termView = new QTreeView(this);
    m_termView->setObjectName(QStringLiteral("kbTermList"));
    m_termView->setAccessibleName(tr("Terms of the context"));
    m_termView->setModel(m_filter);
    m_termView->setRootIsDecorated(false);
    m_termView->setUniformRowHeights(true);
    m_termView->setSortingEnabled(true);
    m_termView->sortByColumn(-1, Qt::AscendingOrder);
    m_termView->header()->setStretchLastSection(false);
    m_termView->header()->setSectionResizeMode(KbTermModel::TermColumn, QHeaderView::Stretch);
    m_termView->header()->setSectionResizeMode(KbTermModel::RoleColumn, QHeaderView::ResizeToContents);
    connect(m_termView->selectionModel(), &QItemSelectionModel::currentChanged, this, &FanvaKbPages::onTermActivated);
    // From the filter, Return or Down goes to the (first) matching term.
    connect(m_filterEdit, &QLineEdit::returnPressed, this, [this] {
        if (m_filter->rowCount() > 0) {
            m_termView->setFocus();
            if (!m_termView->currentIndex().isValid())
                m_termView->setCurrentIndex(m_filter->index(0, 0));
        }
    });
    return filterLabel;
}

void FanvaKbPages::createPageViews()
{
    m_page = new QTextBrowser(this);
    m_page->setObjectName(QStringLiteral("kbTermPage"));
    m_page->setAccessibleName(tr("Term page"));
    m_page->setAccessibleDescription(tr("What the KB knows about the shown term; the terms it names are links"));
    m_page->setOpenLinks(false);
    m_page->setTextInteractionFlags(Qt::TextBrowserInteraction);
    connect(m_page, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == s_termScheme)
            navigate({ m_current.context, url.path() });
        else if (url.scheme() == s_contextScheme)
            navigate({ url.path(), {} });
    });

    m_mentions = new QPlainTextEdit(this);
    m_mentions->setObjectName(QStringLiteral("kbMentions"));
    m_mentions->setAccessibleName(tr("Sentences mentioning the term"));
    m_mentions->setReadOnly(true);
    m_mentions->setTabChangesFocus(true);
    m_mentions->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_mentions->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = KbHighlighting::attach(m_mentions->document(), m_mentions->palette());
}

// A background listing holds the KB it reads; the pool finishes it when the browser goes first.
FanvaKbPages::~FanvaKbPages()
{
    m_termWatcher->future().cancel();
}

void FanvaKbPages::setPlaceholderText(const QString &text)
{
    m_page->setPlaceholderText(text);
}

KbPages *FanvaKbPages::create(const std::shared_ptr<const lang::Kb> &kb, QWidget *parent)
{
    return kb && lang::knowledgeBaseOf(*kb) ? new FanvaKbPages(parent) : nullptr;
}

bool FanvaKbPages::setKb(std::shared_ptr<const lang::Kb> kb, const QString &context)
{
    // The KnowledgeBase shares the Kb's ownership: whoever lets it go last frees both.
    const kb::KnowledgeBase *knowledgeBase = kb ? lang::knowledgeBaseOf(*kb) : nullptr;
    m_seamKb = knowledgeBase ? std::move(kb) : nullptr;
    setKnowledgeBase(knowledgeBase ? std::shared_ptr<const kb::KnowledgeBase>(m_seamKb, knowledgeBase) : nullptr, context);
    return m_kb != nullptr;
}

void FanvaKbPages::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb, const QString &context)
{
    m_kb = std::move(kb);
    m_syncing = true;
    m_contexts->setKnowledgeBase(m_kb);
    m_contextView->expandAll();
    m_syncing = false;
    Location location = m_current;
    const auto has = [this](const QString &name) {
        const std::optional<kb::SymbolId> id = symbolOf(name);
        return m_kb && id && m_kb->hasContext(*id);
    };
    if (location.context.isEmpty() && has(context)) {
        location.context = context;
    } else if (!has(location.context)) {
        location.context.clear();
        if (m_kb && m_contexts->rowCount() > 0)
            location.context = m_contexts->index(0, KbContextModel::NameColumn).data(KbContextModel::ContextNameRole).toString();
    }
    // The term list is rebuilt below even when the location stays.
    m_current = {};
    m_termsContext.reset();
    // A context the caller chose is a step Back returns from; a kept one is already recorded.
    if (!location.context.isEmpty() && (m_history.empty() || m_history[std::size_t(m_position)] != location))
        record(location);
    display(location);
}

bool FanvaKbPages::setCurrentContext(const QString &context)
{
    const std::optional<kb::SymbolId> id = symbolOf(context);
    if (!m_kb || !id || !m_kb->hasContext(*id))
        return false;
    navigate({ context, {} });
    return true;
}

bool FanvaKbPages::showTerm(const QString &term)
{
    if (!m_kb || term.isEmpty())
        return false;
    navigate({ m_current.context, term });
    return true;
}

bool FanvaKbPages::lookUp(const QString &term, const QString &context)
{
    if (!m_kb || term.isEmpty())
        return false;
    const std::optional<kb::SymbolId> id = symbolOf(context);
    navigate({ id && m_kb->hasContext(*id) ? context : m_current.context, term });
    m_page->setFocus();
    return true;
}

void FanvaKbPages::back()
{
    if (!canGoBack())
        return;
    --m_position;
    display(m_history[std::size_t(m_position)]);
}

void FanvaKbPages::forward()
{
    if (!canGoForward())
        return;
    ++m_position;
    display(m_history[std::size_t(m_position)]);
}

void FanvaKbPages::navigate(const Location &location)
{
    if (location == m_current)
        return;
    record(location);
    display(location);
}

void FanvaKbPages::record(const Location &location)
{
    m_history.resize(std::size_t(m_position + 1));
    m_history.push_back(location);
    if (m_history.size() > s_maxHistory)
        m_history.erase(m_history.begin());
    m_position = qsizetype(m_history.size()) - 1;
}

void FanvaKbPages::display(const Location &location)
{
    const bool contextChanged = m_termsContext != location.context;
    m_current = location;
    m_syncing = true;
    if (contextChanged) {
        listTerms(location.context);
        selectContextRow(location.context);
    }
    selectTermRow(location.term);
    m_syncing = false;
    showPage();
    updateNavigation();
    Q_EMIT locationChanged(m_current.context, m_current.term);
}

void FanvaKbPages::listTerms(const QString &context)
{
    m_termsContext = context;
    ++m_termGeneration;
    m_termWatcher->future().cancel();
    const kb::SymbolId id = symbolOf(context).value_or(kb::noSymbol);
    const bool large = m_kb && id != kb::noSymbol && m_kb->hasContext(id) && m_kb->sentencesIn(id).size() >= m_backgroundThreshold;
    if (!large) {
        // A small context is listed at once: it costs less than a frame.
        m_terms->setContext(m_kb, id);
        m_rowsContext = context;
        finishIndexing();
        return;
    }
    // A reload keeps the context's list until the new one is in; another context's goes.
    if (m_rowsContext != context) {
        m_terms->setRows({});
        m_rowsContext.clear();
    }
    m_termProgress->setFormat(tr("Indexing the terms of %1… %p%").arg(context));
    m_termProgress->setValue(0);
    m_termProgress->show();
    const bool started = !m_indexing;
    m_indexing = true;
    m_termWatcher->setFuture(QtConcurrent::run([kb = m_kb, id, generation = m_termGeneration](QPromise<TermListing> &promise) {
        promise.setProgressRange(0, 100);
        TermListing listing { generation, KbTermModel::rowsOf(*kb, id, [&promise](std::size_t done, std::size_t total) {
                                 if (promise.isCanceled())
                                     return false;
                                 promise.setProgressValue(total > 0 ? int(done * 100 / total) : 0);
                                 return true;
                             }) };
        promise.addResult(std::move(listing));
    }));
    if (started)
        Q_EMIT indexingStarted(context);
}

void FanvaKbPages::onTermsListed()
{
    QFuture<TermListing> future = m_termWatcher->future();
    if (future.isCanceled() || future.resultCount() == 0)
        return;
    TermListing listing = future.takeResult();
    if (listing.generation != m_termGeneration || !listing.rows)
        return;
    m_syncing = true;
    m_terms->setRows(std::move(*listing.rows));
    m_rowsContext = m_current.context;
    selectTermRow(m_current.term);
    m_syncing = false;
    finishIndexing();
}

void FanvaKbPages::finishIndexing()
{
    m_termProgress->hide();
    if (!std::exchange(m_indexing, false))
        return;
    Q_EMIT indexingFinished();
}

void FanvaKbPages::selectContextRow(const QString &context)
{
    const QModelIndexList indexes = m_contexts->indexesOf(context);
    if (indexes.isEmpty()) {
        m_contextView->selectionModel()->clear();
        return;
    }
    // Keep the row the user picked when the context appears under several parents.
    const QModelIndex current = m_contextView->currentIndex();
    if (current.isValid() && current.siblingAtColumn(KbContextModel::NameColumn).data(KbContextModel::ContextNameRole) == context)
        return;
    m_contextView->setCurrentIndex(indexes.constFirst());
    m_contextView->scrollTo(indexes.constFirst());
}

void FanvaKbPages::selectTermRow(const QString &term)
{
    const int row = m_terms->rowOf(term);
    const QModelIndex index = row < 0 ? QModelIndex() : m_filter->mapFromSource(m_terms->index(row, KbTermModel::TermColumn));
    if (!index.isValid()) {
        m_termView->selectionModel()->clear();
        return;
    }
    m_termView->setCurrentIndex(index);
    m_termView->scrollTo(index);
}

void FanvaKbPages::onContextActivated()
{
    if (m_syncing)
        return;
    const QString context
        = m_contextView->currentIndex().siblingAtColumn(KbContextModel::NameColumn).data(KbContextModel::ContextNameRole).toString();
    if (!context.isEmpty() && context != m_current.context)
        navigate({ context, {} });
}

void FanvaKbPages::onTermActivated()
{
    if (m_syncing)
        return;
    const QString term = m_termView->currentIndex().siblingAtColumn(KbTermModel::TermColumn).data(KbTermModel::TermNameRole).toString();
    if (!term.isEmpty())
        navigate({ m_current.context, term });
}

QString FanvaKbPages::newSentenceText(const QString &term, kb::Role role, int *cursor)
{
    // The fanva-kb term pages' (another language's are StatementBrowser's).
    return lang::fanvaKb().editorServices()->newStatementAbout(term, role, cursor);
}

void FanvaKbPages::updateNavigation()
{
    m_backAction->setEnabled(canGoBack());
    m_forwardAction->setEnabled(canGoForward());
    const bool term = m_kb && !m_current.term.isEmpty();
    m_newSentenceAction->setEnabled(term);
    m_newSentenceAction->setText(term ? tr("New Sentence about %1").arg(m_current.term) : tr("New Sentence"));
    m_newSentenceAction->setToolTip(m_newSentenceAction->text());
    QString text;
    if (!m_current.term.isEmpty())
        text = tr("%1 in %2").arg(m_current.term, m_current.context.isEmpty() ? tr("every context") : m_current.context);
    else
        text = m_current.context;
    m_locationLabel->setText(text);
}

// The page of a context: its file, size, genlCx parents, the contexts it sees and is seen by.
QString FanvaKbPages::contextPageHtml(kb::SymbolId context) const
{
    const std::optional<kb::ContextInfo> info = m_kb->contextInfo(context);
    QStringList parents;
    for (const kb::SymbolId parent : info->parents)
        parents.append(
            m_kb->hasContext(parent) ? link(s_contextScheme, kb::symbolString(parent)) : kb::symbolString(parent).toHtmlEscaped());
    QStringList seen;
    for (const kb::SymbolId visible : m_kb->visibleContexts(context)) {
        if (visible != context)
            seen.append(link(s_contextScheme, kb::symbolString(visible)));
    }
    QStringList seenBy;
    for (const kb::SymbolId below : m_kb->seenBy(context)) {
        if (below != context)
            seenBy.append(link(s_contextScheme, kb::symbolString(below)));
    }
    const auto listOrNone = [](const QStringList &list) { return list.isEmpty() ? tr("none") : list.join(QStringLiteral(", ")); };
    return QStringLiteral("<h3>%1</h3>").arg(m_current.context.toHtmlEscaped())
        + section(tr("File:"), QDir::toNativeSeparators(info->file).toHtmlEscaped())
        + section(tr("Sentences:"), QString::number(info->sentenceCount)) + section(tr("genlCx:"), listOrNone(parents))
        + section(tr("Sees:"), listOrNone(seen)) + section(tr("Seen by:"), listOrNone(seenBy))
        + QStringLiteral("<p>%1</p>").arg(tr("Pick a term of this context to see what the KB knows about it.").toHtmlEscaped());
}

void FanvaKbPages::showPage()
{
    m_page->clear();
    m_mentions->clear();
    if (!m_kb)
        return;
    const std::optional<kb::SymbolId> context = symbolOf(m_current.context);
    const kb::Scope scope { context && m_kb->hasContext(*context) ? *context : kb::noSymbol, kb::noKey };
    QString html;
    std::vector<kb::SentenceId> mentions;

    if (m_current.term.isEmpty()) {
        if (scope.context != kb::noSymbol)
            m_page->setHtml(contextPageHtml(scope.context));
        return;
    }

    const std::optional<kb::SymbolId> symbol = symbolOf(m_current.term);
    const kb::TermUsage usage = symbol ? m_kb->findTerm(*symbol, scope) : kb::TermUsage {};
    const QString seenFrom = scope.context == kb::noSymbol ? tr("any context") : m_current.context;
    html = QStringLiteral("<h3>%1</h3>").arg(m_current.term.toHtmlEscaped());
    m_termRole = symbol && usage.used ? usage.role : kb::nameRole(m_current.term.toStdString());
    const QString role = symbol ? QString(kb::roleName(usage.role)) : QString(kb::roleName(kb::nameRole(m_current.term.toStdString())));
    html += section(tr("Role:"),
        (usage.used ? tr("%1, used in the KB as seen from %2") : tr("%1, not used in the KB as seen from %2"))
            .arg(role, seenFrom)
            .toHtmlEscaped());
    if (!symbol || !usage.used) {
        m_page->setHtml(html);
        return;
    }
    const kb::SymbolId t = *symbol;
    for (const kb::SentenceId id : m_kb->comments(t, scope)) {
        const std::string_view text = m_kb->sentence(id).term.at(2).text();
        html += section(tr("Comment:"), QString::fromUtf8(text.data(), qsizetype(text.size())).toHtmlEscaped());
    }
    html += section(tr("Supertypes:"), linkList(m_kb->genls(t, scope)));
    html += section(tr("Subtypes:"), linkList(m_kb->specs(t, scope)));
    html += section(tr("Instance of:"), linkList(m_kb->memberships(t, scope)));
    if (const std::optional<kb::Arity> arity = m_kb->arityOf(t, scope)) {
        QString text = arity->variableArity ? tr("%1 or more").arg(arity->count) : QString::number(arity->count);
        if (arity->via != kb::noSymbol)
            text += tr(" (via %1)").arg(termLink(arity->via));
        html += section(tr("Arity:"), text);
    }
    const std::vector<kb::ArgConstraint> constraints = m_kb->argConstraints(t, scope);
    if (!constraints.empty()) {
        QStringList items;
        for (const kb::ArgConstraint &c : constraints) {
            QString item = (c.kind == kb::ArgConstraint::Kind::Arg ? tr("argument %1: %2") : tr("argument %1 (genlArg): %2"))
                               .arg(c.position)
                               .arg(termLink(c.type));
            if (c.of != t)
                item += tr(" (declared on %1)").arg(termLink(c.of));
            items.append(item);
        }
        html += section(tr("Argument types:"), items.join(QStringLiteral("; ")));
    }
    html += section(tr("Disjoint with:"), linkList(m_kb->disjointTypes(t, scope)));
    static constexpr std::array s_marks { kb::sym::symmetric, kb::sym::asymmetric, kb::sym::irreflexive, kb::sym::functional,
        kb::sym::transitive, kb::sym::reflexive, kb::sym::antiSymmetric, kb::sym::antiTransitive, kb::sym::equivalenceRelation,
        kb::sym::variableArity };
    QStringList marks;
    for (const kb::SymbolId mark : s_marks) {
        for (const kb::SymbolId q : m_kb->marksOver(t, mark, scope))
            marks.append(q == t ? kb::symbolString(mark).toHtmlEscaped()
                                : tr("%1 (via %2)").arg(kb::symbolString(mark).toHtmlEscaped(), termLink(q)));
    }
    if (!marks.isEmpty())
        html += section(tr("Relation marks:"), marks.join(QStringLiteral(", ")));
    mentions = m_kb->mentioning(t, scope);
    html += section(tr("Mentioned in:"), tr("%n sentences (below)", nullptr, int(mentions.size())).toHtmlEscaped());
    m_page->setHtml(html);

    // The sentences as KB text, highlighted like the proposal; each context's under a header.
    QString text;
    kb::SymbolId lastContext = kb::noSymbol;
    for (std::size_t i = 0; i < mentions.size() && i < s_maxSentences; ++i) {
        const kb::SentenceInfo &sentence = m_kb->sentence(mentions[i]);
        if (sentence.context != lastContext) {
            if (lastContext != kb::noSymbol)
                text += QLatin1Char('\n');
            text += QStringLiteral(";; %1 (%2)\n").arg(kb::symbolString(sentence.context), QFileInfo(m_kb->fileOf(mentions[i])).fileName());
            lastContext = sentence.context;
        }
        text += kb::render(sentence.term) + QLatin1Char('\n');
    }
    if (mentions.size() > s_maxSentences)
        text += tr(";; … and %n more sentences", nullptr, int(mentions.size() - s_maxSentences)) + QLatin1Char('\n');
    m_mentions->setPlainText(text);
}

void FanvaKbPages::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        KbHighlighting::setPalette(m_highlighter, m_mentions->palette());
}

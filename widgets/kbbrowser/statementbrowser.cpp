// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kbbrowser/statementbrowser.h"

#include "common/kbhighlighting.h"
#include "kbbrowser/termpage.h"
#include "review/inlineeditor.h"

#include "lang/editorservices.h"
#include "lang/gates.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace {

enum Column : quint8 { FileColumn, TargetColumn, StatementsColumn };

} // namespace

StatementBrowser::StatementBrowser(QWidget *parent)
    : QWidget(parent)
    , m_note(new QLabel(this))
    , m_files(new QTreeWidget(this))
    , m_statements(new QPlainTextEdit(this))
    , m_editor(new InlineEditor(this))
    , m_termPage(new QTextBrowser(this))
    , m_newSentenceAction(new QAction(QIcon::fromTheme(QStringLiteral("list-add")), tr("New Sentence"), this))
{
    setObjectName(QStringLiteral("kbStatementBrowser"));
    m_note->setObjectName(QStringLiteral("kbStatementNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);

    m_files->setObjectName(QStringLiteral("kbFileList"));
    m_files->setAccessibleName(tr("KB files"));
    m_files->setHeaderLabels({ tr("File"), tr("Target"), tr("Statements") });
    m_files->setRootIsDecorated(false);
    m_files->setUniformRowHeights(true);
    m_files->header()->setStretchLastSection(false);
    m_files->header()->setSectionResizeMode(FileColumn, QHeaderView::Stretch);
    m_files->header()->setSectionResizeMode(TargetColumn, QHeaderView::ResizeToContents);
    m_files->header()->setSectionResizeMode(StatementsColumn, QHeaderView::ResizeToContents);
    connect(m_files, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            showFile(m_files->indexOfTopLevelItem(item));
    });

    m_statements->setObjectName(QStringLiteral("kbStatements"));
    m_statements->setAccessibleName(tr("Statements of the file"));
    m_statements->setAccessibleDescription(tr("One statement a line; Return or a double click edits it with the language's gates"));
    m_statements->setReadOnly(true);
    m_statements->setTabChangesFocus(true);
    m_statements->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_statements->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_statements->viewport()->installEventFilter(this);
    m_statements->installEventFilter(this);

    m_editor->setAccessibleName(tr("Edit a statement"));
    connect(m_editor, &InlineEditor::committed, this, [this](const QString &, const QString &text) { Q_EMIT statementCommitted(text); });
    connect(m_editor, &InlineEditor::lookUpRequested, this, [this](const QString &term) { showTerm(term); });

    // A term's page, as the KB's language describes it; its links are terms too.
    m_termPage->setObjectName(QStringLiteral("kbStatementTermPage"));
    m_termPage->setAccessibleName(tr("Term page"));
    m_termPage->setOpenLinks(false);
    m_termPage->hide();
    connect(m_termPage, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == TermPage::termScheme)
            showTerm(url.path());
    });
    m_newSentenceAction->setObjectName(QStringLiteral("actionNewStatementAbout"));
    m_newSentenceAction->setEnabled(false);
    connect(m_newSentenceAction, &QAction::triggered, this, [this] {
        const fanva::lang::EditorServices *services = m_kb ? m_kb->language().editorServices() : nullptr;
        if (!services || m_term.isEmpty())
            return;
        int cursor = 0;
        const QString text = services->newStatementAbout(m_term, m_termRole, &cursor);
        Q_EMIT newSentenceRequested(text, cursor);
    });
    auto *newSentenceButton = new QToolButton(this);
    newSentenceButton->setObjectName(QStringLiteral("kbNewStatementButton"));
    newSentenceButton->setDefaultAction(m_newSentenceAction);
    newSentenceButton->setAutoRaise(true);
    newSentenceButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("kbStatementSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(m_files);
    splitter->addWidget(m_statements);
    splitter->addWidget(m_termPage);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    splitter->setStretchFactor(2, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_note, 1);
    top->addWidget(newSentenceButton);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_editor);
    setFocusProxy(m_files);
}

StatementBrowser::~StatementBrowser() = default;

void StatementBrowser::attachHighlighter(const fanva::lang::Language &language)
{
    if (m_highlighted == &language)
        return;
    delete m_highlighter;
    m_highlighter = KbHighlighting::attach(m_statements->document(), m_statements->palette(), language);
    m_editor->setLanguage(language);
    m_highlighted = &language;
}

void StatementBrowser::setKb(std::shared_ptr<const fanva::lang::Kb> kb, std::vector<KbFileStatements> files, const QString &target)
{
    m_editor->cancel();
    m_kb = std::move(kb);
    m_term.clear();
    m_termPage->clear();
    m_termPage->hide();
    m_newSentenceAction->setEnabled(false);
    m_newSentenceAction->setText(tr("New Sentence"));
    m_fileStatements = m_kb ? std::move(files) : std::vector<KbFileStatements> {};
    m_current = -1;
    m_files->clear();
    m_statements->clear();
    if (!m_kb) {
        m_note->clear();
        return;
    }
    attachHighlighter(m_kb->language());
    m_note->setText(tr("A %1 KB of %n statements, listed by file. Ctrl+L in the editor shows the page of the term at the cursor.", nullptr,
        int(m_kb->statementCount()))
                        .arg(m_kb->language().id()));
    int chosen = m_fileStatements.empty() ? -1 : 0;
    for (std::size_t i = 0; i < m_fileStatements.size(); ++i) {
        const KbFileStatements &file = m_fileStatements[i];
        auto *item = new QTreeWidgetItem(m_files);
        item->setText(FileColumn, QDir::toNativeSeparators(file.relativePath));
        item->setToolTip(FileColumn, QDir::toNativeSeparators(file.path));
        item->setText(TargetColumn, file.target.isEmpty() ? tr("—") : file.target);
        item->setText(StatementsColumn, QString::number(file.statements.size()));
        item->setTextAlignment(StatementsColumn, Qt::AlignRight | Qt::AlignVCenter);
        if (!target.isEmpty() && file.target == target)
            chosen = int(i);
    }
    // A KB has few files and many statements: the list is as tall as its rows (up to 8).
    const int rows = std::clamp(m_files->topLevelItemCount(), 1, 8);
    const int rowHeight = m_files->topLevelItemCount() > 0 ? m_files->sizeHintForRow(0) : m_files->fontMetrics().height();
    m_files->setMaximumHeight(m_files->header()->sizeHint().height() + rows * rowHeight + 2 * m_files->frameWidth() + 2);
    if (chosen >= 0)
        setCurrentFile(chosen);
}

bool StatementBrowser::setCurrentFile(int index)
{
    if (index < 0 || index >= m_files->topLevelItemCount())
        return false;
    m_files->setCurrentItem(m_files->topLevelItem(index));
    if (m_current != index)
        showFile(index);
    return true;
}

QString StatementBrowser::currentTarget() const
{
    if (!m_kb)
        return {};
    if (m_current >= 0 && !m_fileStatements[std::size_t(m_current)].target.isEmpty())
        return m_fileStatements[std::size_t(m_current)].target;
    const QStringList targets = m_kb->targets();
    return targets.isEmpty() ? QString() : targets.constFirst();
}

void StatementBrowser::showFile(int index)
{
    m_current = index;
    QStringList lines;
    for (const fanva::lang::Statement &statement : m_fileStatements[std::size_t(index)].statements)
        lines.append(statement.text);
    m_statements->setPlainText(lines.join(QLatin1Char('\n')));
}

std::vector<fanva::lang::Problem> StatementBrowser::gate(const QString &text) const
{
    if (!m_kb)
        return {};
    const fanva::lang::GateReport report = fanva::lang::runGates(*m_kb, text, currentTarget());
    return report.isAdmissible() ? report.notes : report.problems;
}

bool StatementBrowser::showTerm(const QString &term)
{
    if (!m_kb || term.isEmpty())
        return false;
    const fanva::lang::TermDescription described = m_kb->language().describeTerm(*m_kb, term, currentTarget(), 20);
    m_term = term;
    m_termRole = described.role;
    m_termPage->setHtml(TermPage::html(described));
    m_termPage->show();
    const bool known = described.role != fanva::lang::TermRole::None && m_kb->language().editorServices();
    m_newSentenceAction->setEnabled(known);
    m_newSentenceAction->setText(tr("New Sentence about %1").arg(term));
    m_newSentenceAction->setToolTip(
        known ? tr("Write a new statement about %1").arg(term) : tr("%1 is not known to the KB or its language").arg(term));
    return true;
}

bool StatementBrowser::editStatement(int index, const QString &text)
{
    if (!m_kb || m_current < 0)
        return false;
    QString sentence = text;
    const std::vector<fanva::lang::Statement> &statements = m_fileStatements[std::size_t(m_current)].statements;
    if (sentence.isEmpty()) {
        if (index < 0 || std::size_t(index) >= statements.size())
            return false;
        sentence = statements[std::size_t(index)].text;
    }
    m_editor->setKnowledgeBase(m_kb, currentTarget());
    m_editor->open(QStringLiteral("s%1").arg(index + 1), sentence, [this](const QString &candidate) { return gate(candidate); });
    return true;
}

void StatementBrowser::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && m_highlighter)
        KbHighlighting::setPalette(m_highlighter, m_statements->palette());
    QWidget::changeEvent(event);
}

bool StatementBrowser::eventFilter(QObject *watched, QEvent *event)
{
    // A double click on a statement, or Return in the list, edits it.
    const bool doubleClick = watched == m_statements->viewport() && event->type() == QEvent::MouseButtonDblClick;
    bool enter = false;
    if (watched == m_statements && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        enter = key == Qt::Key_Return || key == Qt::Key_Enter;
    }
    if (doubleClick || enter) {
        const int line = m_statements->textCursor().blockNumber();
        // A statement may span lines: the statement whose text holds the cursor's line.
        int first = 0;
        const std::vector<fanva::lang::Statement> &statements
            = m_current >= 0 ? m_fileStatements[std::size_t(m_current)].statements : std::vector<fanva::lang::Statement> {};
        for (std::size_t i = 0; i < statements.size(); ++i) {
            const int last = first + int(statements[i].text.count(QLatin1Char('\n')));
            if (line <= last) {
                editStatement(int(i));
                return true;
            }
            first = last + 1;
        }
    }
    return QWidget::eventFilter(watched, event);
}

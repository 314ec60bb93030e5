// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/reviewpresenter.h"

#include "review/entryaxes.h"
#include "review/entrymodel.h"
#include "review/inlineeditor.h"
#include "review/reviewcontroller.h"

#include "lang/language.h"

#include <QAction>
#include <QMessageBox>
#include <QScrollBar>
#include <QTextBlock>

#include <algorithm>

using namespace fanva;
using proposal::DiffLine;

ReviewPresenter::ReviewPresenter(ReviewController *review, ProposalView *view, QObject *parent)
    : QObject(parent)
    , m_review(review)
    , m_view(view)
    , m_confirm([view](const QString &title, const QString &text) {
        return QMessageBox::question(view, title, text, QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
    })
{
    createActions();
    createAuthoringActions();
    m_editor = new InlineEditor(m_view->viewport());
    connect(m_editor, &InlineEditor::committed, this, [this](const QString &id, const QString &sentence) {
        if (m_replaceLine > 0 && id == m_newEntry)
            m_review->replaceSentence(m_replaceLine, sentence);
        else if (!m_newEntry.isEmpty() && id == m_newEntry)
            commitNewEntry(sentence);
        else
            m_review->edit(id, sentence);
        finishEdit();
    });
    connect(m_editor, &InlineEditor::cancelled, this, &ReviewPresenter::finishEdit);
    connect(m_editor, &InlineEditor::sizeHintChanged, this, &ReviewPresenter::placeEditor);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, &ReviewPresenter::placeEditor);
    m_viewport = m_view->viewport();
    m_viewport->installEventFilter(this);
    connect(m_review, &ReviewController::proposalChanged, this, &ReviewPresenter::refresh);
    connect(m_review->entries(), &EntryModel::entriesChanged, this, &ReviewPresenter::refresh);
    connect(m_view, &ProposalView::gutterClicked, this, [this](int line) {
        const QString id = entryAtLine(line);
        if (!id.isEmpty())
            setCurrentEntry(id);
    });
    connect(m_view, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        const QString id = entryAtLine(m_view->textCursor().blockNumber());
        if (!id.isEmpty() && id != m_current)
            setCurrentEntry(id);
        updateActions();
    });
    updateActions();
}

ReviewPresenter::~ReviewPresenter() = default;

void ReviewPresenter::createActions()
{
    const auto make = [this](const QString &text, const QKeySequence &key, auto slot) {
        auto *action = new QAction(text, this);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_view->addAction(action);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    m_next = make(tr("&Next Entry"), QKeySequence(Qt::Key_J), [this] { move(1); });
    m_previous = make(tr("&Previous Entry"), QKeySequence(Qt::Key_K), [this] { move(-1); });
    m_accept = make(tr("&Accept"), QKeySequence(Qt::Key_A), [this] { m_review->accept(m_current); });
    m_reject = make(tr("&Reject"), QKeySequence(Qt::Key_X), [this] { m_review->reject(m_current); });
    m_undecide = make(tr("&Undecided"), QKeySequence(Qt::Key_U), [this] { m_review->setUndecided(m_current); });
    m_force = make(tr("&Force Accept…"), QKeySequence(Qt::SHIFT | Qt::Key_F), [this] { force(); });
    m_edit = make(tr("&Edit Entry"), QKeySequence(Qt::Key_E), [this] {
        // On a sentence of the target file, `e` replaces it; on an entry, it edits the entry.
        if (!replaceAtCursor())
            editCurrentEntry();
    });
    m_retract = make(tr("&Retract Sentence"), QKeySequence(Qt::Key_D), [this] { m_review->retractSentence(fileSentenceAtCursor()); });
    m_retract->setObjectName(QStringLiteral("actionRetractSentence"));
    m_rewrite = make(tr("Re&write…"), QKeySequence(Qt::Key_R), [this] { Q_EMIT rewriteRequested(); });
    m_rewrite->setObjectName(QStringLiteral("actionRewrite"));
    m_rewrite->setStatusTip(tr("Ask the model to rewrite the selected sentences of the target file as you say"));
    m_edit->setObjectName(QStringLiteral("actionEditEntry"));
    m_edit->setIcon(QIcon::fromTheme(QStringLiteral("document-edit")));
    for (int k = 1; k <= 9; ++k) {
        m_shapes.append(
            make(tr("Select Shape &%1").arg(k), QKeySequence(Qt::Key_0 + k), [this, k] { m_review->selectShape(m_current, k); }));
    }
    m_showWritten = new QAction(tr("Show &Exactly What Apply Writes"), this);
    m_showWritten->setCheckable(true);
    connect(m_showWritten, &QAction::toggled, this, &ReviewPresenter::setShowOnlyWritten);
}

QList<QAction *> ReviewPresenter::actions() const
{
    QList<QAction *> all { m_next, m_previous, m_accept, m_reject, m_undecide, m_force, m_edit, m_retract, m_rewrite, m_showWritten };
    all += m_shapes;
    return all;
}

void ReviewPresenter::setShowOnlyWritten(bool onlyWritten)
{
    if (m_onlyWritten == onlyWritten)
        return;
    m_onlyWritten = onlyWritten;
    m_showWritten->setChecked(onlyWritten);
    refresh();
}

int ReviewPresenter::lineOfEntry(const QString &id) const
{
    for (size_t line = 0; line < m_lines.size(); ++line) {
        if (m_lines[line].entryId == id && m_lines[line].firstOfEntry)
            return int(line);
    }
    return -1;
}

QString ReviewPresenter::entryAtLine(int line) const
{
    if (line < 0 || size_t(line) >= m_lines.size())
        return {};
    return m_lines[size_t(line)].entryId;
}

void ReviewPresenter::setCurrentEntry(const QString &id)
{
    if (id == m_current)
        return;
    m_current = id;
    updateSelections();
    updateActions();
    const int line = lineOfEntry(id);
    if (line >= 0) {
        const QSignalBlocker blocker(m_view);
        QTextCursor cursor(m_view->document()->findBlockByNumber(line));
        m_view->setTextCursor(cursor);
        m_view->ensureCursorVisible();
    }
    Q_EMIT currentEntryChanged(id);
}

void ReviewPresenter::move(int step)
{
    const EntryModel *model = m_review->entries();
    if (model->rowCount() == 0)
        return;
    const int row = model->rowOf(m_current);
    // The nearest entry in the direction of travel that the segment filter lets through.
    for (int next = row < 0 ? (step > 0 ? 0 : model->rowCount() - 1) : row + step; next >= 0 && next < model->rowCount(); next += step) {
        const proposal::Entry *e = model->entryAt(next);
        if (m_segmentFilter == 0 || e->segment == m_segmentFilter) {
            setCurrentEntry(e->id);
            return;
        }
    }
}

void ReviewPresenter::setSegmentFilter(int segment)
{
    segment = qMax(segment, 0);
    if (m_segmentFilter == segment)
        return;
    m_segmentFilter = segment;
    refresh();
    Q_EMIT segmentFilterChanged(segment);
}

void ReviewPresenter::force()
{
    const proposal::Entry *e = m_review->proposal().entry(m_current);
    if (!e || e->problems.empty())
        return;
    QStringList problems;
    for (const lang::Problem &p : e->problems)
        problems.append(QStringLiteral("%1 — %2").arg(p.type, p.message));
    const QString text = tr("Accept %1 although the gates refuse it?\n\n%2\n\nApply will write it as forced.")
                             .arg(e->id, problems.join(QLatin1Char('\n')));
    if (m_confirm(tr("Force Accept"), text))
        m_review->force(m_current);
}

void ReviewPresenter::updateActions()
{
    // While an edit is open the keys belong to the editor.
    const proposal::Entry *e = isEditing() ? nullptr : m_review->proposal().entry(m_current);
    const bool open = e && e->decision != formalize::Decision::Applied;
    for (QAction *action : { m_accept, m_reject, m_undecide })
        action->setEnabled(open);
    m_force->setEnabled(open && !e->problems.empty());
    const bool onFile = !isEditing() && fileSentenceAtCursor() > 0;
    m_edit->setEnabled((open && e->state != formalize::EntryState::Known && e->kind != formalize::EntryKind::Retract) || onFile);
    m_retract->setEnabled(onFile && !m_review->isRunning());
    m_rewrite->setEnabled(!isEditing() && !m_review->isRunning());
    for (int k = 0; k < m_shapes.size(); ++k)
        m_shapes[k]->setEnabled(open && k < e->shapes.size());
    const bool any = !isEditing() && m_review->entries()->rowCount() > 0;
    m_next->setEnabled(any);
    m_previous->setEnabled(any);
    m_newSentence->setEnabled(!isEditing() && !m_review->isRunning());
    m_rejudge->setEnabled(!isEditing() && !m_review->isRunning() && !m_review->isRejudging() && m_review->canRejudge(m_current));
}

int ReviewPresenter::fileSentenceAtCursor() const
{
    const int row = m_view->textCursor().blockNumber();
    if (row < 0 || std::size_t(row) >= m_lines.size())
        return 0;
    const DiffLine &line = m_lines[std::size_t(row)];
    if (line.kind != DiffLine::Kind::Context || line.fileLine <= 0 || m_review->isRemoved(line.fileLine))
        return 0;
    return m_review->existingSentence(line.fileLine) ? line.fileLine : 0;
}

std::vector<int> ReviewPresenter::selectedFileLines() const
{
    const QTextCursor cursor = m_view->textCursor();
    const int first = m_view->document()->findBlock(cursor.selectionStart()).blockNumber();
    const int last = m_view->document()->findBlock(cursor.selectionEnd()).blockNumber();
    std::vector<int> lines;
    for (int row = qMax(first, 0); row <= last; ++row) {
        if (!m_review->hasProposal()) {
            lines.push_back(row + 1);
            continue;
        }
        if (std::size_t(row) >= m_lines.size())
            break;
        const DiffLine &line = m_lines[std::size_t(row)];
        if (line.kind == DiffLine::Kind::Context && line.fileLine > 0)
            lines.push_back(line.fileLine);
    }
    return lines;
}

bool ReviewPresenter::replaceAtCursor()
{
    const int line = fileSentenceAtCursor();
    if (isEditing() || line <= 0 || m_review->isRunning())
        return false;
    const std::optional<formalize::ExistingSentence> old = m_review->existingSentence(line);
    if (!old)
        return false;
    m_replaceLine = line;
    m_replaceRow = m_view->textCursor().blockNumber();
    m_newEntry = m_review->nextEntryId();
    m_editor->open(m_newEntry, old->text, [this, line](const QString &sentence) { return m_review->gateReplacement(line, sentence); });
    placeEditor();
    updateActions();
    return true;
}

bool ReviewPresenter::isEditing() const
{
    return m_editor && m_editor->isOpen();
}

bool ReviewPresenter::editCurrentEntry()
{
    const proposal::Entry *e = m_review->proposal().entry(m_current);
    if (isEditing() || !e || e->decision == formalize::Decision::Applied || e->state == formalize::EntryState::Known
        || e->kind == formalize::EntryKind::Retract || lineOfEntry(m_current) < 0)
        return false;
    const QString id = e->id;
    m_editor->open(id, proposal::renderSentence(e->sentence(), m_review->proposal().kbLanguage()),
        [this, id](const QString &sentence) { return m_review->gateEdit(id, sentence); });
    placeEditor();
    updateActions();
    return true;
}

void ReviewPresenter::finishEdit()
{
    m_newEntry.clear();
    m_replaceLine = 0;
    m_replaceRow = -1;
    updateActions();
    m_view->setFocus(Qt::OtherFocusReason);
}

void ReviewPresenter::placeEditor()
{
    if (!isEditing())
        return;
    const int width = m_view->viewport()->width();
    if (m_replaceLine > 0 && m_replaceRow >= 0) {
        const QRect row = m_view->cursorRect(QTextCursor(m_view->document()->findBlockByNumber(m_replaceRow)));
        m_editor->setGeometry(0, row.top(), width, m_editor->heightForWidth(width));
        return;
    }
    if (!m_newEntry.isEmpty() && m_editor->entryId() == m_newEntry) {
        const int height = m_editor->heightForWidth(width);
        m_editor->setGeometry(0, newEntryTop(height), width, height);
        return;
    }
    const int line = lineOfEntry(m_editor->entryId());
    if (line < 0) {
        m_editor->cancel();
        return;
    }
    // Over the entry's sentence, across the viewport, tall enough for the text and its problems.
    const QRect row = m_view->cursorRect(QTextCursor(m_view->document()->findBlockByNumber(line)));
    m_editor->setGeometry(0, row.top(), width, m_editor->heightForWidth(width));
}

bool ReviewPresenter::eventFilter(QObject *watched, QEvent *event)
{
    // Compared with the pointer kept at construction: the filter also sees the viewport's
    // events while the view is being destroyed, when m_view->viewport() is no longer callable.
    if (watched == m_viewport && event->type() == QEvent::Resize)
        placeEditor();
    return QObject::eventFilter(watched, event);
}

void ReviewPresenter::refresh()
{
    const int scroll = m_view->verticalScrollBar()->value();
    m_lines = m_review->diff(m_onlyWritten, true);
    if (m_segmentFilter > 0) {
        // Keep the header, the block's own markers and the filtered sentence's entries.
        const proposal::Proposal &p = m_review->proposal();
        std::erase_if(m_lines, [this, &p](const DiffLine &line) {
            if (line.kind == DiffLine::Kind::Header || (line.kind == DiffLine::Kind::Marker && !line.text.isEmpty()))
                return false;
            const proposal::Entry *e = line.entryId.isEmpty() ? nullptr : p.entry(line.entryId);
            return !e || e->segment != m_segmentFilter;
        });
        if (!m_lines.empty() && m_lines.front().kind == DiffLine::Kind::Header)
            m_lines.front().text += tr(" — sentence [%1] only").arg(m_segmentFilter);
        if (std::none_of(m_lines.begin(), m_lines.end(), [](const DiffLine &line) { return !line.entryId.isEmpty(); }))
            m_lines.push_back({ DiffLine::Kind::Marker,
                tr("%1 no entry from sentence [%2]").arg(m_review->proposal().kbLanguage().lineComment()).arg(m_segmentFilter), {}, false,
                false });
    }
    const std::vector<DiffLine> &lines = m_lines;
    QStringList text;
    for (const DiffLine &line : lines)
        text.append(line.text);
    {
        const QSignalBlocker blocker(m_view);
        m_view->setPlainText(text.join(QLatin1Char('\n')));
    }
    m_view->clearMarks();
    // The gutter numbers the target file's lines, not the rows (rewrite.md §1).
    std::vector<int> numbers;
    numbers.reserve(lines.size());
    for (const DiffLine &line : lines)
        numbers.push_back(line.kind == DiffLine::Kind::Context || line.kind == DiffLine::Kind::Removed ? line.fileLine : 0);
    m_view->setLineNumbers(std::move(numbers));
    for (size_t i = 0; i < lines.size(); ++i) {
        if (!lines[i].firstOfEntry)
            continue;
        if (const proposal::Entry *e = m_review->proposal().entry(lines[i].entryId)) {
            m_view->setMark(
                int(i), GutterMark { EntryModel::gutterRank(e->rank()), EntryModel::gutterDecision(e->decision), EntryAxes::toolTip(*e) });
        }
    }
    if (!m_current.isEmpty() && !m_review->proposal().entry(m_current))
        m_current.clear();
    if (m_current.isEmpty() || lineOfEntry(m_current) < 0) {
        // Start on the first entry the diff shows (known entries have no line of their own).
        for (const DiffLine &line : m_lines) {
            if (line.firstOfEntry) {
                m_current = line.entryId;
                break;
            }
        }
    }
    if (m_current.isEmpty() && m_review->entries()->rowCount() > 0)
        m_current = m_review->entries()->entryAt(0)->id;
    updateSelections();
    updateActions();
    m_view->verticalScrollBar()->setValue(scroll);
    // The pane holds the whole target file: keep the current entry in view (after a run it
    // would otherwise sit below the file's head).
    if (const int line = lineOfEntry(m_current); line >= 0) {
        const QRect rect = m_view->cursorRect(QTextCursor(m_view->document()->findBlockByNumber(line)));
        if (!m_view->viewport()->rect().contains(rect)) {
            const QSignalBlocker blocker(m_view);
            m_view->setTextCursor(QTextCursor(m_view->document()->findBlockByNumber(line)));
            m_view->centerCursor();
        }
    }
    placeEditor();
    Q_EMIT currentEntryChanged(m_current);
}

void ReviewPresenter::updateSelections()
{
    const ReviewColours &colours = m_view->colours();
    const std::vector<DiffLine> &lines = m_lines;
    QList<QTextEdit::ExtraSelection> selections;
    QTextBlock block = m_view->document()->firstBlock();
    for (size_t i = 0; i < lines.size() && block.isValid(); ++i, block = block.next()) {
        const DiffLine &line = lines[i];
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(block);
        selection.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        bool any = false;
        if (line.kind == DiffLine::Kind::Context || line.kind == DiffLine::Kind::Header || line.kind == DiffLine::Kind::Marker) {
            selection.format.setForeground(colours.muted);
            any = true;
        }
        if (line.kind == DiffLine::Kind::Removed && !line.struck) {
            // An old sentence the entry removes: the `-` side of the diff.
            selection.format.setForeground(colours.refused);
            any = true;
        }
        if (line.struck) {
            selection.format.setFontStrikeOut(true);
            selection.format.setForeground(colours.muted);
            any = true;
        }
        if (!line.entryId.isEmpty() && line.entryId == m_current) {
            QTextEdit::ExtraSelection current;
            current.cursor = QTextCursor(block);
            current.format.setBackground(m_view->palette().alternateBase());
            current.format.setProperty(QTextFormat::FullWidthSelection, true);
            selections.append(current);
        }
        if (any)
            selections.append(selection);
    }
    m_view->setExtraSelections(selections);
}

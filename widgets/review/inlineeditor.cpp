// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/inlineeditor.h"

#include "common/kbhighlighting.h"
#include "editor/completionpopup.h"
#include "editor/editorvocabulary.h"

#include <QAbstractTextDocumentLayout>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtMath>

#include <utility>

namespace {

constexpr int s_maxEditorLines = 10;

bool isEnter(const QKeyEvent *key)
{
    return key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
}

bool isCtrlSpace(const QKeyEvent *key)
{
    return key->key() == Qt::Key_Space && (key->modifiers() & (Qt::ControlModifier | Qt::MetaModifier));
}

bool isCtrlL(const QKeyEvent *key)
{
    return key->key() == Qt::Key_L && (key->modifiers() & Qt::ControlModifier) && !(key->modifiers() & Qt::ShiftModifier);
}

} // namespace

InlineEditor::InlineEditor(QWidget *parent)
    : QFrame(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_problemsLabel(new QLabel(this))
    , m_hintLabel(
          new QLabel(tr("Enter commits · Shift+Enter starts a new line · Ctrl+Space completes · Ctrl+L looks up · Esc cancels"), this))
    , m_signatureLabel(new QLabel(this))
    , m_readsAsLabel(new QLabel(this))
    , m_timer(new QTimer(this))
    , m_vocabulary(new EditorVocabulary(this))
    , m_popup(new CompletionPopup(this))
{
    setObjectName(QStringLiteral("inlineEditor"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Window);
    setAccessibleName(tr("Edit entry"));

    m_editor->setObjectName(QStringLiteral("inlineEditorText"));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setAccessibleName(tr("Sentence"));
    m_editor->setTabChangesFocus(true);
    m_editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_editor->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_editor->installEventFilter(this);
    m_editor->viewport()->installEventFilter(this);
    setFocusProxy(m_editor);
    m_highlighter = KbHighlighting::attach(m_editor->document(), palette());

    setUpLabels();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(m_editor);
    layout->addWidget(m_signatureLabel);
    layout->addWidget(m_readsAsLabel);
    layout->addWidget(m_problemsLabel);
    layout->addWidget(m_hintLabel);

    connectEditor();
    hide();
}

InlineEditor::~InlineEditor() = default;

void InlineEditor::setUpLabels()
{
    m_problemsLabel->setObjectName(QStringLiteral("inlineEditorProblems"));
    m_problemsLabel->setWordWrap(true);
    m_problemsLabel->setTextFormat(Qt::PlainText);
    m_problemsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemsLabel->setAccessibleName(tr("Problems of the edited sentence"));
    m_hintLabel->setForegroundRole(QPalette::PlaceholderText);
    m_hintLabel->setWordWrap(true);
    m_signatureLabel->setObjectName(QStringLiteral("inlineEditorSignature"));
    m_signatureLabel->setTextFormat(Qt::RichText);
    m_signatureLabel->setWordWrap(true);
    m_signatureLabel->setAccessibleName(tr("Signature of the functor at the cursor"));
    m_signatureLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_signatureLabel->hide();
    m_readsAsLabel->setObjectName(QStringLiteral("inlineEditorReadsAs"));
    m_readsAsLabel->setWordWrap(true);
    m_readsAsLabel->setTextFormat(Qt::PlainText);
    m_readsAsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readsAsLabel->setAccessibleName(tr("What the sentence reads as"));
    m_readsAsLabel->hide();
}

void InlineEditor::connectEditor()
{
    connect(m_popup, &CompletionPopup::picked, this, &InlineEditor::acceptCompletion);
    connect(m_vocabulary, &EditorVocabulary::ready, this, [this] {
        if (isOpen()) {
            updateSignature();
            updateReadsAs();
        }
    });
    connect(m_editor, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        if (!isOpen())
            return;
        updateSignature();
        if (isCompleting()) {
            const fanva::lang::EditorCursor at = m_vocabulary->cursorAt(m_editor->toPlainText(), m_editor->textCursor().position());
            if (at.inLiteral || (at.prefix.isEmpty() && !m_explicitCompletion))
                closeCompletions();
        }
    });

    m_timer->setSingleShot(true);
    m_timer->setInterval(gateDelayMs);
    connect(m_timer, &QTimer::timeout, this, &InlineEditor::runGates);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        if (!isOpen())
            return;
        m_timer->start();
        // The underlines no longer match the text: they come back with the next gate run.
        if (!m_placed.empty()) {
            m_placed.clear();
            updateSquiggles();
        }
        updateReadsAs();
        if (m_typing || isCompleting())
            updateCompletions();
    });
    connect(
        m_editor->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this, &InlineEditor::fitEditorToText);
}

void InlineEditor::setKnowledgeBase(std::shared_ptr<const fanva::lang::Kb> kb, const QString &context)
{
    m_vocabulary->setKnowledgeBase(std::move(kb), context);
}

void InlineEditor::setLanguage(const fanva::lang::Language &language)
{
    delete m_highlighter;
    m_highlighter = KbHighlighting::attach(m_editor->document(), palette(), language);
    m_vocabulary->setLanguage(language);
}

bool InlineEditor::isCompleting() const
{
    return m_popup->isVisible();
}

void InlineEditor::hideEvent(QHideEvent *event)
{
    // The list is a window of its own: it would stay on screen when the pane goes.
    closeCompletions();
    QFrame::hideEvent(event);
}

void InlineEditor::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && m_highlighter)
        KbHighlighting::setPalette(m_highlighter, palette());
    QFrame::changeEvent(event);
}

void InlineEditor::open(const QString &entryId, const QString &sentence, Gate gate)
{
    if (m_source) {
        KnowledgeSource source = m_source();
        m_vocabulary->setKnowledgeBase(std::move(source.kb), source.context);
    }
    closeCompletions();
    m_typing = false;
    m_gate = std::move(gate);
    m_entryId = entryId;
    m_original = sentence.trimmed();
    m_editor->setPlainText(sentence);
    m_editor->moveCursor(QTextCursor::End);
    fitEditorToText();
    m_timer->stop();
    runGates();
    updateReadsAs();
    updateSignature();
    show();
    raise();
    m_editor->setFocus(Qt::OtherFocusReason);
}

QString InlineEditor::sentence() const
{
    return m_editor->toPlainText().trimmed();
}

QString InlineEditor::problemsText() const
{
    return m_problemsLabel->text();
}

bool InlineEditor::isGatePending() const
{
    return m_timer->isActive();
}

QSize InlineEditor::sizeHint() const
{
    const int width = QFrame::sizeHint().width();
    return { width, heightForWidth(width) };
}

bool InlineEditor::hasHeightForWidth() const
{
    return true;
}

int InlineEditor::heightForWidth(int width) const
{
    return layout()->totalHeightForWidth(width);
}

void InlineEditor::fitEditorToText()
{
    // As many editor lines as the text has, within bounds; a plain text document's height is
    // its number of lines, wrapped ones included.
    const int lines = qBound(1, qCeil(m_editor->document()->documentLayout()->documentSize().height()), s_maxEditorLines);
    m_editor->setFixedHeight(
        m_editor->fontMetrics().lineSpacing() * lines + 2 * m_editor->frameWidth() + 2 * int(m_editor->document()->documentMargin()) + 2);
    Q_EMIT sizeHintChanged();
}

void InlineEditor::cancel()
{
    if (isOpen())
        close(false);
}

void InlineEditor::commit()
{
    if (isOpen())
        close(true);
}

void InlineEditor::close(bool committing)
{
    const QString id = std::exchange(m_entryId, QString());
    const QString text = sentence();
    m_timer->stop();
    closeCompletions();
    hide();
    if (committing && !text.isEmpty() && text != m_original)
        Q_EMIT committed(id, text);
    else
        Q_EMIT cancelled();
}

bool InlineEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor->viewport() && event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString tip = toolTipAt(m_editor->cursorForPosition(help->pos()).position());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, m_editor->viewport());
        return true;
    }
    if (watched == m_editor && event->type() == QEvent::FocusOut && isCompleting()) {
        closeCompletions();
        return QFrame::eventFilter(watched, event);
    }
    if (watched != m_editor || (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride))
        return QFrame::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    if (event->type() == QEvent::ShortcutOverride) {
        // Enter, Escape, Ctrl+Space and Ctrl+L belong to the editor while it is open, whatever
        // the window binds them to.
        if (isEnter(key) || key->key() == Qt::Key_Escape || isCtrlSpace(key) || isCtrlL(key)) {
            event->accept();
            return true;
        }
        return QFrame::eventFilter(watched, event);
    }
    m_typing = false;
    if (handleKey(key))
        return true;
    // A character of a symbol typed: the completion list may open once the text has it.
    m_typing = !key->text().isEmpty() && m_vocabulary->isWordChar(key->text().front())
        && !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
    return QFrame::eventFilter(watched, event);
}

bool InlineEditor::handleKey(QKeyEvent *key)
{
    if (isCompleting() && handleCompletionKey(key))
        return true;
    if (isCtrlSpace(key)) {
        showCompletions();
        return true;
    }
    if (isCtrlL(key)) {
        const QString term = termAt(m_editor->textCursor().position());
        if (!term.isEmpty())
            Q_EMIT lookUpRequested(term, m_vocabulary->context());
        return true;
    }
    if (key->key() == Qt::Key_Escape) {
        cancel();
        return true;
    }
    if (!isEnter(key))
        return false;
    // Shift+Enter, or Enter while a list or string is still open: a new line (not the line
    // separator QPlainTextEdit inserts); Ctrl+Enter, or Enter on a closed sentence: commit.
    const bool newLine = (key->modifiers() & Qt::ShiftModifier)
        || (!(key->modifiers() & Qt::ControlModifier) && !m_vocabulary->isClosed(m_editor->toPlainText()));
    if (newLine)
        m_editor->textCursor().insertBlock();
    else
        commit();
    return true;
}

bool InlineEditor::handleCompletionKey(QKeyEvent *key)
{
    switch (key->key()) {
    case Qt::Key_Up:
        m_popup->moveSelection(-1);
        return true;
    case Qt::Key_Down:
        m_popup->moveSelection(1);
        return true;
    case Qt::Key_PageUp:
        m_popup->moveSelection(-10);
        return true;
    case Qt::Key_PageDown:
        m_popup->moveSelection(10);
        return true;
    case Qt::Key_Escape:
        closeCompletions(); // the list only, not the edit
        return true;
    case Qt::Key_Tab:
        acceptCompletion(m_popup->currentInsertion());
        return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (key->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier)) {
            closeCompletions();
            return false;
        }
        acceptCompletion(m_popup->currentInsertion());
        return true;
    case Qt::Key_Space:
    case Qt::Key_ParenRight:
        closeCompletions(); // and the character is typed
        return false;
    default:
        return false;
    }
}

bool InlineEditor::showCompletions()
{
    m_explicitCompletion = true;
    updateCompletions();
    return isCompleting();
}

void InlineEditor::closeCompletions()
{
    m_explicitCompletion = false;
    m_popup->hide();
}

void InlineEditor::updateCompletions()
{
    const fanva::lang::EditorCursor at = m_vocabulary->cursorAt(m_editor->toPlainText(), m_editor->textCursor().position());
    if (!isOpen() || at.inLiteral || (!m_explicitCompletion && at.prefix.size() < 2)) {
        closeCompletions();
        return;
    }
    const std::vector<fanva::lang::EditorCompletion> items = m_vocabulary->completions(at);
    m_popup->setItems(items);
    if (items.empty() || !isVisible()) {
        closeCompletions();
        return;
    }
    const QRect caret = m_editor->cursorRect();
    m_popup->showAt(m_editor->viewport()->mapToGlobal(caret.bottomLeft() + QPoint(0, 2)));
}

void InlineEditor::acceptCompletion(const QString &insertion)
{
    const bool explicitly = m_explicitCompletion;
    closeCompletions();
    if (insertion.isEmpty())
        return;
    QTextCursor cursor = m_editor->textCursor();
    const QString text = m_editor->toPlainText();
    const fanva::lang::EditorCursor at = m_vocabulary->cursorAt(text, cursor.position());
    if (at.inLiteral && !explicitly)
        return;
    // A completion that opens a list ("resident(") does not open a second one.
    const bool opened = insertion.endsWith(u'(') && text.mid(at.wordEnd, 1) == u"(";
    cursor.setPosition(at.wordStart);
    cursor.setPosition(at.wordEnd, QTextCursor::KeepAnchor);
    cursor.insertText(opened ? insertion.chopped(1) : insertion);
    if (opened)
        cursor.movePosition(QTextCursor::NextCharacter);
    m_editor->setTextCursor(cursor);
    closeCompletions(); // the text change may have reopened it
}

void InlineEditor::updateSignature()
{
    const fanva::lang::EditorCursor at = m_vocabulary->cursorAt(m_editor->toPlainText(), m_editor->textCursor().position());
    fanva::lang::ArgumentHint hint;
    if (!at.inString && !at.functor.isEmpty() && at.argument >= 1)
        hint = m_vocabulary->argumentHint(at);
    if (hint.plain == m_signature && hint.current == m_signatureArgument)
        return;
    m_signature = hint.plain;
    m_signatureArgument = hint.current;
    m_signatureLabel->setText(hint.rich);
    if (m_signatureLabel->isHidden() != hint.isEmpty()) {
        m_signatureLabel->setVisible(!hint.isEmpty());
        Q_EMIT sizeHintChanged();
    }
}

void InlineEditor::updateReadsAs()
{
    const bool withKb = m_vocabulary->knowledgeBase() != nullptr;
    m_readsAs = withKb ? m_vocabulary->gloss(sentence()) : QString();
    const QString line = m_readsAs.isEmpty() ? tr("Reads as: — (not one sentence yet)") : tr("Reads as: %1").arg(m_readsAs);
    if (m_readsAsLabel->text() != line)
        m_readsAsLabel->setText(line);
    if (m_readsAsLabel->isHidden() == withKb) {
        m_readsAsLabel->setVisible(withKb);
        Q_EMIT sizeHintChanged();
    }
}

void InlineEditor::updateSquiggles()
{
    m_editor->setExtraSelections(Squiggles::selections(m_editor, m_placed));
}

QString InlineEditor::termAt(int position) const
{
    const QString text = m_editor->toPlainText();
    const fanva::lang::EditorCursor at = m_vocabulary->cursorAt(text, position);
    if (at.inString || at.wordEnd <= at.wordStart)
        return {};
    const QString term = text.mid(at.wordStart, at.wordEnd - at.wordStart);
    return m_vocabulary->isTermWord(term) ? term : QString();
}

QString InlineEditor::toolTipAt(int position) const
{
    // The problems there, then the term there.
    QStringList parts;
    const QString problems = Squiggles::messagesAt(m_placed, position);
    if (!problems.isEmpty())
        parts.append(problems.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")));
    const QString summary = m_vocabulary->termSummary(termAt(position));
    if (!summary.isEmpty())
        parts.append(summary);
    return parts.join(QStringLiteral("<hr>"));
}

void InlineEditor::runGates()
{
    m_problems = m_gate ? m_gate(sentence()) : std::vector<fanva::lang::Problem> {};
    m_placed = Squiggles::place(m_editor->toPlainText(), m_problems);
    updateSquiggles();
    if (m_problems.empty()) {
        m_problemsLabel->setText(tr("The gates find no problem."));
    } else {
        QStringList lines;
        for (const fanva::lang::Problem &p : m_problems)
            lines.append(tr("%1 — %2").arg(p.type, p.message));
        m_problemsLabel->setText(lines.join(QLatin1Char('\n')));
    }
    Q_EMIT sizeHintChanged();
    Q_EMIT gated();
}

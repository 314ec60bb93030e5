// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/inlineeditor.h"

#include <QAbstractTextDocumentLayout>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>
#include <QtMath>

#include <utility>

namespace {

constexpr int s_maxEditorLines = 10;

bool isEnter(const QKeyEvent *key)
{
    return key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
}

} // namespace

InlineEditor::InlineEditor(QWidget *parent)
    : QFrame(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_problemsLabel(new QLabel(this))
    , m_hintLabel(new QLabel(tr("Enter commits · Shift+Enter starts a new line · Esc cancels"), this))
    , m_timer(new QTimer(this))
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
    setFocusProxy(m_editor);

    m_problemsLabel->setObjectName(QStringLiteral("inlineEditorProblems"));
    m_problemsLabel->setWordWrap(true);
    m_problemsLabel->setTextFormat(Qt::PlainText);
    m_problemsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemsLabel->setAccessibleName(tr("Problems of the edited sentence"));
    m_hintLabel->setForegroundRole(QPalette::PlaceholderText);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(m_editor);
    layout->addWidget(m_problemsLabel);
    layout->addWidget(m_hintLabel);

    m_timer->setSingleShot(true);
    m_timer->setInterval(gateDelayMs);
    connect(m_timer, &QTimer::timeout, this, &InlineEditor::runGates);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        if (isOpen())
            m_timer->start();
    });
    connect(
        m_editor->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this, &InlineEditor::fitEditorToText);
    hide();
}

InlineEditor::~InlineEditor() = default;

void InlineEditor::open(const QString &entryId, const QString &sentence, Gate gate)
{
    m_gate = std::move(gate);
    m_entryId = entryId;
    m_original = sentence.trimmed();
    m_editor->setPlainText(sentence);
    m_editor->moveCursor(QTextCursor::End);
    fitEditorToText();
    m_timer->stop();
    runGates();
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
    hide();
    if (committing && !text.isEmpty() && text != m_original)
        Q_EMIT committed(id, text);
    else
        Q_EMIT cancelled();
}

bool InlineEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_editor || (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride))
        return QFrame::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    const bool ours = isEnter(key) || key->key() == Qt::Key_Escape;
    if (!ours)
        return QFrame::eventFilter(watched, event);
    if (event->type() == QEvent::ShortcutOverride) {
        // Enter and Escape belong to the editor while it is open, whatever the window binds them to.
        event->accept();
        return true;
    }
    if (key->key() == Qt::Key_Escape)
        cancel();
    else if (key->modifiers() & Qt::ShiftModifier)
        m_editor->textCursor().insertBlock(); // a new line, not the line separator QPlainTextEdit inserts
    else
        commit();
    return true;
}

void InlineEditor::runGates()
{
    m_problems = m_gate ? m_gate(sentence()) : std::vector<fanva::check::Problem> {};
    if (m_problems.empty()) {
        m_problemsLabel->setText(tr("The gates find no problem."));
    } else {
        QStringList lines;
        for (const fanva::check::Problem &p : m_problems)
            lines.append(tr("%1 — %2").arg(p.type, p.message));
        m_problemsLabel->setText(lines.join(QLatin1Char('\n')));
    }
    Q_EMIT sizeHintChanged();
    Q_EMIT gated();
}

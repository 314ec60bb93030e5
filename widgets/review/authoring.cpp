// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Authoring (docs/formalize.md §9.1–§9.4): ReviewController's empty proposal to write into, author
// entries and Re-judge (through Rejudger); ReviewPresenter's New Sentence and Re-judge keys.
#include "review/reviewcontroller.h"

#include "attempts/attemptlogmodel.h"
#include "review/addentriescommand.h"
#include "review/entrymodel.h"
#include "review/inlineeditor.h"
#include "review/rejudger.h"
#include "review/reviewautosave.h"
#include "review/reviewpresenter.h"

#include "formalize/sessionsetup.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "status.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QTextBlock>
#include <QUndoStack>
#include <QUuid>

#include <algorithm>

using namespace fanva;
using proposal::Entry;
using proposal::Proposal;

Status ReviewController::beginAuthoring(const QString &kbFolder, std::shared_ptr<const lang::Kb> kb, const QString &context,
    const QStringList &sees, const std::optional<proposal::KbFingerprint> &fingerprintLoaded)
{
    if (isRunning())
        return Status::failure(tr("A formalization is running."));
    if (m_loadingKb)
        return Status::failure(tr("The review is still loading a KB; wait for it to finish."));
    if (!kb)
        return Status::failure(tr("The KB is not loaded."));
    if (context.isEmpty())
        return Status::failure(tr("Choose a target context first (--context or fanva.json)."));
    const QString kbDir = QFileInfo(kbFolder).absoluteFilePath();
    proposal::SessionFile session;
    session.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    session.created = QDateTime::currentDateTimeUtc();
    session.modified = session.created;
    const QString language = kb->language().id();
    // The KB's fingerprint as the window loaded it, else hashed now.
    const proposal::KbFingerprint fingerprint
        = fingerprintLoaded && !fingerprintLoaded->sha256.isEmpty() ? *fingerprintLoaded : proposal::kbFingerprint(kbDir, language);
    session.kbSha256 = fingerprint.sha256;
    session.kbFiles = fingerprint.files;
    session.credential = QStringLiteral("none");
    Proposal &p = session.proposal;
    p.kbDir = kbDir;
    p.context = context;
    p.language = language;
    m_run.reset();
    m_kb.adopt(std::move(kb));
    // The target's own file, as a formalization targets it: a context's file (<Context>.txt
    // when the KB has none), or the language's file for the target name.
    const QString root = m_kb.kb()->root().isEmpty() ? kbDir : m_kb.kb()->root();
    p.targetFile = QDir(kbDir).relativeFilePath(QDir(root).absoluteFilePath(m_kb.kb()->targetFile(context)));
    const std::optional<QString> base = proposal::fileSha256(p.targetPath());
    p.absent = !base.has_value();
    p.baseSha256 = base.value_or(QString());
    if (p.absent)
        p.sees = sees;

    // A new context (formalize.md §11.3): gated as if its file held its header already.
    if (!p.newFileHeader().isEmpty()) {
        if (Status loaded = loadKb(kbDir, language, &p); !loaded)
            return loaded;
    }
    m_setup = {};
    m_setup.kbFolder = kbDir;
    m_setup.language = language;
    m_setup.context = context;
    m_setup.sees = p.sees;
    m_session = std::move(session);
    m_sessionId = m_session->id;
    m_created = m_session->created;
    m_attempts->clear();
    m_undoStack->clear();
    m_autosave->begin(m_sessionId);
    m_entries->setProposal(m_session->proposal);
    m_modified = false;
    Q_EMIT proposalChanged();
    return {};
}

QString ReviewController::nextEntryId() const
{
    int largest = 0;
    for (const Entry &e : proposal().entries) {
        largest = std::max(largest, formalize::entryNumber(e.id));
        for (const formalize::HistoryItem &h : e.history)
            largest = std::max(largest, formalize::entryNumber(h.id));
    }
    return QStringLiteral("c%1").arg(largest + 1);
}

QStringList ReviewController::authoredSentences(const QString &text, const lang::Language &language)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return {};
    // Several sentences only when the reader reads them all cleanly; else the text is one
    // entry, which the parse gate then judges.
    const lang::ReadResult read = language.read(trimmed.toUtf8());
    if (read.hasErrors() || read.statements.size() < 2)
        return { trimmed };
    QStringList sentences;
    for (const lang::Statement &statement : read.statements)
        sentences.append(statement.text.trimmed());
    return sentences;
}

QStringList ReviewController::authoredSentences(const QString &text) const
{
    return authoredSentences(text, m_kb.isLoaded() ? m_kb.kb()->language() : lang::defaultLanguage());
}

std::vector<lang::Problem> ReviewController::gateNewEntry(const QString &text) const
{
    const QStringList sentences = authoredSentences(text);
    if (sentences.size() < 2)
        return gateEdit(QString(), text.trimmed());
    const auto problems = gateAfterWritten(QString(), sentences);
    const qsizetype first = qsizetype(problems.size()) - sentences.size();
    std::vector<lang::Problem> out;
    if (first < 0)
        return out;
    for (qsizetype i = first; i < qsizetype(problems.size()); ++i) {
        for (lang::Problem p : problems[std::size_t(i)]) {
            // A span points into its own sentence, not into the pasted text.
            p.span.reset();
            p.message = tr("sentence %1: %2").arg(i - first + 1).arg(p.message);
            out.push_back(p);
        }
    }
    return out;
}

QStringList ReviewController::addAuthorEntries(const QString &afterId, const QString &text)
{
    const QStringList sentences = authoredSentences(text);
    if (!m_session || !hasKb() || isRunning() || sentences.isEmpty())
        return {};
    const Proposal &current = proposal();
    const Entry *after = current.entry(afterId);
    const auto problems = gateAfterWritten(QString(), sentences);
    const qsizetype first = qsizetype(problems.size()) - sentences.size();

    std::vector<Entry> added;
    QStringList ids;
    int number = formalize::entryNumber(nextEntryId());
    for (qsizetype i = 0; i < sentences.size(); ++i) {
        Entry e;
        e.id = QStringLiteral("c%1").arg(number++);
        e.origin = formalize::Origin::Author;
        e.segment = after ? after->segment : 0;
        e.candidate = sentences.at(i);
        e.shapes = { sentences.at(i) };
        e.selectedShape = 1;
        e.confidence = formalize::Confidence::High;
        if (std::size_t(first + i) < problems.size()) {
            for (const lang::Problem &p : problems[std::size_t(first + i)])
                (lang::isBlocking(p.type) ? e.problems : e.notes).push_back(p);
        }
        // The author decided: accepted, unless a gate refuses it (then as any refused entry).
        // Already stored: known, as a drafted entry would be (nothing to write).
        const bool known
            = std::any_of(e.notes.begin(), e.notes.end(), [](const lang::Problem &p) { return p.type == lang::problem::known; });
        e.state = lang::hasBlocking(e.problems) ? formalize::EntryState::Refused
            : known                             ? formalize::EntryState::Known
                                                : formalize::EntryState::Admissible;
        e.decision = e.state == formalize::EntryState::Admissible ? formalize::Decision::Accepted : formalize::Decision::Undecided;
        e.gloss = m_kb.gloss(e.sentence(), current.context);
        ids.append(e.id);
        added.push_back(std::move(e));
    }
    m_undoStack->push(new AddEntriesCommand(m_entries, std::move(added), tr("New sentence %1").arg(ids.join(QStringLiteral(", ")))));
    return ids;
}

bool ReviewController::canRejudge(const QString &id) const
{
    const Entry *e = proposal().entry(id);
    return e && Rejudger::canRejudge(*e);
}

bool ReviewController::isRejudging() const
{
    return m_rejudger->isRunning();
}

Status ReviewController::rejudge(const QStringList &ids, const llm::ProviderOptions &provider)
{
    if (!m_session || !hasKb())
        return Status::failure(tr("There is no proposal to re-judge."));
    if (isRunning() || isRejudging())
        return Status::failure(tr("Wait for the running formalization or re-judge to finish."));
    return m_rejudger->start(ids, m_kb, m_session->segments, provider);
}

// --- ReviewPresenter ------------------------------------------------------------------------

void ReviewPresenter::createAuthoringActions()
{
    m_newSentence = new QAction(QIcon::fromTheme(QStringLiteral("list-add")), tr("&New Sentence"), this);
    m_newSentence->setObjectName(QStringLiteral("actionNewSentenceKey"));
    m_newSentence->setShortcut(QKeySequence(Qt::Key_N));
    m_newSentence->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(m_newSentence);
    connect(m_newSentence, &QAction::triggered, this, &ReviewPresenter::newSentenceRequested);

    m_rejudge = new QAction(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("Re-&judge"), this);
    m_rejudge->setObjectName(QStringLiteral("actionRejudge"));
    m_rejudge->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_J));
    m_rejudge->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_rejudge->setStatusTip(tr("Send the selected edited or author entry to the judge alone"));
    m_view->addAction(m_rejudge);
    connect(m_rejudge, &QAction::triggered, this, [this] {
        if (m_review->canRejudge(m_current))
            Q_EMIT rejudgeRequested({ m_current });
    });
    connect(m_review, &ReviewController::rejudgeFinished, this, &ReviewPresenter::updateActions);
    connect(m_review, &ReviewController::started, this, &ReviewPresenter::updateActions);
    connect(m_review, &ReviewController::finished, this, &ReviewPresenter::updateActions);
}

bool ReviewPresenter::newSentence(const QString &text, int cursor)
{
    if (isEditing() || !m_review->hasProposal() || m_review->isRunning())
        return false;
    // After the selected entry when the diff shows it, else at the end.
    m_newAfter = lineOfEntry(m_current) >= 0 ? m_current : QString();
    m_newEntry = m_review->nextEntryId();
    m_editor->open(m_newEntry, text, [this](const QString &sentence) { return m_review->gateNewEntry(sentence); });
    if (cursor >= 0 && cursor <= text.size()) {
        QTextCursor position = m_editor->editor()->textCursor();
        position.setPosition(cursor);
        m_editor->editor()->setTextCursor(position);
    }
    placeEditor();
    updateActions();
    return true;
}

int ReviewPresenter::newEntryTop(int editorHeight) const
{
    // Below the selected entry's last line (or the diff's last line), kept inside the viewport.
    int last = int(m_lines.size()) - 1;
    if (!m_newAfter.isEmpty()) {
        for (int line = 0; line < int(m_lines.size()); ++line) {
            if (m_lines[std::size_t(line)].entryId == m_newAfter)
                last = line;
        }
    }
    const QTextBlock block = m_view->document()->findBlockByNumber(qMax(last, 0));
    const int top = block.isValid() ? m_view->cursorRect(QTextCursor(block)).bottom() + 1 : 0;
    return qMax(0, qMin(top, m_view->viewport()->height() - editorHeight));
}

void ReviewPresenter::commitNewEntry(const QString &text)
{
    const QStringList ids = m_review->addAuthorEntries(m_newAfter, text);
    m_newEntry.clear();
    if (!ids.isEmpty())
        setCurrentEntry(ids.constFirst());
}

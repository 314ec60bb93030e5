#include "reviewcontroller.h"

#include "attemptlogmodel.h"
#include "entrymodel.h"

#include "formalize/sessionsetup.h"
#include "kb/knowledgebase.h"
#include "llm/provider.h"
#include "llm/selection.h"
#include "proposal/gate.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUndoCommand>
#include <QUndoStack>
#include <QUuid>

using namespace fanva;
using proposal::Entry;
using proposal::Proposal;

namespace {

/// One reviewer decision: the entry before and after, so undo and redo restore it whole.
class DecisionCommand final : public QUndoCommand
{
public:
    DecisionCommand(EntryModel *model, Entry before, Entry after, const QString &text)
        : QUndoCommand(text)
        , m_model(model)
        , m_before(std::move(before))
        , m_after(std::move(after))
    { }
    void undo() override { m_model->setEntry(m_before); }
    void redo() override { m_model->setEntry(m_after); }

private:
    EntryModel *m_model;
    Entry m_before;
    Entry m_after;
};

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

ReviewController::ReviewController(QObject *parent)
    : QObject(parent)
    , m_entries(new EntryModel(this))
    , m_attempts(new AttemptLogModel(this))
    , m_undoStack(new QUndoStack(this))
{ }

ReviewController::~ReviewController()
{
    if (m_run)
        m_run->disconnect(this);
}

const Proposal &ReviewController::proposal() const
{
    return m_entries->proposal();
}

bool ReviewController::isRunning() const
{
    return m_run && !m_run->isFinished();
}

bool ReviewController::loadKb(const QString &folder, QString *error)
{
    const kb::LoadResult loaded = kb::loadKnowledgeBase(folder);
    if (!loaded.ok()) {
        QStringList messages;
        for (const kb::Diagnostic &d : loaded.diagnostics)
            messages.append(d.toString());
        *error = tr("The knowledge base in %1 does not load:\n%2").arg(QDir::toNativeSeparators(folder), messages.join(QLatin1Char('\n')));
        return false;
    }
    m_kb = loaded.kb;
    return true;
}

bool ReviewController::start(const ReviewSetup &setup, QString *error)
{
    if (isRunning()) {
        *error = tr("A formalization is already running.");
        return false;
    }
    QFile file(setup.documentPath);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(setup.documentPath), file.errorString());
        return false;
    }
    const QByteArray document = file.readAll();
    if (!loadKb(setup.kbFolder, error))
        return false;
    llm::ProviderResult created = llm::createProvider(setup.provider);
    if (!created.provider) {
        *error = tr("Cannot use the provider %1: %2").arg(setup.provider.id, QString::fromStdString(created.failure->message));
        return false;
    }

    m_run.reset();
    m_provider = std::move(created.provider);
    m_setup = setup;
    formalize::SessionSettings settings = setup.settings;
    settings.model = setup.provider.model;
    formalize::SessionInput input
        = formalize::makeSessionInput(m_kb, setup.context, document, QFileInfo(setup.documentPath).fileName(), settings);
    input.providerId = setup.provider.id;

    m_attempts->clear();
    m_run = std::make_unique<formalize::Session>(m_provider.get(), std::move(input), formalize::standardHooks());
    connect(m_run.get(), &formalize::Session::eventAdded, m_attempts, &AttemptLogModel::addEvent);
    connect(m_run.get(), &formalize::Session::textDelta, this, &ReviewController::textDelta);
    connect(m_run.get(), &formalize::Session::finished, this, &ReviewController::onSessionFinished);
    m_created = QDateTime::currentDateTimeUtc();
    Q_EMIT started();
    m_run->start();
    return true;
}

void ReviewController::cancel()
{
    if (isRunning())
        m_run->cancel();
}

void ReviewController::onSessionFinished()
{
    proposal::SessionOrigin origin;
    origin.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    origin.created = m_created;
    origin.modified = QDateTime::currentDateTimeUtc();
    origin.kbDir = QFileInfo(m_setup.kbFolder).absoluteFilePath();
    origin.documentPath = QFileInfo(m_setup.documentPath).absoluteFilePath();
    origin.providerId = m_setup.provider.id;
    origin.model = m_setup.provider.model;
    origin.baseUrl = m_setup.provider.baseUrl.toString();
    origin.credential = m_setup.provider.keySource.isEmpty() ? QStringLiteral("none") : m_setup.provider.keySource;
    m_session = proposal::sessionFileFrom(*m_run, origin);
    m_undoStack->clear();
    m_entries->setProposal(m_session->proposal);
    Q_EMIT proposalChanged();
    Q_EMIT finished(m_run->outcomeName());
}

bool ReviewController::decide(const QString &id, const QString &text, const std::function<bool(Proposal &)> &change)
{
    const Entry *current = m_entries->proposal().entry(id);
    if (!current)
        return false;
    const Entry before = *current;
    if (!m_entries->change(id, change))
        return false;
    const Entry after = *m_entries->proposal().entry(id);
    if (!(after == before))
        m_undoStack->push(new DecisionCommand(m_entries, before, after, text.arg(id)));
    return true;
}

bool ReviewController::accept(const QString &id)
{
    return decide(id, tr("Accept %1"), [&id](Proposal &p) { return p.accept(id); });
}

bool ReviewController::reject(const QString &id)
{
    return decide(id, tr("Reject %1"), [&id](Proposal &p) { return p.reject(id); });
}

bool ReviewController::setUndecided(const QString &id)
{
    return decide(id, tr("Undecide %1"), [&id](Proposal &p) { return p.setUndecided(id); });
}

bool ReviewController::force(const QString &id)
{
    return decide(id, tr("Force %1"), [&id](Proposal &p) { return p.force(id); });
}

bool ReviewController::selectShape(const QString &id, int shape)
{
    return decide(id, tr("Select shape %2 of %1").arg(QStringLiteral("%1"), QString::number(shape)),
        [&id, shape](Proposal &p) { return p.selectShape(id, shape); });
}

std::vector<check::Problem> ReviewController::gateEdit(const QString &sentence) const
{
    if (!m_kb)
        return {};
    const auto problems = proposal::criticGate()(*m_kb, proposal().context, QStringList { sentence });
    return problems.empty() ? std::vector<check::Problem> {} : problems.front();
}

bool ReviewController::edit(const QString &id, const QString &sentence)
{
    const std::vector<check::Problem> problems = gateEdit(sentence);
    return decide(id, tr("Edit %1"), [&](Proposal &p) { return p.setEdit(id, sentence, problems); });
}

std::optional<std::pair<int, int>> ReviewController::segmentRange(int segment) const
{
    if (!m_session || segment <= 0)
        return std::nullopt;
    const QByteArray utf8 = m_session->documentText.toUtf8();
    for (const nlohmann::json &s : m_session->segments) {
        if (!s.is_object() || s.value("number", 0) != segment)
            continue;
        const qsizetype start = s.value("start", qsizetype(-1));
        const qsizetype end = s.value("end", qsizetype(-1));
        if (start < 0 || end < start || end > utf8.size())
            return std::nullopt;
        const int first = int(QString::fromUtf8(utf8.left(start)).size());
        return std::pair { first, first + int(QString::fromUtf8(utf8.mid(start, end - start)).size()) };
    }
    return std::nullopt;
}

QString ReviewController::targetPath() const
{
    return m_session ? proposal().targetPath() : QString();
}

std::vector<proposal::DiffLine> ReviewController::diff(bool acceptedOnly) const
{
    if (!m_session)
        return {};
    return proposal().diff(readBytes(targetPath()), QDateTime::currentDateTimeUtc(), acceptedOnly);
}

proposal::ApplyResult ReviewController::apply()
{
    proposal::ApplyOptions options;
    options.gate = proposal::criticGate();
    options.journalPath = m_journalPath;
    options.newId = [] { return QUuid::createUuid().toString(QUuid::WithoutBraces); };
    Proposal p = proposal();
    proposal::ApplyResult result = proposal::apply(p, options);
    if (result.status == proposal::ApplyStatus::Applied || result.status == proposal::ApplyStatus::VerifyFailed) {
        m_undoStack->clear();
        m_entries->updateProposal(p);
        if (m_session)
            m_session->proposal = p;
        Q_EMIT proposalChanged();
    }
    return result;
}

proposal::UndoResult ReviewController::undoApply()
{
    Proposal p = proposal();
    proposal::UndoResult result = proposal::undo(p, m_journalPath.isEmpty() ? proposal::Journal::defaultPath() : m_journalPath);
    if (result.status == proposal::UndoResult::Status::Undone) {
        m_undoStack->clear();
        m_entries->updateProposal(p);
        if (m_session)
            m_session->proposal = p;
        Q_EMIT proposalChanged();
    }
    return result;
}

QStringList ReviewController::rediff(QString *error)
{
    if (!m_session || !loadKb(proposal().kbDir, error))
        return {};
    Proposal p = proposal();
    const QStringList changed = proposal::rediff(p, *m_kb, proposal::criticGate());
    m_undoStack->clear();
    m_entries->updateProposal(p);
    m_session->proposal = p;
    Q_EMIT proposalChanged();
    return changed;
}

bool ReviewController::saveSession(const QString &path, QString *error) const
{
    if (!m_session) {
        *error = tr("There is no proposal to save.");
        return false;
    }
    proposal::SessionFile file = *m_session;
    file.proposal = proposal();
    file.modified = QDateTime::currentDateTimeUtc();
    return file.save(path, error);
}

bool ReviewController::openSession(const QString &path, QString *error)
{
    if (isRunning()) {
        *error = tr("A formalization is running.");
        return false;
    }
    proposal::SessionLoad loaded = proposal::loadSessionFile(path);
    if (!loaded.session) {
        *error = loaded.error;
        return false;
    }
    if (!loadKb(loaded.session->proposal.kbDir, error))
        return false;
    m_session = std::move(loaded.session);
    m_attempts->clear();
    for (const nlohmann::json &event : m_session->events)
        m_attempts->addEvent(event);
    m_undoStack->clear();
    m_entries->setProposal(m_session->proposal);
    Q_EMIT proposalChanged();
    return true;
}

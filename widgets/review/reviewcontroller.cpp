// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/reviewcontroller.h"

#include "attempts/attemptlogmodel.h"
#include "review/applyrunner.h"
#include "review/entrymodel.h"
#include "review/rejudger.h"
#include "review/reviewautosave.h"

#include "formalize/sessionsetup.h"
#include "lang/registry.h"
#include "lang/sessionsetup.h"
#include "llm/provider.h"
#include "llm/selection.h"
#include "proposal/autosave.h"
#include "proposal/edits.h"
#include "proposal/sessionmerge.h"
#include "status.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QUndoCommand>
#include <QUndoStack>
#include <QUuid>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <array>
#include <set>
#include <utility>

using namespace fanva;
using proposal::Entry;
using proposal::Proposal;

Q_LOGGING_CATEGORY(lcReview, "fanva.widgets.review")

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

/// A KB read off the GUI thread: the KB, or why there is none.
struct KbRead {
    std::shared_ptr<const lang::Kb> kb;
    QString error;
    QString folder;
    std::optional<proposal::KbFingerprint> fingerprint; ///< when asked for
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
    , m_autosave(new ReviewAutosave([this] { return autosaveSnapshot(); }, this))
    , m_applyRunner(new ApplyRunner(this))
    , m_rejudger(new Rejudger(
          m_entries,
          [this](
              const QString &id, const QString &text, const std::function<bool(Proposal &)> &change) { return decide(id, text, change); },
          this))
{
    connect(m_rejudger, &Rejudger::finished, this, &ReviewController::rejudgeFinished);
    connect(m_autosave, &ReviewAutosave::autosaved, this, &ReviewController::autosaved);
    // Every decision, its undo and its redo move the stack's index.
    connect(m_undoStack, &QUndoStack::indexChanged, this, &ReviewController::markChanged);
    // ... and so may change the accepted set, as may a new proposal or an Apply.
    connect(m_undoStack, &QUndoStack::indexChanged, this, &ReviewController::regateAccepted);
    connect(this, &ReviewController::proposalChanged, this, &ReviewController::regateAccepted);
}

void ReviewController::regateAccepted()
{
    std::map<QString, std::vector<lang::Problem>> clashes;
    if (hasKb() && m_session) {
        std::vector<const Entry *> gated;
        const auto problems = gateAfterWritten(QString(), {}, {}, &gated);
        // Only a set of two or more can clash; one entry's own problems are its rank.
        if (gated.size() > 1) {
            for (std::size_t i = 0; i < problems.size() && i < gated.size(); ++i) {
                // A forced entry's own problems are known already: they are not a clash.
                if (!problems[i].empty() && gated[i]->problems.empty())
                    clashes.emplace(gated[i]->id, problems[i]);
            }
        }
    }
    if (clashes == m_clashes)
        return;
    m_clashes = std::move(clashes);
    Q_EMIT clashesChanged();
}

std::vector<std::vector<lang::Problem>> ReviewController::gateAfterWritten(const QString &skipId, const QStringList &extra,
    const std::vector<formalize::ExistingSentence> &alsoRemoved, std::vector<const Entry *> *gated) const
{
    if (!hasKb())
        return {};
    const std::vector<const Entry *> written = proposal().toWrite();
    QStringList batch;
    for (const Entry *e : written) {
        if (e->id == skipId || e->kind == formalize::EntryKind::Retract)
            continue;
        batch.append(e->sentence());
        if (gated)
            gated->push_back(e);
    }
    batch += extra;
    if (batch.isEmpty())
        return {};
    // Replacements are gated against the KB without what the entries remove, each sentence once.
    std::vector<formalize::ExistingSentence> removed = proposal::removedSentences(written);
    removed.insert(removed.end(), alsoRemoved.begin(), alsoRemoved.end());
    std::sort(removed.begin(), removed.end(), [](const auto &a, const auto &b) { return a.line < b.line; });
    removed.erase(
        std::unique(removed.begin(), removed.end(), [](const auto &a, const auto &b) { return a.line == b.line; }), removed.end());
    if (removed.empty())
        return m_kb.gate(proposal().context, batch);
    const QString path = targetPath();
    return m_kb.gate(proposal().context, batch, path, readBytes(path), removed);
}

std::vector<lang::Problem> ReviewController::clashes(const QString &id) const
{
    const auto it = m_clashes.find(id);
    return it == m_clashes.end() ? std::vector<lang::Problem> {} : it->second;
}

QStringList ReviewController::clashingEntries() const
{
    QStringList ids;
    for (const Entry *e : proposal().toWrite()) {
        if (m_clashes.contains(e->id))
            ids.append(e->id);
    }
    return ids;
}

// Without closeSession() the autosave stays behind (only its lock goes), so that the next
// start offers it, as after a crash.
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

Status ReviewController::loadKb(const QString &folder, const QString &language, const proposal::Proposal *proposal)
{
    if (const std::optional<QString> failure = m_kb.load(folder, language, proposal))
        return Status::failure(*failure);
    return {};
}

Status ReviewController::start(const ReviewSetup &setup, const Done &done)
{
    if (isRunning())
        return Status::failure(tr("A formalization is already running."));
    if (m_loadingKb)
        return Status::failure(tr("The review is still loading a KB; wait for it to finish."));
    QFile file(setup.documentPath);
    if (!file.open(QIODevice::ReadOnly))
        return Error { tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(setup.documentPath), file.errorString()), setup.documentPath };
    QByteArray document = file.readAll();
    // A new context (formalize.md §11.3): the KB as it will be once Apply creates its file.
    proposal::Proposal target;
    target.kbDir = setup.kbFolder;
    target.context = setup.context;
    target.targetFile = setup.context + QStringLiteral(".txt");
    target.sees = setup.sees;
    target.absent = !setup.sees.isEmpty() && !QFileInfo::exists(target.targetPath());
    target.language = setup.language;
    llm::ProviderResult created = llm::createProvider(setup.provider);
    if (!created.provider)
        return Status::failure(
            tr("Cannot use the provider %1: %2").arg(setup.provider.id, QString::fromStdString(created.failure->message)));
    ReviewSetup run = setup;
    if (setup.kb && target.newFileHeader().isEmpty()) {
        m_kb.adopt(setup.kb);
    } else if (!target.newFileHeader().isEmpty()) {
        // The KB with the new context's header loads, and is hashed, off the GUI thread; the run
        // starts then (started(), or @p done with why not).
        auto provider = std::make_shared<std::unique_ptr<llm::Provider>>(std::move(created.provider));
        const bool hash = !setup.kb || !setup.fingerprint;
        return loadKbInBackground(setup.kbFolder, setup.language, &target, {}, QString(), hash,
            [this, run, document, provider, done](const Status &loaded, const std::optional<proposal::KbFingerprint> &fingerprint) mutable {
                if (loaded) {
                    if (fingerprint)
                        run.fingerprint = fingerprint;
                    beginRun(run, document, std::move(*provider));
                }
                if (done)
                    done(loaded);
            });
    } else if (Status loaded = loadKb(setup.kbFolder, setup.language, &target); !loaded) {
        return loaded;
    }
    // The fingerprint of the KB the run gates against: as the window loaded it, else hashed now.
    if (!setup.kb || !setup.fingerprint)
        run.fingerprint = proposal::kbFingerprint(setup.kbFolder, setup.language);
    beginRun(run, document, std::move(created.provider));
    if (done)
        done({});
    return {};
}

void ReviewController::beginRun(const ReviewSetup &setup, const QByteArray &document, std::unique_ptr<llm::Provider> provider)
{
    m_run.reset();
    m_provider = std::move(provider);
    m_rewriting = false;
    m_merging = wouldMerge(setup);
    m_setup = setup;
    formalize::SessionSettings settings = setup.settings;
    settings.model = setup.provider.model;
    // The session builds its input as it starts, off the GUI thread for a large document (audit
    // M9): fanva-kb's as it always was, another language's through the seam (nibli-kr.md §1.4).
    formalize::SessionInput input;
    input.kb = m_kb.kb();
    input.context = setup.context;
    input.document = document;
    input.documentName = QFileInfo(setup.documentPath).fileName();
    input.instruction = setup.instruction;
    input.settings = settings;
    input.kbSha256 = m_setup.fingerprint ? m_setup.fingerprint->sha256 : QString();
    input.providerId = setup.provider.id;
    input.focus = setup.focus;
    if (m_merging)
        input.firstEntryId = formalize::highestEntryNumber(proposal().entries) + 1;
    input.build = [shell = input] {
        return formalize::makeSessionInput(shell.kb, shell.context, shell.document, shell.documentName, shell.settings, shell.instruction);
    };

    m_attempts->clear();
    if (!m_merging) {
        // A new review; formalizing again keeps the review's id and autosave.
        m_sessionId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        m_autosave->begin(m_sessionId);
    }
    m_run = std::make_unique<formalize::Session>(m_provider.get(), std::move(input));
    connect(m_run.get(), &formalize::Session::eventAdded, m_attempts, &AttemptLogModel::addEvent);
    connect(m_run.get(), &formalize::Session::textDelta, this, &ReviewController::textDelta);
    connect(m_run.get(), &formalize::Session::thinkingDelta, this, &ReviewController::thinkingDelta);
    connect(m_run.get(), &formalize::Session::finished, this, &ReviewController::onSessionFinished);
    m_created = QDateTime::currentDateTimeUtc();
    m_modified = true;
    m_autosave->sessionStarted();
    Q_EMIT started();
    m_run->start();
}

void ReviewController::cancel()
{
    if (isRunning())
        m_run->cancel();
}

proposal::SessionOrigin ReviewController::origin() const
{
    proposal::SessionOrigin origin;
    origin.id = m_sessionId;
    origin.created = m_created;
    origin.modified = QDateTime::currentDateTimeUtc();
    origin.kbDir = QFileInfo(m_setup.kbFolder).absoluteFilePath();
    origin.language = m_setup.language;
    origin.documentPath = QFileInfo(m_setup.documentPath).absoluteFilePath();
    origin.providerId = m_setup.provider.id;
    origin.model = m_setup.provider.model;
    origin.baseUrl = m_setup.provider.baseUrl.toString();
    origin.credential = m_setup.provider.keySource.isEmpty() ? QStringLiteral("none") : m_setup.provider.keySource;
    origin.fingerprint = m_setup.fingerprint;
    return origin;
}

bool ReviewController::wouldMerge(const ReviewSetup &setup) const
{
    // A review of author entries only (no document yet) merges too, so what the author wrote
    // before the first Formalize stays (formalize.md §9.1, §9.5).
    return m_session && !isRunning() && setup.context == proposal().context
        && (m_session->documentPath.isEmpty()
            || QFileInfo(setup.documentPath).absoluteFilePath() == QFileInfo(m_session->documentPath).absoluteFilePath());
}

bool ReviewController::mergeRun(proposal::SessionFile fresh)
{
    const QString outcome = m_run->outcomeName();
    // A run that failed, was cancelled or made no call leaves the review as it was.
    if (outcome != QLatin1StringView("success") && outcome != QLatin1StringView("partial") && outcome != QLatin1StringView("exhausted"))
        return false;
    proposal::SessionFile previous = *m_session;
    previous.proposal = proposal();
    std::set<int> scope(m_run->focus().begin(), m_run->focus().end());
    if (scope.size() == m_run->segments().size())
        scope.clear();
    // Entries match by key: the KB language's (fanva-kb: the KB's canonical key).
    std::function<QString(const QString &)> key;
    if (m_kb.isLoaded())
        key = [kb = m_kb](const QString &sentence) { return kb.key(sentence); };
    proposal::SessionMerge merged = proposal::mergeSessionFiles(previous, fresh, scope, key, true);
    if (!merged.merge.lost.isEmpty() && m_lossQuestion) {
        switch (m_lossQuestion(merged.merge.lost)) {
        case LossAnswer::Keep:
            break;
        case LossAnswer::Drop:
            merged = proposal::mergeSessionFiles(previous, fresh, scope, key, false);
            break;
        case LossAnswer::Cancel:
            return false;
        }
    }
    m_lastMerge = merged.merge;
    m_session = std::move(merged.session);
    return true;
}

void ReviewController::onSessionFinished()
{
    if (std::exchange(m_rewriting, false)) {
        finishRewrite();
        return;
    }
    proposal::SessionFile fresh = proposal::sessionFileFrom(*m_run, origin());
    if (fresh.proposal.absent)
        fresh.proposal.sees = m_setup.sees;
    const bool merging = std::exchange(m_merging, false);
    m_lastMerge = {};
    if (!merging) {
        m_session = std::move(fresh);
    } else if (!mergeRun(std::move(fresh))) {
        // The review stays; the log shows the run that did not merge.
        m_autosave->sessionFinished();
        Q_EMIT proposalChanged();
        Q_EMIT finished(m_run->outcomeName());
        return;
    } else if (m_session->events.is_array() && !m_session->events.empty()) {
        m_attempts->addEvent(m_session->events.back()); // the `merged` event: what became of each entry
    }
    m_undoStack->clear();
    m_entries->setProposal(m_session->proposal);
    m_modified = true;
    m_autosave->sessionFinished();
    Q_EMIT proposalChanged();
    Q_EMIT finished(m_run->outcomeName());
}

bool ReviewController::decide(const QString &id, const QString &text, const std::function<bool(Proposal &)> &change)
{
    const Entry *current = m_entries->proposal().entry(id);
    // An entry the running Apply writes keeps the decision it is written with.
    if (!current || m_applying.contains(id))
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

std::vector<lang::Problem> ReviewController::gateEdit(const QString &id, const QString &sentence) const
{
    // The edit goes after the other entries Apply would write, so a clash with one shows now;
    // a replacement is gated without the sentences it replaces (rewrite.md §1).
    const Entry *e = proposal().entry(id);
    const auto problems = gateAfterWritten(id, { sentence }, e ? e->replaces : std::vector<formalize::ExistingSentence> {});
    return problems.empty() ? std::vector<lang::Problem> {} : problems.back();
}

bool ReviewController::edit(const QString &id, const QString &sentence)
{
    const std::vector<lang::Problem> problems = gateEdit(id, sentence);
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

std::vector<formalize::SegmentCoverage> ReviewController::coverage() const
{
    std::vector<formalize::SegmentCoverage> out;
    // The session file may come from disk: read it without letting nlohmann throw.
    if (!m_session || !m_session->outcome.is_object())
        return out;
    const auto coverage = m_session->outcome.find("coverage");
    if (coverage == m_session->outcome.end() || !coverage->is_object() || !coverage->contains("segments")
        || !(*coverage)["segments"].is_array())
        return out;
    static constexpr std::array states = { formalize::SegmentCoverage::State::Covered, formalize::SegmentCoverage::State::RefusedOnly,
        formalize::SegmentCoverage::State::Untranslated, formalize::SegmentCoverage::State::Silent };
    for (const nlohmann::json &s : (*coverage)["segments"]) {
        if (!s.is_object() || !s.contains("segment") || !s["segment"].is_number_integer() || !s.contains("state")
            || !s["state"].is_string())
            continue;
        const QString state = QString::fromStdString(s["state"].get<std::string>());
        const auto known = std::find_if(
            states.begin(), states.end(), [&state](auto candidate) { return formalize::coverageStateName(candidate) == state; });
        if (known == states.end())
            continue;
        formalize::SegmentCoverage c;
        c.segment = s["segment"].get<int>();
        c.state = *known;
        if (s.contains("reason") && s["reason"].is_string())
            c.reason = QString::fromStdString(s["reason"].get<std::string>());
        out.push_back(c);
    }
    return out;
}

QString ReviewController::targetPath() const
{
    return m_session ? proposal().targetPath() : QString();
}

std::vector<proposal::DiffLine> ReviewController::diff(bool acceptedOnly, bool wholeFile) const
{
    if (!m_session)
        return {};
    return proposal().diff(readBytes(targetPath()), QDateTime::currentDateTimeUtc(), acceptedOnly, wholeFile);
}

Status ReviewController::rediff(std::function<void(const Status &, const QStringList &)> done)
{
    if (isRunning())
        return Status::failure(tr("A formalization is running."));
    if (m_loadingKb)
        return Status::failure(tr("The review is still loading a KB; wait for it to finish."));
    const auto finish = [this, done](const Status &status, const QStringList &changed) {
        if (done)
            done(status, changed);
        Q_EMIT rediffFinished(status, changed);
    };
    if (!m_session) {
        finish({}, {}); // nothing to re-diff
        return {};
    }
    return loadKbInBackground(
        proposal().kbDir, proposal().language, nullptr, {}, QString(), false, [this, finish](const Status &loaded, const auto &) {
            if (!loaded || !m_session) {
                finish(loaded, {});
                return;
            }
            Proposal p = proposal();
            const QStringList changed = proposal::rediff(p, *m_kb.kb());
            m_undoStack->clear();
            m_entries->updateProposal(p);
            m_session->proposal = p;
            markChanged();
            Q_EMIT proposalChanged();
            finish({}, changed);
        });
}

Status ReviewController::saveSession(const QString &path)
{
    if (!m_session)
        return Status::failure(tr("There is no proposal to save."));
    proposal::SessionFile file = *m_session;
    file.proposal = proposal();
    file.modified = QDateTime::currentDateTimeUtc();
    if (Status saved = file.save(path); !saved)
        return saved;
    m_autosave->discard();
    m_modified = false;
    return {};
}

Status ReviewController::openSession(const QString &path, const OfferedKb &offered, const Done &done)
{
    if (isRunning())
        return Status::failure(tr("A formalization is running."));
    if (m_loadingKb)
        return Status::failure(tr("The review is still loading a KB; wait for it to finish."));
    proposal::SessionLoad loaded = proposal::loadSessionFile(path);
    if (!loaded.session)
        return Error { loaded.error, path };
    return adoptSession(std::move(*loaded.session), offered, [this, done](const Status &adopted) {
        if (adopted) {
            m_autosave->begin(m_sessionId);
            m_modified = false;
        }
        if (done)
            done(adopted);
        Q_EMIT sessionOpened(adopted);
    });
}

Status ReviewController::loadKbInBackground(const QString &folder, const QString &language, const proposal::Proposal *proposal,
    const OfferedKb &offered, const QString &sha256, bool hash, KbLoaded then)
{
    if (m_loadingKb)
        return Status::failure(tr("The review is still loading a KB; wait for it to finish."));
    const QByteArray header = proposal ? proposal->newFileHeader() : QByteArray();
    const QString targetPath = proposal ? proposal->targetPath() : QString();
    m_loadingKb = true;
    // The window's KB, when it is this one as the session knew it, is not loaded again.
    const bool reuse = offered.kb && header.isEmpty() && !sha256.isEmpty() && offered.kb->language().id() == language
        && QFileInfo(offered.folder).absoluteFilePath() == QFileInfo(folder).absoluteFilePath() && offered.fingerprint
        && offered.fingerprint->sha256 == sha256;
    // Always from the event loop, after this returns; never after the controller is gone
    // (the watcher goes with it).
    auto *watcher = new QFutureWatcher<KbRead>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, then = std::move(then)] {
        watcher->deleteLater();
        m_loadingKb = false;
        const KbRead read = watcher->result();
        if (!read.kb) {
            then(Error { read.error, read.folder }, std::nullopt);
            return;
        }
        m_kb.adopt(read.kb);
        then({}, read.fingerprint);
    });
    watcher->setFuture(QtConcurrent::run([folder, language, targetPath, header, hash, kb = reuse ? offered.kb : nullptr]() -> KbRead {
        if (kb)
            return { kb, {}, folder, std::nullopt };
        // Hashed before the load, as the window's KbLoader does: a file changed meanwhile shows
        // as a changed KB at the next reopen, never the other way round.
        std::optional<proposal::KbFingerprint> fingerprint;
        if (hash)
            fingerprint = proposal::kbFingerprint(folder, language);
        Result<std::shared_ptr<const lang::Kb>> loaded = ReviewKb::read(folder, language, targetPath, header);
        return loaded ? KbRead { *loaded, {}, folder, std::move(fingerprint) } : KbRead { nullptr, loaded.message(), folder, std::nullopt };
    }));
    return {};
}

Status ReviewController::adoptSession(proposal::SessionFile session, const OfferedKb &offered, std::function<void(Status)> then)
{
    // A session reopens only under its own language (nibli-kr.md §1.2): its workspace's, as
    // the fanva.json beside its kb folder names it.
    const std::optional<lang::LanguageChoice> configured = lang::languageOfWorkspace(QFileInfo(session.proposal.kbDir).absolutePath());
    const QString workspaceLanguage = configured && configured->ok() ? configured->id : lang::defaultLanguage().id();
    if (const std::optional<QString> mismatch = lang::sessionLanguageMismatch(session.proposal.language, workspaceLanguage))
        return Status::failure(*mismatch);
    const QString folder = session.proposal.kbDir;
    const QString language = session.proposal.language;
    const QString sha256 = session.kbSha256;
    auto held = std::make_shared<proposal::SessionFile>(std::move(session));
    return loadKbInBackground(folder, language, &held->proposal, offered, sha256, false,
        [this, held, then = std::move(then)](const Status &loaded, const auto &) {
            if (!loaded) {
                then(loaded);
                return;
            }
            m_session = std::move(*held);
            m_sessionId = m_session->id;
            m_attempts->clear();
            for (const nlohmann::json &event : m_session->events)
                m_attempts->addEvent(event);
            m_undoStack->clear();
            m_entries->setProposal(m_session->proposal);
            Q_EMIT proposalChanged();
            then({});
        });
}

Status ReviewController::recoverSession(const QString &autosavePath, const OfferedKb &offered, const Done &done)
{
    if (isRunning())
        return Status::failure(tr("A formalization is running."));
    if (m_loadingKb)
        return Status::failure(tr("The review is still loading a KB; wait for it to finish."));
    proposal::SessionLoad loaded = proposal::loadSessionFile(autosavePath);
    if (!loaded.session)
        return Error { loaded.error, autosavePath };
    const bool interrupted = proposal::markInterrupted(*loaded.session);
    nlohmann::json outcome = loaded.session->outcome;
    return adoptSession(
        std::move(*loaded.session), offered, [this, done, interrupted, outcome, autosavePath](const Status &adopted) mutable {
            if (adopted) {
                if (interrupted) {
                    // The log says how the run ended, like a run cancelled in this window.
                    outcome["type"] = "finished";
                    m_attempts->addEvent(outcome);
                }
                // Go on autosaving where the crashed process did, under its lock from now on.
                if (!m_autosave->resume(autosavePath, m_sessionId))
                    qCWarning(lcReview) << "cannot lock the recovered autosave" << autosavePath;
                m_modified = true;
            }
            if (done)
                done(adopted);
            Q_EMIT sessionOpened(adopted);
        });
}

void ReviewController::setAutosaveDirectory(const QString &directory)
{
    m_autosave->setDirectory(directory);
    if (!m_sessionId.isEmpty())
        m_autosave->begin(m_sessionId);
    if (m_modified)
        m_autosave->decisionChanged();
}

QString ReviewController::autosaveDirectory() const
{
    return m_autosave->directory();
}

void ReviewController::setAutosaveIntervals(int decisionDebounceMs, int runningIntervalMs)
{
    m_autosave->setIntervals(decisionDebounceMs, runningIntervalMs);
}

QString ReviewController::autosavePath() const
{
    return m_autosave->path();
}

std::optional<proposal::SessionFile> ReviewController::autosaveSnapshot() const
{
    if (!m_modified)
        return std::nullopt;
    if (isRunning() && !m_merging && !m_rewriting)
        return proposal::sessionFileFrom(*m_run, origin());
    if (!m_session)
        return std::nullopt;
    proposal::SessionFile file = *m_session;
    file.proposal = proposal();
    file.modified = QDateTime::currentDateTimeUtc();
    return file;
}

void ReviewController::closeSession()
{
    if (m_run) {
        m_run->disconnect(this);
        if (!m_run->isFinished())
            m_run->cancel();
    }
    m_autosave->stop();
    m_modified = false;
}

void ReviewController::markChanged()
{
    if (!m_session)
        return;
    m_modified = true;
    m_autosave->decisionChanged();
}

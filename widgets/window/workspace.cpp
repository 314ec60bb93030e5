// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/workspace.h"

#include "jsonutil.h"
#include "lang/contexts.h"
#include "lang/registry.h"
#include "lang/stagedload.h"
#include "status.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QPromise>
#include <QStringDecoder>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace {

const QString s_configFileName = QStringLiteral("fanva.json");
constexpr qint64 s_maxConfigBytes = qint64(1024) * 1024;

// KB loads run on a pool of their own. A load spreads its work over the global pool
// (QtConcurrent::blockingMap) and waits for it: run on the global pool itself, loads that fill
// it wait for work that can never start (two loads on two cores hung for good).
// The application's destructor stops and deletes the global pool; a load still running on
// this pool then would have none to spread its work over. So loads left running (by loaders
// already gone) are waited for first, in a post routine, which runs before that.
QThreadPool *loadPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool(QCoreApplication::instance());
        p->setObjectName(QStringLiteral("fanva-kb-load"));
        p->setMaxThreadCount(2);
        qAddPostRoutine([] { loadPool()->waitForDone(); });
        return p;
    }();
    return pool;
}

// Whoever lets a KB go last — the loader, the browser, an editor — does so on the GUI thread,
// and freeing a large KB takes a while (hundreds of MiB in many blocks: tens of milliseconds
// and more). So the KB the loader hands out frees itself on the load pool; while the
// application is going away (the pool waits for its work then), on the spot.
std::shared_ptr<const fanva::lang::Kb> freedOffThread(std::shared_ptr<const fanva::lang::Kb> kb)
{
    const fanva::lang::Kb *raw = kb.get();
    return { raw, [kb = std::move(kb)](const fanva::lang::Kb *) mutable {
                if (QCoreApplication::instance() && !QCoreApplication::closingDown())
                    loadPool()->start([kb = std::exchange(kb, nullptr)]() mutable { kb.reset(); });
            } };
}

/// A load of `root` in `language`: the language's staged load (with progress, and a reload of
/// the files changed since `previous` when there is one); else its plain load, and the
/// statements of each file as the language reads them (the KB browser's files view).
LanguageKbLoad loadIn(const fanva::lang::Language &language, const QString &root, const fanva::lang::Kb *previous,
    const fanva::lang::StagedLoad::Progress &progress)
{
    LanguageKbLoad load;
    load.fingerprint = fanva::proposal::kbFingerprint(root, language.id());
    if (const fanva::lang::StagedLoad *staged = language.stagedLoad()) {
        load.result = previous ? staged->reload(*previous, progress) : staged->load(root, progress);
        return load;
    }
    load.result = language.load(root);
    if (!load.result.kb)
        return load;
    const QStringList targets = load.result.kb->targets();
    const QDir dir(root);
    // The browser lists each file's statements as the language reads them.
    const QStringList paths = language.kbFiles(root);
    for (const QString &path : paths) {
        KbFileStatements file;
        file.path = path;
        file.relativePath = dir.relativeFilePath(path);
        const QString stem = QFileInfo(path).completeBaseName();
        if (targets.contains(stem))
            file.target = stem;
        QFile in(path);
        if (in.open(QIODevice::ReadOnly)) {
            fanva::lang::ReadResult read = language.read(in.readAll(), path);
            file.statements = std::move(read.statements);
            file.diagnostics = std::move(read.diagnostics);
        }
        load.files.push_back(std::move(file));
    }
    return load;
}

const fanva::lang::Language &languageOrDefault(const QString &languageId)
{
    const fanva::lang::Language *language = fanva::lang::languageById(languageId);
    return language ? *language : fanva::lang::defaultLanguage();
}

} // namespace

std::optional<QString> Workspace::contextFile(const QString &context) const
{
    for (const QString &file : contextFiles) {
        if (QFileInfo(file).completeBaseName() == context)
            return file;
    }
    return std::nullopt;
}

QStringList WorkspaceLoader::contextFilesIn(const QString &kbFolder, const QString &languageId)
{
    const fanva::lang::Language &language = languageOrDefault(languageId);
    if (const fanva::lang::Contexts *contexts = language.contexts())
        return contexts->contextFiles(kbFolder);
    QStringList files = language.kbFiles(kbFolder);
    files.sort();
    return files;
}

TextFileResult WorkspaceLoader::readText(const QString &path, qint64 maxBytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return { std::nullopt, tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()) };
    if (file.size() > maxBytes)
        return { std::nullopt, tr("%1 is too large to show (%2 bytes).").arg(QDir::toNativeSeparators(path)).arg(file.size()) };
    const QByteArray bytes = file.readAll();
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder(bytes);
    if (decoder.hasError())
        return { std::nullopt, tr("%1 is not valid UTF-8 text.").arg(QDir::toNativeSeparators(path)) };
    return { std::move(text), {} };
}

std::optional<QString> WorkspaceLoader::readConfig(const QDir &root, Workspace &workspace, const std::function<void(const QString &)> &warn)
{
    if (!root.exists(s_configFileName))
        return std::nullopt;
    const QString configPath = root.filePath(s_configFileName);
    const TextFileResult config = readText(configPath, s_maxConfigBytes);
    if (!config.text) {
        warn(config.error);
    } else {
        const fanva::Result<fanva::jsonutil::Json> json = fanva::jsonutil::parse(config.text->toUtf8());
        if (!json) {
            warn(tr("%1 is not valid JSON (%2); its settings are ignored.").arg(QDir::toNativeSeparators(configPath), json.message()));
        } else if (!json->is_object()) {
            warn(tr("%1 must hold a JSON object; its settings are ignored.").arg(QDir::toNativeSeparators(configPath)));
        } else {
            const fanva::jsonutil::Json &object = *json;
            // An unknown language, or one this build lacks, keeps the workspace closed
            // (nibli-kr.md §1.2); the engine's message says which and what to write.
            const fanva::lang::LanguageLookup language = fanva::lang::lookUp(fanva::lang::languageOfConfig(object));
            if (!language.language)
                return language.error;
            workspace.language = language.language->id();
            const auto stringField = [&](const QString &key) -> QString {
                const std::string name = key.toStdString();
                if (!fanva::jsonutil::member(object, name))
                    return {};
                const std::optional<QString> value = fanva::jsonutil::optString(object, name);
                if (!value) {
                    warn(tr("The \"%1\" field of %2 must be a string; it is ignored.").arg(key, s_configFileName));
                    return {};
                }
                return *value;
            };
            const QString document = stringField(QStringLiteral("document"));
            if (!document.isEmpty()) {
                const QFileInfo documentInfo(root, document);
                if (documentInfo.isFile())
                    workspace.document = documentInfo.absoluteFilePath();
                else
                    warn(tr("%1 names the document %2, which does not exist.").arg(s_configFileName, document));
            }
            const QString context = stringField(QStringLiteral("context"));
            if (!context.isEmpty()) {
                // A language with contexts targets them; another language's are its file stems.
                const fanva::lang::Contexts *contexts = language.language->contexts();
                if (contexts && !contexts->isContextName(context))
                    warn(tr("%1 names the context %2, which is not a context name (Cx followed by CapitalCamelCase).")
                             .arg(s_configFileName, context));
                workspace.context = context;
            }
            workspace.provider = stringField(QStringLiteral("provider"));
        }
    }
    return std::nullopt;
}

WorkspaceLoadResult WorkspaceLoader::load(const QString &folder)
{
    WorkspaceLoadResult result;
    const auto warn = [&result](const QString &message) { result.issues.append({ WorkspaceIssue::Severity::Warning, message }); };
    const auto fail = [&result](const QString &message) {
        result.issues.append({ WorkspaceIssue::Severity::Error, message });
        return result;
    };

    const QFileInfo rootInfo(folder);
    const QString shownRoot = QDir::toNativeSeparators(folder);
    if (!rootInfo.exists())
        return fail(tr("The workspace folder %1 does not exist.").arg(shownRoot));
    if (!rootInfo.isDir())
        return fail(tr("%1 is not a folder; a workspace is a folder with a kb/ folder and documents.").arg(shownRoot));
    if (!rootInfo.isReadable())
        return fail(tr("The workspace folder %1 cannot be read.").arg(shownRoot));

    Workspace workspace;
    const QDir root(rootInfo.absoluteFilePath());
    workspace.root = root.absolutePath();

    // The KB folder's warnings come first, though its files are listed once fanva.json named
    // the language.
    const qsizetype kbIssuesAt = result.issues.size();
    const QStringList documentNames
        = root.entryList({ QStringLiteral("*.txt"), QStringLiteral("*.md") }, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &name : documentNames)
        workspace.documents.append(root.filePath(name));

    if (std::optional<QString> error = readConfig(root, workspace, warn))
        return fail(*error);

    // The KB's files depend on its language, which fanva.json names.
    const QFileInfo kbInfo(root.filePath(QStringLiteral("kb")));
    const bool hasContexts = languageOrDefault(workspace.language).contexts() != nullptr;
    const auto warnKb = [&result, kbIssuesAt](const QString &message) {
        result.issues.insert(kbIssuesAt, { WorkspaceIssue::Severity::Warning, message });
    };
    if (kbInfo.isDir()) {
        workspace.kbFolder = kbInfo.absoluteFilePath();
        workspace.contextFiles = contextFilesIn(workspace.kbFolder, workspace.language);
        if (workspace.contextFiles.isEmpty() && hasContexts)
            warnKb(tr("The KB folder %1 holds no context files (Cx*.txt).").arg(QDir::toNativeSeparators(workspace.kbFolder)));
        else if (workspace.contextFiles.isEmpty())
            warnKb(tr("The %1 KB folder %2 holds no KB files.").arg(workspace.language, QDir::toNativeSeparators(workspace.kbFolder)));
    } else {
        warnKb(tr("The workspace %1 has no kb folder.").arg(shownRoot));
    }

    if (workspace.document.isEmpty() && !workspace.documents.isEmpty())
        workspace.document = workspace.documents.constFirst();
    if (workspace.context.isEmpty() && workspace.contextFiles.size() == 1)
        workspace.context = QFileInfo(workspace.contextFiles.constFirst()).completeBaseName();
    if (!workspace.context.isEmpty() && !workspace.kbFolder.isEmpty() && !workspace.contextFile(workspace.context))
        warn(hasContexts ? tr("The KB has no file for the target context %1 (expected %1.txt in %2).")
                               .arg(workspace.context, QDir::toNativeSeparators(workspace.kbFolder))
                         : tr("The %1 KB has no file for the target %2 in %3.")
                               .arg(workspace.language, workspace.context, QDir::toNativeSeparators(workspace.kbFolder)));

    result.workspace = std::move(workspace);
    return result;
}

KbLoader::KbLoader(QObject *parent)
    : QObject(parent)
    , m_language(&fanva::lang::defaultLanguage())
    , m_watcher(makeWatcher())
    , m_fileWatcher(new QFileSystemWatcher(this))
    , m_reloadTimer(new QTimer(this))
{
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(std::chrono::milliseconds(400));
    connect(m_reloadTimer, &QTimer::timeout, this, &KbLoader::reload);
    connect(m_fileWatcher, &QFileSystemWatcher::fileChanged, m_reloadTimer, qOverload<>(&QTimer::start));
    connect(m_fileWatcher, &QFileSystemWatcher::directoryChanged, m_reloadTimer, qOverload<>(&QTimer::start));
}

QFutureWatcher<LanguageKbLoad> *KbLoader::makeWatcher()
{
    auto *watcher = new QFutureWatcher<LanguageKbLoad>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, &KbLoader::reportProgress);
    connect(watcher, &QFutureWatcherBase::finished, this, &KbLoader::onFinished);
    return watcher;
}

// A newer request drops the running load: its result, when it comes, goes nowhere.
void KbLoader::dropRunningLoad()
{
    m_watcher->disconnect(this);
    m_watcher->deleteLater();
    m_watcher = makeWatcher();
}

void KbLoader::setLanguage(const fanva::lang::Language &language)
{
    m_language = &language;
}

// A running load holds no pointer to the loader (its progress goes through the future), so
// the loader may go away first; the thread pool finishes the orphaned load.
KbLoader::~KbLoader() = default;

void KbLoader::load(const QString &folder)
{
    m_folder = folder;
    m_kb.reset();
    m_files.clear();
    m_fingerprint = {};
    m_diagnostics.clear();
    m_reloadTimer->stop();
    start(nullptr);
}

void KbLoader::reload()
{
    m_reloadTimer->stop();
    if (m_folder.isEmpty())
        return;
    // Without a KB of this language (or a staged load to re-read changed files) it loads in full.
    std::shared_ptr<const fanva::lang::Kb> previous = m_kb && &m_kb->language() == m_language ? m_kb : nullptr;
    start(std::move(previous));
}

void KbLoader::clear()
{
    m_folder.clear();
    m_kb.reset();
    m_files.clear();
    m_fingerprint = {};
    m_diagnostics.clear();
    m_reloadTimer->stop();
    m_loading = false;
    dropRunningLoad();
    watchFiles();
}

void KbLoader::start(std::shared_ptr<const fanva::lang::Kb> previous)
{
    if (m_watcher->isRunning())
        dropRunningLoad();
    m_loading = true;
    m_progress = -1;
    const fanva::lang::Language *language = m_language;
    m_watcher->setFuture(QtConcurrent::run(
        loadPool(),
        [language](QPromise<LanguageKbLoad> &promise, const QString &root, const std::shared_ptr<const fanva::lang::Kb> &previous) {
            promise.setProgressRange(0, progressMaximum);
            promise.addResult(loadIn(*language, root, previous.get(), [&promise](qint64 done, qint64 total) {
                if (total > 0)
                    promise.setProgressValue(int(done * progressMaximum / total));
            }));
        },
        m_folder, std::move(previous)));
    Q_EMIT started();
}

void KbLoader::onFinished()
{
    m_loading = false;
    QFuture<LanguageKbLoad> future = m_watcher->future();
    if (future.resultCount() == 0)
        return;
    // Taken, not copied: a KB left in the future would be freed with it, on this thread.
    LanguageKbLoad load = future.takeResult();
    m_diagnostics = std::move(load.result.diagnostics);
    watchFiles();
    if (!load.result.ok()) {
        m_kb.reset();
        m_files.clear();
        m_fingerprint = {};
        reportFailure();
        return;
    }
    m_kb = freedOffThread(std::move(load.result.kb));
    m_files = std::move(load.files);
    m_fingerprint = std::move(load.fingerprint);
    // The future throttles progress and may drop the last step; a finished load is complete.
    reportProgress(progressMaximum);
    Q_EMIT loaded();
}

void KbLoader::reportFailure()
{
    QStringList errors;
    for (const fanva::lang::Diagnostic &diagnostic : m_diagnostics) {
        if (diagnostic.isError())
            errors.append(diagnostic.toString());
    }
    Q_EMIT failed(tr("The KB in %1 does not load:\n%2").arg(QDir::toNativeSeparators(m_folder), errors.join(QLatin1Char('\n'))));
}

void KbLoader::setReloadDelay(std::chrono::milliseconds delay)
{
    m_reloadTimer->setInterval(delay);
}

void KbLoader::reportProgress(int value)
{
    if (value <= m_progress)
        return;
    m_progress = value;
    Q_EMIT progressChanged(value);
}

void KbLoader::watchFiles()
{
    if (const QStringList watched = m_fileWatcher->files() + m_fileWatcher->directories(); !watched.isEmpty())
        m_fileWatcher->removePaths(watched);
    if (m_folder.isEmpty() || !QFileInfo(m_folder).isDir())
        return;
    // A folder reports files added, removed or renamed (editors often save by renaming);
    // a file reports its own changes.
    // The loader skips .-directories (kb-language.md §1), and so does the watch.
    QStringList paths { m_folder };
    const QDir root(m_folder);
    QDirIterator it(m_folder, QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info = it.fileInfo();
        const QString relative = root.relativeFilePath(path);
        if (relative.startsWith(QLatin1Char('.')) || relative.contains(QLatin1String("/.")))
            continue;
        if (info.isDir() || QDir::match(m_language->kbFilePatterns(), info.fileName()))
            paths.append(path);
    }
    m_fileWatcher->addPaths(paths);
}

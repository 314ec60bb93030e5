// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Loading a KnowledgeBase: collecting and parsing context files, keying, and building
// the indexes the queries answer from (§1, §8).
#include "kb/knowledgebase.h"

#include "kb/canonical.h"
#include "kb/canonical_p.h"
#include "kb/knowledgebase_p.h"
#include "kb/nameinterner_p.h"
#include "kb/writer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QFuture>
#include <QLoggingCategory>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstring>
#include <functional>
#include <mutex>
#include <numeric>
#include <unordered_map>

#include <ctime>

Q_LOGGING_CATEGORY(lcKb, "fanva.kb", QtInfoMsg)

namespace fanva::kb {

namespace {

// Below this much text, or this many sentences, a phase runs on the loading thread: handing
// work to the pool and waiting for it costs more than a small KB's whole phase (a critic
// fixture, a fuzz input).
constexpr qint64 s_sharedBytes = 256 * 1024;
constexpr std::size_t s_sharedSentences = 4096;

// Calls `fn` on every item: on the global pool when `shared` and there are several items,
// else on this thread, in order.
template<typename Items, typename Fn> void forEach(Items &items, bool shared, Fn &&fn)
{
    if (shared && items.size() > 1) {
        QtConcurrent::blockingMap(items, std::forward<Fn>(fn));
        return;
    }
    for (auto &item : items)
        fn(item);
}

// Wall and process CPU milliseconds since the last lap, for the load's debug log: on a
// shared machine the CPU figure says what the work cost.
class Lap
{
public:
    Lap()
    {
        m_wall.start();
        m_cpu = cpuNow();
    }
    QString next()
    {
        const qint64 cpu = cpuNow();
        const QString text
            = QStringLiteral("%1 ms (%2 ms CPU) rss %3 MiB").arg(m_wall.restart()).arg((cpu - m_cpu) / 1000000).arg(rssMiB());
        m_cpu = cpu;
        return text;
    }

private:
    static long rssMiB()
    {
        QFile statm(QStringLiteral("/proc/self/statm"));
        if (!statm.open(QIODevice::ReadOnly))
            return 0;
        const QList<QByteArray> fields = statm.readAll().split(' ');
        return fields.size() > 1 ? fields[1].toLong() * 4 / 1024 : 0;
    }
    static qint64 cpuNow()
    {
        timespec ts {};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    }
    QElapsedTimer m_wall;
    qint64 m_cpu = 0;
};

bool isFrameHead(SymbolId head)
{
    return head == sym::not_ || head == sym::and_ || head == sym::implies || head == sym::exceptWhen || isRuleWrapper(head)
        || head == sym::ist || head == sym::unknown || head == sym::thereExists || head == sym::exists || isAggregate(head);
}

// A positive literal sentence: headed by a symbol that is not a frame (not, implies, ist, …).
bool isFact(Term sentence)
{
    const SymbolId head = sentence.functorSymbol();
    return head != noSymbol && !isFrameHead(head);
}

} // namespace

using namespace detail;

struct KnowledgeBaseLoader {
    static void collect(const QString &root, const QString &dir, std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics)
    {
        const QFileInfoList entries
            = QDir(dir).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &entry : entries) {
            if (entry.fileName().startsWith(QLatin1Char('.')))
                continue;
            if (entry.isSymLink()) {
                Diagnostic warning;
                warning.code = codes::symlinkSkipped;
                warning.file = entry.filePath();
                warning.severity = Diagnostic::Severity::Warning;
                warning.message = QStringLiteral("symbolic link skipped — the loader does not follow links");
                diagnostics.push_back(warning);
                continue;
            }
            if (entry.isDir()) {
                if (!entry.isReadable() || !entry.isExecutable()) {
                    Diagnostic warning;
                    warning.code = codes::unreadableDirectory;
                    warning.file = entry.filePath();
                    warning.severity = Diagnostic::Severity::Warning;
                    warning.message = QStringLiteral("directory skipped — it cannot be read, so its context files are not loaded");
                    diagnostics.push_back(warning);
                    continue;
                }
                collect(root, entry.filePath(), files, diagnostics);
            } else if (entry.isFile() && entry.suffix() == QLatin1String("txt")) {
                FileRecord record;
                record.path = entry.filePath();
                record.relativePath = QDir(root).relativeFilePath(entry.filePath());
                record.size = entry.size();
                record.modified = entry.lastModified();
                files.push_back(std::move(record));
            }
        }
    }

    static Diagnostic error(QLatin1StringView code, const QString &file, const QString &message, Term at = {})
    {
        Diagnostic diagnostic;
        diagnostic.code = code;
        diagnostic.file = file;
        diagnostic.message = message;
        if (!at.isNull()) {
            diagnostic.line = int(at.span().line);
            diagnostic.column = int(at.span().column);
            diagnostic.byteOffset = at.span().begin;
        }
        return diagnostic;
    }

    // Parses the files that have no document yet (in parallel) and checks §1's rules.
    static LoadResult build(QString root, std::vector<FileRecord> files, std::vector<Diagnostic> diagnostics, const LoadProgress &progress)
    {
        qint64 totalBytes = 0;
        for (FileRecord &file : files) {
            const QString stem = QFileInfo(file.relativePath).completeBaseName();
            const QByteArray stemUtf8 = stem.toUtf8();
            if (!isContextName(std::string_view(stemUtf8.constData(), std::size_t(stemUtf8.size()))) || stem.contains(QLatin1Char('/'))) {
                diagnostics.push_back(error(codes::fileName, file.path,
                    QStringLiteral("file name %1 does not name a context: a KB file is Cx followed by CapitalCamelCase, e.g. CxBirds.txt")
                        .arg(QFileInfo(file.relativePath).fileName())));
            } else {
                file.context = intern(std::string_view(stemUtf8.constData(), std::size_t(stemUtf8.size())));
            }
            if (file.size > maxFileSize)
                diagnostics.push_back(fileTooLargeDiagnostic(file.path));
            totalBytes += std::max<qint64>(file.size, 0);
        }
        std::sort(files.begin(), files.end(),
            [](const FileRecord &a, const FileRecord &b) { return a.relativePath.toUtf8() < b.relativePath.toUtf8(); });
        std::unordered_map<SymbolId, std::size_t> firstFile; // context -> the first file defining it
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (files[i].context == noSymbol)
                continue;
            const auto [it, inserted] = firstFile.emplace(files[i].context, i);
            if (!inserted) {
                diagnostics.push_back(error(codes::duplicateContext, files[i].path,
                    QStringLiteral("context %1 is already defined by %2 — one file per context")
                        .arg(symbolString(files[i].context), files[it->second].path)));
            }
        }
        if (std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.isError(); }))
            return { nullptr, std::move(diagnostics) };

        Lap lap;
        // Parse (and key, below) in parallel: files are independent.
        // Bytes parsed so far, under progressMutex: progress() is called with it held, so its
        // calls never overlap and `done` never goes back, whichever pool thread reports.
        std::mutex progressMutex;
        qint64 done = 0;
        std::vector<std::size_t> toParse;
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (!files[i].document.arena)
                toParse.push_back(i);
            else
                done += files[i].document.text.size();
        }
        std::vector<std::optional<Diagnostic>> readErrors(files.size());
        forEach(toParse, totalBytes >= s_sharedBytes, [&](std::size_t i) {
            FileRecord &file = files[i];
            FileText read = readKbFile(file.path);
            if (read.error) {
                readErrors[i] = std::move(read.error);
                return;
            }
            const QByteArray text = std::move(read.text);
            file.size = text.size();
            file.document = parseDocument(text, file.path);
            const std::lock_guard lock(progressMutex);
            done += text.size();
            if (progress)
                progress(std::min(done, totalBytes), totalBytes);
        });
        detail::NameInterner::releaseSpares();
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (readErrors[i])
                diagnostics.push_back(*readErrors[i]);
            for (const Diagnostic &d : files[i].document.diagnostics)
                diagnostics.push_back(d);
            for (const Term sentence : files[i].document.sentences) {
                if (!sentence.isList()) {
                    diagnostics.push_back(error(codes::notAList, files[i].path,
                        QStringLiteral("a sentence must be a list, not %1 — write (predicate argument …)").arg(renderFlat(sentence)),
                        sentence));
                } else if (sentence.isForm(sym::ist)) {
                    diagnostics.push_back(error(codes::topLevelIst, files[i].path,
                        QStringLiteral(
                            "a file states its own context: write the sentence without ist, in the file of the context it belongs to"),
                        sentence));
                }
            }
        }
        if (std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.isError(); }))
            return { nullptr, std::move(diagnostics) };

        qCDebug(lcKb) << "parsed" << files.size() << "files in" << qPrintable(lap.next());
        std::sort(files.begin(), files.end(), [](const FileRecord &a, const FileRecord &b) { return nameLess(a.context, b.context); });
        std::shared_ptr<KnowledgeBase> kb(new KnowledgeBase);
        KnowledgeBase::Private &p = *kb->d;
        p.root = std::move(root);

        for (const FileRecord &file : files) {
            for (const Term s : file.document.sentences) {
                if (s.isForm(sym::symmetric) && s.size() == 2 && s.at(1).isSymbol())
                    p.symmetric.insert(s.at(1).symbol());
            }
        }
        if (!indexContexts(p, files, diagnostics))
            return { nullptr, std::move(diagnostics) };

        IndexTables tables = keyFiles(p, files, totalBytes >= s_sharedBytes);
        qCDebug(lcKb) << "keyed in" << qPrintable(lap.next());
        index(p, files, tables, diagnostics);
        qCDebug(lcKb) << "indexed in" << qPrintable(lap.next());
        p.files = std::move(files);
        if (progress)
            progress(totalBytes, totalBytes);
        return { std::move(kb), std::move(diagnostics) };
    }

    // The contexts and their visibility (§1): every file's context, then every other
    // genlCx argument. A file's context has a dense index below the number of files, which
    // is also its bit in the visibility rows; every context has a row: the files' contexts
    // it sees. Rows are computed once per strongly connected component, successors first,
    // so the cost is (contexts + genlCx edges) x (files / 64) words, never contexts²; a
    // graph whose rows would exceed a fixed budget is refused (too-many-contexts).
    static bool indexContexts(KnowledgeBase::Private &p, const std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics)
    {
        std::vector<std::pair<SymbolId, SymbolId>> wiring;
        std::vector<SymbolId> others;
        for (const FileRecord &file : files) {
            p.contextIndex.emplace(file.context, std::uint32_t(p.denseContexts.size()));
            p.denseContexts.push_back(file.context);
        }
        for (const FileRecord &file : files) {
            for (const Term s : file.document.sentences) {
                if (s.isForm(sym::genlCx) && s.size() == 3 && s.at(1).isSymbol() && s.at(2).isSymbol()) {
                    wiring.emplace_back(s.at(1).symbol(), s.at(2).symbol());
                    for (const SymbolId c : { s.at(1).symbol(), s.at(2).symbol() }) {
                        if (!p.contextIndex.contains(c))
                            others.push_back(c);
                    }
                }
            }
        }
        sortByName(others);
        others.erase(std::unique(others.begin(), others.end()), others.end());
        for (const SymbolId c : others) {
            p.contextIndex.emplace(c, std::uint32_t(p.denseContexts.size()));
            p.denseContexts.push_back(c);
        }
        p.contexts = p.denseContexts;
        sortByName(p.contexts);
        const std::size_t n = p.denseContexts.size();
        p.fileContexts = std::uint32_t(files.size());
        p.words = std::max<std::size_t>(1, (p.fileContexts + 63) / 64);
        p.contextParents.assign(n, {});
        p.contextFile.assign(n, -1);
        p.contextSentences.assign(n, {});
        p.contextUp.assign(n, {});
        p.contextDown.assign(n, {});
        for (const auto &[sub, super] : wiring) {
            const std::uint32_t a = p.contextIndex[sub];
            const std::uint32_t b = p.contextIndex[super];
            p.contextUp[a].push_back(b);
            p.contextDown[b].push_back(a);
            p.contextParents[a].push_back(super);
        }
        for (auto &parents : p.contextParents) {
            sortByName(parents);
            parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
        }
        constexpr std::size_t budget = std::size_t(1) << 24; // words of work and of rows (128 MiB)
        if ((n + wiring.size()) * p.words > budget) {
            diagnostics.push_back(error(codes::tooManyContexts, files.empty() ? QString() : files.front().path,
                QStringLiteral("the KB wires %1 contexts with %2 genlCx sentences over %3 context files, more than the loader can index "
                               "— use fewer contexts or fewer context files")
                    .arg(n)
                    .arg(wiring.size())
                    .arg(files.size())));
            return false;
        }

        // Strongly connected components (Tarjan, without recursion); a component is numbered
        // after every component it reaches.
        std::vector<std::int64_t> order(n, -1);
        std::vector<std::int64_t> low(n, 0);
        std::vector<std::uint32_t> component(n, 0);
        std::vector<std::uint8_t> onStack(n, 0);
        std::vector<std::uint32_t> stack;
        struct Call {
            std::uint32_t node;
            std::uint32_t next;
        };
        std::vector<Call> calls;
        std::int64_t counter = 0;
        std::uint32_t components = 0;
        for (std::uint32_t root = 0; root < n; ++root) {
            if (order[root] >= 0)
                continue;
            const auto enter = [&](std::uint32_t v) {
                order[v] = low[v] = counter++;
                stack.push_back(v);
                onStack[v] = 1;
                calls.push_back({ v, 0 });
            };
            enter(root);
            while (!calls.empty()) {
                const std::uint32_t v = calls.back().node;
                if (calls.back().next < p.contextUp[v].size()) {
                    const std::uint32_t w = p.contextUp[v][calls.back().next++];
                    if (order[w] < 0)
                        enter(w);
                    else if (onStack[w])
                        low[v] = std::min(low[v], order[w]);
                    continue;
                }
                calls.pop_back();
                if (!calls.empty())
                    low[calls.back().node] = std::min(low[calls.back().node], low[v]);
                if (low[v] == order[v]) {
                    std::uint32_t x = 0;
                    do {
                        x = stack.back();
                        stack.pop_back();
                        onStack[x] = 0;
                        component[x] = components;
                    } while (x != v);
                    ++components;
                }
            }
        }
        // Members of each component, then each component's row: its own files' contexts
        // and the rows of the components it reaches (already filled).
        std::vector<std::uint32_t> memberStart(components + 1, 0);
        for (std::uint32_t v = 0; v < n; ++v)
            ++memberStart[component[v] + 1];
        std::partial_sum(memberStart.begin(), memberStart.end(), memberStart.begin());
        std::vector<std::uint32_t> members(n);
        std::vector<std::uint32_t> fill(memberStart.begin(), memberStart.end() - 1);
        for (std::uint32_t v = 0; v < n; ++v)
            members[fill[component[v]]++] = v;
        p.sees.assign(std::size_t(components) * p.words, 0);
        for (std::uint32_t c = 0; c < components; ++c) {
            std::uint64_t *row = p.sees.data() + std::size_t(c) * p.words;
            for (std::uint32_t k = memberStart[c]; k < memberStart[c + 1]; ++k) {
                const std::uint32_t v = members[k];
                if (v < p.fileContexts)
                    row[v >> 6] |= std::uint64_t(1) << (v & 63);
                for (const std::uint32_t w : p.contextUp[v]) {
                    if (component[w] == c)
                        continue;
                    const std::uint64_t *other = p.sees.data() + std::size_t(component[w]) * p.words;
                    for (std::size_t i = 0; i < p.words; ++i)
                        row[i] |= other[i];
                }
            }
        }
        p.contextRow = std::move(component);
        return true;
    }

    // The tables index() fills in sentence order, on one thread: reserved before the files
    // are keyed, and their pages faulted in by a pool thread meanwhile (populateIndex()), so
    // that the one thread does not stop at each page.
    struct IndexTables {
        std::vector<std::pair<SymbolId, SentenceId>> keyPairs; // the context is looked up in the build
        // For duplicate detection: the last context (index + 1) each key was stored in, and where.
        std::vector<std::uint32_t> keyContext;
        std::vector<SentenceId> keyFirst;
    };
    // Calls `fn` on each table index() fills, one entry per sentence at most.
    template<typename Fn> static void forEachIndexTable(KnowledgeBase::Private &p, IndexTables &tables, const Fn &fn)
    {
        fn(p.sentences);
        fn(p.sentenceFile);
        fn(p.sentenceContext);
        fn(tables.keyPairs);
        fn(tables.keyContext);
        fn(tables.keyFirst);
    }
    static void reserveIndex(KnowledgeBase::Private &p, IndexTables &tables, std::size_t sentences)
    {
        forEachIndexTable(p, tables, [sentences](auto &table) { detail::reserveHuge(table, sentences); });
    }
    static void populateIndex(KnowledgeBase::Private &p, IndexTables &tables, std::size_t sentences)
    {
        p.keyIds.reserve(sentences);
        forEachIndexTable(p, tables, [sentences](const auto &table) { detail::populate(table, sentences); });
    }

    // Makes every sentence's key. Each file's keys go straight into the knowledge base's
    // store, in a region of its own, from the thread that makes them; index() only gives ids
    // to the keys it keeps. A key that does not fit in its file's region (sized from the
    // text: keys are the sentences without their layout) goes to a store of the file's own,
    // appended after every region. Meanwhile a pool thread reserves and faults in the tables
    // index() fills: those, which it returns.
    static IndexTables keyFiles(KnowledgeBase::Private &p, std::vector<FileRecord> &files, bool shared)
    {
        std::vector<std::uint64_t> regionStart(files.size() + 1, 0);
        std::size_t sentenceTotal = 0;
        for (std::size_t f = 0; f < files.size(); ++f) {
            const std::size_t sentences = files[f].document.sentences.size();
            regionStart[f + 1] = regionStart[f] + KeyStore::regionBytes(sentences, std::size_t(files[f].document.text.size()));
            sentenceTotal += sentences;
        }
        p.keys.resizeForRegions(regionStart.back(), sentenceTotal);
        std::vector<KeyStore> overflow(files.size());
        std::vector<std::size_t> firstOverflow(files.size(), 0);
        IndexTables tables;
        reserveIndex(p, tables, sentenceTotal);
        // Job 0 faults in the tables on one thread; jobs 1 to n key the files.
        std::vector<std::size_t> jobs(files.size() + 1);
        std::iota(jobs.begin(), jobs.end(), 0);
        forEach(jobs, shared, [&](std::size_t job) {
            if (job == 0)
                populateIndex(p, tables, sentenceTotal);
            else
                firstOverflow[job - 1] = keyFile(p, files[job - 1], regionStart[job - 1], regionStart[job], overflow[job - 1]);
        });
        // The store may move as it grows: only now that no thread writes its regions.
        for (std::size_t f = 0; f < files.size(); ++f) {
            std::vector<std::uint64_t> &offsets = files[f].keyOffsets;
            if (firstOverflow[f] == offsets.size())
                continue;
            const std::uint64_t base = p.keys.appendPart(overflow[f]);
            for (std::size_t i = firstOverflow[f]; i < offsets.size(); ++i)
                offsets[i] += base;
            overflow[f].clear();
        }
        return tables;
    }

    // Makes the keys of `file`'s sentences, written into the region [begin, end) of p.keys
    // while they fit and into `overflow` from the first that does not: that sentence's index
    // (the number of sentences when all fit). Its keyOffsets in `overflow` are relative to
    // that store until keyFiles() appends it.
    static std::size_t keyFile(KnowledgeBase::Private &p, FileRecord &file, std::uint64_t begin, std::uint64_t end, KeyStore &overflow)
    {
        const std::vector<Term> &sentences = file.document.sentences;
        file.keyOffsets.resize(sentences.size());
        file.keyHashes.resize(sentences.size());
        std::size_t firstOverflow = sentences.size();
        const std::string_view source(file.document.text.constData(), std::size_t(file.document.text.size()));
        std::uint64_t at = begin;
        std::string key; // one buffer for the file's keys
        for (std::size_t i = 0; i < sentences.size(); ++i) {
            key.clear();
            appendCanonicalKey(key, sentences[i], p.symmetric, source);
            file.keyHashes[i] = KeyIndex::hash(key);
            if (i < firstOverflow) {
                if (const std::uint64_t next = p.keys.writeAt(at, end, key); next != KeyStore::npos) {
                    file.keyOffsets[i] = at;
                    at = next;
                    continue;
                }
                firstOverflow = i;
            }
            file.keyOffsets[i] = overflow.append(key);
        }
        p.keys.releaseRegionTail(at, end);
        return firstOverflow;
    }

    // Indexes the sentences, their keys and their vocabulary.
    static void index(KnowledgeBase::Private &p, std::vector<FileRecord> &files, IndexTables &tables, std::vector<Diagnostic> &diagnostics)
    {
        Lap phase;
        // Sentences in (context, line) order; a repeated key in one context is indexed once.
        std::vector<std::pair<SymbolId, SentenceId>> &keyPairs = tables.keyPairs;
        std::vector<std::uint32_t> &keyContext = tables.keyContext;
        std::vector<SentenceId> &keyFirst = tables.keyFirst;
        // The walk's slices are planned from the files, and their lists made and faulted in on
        // a pool thread while this one merges: their page faults were a fifth of the walk.
        p.symbolBound = SymbolTable::instance().size() + 1;
        const std::vector<std::size_t> sliceStarts = planSlices(files);
        std::vector<VocabularyPart> parts(sliceStarts.size() - 1);
        const auto prepare = [&p, &files, &sliceStarts, &parts] {
            for (std::size_t k = 0; k < parts.size(); ++k) {
                std::size_t sentences = 0;
                for (std::size_t f = sliceStarts[k]; f < sliceStarts[k + 1]; ++f)
                    sentences += files[f].document.sentences.size();
                prepareWalk(p, sentences, parts[k]);
            }
        };
        QFuture<void> prepared;
        if (parts.size() > 1) // else the KB is small enough for this thread alone
            prepared = QtConcurrent::run(QThreadPool::globalInstance(), prepare);
        else
            prepare();
        std::vector<SentenceId> fileFirst(files.size() + 1); // each file's first sentence
        for (std::uint32_t f = 0; f < files.size(); ++f) {
            FileRecord &file = files[f];
            fileFirst[f] = SentenceId(p.sentences.size());
            const std::uint32_t cx = p.contextIndex[file.context];
            p.contextFile[cx] = std::int32_t(f);
            detail::reserveHuge(p.contextSentences[cx], p.contextSentences[cx].size() + file.document.sentences.size());
            for (std::size_t i = 0; i < file.document.sentences.size(); ++i) {
                const Term term = file.document.sentences[i];
                const std::uint64_t offset = file.keyOffsets[i];
                const std::string_view key = p.keys.textAt(offset, p.keys.header(offset).size);
                const std::uint64_t h = file.keyHashes[i];
                // The table is far larger than the caches: start the miss a few keys ahead.
                if (i + 8 < file.keyHashes.size())
                    p.keyIds.prefetch(file.keyHashes[i + 8]);
                KeyId keyId = p.keyIds.find(key, h, p.keys);
                if (keyId == noKey) {
                    keyId = p.keys.adopt(offset);
                    p.keyIds.insert(keyId, h, p.keys);
                    keyContext.push_back(0);
                    keyFirst.push_back(0);
                }
                if (keyContext[keyId] == cx + 1) {
                    const Term previous = p.sentences[keyFirst[keyId]].term;
                    Diagnostic warning = error(codes::duplicate, file.path,
                        QStringLiteral("duplicate: the same sentence as line %1 (same canonical key)").arg(previous.span().line), term);
                    warning.severity = Diagnostic::Severity::Warning;
                    diagnostics.push_back(warning);
                    continue;
                }
                const auto id = SentenceId(p.sentences.size());
                keyContext[keyId] = cx + 1;
                keyFirst[keyId] = id;
                p.sentences.push_back({ term, file.context, keyId });
                p.sentenceFile.push_back(f);
                p.sentenceContext.push_back(cx);
                p.contextSentences[cx].push_back(id);
                keyPairs.push_back({ keyId, id });
            }
            std::vector<std::uint64_t>().swap(file.keyOffsets);
            std::vector<std::uint64_t>().swap(file.keyHashes);
            detail::releaseUnusedCapacity(p.contextSentences[cx]); // a repeated key takes no entry
        }
        fileFirst.back() = SentenceId(p.sentences.size());
        // Not needed past this point: free them before the vocabulary's peak.
        std::vector<std::uint32_t>().swap(keyContext);
        std::vector<SentenceId>().swap(keyFirst);
        prepared.waitForFinished();
        qCDebug(lcKb) << "sentences and keys in" << qPrintable(phase.next());
        std::vector<SentenceId> cuts;
        for (const std::size_t f : sliceStarts)
            cuts.push_back(fileFirst[f]);
        // Each key's sentences, found beside the walk, which reads no key.
        buildVocabulary(p, parts, cuts, [&p, &keyPairs] {
            p.keySentences.build(p.keys.size(), std::vector { &keyPairs }, [&p](SentenceId id) {
                return SentenceRef { id, p.sentenceContext[id] };
            });
            for (std::size_t k = 0; k < p.keys.size(); ++k)
                p.keys.setSentences(k, p.keySentences[SymbolId(k)]);
        });
    }

    static LoadResult reload(const KnowledgeBase &previous, const LoadProgress &progress)
    {
        const QString root = previous.root();
        if (root.isEmpty()) {
            // In-memory sources: nothing can have changed on disk.
            std::vector<FileRecord> files;
            for (const FileRecord &old : previous.d->files) {
                FileRecord copy;
                copy.path = old.path;
                copy.relativePath = old.relativePath;
                copy.size = old.size;
                copy.document = old.document;
                files.push_back(std::move(copy));
            }
            return build({}, std::move(files), {}, progress);
        }
        std::vector<Diagnostic> diagnostics;
        std::vector<FileRecord> files;
        if (!QFileInfo(root).isDir())
            return loadKnowledgeBase(root, progress);
        collect(root, root, files, diagnostics);
        for (FileRecord &file : files) {
            for (const FileRecord &old : previous.d->files) {
                if (old.relativePath == file.relativePath && old.size == file.size && old.modified == file.modified) {
                    file.document = old.document; // shares the parsed arena
                    break;
                }
            }
        }
        return build(root, std::move(files), std::move(diagnostics), progress);
    }

    // An edge without its context, which the index build looks up: the slices below are
    // alive together while the indexes are built, the load's peak.
    struct EdgeRef {
        SymbolId other = noSymbol;
        SentenceId sentence = 0;
    };
    // What one slice of the sentences contributes to the vocabulary indexes.
    struct VocabularyPart {
        std::vector<std::pair<SymbolId, EdgeRef>> up, down, members, disjointPairs, facts;
        std::vector<std::pair<SymbolId, ArgDecl>> args;
        std::vector<std::pair<SymbolId, ArityDecl>> arities;
        std::vector<std::pair<SymbolId, SentenceRef>> comments;
        std::vector<std::pair<SymbolId, SentenceId>> occurrences;
        std::vector<std::pair<SymbolId, Usage>> usage;
        std::vector<std::uint64_t> siblingExceptions;
        std::vector<std::uint32_t> functorCount;
        std::vector<SymbolId> functors; // those functorCount counts, in first-seen order
        // The walk's per-symbol scratch, freed when it ends: the slot in `usage` of each
        // symbol's latest (symbol, context) entry, and where each symbol is in the walk's
        // list of the symbols one sentence has.
        std::vector<std::uint32_t> latestUsage, seenSlot;
    };

    // Where the walk's slices start, as file indexes, then files.size(): about as many
    // sentences each, and a file is one context, so a (symbol, context) usage entry comes
    // from one slice only. Two slices a thread, so that one slower slice does not hold the
    // others up; one for a KB the calling thread loads alone.
    static std::vector<std::size_t> planSlices(const std::vector<FileRecord> &files)
    {
        std::size_t total = 0;
        for (const FileRecord &file : files)
            total += file.document.sentences.size();
        const std::size_t threads = std::size_t(std::max(1, QThreadPool::globalInstance()->maxThreadCount()));
        const std::size_t wanted = std::min<std::size_t>(threads * 2, std::max<std::size_t>(1, total / 4096));
        std::vector<std::size_t> starts { 0 };
        std::size_t before = 0; // the sentences of files [0, f)
        for (std::size_t f = 0; f < files.size(); ++f) {
            if (f > 0 && starts.size() < wanted && before * wanted >= total * starts.size())
                starts.push_back(f);
            before += files[f].document.sentences.size();
        }
        starts.push_back(files.size());
        return starts;
    }

    // Makes a slice's lists, with room for `sentences` sentences, and its per-symbol arrays, on
    // huge pages (hugepages_p.h), and faults them in: at 1M sentences their 4 KiB page faults
    // were a sixth of the load's.
    static void prepareWalk(const KnowledgeBase::Private &p, std::size_t sentences, VocabularyPart &part)
    {
        part.functorCount = detail::hugePageVector<std::uint32_t>(p.symbolBound);
        const auto reserve = [](auto &list, std::size_t n) {
            detail::reserveHuge(list, n);
            detail::populate(list, n);
        };
        reserve(part.facts, sentences);
        reserve(part.occurrences, sentences * 3);
        reserve(part.usage, sentences);
        // Room for every sentence, but most are not memberships (a fifth to two fifths at
        // 1M sentences): the pages are faulted in as they are filled.
        detail::reserveHuge(part.members, sentences);
        for (std::vector<std::uint32_t> *perSymbol : { &part.latestUsage, &part.seenSlot }) {
            detail::reserveHuge(*perSymbol, p.symbolBound);
            perSymbol->assign(p.symbolBound, UINT32_MAX);
        }
    }

    // Walks sentences [begin, end): facts, declarations, and every symbol at any depth.
    // The part must have been made by prepareWalk().
    static void walkSentences(const KnowledgeBase::Private &p, SentenceId begin, SentenceId end, VocabularyPart &part)
    {
        Q_ASSERT(part.functorCount.size() == p.symbolBound);
        std::vector<std::uint32_t> &latestUsage = part.latestUsage;
        // Walk state reused across sentences: symbols seen in this sentence.
        std::vector<std::pair<SymbolId, std::uint8_t>> seen; // symbol, flags (1 functor, 2 argument, 4 nested functor)
        std::vector<std::uint32_t> &seenSlot = part.seenSlot; // where each symbol is in `seen`
        struct Item {
            Term term;
            bool inArgument;
        };
        std::vector<Item> stack;
        for (SentenceId id = begin; id < end; ++id) {
            const Term s = p.sentences[id].term;
            const std::uint32_t cx = p.sentenceContext[id];
            const SymbolId head = s.functorSymbol();
            if (head != noSymbol && part.functorCount[head]++ == 0)
                part.functors.push_back(head);
            if (isFact(s)) {
                const std::uint32_t n = s.size();
                const Term a1 = n >= 2 ? s.at(1) : Term();
                const Term a2 = n >= 3 ? s.at(2) : Term();
                const Term a3 = n >= 4 ? s.at(3) : Term();
                if (n == 2 && a1.isSymbol())
                    part.members.push_back({ a1.symbol(), { head, id } });
                if (n >= 2 && a1.isSymbol())
                    part.facts.push_back({ a1.symbol(), { head, id } });
                if (n == 3 && a1.isSymbol() && a2.isSymbol()) {
                    if (head == sym::genl) {
                        part.up.push_back({ a1.symbol(), { a2.symbol(), id } });
                        part.down.push_back({ a2.symbol(), { a1.symbol(), id } });
                    } else if (head == sym::disjoint) {
                        part.disjointPairs.push_back({ a1.symbol(), { a2.symbol(), id } });
                        part.disjointPairs.push_back({ a2.symbol(), { a1.symbol(), id } });
                    } else if (head == sym::siblingDisjointException) {
                        const SymbolId x = a1.symbol();
                        const SymbolId y = a2.symbol();
                        part.siblingExceptions.push_back((std::uint64_t(std::min(x, y)) << 32) | std::max(x, y));
                    }
                }
                if (head == sym::comment && n == 3 && a1.isSymbol() && a2.isString())
                    part.comments.push_back({ a1.symbol(), { id, cx } });
                if (head == sym::arity && n == 3 && a1.isSymbol() && a2.kind() == TermKind::Integer && a2.integer() > 0)
                    part.arities.push_back({ a1.symbol(), { int(a2.integer()), id, cx } });
                if ((head == sym::arg || head == sym::genlArg) && n == 4 && a1.isSymbol() && a2.kind() == TermKind::Integer && a3.isSymbol()
                    && a2.integer() > 0) {
                    part.args.push_back({ a1.symbol(),
                        { head == sym::arg ? ArgConstraint::Kind::Arg : ArgConstraint::Kind::GenlArg, int(a2.integer()), a3.symbol(), id,
                            cx } });
                }
            }

            // Occurrences and usage, at any depth (iterative walk).
            for (const auto &entry : seen)
                seenSlot[entry.first] = UINT32_MAX;
            seen.clear();
            // One slot per symbol, so a sentence of many distinct symbols costs its size.
            const auto note = [&seen, &seenSlot](SymbolId symbol, std::uint8_t flag) {
                std::uint32_t &slot = seenSlot[symbol];
                if (slot != UINT32_MAX) {
                    seen[slot].second |= flag;
                    return;
                }
                slot = std::uint32_t(seen.size());
                seen.emplace_back(symbol, flag);
            };
            stack.assign(1, { s, false });
            while (!stack.empty()) {
                const Item item = stack.back();
                stack.pop_back();
                const Term t = item.term;
                if (t.isSymbol() || t.kind() == TermKind::Variable) {
                    note(t.symbol(), 2);
                    continue;
                }
                if (!t.isCompound())
                    continue;
                const std::uint32_t n = t.size();
                std::uint32_t first = 0;
                if (t.isList() && n > 0 && t.at(0).isSymbol()) {
                    const SymbolId f = t.at(0).symbol();
                    note(f, item.inArgument ? 5 : 1);
                    first = 1;
                }
                // Frames keep their children in frame position; a literal's arguments are arguments.
                const bool frame = t.isVector() || (t.isList() && isFrameHead(t.functorSymbol()));
                for (std::uint32_t i = first; i < n; ++i)
                    stack.push_back({ t.at(i), item.inArgument || !frame });
            }
            // Sentences come in context order, so a symbol's usage in this context, if
            // any, is its latest entry: merge there instead of sorting afterwards.
            for (const auto &[symbol, flags] : seen) {
                part.occurrences.push_back({ symbol, id });
                std::uint32_t &slot = latestUsage[symbol];
                if (slot != UINT32_MAX && part.usage[slot].second.context == cx) {
                    Usage &u = part.usage[slot].second;
                    u.functor |= flags & 1U;
                    u.argument |= (flags >> 1) & 1U;
                    u.nestedFunctor |= (flags >> 2) & 1U;
                } else {
                    slot = std::uint32_t(part.usage.size());
                    part.usage.push_back({ symbol, { cx, flags & 1U, (flags >> 1) & 1U, (flags >> 2) & 1U } });
                }
            }
        }
        // The lists are alive until the indexes are built, the load's peak: the pages their
        // reservations did not fill go back (the last huge page of each is split).
        detail::releaseUnusedCapacity(part.members);
        detail::releaseUnusedCapacity(part.facts);
        detail::releaseUnusedCapacity(part.occurrences);
        detail::releaseUnusedCapacity(part.usage);
        std::vector<std::uint32_t>().swap(part.latestUsage);
        std::vector<std::uint32_t>().swap(part.seenSlot);
    }

    // The vocabulary indexes: the sentences are walked in slices on the thread pool, one
    // slice per context run so that a (symbol, context) usage entry comes from one slice
    // only, and the indexes are then built in parallel from the slices in order, so every
    // run keeps sentence order whatever the number of threads. Slice k is sentences
    // [cuts[k], cuts[k + 1]), walked into parts[k] (planSlices(), prepareWalk()); `beside`
    // runs as one more job of the walk.
    static void buildVocabulary(KnowledgeBase::Private &p, std::vector<VocabularyPart> &parts, const std::vector<SentenceId> &cuts,
        const std::function<void()> &beside)
    {
        const std::size_t total = p.sentences.size();
        std::vector<std::size_t> walkJobs(parts.size() + 1); // the slices, then `beside`
        std::iota(walkJobs.begin(), walkJobs.end(), 0);
        Lap lap;
        forEach(walkJobs, total >= s_sharedSentences, [&](std::size_t k) {
            if (k == parts.size())
                beside();
            else
                walkSentences(p, cuts[k], cuts[k + 1], parts[k]);
        });
        qCDebug(lcKb) << "walked in" << qPrintable(lap.next());

        const auto gather = [&parts](auto member) {
            std::vector<std::remove_reference_t<decltype(parts.front().*member)> *> out;
            for (VocabularyPart &part : parts)
                out.push_back(&(part.*member));
            return out;
        };
        // The symbols in use, found here so that sorting them by name (the longest job)
        // does not wait for the usage index. A KB that uses few of the process's symbols
        // (the table only grows) sorts its own instead of scanning every id.
        std::size_t usageEntries = 0;
        for (const VocabularyPart &part : parts)
            usageEntries += part.usage.size();
        const bool fewSymbols = usageEntries * 16 < p.symbolBound;
        std::vector<std::uint8_t> used(fewSymbols ? 0 : p.symbolBound, 0);
        for (const VocabularyPart &part : parts) {
            for (const auto &entry : part.usage) {
                if (fewSymbols)
                    p.usedSymbols.push_back(entry.first);
                else
                    used[entry.first] = 1;
            }
        }
        const auto edge = [&p](const EdgeRef &e) { return Edge { e.other, e.sentence, p.sentenceContext[e.sentence] }; };
        const auto ref = [&p](SentenceId id) { return SentenceRef { id, p.sentenceContext[id] }; };
        // Longest first, so that the short jobs fill in behind them on the few threads.
        std::vector<std::function<void()>> jobs {
            [&] {
                if (fewSymbols) {
                    std::sort(p.usedSymbols.begin(), p.usedSymbols.end());
                    p.usedSymbols.erase(std::unique(p.usedSymbols.begin(), p.usedSymbols.end()), p.usedSymbols.end());
                } else {
                    for (SymbolId symbol = 0; symbol < p.symbolBound; ++symbol) {
                        if (used[symbol])
                            p.usedSymbols.push_back(symbol);
                    }
                }
                sortByName(p.usedSymbols);
            },
            [&] { p.occurrences.build(p.symbolBound, gather(&VocabularyPart::occurrences), ref); },
            [&] { p.usage.build(p.symbolBound, gather(&VocabularyPart::usage)); },
            [&] {
                p.factsByFirst.build(p.symbolBound, gather(&VocabularyPart::facts), edge);
                p.factsByFirst.sortRuns(
                    [](const Edge &a, const Edge &b) { return a.other < b.other || (a.other == b.other && a.sentence < b.sentence); });
            },
            [&] {
                const auto add = [&](SymbolId f) {
                    std::uint32_t count = 0;
                    for (const VocabularyPart &part : parts)
                        count += part.functorCount[f];
                    if (count > 0)
                        p.functorCounts.emplace_back(f, count);
                };
                if (fewSymbols) {
                    std::vector<SymbolId> functors;
                    for (const VocabularyPart &part : parts)
                        functors.insert(functors.end(), part.functors.begin(), part.functors.end());
                    std::sort(functors.begin(), functors.end());
                    functors.erase(std::unique(functors.begin(), functors.end()), functors.end());
                    for (const SymbolId f : functors)
                        add(f);
                } else {
                    for (SymbolId f = 0; f < p.symbolBound; ++f)
                        add(f);
                }
                std::sort(p.functorCounts.begin(), p.functorCounts.end(), [](const auto &a, const auto &b) {
                    return a.second > b.second || (a.second == b.second && nameLess(a.first, b.first));
                });
            },
            [&] { p.genlUp.build(p.symbolBound, gather(&VocabularyPart::up), edge); },
            [&] { p.genlDown.build(p.symbolBound, gather(&VocabularyPart::down), edge); },
            [&] { p.members.build(p.symbolBound, gather(&VocabularyPart::members), edge); },
            [&] { p.disjointWith.build(p.symbolBound, gather(&VocabularyPart::disjointPairs), edge); },
            [&] {
                p.argDecls.build(p.symbolBound, gather(&VocabularyPart::args));
                p.argDecls.sortRuns([&p](const ArgDecl &a, const ArgDecl &b) {
                    const std::string_view keyA = p.keys[p.sentences[a.sentence].key];
                    const std::string_view keyB = p.keys[p.sentences[b.sentence].key];
                    return keyA != keyB ? keyA < keyB : a.sentence < b.sentence;
                });
            },
            [&] { p.arityDecls.build(p.symbolBound, gather(&VocabularyPart::arities)); },
            [&] { p.commentsOf.build(p.symbolBound, gather(&VocabularyPart::comments)); },
            [&] { p.roles = symbolRoles(p.symbolBound); },
            [&] {
                for (const VocabularyPart &part : parts) {
                    for (const std::uint64_t pair : part.siblingExceptions)
                        p.siblingExceptions.emplace(pair, true);
                }
            },
        };
        forEach(jobs, total >= s_sharedSentences, [](const std::function<void()> &job) { job(); });
        qCDebug(lcKb) << "vocabulary indexes in" << qPrintable(lap.next());
    }
};

LoadResult loadKnowledgeBase(const QString &root, const LoadProgress &progress)
{
    std::vector<Diagnostic> diagnostics;
    const QFileInfo info(root);
    if (!info.isDir() || !info.isReadable()) {
        Diagnostic diagnostic;
        diagnostic.code = codes::unreadableDirectory;
        diagnostic.file = root;
        diagnostic.message = QStringLiteral("cannot read the KB directory");
        return { nullptr, { diagnostic } };
    }
    std::vector<FileRecord> files;
    KnowledgeBaseLoader::collect(root, root, files, diagnostics);
    qCDebug(lcKb) << "loading" << files.size() << "context files from" << root;
    return KnowledgeBaseLoader::build(root, std::move(files), std::move(diagnostics), progress);
}

LoadResult loadKnowledgeBaseWith(const QString &root, const std::vector<ContextSource> &overrides)
{
    std::vector<Diagnostic> diagnostics;
    const QFileInfo info(root);
    if (!info.isDir() || !info.isReadable())
        return loadKnowledgeBase(root);
    std::vector<FileRecord> files;
    KnowledgeBaseLoader::collect(root, root, files, diagnostics);
    std::vector<bool> used(overrides.size(), false);
    for (FileRecord &file : files) {
        const QString path = QFileInfo(file.path).absoluteFilePath();
        for (std::size_t i = 0; i < overrides.size(); ++i) {
            if (QFileInfo(overrides[i].path).absoluteFilePath() == path) {
                file.size = overrides[i].text.size();
                file.document = parseDocument(overrides[i].text, file.path);
                used[i] = true;
            }
        }
    }
    // An override naming a file the tree lacks adds it: a new context file before it is written.
    for (std::size_t i = 0; i < overrides.size(); ++i) {
        if (used[i])
            continue;
        FileRecord record;
        record.relativePath = QDir(root).relativeFilePath(QFileInfo(overrides[i].path).absoluteFilePath());
        record.path = QDir(root).filePath(record.relativePath); // as collect() names the others
        record.size = overrides[i].text.size();
        record.document = parseDocument(overrides[i].text, record.path);
        files.push_back(std::move(record));
    }
    return KnowledgeBaseLoader::build(root, std::move(files), std::move(diagnostics), {});
}

LoadResult loadKnowledgeBase(std::vector<ContextSource> sources, const LoadProgress &progress)
{
    std::vector<FileRecord> files;
    files.reserve(sources.size());
    for (ContextSource &source : sources) {
        FileRecord record;
        record.path = source.path;
        record.relativePath = source.path;
        record.size = source.text.size();
        record.document = parseDocument(source.text, source.path);
        files.push_back(std::move(record));
    }
    return KnowledgeBaseLoader::build({}, std::move(files), {}, progress);
}

LoadResult reloadKnowledgeBase(const KnowledgeBase &previous, const LoadProgress &progress)
{
    return KnowledgeBaseLoader::reload(previous, progress);
}

} // namespace fanva::kb

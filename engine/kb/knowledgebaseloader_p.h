// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The KB loader's phases (engine/kb/README.md "Loading at scale"), one file each: collect and
// parse (loadparse.cpp), contexts (loadcontexts.cpp, over contextgraph.h), key (loadkey.cpp),
// merge and index (loadindex.cpp), walk (loadwalk.cpp) and the vocabulary indexes
// (loadvocabulary.cpp); knowledgebaseloader.cpp runs them in order.

#include "kb/knowledgebase.h"
#include "kb/knowledgebase_p.h"

#include <QElapsedTimer>
#include <QFile>
#include <QLoggingCategory>
#include <QtConcurrent/QtConcurrentMap>

#include <ctime>
#include <functional>

Q_DECLARE_LOGGING_CATEGORY(lcKb)

namespace fanva::kb {

namespace loading {

using namespace detail;

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

inline bool isFrameHead(SymbolId head)
{
    return head == sym::not_ || head == sym::and_ || head == sym::implies || head == sym::exceptWhen || isRuleWrapper(head)
        || head == sym::ist || head == sym::unknown || head == sym::thereExists || head == sym::exists || isAggregate(head);
}

// A positive literal sentence: headed by a symbol that is not a frame (not, implies, ist, …).
inline bool isFact(Term sentence)
{
    const SymbolId head = sentence.functorSymbol();
    return head != noSymbol && !isFrameHead(head);
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

} // namespace loading

// KnowledgeBase's friend: each phase reads and fills its private data.
struct KnowledgeBaseLoader {
    using Private = KnowledgeBase::Private;
    using FileRecord = detail::FileRecord;

    // knowledgebaseloader.cpp
    static void collect(const QString &root, const QString &dir, std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics);
    static LoadResult build(QString root, std::vector<FileRecord> files, std::vector<Diagnostic> diagnostics, const LoadProgress &progress);
    static LoadResult reload(const KnowledgeBase &previous, const LoadProgress &progress);

    // loadparse.cpp
    static Diagnostic error(QLatin1StringView code, const QString &file, const QString &message, Term at = {});
    static qint64 checkFiles(std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics);
    static void parseFiles(
        std::vector<FileRecord> &files, qint64 totalBytes, std::vector<Diagnostic> &diagnostics, const LoadProgress &progress);
    static void checkSentences(const FileRecord &file, std::vector<Diagnostic> &diagnostics);

    // loadcontexts.cpp
    static bool indexContexts(Private &p, const std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics);

    // loadkey.cpp
    static loading::IndexTables keyFiles(Private &p, std::vector<FileRecord> &files, bool shared);
    template<typename Fn> static void forEachIndexTable(Private &p, loading::IndexTables &tables, const Fn &fn);
    static void reserveIndex(Private &p, loading::IndexTables &tables, std::size_t sentences);
    static void populateIndex(Private &p, loading::IndexTables &tables, std::size_t sentences);
    static std::size_t keyFile(Private &p, FileRecord &file, std::uint64_t begin, std::uint64_t end, detail::KeyStore &overflow);

    // loadindex.cpp
    static void index(Private &p, std::vector<FileRecord> &files, loading::IndexTables &tables, std::vector<Diagnostic> &diagnostics);
    static std::vector<SentenceId> mergeSentences(
        Private &p, std::vector<FileRecord> &files, loading::IndexTables &tables, std::vector<Diagnostic> &diagnostics);

    // loadwalk.cpp
    static std::vector<std::size_t> planSlices(const std::vector<FileRecord> &files);
    static void prepareWalk(const Private &p, std::size_t sentences, loading::VocabularyPart &part);
    static void walkSentences(const Private &p, SentenceId begin, SentenceId end, loading::VocabularyPart &part);

    // loadvocabulary.cpp
    static void sortUsedSymbols(Private &p, bool fewSymbols, const std::vector<std::uint8_t> &used);
    static void countFunctors(Private &p, const std::vector<loading::VocabularyPart> &parts, bool fewSymbols);
    static void buildVocabulary(
        Private &p, std::vector<loading::VocabularyPart> &parts, const std::vector<SentenceId> &cuts, const std::function<void()> &beside);
};

} // namespace fanva::kb

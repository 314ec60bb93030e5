// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The loader's key phase: every sentence's canonical key, written by the thread that makes it.
#include "kb/knowledgebaseloader_p.h"

#include "kb/canonical_p.h"

#include <numeric>

namespace fanva::kb {

using namespace detail;
using namespace loading;

// Calls `fn` on each table index() fills, one entry per sentence at most.
template<typename Fn> void KnowledgeBaseLoader::forEachIndexTable(KnowledgeBase::Private &p, loading::IndexTables &tables, const Fn &fn)
{
    fn(p.sentences);
    fn(p.sentenceFile);
    fn(p.sentenceContext);
    fn(tables.keyPairs);
    fn(tables.keyContext);
    fn(tables.keyFirst);
}

void KnowledgeBaseLoader::reserveIndex(KnowledgeBase::Private &p, loading::IndexTables &tables, std::size_t sentences)
{
    forEachIndexTable(p, tables, [sentences](auto &table) { detail::reserveHuge(table, sentences); });
}

void KnowledgeBaseLoader::populateIndex(KnowledgeBase::Private &p, loading::IndexTables &tables, std::size_t sentences)
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
loading::IndexTables KnowledgeBaseLoader::keyFiles(KnowledgeBase::Private &p, std::vector<FileRecord> &files, bool shared)
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
    loading::IndexTables tables;
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
std::size_t KnowledgeBaseLoader::keyFile(
    KnowledgeBase::Private &p, FileRecord &file, std::uint64_t begin, std::uint64_t end, KeyStore &overflow)
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

} // namespace fanva::kb

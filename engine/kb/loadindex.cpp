// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The loader's merge phase: sentence and key ids, duplicates, then the vocabulary indexes.
#include "kb/knowledgebaseloader_p.h"

#include <QFuture>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace fanva::kb {

using namespace detail;
using namespace loading;

// Gives the sentences their ids in (context, line) order, and their keys ids: a repeated key
// in one context is indexed once, with a duplicate warning. Returns each file's first
// sentence, then the number of sentences.
std::vector<SentenceId> KnowledgeBaseLoader::mergeSentences(
    Private &p, std::vector<FileRecord> &files, IndexTables &tables, std::vector<Diagnostic> &diagnostics)
{
    std::vector<std::pair<SymbolId, SentenceId>> &keyPairs = tables.keyPairs;
    std::vector<std::uint32_t> &keyContext = tables.keyContext;
    std::vector<SentenceId> &keyFirst = tables.keyFirst;
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
    return fileFirst;
}

// Indexes the sentences, their keys and their vocabulary.
void KnowledgeBaseLoader::index(
    KnowledgeBase::Private &p, std::vector<FileRecord> &files, loading::IndexTables &tables, std::vector<Diagnostic> &diagnostics)
{
    Lap phase;
    std::vector<std::pair<SymbolId, SentenceId>> &keyPairs = tables.keyPairs;
    // The walk's slices are planned from the files, and their lists made and faulted in on
    // a pool thread while this one merges: their page faults were a fifth of the walk.
    p.symbolBound = SymbolTable::instance().size() + 1;
    const std::vector<std::size_t> sliceStarts = planSlices(files);
    std::vector<loading::VocabularyPart> parts(sliceStarts.size() - 1);
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
    const std::vector<SentenceId> fileFirst = mergeSentences(p, files, tables, diagnostics);
    // Not needed past this point: free them before the vocabulary's peak.
    std::vector<std::uint32_t>().swap(tables.keyContext);
    std::vector<SentenceId>().swap(tables.keyFirst);
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

} // namespace fanva::kb

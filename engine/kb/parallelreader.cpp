// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// One large KB file read in pieces on the thread pool, spliced into the one-pass document
// (engine/kb/README.md "Loading at scale").
#include "kb/reader.h"

#include "kb/hugepages_p.h"
#include "kb/reader_p.h"

#include <QThreadPool>
#include <QtConcurrentMap>

#include <cstring>

namespace fanva::kb {

namespace {

// Where the pieces of `text` start, at most `wanted` of them, then the text's size: each
// cut where a line starts with '(' (the layout of every KB file): a piece that reads cleanly
// to its end ends at the top level, so the next piece starts at the top level too.
std::vector<std::size_t> pieceStarts(const QByteArray &text, std::size_t wanted)
{
    const auto size = std::size_t(text.size());
    const char *data = text.constData();
    std::vector<std::size_t> cuts { 0 };
    for (std::size_t k = 1; k < wanted; ++k) {
        // The first line start at or after an even share of the text.
        std::size_t from = std::max(size / wanted * k, cuts.back() + 1) - 1;
        std::size_t at = size;
        while (from < size) {
            const void *newline = std::memchr(data + from, '\n', size - from);
            if (!newline)
                break;
            const std::size_t next = std::size_t(static_cast<const char *>(newline) - data) + 1;
            if (next < size && data[next] == '(') {
                at = next;
                break;
            }
            from = next;
        }
        if (at >= size)
            break;
        cuts.push_back(at);
    }
    cuts.push_back(size);
    return cuts;
}

} // namespace

Document parseDocument(const QByteArray &text, const QString &file, const ParallelReading &parallel)
{
    const auto onePass = [&] {
        if (parallel.piecesRead)
            *parallel.piecesRead = 1;
        return parseDocument(text, file);
    };
    const auto size = std::size_t(text.size());
    const std::size_t wanted
        = std::min(std::size_t(std::max(parallel.threads, 1)), size / std::max<std::size_t>(parallel.minPieceBytes, 1));
    if (wanted < 2)
        return onePass();

    const std::vector<std::size_t> cuts = pieceStarts(text, wanted);
    if (cuts.size() < 3)
        return onePass();

    // Piece 0 reads into the document's arena, reserved for the whole text; each other piece
    // into its own, appended after.
    struct Piece {
        Document document;
        std::shared_ptr<TermArena> arena = std::make_shared<TermArena>();
        std::uint32_t lines = 1;
    };
    std::vector<Piece> pieces(cuts.size() - 1);
    for (Piece &piece : pieces) {
        piece.document.text = text;
        piece.arena->setSource(text);
    }
    detail::reserveForText(size, *pieces[0].arena, pieces[0].document.sentences);
    std::vector<std::size_t> indexes(pieces.size());
    for (std::size_t i = 0; i < indexes.size(); ++i)
        indexes[i] = i;
    QtConcurrent::blockingMap(parallel.pool ? parallel.pool : QThreadPool::globalInstance(), indexes,
        [&](std::size_t i) { pieces[i].lines = detail::readPiece(text, pieces[i].document, *pieces[i].arena, cuts[i], cuts[i + 1]); });

    // Anything to report (an error, a warning), or a piece that did not end at the top level
    // (which reports an unclosed list or string): read the text in one pass instead, so the
    // messages and the recovery are exactly that pass's.
    for (const Piece &piece : pieces) {
        if (!piece.document.diagnostics.empty())
            return onePass();
    }

    Document document = std::move(pieces[0].document);
    document.file = file;
    std::shared_ptr<TermArena> arena = std::move(pieces[0].arena);
    std::uint32_t lineOffset = pieces[0].lines - 1;
    for (std::size_t i = 1; i < pieces.size(); ++i) {
        const std::uint32_t base = arena->append(*pieces[i].arena, lineOffset);
        pieces[i].arena.reset();
        for (const Term sentence : pieces[i].document.sentences)
            document.sentences.push_back(arena->term(base + sentence.index()));
        lineOffset += pieces[i].lines - 1;
    }
    arena->releaseUnused();
    detail::releaseUnusedCapacity(document.sentences);
    document.arena = std::move(arena);
    if (parallel.piecesRead)
        *parallel.piecesRead = int(pieces.size());
    return document;
}

} // namespace fanva::kb

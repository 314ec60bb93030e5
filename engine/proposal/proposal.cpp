// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/proposal.h"

#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/writer.h"
#include "lang/sentenceedits.h"
#include "proposal/atomicwrite_p.h"
#include "proposal/edits.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <climits>
#include <map>
#include <set>

namespace fanva::proposal {

using formalize::Rank;

namespace {

constexpr qsizetype s_quoteBytes = 300;

} // namespace

QString clipUtf8(const QString &text, qsizetype bytes)
{
    const QByteArray utf8 = text.toUtf8();
    if (utf8.size() <= bytes)
        return text;
    qsizetype end = bytes;
    while (end > 0 && (static_cast<unsigned char>(utf8.at(end)) & 0xC0) == 0x80)
        --end;
    return QString::fromUtf8(utf8.left(end)) + QStringLiteral("…");
}

QString provenanceMarkers(const Entry &entry)
{
    QString out;
    // An author entry is the author's text however it came about: no edited or shape marker.
    const bool author = entry.origin == formalize::Origin::Author;
    if (!author && entry.selectedShape == 0)
        out += QStringLiteral(" (edited)");
    else if (!author && entry.selectedShape != 1)
        out += QStringLiteral(" (shape %1)").arg(entry.selectedShape);
    if (entry.decision == Decision::Forced && !entry.forced.isEmpty())
        out += QStringLiteral(" (forced: %1)").arg(entry.forced.join(QStringLiteral(", ")));
    return out;
}

namespace {

QString markers(const Entry &entry)
{
    return provenanceMarkers(entry);
}

QStringList blockingTypes(const std::vector<lang::Problem> &problems)
{
    QStringList types;
    for (const lang::Problem &p : problems) {
        if (lang::isBlocking(p.type) && !types.contains(p.type))
            types.append(p.type);
    }
    return types;
}

} // namespace

const lang::Language &Proposal::kbLanguage() const
{
    const lang::Language *known = lang::languageById(language);
    return known ? *known : lang::defaultLanguage();
}

QString Proposal::targetPath() const
{
    return QDir(kbDir).filePath(targetFile);
}

Entry *Proposal::entry(const QString &id)
{
    auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry &e) { return e.id == id; });
    return it == entries.end() ? nullptr : &*it;
}

const Entry *Proposal::entry(const QString &id) const
{
    return const_cast<Proposal *>(this)->entry(id);
}

std::vector<const Entry *> Proposal::documentOrder() const
{
    std::vector<const Entry *> out;
    for (const Entry &e : entries) {
        if (e.isReviewable())
            out.push_back(&e);
    }
    std::stable_sort(out.begin(), out.end(), [](const Entry *a, const Entry *b) {
        const int sa = a->segment > 0 ? a->segment : INT_MAX;
        const int sb = b->segment > 0 ? b->segment : INT_MAX;
        if (sa != sb)
            return sa < sb;
        return formalize::entryNumber(a->id) < formalize::entryNumber(b->id);
    });
    return out;
}

std::vector<const Entry *> Proposal::toWrite() const
{
    std::vector<const Entry *> out;
    for (const Entry *e : documentOrder()) {
        if (e->isAccepted() && e->state != formalize::EntryState::Known)
            out.push_back(e);
    }
    return out;
}

bool Proposal::accept(const QString &id)
{
    Entry *e = entry(id);
    if (!e || !e->isReviewable() || e->decision == Decision::Applied)
        return false;
    const Rank rank = e->rank();
    if (rank == Rank::Refused || rank == Rank::Known)
        return false;
    e->decision = e->selectedShape == 0 ? Decision::Edited : Decision::Accepted;
    e->forced.clear();
    return true;
}

bool Proposal::reject(const QString &id)
{
    Entry *e = entry(id);
    if (!e || !e->isReviewable() || e->decision == Decision::Applied)
        return false;
    e->decision = Decision::Rejected;
    e->forced.clear();
    return true;
}

bool Proposal::setUndecided(const QString &id)
{
    Entry *e = entry(id);
    if (!e || !e->isReviewable() || e->decision == Decision::Applied)
        return false;
    e->decision = Decision::Undecided;
    e->forced.clear();
    return true;
}

bool Proposal::force(const QString &id)
{
    Entry *e = entry(id);
    if (!e || !e->isReviewable() || e->decision == Decision::Applied || e->rank() != Rank::Refused)
        return false;
    if (std::any_of(e->problems.begin(), e->problems.end(), [&](const lang::Problem &p) { return isUnforceable(p.type, kbLanguage()); }))
        return false;
    e->decision = Decision::Forced;
    e->forced = blockingTypes(e->problems);
    return true;
}

bool Proposal::setEdit(const QString &id, const QString &sentence, const std::vector<lang::Problem> &problems)
{
    Entry *e = entry(id);
    if (!e || !e->isReviewable() || e->decision == Decision::Applied || e->state == formalize::EntryState::Known)
        return false;
    e->edit = sentence;
    e->selectedShape = 0;
    e->problems.clear();
    e->notes.clear();
    for (const lang::Problem &p : problems)
        (lang::isBlocking(p.type) ? e->problems : e->notes).push_back(p);
    e->state = lang::hasBlocking(e->problems) ? formalize::EntryState::Refused : formalize::EntryState::Admissible;
    e->verdict = formalize::Verdict::None;
    e->verdictNote.clear();
    e->decision = e->state == formalize::EntryState::Refused ? Decision::Undecided : Decision::Edited;
    e->forced.clear();
    return true;
}

bool Proposal::selectShape(const QString &id, int shape)
{
    Entry *e = entry(id);
    if (!e || e->decision == Decision::Applied || shape < 1 || shape > e->shapes.size())
        return false;
    e->selectedShape = shape;
    return true;
}

Result<QStringList> Proposal::resolveIds(const QString &spec) const
{
    QStringList ids;
    if (spec.trimmed() == QLatin1StringView("all")) {
        for (const Entry *e : documentOrder()) {
            const Rank rank = e->rank();
            if (rank != Rank::Refused && rank != Rank::Known && e->decision != Decision::Applied)
                ids.append(e->id);
        }
        return ids;
    }
    const QStringList parts = spec.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const QString id = part.trimmed();
        const Entry *e = entry(id);
        if (!e || !e->isReviewable())
            return Error { QStringLiteral("no reviewable entry %1 in this proposal").arg(id) };
        if (!ids.contains(id))
            ids.append(id);
    }
    return ids;
}

bool isUnforceable(QStringView type, const lang::Language &language)
{
    return language.isReaderProblem(type) || type == lang::problem::contextName;
}

QString oneLine(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const QChar::Category category = c.category();
        if (category == QChar::Other_Control || category == QChar::Separator_Line || category == QChar::Separator_Paragraph)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

QString renderSentence(const QString &sentence, const lang::Language &language)
{
    const lang::Candidate read = language.readCandidate(sentence);
    if (!read.statement)
        return sentence.trimmed();
    return language.render(*read.statement);
}

QString provenanceComment(
    const Entry &entry, const QString &documentName, const QStringList &segmentTexts, bool draftedByRules, const lang::Language &language)
{
    const QString comment = language.lineComment();
    if (entry.origin == formalize::Origin::Author) {
        // Written by the author, not quoted from the document (docs/formalize.md §11.1).
        const QString after = entry.segment >= 1 && !documentName.isEmpty()
            ? QStringLiteral(", after %1 [%2]").arg(documentName, QString::number(entry.segment))
            : QString();
        return oneLine(QStringLiteral("%1 written by the author%2%3").arg(comment, after, markers(entry)));
    }
    QString quote;
    if (entry.segment >= 1 && entry.segment <= segmentTexts.size())
        quote = QStringLiteral(" \"%1\"").arg(clipUtf8(segmentTexts.at(entry.segment - 1).simplified(), s_quoteBytes));
    const QString number = entry.segment >= 1 ? QString::number(entry.segment) : QStringLiteral("?");
    const QString rules = draftedByRules ? QStringLiteral(" (rules)") : QString();
    return oneLine(QStringLiteral("%1 %2 [%3]%4%5%6").arg(comment, documentName, number, quote, markers(entry), rules));
}

QByteArray Proposal::newFileHeader() const
{
    if (!absent || sees.isEmpty())
        return {};
    QString header = oneLine(QStringLiteral(";; %1 — the context %2, made in Fanva.").arg(QFileInfo(targetFile).fileName(), context))
        + QStringLiteral("\n\n");
    const auto isContext = [](const QString &name) {
        const QByteArray utf8 = name.toUtf8();
        return !name.contains(QLatin1Char('/')) && kb::isContextName(std::string_view(utf8.constData(), std::size_t(utf8.size())));
    };
    if (!isContext(context))
        return {};
    for (const QString &parent : sees) {
        // Only context names: a session file from elsewhere cannot slip a sentence in here.
        if (isContext(parent) && parent != context)
            header += QStringLiteral("(genlCx %1 %2)\n").arg(context, parent);
    }
    return header.toUtf8();
}

QByteArray Proposal::renderBlock(const std::vector<const Entry *> &toRender, const QDateTime &appliedAt) const
{
    if (toRender.empty())
        return {};
    const QString time = appliedAt.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm")) + QLatin1Char('Z');
    // A proposal without a document holds only what the author wrote.
    const lang::Language &language = kbLanguage();
    const QString comment = language.lineComment();
    QString block = oneLine(documentName.isEmpty() ? QStringLiteral("%1 ---- fanva %2 by the author ----").arg(comment, time)
                                                   : QStringLiteral("%1 ---- fanva %2 from %3 ----").arg(comment, time, documentName))
        + QLatin1Char('\n');
    for (const Entry *e : toRender) {
        block += provenanceComment(*e, documentName, segmentTexts, draftedByRules, language) + QLatin1Char('\n');
        block += renderSentence(e->sentence(), language) + QLatin1Char('\n');
    }
    block += QStringLiteral("%1 ---- end fanva ----\n").arg(comment);
    return block.toUtf8();
}

QByteArray Proposal::appendBlock(const QByteArray &old, const QByteArray &block)
{
    if (block.isEmpty())
        return old;
    if (old.isEmpty())
        return block;
    // The block takes the file's line ending (its first line's), so a CRLF file stays CRLF.
    const qsizetype newline = old.indexOf('\n');
    const QByteArray eol = newline > 0 && old.at(newline - 1) == '\r' ? QByteArray("\r\n") : QByteArray("\n");
    QByteArray out = old;
    if (!out.endsWith('\n'))
        out.append(eol);
    out.append(eol);
    out.append(eol == "\n" ? block : QByteArray(block).replace("\n", eol));
    return out;
}

namespace {

/// The line range [first, last] (0-based) of each sentence of `file`, keyed by its start
/// line (1-based) and writer rendering; empty when the file does not read.
std::map<std::pair<int, QString>, std::pair<qsizetype, qsizetype>> sentenceLines(const QByteArray &file, const lang::Language &language)
{
    std::map<std::pair<int, QString>, std::pair<qsizetype, qsizetype>> out;
    const lang::SentenceEdits *edits = language.edits();
    const lang::LocatedFile located = edits ? edits->locate(file, {}) : lang::LocatedFile { {}, QStringLiteral("no edits") };
    if (!located.ok())
        return out;
    for (const lang::LocatedStatement &sentence : located.statements) {
        const qsizetype end = std::max<qsizetype>(sentence.begin, sentence.end - 1);
        const qsizetype first = qsizetype(sentence.line) - 1;
        const qsizetype last = first + file.mid(sentence.begin, end - sentence.begin).count('\n');
        out.emplace(std::make_pair(sentence.line, sentence.rendering), std::make_pair(first, last));
    }
    return out;
}

/// The whole file as context rows, each old sentence of `edits` as Removed rows in place and
/// each replace entry's comment and sentence after its first old sentence.
void appendEditRows(std::vector<DiffLine> &lines, const QList<QByteArray> &fileLines, const QByteArray &currentFile,
    const std::vector<const Entry *> &edits, const QDateTime &appliedAt, const lang::Language &language)
{
    // Each removed line range, the entry that removes it, and the replace entries written after it.
    struct Removal {
        qsizetype first = 0;
        qsizetype last = 0;
        const Entry *entry = nullptr;
    };
    const auto ranges = sentenceLines(currentFile, language);
    std::map<qsizetype, Removal> removals; // by first line
    std::map<qsizetype, std::vector<const Entry *>> placedAfter; // last line of the anchor → replace entries
    std::vector<std::pair<const Entry *, QStringList>> unplaced; // entries whose old sentences the file no longer holds
    for (const Entry *e : edits) {
        std::optional<qsizetype> anchor;
        QStringList missing;
        for (const ExistingSentence &s : e->replaces) {
            const auto it = ranges.find({ s.line, s.text });
            if (it == ranges.end()) {
                missing.append(s.text);
                continue;
            }
            removals.try_emplace(it->second.first, Removal { it->second.first, it->second.second, e });
            if (!anchor || it->second.first < removals.at(*anchor).first)
                anchor = it->second.first;
        }
        if (!missing.isEmpty() || !anchor)
            unplaced.emplace_back(e, missing);
        else if (e->kind == formalize::EntryKind::Replace)
            placedAfter[*anchor].push_back(e);
    }
    std::set<QString> marked; // entries whose gutter row is placed
    const auto newRows = [&](const Entry *e) {
        const bool struck = e->decision == Decision::Rejected;
        lines.push_back({ DiffLine::Kind::Comment, QStringLiteral("+ ") + replaceComment(*e, appliedAt, language), e->id, struck, false });
        lines.push_back({ DiffLine::Kind::Sentence, QStringLiteral("+ ") + renderSentence(e->sentence(), language), e->id, struck, true });
        marked.insert(e->id);
    };
    const auto removedRow = [&](const Entry *e, const QString &text, int fileLine) {
        // A retract has no new side: its gutter sits on its first removed row.
        const bool first = e->kind == formalize::EntryKind::Retract && !marked.contains(e->id);
        lines.push_back(
            { DiffLine::Kind::Removed, QStringLiteral("- ") + text, e->id, e->decision == Decision::Rejected, first, fileLine });
        if (first)
            marked.insert(e->id);
    };
    for (qsizetype i = 0; i < fileLines.size(); ++i) {
        const auto it = removals.find(i);
        if (it == removals.end()) {
            lines.push_back({ DiffLine::Kind::Context, QString::fromUtf8(fileLines.at(i)), {}, false, false, int(i) + 1 });
            continue;
        }
        for (qsizetype j = i; j <= it->second.last && j < fileLines.size(); ++j)
            removedRow(it->second.entry, QString::fromUtf8(fileLines.at(j)), int(j) + 1);
        if (const auto placed = placedAfter.find(i); placed != placedAfter.end()) {
            for (const Entry *e : placed->second)
                newRows(e);
        }
        i = it->second.last;
    }
    for (const auto &[e, missing] : unplaced) {
        for (const QString &text : missing)
            removedRow(e, text, 0);
        if (e->kind == formalize::EntryKind::Replace)
            newRows(e);
    }
}

} // namespace

std::vector<DiffLine> Proposal::diff(const QByteArray &currentFile, const QDateTime &appliedAt, bool acceptedOnly, bool wholeFile) const
{
    std::vector<DiffLine> lines;
    const QString base = absent ? QStringLiteral("new file") : QStringLiteral("base %1").arg(baseSha256.left(8));
    lines.push_back({ DiffLine::Kind::Header, QStringLiteral("%1 — %2").arg(targetFile, base), {}, false, false });

    // A new context's file does not exist yet: Apply starts it with its header.
    QList<QByteArray> fileLines = (currentFile.isEmpty() ? newFileHeader() : currentFile).split('\n');
    if (!fileLines.isEmpty() && fileLines.last().isEmpty())
        fileLines.removeLast();

    std::vector<const Entry *> shown;
    if (acceptedOnly) {
        shown = toWrite();
    } else {
        for (const Entry *e : documentOrder()) {
            if (e->state != formalize::EntryState::Known && e->decision != Decision::Applied)
                shown.push_back(e);
        }
    }
    std::vector<const Entry *> edits;
    for (const Entry *e : shown) {
        if (e->kind != formalize::EntryKind::Add)
            edits.push_back(e);
    }
    std::erase_if(shown, [](const Entry *e) { return e->kind != formalize::EntryKind::Add; });
    if (edits.empty() && !wholeFile) {
        for (qsizetype i = std::max<qsizetype>(0, fileLines.size() - 3); i < fileLines.size(); ++i)
            lines.push_back({ DiffLine::Kind::Context, QString::fromUtf8(fileLines.at(i)), {}, false, false, int(i) + 1 });
    } else {
        // Edits change the file in place: the whole file, each old sentence as `-` rows.
        appendEditRows(lines, fileLines, currentFile, edits, appliedAt, kbLanguage());
    }
    if (shown.empty())
        return lines;

    const QByteArray block = renderBlock(shown, appliedAt);
    const QStringList blockLines = QString::fromUtf8(block).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (!fileLines.isEmpty())
        lines.push_back({ DiffLine::Kind::Marker, QString(), {}, false, false });
    // Walk the rendered block so the view shows exactly its bytes; entries own the rows
    // from their comment to the row before the next comment.
    std::size_t next = 0;
    const Entry *current = nullptr;
    bool firstSentence = false;
    for (const QString &text : blockLines) {
        if (text.startsWith(kbLanguage().lineComment() + QLatin1StringView(" ---- "))) {
            lines.push_back({ DiffLine::Kind::Marker, text, {}, false, false });
            current = nullptr;
            continue;
        }
        if (next < shown.size() && text == provenanceComment(*shown[next], documentName, segmentTexts, draftedByRules, kbLanguage())) {
            current = shown[next++];
            firstSentence = true;
            lines.push_back({ DiffLine::Kind::Comment, text, current->id, current->decision == Decision::Rejected, false });
            continue;
        }
        const bool struck = current && current->decision == Decision::Rejected;
        lines.push_back({ DiffLine::Kind::Sentence, text, current ? current->id : QString(), struck, firstSentence });
        firstSentence = false;
    }
    return lines;
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

std::optional<QString> fileSha256(const QString &path)
{
    if (!detail::isRegularFile(path))
        return std::nullopt; // never open a FIFO or a device: the read could block
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&file))
        return std::nullopt;
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace fanva::proposal

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "kb/reader.h"
#include "kb/writer.h"
#include "lang/fanvakb/rewrite.h"
#include "proposal/edits.h"

#include <QDateTime>
#include <QTimeZone>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

namespace fanva::fuzz {

namespace {

/// Inputs above this are cut: the splice is linear, a longer file adds time, not paths.
constexpr qsizetype s_maxInput = 16 * 1024;

const std::array<QString, 4> s_replacements { QStringLiteral("(bird Tweety)"), QStringLiteral("(implies (fish ?x) (swims ?x))"),
    QStringLiteral("(comment bird \"a ; b\")"), QStringLiteral("(livesIn Pingu\n   HarbourZoo)") };

[[noreturn]] void fail(const char *what, const QByteArray &detail = {})
{
    std::fprintf(stderr, "editsession: %s %s\n", what, detail.constData());
    std::abort();
}

/// Reads the entries from the input's first bytes: a count, then per entry a kind-and-sentence
/// byte, a second-sentence byte, and a byte choosing the replacement (and a stale line now and then).
struct Reader {
    QByteArrayView data;
    qsizetype at = 0;
    [[nodiscard]] unsigned next() { return at < data.size() ? static_cast<unsigned char>(data[at++]) : 0U; }
};

std::vector<formalize::Entry> entriesFor(Reader &in, const std::vector<kb::Term> &sentences)
{
    std::vector<formalize::Entry> entries;
    const unsigned count = in.next() % 6;
    for (unsigned n = 0; n < count; ++n) {
        const unsigned a = in.next();
        const unsigned b = in.next();
        const unsigned c = in.next();
        formalize::Entry e;
        e.id = QStringLiteral("c%1").arg(n + 1);
        e.segment = 1;
        e.state = formalize::EntryState::Admissible;
        e.decision = formalize::Decision::Accepted;
        e.kind = (a & 1U) != 0 ? formalize::EntryKind::Replace : formalize::EntryKind::Retract;
        if ((a & 2U) != 0 && !sentences.empty()) {
            for (const unsigned pick : { a >> 2U, b }) {
                const kb::Term s = sentences[pick % sentences.size()];
                e.replaces.push_back({ int(s.span().line) + ((c & 0x80U) != 0 ? 1 : 0), kb::render(s), {} });
                if ((b & 1U) == 0)
                    break;
            }
        } else if ((a & 2U) != 0) {
            e.replaces.push_back({ int(b), QStringLiteral("(bird Tweety)"), {} });
        }
        e.candidate = e.kind == formalize::EntryKind::Retract && !e.replaces.empty() ? e.replaces.front().text
            : (c & 0x40U) != 0 && !sentences.empty()                                 ? kb::render(sentences[c % sentences.size()])
                                                                                     : s_replacements[c % s_replacements.size()];
        e.shapes = QStringList { e.candidate };
        entries.push_back(e);
    }
    if ((in.next() & 1U) != 0) {
        formalize::Entry add;
        add.id = QStringLiteral("c9");
        add.segment = 1;
        add.candidate = QStringLiteral("(penguin Pingu)");
        add.shapes = QStringList { add.candidate };
        add.decision = formalize::Decision::Accepted;
        entries.push_back(add);
    }
    return entries;
}

QList<QByteArray> linesOf(const QByteArray &bytes)
{
    // A line's ending is LF or CRLF; the last line has none.
    QList<QByteArray> lines = bytes.split('\n');
    for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
        if (lines[i].endsWith('\r'))
            lines[i].chop(1);
    }
    return lines;
}

/// The invariants of a splice that succeeded (docs/spec/rewrite.md §4).
void checkSplice(const QByteArray &base, const std::vector<formalize::Entry> &entries, const proposal::Splice &splice)
{
    // The new file reads as exactly the sentences the splice promised (Apply's verify).
    const kb::Document after = kb::parseDocument(splice.bytes);
    if (after.hasErrors() || after.sentences.size() != std::size_t(splice.sentences.size()))
        fail("the new file does not read as the promised sentences");
    std::map<QString, int> renderings;
    for (std::size_t i = 0; i < after.sentences.size(); ++i) {
        const QString text = kb::render(after.sentences[i]);
        if (text != splice.sentences.at(qsizetype(i)))
            fail("sentence differs from the promised one:", text.toUtf8());
        ++renderings[text];
    }
    // A removed sentence is gone (unless a kept or new sentence reads the same).
    const kb::Document before = kb::parseDocument(base);
    std::map<QString, int> kept;
    for (const kb::Term s : before.sentences)
        ++kept[kb::render(s)];
    std::set<std::pair<int, QString>> removed;
    for (const formalize::Entry &e : entries) {
        for (const formalize::ExistingSentence &r : e.replaces)
            removed.insert({ r.line, r.text });
    }
    for (const auto &r : removed)
        --kept[r.second];
    for (const formalize::Entry &e : entries) {
        if (e.kind != formalize::EntryKind::Retract)
            ++kept[proposal::renderSentence(e.sentence())];
    }
    for (const auto &[text, count] : renderings) {
        if (count > kept[text])
            fail("a removed sentence is still there:", text.toUtf8());
    }
    // Every line not removed is still there, byte for byte and in order; every removed line was
    // there. A byte order mark stays at the start.
    const QByteArray bom("\xEF\xBB\xBF");
    if (base.startsWith(bom) && !splice.bytes.startsWith(bom))
        fail("the byte order mark is gone");
    const QList<QByteArray> old = linesOf(base.startsWith(bom) ? base.sliced(3) : base);
    const QList<QByteArray> now = linesOf(splice.bytes.startsWith(bom) ? splice.bytes.sliced(3) : splice.bytes);
    std::set<int> gone;
    for (const proposal::RemovedLine &r : splice.removedLines) {
        if (r.line < 1 || r.line > old.size() || old.at(r.line - 1) != r.text.toUtf8())
            fail("a removed line is not the file's:", r.text.toUtf8());
        gone.insert(r.line);
    }
    qsizetype j = 0;
    for (qsizetype i = 0; i < old.size(); ++i) {
        if (gone.contains(int(i) + 1))
            continue;
        // The old last line has no LF: an appended block may turn its trailing CR into a CRLF.
        const bool last = i + 1 == old.size();
        const QByteArray want = last && old.at(i).endsWith('\r') ? old.at(i).chopped(1) : old.at(i);
        while (j < now.size() && now.at(j) != want && !(last && now.at(j) == old.at(i)))
            ++j;
        if (j == now.size())
            fail("a line not named is gone:", old.at(i));
        ++j;
    }
}

} // namespace

void editSession(QByteArrayView data)
{
    Reader in { data.first(std::min(data.size(), s_maxInput)) };
    // The head chooses the entries; the KB file starts at the first newline after it.
    const qsizetype head = std::min<qsizetype>(in.data.size(), 20);
    const qsizetype newline = in.data.indexOf('\n', head);
    const QByteArray base = newline < 0 ? QByteArray() : in.data.sliced(newline + 1).toByteArray();
    const kb::Document document = kb::parseDocument(base);
    const std::vector<formalize::Entry> entries = entriesFor(in, document.sentences);

    proposal::Proposal p;
    p.context = QStringLiteral("CxFuzz");
    p.targetFile = QStringLiteral("CxFuzz.txt");
    p.documentName = QStringLiteral("fuzz.md");
    std::vector<const formalize::Entry *> pointers;
    for (const formalize::Entry &e : entries)
        pointers.push_back(&e);
    const QDateTime at = QDateTime::fromSecsSinceEpoch(1764625200, QTimeZone::utc());
    const proposal::Splice splice = proposal::spliceEntries(p, base, pointers, at);
    if (splice.ok() && !document.hasErrors())
        checkSplice(base, entries, splice);
    if (!splice.ok() && splice.error.isEmpty())
        fail("a failed splice without a reason");

    // What a replacement is gated against: the file without the sentences (reads when the file did).
    // What a replacement is gated against: the file without the removed sentences, which reads
    // whenever the splice took them (they have lines of their own).
    const std::optional<QByteArray> without = lang::fanvakb::withoutSentences(base, proposal::removedSentences(pointers));
    if (splice.ok() && !document.hasErrors() && without && kb::parseDocument(*without).hasErrors())
        fail("the file without the removed sentences does not read");
}

} // namespace fanva::fuzz

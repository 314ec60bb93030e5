// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/resolver.h"

#include "kb/knowledgebase.h"
#include "lang/spellings.h"

#include <QSet>

#include <array>
#include <optional>
#include <unordered_map>
#include <utility>

namespace fanva::lang::fanvakb {

namespace {

constexpr int s_maxRun = 5;

const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> out;
        for (const char *w : { "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "and", "or", "but", "is", "are", "was", "were",
                 "be", "it", "its", "he", "she", "they", "his", "her", "their", "this", "that", "with", "from", "as", "not", "no" })
            out.insert(QString::fromLatin1(w));
        return out;
    }();
    return words;
}

struct Word {
    qsizetype start = 0; // byte offsets into the document
    qsizetype end = 0;
    QString text;
    bool ascii = true;
};

bool isApostrophe(QChar c)
{
    return c == QLatin1Char('\'') || c == QChar(0x2019);
}

// The words of one segment: letters, digits and apostrophes starting with a letter; a
// trailing 's or ' dropped.
std::vector<Word> words(const QByteArray &document, const Segment &segment)
{
    std::vector<Word> out;
    const QString text = QString::fromUtf8(document.mid(segment.start, segment.length()));
    qsizetype byte = segment.start;
    qsizetype i = 0;
    const auto advance = [&](qsizetype to) {
        byte += text.mid(i, to - i).toUtf8().size();
        i = to;
    };
    while (i < text.size()) {
        if (!text[i].isLetter()) {
            advance(i + (text[i].isHighSurrogate() && i + 1 < text.size() ? 2 : 1));
            continue;
        }
        qsizetype j = i;
        while (j < text.size() && (text[j].isLetterOrNumber() || isApostrophe(text[j]) || text[j].isMark()))
            ++j;
        QString word = text.mid(i, j - i);
        while (!word.isEmpty() && isApostrophe(word.back()))
            word.chop(1);
        if (word.size() >= 2
            && (word.endsWith(QLatin1String("'s"), Qt::CaseInsensitive) || word.endsWith(QStringLiteral("\u2019s"), Qt::CaseInsensitive)))
            word.chop(2);
        Word w;
        w.start = byte;
        w.end = byte + word.toUtf8().size();
        w.text = word;
        for (QChar c : std::as_const(word))
            w.ascii = w.ascii && c.unicode() < 0x80;
        out.push_back(w);
        advance(j);
    }
    return out;
}

bool countsAsTerm(kb::SymbolId symbol, kb::Role role)
{
    if (symbol < kb::sym::endOfBuiltins)
        return false;
    return role == kb::Role::Type || role == kb::Role::Predicate || role == kb::Role::Individual || role == kb::Role::Sense;
}

} // namespace

std::vector<Resolution> resolve(
    const QByteArray &document, const std::vector<Segment> &segments, const kb::KnowledgeBase &kb, kb::SymbolId context)
{
    std::vector<Resolution> out;
    std::unordered_map<QString, std::optional<std::pair<kb::SymbolId, kb::Role>>> cache;
    const kb::Scope scope { context, kb::noKey };
    const auto lookup = [&](const QString &spelling) -> std::optional<std::pair<kb::SymbolId, kb::Role>> {
        if (const auto it = cache.find(spelling); it != cache.end())
            return it->second;
        std::optional<std::pair<kb::SymbolId, kb::Role>> found;
        if (const std::optional<kb::SymbolId> symbol = kb::findSymbol(spelling.toStdString())) {
            const kb::TermUsage usage = kb.findTerm(*symbol, scope);
            if (usage.used && countsAsTerm(*symbol, usage.role))
                found = std::pair { *symbol, usage.role };
        }
        cache.emplace(spelling, found);
        return found;
    };

    for (const Segment &segment : segments) {
        const std::vector<Word> ws = words(document, segment);
        std::size_t i = 0;
        while (i < ws.size()) {
            bool matched = false;
            for (std::size_t length = std::min<std::size_t>(s_maxRun, ws.size() - i); length >= 1 && !matched; --length) {
                QStringList run;
                bool ascii = true;
                for (std::size_t k = i; k < i + length; ++k) {
                    run << ws[k].text;
                    ascii = ascii && ws[k].ascii;
                }
                if (!ascii)
                    continue;
                if (length == 1 && (run.first().size() == 1 || stopWords().contains(run.first().toLower())))
                    continue;
                for (const QString &spelling : lang::spellings(run)) {
                    if (const auto hit = lookup(spelling)) {
                        const qsizetype start = ws[i].start;
                        const qsizetype end = ws[i + length - 1].end;
                        out.push_back(Resolution { segment.number, start, end, QString::fromUtf8(document.mid(start, end - start)),
                            hit->first, hit->second, kb::symbolString(hit->first) });
                        i += length;
                        matched = true;
                        break;
                    }
                }
            }
            if (!matched)
                ++i;
        }
    }
    return out;
}

} // namespace fanva::lang::fanvakb

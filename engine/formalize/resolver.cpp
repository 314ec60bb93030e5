// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/resolver.h"

#include "kb/knowledgebase.h"

#include <QSet>

#include <array>
#include <optional>
#include <unordered_map>
#include <utility>

namespace fanva::formalize {

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

QString capitalized(const QString &word)
{
    return word.isEmpty() ? word : word.left(1).toUpper() + word.mid(1);
}

bool countsAsTerm(kb::SymbolId symbol, kb::Role role)
{
    if (symbol < kb::sym::endOfBuiltins)
        return false;
    return role == kb::Role::Type || role == kb::Role::Predicate || role == kb::Role::Individual || role == kb::Role::Sense;
}

} // namespace

QString singular(const QString &word)
{
    static const std::unordered_map<QString, QString> irregular = [] {
        std::unordered_map<QString, QString> out;
        const std::array<std::pair<const char *, const char *>, 12> pairs { {
            { "mice", "mouse" },
            { "geese", "goose" },
            { "children", "child" },
            { "people", "person" },
            { "men", "man" },
            { "women", "woman" },
            { "teeth", "tooth" },
            { "wolves", "wolf" },
            { "leaves", "leaf" },
            { "sheep", "sheep" },
            { "fish", "fish" },
            { "deer", "deer" },
        } };
        for (const auto &[plural, single] : pairs)
            out.emplace(QString::fromLatin1(plural), QString::fromLatin1(single));
        return out;
    }();
    if (const auto it = irregular.find(word); it != irregular.end())
        return it->second;
    const auto isVowel = [](QChar c) { return QStringLiteral("aeiou").contains(c); };
    if (word.size() > 3 && word.endsWith(QLatin1String("ies")) && !isVowel(word[word.size() - 4]))
        return word.left(word.size() - 3) + QLatin1Char('y');
    for (const char *ending : { "ches", "shes", "sses", "xes", "zes" }) {
        if (word.endsWith(QLatin1String(ending)))
            return word.left(word.size() - 2);
    }
    if (word.endsWith(QLatin1Char('s')) && !word.endsWith(QLatin1String("ss")) && !word.endsWith(QLatin1String("us"))
        && !word.endsWith(QLatin1String("is")))
        return word.left(word.size() - 1);
    return word;
}

QStringList spellings(const QStringList &words)
{
    QStringList out;
    const auto add = [&out](const QString &s) {
        if (!s.isEmpty() && !out.contains(s))
            out << s;
    };
    if (words.size() == 1)
        add(words.first());
    QStringList lower;
    for (const QString &w : words)
        lower << w.toLower();
    const auto three = [&](const QStringList &ws) {
        QString camel = ws.first();
        QString pascal = capitalized(ws.first());
        for (qsizetype i = 1; i < ws.size(); ++i) {
            camel += capitalized(ws[i]);
            pascal += capitalized(ws[i]);
        }
        add(camel);
        add(ws.join(QLatin1Char('_')));
        add(pascal);
    };
    three(lower);
    QStringList singularised = lower;
    singularised.back() = singular(singularised.back());
    three(singularised);
    return out;
}

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
                for (const QString &spelling : spellings(run)) {
                    if (const auto hit = lookup(spelling)) {
                        const qsizetype start = ws[i].start;
                        const qsizetype end = ws[i + length - 1].end;
                        out.push_back(Resolution {
                            segment.number, start, end, QString::fromUtf8(document.mid(start, end - start)), hit->first, hit->second });
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

} // namespace fanva::formalize

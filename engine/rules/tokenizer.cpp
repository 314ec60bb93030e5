// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/tokenizer.h"

#include <QRegularExpression>

#include <algorithm>

namespace fanva::rules {

namespace {

/// The Latin letters NFKD leaves whole, as people spell them in ASCII.
QString spelledOut(QChar c)
{
    switch (c.unicode()) {
    case 0x00DF: // ß
        return QStringLiteral("ss");
    case 0x1E9E: // ẞ
        return QStringLiteral("SS");
    case 0x00E6: // æ
        return QStringLiteral("ae");
    case 0x00C6: // Æ
        return QStringLiteral("Ae");
    case 0x0153: // œ
        return QStringLiteral("oe");
    case 0x0152: // Œ
        return QStringLiteral("Oe");
    case 0x00F8: // ø
        return QStringLiteral("o");
    case 0x00D8: // Ø
        return QStringLiteral("O");
    case 0x0142: // ł
        return QStringLiteral("l");
    case 0x0141: // Ł
        return QStringLiteral("L");
    case 0x0111: // đ
    case 0x00F0: // ð
        return QStringLiteral("d");
    case 0x0110: // Đ
    case 0x00D0: // Ð
        return QStringLiteral("D");
    case 0x00FE: // þ
        return QStringLiteral("th");
    case 0x00DE: // Þ
        return QStringLiteral("Th");
    case 0x0131: // ı
        return QStringLiteral("i");
    case 0x0127: // ħ
        return QStringLiteral("h");
    case 0x0126: // Ħ
        return QStringLiteral("H");
    default:
        return QString(c);
    }
}

const QRegularExpression &wordPattern()
{
    static const QRegularExpression re(QStringLiteral("\\d+(?:[.,]\\d+)*|\\p{L}[\\p{L}\\p{M}'\\-]*|[,;:]"));
    return re;
}

bool isAscii(const QString &text)
{
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; });
}

} // namespace

QString asciiFolded(const QString &word)
{
    if (isAscii(word))
        return word;
    QString out;
    out.reserve(word.size());
    const QString decomposed = word.normalized(QString::NormalizationForm_KD);
    for (const QChar c : decomposed) {
        const QChar::Category category = c.category();
        if (category == QChar::Mark_NonSpacing || category == QChar::Mark_SpacingCombining || category == QChar::Mark_Enclosing)
            continue;
        out += spelledOut(c);
    }
    // A letter never decomposes into marks alone; keep the word if it somehow did.
    return out.isEmpty() ? word : out;
}

qsizetype wordCount(const QString &sentence)
{
    qsizetype count = 0;
    for (auto it = wordPattern().globalMatch(sentence); it.hasNext(); ++count)
        (void)it.next();
    return count;
}

std::vector<Token> tokenize(const QString &sentence)
{
    std::vector<Token> out;
    auto it = wordPattern().globalMatch(sentence);
    while (it.hasNext()) {
        const QString written = it.next().captured(0);
        QString text = asciiFolded(written);
        const QString original = isAscii(text) ? QString() : written;
        QString possessive;
        if (text.endsWith(QLatin1String("'s"))) {
            text.chop(2);
            possessive = QStringLiteral("'s");
        } else if (text.endsWith(QLatin1Char('\''))) {
            text.chop(1);
            possessive = QStringLiteral("'s");
        }
        if (text.endsWith(QLatin1String("n't")) && text.size() > 3) {
            // don't, doesn't, can't: the auxiliary, then "not".
            QString aux = text.chopped(3);
            if (aux.toLower() == QLatin1String("ca"))
                aux = QStringLiteral("can");
            else if (aux.toLower() == QLatin1String("wo"))
                aux = QStringLiteral("will");
            out.push_back({ aux, aux.toLower(), {}, aux.front().isUpper(), false, {}, original });
            out.push_back({ QStringLiteral("not"), QStringLiteral("not"), {}, false, false, {}, {} });
            continue;
        }
        if (text.isEmpty())
            continue;
        Token t;
        t.text = text;
        t.lower = text.toLower();
        t.cap = text.front().isUpper();
        t.number = text.front().isDigit();
        t.original = original;
        if (t.number)
            t.text.remove(QLatin1Char(','));
        out.push_back(t);
        if (!possessive.isEmpty())
            out.push_back({ possessive, possessive, {}, false, false, {}, {} });
    }
    return out;
}

std::optional<QString> unspellable(const std::vector<Token> &tokens)
{
    for (const Token &t : tokens) {
        if (!t.original.isEmpty()) {
            return QStringLiteral("a word the knowledge base cannot spell ('%1'): its names and types are written in ASCII letters")
                .arg(t.original);
        }
    }
    return std::nullopt;
}

} // namespace fanva::rules

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "check/spelling_p.h"

namespace fanva::check::spelling {

namespace {

QString capitalized(const QString &word)
{
    if (word.isEmpty())
        return word;
    return word.left(1).toUpper() + word.mid(1);
}

// Splits at `_` and `-` only, keeping each part's case.
QStringList parts(const QString &name)
{
    QStringList result;
    QString current;
    for (const QChar c : name) {
        if (c == u'_' || c == u'-') {
            if (!current.isEmpty())
                result.append(std::exchange(current, QString()));
            continue;
        }
        current.append(c);
    }
    if (!current.isEmpty())
        result.append(current);
    return result;
}

} // namespace

QStringList words(const QString &name)
{
    QStringList result;
    for (const QString &part : parts(name)) {
        QString current;
        for (qsizetype i = 0; i < part.size(); ++i) {
            const QChar c = part.at(i);
            const bool boundary = i > 0 && c.isUpper() && (part.at(i - 1).isLower() || part.at(i - 1).isDigit());
            if (boundary && !current.isEmpty())
                result.append(std::exchange(current, QString()));
            current.append(c);
        }
        if (!current.isEmpty())
            result.append(current);
    }
    return result;
}

QString camel(const QString &name)
{
    const QStringList split = parts(name);
    QString result;
    for (qsizetype i = 0; i < split.size(); ++i)
        result += i == 0 ? split.at(i) : capitalized(split.at(i));
    return result;
}

QString pascal(const QString &name)
{
    QString result;
    for (const QString &part : parts(name))
        result += capitalized(part);
    return result;
}

QString lower(const QString &name)
{
    return name.toLower();
}

QString suggest(const QString &name, qsizetype argumentCount)
{
    QStringList split = words(name);
    for (QString &word : split)
        word = word.toLower();
    if (argumentCount == 1)
        return split.join(u'_');
    QString result;
    for (qsizetype i = 0; i < split.size(); ++i)
        result += i == 0 ? split.at(i) : capitalized(split.at(i));
    return result;
}

QString contextName(const QString &name)
{
    QString rest = name;
    if (rest.startsWith(QLatin1String("cx"), Qt::CaseInsensitive))
        rest = rest.mid(2);
    QString result = QStringLiteral("Cx");
    for (const QString &word : words(rest))
        result += capitalized(word);
    return result;
}

QString snake(const QString &name)
{
    QStringList split = words(name);
    for (QString &word : split)
        word = word.toLower();
    return split.join(u'_');
}

QString withArticle(const QString &word)
{
    const bool vowel = !word.isEmpty() && QStringLiteral("aeiouAEIOU").contains(word.at(0));
    return (vowel ? QStringLiteral("an ") : QStringLiteral("a ")) + word;
}

} // namespace fanva::check::spelling

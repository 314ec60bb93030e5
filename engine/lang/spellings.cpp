// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/spellings.h"

#include <array>
#include <unordered_map>
#include <utility>

namespace fanva::lang {

namespace {

QString capitalized(const QString &word)
{
    return word.isEmpty() ? word : word.left(1).toUpper() + word.mid(1);
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

} // namespace fanva::lang

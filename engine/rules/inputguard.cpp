// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/inputguard.h"

namespace fanva::rules {

std::optional<QString> tooLongForTheRules(const std::vector<Token> &tokens)
{
    if (tokens.size() > std::size_t(InputLimits::words))
        return QStringLiteral("too long for the rules: %1 words, at most %2").arg(tokens.size()).arg(InputLimits::words);
    for (const Token &t : tokens) {
        const QString &written = t.original.isEmpty() ? t.text : t.original;
        if (const qsizetype bytes = written.toUtf8().size(); bytes > InputLimits::wordBytes) {
            return QStringLiteral("too long for the rules: a word of %1 bytes ('%2…'), at most %3")
                .arg(bytes)
                .arg(written.left(16))
                .arg(InputLimits::wordBytes);
        }
    }
    return std::nullopt;
}

std::optional<QString> tooLongForTheRules(const QString &sentence)
{
    // Counted first: a text of megabytes is refused without a token made for each word.
    if (const qsizetype words = wordCount(sentence); words > InputLimits::words)
        return QStringLiteral("too long for the rules: %1 words, at most %2").arg(words).arg(InputLimits::words);
    return tooLongForTheRules(tokenize(sentence));
}

bool fitsTheParser(const QStringList &words)
{
    if (words.size() > InputLimits::words)
        return false;
    qsizetype bytes = 0;
    for (const QString &w : words) {
        const qsizetype size = w.toUtf8().size();
        if (size > InputLimits::wordBytes)
            return false;
        bytes += size + 1;
    }
    return bytes <= InputLimits::parserBytes;
}

} // namespace fanva::rules

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/kbtokenizer.h"

#include <QSet>

namespace fanva::lang {

namespace {

bool isDelimiter(QChar c)
{
    switch (c.unicode()) {
    case u' ':
    case u'\t':
    case u'\r':
    case u'\n':
    case u',':
    case u'(':
    case u')':
    case u'[':
    case u']':
    case u'{':
    case u'}':
    case u'"':
    case u';':
        return true;
    default:
        return false;
    }
}

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}
bool isAsciiLower(QChar c)
{
    return c >= u'a' && c <= u'z';
}
bool isAsciiUpper(QChar c)
{
    return c >= u'A' && c <= u'Z';
}
bool isAsciiAlnum(QChar c)
{
    return isAsciiDigit(c) || isAsciiLower(c) || isAsciiUpper(c);
}

// [+-]?(0|[1-9][0-9]*)(\.[0-9]+)?
bool isNumber(QStringView t)
{
    qsizetype i = 0;
    if (i < t.size() && (t[i] == u'+' || t[i] == u'-'))
        ++i;
    if (i >= t.size() || !isAsciiDigit(t[i]))
        return false;
    if (t[i] == u'0')
        ++i;
    else
        while (i < t.size() && isAsciiDigit(t[i]))
            ++i;
    if (i == t.size())
        return true;
    if (t[i] != u'.' || i + 1 == t.size())
        return false;
    for (++i; i < t.size(); ++i)
        if (!isAsciiDigit(t[i]))
            return false;
    return true;
}

bool looksNumeric(QStringView t)
{
    if (t.isEmpty())
        return false;
    if (isAsciiDigit(t[0]))
        return true;
    return t.size() > 1 && (t[0] == u'+' || t[0] == u'-' || t[0] == u'.') && isAsciiDigit(t[1]);
}

bool allOf(QStringView t, qsizetype from, bool (*pred)(QChar))
{
    for (qsizetype i = from; i < t.size(); ++i)
        if (!pred(t[i]))
            return false;
    return true;
}

// [a-z._][a-z0-9_'.+=&:*>#-]*-[a-z0-9][a-z0-9_']*
bool isSense(QStringView t)
{
    const qsizetype dash = t.lastIndexOf(u'-');
    if (dash <= 0 || dash + 1 >= t.size())
        return false;
    const QChar first = t[0];
    if (!isAsciiLower(first) && first != u'.' && first != u'_')
        return false;
    static constexpr QStringView headChars = u"abcdefghijklmnopqrstuvwxyz0123456789_'.+=&:*>#-";
    for (qsizetype i = 1; i < dash; ++i)
        if (!headChars.contains(t[i]))
            return false;
    if (!isAsciiLower(t[dash + 1]) && !isAsciiDigit(t[dash + 1]))
        return false;
    for (qsizetype i = dash + 2; i < t.size(); ++i)
        if (!isAsciiLower(t[i]) && !isAsciiDigit(t[i]) && t[i] != u'_' && t[i] != u'\'')
            return false;
    return true;
}

TokenClass classifyName(QStringView name, bool functorPosition)
{
    if (name.isEmpty())
        return TokenClass::Other;
    if (isAsciiUpper(name[0])) {
        if (!allOf(name, 1, isAsciiAlnum))
            return TokenClass::Other;
        if (name.size() > 2 && name.startsWith(u"Cx") && isAsciiUpper(name[2]))
            return TokenClass::Context;
        return TokenClass::Individual;
    }
    if (isAsciiLower(name[0])) {
        if (allOf(name, 1, [](QChar c) { return isAsciiLower(c) || isAsciiDigit(c); }))
            return functorPosition ? TokenClass::Predicate : TokenClass::Type;
        if (allOf(name, 1, isAsciiAlnum))
            return TokenClass::Predicate;
        if (allOf(name, 1, [](QChar c) { return isAsciiLower(c) || isAsciiDigit(c) || c == u'_'; }))
            return TokenClass::Type;
    }
    return isSense(name) ? TokenClass::Type : TokenClass::Other;
}

} // namespace

const QStringList &KbTokenizer::keywords()
{
    static const QStringList words = {
        QStringLiteral("and"),
        QStringLiteral("antiSymmetric"),
        QStringLiteral("antiTransitive"),
        QStringLiteral("arg"),
        QStringLiteral("arity"),
        QStringLiteral("asymmetric"),
        QStringLiteral("binaryPredicate"),
        QStringLiteral("comment"),
        QStringLiteral("different"),
        QStringLiteral("disjoint"),
        QStringLiteral("disjointMetatype"),
        QStringLiteral("equivalenceRelation"),
        QStringLiteral("evaluate"),
        QStringLiteral("exceptWhen"),
        QStringLiteral("exists"),
        QStringLiteral("functional"),
        QStringLiteral("genl"),
        QStringLiteral("genlArg"),
        QStringLiteral("genlCx"),
        QStringLiteral("greaterThan"),
        QStringLiteral("implies"),
        QStringLiteral("interArg"),
        QStringLiteral("inverse"),
        QStringLiteral("irreflexive"),
        QStringLiteral("isa"),
        QStringLiteral("ist"),
        QStringLiteral("lessThan"),
        QStringLiteral("not"),
        QStringLiteral("quotedArg"),
        QStringLiteral("reflexive"),
        QStringLiteral("siblingDisjoint"),
        QStringLiteral("siblingDisjointException"),
        QStringLiteral("symmetric"),
        QStringLiteral("ternaryPredicate"),
        QStringLiteral("thereExists"),
        QStringLiteral("transitive"),
        QStringLiteral("transitiveInArg"),
        QStringLiteral("transitiveInArgInverse"),
        QStringLiteral("unaryPredicate"),
        QStringLiteral("unknown"),
        QStringLiteral("variableArity"),
    };
    return words;
}

TokenClass KbTokenizer::classifyAtom(QStringView token, bool functorPosition)
{
    if (token.isEmpty())
        return TokenClass::Other;
    if (looksNumeric(token))
        return isNumber(token) ? TokenClass::Number : TokenClass::Other;
    if (token[0] == u'?' || token == u"_")
        return TokenClass::Variable;

    static const QSet<QStringView> keywordSet = [] {
        QSet<QStringView> set;
        for (const QString &word : keywords())
            set.insert(word);
        return set;
    }();
    if (keywordSet.contains(token))
        return TokenClass::Keyword;

    const qsizetype slash = token.indexOf(u'/');
    if (slash > 0 && slash + 1 < token.size()) {
        const QStringView ns = token.first(slash);
        if (ns == u"set" || ns == u"agg")
            return TokenClass::Keyword;
        if (ns == u"cx")
            return TokenClass::Context;
        if (ns == u"lex")
            return TokenClass::Other;
        return classifyName(token.sliced(slash + 1), functorPosition);
    }
    return classifyName(token, functorPosition);
}

QList<Token> KbTokenizer::tokenize(QStringView line, State &state)
{
    QList<Token> tokens;
    qsizetype i = 0;
    const qsizetype n = line.size();

    const auto readString = [&](qsizetype from) {
        qsizetype j = from;
        while (j < n) {
            if (line[j] == u'\\') {
                j += 2;
                continue;
            }
            if (line[j] == u'"') {
                state = State::Normal;
                return qMin(j + 1, n);
            }
            ++j;
        }
        state = State::InString;
        return n;
    };

    if (state == State::InString) {
        const qsizetype end = readString(0);
        tokens.append({ 0, end, TokenClass::String });
        i = end;
    }

    bool functorPosition = false;
    while (i < n) {
        const QChar c = line[i];
        if (c == u';') {
            tokens.append({ i, n - i, TokenClass::Comment });
            break;
        }
        if (c == u'"') {
            const qsizetype end = readString(i + 1);
            tokens.append({ i, end - i, TokenClass::String });
            i = end;
            functorPosition = false;
            continue;
        }
        if (c == u'(' || c == u')' || c == u'[' || c == u']' || c == u'{' || c == u'}') {
            tokens.append({ i, 1, TokenClass::Other });
            functorPosition = c == u'(';
            ++i;
            continue;
        }
        if (isDelimiter(c)) {
            ++i;
            continue;
        }
        qsizetype end = i + 1;
        while (end < n && !isDelimiter(line[end]))
            ++end;
        tokens.append({ i, end - i, classifyAtom(line.sliced(i, end - i), functorPosition) });
        functorPosition = false;
        i = end;
    }
    return tokens;
}

} // namespace fanva::lang

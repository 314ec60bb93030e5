// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/niblieditor.h"

#include "lang/cursorscan.h"
#include "lang/language.h"
#include "lang/nibli/lexicon.h"
#include "lang/nibli/reader.h"

#include <QFile>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace fanva::lang {

namespace {

enum class WordKind : std::uint8_t { Predicate, Name, Keyword };

struct Word {
    QString name;
    WordKind kind = WordKind::Predicate;
    int uses = 0;
    int arity = 0;
    QString detail;
};

bool isNibliWordChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_' || c == u'+';
}

/// A word at the cursor: a nibli word or a `$variable`.
bool isNibliCursorWordChar(QChar c)
{
    return isNibliWordChar(c) || c == u'$';
}

QString predicateDetail(const TermDescription &described)
{
    QString head = QStringLiteral("%1/%2").arg(described.term).arg(described.arity.value_or(0));
    if (!described.places.isEmpty())
        head += QStringLiteral(" (%1)").arg(described.places.join(QStringLiteral(", ")));
    const QString about = described.reading.isEmpty() ? described.gloss : described.reading;
    return about.isEmpty() ? head : QStringLiteral("%1 — %2").arg(head, about);
}

/// Every word a nibli KB and its language know: the lexicon's and the KB's predicates, the
/// KB's Names and the reserved words, each with its detail line and how often the KB uses it.
class NibliEditorIndex final : public EditorIndex
{
public:
    explicit NibliEditorIndex(std::shared_ptr<const Kb> kb)
        : EditorIndex(std::move(kb))
    {
        const Kb &base = this->kb();
        const Language &language = base.language();
        QStringList predicates;
        for (const nibli::Entry &entry : nibli::Lexicon::builtin().entries()) {
            if (entry.name.find('+') == std::string::npos)
                predicates.append(QString::fromStdString(entry.name));
        }
        std::map<QString, int> names;
        static const QRegularExpression declaration(QStringLiteral("^\\s*pred\\s+([a-z][A-Za-z0-9_]*)"));
        const QStringList files = base.root().isEmpty() ? QStringList() : language.kbFiles(base.root());
        for (const QString &path : files) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                continue;
            for (const Statement &statement : language.read(file.readAll(), path).statements) {
                if (const QRegularExpressionMatch m = declaration.match(statement.text); m.hasMatch())
                    predicates.append(m.captured(1));
                for (const QString &name : language.individuals(statement))
                    ++names[name];
            }
        }
        predicates.removeDuplicates();
        for (const QString &name : std::as_const(predicates)) {
            const TermDescription described = language.describeTerm(base, name, {}, 0);
            if (described.role == lang::TermRole::Predicate)
                words.push_back({ name, WordKind::Predicate, described.useCount, described.arity.value_or(0), predicateDetail(described) });
        }
        for (const auto &[name, uses] : names)
            words.push_back({ name, WordKind::Name, uses, 0, QStringLiteral("name") });
        for (const std::string_view keyword : nibli::reservedWords())
            words.push_back(
                { QString::fromLatin1(keyword.data(), qsizetype(keyword.size())), WordKind::Keyword, 0, 0, QStringLiteral("keyword") });
    }

    std::vector<Word> words;
};

class NibliEditorServices final : public EditorServices
{
public:
    [[nodiscard]] std::shared_ptr<const EditorIndex> index(std::shared_ptr<const Kb> kb) const override
    {
        if (!kb)
            return nullptr;
        return std::make_shared<const NibliEditorIndex>(std::move(kb));
    }

    [[nodiscard]] EditorCursor cursorAt(QStringView text, int position) const override;

    [[nodiscard]] bool isClosed(QStringView text) const override
    {
        const EditorCursor end = cursorAt(text, int(text.size()));
        return end.slot == 0 && !end.inString;
    }

    [[nodiscard]] bool isWordChar(QChar c) const override { return isNibliCursorWordChar(c); }

    [[nodiscard]] bool isTermWord(QStringView word) const override
    {
        if (word.isEmpty() || !word.front().isLetter())
            return false;
        const QByteArray latin = word.toLatin1();
        const auto &reserved = nibli::reservedWords();
        return !std::binary_search(reserved.begin(), reserved.end(), std::string_view(latin.constData(), std::size_t(latin.size())));
    }

    [[nodiscard]] QString newStatementAbout(const QString &term, lang::TermRole role, int *cursor) const override
    {
        if (role == lang::TermRole::Predicate) {
            // A predicate: the author goes on with its arguments.
            const QString text = term + u'(';
            *cursor = int(text.size());
            return text;
        }
        // A Name: the first argument of the predicate the author writes before it.
        *cursor = 0;
        return QStringLiteral("(%1).").arg(term);
    }

    [[nodiscard]] std::vector<EditorCompletion> completions(
        const EditorIndex &index, const QString & /*target*/, const EditorCursor &cursor, int limit) const override
    {
        const auto &own = static_cast<const NibliEditorIndex &>(index);
        std::vector<const Word *> found;
        for (const Word &w : own.words) {
            if (w.name.startsWith(cursor.prefix, Qt::CaseInsensitive))
                found.push_back(&w);
        }
        // A case-exact start first, then the words the KB uses most, then by name.
        std::stable_sort(found.begin(), found.end(), [&cursor](const Word *a, const Word *b) {
            const bool exactA = a->name.startsWith(cursor.prefix);
            const bool exactB = b->name.startsWith(cursor.prefix);
            if (exactA != exactB)
                return exactA;
            if (a->uses != b->uses)
                return a->uses > b->uses;
            return a->name < b->name;
        });
        std::vector<EditorCompletion> out;
        for (const Word *w : found) {
            if (int(out.size()) >= qMax(limit, 1))
                break;
            const bool opens = w->kind == WordKind::Predicate && w->arity > 0;
            out.push_back({ w->name, opens ? w->name + u'(' : w->name, w->detail, true });
        }
        return out;
    }

    [[nodiscard]] ArgumentHint argumentHint(const EditorIndex &index, const QString &target, const EditorCursor &cursor) const override;
};

// Reads nibli text up to `position`: strings, `#` and `/* */` comments, and the argument
// lists `word(…, …)` open at the cursor (slot: the number of parentheses left open).
EditorCursor NibliEditorServices::cursorAt(QStringView text, int position) const
{
    struct Frame {
        QString functor;
        int commas = 0;
    };
    std::vector<Frame> frames;
    QString lastWord; // the word that ended right before the current character, if any
    const auto onWord = [&](int start, int end) { lastWord = text.mid(start, end - start).toString(); };
    const auto onMark = [&](QChar c) {
        if (c == u'(') {
            frames.push_back({ lastWord.isEmpty() || !lastWord.front().isLower() ? QString() : lastWord, 0 });
        } else if (c == u')') {
            if (!frames.empty())
                frames.pop_back();
        } else if (c == u',') {
            if (!frames.empty())
                ++frames.back().commas;
        }
        if (!c.isSpace())
            lastWord.clear();
    };
    static constexpr CursorSyntax syntax { &isNibliCursorWordChar, u'#', true };
    const CursorScan scan = scanToCursor(text, position, syntax, onWord, onMark);
    EditorCursor out;
    out.inString = scan.inString;
    out.inLiteral = scan.inLiteral();
    out.wordStart = scan.wordStart;
    out.wordEnd = scan.wordEnd;
    out.prefix = scan.prefix;
    out.slot = int(frames.size());
    if (!frames.empty()) {
        out.functor = frames.back().functor;
        out.argument = frames.back().commas + 1;
    }
    if (!out.prefix.isEmpty() && (out.prefix.front() == u'$' || out.prefix.front().isDigit()))
        out.inLiteral = true; // a variable or a number: nothing to complete
    return out;
}

ArgumentHint NibliEditorServices::argumentHint(const EditorIndex &index, const QString &target, const EditorCursor &cursor) const
{
    ArgumentHint hint;
    if (cursor.inLiteral || cursor.functor.isEmpty() || cursor.argument < 1)
        return hint;
    const Kb &kb = index.kb();
    const TermDescription described = kb.language().describeTerm(kb, cursor.functor, target, 0);
    if (described.role != lang::TermRole::Predicate || !described.arity)
        return hint;
    QStringList plain;
    QStringList rich;
    for (int i = 1; i <= *described.arity; ++i) {
        const QString place = i <= described.places.size() ? described.places.at(i - 1) : QStringLiteral("x%1").arg(i);
        plain.append(place);
        if (i == cursor.argument) {
            hint.current = i;
            rich.append(QStringLiteral("<b><u>%1</u></b>").arg(place.toHtmlEscaped()));
        } else {
            rich.append(place.toHtmlEscaped());
        }
    }
    const QString joiner = QStringLiteral(", ");
    hint.plain = QStringLiteral("%1(%2)").arg(cursor.functor, plain.join(joiner));
    hint.rich = QStringLiteral("%1(%2)").arg(cursor.functor.toHtmlEscaped(), rich.join(joiner));
    const QString about = described.reading.isEmpty() ? described.gloss : described.reading;
    if (!about.isEmpty()) {
        hint.plain += QStringLiteral(" — ") + about;
        hint.rich += QStringLiteral(" — ") + about.toHtmlEscaped();
    }
    return hint;
}

} // namespace

const EditorServices &nibliEditorServices()
{
    static const NibliEditorServices s_services;
    return s_services;
}

} // namespace fanva::lang

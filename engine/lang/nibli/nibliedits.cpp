// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/nibliedits.h"

#include "kb/symbol.h"
#include "lang/nibli/knowledgebase.h"
#include "lang/nibli/niblilanguage.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <set>

namespace fanva::lang {

namespace {

bool isWord(TokenClass c)
{
    return c != TokenClass::Comment && c != TokenClass::String && c != TokenClass::Number && c != TokenClass::Variable
        && c != TokenClass::Keyword;
}

class NibliEdits final : public SentenceEdits
{
public:
    [[nodiscard]] LocatedFile locate(const QByteArray &bytes, const QString &file) const override
    {
        const Language &language = nibliLanguage();
        const ReadResult read = language.read(bytes, file);
        LocatedFile out;
        if (read.hasErrors()) {
            const auto error
                = std::find_if(read.diagnostics.begin(), read.diagnostics.end(), [](const lang::Diagnostic &d) { return d.isError(); });
            out.error = (error != read.diagnostics.end() ? *error : read.diagnostics.front()).toString();
            return out;
        }
        out.statements.reserve(read.statements.size());
        for (const Statement &s : read.statements)
            out.statements.push_back({ language.render(s), int(s.span.line), qsizetype(s.span.begin), qsizetype(s.span.end) });
        return out;
    }

    /// `#` ends at the line's end; `/* … */` may span lines; a string never does.
    [[nodiscard]] std::set<qsizetype> commentOnlyLines(const QByteArray &bytes, qsizetype start, qsizetype end) const override
    {
        std::set<qsizetype> out;
        bool inBlock = false;
        bool hasCode = false;
        bool hasComment = false;
        qsizetype lineStart = start;
        for (qsizetype i = start; i < end; ++i) {
            const char c = bytes.at(i);
            if (c == '\n') {
                if ((hasComment || inBlock) && !hasCode)
                    out.insert(lineStart);
                lineStart = i + 1;
                hasCode = hasComment = false;
            } else if (inBlock) {
                hasComment = true;
                if (c == '*' && i + 1 < end && bytes.at(i + 1) == '/') {
                    inBlock = false;
                    ++i;
                }
            } else if (c == '#') {
                hasComment = true;
                while (i + 1 < end && bytes.at(i + 1) != '\n')
                    ++i;
            } else if (c == '/' && i + 1 < end && bytes.at(i + 1) == '*') {
                hasComment = inBlock = true;
                ++i;
            } else if (c == '"') {
                hasCode = true;
                for (++i; i < end && bytes.at(i) != '"' && bytes.at(i) != '\n'; ++i) {
                    if (bytes.at(i) == '\\' && i + 1 < end && bytes.at(i + 1) != '\n')
                        ++i;
                }
                if (i < end && bytes.at(i) == '\n')
                    --i; // the line ends here: let the loop see it
            } else if (c != ' ' && c != '\t' && c != '\r') {
                hasCode = true;
            }
        }
        if (lineStart < end && (hasComment || inBlock) && !hasCode)
            out.insert(lineStart);
        return out;
    }

    [[nodiscard]] LoadResult loadWith(const QString &dir, const QString &path, const QByteArray &bytes) const override
    {
        const QString replaced = QDir(dir).relativeFilePath(QFileInfo(path).absoluteFilePath());
        std::vector<std::pair<QString, std::string>> texts;
        const QStringList names = nibli::KnowledgeBase::files(dir);
        for (const QString &name : names) {
            QByteArray text;
            if (QDir::cleanPath(name) == QDir::cleanPath(replaced)) {
                text = bytes;
            } else {
                QFile file(QDir(dir).filePath(name));
                if (!file.open(QIODevice::ReadOnly))
                    return nibliLanguage().load(dir); // reports what cannot be read
                text = file.readAll();
            }
            texts.emplace_back(name, text.toStdString());
        }
        if (!names.contains(replaced))
            texts.emplace_back(replaced, bytes.toStdString());
        std::sort(texts.begin(), texts.end(), [](const auto &a, const auto &b) { return a.first.toUtf8() < b.first.toUtf8(); });
        return nibliKbFromTexts(dir, texts);
    }

    /// A target is its file: the statements of `path` with that key.
    [[nodiscard]] int storedCount(const Kb &kb, const std::string &key, const QString & /*target*/, const QString &path) const override
    {
        const Language &language = kb.language();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return 0;
        const ReadResult read = language.read(file.readAll(), path);
        return int(
            std::count_if(read.statements.begin(), read.statements.end(), [&](const Statement &s) { return language.key(&kb, s) == key; }));
    }

    /// The words of the statement its highlighter does not class as a comment, string, number,
    /// variable or keyword, each once, that the KB knows (predicates and names).
    [[nodiscard]] std::vector<Resolution> termsOf(const Kb &kb, const QString &statement, const QString &target) const override
    {
        const Language &language = kb.language();
        std::vector<Resolution> out;
        std::set<QString> seen;
        int state = 0;
        for (const QString &line : statement.split(QLatin1Char('\n'))) {
            for (const Token &token : language.tokenizeLine(line, state)) {
                if (!isWord(token.tokenClass) || !line.at(token.start).isLetter())
                    continue;
                const QString spelling = line.mid(token.start, token.length);
                if (!seen.insert(spelling).second)
                    continue;
                const TermRole role = language.findTerm(kb, spelling, target);
                if (role != TermRole::None)
                    out.push_back({ 0, 0, 0, spelling, kb::intern(spelling.toStdString()), role, spelling });
            }
        }
        return out;
    }

    [[nodiscard]] bool checksRetractions() const override { return false; }

    [[nodiscard]] std::optional<lang::Problem> retractionWarning(const Kb & /*kb*/, const QString & /*target*/, const QString & /*path*/,
        const QByteArray & /*bytes*/, const std::vector<StatementLine> & /*removed*/,
        const std::vector<StatementLine> & /*alsoRemoved*/) const override
    {
        return std::nullopt;
    }
};

} // namespace

const SentenceEdits &nibliEdits()
{
    static const NibliEdits s_edits;
    return s_edits;
}

} // namespace fanva::lang

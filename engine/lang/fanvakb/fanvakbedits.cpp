// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/fanvakbedits.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/writer.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/fanvakbretract.h"
#include "lang/fanvakb/rewrite.h"

#include <algorithm>

namespace fanva::lang {

namespace {

class FanvaKbEdits final : public SentenceEdits
{
public:
    [[nodiscard]] LocatedFile locate(const QByteArray &bytes, const QString & /*file*/) const override
    {
        LocatedFile out;
        const kb::Document document = kb::parseDocument(bytes);
        if (document.hasErrors()) {
            out.error = document.diagnostics.front().toString();
            return out;
        }
        out.statements.reserve(document.sentences.size());
        for (const kb::Term &sentence : document.sentences) {
            const kb::Span span = sentence.span();
            out.statements.push_back({ kb::render(sentence), int(span.line), qsizetype(span.begin), qsizetype(span.end) });
        }
        return out;
    }

    /// A `;` comment ends as the reader ends it: at LF, or at a CR without an LF after it.
    [[nodiscard]] std::set<qsizetype> commentOnlyLines(const QByteArray &bytes, qsizetype start, qsizetype end) const override
    {
        std::set<qsizetype> out;
        bool inString = false;
        bool hasCode = false;
        bool hasComment = false;
        qsizetype lineStart = start;
        const auto endLine = [&](qsizetype next) {
            if (hasComment && !hasCode)
                out.insert(lineStart);
            lineStart = next;
            hasCode = hasComment = false;
        };
        for (qsizetype i = start; i < end; ++i) {
            const char c = bytes.at(i);
            if (c == '\n') {
                endLine(i + 1);
            } else if (inString) {
                // A string the sentence began on an earlier line is code on this one too.
                hasCode = true;
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    inString = false;
            } else if (c == ';') {
                hasComment = true;
                while (i + 1 < end && bytes.at(i + 1) != '\n' && !(bytes.at(i + 1) == '\r' && (i + 2 >= end || bytes.at(i + 2) != '\n')))
                    ++i;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                hasCode = true;
                inString = c == '"';
            }
        }
        if (lineStart < end)
            endLine(end);
        return out;
    }

    [[nodiscard]] LoadResult loadWith(const QString &dir, const QString &path, const QByteArray &bytes) const override
    {
        kb::LoadResult loaded = kb::loadKnowledgeBaseWith(dir, { { path, bytes } });
        return { loaded.kb ? fanvaKbOver(loaded.kb) : nullptr, std::move(loaded.diagnostics) };
    }

    [[nodiscard]] int storedCount(const Kb &kb, const std::string &key, const QString &target, const QString & /*path*/) const override
    {
        const kb::KnowledgeBase *knowledge = knowledgeBaseOf(kb);
        if (!knowledge)
            return 0;
        const kb::SymbolId cx = kb::intern(target.toStdString());
        const auto ids = knowledge->lookup(key, kb::Scope { cx, kb::noKey });
        return int(std::count_if(ids.begin(), ids.end(), [&](kb::SentenceId id) { return knowledge->sentence(id).context == cx; }));
    }

    [[nodiscard]] std::vector<Resolution> termsOf(const Kb &kb, const QString &statement, const QString &target) const override
    {
        const kb::KnowledgeBase *knowledge = knowledgeBaseOf(kb);
        return knowledge ? fanvakb::sentenceTerms(*knowledge, target, statement) : std::vector<Resolution>();
    }

    [[nodiscard]] bool checksRetractions() const override { return true; }

    [[nodiscard]] std::optional<lang::Problem> retractionWarning(const Kb &kb, const QString &target, const QString &path,
        const QByteArray &bytes, const std::vector<StatementLine> &removed, const std::vector<StatementLine> &alsoRemoved) const override
    {
        const kb::KnowledgeBase *knowledge = knowledgeBaseOf(kb);
        if (!knowledge)
            return std::nullopt;
        const auto existing = [](const std::vector<StatementLine> &lines) {
            std::vector<formalize::ExistingSentence> out;
            for (const StatementLine &s : lines)
                out.push_back({ s.line, s.text, {} });
            return out;
        };
        return fanvaKbRetractionWarning(*knowledge, target, path, bytes, existing(removed), existing(alsoRemoved));
    }
};

} // namespace

const SentenceEdits &fanvaKbEdits()
{
    static const FanvaKbEdits s_edits;
    return s_edits;
}

} // namespace fanva::lang

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/rewrite.h"

#include "formalize/prompts.h"

namespace fanva::formalize {

QByteArray rewriteDocument(const std::vector<ExistingSentence> &selection)
{
    QByteArray out;
    for (const ExistingSentence &s : selection)
        out += flattened(s.text).simplified().toUtf8() + '\n';
    return out;
}

std::vector<Segment> rewriteSegments(const QByteArray &document)
{
    std::vector<Segment> out;
    qsizetype start = 0;
    while (start < document.size()) {
        qsizetype end = document.indexOf('\n', start);
        if (end < 0)
            end = document.size();
        if (end > start)
            out.push_back({ int(out.size()) + 1, start, end, Segment::Kind::Prose });
        start = end + 1;
    }
    return out;
}

QString rewriteTurn(const RewriteTurnInput &input)
{
    QString text = QStringLiteral("## The sentences to rewrite (%1)\n\n").arg(input.selection.size());
    int number = 0;
    for (const ExistingSentence &s : input.selection)
        text += QStringLiteral("[%1] %2\n").arg(++number).arg(flattened(s.text).simplified());
    text += QStringLiteral("\n## Where they are\n\nThey are stored in `%1`, file %2. Write no context.\n\n").arg(input.context, input.file);
    text += QStringLiteral("## Vocabulary of this knowledge base\n\n%1\n").arg(input.card.trimmed());
    text += QStringLiteral("## Task\n\n"
                           "Rewrite the numbered sentences as the author asks. Give each new sentence with the numbers of\n"
                           "the sentences it replaces (\"replaces\": [1, 2]); list under \"retract\" the numbers of sentences to\n"
                           "remove without a replacement. A sentence you leave out stays as it is. At most %1\n"
                           "candidates. Answer with the JSON object only.\n")
                .arg(input.maxCandidates);
    if (!input.instruction.trimmed().isEmpty())
        text += QStringLiteral("\n## Note from the author\n\n%1\n").arg(input.instruction.trimmed());
    return text;
}

nlohmann::json rewriteSchema()
{
    using nlohmann::json;
    const json integers = { { "type", "array" }, { "items", { { "type", "integer" } } } };
    return { { "type", "object" }, { "required", { "candidates" } },
        { "properties",
            { { "candidates",
                  { { "type", "array" },
                      { "items",
                          { { "type", "object" }, { "required", { "sentence", "replaces" } },
                              { "properties",
                                  { { "sentence", { { "type", "string" } } }, { "replaces", integers },
                                      { "confidence", { { "type", "string" }, { "enum", { "high", "medium", "low" } } } },
                                      { "strength", { { "type", "string" }, { "enum", { "default", "monotonic" } } } } } } } } } },
                { "retract", integers }, { "notes", { { "type", "string" } } } } } };
}

} // namespace fanva::formalize

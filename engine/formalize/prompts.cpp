// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/prompts.h"

#include "formalize/template_p.h"
#include "jsonutil.h"

#include <QStringList>

#include <algorithm>
#include <set>

#include <string_view>

namespace fanva::formalize {

using detail::renderTemplate;
using detail::TemplateData;
using detail::TemplateValue;

namespace {

// formalize.md §3.1, verbatim but for the names table's tags.
const char s_systemTemplate[] = R"~(You translate English into candidate sentences for a knowledge base written as s-expressions.
A person reviews every candidate before anything is stored: propose a doubtful claim at low
confidence rather than omit it, and never propose anything the text does not say, however true.

## Names (a wrong spelling is refused)

| role | spelling | in this knowledge base |
|---|---|---|
{{#roles}}| {{role}} | {{spelling}} | `{{example}}` |
{{/roles}}
A symbol containing an underscore is a type, and a type takes exactly one argument.

## Claim shapes

| write | it says |
|---|---|
| `(penguin Pingu)` | Pingu is a penguin |
| `(livesIn Pingu HarbourZoo)` | a particular fact |
| `(not (flies Pingu))` | a particular fact that is false |
| `(genl penguin bird)` | every penguin is a bird, without exception |
| `(implies (and (livesIn ?x ?p) (zoo ?p)) (captive ?x))` | a general rule |
| `(set/defaultRule (implies (bird ?x) (flies ?x)))` | a general claim that usually holds |
| `(exceptWhen (penguin ?x) (set/defaultRule (implies (bird ?x) (flies ?x))))` | a usual claim and the case it excludes |

A fact has no variable; a rule's conclusion uses only variables from its conditions. What is
said of a whole kind is a rule or genl, never a fact about the kind's name: not `(swims penguin)` but
`(set/defaultRule (implies (penguin ?x) (swims ?x)))`. Generic statements ("penguins swim",
"usually") are default rules; plain rules and genl only where the text allows no exception.

## The context is not yours

Candidates are filed in the context the request names. Never write `ist` or name a context.

## One name per individual

Something introduced without a name ("a penguin") gets one minted from its kind (Penguin1),
used in every later candidate about it. Names the text gives are kept.

## Reuse the vocabulary

Use the listed relations and types, with specifics in arguments: (livesIn Pingu HarbourZoo),
never (lives_in_harbour_zoo Pingu). Coin a name only if nothing listed fits; say so in notes.

## Report what you cannot translate

List under untranslated, with a one-clause reason, each sentence that makes no claim or that
you lack vocabulary for. Never skip a sentence silently.

## Example (use the request's names, not these)

[1] Pingu is a penguin who lives in Harbour Zoo.
[2] Every penguin is a bird.
[3] Birds usually fly, but penguins do not.
[4] A penguin in the next pool ate a herring.
[5] It was a cold, bright morning.

{"candidates": [
 {"sentence": "(penguin Pingu)", "segment": 1, "confidence": "high"},
 {"sentence": "(livesIn Pingu HarbourZoo)", "segment": 1, "confidence": "high"},
 {"sentence": "(genl penguin bird)", "segment": 2, "confidence": "high", "strength": "monotonic"},
 {"sentence": "(exceptWhen (penguin ?x) (set/defaultRule (implies (bird ?x) (flies ?x))))", "segment": 3, "confidence": "high"},
 {"sentence": "(penguin Penguin1)", "segment": 4, "confidence": "high"},
 {"sentence": "(eats Penguin1 Herring1)", "segment": 4, "confidence": "high"}],
 "untranslated": [{"segment": 5, "reason": "weather; no claim"}],
 "notes": "No vocabulary for 'in the next pool'."}

## Answer

One JSON object, no code fence, no prose. confidence: high if the text states it outright,
medium for a reasonable reading, low for an inference to check. strength: "monotonic" only
when the text allows no exception, else omit it.
)~";

// §3.2
const char s_documentTemplate[] = R"~({{documentHeading}}

{{#segments}}[{{number}}] {{text}}{{#heading}} (heading){{/heading}}{{#contextOnly}} (context){{/contextOnly}}
{{/segments}}
## Where the candidates go

Every candidate is filed in `{{context}}`. Write no context.

## Vocabulary of this knowledge base

{{card}}
{{#resolutions}}
Document words matching a listed name: {{resolutionList}}.
{{/resolutions}}
## Task

{{#whole}}
Formalize every numbered sentence that makes a claim, in at most {{maxCandidates}} candidates,
each with the number of its sentence. List every sentence you did not formalize under
untranslated, with the reason. Answer with the JSON object only.
{{/whole}}
{{#selection}}
Formalize only the sentences {{focus}} (the others are context: propose nothing for them), in
at most {{maxCandidates}} candidates, each with the number of its sentence. List every one of
those sentences you did not formalize under untranslated, with the reason. Answer with the JSON
object only.
{{/selection}}
{{#instruction}}
## Note from the author

{{instruction}}
{{/instruction}}
)~";

// §3.3, gate repair: the lead, then the refused list and what to do with it.
const char s_repairLead[] = R"~(I checked your answer against the knowledge base. {{keptCount}} candidates were kept and need
nothing more. {{refusedCount}} were refused:

)~";

const char s_refusedList[] = R"~({{#groups}}Sentence [{{segment}}] "{{segmentText}}"
{{#refused}}  - {{candidate}}
{{#problems}}    {{type}}: {{message}}
{{/problems}}{{/refused}}
{{/groups}}
Answer with replacements for these sentences only; what you give for a sentence replaces all its
refused candidates. Do not repeat the kept ones. If you cannot make a candidate well-formed, drop
it and list its sentence under untranslated with the reason; do not guess. Same JSON format.
)~";

const char s_unreadableLead[] = "I could not read your answer: {{reason}}. Nothing from it was kept.";
const char s_answerAgain[] = "Answer again with one JSON object in the required format, and nothing else.";

// §3.3, judge repair.
const char s_judgeRepairTemplate[] = R"~(An independent reader compared the meaning of some kept candidates with their sentences and
disagreed:

{{#groups}}Sentence [{{segment}}] "{{segmentText}}"
{{#items}}  - {{candidate}}
    reads as: {{gloss}}
    reader's note: {{note}}
{{/items}}{{/groups}}
Replace each with a candidate that says what its sentence says; it replaces the candidates listed
under that sentence. If the reader is wrong, repeat the candidate unchanged. If you cannot do
better, list the sentence under untranslated with the reason. Same JSON format.
)~";

// §3.4
const char s_judgeSystem[] = R"~(You check translations. Each numbered reading was produced mechanically from a formal claim, so
it says exactly what the claim says. Judge meaning only: does its source sentence support the
reading? Ignore grammar and wording. Watch for swapped participants, a general claim made of one
individual or the reverse, a negation gained or lost, "usually" turned into "always" or back, and
claims the sentence does not make. Verdicts: agree, disagree, unsure, with a short note for each
disagree or unsure. Answer with one JSON object and nothing else:
{"verdicts": [{"item": 1, "verdict": "agree", "note": ""}]})~";

const char s_judgeTemplate[] = R"~(## Source

{{#segments}}[{{number}}] {{text}}
{{/segments}}
## Readings

{{#items}}item {{k}} — from sentence [{{segment}}]: {{gloss}}
{{/items}}
Give one verdict per item.
)~";

const char s_outputSchema[] = R"~({"type":"object","required":["candidates"],"properties":{
 "candidates":{"type":"array","items":{"type":"object","required":["sentence","segment"],"properties":{
  "sentence":{"type":"string"},"segment":{"type":"integer"},
  "confidence":{"type":"string","enum":["high","medium","low"]},
  "strength":{"type":"string","enum":["default","monotonic"]}}}},
 "untranslated":{"type":"array","items":{"type":"object","required":["segment"],"properties":{
  "segment":{"type":"integer"},"reason":{"type":"string"}}}},
 "notes":{"type":"string"}}})~";

const char s_judgeSchema[] = R"~({"type":"object","required":["verdicts"],"properties":{
 "verdicts":{"type":"array","items":{"type":"object","required":["item","verdict"],"properties":{
  "item":{"type":"integer"},
  "verdict":{"type":"string","enum":["agree","disagree","unsure"]},
  "note":{"type":"string"}}}}}})~";

QString segmentLabel(const std::optional<int> &segment)
{
    return segment ? QString::number(*segment) : QStringLiteral("?");
}

TemplateValue refusedGroups(const std::vector<RepairGroup> &groups)
{
    std::vector<TemplateData> rows;
    for (const RepairGroup &group : groups) {
        std::vector<TemplateData> refused;
        for (const RefusedCandidate &candidate : group.refused) {
            std::vector<TemplateData> problems;
            for (const lang::Problem &problem : candidate.problems)
                problems.push_back({ { QStringLiteral("type"), problem.type }, { QStringLiteral("message"), problem.message } });
            refused.push_back({ { QStringLiteral("candidate"), candidate.sentence },
                { QStringLiteral("problems"), TemplateValue::list(std::move(problems)) } });
        }
        rows.push_back({ { QStringLiteral("segment"), segmentLabel(group.segment) },
            { QStringLiteral("segmentText"), clippedUtf8(flattened(group.segmentText), 160) },
            { QStringLiteral("refused"), TemplateValue::list(std::move(refused)) } });
    }
    return TemplateValue::list(std::move(rows));
}

QString refusedList(const std::vector<RepairGroup> &groups)
{
    return renderTemplate(QString::fromUtf8(s_refusedList), { { QStringLiteral("groups"), refusedGroups(groups) } });
}

TemplateValue promptSegments(const std::vector<PromptSegment> &segments)
{
    std::vector<TemplateData> rows;
    for (const PromptSegment &segment : segments)
        rows.push_back({ { QStringLiteral("number"), segment.number }, { QStringLiteral("text"), flattened(segment.text) },
            { QStringLiteral("heading"), TemplateValue::flag(segment.heading) } });
    return TemplateValue::list(std::move(rows));
}

} // namespace

QString systemPrefix(const std::vector<RoleExample> &roles)
{
    std::vector<TemplateData> rows;
    for (const RoleExample &role : roles)
        rows.push_back({ { QStringLiteral("role"), role.role }, { QStringLiteral("spelling"), role.spelling },
            { QStringLiteral("example"), role.example } });
    return renderTemplate(QString::fromUtf8(s_systemTemplate), { { QStringLiteral("roles"), TemplateValue::list(std::move(rows)) } });
}

QString languageSystemPrefix(const QString &writtenIn, const QString &languageSections)
{
    const QString whole = QString::fromUtf8(s_systemTemplate);
    const auto section = [&whole](QLatin1StringView from, QLatin1StringView to) {
        const qsizetype begin = whole.indexOf(from);
        const qsizetype end = to.isEmpty() ? whole.size() : whole.indexOf(to, begin);
        return QString(whole.mid(begin, end - begin));
    };
    QString opening = whole.left(whole.indexOf(QLatin1StringView("## Names")));
    opening.replace(QLatin1StringView("written as s-expressions"), writtenIn);
    QString guide = languageSections.trimmed() + QLatin1Char('\n');
    const qsizetype example = guide.indexOf(QLatin1StringView("\n## Example"));
    const QString spelling = example < 0 ? guide : guide.left(example + 1);
    const QString examples = example < 0 ? QString() : guide.mid(example + 1);
    const auto paragraph = [](const QString &text) { return QString(text.trimmed() + QStringLiteral("\n\n")); };
    QString out = opening;
    out += paragraph(spelling);
    out += section(QLatin1StringView("## One name per individual"), QLatin1StringView("## Reuse"));
    out += section(QLatin1StringView("## Report what you cannot translate"), QLatin1StringView("## Example"));
    if (!examples.isEmpty())
        out += paragraph(examples);
    out += section(QLatin1StringView("## Answer"), QLatin1StringView());
    return out;
}

std::vector<QString> systemPrefixExamples()
{
    return {
        QStringLiteral("(penguin Pingu)"),
        QStringLiteral("(livesIn Pingu HarbourZoo)"),
        QStringLiteral("(not (flies Pingu))"),
        QStringLiteral("(genl penguin bird)"),
        QStringLiteral("(implies (and (livesIn ?x ?p) (zoo ?p)) (captive ?x))"),
        QStringLiteral("(set/defaultRule (implies (bird ?x) (flies ?x)))"),
        QStringLiteral("(exceptWhen (penguin ?x) (set/defaultRule (implies (bird ?x) (flies ?x))))"),
        QStringLiteral("(set/defaultRule (implies (penguin ?x) (swims ?x)))"),
        QStringLiteral("(penguin Penguin1)"),
        QStringLiteral("(eats Penguin1 Herring1)"),
    };
}

QString documentTurn(const DocumentTurnInput &input)
{
    QStringList resolutions;
    for (const PromptResolution &r : input.resolutions)
        resolutions << QStringLiteral("*%1* → `%2`").arg(r.surface, r.term);
    // A focus smaller than the listed segments makes the selection turn (formalize.md §3.2.1).
    std::set<int> listed;
    for (const PromptSegment &segment : input.segments)
        listed.insert(segment.number);
    std::set<int> focus(input.focus.begin(), input.focus.end());
    std::erase_if(focus, [&](int n) { return !listed.contains(n); });
    const bool selection = !focus.empty() && focus.size() < input.segments.size();
    QStringList focusList;
    for (const int n : focus)
        focusList << QStringLiteral("[%1]").arg(n);
    std::vector<TemplateData> segments;
    for (const PromptSegment &segment : input.segments)
        segments.push_back({ { QStringLiteral("number"), segment.number }, { QStringLiteral("text"), flattened(segment.text) },
            { QStringLiteral("heading"), TemplateValue::flag(segment.heading) },
            { QStringLiteral("contextOnly"), TemplateValue::flag(selection && !focus.contains(segment.number)) } });
    const qsizetype n = qsizetype(input.segments.size());
    const QString heading = input.parts > 1
        ? QStringLiteral("## The document, part %1 of %2 (%3 sentences)").arg(input.part).arg(input.parts).arg(n)
        : QStringLiteral("## The document (%1 sentences)").arg(n);
    TemplateData data {
        { QStringLiteral("documentHeading"), heading },
        { QStringLiteral("whole"), TemplateValue::flag(!selection) },
        { QStringLiteral("selection"), TemplateValue::flag(selection) },
        { QStringLiteral("focus"), focusList.join(QStringLiteral(", ")) },
        { QStringLiteral("segments"), TemplateValue::list(std::move(segments)) },
        { QStringLiteral("context"), input.context },
        { QStringLiteral("card"), input.card },
        { QStringLiteral("resolutions"), TemplateValue::flag(!resolutions.isEmpty()) },
        { QStringLiteral("resolutionList"), resolutions.join(QStringLiteral(", ")) },
        { QStringLiteral("maxCandidates"), qsizetype(input.maxCandidates) },
        { QStringLiteral("instruction"), input.instruction.trimmed() },
    };
    return renderTemplate(QString::fromUtf8(s_documentTemplate), data);
}

QString repairTurn(int keptCount, const std::vector<RepairGroup> &groups)
{
    qsizetype refused = 0;
    for (const RepairGroup &group : groups)
        refused += qsizetype(group.refused.size());
    const QString lead = renderTemplate(QString::fromUtf8(s_repairLead),
        { { QStringLiteral("keptCount"), qsizetype(keptCount) }, { QStringLiteral("refusedCount"), refused } });
    return lead + refusedList(groups);
}

QString unreadableTurn(const QString &reason, const std::vector<RepairGroup> &pending)
{
    const QString lead = renderTemplate(QString::fromUtf8(s_unreadableLead), { { QStringLiteral("reason"), reason } });
    if (pending.empty())
        return lead + QStringLiteral("\n\n") + QString::fromUtf8(s_answerAgain) + QLatin1Char('\n');
    return lead + QStringLiteral("\n\n") + refusedList(pending);
}

QString judgeRepairTurn(const std::vector<JudgeRepairGroup> &groups)
{
    std::vector<TemplateData> rows;
    for (const JudgeRepairGroup &group : groups) {
        std::vector<TemplateData> items;
        for (const JudgeRepairItem &item : group.items)
            items.push_back({ { QStringLiteral("candidate"), item.candidate }, { QStringLiteral("gloss"), item.gloss },
                { QStringLiteral("note"), flattened(item.note) } });
        rows.push_back(
            { { QStringLiteral("segment"), segmentLabel(group.segment) }, { QStringLiteral("segmentText"), flattened(group.segmentText) },
                { QStringLiteral("items"), TemplateValue::list(std::move(items)) } });
    }
    return renderTemplate(QString::fromUtf8(s_judgeRepairTemplate), { { QStringLiteral("groups"), TemplateValue::list(std::move(rows)) } });
}

QString judgeSystem()
{
    return QString::fromUtf8(s_judgeSystem);
}

QString judgeTurn(const std::vector<PromptSegment> &segments, const std::vector<JudgeItem> &items)
{
    std::vector<TemplateData> rows;
    qsizetype k = 0;
    for (const JudgeItem &item : items)
        rows.push_back({ { QStringLiteral("k"), ++k }, { QStringLiteral("segment"), qsizetype(item.segment) },
            { QStringLiteral("gloss"), item.gloss } });
    return renderTemplate(QString::fromUtf8(s_judgeTemplate),
        { { QStringLiteral("segments"), promptSegments(segments) }, { QStringLiteral("items"), TemplateValue::list(std::move(rows)) } });
}

nlohmann::json outputSchema()
{
    return jsonutil::parse(std::string_view(s_outputSchema)).valueOr(nlohmann::json());
}

nlohmann::json judgeSchema()
{
    return jsonutil::parse(std::string_view(s_judgeSchema)).valueOr(nlohmann::json());
}

QString flattened(const QString &text)
{
    QString out = text;
    out.replace(QLatin1String("\r\n"), QLatin1String(" "));
    for (QChar &c : out) {
        if (c == QLatin1Char('\n') || c == QLatin1Char('\t') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    }
    return out;
}

QString clippedUtf8(const QString &text, int bytes)
{
    if (text.toUtf8().size() <= bytes)
        return text;
    QString out;
    int used = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const bool pair = text[i].isHighSurrogate() && i + 1 < text.size();
        const QString ch = pair ? text.mid(i, 2) : text.mid(i, 1);
        const int size = int(ch.toUtf8().size());
        if (used + size > bytes)
            break;
        out += ch;
        used += size;
        if (pair)
            ++i;
    }
    return out + QChar(0x2026);
}

} // namespace fanva::formalize

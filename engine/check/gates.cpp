// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "check/gates.h"

#include "check/chain_p.h"
#include "kb/canonical.h"
#include "kb/reader.h"
#include "kb/sentencedata.h"
#include "kb/writer.h"

#include <memory>

namespace fanva::check {

namespace {

/// The candidate as a statement of no Language (check knows none; kb::sentenceOf reads it).
lang::Statement statementOf(const kb::OwnedTerm &owned, const QString &candidate)
{
    lang::Statement statement;
    statement.span = owned.term.span();
    const QByteArray bytes = candidate.toUtf8();
    statement.text = QString::fromUtf8(bytes.mid(statement.span.begin, statement.span.end - statement.span.begin));
    statement.data = std::make_shared<const kb::SentenceData>(owned);
    return statement;
}

} // namespace

std::optional<Problem> parseProblem(const kb::SentenceParse &parsed, const QString &candidate)
{
    if (parsed.sentence)
        return std::nullopt;
    // No form and nothing the reader objects to: blank or comment-only text.
    if (parsed.formCount == 0 && !kb::parseDocument(candidate.toUtf8()).hasErrors())
        return Problem { QString(problem::emptySentence),
            QStringLiteral("the candidate holds no sentence — write one form such as (bird Tweety), or list its source sentence under "
                           "untranslated"),
            std::nullopt };
    if (parsed.formCount > 1)
        return Problem { QString(problem::severalSentences),
            QStringLiteral(
                "the candidate %1 holds %2 forms, but a candidate is exactly one sentence — give each sentence its own candidate")
                .arg(candidate.simplified())
                .arg(parsed.formCount),
            std::nullopt };
    for (const kb::Diagnostic &diagnostic : parsed.diagnostics) {
        if (diagnostic.isError())
            return Problem { QString(problem::unreadable),
                QStringLiteral("%1:%2: %3 — fix the text so it reads as one sentence")
                    .arg(diagnostic.line)
                    .arg(diagnostic.column)
                    .arg(diagnostic.message),
                kb::Span { std::uint32_t(diagnostic.byteOffset), std::uint32_t(diagnostic.byteOffset), std::uint32_t(diagnostic.line),
                    std::uint32_t(diagnostic.column) } };
    }
    return Problem { QString(problem::unreadable),
        QStringLiteral("the candidate does not read as one sentence — write one form such as (bird Tweety)"), std::nullopt };
}

std::optional<Problem> roundTripProblem(const kb::KnowledgeBase &kb, kb::Term sentence)
{
    const std::string key = kb.canonicalKey(sentence);
    const auto fails = [&](const QString &written) {
        return Problem { QString(problem::roundTrip),
            QStringLiteral("round-trip: %1 does not read back as itself once written as %2 — write it as %2")
                .arg(detail::flat(sentence), written),
            std::nullopt };
    };
    const QString rendered = kb::render(sentence);
    const kb::SentenceParse again = kb::parseSentence(rendered);
    if (!again.sentence || !kb::sameTerm(again.sentence->term, sentence) || kb::render(again.sentence->term) != rendered
        || kb.canonicalKey(again.sentence->term) != key)
        return fails(rendered);
    const QString canonical = kb::renderCanonical(sentence, kb.symmetricPredicates());
    const kb::SentenceParse canonicalAgain = kb::parseSentence(canonical);
    if (!canonicalAgain.sentence || kb::render(canonicalAgain.sentence->term) != canonical
        || kb.canonicalKey(canonicalAgain.sentence->term) != key)
        return fails(canonical);
    return std::nullopt;
}

lang::GateReport runGates(const Critic &critic, const QString &candidate, const QString &context, const QJsonObject &options,
    BatchOverlay *overlay, int entryIndex)
{
    lang::GateReport report;
    const kb::SentenceParse parsed = kb::parseSentence(candidate);
    if (auto problem = parseProblem(parsed, candidate)) {
        report.failedGate = Gate::Parse;
        report.problems.push_back(std::move(*problem));
        return report;
    }
    const kb::Term sentence = parsed.sentence->term;
    report.statement = statementOf(*parsed.sentence, candidate);
    report.canonical = kb::render(sentence);

    const std::vector<Problem> problems
        = overlay ? critic.check(sentence, context, options, *overlay) : critic.check(sentence, context, options);
    for (const Problem &p : problems)
        (isBlocking(p.type) ? report.problems : report.notes).push_back(p);
    if (!report.problems.empty()) {
        report.failedGate = Gate::Critic;
        report.notes.clear();
        return report;
    }
    if (auto problem = roundTripProblem(critic.knowledgeBase(), sentence)) {
        report.failedGate = Gate::RoundTrip;
        report.problems.push_back(std::move(*problem));
        report.notes.clear();
        return report;
    }
    if (overlay)
        overlay->add(critic, sentence, context, entryIndex >= 0 ? entryIndex : overlay->size());
    return report;
}

} // namespace fanva::check

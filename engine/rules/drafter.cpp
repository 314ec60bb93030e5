// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/drafter.h"

#include "jsonutil.h"
#include "lang/claimwriter.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "rules/drafter_p.h"
#include "rules/inputguard.h"

#include <algorithm>

namespace fanva::rules {

Drafter::Drafter(const json &turn, Lexicon &lexicon, const lang::ClaimWriter &writer)
    : m_lex(lexicon)
    , m_writer(writer)
{
    const json *vocabulary = jsonutil::object(turn, "vocabulary");
    if (vocabulary) {
        if (const json *types = jsonutil::array(*vocabulary, "types")) {
            for (const json &t : *types)
                addType(jsonutil::string(t, "name"), t);
        }
        if (const json *individuals = jsonutil::array(*vocabulary, "individuals")) {
            for (const json &i : *individuals) {
                const QString name = jsonutil::string(i, "name");
                m_individuals.insert({ name.toLower(), name });
                QStringList types;
                if (const json *ts = jsonutil::array(i, "types")) {
                    for (const json &t : *ts)
                        types << jsonutil::asString(t).value_or(QString());
                }
                m_memberships[name] = types;
            }
        }
        if (const json *relations = jsonutil::array(*vocabulary, "relations")) {
            for (const json &r : *relations)
                addRelation(r);
        }
    }
}

json Drafter::run(const json &turn, const std::stop_token &stop)
{
    Reply reply;
    const json *segments = jsonutil::array(turn, "segments");
    if (segments) {
        for (const json &s : *segments) {
            if (stop.stop_requested())
                break;
            segment(s, reply);
        }
    }
    QString notes = QStringLiteral("drafted by rules — no model.");
    if (!reply.coined.isEmpty())
        notes += QStringLiteral(" Coined %1: no listed relation fits.").arg(reply.coined.join(QStringLiteral(", ")));
    return json { { "candidates", reply.candidates }, { "untranslated", reply.untranslated }, { "notes", notes.toStdString() } };
}

void Drafter::segment(const json &s, Reply &reply)
{
    const int number = int(jsonutil::integer(s, "number"));
    if (jsonutil::string(s, "kind") == QLatin1String("heading")) {
        reply.untranslated.push_back({ { "segment", number }, { "reason", "a heading; no claim" } });
        return;
    }
    m_out.clear();
    m_reason.clear();
    sentence(jsonutil::string(s, "text"));
    // A claim the language cannot state is left out; when nothing but introductions is
    // left, the sentence is untranslated with the language's reason.
    std::vector<std::pair<const Out *, QString>> written;
    QString problem;
    for (const Out &o : m_out) {
        const lang::WrittenClaim text = m_writer.write(o.claim);
        if (text.ok())
            written.emplace_back(&o, text.text);
        else if (problem.isEmpty())
            problem = text.problem;
    }
    const bool claims
        = std::any_of(written.begin(), written.end(), [](const auto &item) { return item.first->pattern != QLatin1String("introduced"); });
    if (!problem.isEmpty() && !claims) {
        m_reason = problem;
        written.clear();
    }
    if (written.empty()) {
        reply.untranslated.push_back(
            { { "segment", number }, { "reason", (m_reason.isEmpty() ? QStringLiteral("no rule matched") : m_reason).toStdString() } });
        return;
    }
    for (const auto &[o, text] : written) {
        json c { { "sentence", text.toStdString() }, { "segment", number },
            { "confidence",
                o->unused.isEmpty() && !o->coined ? "high"
                    : o->coined                   ? "low"
                                                  : "medium" },
            { "pattern", o->pattern.toStdString() } };
        json unused = json::array();
        for (const QString &w : o->unused)
            unused.push_back(w.toStdString());
        c["unused"] = unused;
        if (o->monotonic)
            c["strength"] = "monotonic";
        reply.candidates.push_back(c);
        if (o->coined && !reply.coined.contains(o->coinedName))
            reply.coined << o->coinedName;
    }
}

void Drafter::emit(const std::vector<Token> &w, const std::set<int> &used, const Claim &sentence, const QString &pattern, bool monotonic,
    bool coined, const QString &coinedName)
{
    Out o;
    o.claim = sentence;
    o.pattern = pattern;
    o.monotonic = monotonic;
    o.coined = coined;
    o.coinedName = coinedName;
    for (int i = 0; i < int(w.size()); ++i) {
        const Token &t = w[std::size_t(i)];
        if (!used.count(i) && !functionWords().contains(t.lower) && !isFrequency(t.lower) && t.lower != QLatin1String("only")
            && t.lower != QLatin1String("nothing") && !isReflexive(t.lower) && !isObjectPronoun(t.lower) && t.ref.isEmpty())
            o.unused << t.text;
    }
    o.unused += m_extraUnused;
    for (const Out &e : m_out) {
        if (e.claim == o.claim)
            return;
    }
    m_out.push_back(o);
}

void Drafter::useRange(std::set<int> &used, int from, int to)
{
    for (int i = from; i < to; ++i)
        used.insert(i);
}

void Drafter::sentence(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.endsWith(QLatin1Char('?'))) {
        m_reason = QStringLiteral("a question; no claim");
        return;
    }
    if (trimmed.endsWith(QLatin1Char('!'))) {
        m_reason = QStringLiteral("an exclamation; no claim");
        return;
    }
    if (const auto tooLong = tooLongForTheRules(trimmed)) {
        m_reason = *tooLong;
        return;
    }
    std::vector<Token> w = tokenize(trimmed);
    if (w.empty()) {
        m_reason = QStringLiteral("no words");
        return;
    }
    if (const auto foreign = unspellable(w)) {
        m_reason = *foreign;
        return;
    }
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (auto cue = refusalCue(w[i].lower, i == 0)) {
            m_reason = *cue;
            return;
        }
        // A superlative ("the quietest place") ranks; the KB states no ranking.
        const QString &l = w[i].lower;
        if (l.size() > 4 && l.endsWith(QLatin1String("est")) && m_lex.is(l, Lexicon::Pos::Adjective)
            && m_lex.lemma(l, Lexicon::Pos::Adjective) != l) {
            m_reason = QStringLiteral("an opinion or a ranking ('%1'); no claim the knowledge base can state").arg(w[i].text);
            return;
        }
    }
    // Link Grammar's part-of-speech tags, one per token (commas and "'s" included).
    QStringList words;
    for (const Token &t : w)
        words << t.text;
    const std::vector<QString> tags = m_lex.tags(words);
    for (std::size_t i = 0; i < w.size() && i < tags.size(); ++i)
        w[i].tag = tags[i];

    // "Ns usually V, but Zs do not."
    if (exceptionPattern(w))
        return;
    // Clauses: ", and", ", but", ";".
    std::vector<std::pair<int, int>> clauses;
    int start = 0;
    for (int i = 0; i < int(w.size()); ++i) {
        const QString &l = w[std::size_t(i)].lower;
        const bool cut = l == QLatin1String(";")
            || (l == QLatin1String(",") && i + 1 < int(w.size())
                && (w[std::size_t(i) + 1].lower == QLatin1String("and") || w[std::size_t(i) + 1].lower == QLatin1String("but")
                    || w[std::size_t(i) + 1].lower == QLatin1String("while") || w[std::size_t(i) + 1].lower == QLatin1String("whereas")));
        if (cut) {
            clauses.emplace_back(start, i);
            start = i + (l == QLatin1String(";") ? 1 : 2);
        }
    }
    clauses.emplace_back(start, int(w.size()));
    for (const auto &[from, to] : clauses) {
        std::vector<Token> clause(w.begin() + from, w.begin() + to);
        // he/she/it/they → the previous clause's subject.
        if (!clause.empty()) {
            if (isSubjectPronoun(clause.front().lower) && !m_lastSubject.isEmpty())
                clause.front().ref = m_lastSubject;
        }
        const std::size_t before = m_out.size();
        this->clause(clause);
        // "the old driver" in a clause that says nothing else is no claim: a narrative
        // description, not an introduction.
        const bool onlyDescribed = std::all_of(m_out.begin() + std::ptrdiff_t(before), m_out.end(),
            [](const Out &o) { return o.pattern == QLatin1String("introduced") && o.definite; });
        if (onlyDescribed && m_out.size() > before) {
            for (auto it = m_out.begin() + std::ptrdiff_t(before); it != m_out.end(); ++it) {
                if (const auto latest = m_latestOfType.find(it->type); latest != m_latestOfType.end() && latest->second == it->introduced)
                    m_latestOfType.erase(latest);
                m_recent.removeAll(it->introduced);
            }
            m_out.resize(before);
        }
    }
    if (m_out.empty() && m_reason.isEmpty())
        m_reason = QStringLiteral("no rule matched");
}

json draft(const json &turn, Lexicon &lexicon, const lang::ClaimWriter &writer, const std::stop_token &stop)
{
    Drafter drafter(turn, lexicon, writer);
    return drafter.run(turn, stop);
}

json draft(const json &turn, Lexicon &lexicon, const std::stop_token &stop)
{
    const QString language = jsonutil::string(turn, "language");
    const lang::Language *found = lang::languageById(language.isEmpty() ? lang::defaultLanguageId : QStringView(language));
    const lang::ClaimWriter *writer = found ? found->claimWriter() : nullptr;
    if (!writer) {
        json untranslated = json::array();
        if (const json *segments = jsonutil::array(turn, "segments")) {
            for (const json &s : *segments)
                untranslated.push_back({ { "segment", jsonutil::integer(s, "number") },
                    { "reason", QStringLiteral("the rules draft no %1 statements").arg(language).toStdString() } });
        }
        return json { { "candidates", json::array() }, { "untranslated", untranslated }, { "notes", "drafted by rules — no model." } };
    }
    return draft(turn, lexicon, *writer, stop);
}

} // namespace fanva::rules

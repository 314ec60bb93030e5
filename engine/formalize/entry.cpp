// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/entry.h"

#include "enumnames.h"
#include "formalize/fieldreader.h"
#include "jsonutil.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <utility>

namespace fanva::formalize {

namespace {

constexpr std::array s_states {
    EnumName { EntryState::Admissible, QLatin1StringView("admissible") },
    EnumName { EntryState::Known, QLatin1StringView("known") },
    EnumName { EntryState::Refused, QLatin1StringView("refused") },
    EnumName { EntryState::Superseded, QLatin1StringView("superseded") },
    EnumName { EntryState::Dropped, QLatin1StringView("dropped") },
};

constexpr std::array s_verdicts {
    EnumName { Verdict::None, QLatin1StringView("none") },
    EnumName { Verdict::Agree, QLatin1StringView("agree") },
    EnumName { Verdict::Disagree, QLatin1StringView("disagree") },
    EnumName { Verdict::Unsure, QLatin1StringView("unsure") },
};

constexpr std::array s_decisions {
    EnumName { Decision::Undecided, QLatin1StringView("undecided") },
    EnumName { Decision::Accepted, QLatin1StringView("accepted") },
    EnumName { Decision::Edited, QLatin1StringView("edited") },
    EnumName { Decision::Forced, QLatin1StringView("forced") },
    EnumName { Decision::Rejected, QLatin1StringView("rejected") },
    EnumName { Decision::Applied, QLatin1StringView("applied") },
};

constexpr std::array s_ranks {
    EnumName { Rank::Refused, QLatin1StringView("refused") },
    EnumName { Rank::Correctable, QLatin1StringView("correctable") },
    EnumName { Rank::Doubted, QLatin1StringView("doubted") },
    EnumName { Rank::Coined, QLatin1StringView("coined") },
    EnumName { Rank::Clean, QLatin1StringView("clean") },
    EnumName { Rank::Known, QLatin1StringView("known") },
};

constexpr std::array s_origins {
    EnumName { Origin::Drafted, QLatin1StringView("drafted") },
    EnumName { Origin::Author, QLatin1StringView("author") },
};

nlohmann::json stringList(const QStringList &list)
{
    nlohmann::json out = nlohmann::json::array();
    for (const QString &s : list)
        out.push_back(utf8(s));
    return out;
}

/// The strings of the array member `key`; other items are skipped.
QStringList stringListFrom(const FieldReader &r, std::string_view key)
{
    QStringList out;
    if (const nlohmann::json *items = r.array(key)) {
        for (const auto &item : *items) {
            if (const std::optional<QString> s = jsonutil::asString(item))
                out.append(*s);
        }
    }
    return out;
}

/// The problems in the array member `key` of `owner` (or `owner` itself when it is that array
/// and `r` reads nothing); items that are not objects are skipped.
std::vector<lang::Problem> problemsFrom(const FieldReader &r, const nlohmann::json &owner, std::string_view key)
{
    std::vector<lang::Problem> out;
    const nlohmann::json *items = owner.is_array() ? &owner : r.array(key);
    if (!items)
        return out;
    for (std::size_t i = 0; i < items->size(); ++i) {
        const nlohmann::json &item = (*items)[i];
        if (!item.is_object())
            continue;
        const FieldReader pr = r.at(item, key, i);
        lang::Problem problem { pr.string("type"), pr.string("message"), std::nullopt };
        const nlohmann::json *span = jsonutil::array(item, "span");
        if (span && span->size() == 4 && std::all_of(span->begin(), span->end(), [](const nlohmann::json &n) {
                return n.is_number_unsigned() && n.get<std::uint64_t>() <= std::numeric_limits<std::uint32_t>::max();
            }))
            problem.span = lang::Span { (*span)[0].get<std::uint32_t>(), (*span)[1].get<std::uint32_t>(), (*span)[2].get<std::uint32_t>(),
                (*span)[3].get<std::uint32_t>() };
        out.push_back(problem);
    }
    return out;
}

} // namespace

QString Entry::sentence() const
{
    if (selectedShape == 0)
        return edit;
    if (selectedShape >= 1 && selectedShape <= shapes.size())
        return shapes.at(selectedShape - 1);
    return candidate;
}

bool Entry::isReviewable() const
{
    return state == EntryState::Admissible || state == EntryState::Known || state == EntryState::Refused;
}

bool Entry::isAccepted() const
{
    return decision == Decision::Accepted || decision == Decision::Edited || decision == Decision::Forced;
}

Rank Entry::rank() const
{
    if (state == EntryState::Refused || lang::hasBlocking(problems))
        return Rank::Refused;
    if (state == EntryState::Known)
        return Rank::Known;
    if (correction && correction->to)
        return Rank::Correctable;
    if (verdict == Verdict::Disagree || verdict == Verdict::Unsure)
        return Rank::Doubted;
    if (!coined.empty())
        return Rank::Coined;
    return Rank::Clean;
}

QString entryStateName(EntryState state)
{
    return enumName(s_states, state);
}

std::optional<EntryState> entryStateFromName(QStringView name)
{
    return enumFromName(s_states, name);
}

QString verdictName(Verdict verdict)
{
    return enumName(s_verdicts, verdict);
}

std::optional<Verdict> verdictFromName(QStringView name)
{
    return enumFromName(s_verdicts, name);
}

QString decisionName(Decision decision)
{
    return enumName(s_decisions, decision);
}

std::optional<Decision> decisionFromName(QStringView name)
{
    return enumFromName(s_decisions, name);
}

QString rankName(Rank rank)
{
    return enumName(s_ranks, rank);
}

QString originName(Origin origin)
{
    return enumName(s_origins, origin);
}

std::optional<Origin> originFromName(QStringView name)
{
    return enumFromName(s_origins, name);
}

int entryNumber(const QString &id)
{
    bool ok = false;
    const int n = QStringView(id).mid(1).toInt(&ok);
    return ok ? n : 0;
}

nlohmann::json problemsToJson(const std::vector<lang::Problem> &problems)
{
    nlohmann::json out = nlohmann::json::array();
    for (const lang::Problem &p : problems) {
        nlohmann::json problem = { { "type", utf8(p.type) }, { "message", utf8(p.message) } };
        if (p.span)
            problem["span"] = { p.span->begin, p.span->end, p.span->line, p.span->column };
        out.push_back(problem);
    }
    return out;
}

std::vector<lang::Problem> problemsFromJson(const nlohmann::json &json)
{
    return problemsFrom(FieldReader(nlohmann::json::object(), QString(), nullptr), json, "problems");
}

nlohmann::json entryToJson(const Entry &entry)
{
    nlohmann::json j;
    j["id"] = utf8(entry.id);
    j["segment"] = entry.segment;
    j["state"] = utf8(entryStateName(entry.state));
    j["attempt"] = entry.attempt;
    j["candidate"] = utf8(entry.candidate);
    j["shapes"] = stringList(entry.shapes);
    j["selectedShape"] = entry.selectedShape == 0 ? nlohmann::json("E") : nlohmann::json(entry.selectedShape);
    j["edit"] = utf8(entry.edit);
    j["problems"] = problemsToJson(entry.problems);
    j["notes"] = problemsToJson(entry.notes);
    if (entry.correction) {
        const Correction &c = *entry.correction;
        j["correction"] = { { "rules", stringList(c.rules) }, { "from", utf8(c.from) },
            { "to", c.to ? nlohmann::json(utf8(*c.to)) : nlohmann::json() }, { "alternatives", stringList(c.alternatives) },
            { "why", utf8(c.why) }, { "confidence", utf8(QString(confidenceName(c.confidence))) } };
    } else {
        j["correction"] = nullptr;
    }
    nlohmann::json coined = nlohmann::json::array();
    for (const CoinedFunctor &c : entry.coined)
        coined.push_back({ { "functor", utf8(c.functor) }, { "arity", c.arity }, { "role", utf8(QString(coinedRoleName(c.role))) },
            { "entries", stringList(c.entries) } });
    j["coined"] = coined;
    j["gloss"] = { { "text", utf8(entry.gloss.text) }, { "source", utf8(entry.gloss.source) } };
    j["verdict"] = utf8(verdictName(entry.verdict));
    j["verdictNote"] = utf8(entry.verdictNote);
    j["confidence"] = utf8(QString(confidenceName(entry.confidence)));
    j["strength"] = utf8(entry.strength);
    nlohmann::json history = nlohmann::json::array();
    for (const HistoryItem &h : entry.history) {
        history.push_back({ { "id", utf8(h.id) }, { "attempt", h.attempt }, { "sentence", utf8(h.sentence) }, { "reason", utf8(h.reason) },
            { "problems", problemsToJson(h.problems) } });
    }
    j["history"] = history;
    j["decision"] = utf8(decisionName(entry.decision));
    j["forced"] = stringList(entry.forced);
    editFieldsToJson(entry.kind, entry.replaces, j);
    j["applied"] = entry.applied.isEmpty() ? nlohmann::json() : nlohmann::json(utf8(entry.applied));
    j["origin"] = utf8(originName(entry.origin));
    if (!entry.pattern.isEmpty())
        j["rules"] = { { "pattern", utf8(entry.pattern) }, { "unused", stringList(entry.unused) } };
    return j;
}

Result<Entry> entryFromJson(const nlohmann::json &j, const QString &path)
{
    QString error;
    const FieldReader r(j, path, &error);
    if (!j.is_object()) {
        r.fail({}, QStringLiteral("expected an object, found %1").arg(jsonTypeName(j)));
        return Error { error };
    }
    Entry e;
    e.id = r.string("id");
    if (e.id.isEmpty() && r.ok())
        r.fail("id", QStringLiteral("missing"));
    e.segment = r.integer("segment");
    const QString state = r.string("state");
    const QString decision = r.string("decision");
    if (r.ok() && !entryStateFromName(state))
        r.fail("state", QStringLiteral("\"%1\" is not an entry state").arg(state));
    if (r.ok() && !decisionFromName(decision))
        r.fail("decision", QStringLiteral("\"%1\" is not a decision").arg(decision));
    if (!r.ok())
        return Error { error };
    e.state = *entryStateFromName(state);
    e.decision = *decisionFromName(decision);
    e.attempt = r.integer("attempt");
    e.candidate = r.string("candidate");
    e.shapes = stringListFrom(r, "shapes");
    if (const nlohmann::json *selected = jsonutil::member(j, "selectedShape"); selected && selected->is_string())
        e.selectedShape = 0;
    else
        e.selectedShape = r.integer("selectedShape", 1);
    e.edit = r.string("edit");
    e.problems = problemsFrom(r, j, "problems");
    e.notes = problemsFrom(r, j, "notes");
    if (const nlohmann::json *c = r.object("correction")) {
        const FieldReader cr = r.at(*c, "correction");
        Correction correction;
        correction.rules = stringListFrom(cr, "rules");
        correction.from = cr.string("from");
        correction.to = cr.optString("to");
        correction.alternatives = stringListFrom(cr, "alternatives");
        correction.why = cr.string("why");
        correction.confidence = confidenceFromName(cr.string("confidence")).value_or(Confidence::Medium);
        e.correction = correction;
    }
    if (const nlohmann::json *coined = r.array("coined")) {
        for (std::size_t i = 0; i < coined->size(); ++i) {
            const FieldReader cr = r.at((*coined)[i], "coined", i);
            CoinedFunctor functor { cr.string("functor"), cr.integer("arity"), CoinedFunctor::Role::Relation, {} };
            functor.role = coinedRoleFromName(cr.string("role")).value_or(CoinedFunctor::Role::Relation);
            functor.entries = stringListFrom(cr, "entries");
            e.coined.push_back(functor);
        }
    }
    if (const nlohmann::json *gloss = r.object("gloss")) {
        const FieldReader gr = r.at(*gloss, "gloss");
        e.gloss = { gr.string("text"), gr.string("source") };
    }
    e.verdict = verdictFromName(r.string("verdict")).value_or(Verdict::None);
    e.verdictNote = r.string("verdictNote");
    e.confidence = confidenceFromName(r.string("confidence")).value_or(Confidence::Medium);
    e.strength = r.string("strength");
    if (const nlohmann::json *history = r.array("history")) {
        for (std::size_t i = 0; i < history->size(); ++i) {
            const nlohmann::json &h = (*history)[i];
            if (!h.is_object())
                continue;
            const FieldReader hr = r.at(h, "history", i);
            e.history.push_back(
                { hr.string("id"), hr.integer("attempt"), hr.string("sentence"), hr.string("reason"), problemsFrom(hr, h, "problems") });
        }
    }
    e.forced = stringListFrom(r, "forced");
    editFieldsFromJson(r, e.kind, e.replaces);
    e.applied = r.string("applied");
    // Files written before author entries have no origin: drafted.
    if (const std::optional<QString> origin = r.optString("origin"); origin && r.ok()) {
        if (const std::optional<Origin> known = originFromName(*origin))
            e.origin = *known;
        else
            r.fail("origin", QStringLiteral("\"%1\" is not an origin").arg(*origin));
    }
    // Files written before issue 18, and every model's draft, have no rules marking.
    if (const nlohmann::json *rules = r.object("rules")) {
        const FieldReader rr = r.at(*rules, "rules");
        e.pattern = rr.string("pattern");
        e.unused = stringListFrom(rr, "unused");
    }
    if (!r.ok())
        return Error { error };
    return e;
}

} // namespace fanva::formalize

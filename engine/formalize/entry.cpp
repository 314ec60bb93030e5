// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/entry.h"

#include <algorithm>
#include <array>
#include <utility>

namespace fanva::formalize {

namespace {

template<typename Enum, std::size_t N> QString nameOf(const std::array<std::pair<Enum, QLatin1StringView>, N> &table, Enum value)
{
    for (const auto &[v, name] : table) {
        if (v == value)
            return name;
    }
    return {};
}

template<typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, QLatin1StringView>, N> &table, QStringView name)
{
    for (const auto &[v, n] : table) {
        if (name == n)
            return v;
    }
    return std::nullopt;
}

constexpr std::array s_states {
    std::pair { EntryState::Admissible, QLatin1StringView("admissible") },
    std::pair { EntryState::Known, QLatin1StringView("known") },
    std::pair { EntryState::Refused, QLatin1StringView("refused") },
    std::pair { EntryState::Superseded, QLatin1StringView("superseded") },
    std::pair { EntryState::Dropped, QLatin1StringView("dropped") },
};

constexpr std::array s_verdicts {
    std::pair { Verdict::None, QLatin1StringView("none") },
    std::pair { Verdict::Agree, QLatin1StringView("agree") },
    std::pair { Verdict::Disagree, QLatin1StringView("disagree") },
    std::pair { Verdict::Unsure, QLatin1StringView("unsure") },
};

constexpr std::array s_confidences {
    std::pair { Confidence::High, QLatin1StringView("high") },
    std::pair { Confidence::Medium, QLatin1StringView("medium") },
    std::pair { Confidence::Low, QLatin1StringView("low") },
};

constexpr std::array s_decisions {
    std::pair { Decision::Undecided, QLatin1StringView("undecided") },
    std::pair { Decision::Accepted, QLatin1StringView("accepted") },
    std::pair { Decision::Edited, QLatin1StringView("edited") },
    std::pair { Decision::Forced, QLatin1StringView("forced") },
    std::pair { Decision::Rejected, QLatin1StringView("rejected") },
    std::pair { Decision::Applied, QLatin1StringView("applied") },
};

constexpr std::array s_ranks {
    std::pair { Rank::Refused, QLatin1StringView("refused") },
    std::pair { Rank::Correctable, QLatin1StringView("correctable") },
    std::pair { Rank::Doubted, QLatin1StringView("doubted") },
    std::pair { Rank::Coined, QLatin1StringView("coined") },
    std::pair { Rank::Clean, QLatin1StringView("clean") },
    std::pair { Rank::Known, QLatin1StringView("known") },
};

nlohmann::json stringList(const QStringList &list)
{
    nlohmann::json out = nlohmann::json::array();
    for (const QString &s : list)
        out.push_back(utf8(s));
    return out;
}

QStringList stringListFrom(const nlohmann::json &json)
{
    QStringList out;
    if (!json.is_array())
        return out;
    for (const auto &item : json) {
        if (item.is_string())
            out.append(fromUtf8(item.get<std::string>()));
    }
    return out;
}

QString stringFrom(const nlohmann::json &json, const char *key)
{
    if (!json.contains(key) || !json[key].is_string())
        return {};
    return fromUtf8(json[key].get<std::string>());
}

int intFrom(const nlohmann::json &json, const char *key, int fallback = 0)
{
    if (!json.contains(key) || !json[key].is_number_integer())
        return fallback;
    return json[key].get<int>();
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
    if (state == EntryState::Refused || check::hasBlocking(problems))
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
    return nameOf(s_states, state);
}

std::optional<EntryState> entryStateFromName(QStringView name)
{
    return valueOf(s_states, name);
}

QString verdictName(Verdict verdict)
{
    return nameOf(s_verdicts, verdict);
}

std::optional<Verdict> verdictFromName(QStringView name)
{
    return valueOf(s_verdicts, name);
}

std::optional<Confidence> confidenceFromName(QStringView name)
{
    return valueOf(s_confidences, name);
}

QString decisionName(Decision decision)
{
    return nameOf(s_decisions, decision);
}

std::optional<Decision> decisionFromName(QStringView name)
{
    return valueOf(s_decisions, name);
}

QString rankName(Rank rank)
{
    return nameOf(s_ranks, rank);
}

int entryNumber(const QString &id)
{
    bool ok = false;
    const int n = QStringView(id).mid(1).toInt(&ok);
    return ok ? n : 0;
}

bool operator==(const Correction &a, const Correction &b)
{
    return a.rules == b.rules && a.from == b.from && a.to == b.to && a.alternatives == b.alternatives && a.why == b.why
        && a.confidence == b.confidence;
}

nlohmann::json problemsToJson(const std::vector<check::Problem> &problems)
{
    nlohmann::json out = nlohmann::json::array();
    for (const check::Problem &p : problems) {
        nlohmann::json problem = { { "type", utf8(p.type) }, { "message", utf8(p.message) } };
        if (p.span)
            problem["span"] = { p.span->begin, p.span->end, p.span->line, p.span->column };
        out.push_back(problem);
    }
    return out;
}

std::vector<check::Problem> problemsFromJson(const nlohmann::json &json)
{
    std::vector<check::Problem> out;
    if (!json.is_array())
        return out;
    for (const auto &item : json) {
        if (!item.is_object())
            continue;
        check::Problem problem { stringFrom(item, "type"), stringFrom(item, "message"), std::nullopt };
        const auto span = item.find("span");
        if (span != item.end() && span->is_array() && span->size() == 4
            && std::all_of(span->begin(), span->end(), [](const nlohmann::json &n) { return n.is_number_unsigned(); }))
            problem.span = kb::Span { (*span)[0].get<std::uint32_t>(), (*span)[1].get<std::uint32_t>(), (*span)[2].get<std::uint32_t>(),
                (*span)[3].get<std::uint32_t>() };
        out.push_back(problem);
    }
    return out;
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
    j["applied"] = entry.applied.isEmpty() ? nlohmann::json() : nlohmann::json(utf8(entry.applied));
    return j;
}

std::optional<Entry> entryFromJson(const nlohmann::json &j)
{
    if (!j.is_object() || !j.contains("id") || !j["id"].is_string())
        return std::nullopt;
    Entry e;
    e.id = stringFrom(j, "id");
    e.segment = intFrom(j, "segment");
    const auto state = entryStateFromName(stringFrom(j, "state"));
    const auto decision = decisionFromName(stringFrom(j, "decision"));
    if (!state || !decision)
        return std::nullopt;
    e.state = *state;
    e.decision = *decision;
    e.attempt = intFrom(j, "attempt");
    e.candidate = stringFrom(j, "candidate");
    e.shapes = stringListFrom(j.value("shapes", nlohmann::json()));
    if (j.contains("selectedShape") && j["selectedShape"].is_string())
        e.selectedShape = 0;
    else
        e.selectedShape = intFrom(j, "selectedShape", 1);
    e.edit = stringFrom(j, "edit");
    e.problems = problemsFromJson(j.value("problems", nlohmann::json()));
    e.notes = problemsFromJson(j.value("notes", nlohmann::json()));
    if (j.contains("correction") && j["correction"].is_object()) {
        const auto &c = j["correction"];
        Correction correction;
        correction.rules = stringListFrom(c.value("rules", nlohmann::json()));
        correction.from = stringFrom(c, "from");
        if (c.contains("to") && c["to"].is_string())
            correction.to = stringFrom(c, "to");
        correction.alternatives = stringListFrom(c.value("alternatives", nlohmann::json()));
        correction.why = stringFrom(c, "why");
        correction.confidence = confidenceFromName(stringFrom(c, "confidence")).value_or(Confidence::Medium);
        e.correction = correction;
    }
    if (j.contains("coined") && j["coined"].is_array()) {
        for (const auto &c : j["coined"]) {
            CoinedFunctor functor { stringFrom(c, "functor"), intFrom(c, "arity"), CoinedFunctor::Role::Relation, {} };
            for (auto role : { CoinedFunctor::Role::Type, CoinedFunctor::Role::Property, CoinedFunctor::Role::Relation }) {
                if (stringFrom(c, "role") == coinedRoleName(role))
                    functor.role = role;
            }
            if (c.is_object() && c.contains("entries"))
                functor.entries = stringListFrom(c["entries"]);
            e.coined.push_back(functor);
        }
    }
    if (j.contains("gloss") && j["gloss"].is_object())
        e.gloss = { stringFrom(j["gloss"], "text"), stringFrom(j["gloss"], "source") };
    e.verdict = verdictFromName(stringFrom(j, "verdict")).value_or(Verdict::None);
    e.verdictNote = stringFrom(j, "verdictNote");
    e.confidence = confidenceFromName(stringFrom(j, "confidence")).value_or(Confidence::Medium);
    e.strength = stringFrom(j, "strength");
    if (j.contains("history") && j["history"].is_array()) {
        for (const auto &h : j["history"]) {
            if (!h.is_object())
                continue;
            e.history.push_back({ stringFrom(h, "id"), intFrom(h, "attempt"), stringFrom(h, "sentence"), stringFrom(h, "reason"),
                problemsFromJson(h.value("problems", nlohmann::json())) });
        }
    }
    e.forced = stringListFrom(j.value("forced", nlohmann::json()));
    e.applied = stringFrom(j, "applied");
    return e;
}

} // namespace fanva::formalize

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "attempts/attemptlogmodel.h"

#include "jsonutil.h"

#include <QHash>

using nlohmann::json;

namespace {

// Events may come from a session file: every member is read through jsonutil, which never throws.
QString str(const json &j, std::string_view key)
{
    return fanva::jsonutil::string(j, key);
}

std::optional<qint64> number(const json &j, std::string_view key)
{
    return fanva::jsonutil::optInteger(j, key);
}

// The gates of formalize.md §5.1 in the order they run; the first failure stops.
const QStringList &gateNames()
{
    static const QStringList names { QStringLiteral("parse"), QStringLiteral("critic"), QStringLiteral("round-trip") };
    return names;
}

QString problemsText(const json &event)
{
    QStringList lines;
    if (const json *items = fanva::jsonutil::array(event, "problems")) {
        for (const json &p : *items) {
            if (p.is_object())
                lines.append(AttemptLogModel::tr("%1 — %2").arg(str(p, "type"), str(p, "message")));
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QString firstProblemType(const json &event)
{
    if (const json *items = fanva::jsonutil::array(event, "problems"); items && !items->empty())
        return str(items->front(), "type");
    return {};
}

AttemptChip::State verdictState(const QString &verdict)
{
    if (verdict == QLatin1StringView("agree"))
        return AttemptChip::State::Passed;
    if (verdict == QLatin1StringView("disagree") || verdict == QLatin1StringView("unsure"))
        return AttemptChip::State::Doubted;
    return AttemptChip::State::NotRun;
}

QString chipsText(const QList<AttemptChip> &chips)
{
    QStringList parts;
    for (const AttemptChip &chip : chips)
        parts.append(chip.name + QLatin1Char(' ') + AttemptChip::glyph(chip.state));
    return parts.join(QLatin1Char(' '));
}

QString chipsAccessibleText(const QList<AttemptChip> &chips)
{
    QStringList parts;
    for (const AttemptChip &chip : chips) {
        switch (chip.state) {
        case AttemptChip::State::Passed:
            parts.append(AttemptLogModel::tr("%1 passed").arg(chip.name));
            break;
        case AttemptChip::State::Failed:
            parts.append(AttemptLogModel::tr("%1 failed: %2").arg(chip.name, chip.message));
            break;
        case AttemptChip::State::Doubted:
            parts.append(AttemptLogModel::tr("%1 doubts: %2").arg(chip.name, chip.message));
            break;
        case AttemptChip::State::NotRun:
            parts.append(AttemptLogModel::tr("%1 not run").arg(chip.name));
            break;
        }
    }
    return parts.join(QStringLiteral(", "));
}

// The words of the banner and the log in the window's language; the ids stay English in
// the CLI, JSON and session files.
QString outcomeLabel(const QString &outcome)
{
    if (outcome == QLatin1StringView("success"))
        return AttemptLogModel::tr("success");
    if (outcome == QLatin1StringView("partial"))
        return AttemptLogModel::tr("partial");
    if (outcome == QLatin1StringView("exhausted"))
        return AttemptLogModel::tr("exhausted");
    if (outcome == QLatin1StringView("refused"))
        return AttemptLogModel::tr("refused");
    if (outcome == QLatin1StringView("too-large"))
        return AttemptLogModel::tr("too large");
    if (outcome == QLatin1StringView("chat-failed"))
        return AttemptLogModel::tr("chat failed");
    if (outcome == QLatin1StringView("cancelled"))
        return AttemptLogModel::tr("cancelled");
    return outcome;
}

QString stopReasonLabel(const QString &stop)
{
    if (stop == QLatin1StringView("converged"))
        return AttemptLogModel::tr("converged");
    if (stop == QLatin1StringView("cap"))
        return AttemptLogModel::tr("attempt limit reached");
    if (stop == QLatin1StringView("cycle"))
        return AttemptLogModel::tr("the model repeated itself");
    if (stop == QLatin1StringView("nothing-proposed"))
        return AttemptLogModel::tr("nothing proposed");
    if (stop == QLatin1StringView("refusal"))
        return AttemptLogModel::tr("refusal");
    return stop;
}

// A candidate's state or a verdict as the log's rows show them.
QString wordLabel(const QString &word)
{
    static const QHash<QString, const char *> words { { QStringLiteral("admissible"), QT_TRANSLATE_NOOP("AttemptLogModel", "admissible") },
        { QStringLiteral("known"), QT_TRANSLATE_NOOP("AttemptLogModel", "known") },
        { QStringLiteral("refused"), QT_TRANSLATE_NOOP("AttemptLogModel", "refused") },
        { QStringLiteral("superseded"), QT_TRANSLATE_NOOP("AttemptLogModel", "superseded") },
        { QStringLiteral("dropped"), QT_TRANSLATE_NOOP("AttemptLogModel", "dropped") },
        { QStringLiteral("agree"), QT_TRANSLATE_NOOP("AttemptLogModel", "agree") },
        { QStringLiteral("disagree"), QT_TRANSLATE_NOOP("AttemptLogModel", "disagree") },
        { QStringLiteral("unsure"), QT_TRANSLATE_NOOP("AttemptLogModel", "unsure") },
        { QStringLiteral("none"), QT_TRANSLATE_NOOP("AttemptLogModel", "no verdict") },
        { QStringLiteral("undecided"), QT_TRANSLATE_NOOP("AttemptLogModel", "undecided") },
        { QStringLiteral("accepted"), QT_TRANSLATE_NOOP("AttemptLogModel", "accepted") },
        { QStringLiteral("edited"), QT_TRANSLATE_NOOP("AttemptLogModel", "edited") },
        { QStringLiteral("forced"), QT_TRANSLATE_NOOP("AttemptLogModel", "forced") },
        { QStringLiteral("rejected"), QT_TRANSLATE_NOOP("AttemptLogModel", "rejected") },
        { QStringLiteral("applied"), QT_TRANSLATE_NOOP("AttemptLogModel", "applied") } };
    const auto found = words.constFind(word);
    return found == words.constEnd() ? word : AttemptLogModel::tr(found.value());
}

QString stateCountText(qint64 n, std::string_view state)
{
    if (state == "admissible")
        return AttemptLogModel::tr("%1 admissible").arg(n);
    if (state == "known")
        return AttemptLogModel::tr("%1 already known").arg(n);
    if (state == "refused")
        return AttemptLogModel::tr("%1 refused").arg(n);
    if (state == "superseded")
        return AttemptLogModel::tr("%1 superseded").arg(n);
    if (state == "dropped")
        return AttemptLogModel::tr("%1 dropped").arg(n);
    return {};
}

QString verdictCountText(qint64 n, std::string_view verdict)
{
    if (verdict == "agree")
        return AttemptLogModel::tr("%1 agree").arg(n);
    if (verdict == "disagree")
        return AttemptLogModel::tr("%1 disagree").arg(n);
    if (verdict == "unsure")
        return AttemptLogModel::tr("%1 unsure").arg(n);
    if (verdict == "skipped")
        return AttemptLogModel::tr("%1 skipped").arg(n);
    if (verdict == "failed")
        return AttemptLogModel::tr("%1 failed").arg(n);
    return {};
}

} // namespace

QString AttemptLogModel::outcomeWord(const QString &outcome)
{
    return outcomeLabel(outcome);
}

QString AttemptLogModel::attemptKindText(const QString &kind)
{
    if (kind == QLatin1StringView("draft"))
        return tr("draft");
    if (kind == QLatin1StringView("repair"))
        return tr("repair");
    if (kind == QLatin1StringView("unreadable-repair"))
        return tr("repair of an unreadable reply");
    if (kind == QLatin1StringView("judge-repair"))
        return tr("judge repair");
    if (kind == QLatin1StringView("judge"))
        return tr("judge");
    return kind;
}

QString AttemptLogModel::vocabularyText(const json &vocabulary)
{
    return tr("literals: %1 (%2 reused, %3 coined)")
        .arg(number(vocabulary, "literals").value_or(0))
        .arg(number(vocabulary, "reused").value_or(0))
        .arg(number(vocabulary, "coined").value_or(0));
}

namespace {

// What each §5.5 outcome means, for the banner.
QString outcomeMeaning(const QString &outcome)
{
    if (outcome == QLatin1StringView("success"))
        return AttemptLogModel::tr("every kept entry passed the gates");
    if (outcome == QLatin1StringView("partial"))
        return AttemptLogModel::tr("entries were kept, some are still refused");
    if (outcome == QLatin1StringView("exhausted"))
        return AttemptLogModel::tr("no entry passed the gates");
    if (outcome == QLatin1StringView("refused"))
        return AttemptLogModel::tr("the model declined the request");
    if (outcome == QLatin1StringView("too-large"))
        return AttemptLogModel::tr("the request does not fit the model's context window");
    if (outcome == QLatin1StringView("chat-failed"))
        return AttemptLogModel::tr("the provider reported an error");
    if (outcome == QLatin1StringView("cancelled"))
        return AttemptLogModel::tr("stopped; what was found so far is kept");
    return {};
}

} // namespace

QString AttemptChip::glyph(State state)
{
    switch (state) {
    case State::Passed:
        return QStringLiteral("✓");
    case State::Failed:
        return QStringLiteral("✗");
    case State::Doubted:
        return QStringLiteral("?");
    case State::NotRun:
        break;
    }
    return QStringLiteral("·");
}

AttemptLogModel::AttemptLogModel(QObject *parent)
    : QAbstractItemModel(parent)
{ }

AttemptLogModel::~AttemptLogModel() = default;

void AttemptLogModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_candidates.clear();
    m_phase = Phase::None;
    m_judgeCallOpen = false;
    m_judgeRound = m_judgeBatch = 0;
    m_lastJudgeMark = 0;
    m_agree = m_disagree = m_unsure = m_judgeFailed = 0;
    m_outcomeName.clear();
    endResetModel();
    if (!m_outcome.isEmpty()) {
        m_outcome.clear();
        Q_EMIT outcomeChanged(m_outcome);
    }
}

void AttemptLogModel::addEvent(const json &event)
{
    if (!event.is_object())
        return;
    const std::string type = str(event, "type").toStdString();
    if (type == "attempt-started") {
        Row r;
        r.attempt = int(number(event, "n").value_or(int(m_rows.size()) + 1));
        r.kind = str(event, "kind");
        r.startedAt = number(event, "t");
        m_phase = Phase::Formalize;
        m_judgeCallOpen = false;
        appendRow(std::move(r));
        return;
    }
    if (type == "judge-started") {
        m_phase = Phase::Judge;
        m_judgeCallOpen = false;
        m_judgeRound = int(number(event, "round").value_or(m_judgeRound + 1));
        m_judgeBatch = 0;
        m_lastJudgeMark = number(event, "t").value_or(0);
        return;
    }
    if (type == "gate-result") {
        addGateResult(event);
        return;
    }
    if (type == "judge-verdicts") {
        addVerdicts(event);
        return;
    }
    if (type == "judge-failed") {
        addJudgeFailure(event);
        return;
    }
    if (type == "finished") {
        finish(event);
        return;
    }
    if (type == "merged") {
        addMerge(event);
        return;
    }
    if (m_phase == Phase::None || m_rows.empty())
        return;

    // The events of the call in flight: its end (usage, text, thinking) and its verdict.
    int row = int(m_rows.size()) - 1;
    if ((type == "usage" || type == "notice") && m_phase == Phase::Judge && !m_judgeCallOpen)
        row = openJudgeRow();
    Row &r = m_rows[size_t(row)];
    if (type == "notice") {
        // The rules provider's notice (docs/spec/rules.md §4) in the window's language.
        const QString notice = str(event, "text");
        r.notices.append(notice == QStringView(u"drafted by rules — no model") ? tr("drafted by rules — no model") : notice);
    } else if (type == "usage") {
        r.tokensIn = number(event, "input");
        r.tokensOut = number(event, "output");
        r.tokensCached = number(event, "cacheRead");
    } else if (type == "text-delta") {
        r.text = str(event, "text");
    } else if (type == "thinking-delta") {
        r.thinking = str(event, "text");
    } else if (type == "attempt-finished") {
        r.candidates = int(number(event, "candidates").value_or(0));
        r.ms = number(event, "ms");
        r.inFlight = false;
        if (str(event, "stopReason") == QLatin1StringView("refusal"))
            r.status = tr("refused by the model");
        else if (!fanva::jsonutil::boolean(event, "readable", true))
            r.status = tr("unreadable");
        else if (fanva::jsonutil::boolean(event, "truncated", false))
            r.status = tr("truncated");
    } else if (type == "cycle-detected") {
        r.status = tr("repeats attempt %1").arg(number(event, "repeats").value_or(0));
    } else {
        return;
    }
    rowChanged(row);
}

int AttemptLogModel::appendRow(Row row)
{
    const int at = int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.push_back(std::move(row));
    endInsertRows();
    return at;
}

void AttemptLogModel::appendChild(int row, Child child)
{
    std::vector<Child> &children = m_rows[size_t(row)].children;
    const int at = int(children.size());
    beginInsertRows(index(row, 0), at, at);
    children.push_back(std::move(child));
    endInsertRows();
}

int AttemptLogModel::rowOfAttempt(int attempt) const
{
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (m_rows[size_t(row)].type == RowType::Attempt && m_rows[size_t(row)].attempt == attempt)
            return row;
    }
    return -1;
}

// A judge call shows itself only when it ends (usage); the rows of one round are its batches.
int AttemptLogModel::openJudgeRow()
{
    Row r;
    r.type = RowType::Judge;
    r.kind = QStringLiteral("judge");
    r.attempt = m_rows.empty() ? 0 : m_rows.back().attempt;
    r.round = m_judgeRound;
    r.batch = m_judgeBatch + 1;
    r.startedAt = m_lastJudgeMark;
    m_judgeCallOpen = true;
    return appendRow(std::move(r));
}

void AttemptLogModel::finishJudgeCall(int row, const json &event)
{
    Row &r = m_rows[size_t(row)];
    r.batch = int(number(event, "batch").value_or(r.batch));
    const std::optional<qint64> t = number(event, "t");
    if (t && r.startedAt && r.inFlight)
        r.ms = *t - *r.startedAt;
    r.inFlight = false;
    m_judgeCallOpen = false;
    m_judgeBatch = std::max(m_judgeBatch, r.batch);
    m_lastJudgeMark = t.value_or(m_lastJudgeMark);
}

void AttemptLogModel::addGateResult(const json &event)
{
    const int row = rowOfAttempt(int(number(event, "n").value_or(0)));
    if (row < 0)
        return;
    const bool ok = fanva::jsonutil::boolean(event, "ok", false);
    const QString failedGate = ok ? QString() : str(event, "gate");
    const QString problems = problemsText(event);
    Child c;
    c.candidate = str(event, "candidate");
    c.segment = int(number(event, "segment").value_or(0));
    c.state = str(event, "state");
    c.detail = problems.section(QLatin1Char('\n'), 0, 0);
    bool reached = true;
    for (const QString &gate : gateNames()) {
        AttemptChip chip { gate, AttemptChip::State::NotRun, tr("not run: an earlier gate failed") };
        if (reached && gate == failedGate) {
            chip = { gate, AttemptChip::State::Failed, problems.isEmpty() ? tr("failed") : problems };
            reached = false;
        } else if (reached) {
            chip = { gate, AttemptChip::State::Passed, tr("passed") };
        }
        c.chips.append(chip);
    }
    c.chips.append(
        { QStringLiteral("judge"), AttemptChip::State::NotRun, ok ? tr("not judged yet") : tr("refused entries are not judged") });

    Row &r = m_rows[size_t(row)];
    ++r.gated;
    if (ok)
        ++r.admitted;
    const QString mark = AttemptChip::glyph(ok ? AttemptChip::State::Passed : AttemptChip::State::Failed);
    const QString why = firstProblemType(event).isEmpty() ? failedGate : tr("%1 %2").arg(failedGate, firstProblemType(event));
    r.chips.append(ok ? tr("%1 %2").arg(c.candidate, mark) : tr("%1 %2 %3").arg(c.candidate, mark, why));
    m_candidates[c.candidate] = { row, int(r.children.size()) };
    appendChild(row, std::move(c));
    rowChanged(row);
}

void AttemptLogModel::setJudgeChip(const QString &candidate, AttemptChip chip)
{
    const auto found = m_candidates.find(candidate);
    if (found == m_candidates.end())
        return;
    const auto [row, child] = found->second;
    QList<AttemptChip> &chips = m_rows[size_t(row)].children[size_t(child)].chips;
    for (AttemptChip &c : chips) {
        if (c.name == chip.name)
            c = chip;
    }
    childChanged(row, child);
}

void AttemptLogModel::addVerdicts(const json &event)
{
    const int row = m_judgeCallOpen ? int(m_rows.size()) - 1 : openJudgeRow();
    finishJudgeCall(row, event);
    Row &r = m_rows[size_t(row)];
    if (const json *verdicts = fanva::jsonutil::array(event, "verdicts")) {
        for (const json &v : *verdicts) {
            const QString verdict = str(v, "verdict");
            const QString note = str(v, "note");
            m_agree += verdict == QLatin1StringView("agree");
            m_disagree += verdict == QLatin1StringView("disagree");
            m_unsure += verdict == QLatin1StringView("unsure");
            const AttemptChip chip { QStringLiteral("judge"), verdictState(verdict),
                note.isEmpty() ? wordLabel(verdict) : tr("%1: %2").arg(wordLabel(verdict), note) };
            Child c { RowType::Verdict, str(v, "candidate"), 0, verdict, note, { chip } };
            if (const auto found = m_candidates.find(c.candidate); found != m_candidates.end())
                c.segment = m_rows[size_t(found->second.first)].children[size_t(found->second.second)].segment;
            r.chips.append(tr("%1 %2").arg(c.candidate, wordLabel(verdict)));
            setJudgeChip(c.candidate, chip);
            appendChild(row, std::move(c));
        }
    }
    rowChanged(row);
}

void AttemptLogModel::addJudgeFailure(const json &event)
{
    const QString kind = str(event, "kind");
    const QString detail = str(event, "detail");
    const QString status = detail.isEmpty() ? tr("judge failed: %1").arg(kind) : tr("judge failed: %1 — %2").arg(kind, detail);
    int row = -1;
    if (m_phase == Phase::Judge) {
        const int round = int(number(event, "round").value_or(m_judgeRound));
        const int batch = int(number(event, "batch").value_or(0));
        const bool sameCall = !m_rows.empty() && m_rows.back().type == RowType::Judge && m_rows.back().round == round
            && m_rows.back().batch == batch && !m_rows.back().inFlight;
        row = m_judgeCallOpen || sameCall ? int(m_rows.size()) - 1 : openJudgeRow();
        finishJudgeCall(row, event);
    } else if (!m_rows.empty()) {
        row = int(m_rows.size()) - 1; // a judge repair turn that failed
    }
    if (row < 0)
        return;
    m_rows[size_t(row)].status = status;
    if (const json *items = fanva::jsonutil::array(event, "items")) {
        for (const json &item : *items) {
            const std::optional<QString> candidate = fanva::jsonutil::asString(item);
            if (!candidate)
                continue;
            ++m_judgeFailed;
            const AttemptChip chip { QStringLiteral("judge"), AttemptChip::State::NotRun, status };
            Child c { RowType::Verdict, *candidate, 0, QStringLiteral("none"), status, { chip } };
            setJudgeChip(c.candidate, chip);
            appendChild(row, std::move(c));
        }
    }
    rowChanged(row);
}

void AttemptLogModel::finish(const json &event)
{
    for (int row = 0; row < int(m_rows.size()); ++row) {
        if (m_rows[size_t(row)].inFlight) {
            m_rows[size_t(row)].inFlight = false;
            rowChanged(row);
        }
    }
    m_phase = Phase::None;
    m_outcomeName = str(event, "outcome");
    const QString stop = str(event, "stopReason");
    const QString outcome = outcomeLabel(m_outcomeName);
    QString text = stop.isEmpty() || stop == m_outcomeName ? outcome : tr("%1 (%2)").arg(outcome, stopReasonLabel(stop));
    if (const QString meaning = outcomeMeaning(m_outcomeName); !meaning.isEmpty())
        text = tr("%1: %2").arg(text, meaning);
    QStringList facts;
    if (const json *countsJson = fanva::jsonutil::object(event, "counts")) {
        const json &c = *countsJson;
        QStringList counts;
        for (const char *state : { "admissible", "known", "refused", "superseded", "dropped" }) {
            if (const qint64 n = number(c, state).value_or(0); n > 0)
                counts.append(stateCountText(n, state));
        }
        if (!counts.isEmpty())
            facts.append(counts.join(QStringLiteral(", ")));
    }
    if (const json *coverage = fanva::jsonutil::object(event, "coverage")) {
        const json &c = *coverage;
        facts.append(tr("coverage %1/%2").arg(number(c, "covered").value_or(0)).arg(number(c, "total").value_or(0)));
    }
    // The judge's counts are the outcome's (the latest verdict of each kept entry); a log
    // saved before they were part of the finished event falls back to the verdicts seen.
    QStringList judge;
    const json *outcomeJudge = fanva::jsonutil::object(event, "judge");
    for (const auto &[tally, name] : { std::pair(m_agree, "agree"), std::pair(m_disagree, "disagree"), std::pair(m_unsure, "unsure"),
             std::pair(0, "skipped"), std::pair(m_judgeFailed, "failed") }) {
        const qint64 count = outcomeJudge ? number(*outcomeJudge, name).value_or(0) : tally;
        if (count > 0)
            judge.append(verdictCountText(count, name));
    }
    if (!judge.isEmpty())
        facts.append(tr("judge: %1").arg(judge.join(QStringLiteral(", "))));
    if (const json *vocabulary = fanva::jsonutil::object(event, "vocabulary"))
        facts.append(vocabularyText(*vocabulary));
    if (!facts.isEmpty())
        text += QStringLiteral(" — ") + facts.join(QStringLiteral(" · "));
    m_outcome = text;
    Q_EMIT outcomeChanged(m_outcome);
}

void AttemptLogModel::addMerge(const json &event)
{
    Row r;
    r.type = RowType::Merge;
    r.kind = QStringLiteral("merged");
    r.inFlight = false;
    std::vector<Child> lines;
    const auto line = [&lines](const QString &id, const QString &text) { lines.push_back({ RowType::MergeLine, id, 0, {}, text, {} }); };
    const auto ids = [&event](std::string_view key) {
        QStringList out;
        if (const json *a = fanva::jsonutil::array(event, key)) {
            for (const json &id : *a) {
                if (const std::optional<QString> s = fanva::jsonutil::asString(id))
                    out.append(*s);
            }
        }
        return out;
    };
    int kept = 0;
    if (const json *matched = fanva::jsonutil::array(event, "matched")) {
        for (const json &m : *matched) {
            const QString decision = str(m, "decision");
            line(str(m, "candidate"),
                decision.isEmpty() ? tr("the same sentence as %1: %1 kept").arg(str(m, "keptAs"))
                                   : tr("the same sentence as %1: %1 kept, %2").arg(str(m, "keptAs"), wordLabel(decision)));
            ++kept;
        }
    }
    const QStringList added = ids("added");
    for (const QString &id : added)
        line(id, tr("new: undecided"));
    const QStringList gone = ids("gone");
    const QStringList withdrawn = ids("withdrawn");
    for (const QString &id : withdrawn)
        line(id, gone.contains(id) ? tr("withdrawn: its sentence is no longer in the document") : tr("withdrawn: not proposed again"));
    for (const QString &id : ids("lost")) {
        if (!withdrawn.contains(id))
            line(id, tr("dropped: not proposed again"));
    }
    for (const QString &id : ids("replaced"))
        line(id, tr("replaced: undecided or rejected, its sentence formalized afresh"));
    r.status
        = tr("%n kept", nullptr, kept) + tr(", %n new", nullptr, int(added.size())) + tr(", %n withdrawn", nullptr, int(withdrawn.size()));
    for (const Child &c : lines)
        r.chips.append(tr("%1: %2").arg(c.candidate, c.detail));
    r.children = std::move(lines);
    appendRow(std::move(r));
}

void AttemptLogModel::rowChanged(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void AttemptLogModel::childChanged(int row, int child)
{
    const QModelIndex parent = index(row, 0);
    Q_EMIT dataChanged(index(child, 0, parent), index(child, ColumnCount - 1, parent));
}

QModelIndex AttemptLogModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < int(m_rows.size()) ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.row() >= int(m_rows.size()))
        return {};
    return row < int(m_rows[size_t(parent.row())].children.size()) ? createIndex(row, column, quintptr(parent.row()) + 1) : QModelIndex();
}

QModelIndex AttemptLogModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int AttemptLogModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_rows.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_rows[size_t(parent.row())].children.size());
}

int AttemptLogModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant AttemptLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == 0)
        return rowData(m_rows[size_t(index.row())], index.column(), role);
    const Row &r = m_rows[size_t(index.internalId() - 1)];
    return childData(r.children[size_t(index.row())], index.column(), role);
}

QVariant AttemptLogModel::rowData(const Row &r, int column, int role) const
{
    switch (role) {
    case ReplyTextRole:
        return r.text;
    case ThinkingTextRole:
        return r.thinking;
    case GateChipsRole:
        return r.chips;
    case RowTypeRole:
        return QVariant::fromValue(r.type);
    case InFlightRole:
        return r.inFlight;
    case Qt::ToolTipRole: {
        QStringList lines = r.chips.isEmpty() && !r.status.isEmpty() ? QStringList { r.status } : r.chips;
        for (const QString &notice : r.notices)
            lines.append(tr("Notice: %1").arg(notice));
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    case Qt::TextAlignmentRole:
        return column == KindColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (column) {
    case AttemptColumn:
        return r.type == RowType::Judge || r.type == RowType::Merge ? QVariant() : QVariant(r.attempt);
    case KindColumn: {
        QString kind = r.type == RowType::Judge ? tr("judge · round %1 · batch %2").arg(r.round).arg(r.batch)
            : r.type == RowType::Merge          ? tr("merged into the review")
                                                : attemptKindText(r.kind);
        if (r.inFlight)
            kind = tr("%1 …").arg(kind);
        if (!r.status.isEmpty())
            kind = tr("%1 — %2").arg(kind, r.status);
        for (const QString &notice : r.notices)
            kind = tr("%1 · ⚠ %2").arg(kind, notice);
        return kind;
    }
    case CandidatesColumn:
        if (r.type == RowType::Judge)
            return r.children.empty() ? QVariant() : QVariant(int(r.children.size()));
        return r.candidates ? QVariant(*r.candidates) : QVariant();
    case AdmittedColumn:
        return r.gated > 0 ? QVariant(r.admitted) : QVariant();
    case TokensColumn:
        if (!r.tokensIn && !r.tokensOut)
            return {};
        return tr("%1 / %2 / %3")
            .arg(r.tokensIn ? QString::number(*r.tokensIn) : QStringLiteral("–"),
                r.tokensOut ? QString::number(*r.tokensOut) : QStringLiteral("–"),
                r.tokensCached ? QString::number(*r.tokensCached) : QStringLiteral("–"));
    case SecondsColumn:
        return r.ms ? QVariant(QString::number(double(*r.ms) / 1000.0, 'f', 1)) : QVariant();
    default:
        return {};
    }
}

QVariant AttemptLogModel::childData(const Child &c, int column, int role) const
{
    const QString label = c.segment > 0 ? tr("%1 [%2]").arg(c.candidate).arg(c.segment) : c.candidate;
    const QString detail = c.type == RowType::MergeLine ? c.detail
        : c.detail.isEmpty()                            ? wordLabel(c.state)
                                                        : tr("%1 — %2").arg(wordLabel(c.state), c.detail);
    switch (role) {
    case ChipsRole:
        return QVariant::fromValue(c.chips);
    case DetailRole:
        return detail;
    case RowTypeRole:
        return QVariant::fromValue(c.type);
    case Qt::DisplayRole:
        if (column == AttemptColumn)
            return label;
        if (column == KindColumn)
            return c.chips.isEmpty() ? detail : tr("%1 %2").arg(chipsText(c.chips), detail);
        return {};
    case Qt::AccessibleTextRole:
        if (column != AttemptColumn)
            return {};
        return c.chips.isEmpty() ? tr("%1: %2").arg(label, detail) : tr("%1: %2; %3").arg(label, chipsAccessibleText(c.chips), detail);
    case Qt::ToolTipRole: {
        QStringList lines;
        for (const AttemptChip &chip : c.chips)
            lines.append(tr("%1 %2: %3").arg(chip.name, AttemptChip::glyph(chip.state), chip.message));
        return lines.join(QLatin1Char('\n'));
    }
    default:
        return {};
    }
}

QVariant AttemptLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case AttemptColumn:
        return tr("#");
    case KindColumn:
        return tr("Kind");
    case CandidatesColumn:
        return tr("Sent");
    case AdmittedColumn:
        return tr("Admitted");
    case TokensColumn:
        return tr("Tokens in / out / cached");
    case SecondsColumn:
        return tr("Seconds");
    default:
        return {};
    }
}

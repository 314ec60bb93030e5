// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/entryaxes.h"

#include "review/entrymodel.h"

using namespace fanva::formalize;

QString EntryAxes::stateText(EntryState state)
{
    switch (state) {
    case EntryState::Admissible:
        return tr("admissible");
    case EntryState::Known:
        return tr("already known");
    case EntryState::Refused:
        return tr("refused");
    case EntryState::Superseded:
        return tr("superseded");
    case EntryState::Dropped:
        return tr("dropped");
    }
    return {};
}

QString EntryAxes::verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::None:
        return tr("not judged");
    case Verdict::Agree:
        return tr("agrees");
    case Verdict::Disagree:
        return tr("disagrees");
    case Verdict::Unsure:
        return tr("unsure");
    }
    return {};
}

QString EntryAxes::confidenceText(Confidence confidence)
{
    switch (confidence) {
    case Confidence::High:
        return tr("high");
    case Confidence::Medium:
        return tr("medium");
    case Confidence::Low:
        return tr("low");
    }
    return {};
}

QString EntryAxes::strengthText(const QString &strength)
{
    if (strength == QLatin1StringView("default"))
        return tr("default (exceptions allowed)");
    if (strength == QLatin1StringView("monotonic"))
        return tr("monotonic (no exceptions)");
    if (strength.isEmpty())
        return tr("not stated");
    return strength;
}

QString EntryAxes::roleText(CoinedFunctor::Role role)
{
    switch (role) {
    case CoinedFunctor::Role::Type:
        return tr("type");
    case CoinedFunctor::Role::Property:
        return tr("property");
    case CoinedFunctor::Role::Relation:
        return tr("relation");
    }
    return {};
}

bool EntryAxes::judgeFailed(const Entry &entry)
{
    return entry.verdict == Verdict::None && entry.verdictNote.startsWith(QLatin1StringView("judge failed"));
}

QString EntryAxes::judgeText(const Entry &entry)
{
    if (judgeFailed(entry))
        return tr("the judge failed: %1").arg(entry.verdictNote.mid(QLatin1StringView("judge failed").size()).trimmed());
    const QString verdict = verdictText(entry.verdict);
    return entry.verdictNote.isEmpty() || entry.verdict == Verdict::None ? verdict : tr("%1 — %2").arg(verdict, entry.verdictNote);
}

QString EntryAxes::toolTip(const Entry &entry)
{
    QStringList lines;
    lines.append(tr("%1 — %2").arg(entry.id, EntryModel::rankDescription(entry.rank())));
    lines.append(tr("Decision: %1").arg(EntryModel::decisionDescription(entry.decision)));
    lines.append(tr("State: %1").arg(stateText(entry.state)));
    if (!entry.problems.empty()) {
        QStringList types;
        for (const fanva::lang::Problem &p : entry.problems)
            types.append(p.type);
        lines.append(tr("Problems: %1").arg(types.join(QStringLiteral(", "))));
    }
    if (entry.correction && !entry.correction->isEmpty())
        lines.append(tr("Correction: %1 (%2 shapes)").arg(entry.correction->rules.join(QStringLiteral(", "))).arg(entry.shapes.size()));
    if (!entry.coined.empty()) {
        QStringList coined;
        for (const CoinedFunctor &c : entry.coined)
            coined.append(tr("%1/%2 (%3)").arg(c.functor).arg(c.arity).arg(roleText(c.role)));
        lines.append(tr("Coins: %1").arg(coined.join(QStringLiteral(", "))));
    }
    lines.append(tr("Judge: %1").arg(judgeText(entry)));
    if (!entry.pattern.isEmpty()) {
        // Drafted by rules (docs/spec/rules.md §4): the pattern, and what it left out.
        lines.append(tr("Drafted by rules — no model: pattern %1").arg(entry.pattern));
        lines.append(
            entry.unused.isEmpty() ? tr("Every content word used") : tr("Words not used: %1").arg(entry.unused.join(QStringLiteral(", "))));
        lines.append(tr("Rules confidence: %1").arg(confidenceText(entry.confidence)));
    } else {
        lines.append(tr("Model confidence: %1").arg(confidenceText(entry.confidence)));
    }
    lines.append(tr("Strength: %1").arg(strengthText(entry.strength)));
    if (!entry.forced.isEmpty())
        lines.append(tr("Forced past: %1").arg(entry.forced.join(QStringLiteral(", "))));
    return lines.join(QLatin1Char('\n'));
}

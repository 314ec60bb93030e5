#include "attemptlogmodel.h"

#include "guttermark.h"

using nlohmann::json;

namespace {

QString str(const json &j, const char *key)
{
    return j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>()) : QString();
}

std::optional<qint64> number(const json &j, const char *key)
{
    if (j.contains(key) && j[key].is_number_integer())
        return j[key].get<qint64>();
    return std::nullopt;
}

} // namespace

AttemptLogModel::AttemptLogModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

AttemptLogModel::~AttemptLogModel() = default;

void AttemptLogModel::clear()
{
    beginResetModel();
    m_rows.clear();
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
    const std::string type = event.value("type", std::string());
    if (type == "attempt-started") {
        const int row = int(m_rows.size());
        beginInsertRows({}, row, row);
        Row r;
        r.attempt = int(number(event, "n").value_or(row + 1));
        r.kind = str(event, "kind");
        m_rows.push_back(std::move(r));
        endInsertRows();
        return;
    }
    if (type == "finished") {
        const QString outcome = str(event, "outcome");
        const QString stop = str(event, "stopReason");
        QString text = stop.isEmpty() ? outcome : tr("%1 (%2)").arg(outcome, stop);
        if (event.contains("coverage") && event["coverage"].is_object()) {
            const json &c = event["coverage"];
            text += tr(" — coverage %1/%2").arg(number(c, "covered").value_or(0)).arg(number(c, "total").value_or(0));
        }
        m_outcome = text;
        Q_EMIT outcomeChanged(m_outcome);
        return;
    }
    if (m_rows.empty())
        return;
    const int row = int(m_rows.size()) - 1;
    Row &r = m_rows.back();
    if (type == "usage") {
        r.tokensIn = number(event, "input");
        r.tokensOut = number(event, "output");
        r.tokensCached = number(event, "cacheRead");
    } else if (type == "text-delta") {
        r.text = str(event, "text");
    } else if (type == "attempt-finished") {
        r.candidates = int(number(event, "candidates").value_or(0));
        r.ms = number(event, "ms");
        if (!event.value("readable", true))
            r.status = tr("unreadable");
        else if (event.value("truncated", false))
            r.status = tr("truncated");
    } else if (type == "gate-result") {
        const bool ok = event.value("ok", false);
        ++r.gated;
        if (ok)
            ++r.admitted;
        const QString mark = ok ? GutterMark::glyph(GutterMark::Decision::Accepted) : GutterMark::glyph(GutterMark::Rank::Refused);
        r.chips.append(
            ok ? tr("%1 %2").arg(str(event, "candidate"), mark) : tr("%1 %2 %3").arg(str(event, "candidate"), mark, str(event, "gate")));
    } else if (type == "judge-verdicts") {
        if (event.contains("verdicts") && event["verdicts"].is_array()) {
            for (const json &v : event["verdicts"])
                r.chips.append(tr("%1 %2").arg(str(v, "candidate"), str(v, "verdict")));
        }
    } else if (type == "judge-failed") {
        r.status = tr("judge failed: %1").arg(str(event, "kind"));
    } else if (type == "cycle-detected") {
        r.status = tr("repeats attempt %1").arg(number(event, "repeats").value_or(0));
    } else {
        return;
    }
    rowChanged(row);
}

void AttemptLogModel::rowChanged(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int AttemptLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AttemptLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttemptLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[size_t(index.row())];
    if (role == ReplyTextRole)
        return r.text;
    if (role == GateChipsRole)
        return r.chips;
    if (role == Qt::ToolTipRole) {
        if (!r.chips.isEmpty())
            return r.chips.join(QLatin1Char('\n'));
        return r.status.isEmpty() ? QVariant() : QVariant(r.status);
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == KindColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case AttemptColumn:
        return r.attempt;
    case KindColumn:
        return r.status.isEmpty() ? r.kind : tr("%1 — %2").arg(r.kind, r.status);
    case CandidatesColumn:
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

QVariant AttemptLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
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

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/entrymodel.h"

using fanva::formalize::Decision;
using fanva::formalize::Rank;
using fanva::proposal::Entry;
using fanva::proposal::Proposal;

EntryModel::EntryModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

EntryModel::~EntryModel() = default;

void EntryModel::setProposal(Proposal proposal)
{
    beginResetModel();
    m_proposal = std::move(proposal);
    rebuildOrder();
    endResetModel();
    Q_EMIT entriesChanged();
}

void EntryModel::updateProposal(const Proposal &proposal)
{
    QStringList order;
    for (const Entry *e : proposal.documentOrder())
        order.append(e->id);
    if (order != m_order) {
        setProposal(proposal);
        return;
    }
    m_proposal = proposal;
    if (!m_order.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    Q_EMIT entriesChanged();
}

void EntryModel::rebuildOrder()
{
    m_order.clear();
    for (const Entry *e : m_proposal.documentOrder())
        m_order.append(e->id);
}

const Entry *EntryModel::entryAt(int row) const
{
    if (row < 0 || row >= m_order.size())
        return nullptr;
    return m_proposal.entry(m_order.at(row));
}

int EntryModel::rowOf(const QString &id) const
{
    return int(m_order.indexOf(id));
}

void EntryModel::setEntry(const Entry &entry)
{
    Entry *stored = m_proposal.entry(entry.id);
    if (!stored || *stored == entry)
        return;
    *stored = entry;
    const int row = rowOf(entry.id);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    Q_EMIT entriesChanged();
}

bool EntryModel::change(const QString &id, const std::function<bool(Proposal &)> &change)
{
    const Entry *before = m_proposal.entry(id);
    if (!before)
        return false;
    const Entry copy = *before;
    const bool ok = change(m_proposal);
    const Entry *after = m_proposal.entry(id);
    if (after && !(*after == copy)) {
        const int row = rowOf(id);
        if (row >= 0)
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        Q_EMIT entriesChanged();
    }
    return ok;
}

GutterMark::Rank EntryModel::gutterRank(Rank rank)
{
    switch (rank) {
    case Rank::Refused:
        return GutterMark::Rank::Refused;
    case Rank::Correctable:
        return GutterMark::Rank::Correctable;
    case Rank::Doubted:
        return GutterMark::Rank::Doubted;
    case Rank::Coined:
        return GutterMark::Rank::Coined;
    case Rank::Clean:
        return GutterMark::Rank::Clean;
    case Rank::Known:
        return GutterMark::Rank::Known;
    }
    return GutterMark::Rank::None;
}

GutterMark::Decision EntryModel::gutterDecision(Decision decision)
{
    switch (decision) {
    case Decision::Undecided:
        return GutterMark::Decision::Undecided;
    case Decision::Accepted:
        return GutterMark::Decision::Accepted;
    case Decision::Edited:
        return GutterMark::Decision::Edited;
    case Decision::Forced:
        return GutterMark::Decision::Forced;
    case Decision::Rejected:
        return GutterMark::Decision::Rejected;
    case Decision::Applied:
        return GutterMark::Decision::Applied;
    }
    return GutterMark::Decision::None;
}

QString EntryModel::rankDescription(Rank rank)
{
    switch (rank) {
    case Rank::Refused:
        return tr("Refused: a gate blocks this sentence");
    case Rank::Correctable:
        return tr("Correctable: a correction rule offers another shape");
    case Rank::Doubted:
        return tr("Doubted: the judge disagreed or was unsure");
    case Rank::Coined:
        return tr("Coined: introduces vocabulary the KB does not have");
    case Rank::Clean:
        return tr("Clean: passed every gate");
    case Rank::Known:
        return tr("Known: the KB already says this");
    }
    return {};
}

QString EntryModel::decisionDescription(Decision decision)
{
    switch (decision) {
    case Decision::Undecided:
        return tr("Undecided");
    case Decision::Accepted:
        return tr("Accepted");
    case Decision::Edited:
        return tr("Edited and accepted");
    case Decision::Forced:
        return tr("Forced past its problems");
    case Decision::Rejected:
        return tr("Rejected");
    case Decision::Applied:
        return tr("Applied to the KB");
    }
    return {};
}

int EntryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_order.size());
}

int EntryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EntryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry *e = entryAt(index.row());
    if (!e)
        return {};
    switch (role) {
    case EntryIdRole:
        return e->id;
    case RankRole:
        return int(e->rank());
    case DecisionRole:
        return int(e->decision);
    case Qt::ToolTipRole:
        if (index.column() == RankColumn)
            return rankDescription(e->rank());
        if (index.column() == DecisionColumn)
            return decisionDescription(e->decision);
        return {};
    case Qt::AccessibleTextRole:
        if (index.column() == RankColumn)
            return rankDescription(e->rank());
        if (index.column() == DecisionColumn)
            return decisionDescription(e->decision);
        break;
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case IdColumn:
        return e->id;
    case SegmentColumn:
        return e->segment > 0 ? QVariant(e->segment) : QVariant(QStringLiteral("?"));
    case RankColumn:
        return GutterMark::glyph(gutterRank(e->rank()));
    case DecisionColumn:
        return GutterMark::glyph(gutterDecision(e->decision));
    case SentenceColumn:
        return e->sentence();
    default:
        return {};
    }
}

QVariant EntryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Entry");
    case SegmentColumn:
        return tr("Segment");
    case RankColumn:
        return tr("Rank");
    case DecisionColumn:
        return tr("Decision");
    case SentenceColumn:
        return tr("Sentence");
    default:
        return {};
    }
}

QHash<int, QByteArray> EntryModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(EntryIdRole, "entryId");
    names.insert(RankRole, "rank");
    names.insert(DecisionRole, "decision");
    return names;
}

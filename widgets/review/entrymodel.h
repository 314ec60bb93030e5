// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "common/guttermark.h"
#include "proposal/proposal.h"

#include <QAbstractTableModel>

/// The entries of a proposal as rows (formalize.md §9), in document order: id, segment, rank,
/// decision and the sentence Apply would write. The model owns the proposal the reviewer
/// works on; every decision goes through it so that views see each change.
class EntryModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EntryModel)

public:
    enum Column { IdColumn, SegmentColumn, RankColumn, DecisionColumn, SentenceColumn, ColumnCount };
    enum Role { EntryIdRole = Qt::UserRole + 1, RankRole, DecisionRole };

    explicit EntryModel(QObject *parent = nullptr);
    ~EntryModel() override;

    [[nodiscard]] const fanva::proposal::Proposal &proposal() const { return m_proposal; }
    /// Replaces the proposal (resets the model).
    void setProposal(fanva::proposal::Proposal proposal);
    /// Replaces the proposal's entries and applies after Apply, Undo Apply or Re-diff, keeping
    /// the rows when the set of entries did not change.
    void updateProposal(const fanva::proposal::Proposal &proposal);

    /// The entry at @p row (nullptr out of range) and the row of an entry id (-1 if none).
    [[nodiscard]] const fanva::proposal::Entry *entryAt(int row) const;
    [[nodiscard]] int rowOf(const QString &id) const;

    /// Replaces one entry as a whole (what undoing a decision restores).
    void setEntry(const fanva::proposal::Entry &entry);
    /// Runs @p change on the proposal for entry @p id and announces the row if it changed.
    /// Returns what @p change returned.
    bool change(const QString &id, const std::function<bool(fanva::proposal::Proposal &)> &change);

    [[nodiscard]] static GutterMark::Rank gutterRank(fanva::formalize::Rank rank);
    [[nodiscard]] static GutterMark::Decision gutterDecision(fanva::formalize::Decision decision);
    /// The tooltip text of a rank and of a decision.
    [[nodiscard]] static QString rankDescription(fanva::formalize::Rank rank);
    [[nodiscard]] static QString decisionDescription(fanva::formalize::Decision decision);

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    /// Some entry changed (a decision, an edit, Apply); the diff needs redrawing.
    void entriesChanged();

private:
    void rebuildOrder();

    fanva::proposal::Proposal m_proposal;
    QStringList m_order; ///< entry ids, document order
};

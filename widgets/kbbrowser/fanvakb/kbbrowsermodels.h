// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/knowledgebase.h"

#include <QAbstractItemModel>
#include <QAbstractTableModel>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

/// The contexts of a KB as a tree following genlCx (kb-language.md §1): a context is a child
/// of every context it names with (genlCx Context Parent), so one with several parents
/// appears under each. Contexts without a parent in the KB are top-level rows; contexts
/// reachable only through a genlCx cycle are top-level rows too, and a cycle is cut where it
/// would repeat a context already on the path. Rows are in name order.
class KbContextModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbContextModel)

public:
    enum Column { NameColumn, SentencesColumn, ColumnCount };
    enum Role { ContextNameRole = Qt::UserRole + 1 };

    explicit KbContextModel(QObject *parent = nullptr);
    ~KbContextModel() override;

    /// Shows the contexts of @p kb (none when null); resets the model.
    void setKnowledgeBase(std::shared_ptr<const fanva::kb::KnowledgeBase> kb);
    /// Every row showing @p context, in tree order.
    [[nodiscard]] QModelIndexList indexesOf(const QString &context) const;

    [[nodiscard]] QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    [[nodiscard]] QModelIndex parent(const QModelIndex &child) const override;
    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node {
        fanva::kb::SymbolId context = fanva::kb::noSymbol;
        int parent = -1; ///< node index, -1 for a top-level row
        int row = 0;
        std::vector<int> children;
    };
    int addNode(fanva::kb::SymbolId context, int parent);
    [[nodiscard]] const std::vector<int> &childrenOf(const QModelIndex &parent) const;

    std::shared_ptr<const fanva::kb::KnowledgeBase> m_kb;
    std::vector<Node> m_nodes;
    std::vector<int> m_topLevel;
};

/// The symbols the sentences of one context use (at any depth), one row each in name order,
/// with the naming role the KB gives each as seen from that context (findTerm()).
class KbTermModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbTermModel)

public:
    enum Column { TermColumn, RoleColumn, ColumnCount };
    enum Role { TermNameRole = Qt::UserRole + 1 };

    struct Row {
        QString name;
        QString role;
    };
    /// Told how many of a context's symbols have been looked up so far, of how many; returns
    /// false to stop.
    using Progress = std::function<bool(std::size_t done, std::size_t total)>;

    explicit KbTermModel(QObject *parent = nullptr);
    ~KbTermModel() override;

    /// The rows setContext() shows for @p context in @p kb (none when the KB lacks it), or
    /// nullopt when @p progress stopped it. Costs a findTerm() per symbol the context uses
    /// (tens of thousands in a large KB): callable from any thread.
    [[nodiscard]] static std::optional<std::vector<Row>> rowsOf(
        const fanva::kb::KnowledgeBase &kb, fanva::kb::SymbolId context, const Progress &progress = {});
    /// Shows @p rows, made by rowsOf(); resets the model.
    void setRows(std::vector<Row> rows);
    /// Shows the terms of @p context in @p kb (none when either is missing); resets the model.
    void setContext(std::shared_ptr<const fanva::kb::KnowledgeBase> kb, fanva::kb::SymbolId context);
    /// The row of @p term, -1 if the context does not use it.
    [[nodiscard]] int rowOf(const QString &term) const;

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Row> m_rows;
};

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kbbrowser/fanvakb/kbbrowsermodels.h"

#include "kb/roles.h"

#include <QDir>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

using namespace fanva;

namespace {

void collectSymbols(kb::Term term, std::vector<kb::SymbolId> &out, int depth = 0)
{
    if (term.isSymbol()) {
        out.push_back(term.symbol());
        return;
    }
    if (!term.isCompound() || depth >= kb::maxDepth)
        return;
    for (std::uint32_t i = 0; i < term.size(); ++i)
        collectSymbols(term.at(i), out, depth + 1);
}

} // namespace

KbContextModel::KbContextModel(QObject *parent)
    : QAbstractItemModel(parent)
{ }

KbContextModel::~KbContextModel() = default;

int KbContextModel::addNode(kb::SymbolId context, int parent)
{
    const int node = int(m_nodes.size());
    m_nodes.push_back({ context, parent, 0, {} });
    // After the push_back: it may move the parent's children vector.
    auto &siblings = parent < 0 ? m_topLevel : m_nodes[std::size_t(parent)].children;
    m_nodes.back().row = int(siblings.size());
    siblings.push_back(node);
    return node;
}

void KbContextModel::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    beginResetModel();
    m_kb = std::move(kb);
    m_nodes.clear();
    m_topLevel.clear();
    if (m_kb) {
        const std::vector<kb::SymbolId> contexts = m_kb->contexts();
        // Children per context in name order: contexts() is in name order.
        std::unordered_map<kb::SymbolId, std::vector<kb::SymbolId>> children;
        std::vector<kb::SymbolId> parentless;
        for (const kb::SymbolId context : contexts) {
            bool hasParent = false;
            const std::optional<kb::ContextInfo> info = m_kb->contextInfo(context);
            for (const kb::SymbolId parent : info->parents) {
                if (parent != context && m_kb->hasContext(parent)) {
                    children[parent].push_back(context);
                    hasParent = true;
                }
            }
            if (!hasParent)
                parentless.push_back(context);
        }
        std::set<kb::SymbolId> shown;
        std::vector<kb::SymbolId> path;
        const auto expand = [&](const auto &self, kb::SymbolId context, int parentNode) -> void {
            const int node = addNode(context, parentNode);
            shown.insert(context);
            path.push_back(context);
            if (const auto it = children.find(context); it != children.end()) {
                for (const kb::SymbolId child : it->second) {
                    if (std::find(path.begin(), path.end(), child) == path.end())
                        self(self, child, node);
                }
            }
            path.pop_back();
        };
        for (const kb::SymbolId context : parentless)
            expand(expand, context, -1);
        for (const kb::SymbolId context : contexts) {
            if (!shown.contains(context))
                expand(expand, context, -1);
        }
    }
    endResetModel();
}

QModelIndexList KbContextModel::indexesOf(const QString &context) const
{
    QModelIndexList indexes;
    const auto visit = [&](const auto &self, const std::vector<int> &nodes) -> void {
        for (const int node : nodes) {
            const Node &n = m_nodes[std::size_t(node)];
            if (kb::symbolString(n.context) == context)
                indexes.append(createIndex(n.row, NameColumn, quintptr(node)));
            self(self, n.children);
        }
    };
    visit(visit, m_topLevel);
    return indexes;
}

const std::vector<int> &KbContextModel::childrenOf(const QModelIndex &parent) const
{
    return parent.isValid() ? m_nodes[std::size_t(parent.internalId())].children : m_topLevel;
}

QModelIndex KbContextModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, quintptr(childrenOf(parent)[std::size_t(row)]));
}

QModelIndex KbContextModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const int parentNode = m_nodes[std::size_t(child.internalId())].parent;
    if (parentNode < 0)
        return {};
    return createIndex(m_nodes[std::size_t(parentNode)].row, NameColumn, quintptr(parentNode));
}

int KbContextModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != NameColumn)
        return 0;
    return int(childrenOf(parent).size());
}

int KbContextModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant KbContextModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node &node = m_nodes[std::size_t(index.internalId())];
    const std::optional<kb::ContextInfo> info = m_kb->contextInfo(node.context);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == SentencesColumn)
            return info ? int(info->sentenceCount) : 0;
        return kb::symbolString(node.context);
    case ContextNameRole:
        return kb::symbolString(node.context);
    case Qt::ToolTipRole:
        return info ? tr("%1: %n sentences in %2", nullptr, int(info->sentenceCount))
                          .arg(kb::symbolString(node.context), QDir::toNativeSeparators(info->file))
                    : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == SentencesColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant KbContextModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Context") : tr("Sentences");
}

KbTermModel::KbTermModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

KbTermModel::~KbTermModel() = default;

std::optional<std::vector<KbTermModel::Row>> KbTermModel::rowsOf(
    const kb::KnowledgeBase &kb, kb::SymbolId context, const Progress &progress)
{
    std::vector<Row> rows;
    if (context == kb::noSymbol || !kb.hasContext(context))
        return rows;
    // A context of a large KB holds tens of thousands of symbols: collect them in a
    // vector, name each role once, and sort on case-folded names made once per row
    // (symbols are ASCII, where that is the order of a case-insensitive compare).
    std::vector<kb::SymbolId> symbols;
    for (const kb::SentenceId id : kb.sentencesIn(context))
        collectSymbols(kb.sentence(id).term, symbols);
    std::sort(symbols.begin(), symbols.end());
    symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
    const kb::Scope scope { context, kb::noKey };
    std::map<kb::Role, QString> roleNames;
    std::vector<std::pair<QString, Row>> keyed;
    keyed.reserve(symbols.size());
    // Progress is told (and may stop the work) every so many symbols: often enough for a bar
    // to move, seldom enough to cost nothing.
    constexpr std::size_t progressStep = 2048;
    for (std::size_t i = 0; i < symbols.size(); ++i) {
        if (progress && i % progressStep == 0 && !progress(i, symbols.size()))
            return std::nullopt;
        const kb::SymbolId symbol = symbols[i];
        const kb::Role role = kb.findTerm(symbol, scope).role;
        auto it = roleNames.find(role);
        if (it == roleNames.end())
            it = roleNames.emplace(role, QString(kb::roleName(role))).first;
        QString name = kb::symbolString(symbol);
        QString folded = name.toCaseFolded();
        keyed.push_back({ std::move(folded), Row { std::move(name), it->second } });
    }
    std::sort(keyed.begin(), keyed.end(),
        [](const auto &a, const auto &b) { return a.first != b.first ? a.first < b.first : a.second.name < b.second.name; });
    rows.reserve(keyed.size());
    for (auto &entry : keyed)
        rows.push_back(std::move(entry.second));
    if (progress)
        progress(symbols.size(), symbols.size());
    return rows;
}

void KbTermModel::setRows(std::vector<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void KbTermModel::setContext(std::shared_ptr<const kb::KnowledgeBase> kb, kb::SymbolId context)
{
    setRows(kb ? *rowsOf(*kb, context) : std::vector<Row>());
}

int KbTermModel::rowOf(const QString &term) const
{
    const auto it = std::find_if(m_rows.begin(), m_rows.end(), [&term](const Row &row) { return row.name == term; });
    return it == m_rows.end() ? -1 : int(it - m_rows.begin());
}

int KbTermModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KbTermModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KbTermModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == TermColumn ? row.name : row.role;
    case TermNameRole:
        return row.name;
    case Qt::ToolTipRole:
        return tr("%1 (%2)").arg(row.name, row.role);
    default:
        return {};
    }
}

QVariant KbTermModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == TermColumn ? tr("Term") : tr("Role");
}

#pragma once

#include <QAbstractTableModel>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

/// The attempt log of a running formalization (formalize.md §5.4) as a table: one row per
/// call (draft, repair, judge), with its kind, the candidates it brought and how many the
/// gates admitted, its tokens and its time. Fed with the session's events as they come.
class AttemptLogModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttemptLogModel)

public:
    enum Column { AttemptColumn, KindColumn, CandidatesColumn, AdmittedColumn, TokensColumn, SecondsColumn, ColumnCount };
    enum Role {
        ReplyTextRole = Qt::UserRole + 1, ///< the reply text of the row's call
        GateChipsRole, ///< QStringList: one "c3 ✓" / "c4 ✗ critic" chip per candidate
    };

    explicit AttemptLogModel(QObject *parent = nullptr);
    ~AttemptLogModel() override;

    /// Adds one session event (formalize::Session::eventAdded).
    void addEvent(const nlohmann::json &event);
    void clear();

    /// The outcome line once the session finished ("" before).
    [[nodiscard]] QString outcomeText() const { return m_outcome; }

    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void outcomeChanged(const QString &text);

private:
    struct Row {
        int attempt = 0;
        QString kind;
        std::optional<int> candidates;
        int admitted = 0;
        int gated = 0;
        std::optional<qint64> tokensIn, tokensOut, tokensCached;
        std::optional<qint64> ms;
        QString status; ///< unreadable, truncated, refusal, …
        QString text;
        QStringList chips;
    };
    void rowChanged(int row);

    std::vector<Row> m_rows;
    QString m_outcome;
};

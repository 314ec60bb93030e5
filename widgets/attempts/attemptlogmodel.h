// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QAbstractItemModel>
#include <QList>

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <vector>

/// One gate's answer on a candidate as the attempt log draws it: a small chip such as
/// `critic ✗` whose tooltip is the gate's message.
struct AttemptChip {
    enum class State : quint8 { Passed, Failed, Doubted, NotRun };

    QString name; ///< "parse", "critic", "round-trip" or "judge"
    State state = State::NotRun;
    QString message; ///< what the gate said: problems, the judge's note, why it did not run

    /// ✓ ✗ ? or ·
    [[nodiscard]] static QString glyph(State state);

    friend bool operator==(const AttemptChip &, const AttemptChip &) = default;
};

/// The attempt log of a running formalization (formalize.md §5.4) as a tree, fed with the
/// session's events as they come. Top-level rows are calls: the formalize attempts (draft,
/// repair, unreadable-repair, judge-repair) with their kind, the candidates they brought, how
/// many the gates admitted, tokens and time, and the judge's calls (one per round and batch).
/// Their children are the candidates an attempt brought, each with its gate chips (parse,
/// critic, round-trip, then the judge's verdict once it came), or the verdicts a judge call
/// gave (verdict and note). Formalizing again adds a "merged" row whose children say which new
/// entry matched which kept one and what became of the others (formalize.md §9.5).
class AttemptLogModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttemptLogModel)

public:
    enum Column { AttemptColumn, KindColumn, CandidatesColumn, AdmittedColumn, TokensColumn, SecondsColumn, ColumnCount };
    enum Role {
        ReplyTextRole = Qt::UserRole + 1, ///< call rows: the reply text of the call
        GateChipsRole, ///< call rows: QStringList, one "c3 ✓" / "c4 ✗ critic" summary per candidate
        ThinkingTextRole, ///< call rows: the model's thinking, apart from the reply
        ChipsRole, ///< child rows: QList<AttemptChip>
        DetailRole, ///< child rows: the state and first problem, or the judge's note
        RowTypeRole, ///< RowType
        InFlightRole, ///< call rows: bool, the call has not reported its end yet
    };
    enum class RowType { Attempt, Judge, Candidate, Verdict, Merge, MergeLine };
    Q_ENUM(RowType)

    explicit AttemptLogModel(QObject *parent = nullptr);
    ~AttemptLogModel() override;

    /// Adds one session event (formalize::Session::eventAdded).
    void addEvent(const nlohmann::json &event);
    void clear();

    /// The outcome banner's text once the session finished ("" before): the §5.5 outcome,
    /// its stop reason, what it means, the entry counts, coverage and the judge's verdicts.
    [[nodiscard]] QString outcomeText() const { return m_outcome; }
    /// The §5.5 outcome name once the session finished ("" before).
    [[nodiscard]] QString outcome() const { return m_outcomeName; }

    /// A §5.5 outcome name (success, too-large, …) in the window's language.
    [[nodiscard]] static QString outcomeWord(const QString &outcome);
    /// An attempt kind (draft, repair, unreadable-repair, judge-repair, judge) in the window's language.
    [[nodiscard]] static QString attemptKindText(const QString &kind);
    /// "literals: 31 (27 reused, 4 coined)" from the outcome's `vocabulary`.
    [[nodiscard]] static QString vocabularyText(const nlohmann::json &vocabulary);

    [[nodiscard]] QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    [[nodiscard]] QModelIndex parent(const QModelIndex &child) const override;
    [[nodiscard]] int rowCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex &parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void outcomeChanged(const QString &text);

private:
    struct Child {
        RowType type = RowType::Candidate;
        QString candidate;
        int segment = 0;
        QString state;
        QString detail;
        QList<AttemptChip> chips;
    };
    struct Row {
        RowType type = RowType::Attempt;
        int attempt = 0;
        QString kind;
        int round = 0;
        int batch = 0;
        std::optional<int> candidates;
        int admitted = 0;
        int gated = 0;
        std::optional<qint64> tokensIn, tokensOut, tokensCached;
        std::optional<qint64> ms;
        std::optional<qint64> startedAt; ///< the event clock (`t`) when the call began
        bool inFlight = true;
        QString status; ///< unreadable, truncated, refusal, …
        QStringList notices; ///< the provider's notices of the call (retries, cache, truncation check)
        QString text;
        QString thinking;
        QStringList chips;
        std::vector<Child> children;
    };
    enum class Phase { None, Formalize, Judge };

    int appendRow(Row row);
    void appendChild(int row, Child child);
    void rowChanged(int row);
    void childChanged(int row, int child);
    [[nodiscard]] int rowOfAttempt(int attempt) const;
    int openJudgeRow();
    void finishJudgeCall(int row, const nlohmann::json &event);
    void addGateResult(const nlohmann::json &event);
    void addVerdicts(const nlohmann::json &event);
    void addJudgeFailure(const nlohmann::json &event);
    void setJudgeChip(const QString &candidate, AttemptChip chip);
    void finish(const nlohmann::json &event);
    /// The `merged` event of formalizing again (formalize.md §9.5): a row with a line per entry.
    void addMerge(const nlohmann::json &event);
    [[nodiscard]] QVariant rowData(const Row &r, int column, int role) const;
    [[nodiscard]] QVariant childData(const Child &c, int column, int role) const;

    std::vector<Row> m_rows;
    Phase m_phase = Phase::None;
    bool m_judgeCallOpen = false;
    int m_judgeRound = 0;
    int m_judgeBatch = 0;
    qint64 m_lastJudgeMark = 0;
    std::map<QString, std::pair<int, int>> m_candidates; ///< id → (row, child) of its gate result
    int m_agree = 0, m_disagree = 0, m_unsure = 0, m_judgeFailed = 0;
    QString m_outcome;
    QString m_outcomeName;
};

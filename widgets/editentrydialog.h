#pragma once

#include "check/problem.h"

#include <QDialog>

#include <functional>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTimer;

/// The reviewer's edit of one entry (formalize.md §9 `e`): a line editor whose text the
/// local gates check 300 ms after the last keystroke, with the problems listed under it.
class EditEntryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EditEntryDialog)

public:
    using Gate = std::function<std::vector<fanva::check::Problem>(const QString &sentence)>;

    EditEntryDialog(const QString &entryId, const QString &sentence, Gate gate, QWidget *parent = nullptr);
    ~EditEntryDialog() override;

    /// How long the gates wait after the last keystroke.
    static constexpr int gateDelayMs = 300;

    [[nodiscard]] QString sentence() const;
    /// The problems of the text as last gated.
    [[nodiscard]] const std::vector<fanva::check::Problem> &problems() const { return m_problems; }
    /// The text shown under the editor.
    [[nodiscard]] QString problemsText() const;
    [[nodiscard]] QLineEdit *editor() const { return m_editor; }

Q_SIGNALS:
    /// The gates ran on the current text.
    void gated();

private:
    void runGates();

    Gate m_gate;
    QLineEdit *m_editor = nullptr;
    QLabel *m_problemsLabel = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QTimer *m_timer = nullptr;
    std::vector<fanva::check::Problem> m_problems;
};

#pragma once

#include <QTreeView>

/// The live attempt log of a formalization (formalize.md §5.4). Until a session feeds it a
/// model it shows a placeholder line saying why it is empty.
class AttemptLogView final : public QTreeView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttemptLogView)

public:
    explicit AttemptLogView(QWidget *parent = nullptr);
    ~AttemptLogView() override;

    [[nodiscard]] QString placeholderText() const { return m_placeholderText; }
    void setPlaceholderText(const QString &text);

    /// Whether the view has no rows to show (the placeholder is painted then).
    [[nodiscard]] bool isEmpty() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_placeholderText;
};

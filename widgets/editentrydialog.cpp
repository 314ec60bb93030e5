#include "editentrydialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QVBoxLayout>

EditEntryDialog::EditEntryDialog(const QString &entryId, const QString &sentence, Gate gate, QWidget *parent)
    : QDialog(parent)
    , m_gate(std::move(gate))
    , m_editor(new QLineEdit(sentence, this))
    , m_problemsLabel(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
    , m_timer(new QTimer(this))
{
    setWindowTitle(tr("Edit %1").arg(entryId));
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setAccessibleName(tr("Sentence"));
    m_editor->setMinimumWidth(m_editor->fontMetrics().averageCharWidth() * 70);
    m_problemsLabel->setWordWrap(true);
    m_problemsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemsLabel->setAccessibleName(tr("Problems of the edited sentence"));

    auto *caption = new QLabel(tr("&Sentence:"), this);
    caption->setBuddy(m_editor);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(caption);
    layout->addWidget(m_editor);
    layout->addWidget(m_problemsLabel);
    layout->addWidget(m_buttons);

    m_timer->setSingleShot(true);
    m_timer->setInterval(gateDelayMs);
    connect(m_timer, &QTimer::timeout, this, &EditEntryDialog::runGates);
    connect(m_editor, &QLineEdit::textChanged, m_timer, qOverload<>(&QTimer::start));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    runGates();
}

EditEntryDialog::~EditEntryDialog() = default;

QString EditEntryDialog::sentence() const
{
    return m_editor->text().trimmed();
}

QString EditEntryDialog::problemsText() const
{
    return m_problemsLabel->text();
}

void EditEntryDialog::runGates()
{
    m_problems = m_gate ? m_gate(sentence()) : std::vector<fanva::check::Problem> {};
    if (m_problems.empty()) {
        m_problemsLabel->setText(tr("The gates find no problem."));
    } else {
        QStringList lines;
        for (const fanva::check::Problem &p : m_problems)
            lines.append(tr("%1 — %2").arg(p.type, p.message));
        m_problemsLabel->setText(lines.join(QLatin1Char('\n')));
    }
    Q_EMIT gated();
}

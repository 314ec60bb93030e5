// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/newcontextdialog.h"

#include "kb/roles.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

/// "birds of prey" → "CxBirdsOfPrey": a name the reader accepts, offered in the message.
QString suggestionFor(const QString &name)
{
    QString out;
    bool upper = true;
    for (const QChar c : name) {
        if (!c.isLetterOrNumber() || c.unicode() > 127) {
            upper = true;
            continue;
        }
        out += upper ? c.toUpper() : c;
        upper = false;
    }
    if (out.startsWith(QLatin1StringView("cx"), Qt::CaseInsensitive))
        out = out.mid(2);
    if (out.isEmpty() || !out.at(0).isLetter())
        return QStringLiteral("CxBirds");
    out[0] = out.at(0).toUpper();
    return QStringLiteral("Cx") + out;
}

} // namespace

NewContextDialog::NewContextDialog(const QStringList &existing, const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_existing(existing)
{
    setObjectName(QStringLiteral("newContextDialog"));
    setWindowTitle(tr("New Context"));
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("newContextName"));
    m_name->setPlaceholderText(tr("e.g. CxBirds"));
    m_name->setAccessibleName(tr("Name of the new context"));
    m_sees = new QListWidget;
    m_sees->setObjectName(QStringLiteral("newContextSees"));
    m_sees->setAccessibleName(tr("Contexts the new context sees"));
    m_sees->setToolTip(tr("Its sentences may use what these contexts say (genlCx); Space checks one"));
    QStringList contexts = existing;
    contexts.sort();
    contexts.removeDuplicates();
    for (const QString &context : std::as_const(contexts)) {
        auto *item = new QListWidgetItem(context, m_sees);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(context == current ? Qt::Checked : Qt::Unchecked);
        if (context == current)
            m_sees->setCurrentItem(item);
    }
    if (!m_sees->currentItem() && m_sees->count() > 0)
        m_sees->setCurrentRow(0);
    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("newContextProblem"));
    m_problem->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Create"));
    m_buttons->button(QDialogButtonBox::Ok)->setDefault(true); // Return creates, once the name and the list are right

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Sees:"), m_sees);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A new context for the formalized sentences. Apply creates its file in the KB folder."));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_name, &QLineEdit::textChanged, this, &NewContextDialog::validate);
    connect(m_sees, &QListWidget::itemChanged, this, &NewContextDialog::validate);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    validate();
}

NewContextDialog::~NewContextDialog() = default;

QString NewContextDialog::name() const
{
    return m_name->text().trimmed();
}

QStringList NewContextDialog::sees() const
{
    QStringList out;
    for (int i = 0; i < m_sees->count(); ++i) {
        if (m_sees->item(i)->checkState() == Qt::Checked)
            out.append(m_sees->item(i)->text());
    }
    return out;
}

QString NewContextDialog::problemWith(const QString &name, const QStringList &existing)
{
    if (name.isEmpty())
        return tr("Name the context, e.g. CxBirds.");
    const QByteArray utf8 = name.toUtf8();
    if (name.contains(QLatin1Char('/')) || !fanva::kb::isContextName(std::string_view(utf8.constData(), std::size_t(utf8.size()))))
        return tr("%1 is not a context name: write Cx followed by CapitalCamelCase, e.g. %2.").arg(name, suggestionFor(name));
    for (const QString &context : existing) {
        // Case apart is still one file on some file systems.
        if (context.compare(name, Qt::CaseInsensitive) == 0)
            return tr("The KB already has the context %1; choose it in the context list instead.").arg(context);
    }
    return {};
}

void NewContextDialog::validate()
{
    QString problem = problemWith(name(), m_existing);
    if (problem.isEmpty() && sees().isEmpty())
        problem = tr("Check at least one context it sees.");
    // Nothing typed yet is no error: the hint waits in the field.
    m_problem->setText(name().isEmpty() ? QString() : problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

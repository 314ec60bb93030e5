// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kbbrowser/termpage.h"

#include "lang/language.h"

#include <QDir>
#include <QStringList>

namespace {

QString termSection(const QString &title, const QString &body)
{
    return QStringLiteral("<p><b>%1</b> %2</p>").arg(title.toHtmlEscaped(), body);
}

QString termPageLink(const QString &word)
{
    return QStringLiteral("<a href=\"%1:%2\">%3</a>").arg(TermPage::termScheme, word.toHtmlEscaped(), word.toHtmlEscaped());
}

QString termPlaceText(const fanva::lang::KbPlace &place)
{
    return QStringLiteral("%1:%2: %3").arg(QDir::toNativeSeparators(place.file)).arg(place.line).arg(place.text);
}

} // namespace

QString TermPage::html(const fanva::lang::TermDescription &term)
{
    QString html = QStringLiteral("<h3>%1</h3>").arg(term.term.toHtmlEscaped());
    if (term.role == fanva::lang::TermRole::None) {
        html += termSection(tr("Role:"), tr("not known to the KB or its language").toHtmlEscaped());
        QStringList near;
        for (const QString &word : term.suggestions)
            near.append(termPageLink(word));
        if (!near.isEmpty())
            html += termSection(tr("Did you mean:"), near.join(QStringLiteral(", ")));
        return html;
    }
    html += termSection(tr("Role:"),
        (term.used ? tr("%1, used in the KB") : tr("%1, not used in the KB"))
            .arg(QString(fanva::lang::roleName(term.role)))
            .toHtmlEscaped());
    if (term.arity) {
        const QString places = term.places.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(term.places.join(QStringLiteral(", ")));
        html += termSection(tr("Places:"), QString(QString::number(*term.arity) + places).toHtmlEscaped());
    }
    if (!term.reading.isEmpty())
        html += termSection(tr("Reads:"), term.reading.toHtmlEscaped());
    if (!term.gloss.isEmpty())
        html += termSection(tr("Gloss:"), term.gloss.toHtmlEscaped());
    if (!term.converseOf.isEmpty())
        html += termSection(tr("Converse of:"), termPageLink(term.converseOf));
    QStringList sources;
    for (const fanva::lang::TermDescription::Source &source : term.sources)
        sources.append(source.place.file.isEmpty() ? source.kind.toHtmlEscaped() : termPlaceText(source.place).toHtmlEscaped());
    if (!sources.isEmpty())
        html += termSection(tr("Defined in:"), sources.join(QStringLiteral("<br>")));
    QStringList uses;
    for (const fanva::lang::KbPlace &place : term.uses)
        uses.append(termPlaceText(place).toHtmlEscaped());
    if (term.useCount > int(term.uses.size()))
        uses.append(tr("… %1 more").arg(term.useCount - int(term.uses.size())).toHtmlEscaped());
    html += termSection(tr("Used by %1 statement(s):").arg(term.useCount), uses.join(QStringLiteral("<br>")));
    return html;
}

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/drafting.h"

namespace fanva::lang {

namespace {

QString counted(int n, const char *singular, const char *plural)
{
    return QStringLiteral("%1 %2").arg(n).arg(QString::fromLatin1(n == 1 ? singular : plural));
}

} // namespace

QString CoinedReport::header() const
{
    QString text = counted(literals, "literal", "literals") + QStringLiteral(" — ")
        + QStringLiteral("%1 %2 KB vocabulary, %3 coined")
              .arg(reused)
              .arg(reused == 1 ? QStringLiteral("reuses") : QStringLiteral("reuse"))
              .arg(coined);
    QStringList parts;
    if (types)
        parts << counted(types, "type", "types");
    if (properties)
        parts << counted(properties, "property", "properties");
    if (relations)
        parts << counted(relations, "relation", "relations");
    if (!parts.isEmpty())
        text += QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
    return text;
}

} // namespace fanva::lang

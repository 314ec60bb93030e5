// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/fanvakbclaimwriter.h"

#include "lang/claim.h"

#include <QStringList>

namespace fanva::lang {

namespace {

QString termText(const ClaimTerm &term)
{
    return term.kind == ClaimTerm::Kind::Variable ? QLatin1Char('?') + term.text : term.text;
}

QString list(const QString &head, const std::vector<Claim> &parts)
{
    QStringList items { head };
    for (const Claim &part : parts)
        items << FanvaKbClaimWriter::text(part);
    return QLatin1Char('(') + items.join(QLatin1Char(' ')) + QLatin1Char(')');
}

} // namespace

QString FanvaKbClaimWriter::text(const Claim &claim)
{
    switch (claim.kind) {
    case Claim::Kind::Predication: {
        QStringList items { claim.name };
        for (const ClaimTerm &term : claim.arguments)
            items << termText(term);
        return QLatin1Char('(') + items.join(QLatin1Char(' ')) + QLatin1Char(')');
    }
    case Claim::Kind::Not:
        return list(QStringLiteral("not"), claim.parts);
    case Claim::Kind::And:
        return list(QStringLiteral("and"), claim.parts);
    case Claim::Kind::Implies:
        return list(QStringLiteral("implies"), claim.parts);
    case Claim::Kind::Exists:
        return list(QStringLiteral("exists ") + termText(claim.arguments.front()), claim.parts);
    case Claim::Kind::Generalisation:
        return QStringLiteral("(genl %1 %2)").arg(claim.name, claim.broader);
    case Claim::Kind::DefaultRule:
        return list(QStringLiteral("set/defaultRule"), claim.parts);
    case Claim::Kind::Exception:
        return list(QStringLiteral("exceptWhen"), claim.parts);
    }
    return {};
}

WrittenClaim FanvaKbClaimWriter::write(const Claim &claim) const
{
    return { text(claim), {} };
}

const FanvaKbClaimWriter &fanvaKbClaimWriter()
{
    static const FanvaKbClaimWriter writer;
    return writer;
}

} // namespace fanva::lang

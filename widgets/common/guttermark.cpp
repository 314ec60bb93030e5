// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "common/guttermark.h"

QString GutterMark::glyph(Rank rank)
{
    switch (rank) {
    case Rank::None:
        return {};
    case Rank::Refused:
        return QStringLiteral("\u2717");
    case Rank::Correctable:
        return QStringLiteral("\u21C4");
    case Rank::Doubted:
        return QStringLiteral("?");
    case Rank::Coined:
        return QStringLiteral("+");
    case Rank::Clean:
        return QStringLiteral("\u00B7");
    case Rank::Known:
        return QStringLiteral("=");
    }
    return {};
}

QString GutterMark::glyph(Decision decision)
{
    switch (decision) {
    case Decision::None:
        return {};
    case Decision::Undecided:
        return QStringLiteral("\u25CB");
    case Decision::Accepted:
        return QStringLiteral("\u2713");
    case Decision::Edited:
        return QStringLiteral("\u270E");
    case Decision::Forced:
        return QStringLiteral("!");
    case Decision::Rejected:
        return QStringLiteral("\u2013");
    case Decision::Applied:
        return QStringLiteral("\u25C6");
    }
    return {};
}

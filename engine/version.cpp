// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "version.h"

namespace fanva {

QString version()
{
    return QStringLiteral(FANVA_VERSION_STRING);
}

QString applicationName()
{
    return QStringLiteral("fanva");
}

} // namespace fanva

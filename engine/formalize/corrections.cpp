// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/corrections.h"

namespace fanva::formalize {

QStringList correctionShapes(const Correction &correction, const QString &asWritten)
{
    QStringList shapes { asWritten };
    if (correction.to)
        shapes << *correction.to;
    for (const QString &alternative : correction.alternatives) {
        if (shapes.size() >= maxShapes)
            break;
        if (!shapes.contains(alternative))
            shapes << alternative;
    }
    return shapes;
}

int initialShape(const Correction &correction)
{
    return correction.to ? 2 : 1;
}

} // namespace fanva::formalize

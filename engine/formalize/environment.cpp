// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/environment.h"

#include <QUuid>

#include <memory>

namespace fanva::formalize {

Environment Environment::system()
{
    return {
        [] { return QDateTime::currentDateTimeUtc(); },
        [] { return QUuid::createUuid().toString(QUuid::WithoutBraces); },
    };
}

Environment Environment::deterministic(const QDateTime &start, int stepMs, const QString &prefix)
{
    auto clock = std::make_shared<QDateTime>(start.toUTC());
    auto counter = std::make_shared<int>(0);
    return {
        [clock, stepMs] {
            const QDateTime now = *clock;
            *clock = clock->addMSecs(stepMs);
            return now;
        },
        [counter, prefix]() -> QString { return prefix + QString::number(++*counter); },
    };
}

} // namespace fanva::formalize

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "settings/applysettings.h"

#include <QSettings>

namespace {

const QString &gitCommitsKey()
{
    static const QString key = QStringLiteral("apply/gitCommits");
    return key;
}

} // namespace

ApplySettings ApplySettings::load(const QSettings &settings)
{
    ApplySettings out;
    const QVariant value = settings.value(gitCommitsKey());
    if (value.isValid() && value.canConvert<bool>())
        out.gitCommits = value.toBool();
    return out;
}

void ApplySettings::save(QSettings &settings) const
{
    settings.setValue(gitCommitsKey(), gitCommits);
}

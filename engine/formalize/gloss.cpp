// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/gloss.h"

#include "enumnames.h"

#include <array>

namespace fanva::formalize {

QLatin1StringView glossSourceName(Gloss::Source source)
{
    static constexpr std::array names {
        EnumName { Gloss::Source::Composed, QLatin1StringView("composed") },
        EnumName { Gloss::Source::Partial, QLatin1StringView("partial") },
        EnumName { Gloss::Source::Named, QLatin1StringView("named") },
    };
    return enumName(names, source);
}

} // namespace fanva::formalize

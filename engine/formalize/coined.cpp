// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/coined.h"

#include "enumnames.h"

#include <array>

namespace fanva::formalize {

namespace {

constexpr std::array s_roles {
    EnumName { CoinedFunctor::Role::Type, QLatin1StringView("type") },
    EnumName { CoinedFunctor::Role::Property, QLatin1StringView("property") },
    EnumName { CoinedFunctor::Role::Relation, QLatin1StringView("relation") },
};

} // namespace

QLatin1StringView coinedRoleName(CoinedFunctor::Role role)
{
    return enumName(s_roles, role);
}

std::optional<CoinedFunctor::Role> coinedRoleFromName(QStringView name)
{
    return enumFromName(s_roles, name);
}

} // namespace fanva::formalize

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QLatin1StringView>
#include <QStringView>

#include <array>
#include <optional>

/// The one way Fanva names an enum: a constexpr table of (value, stable kebab-case name) pairs,
/// read both ways by the two functions below. Writing the table once keeps the name a value is
/// saved under and the name it is read back from the same.
///
///     constexpr std::array s_kinds { fanva::EnumName { Kind::Item, QLatin1StringView("item") }, ... };
///     QLatin1StringView name = fanva::enumName(s_kinds, kind);
///     std::optional<Kind> kind = fanva::enumFromName(s_kinds, text);
namespace fanva {

/// One row of a name table.
template<typename Enum> struct EnumName {
    Enum value;
    QLatin1StringView name;
};
template<typename Enum> EnumName(Enum, QLatin1StringView) -> EnumName<Enum>;

/// The name of `value` in `table`; empty when the table has no row for it.
template<typename Enum, std::size_t N>
[[nodiscard]] constexpr QLatin1StringView enumName(const std::array<EnumName<Enum>, N> &table, Enum value)
{
    for (const auto &[v, name] : table) {
        if (v == value)
            return name;
    }
    return {};
}

/// The value named `name` in `table`, or nullopt for a name it does not hold.
template<typename Enum, std::size_t N>
[[nodiscard]] std::optional<Enum> enumFromName(const std::array<EnumName<Enum>, N> &table, QStringView name)
{
    for (const auto &[v, n] : table) {
        if (name == n)
            return v;
    }
    return std::nullopt;
}

} // namespace fanva

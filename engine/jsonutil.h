// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "status.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

/// The one way Fanva reads JSON that comes from outside (a provider, a session, an autosave,
/// a journal, a script, settings): parsing never throws, and every field is read through a
/// typed reader that answers "absent" for a missing key, a non-object parent or a value of
/// another type. No accessor here can throw nlohmann::type_error, so a malformed document is
/// the caller's clear load error, never an abort.
namespace fanva::jsonutil {

using Json = nlohmann::json;

/// Parses `text` as one JSON value; when it is not, why (nlohmann's sentence, which names
/// the line and column) with the line it stopped at.
[[nodiscard]] Result<Json> parse(std::string_view text);
[[nodiscard]] Result<Json> parse(const QByteArray &text);

/// The member `key` of `j`, or nullptr when `j` is not an object or has no such member.
[[nodiscard]] const Json *member(const Json &j, std::string_view key);

/// Typed readers: the member's value when it exists and has that type, else nullopt.
[[nodiscard]] std::optional<QString> optString(const Json &j, std::string_view key);
[[nodiscard]] std::optional<std::int64_t> optInteger(const Json &j, std::string_view key);
[[nodiscard]] std::optional<double> optNumber(const Json &j, std::string_view key);
[[nodiscard]] std::optional<bool> optBool(const Json &j, std::string_view key);

/// The same with a fallback for absent or mistyped members.
[[nodiscard]] QString string(const Json &j, std::string_view key, const QString &fallback = {});
[[nodiscard]] std::int64_t integer(const Json &j, std::string_view key, std::int64_t fallback = 0);
[[nodiscard]] double number(const Json &j, std::string_view key, double fallback = 0.0);
[[nodiscard]] bool boolean(const Json &j, std::string_view key, bool fallback = false);

/// The member as an object or an array, or nullptr when it is absent or of another type.
[[nodiscard]] const Json *object(const Json &j, std::string_view key);
[[nodiscard]] const Json *array(const Json &j, std::string_view key);

/// A JSON string value as a QString, or nullopt when `j` is not a string.
[[nodiscard]] std::optional<QString> asString(const Json &j);

} // namespace fanva::jsonutil

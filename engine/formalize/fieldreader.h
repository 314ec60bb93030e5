// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace fanva::formalize {

/// Reads the members of one JSON object that came from outside (a session file, an autosave)
/// strictly and without throwing: an absent or null member gives the fallback; a member of
/// another type gives the fallback too and records the first such error, naming where it is
/// ("entries[2].segment: expected an integer, found a string"). Readers made by at() share
/// the error, so one message says what is wrong anywhere in the document.
class FieldReader final
{
public:
    /// `path` names `object` in messages ("" for the document itself); `error` collects the first error.
    FieldReader(const nlohmann::json &object, QString path, QString *error);

    [[nodiscard]] QString string(std::string_view key, const QString &fallback = {}) const;
    [[nodiscard]] std::optional<QString> optString(std::string_view key) const;
    [[nodiscard]] std::optional<std::int64_t> optInteger(std::string_view key) const;
    /// An integer within int's range; one outside it is an error.
    [[nodiscard]] int integer(std::string_view key, int fallback = 0) const;
    [[nodiscard]] bool boolean(std::string_view key, bool fallback = false) const;
    /// The member when it is an array (an object); nullptr when absent, null or (an error) of another type.
    [[nodiscard]] const nlohmann::json *array(std::string_view key) const;
    [[nodiscard]] const nlohmann::json *object(std::string_view key) const;
    /// A reader for `value`, found at `key`, or at index `index` of the array at `key`.
    [[nodiscard]] FieldReader at(const nlohmann::json &value, std::string_view key, std::optional<std::size_t> index = {}) const;

    /// The path of a member, for messages: "entries[2].segment".
    [[nodiscard]] QString pathOf(std::string_view key, std::optional<std::size_t> index = {}) const;
    /// Records `message` (prefixed with the path of `key`) unless an error is already recorded.
    void fail(std::string_view key, const QString &message) const;
    /// True while no error is recorded.
    [[nodiscard]] bool ok() const { return !m_error || m_error->isEmpty(); }

private:
    const nlohmann::json *typed(std::string_view key, nlohmann::json::value_t type, const char *expected) const;

    const nlohmann::json &m_object;
    QString m_path;
    QString *m_error;
};

/// "a string", "an integer", … for messages about a JSON value of the wrong type.
[[nodiscard]] QString jsonTypeName(const nlohmann::json &value);

} // namespace fanva::formalize

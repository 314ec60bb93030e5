// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "jsonutil.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fanva::llm {

/// Reads the fields of one JSON document from outside (a provider's line or event, a script)
/// through engine/jsonutil.h, so that nothing can throw. An absent field reads as nullopt; so
/// does a field present with another type, which is also remembered: the document is then
/// one Fanva cannot read, and problem() names the first such field. `null` is a wrong type
/// unless the field is read with Null::Absent (where the vendor's protocol sends null).
class ReplyFields final
{
public:
    using Json = jsonutil::Json;
    enum class Null { Wrong, Absent };

    [[nodiscard]] std::optional<std::string> string(const Json &j, std::string_view key, Null null = Null::Wrong);
    [[nodiscard]] std::optional<std::int64_t> integer(const Json &j, std::string_view key, Null null = Null::Wrong);
    [[nodiscard]] std::optional<bool> boolean(const Json &j, std::string_view key, Null null = Null::Wrong);
    /// The member as an object (or an array); nullptr when absent or of another type.
    [[nodiscard]] const Json *object(const Json &j, std::string_view key, Null null = Null::Wrong);
    [[nodiscard]] const Json *array(const Json &j, std::string_view key, Null null = Null::Wrong);

    /// Records a problem found by the caller (e.g. an array item of the wrong type).
    void wrong(std::string_view key, const char *expected);

    [[nodiscard]] bool ok() const { return m_problem.isEmpty(); }
    /// E.g. `"done" is not a boolean`; empty while every field read had its type.
    [[nodiscard]] const QString &problem() const { return m_problem; }

private:
    /// The member, or nullptr when absent (or null and allowed to be).
    [[nodiscard]] const Json *present(const Json &j, std::string_view key, Null null) const;

    QString m_problem;
};

} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/replyfields.h"

namespace fanva::llm {

const ReplyFields::Json *ReplyFields::present(const Json &j, std::string_view key, Null null) const
{
    const Json *m = jsonutil::member(j, key);
    if (!m || (m->is_null() && null == Null::Absent))
        return nullptr;
    return m;
}

void ReplyFields::wrong(std::string_view key, const char *expected)
{
    if (m_problem.isEmpty())
        m_problem
            = QStringLiteral("\"%1\" is not %2").arg(QString::fromUtf8(key.data(), qsizetype(key.size())), QLatin1StringView(expected));
}

std::optional<std::string> ReplyFields::string(const Json &j, std::string_view key, Null null)
{
    if (!present(j, key, null))
        return std::nullopt;
    const std::optional<QString> value = jsonutil::optString(j, key);
    if (!value)
        wrong(key, "a string");
    return value ? std::optional(value->toStdString()) : std::nullopt;
}

std::optional<std::int64_t> ReplyFields::integer(const Json &j, std::string_view key, Null null)
{
    if (!present(j, key, null))
        return std::nullopt;
    const std::optional<std::int64_t> value = jsonutil::optInteger(j, key);
    if (!value)
        wrong(key, "an integer");
    return value;
}

std::optional<bool> ReplyFields::boolean(const Json &j, std::string_view key, Null null)
{
    if (!present(j, key, null))
        return std::nullopt;
    const std::optional<bool> value = jsonutil::optBool(j, key);
    if (!value)
        wrong(key, "a boolean");
    return value;
}

const ReplyFields::Json *ReplyFields::object(const Json &j, std::string_view key, Null null)
{
    if (!present(j, key, null))
        return nullptr;
    const Json *value = jsonutil::object(j, key);
    if (!value)
        wrong(key, "an object");
    return value;
}

const ReplyFields::Json *ReplyFields::array(const Json &j, std::string_view key, Null null)
{
    if (!present(j, key, null))
        return nullptr;
    const Json *value = jsonutil::array(j, key);
    if (!value)
        wrong(key, "an array");
    return value;
}

} // namespace fanva::llm

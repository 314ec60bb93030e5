// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/fieldreader.h"

#include "jsonutil.h"

#include <limits>

namespace fanva::formalize {

namespace {

using nlohmann::json;

QString keyString(std::string_view key)
{
    return QString::fromUtf8(key.data(), qsizetype(key.size()));
}

} // namespace

QString jsonTypeName(const json &value)
{
    switch (value.type()) {
    case json::value_t::null:
        return QStringLiteral("null");
    case json::value_t::object:
        return QStringLiteral("an object");
    case json::value_t::array:
        return QStringLiteral("an array");
    case json::value_t::string:
        return QStringLiteral("a string");
    case json::value_t::boolean:
        return QStringLiteral("a boolean");
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
        return QStringLiteral("an integer");
    case json::value_t::number_float:
        return QStringLiteral("a number with a fraction");
    case json::value_t::binary:
    case json::value_t::discarded:
        break;
    }
    return QStringLiteral("an unreadable value");
}

FieldReader::FieldReader(const json &object, QString path, QString *error)
    : m_object(object)
    , m_path(std::move(path))
    , m_error(error)
{ }

QString FieldReader::pathOf(std::string_view key, std::optional<std::size_t> index) const
{
    QString path = m_path.isEmpty() ? keyString(key) : m_path + QLatin1Char('.') + keyString(key);
    if (index)
        path += QStringLiteral("[%1]").arg(*index);
    return path;
}

void FieldReader::fail(std::string_view key, const QString &message) const
{
    if (m_error && m_error->isEmpty())
        *m_error = key.empty() ? (m_path.isEmpty() ? message : QStringLiteral("%1: %2").arg(m_path, message))
                               : QStringLiteral("%1: %2").arg(pathOf(key), message);
}

const json *FieldReader::typed(std::string_view key, json::value_t type, const char *expected) const
{
    const json *m = jsonutil::member(m_object, key);
    if (!m || m->is_null())
        return nullptr;
    const bool matches = type == json::value_t::number_integer ? (m->is_number_integer()) : m->type() == type;
    if (!matches) {
        fail(key, QStringLiteral("expected %1, found %2").arg(QLatin1StringView(expected), jsonTypeName(*m)));
        return nullptr;
    }
    return m;
}

std::optional<QString> FieldReader::optString(std::string_view key) const
{
    const json *m = typed(key, json::value_t::string, "a string");
    return m ? jsonutil::asString(*m) : std::nullopt;
}

QString FieldReader::string(std::string_view key, const QString &fallback) const
{
    return optString(key).value_or(fallback);
}

std::optional<std::int64_t> FieldReader::optInteger(std::string_view key) const
{
    if (!typed(key, json::value_t::number_integer, "an integer"))
        return std::nullopt;
    const std::optional<std::int64_t> value = jsonutil::optInteger(m_object, key);
    if (!value)
        fail(key, QStringLiteral("the integer is too large"));
    return value;
}

int FieldReader::integer(std::string_view key, int fallback) const
{
    const std::optional<std::int64_t> value = optInteger(key);
    if (!value)
        return fallback;
    if (*value < std::numeric_limits<int>::min() || *value > std::numeric_limits<int>::max()) {
        fail(key, QStringLiteral("%1 is out of range").arg(*value));
        return fallback;
    }
    return int(*value);
}

bool FieldReader::boolean(std::string_view key, bool fallback) const
{
    const json *m = typed(key, json::value_t::boolean, "true or false");
    return m ? jsonutil::optBool(m_object, key).value_or(fallback) : fallback;
}

const json *FieldReader::array(std::string_view key) const
{
    return typed(key, json::value_t::array, "an array");
}

const json *FieldReader::object(std::string_view key) const
{
    return typed(key, json::value_t::object, "an object");
}

FieldReader FieldReader::at(const json &value, std::string_view key, std::optional<std::size_t> index) const
{
    return FieldReader(value, pathOf(key, index), m_error);
}

} // namespace fanva::formalize

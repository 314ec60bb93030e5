// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "jsonutil.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fanva::jsonutil {

Result<Json> parse(std::string_view text)
{
    // allow_exceptions = false turns every syntax error into a discarded value; only then
    // does the sax pass below run, to recover the position for the message.
    Json j = Json::parse(text.begin(), text.end(), nullptr, false);
    if (!j.is_discarded())
        return j;
    struct Locator : nlohmann::json_sax<Json> {
        std::size_t offset = 0;
        std::string what;
        bool null() override { return true; }
        bool boolean(bool) override { return true; }
        bool number_integer(number_integer_t) override { return true; }
        bool number_unsigned(number_unsigned_t) override { return true; }
        bool number_float(number_float_t, const string_t &) override { return true; }
        bool string(string_t &) override { return true; }
        bool binary(binary_t &) override { return true; }
        bool start_object(std::size_t) override { return true; }
        bool key(string_t &) override { return true; }
        bool end_object() override { return true; }
        bool start_array(std::size_t) override { return true; }
        bool end_array() override { return true; }
        bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &ex) override
        {
            offset = position;
            what = ex.what();
            return false;
        }
    } locator;
    Json::sax_parse(text.begin(), text.end(), &locator, nlohmann::detail::input_format_t::json, false);
    // "[json.exception.parse_error.101] parse error at line 1, column 5: …": the sentence
    // without nlohmann's tag.
    QString message = QString::fromStdString(locator.what);
    if (message.startsWith(QLatin1Char('[')))
        message = message.mid(message.indexOf(QLatin1Char(']')) + 1).trimmed();
    const std::size_t stop = std::min(locator.offset, text.size());
    const int line = 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(stop), '\n'));
    return Error { message, {}, line };
}

Result<Json> parse(const QByteArray &text)
{
    return parse(std::string_view(text.constData(), std::size_t(text.size())));
}

const Json *member(const Json &j, std::string_view key)
{
    if (!j.is_object())
        return nullptr;
    const auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
}

std::optional<QString> asString(const Json &j)
{
    if (!j.is_string())
        return std::nullopt;
    const auto &s = j.get_ref<const std::string &>();
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

std::optional<QString> optString(const Json &j, std::string_view key)
{
    const Json *m = member(j, key);
    return m ? asString(*m) : std::nullopt;
}

std::optional<std::int64_t> optInteger(const Json &j, std::string_view key)
{
    const Json *m = member(j, key);
    if (!m)
        return std::nullopt;
    if (m->is_number_unsigned()) {
        const auto v = m->get<std::uint64_t>();
        if (v > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
        return std::int64_t(v);
    }
    if (m->is_number_integer())
        return m->get<std::int64_t>();
    return std::nullopt;
}

std::optional<double> optNumber(const Json &j, std::string_view key)
{
    const Json *m = member(j, key);
    if (!m || !m->is_number())
        return std::nullopt;
    const double v = m->get<double>();
    return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

std::optional<bool> optBool(const Json &j, std::string_view key)
{
    const Json *m = member(j, key);
    return m && m->is_boolean() ? std::optional<bool>(m->get<bool>()) : std::nullopt;
}

QString string(const Json &j, std::string_view key, const QString &fallback)
{
    return optString(j, key).value_or(fallback);
}

std::int64_t integer(const Json &j, std::string_view key, std::int64_t fallback)
{
    return optInteger(j, key).value_or(fallback);
}

double number(const Json &j, std::string_view key, double fallback)
{
    return optNumber(j, key).value_or(fallback);
}

bool boolean(const Json &j, std::string_view key, bool fallback)
{
    return optBool(j, key).value_or(fallback);
}

const Json *object(const Json &j, std::string_view key)
{
    const Json *m = member(j, key);
    return m && m->is_object() ? m : nullptr;
}

const Json *array(const Json &j, std::string_view key)
{
    const Json *m = member(j, key);
    return m && m->is_array() ? m : nullptr;
}

} // namespace fanva::jsonutil

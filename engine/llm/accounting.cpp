// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/accounting.h"

#include "jsonutil.h"
#include "status.h"

#include <QString>

#include <cmath>
#include <utility>

namespace fanva::llm {

void UsageTotal::count(Field &field, std::optional<int64_t> &sum, const std::optional<int64_t> &value)
{
    if (!value)
        return;
    field.sum += *value;
    ++field.known;
    sum = field.sum;
}

void UsageTotal::add(const Usage &usage)
{
    ++m_calls;
    count(m_input, m_sum.input, usage.input);
    count(m_output, m_sum.output, usage.output);
    count(m_cacheRead, m_sum.cacheRead, usage.cacheRead);
    count(m_cacheWrite, m_sum.cacheWrite, usage.cacheWrite);
}

bool UsageTotal::isComplete() const
{
    const auto all = [this](const Field &f) { return f.known == m_calls; };
    const auto allOrNone = [this](const Field &f) { return f.known == 0 || f.known == m_calls; };
    return all(m_input) && all(m_output) && allOrNone(m_cacheRead) && allOrNone(m_cacheWrite);
}

nlohmann::json UsageTotal::toJson() const
{
    nlohmann::json j = usageToJson(m_sum);
    j["complete"] = isComplete();
    return j;
}

namespace {

/// The price at `key` of the entry `name`, none when absent or null.
Result<std::optional<double>> priceField(const nlohmann::json &entry, const char *key, const std::string &name)
{
    const nlohmann::json *value = jsonutil::member(entry, key);
    if (!value || value->is_null())
        return std::optional<double>();
    const std::optional<double> number = jsonutil::optNumber(entry, key);
    if (!number || *number < 0)
        return Error { QStringLiteral("price file: \"%1\".%2 must be a number of currency units per million tokens, not negative")
                           .arg(QString::fromStdString(name), QLatin1String(key)) };
    return number;
}

} // namespace

Result<PriceTable> PriceTable::parse(const QByteArray &text)
{
    const nlohmann::json doc = jsonutil::parse(text).valueOr(nlohmann::json());
    if (!doc.is_object())
        return Error { QStringLiteral("price file: expected a JSON object such as {\"anthropic/MODEL\": {\"input\": 3, \"output\": 15}}") };
    PriceTable table;
    for (const auto &[name, entry] : doc.items()) {
        if (name.find('/') == std::string::npos || !entry.is_object())
            return Error {
                QStringLiteral("price file: \"%1\" must be \"provider/model\" with an object of prices").arg(QString::fromStdString(name))
            };
        Price price;
        for (const auto &[key, field] : { std::pair { "input", &price.input }, std::pair { "output", &price.output },
                 std::pair { "cache_read", &price.cacheRead }, std::pair { "cache_write", &price.cacheWrite } }) {
            Result<std::optional<double>> read = priceField(entry, key, name);
            if (!read)
                return read.error();
            *field = *read;
        }
        if (jsonutil::member(entry, "currency")) {
            const std::optional<QString> currency = jsonutil::optString(entry, "currency");
            if (!currency)
                return Error {
                    QStringLiteral("price file: \"%1\".currency must be a string such as \"USD\"").arg(QString::fromStdString(name))
                };
            price.currency = currency->toStdString();
        }
        table.m_prices[name] = price;
    }
    return table;
}

std::optional<Price> PriceTable::price(const std::string &provider, const std::string &model) const
{
    const auto it = m_prices.find(provider + '/' + model);
    if (it == m_prices.end())
        return std::nullopt;
    return it->second;
}

Cost costOf(const Usage &usage, bool usageComplete, const Price &price)
{
    Cost cost;
    cost.currency = price.currency;
    cost.complete = usageComplete && usage.input && usage.output;
    const auto add = [&cost](const std::optional<int64_t> &tokens, const std::optional<double> &perMillion) {
        if (!tokens || *tokens == 0)
            return;
        if (!perMillion) {
            cost.complete = false;
            return;
        }
        cost.amount += double(*tokens) * *perMillion / 1e6;
    };
    add(usage.input, price.input);
    add(usage.output, price.output);
    add(usage.cacheRead, price.cacheRead);
    add(usage.cacheWrite, price.cacheWrite);
    return cost;
}

nlohmann::json costToJson(const std::optional<Cost> &cost)
{
    if (!cost)
        return nullptr;
    return { { "amount", cost->amount }, { "currency", cost->currency }, { "complete", cost->complete } };
}

QString formatCost(const Cost &cost)
{
    // Four significant decimals: a single call usually costs fractions of a cent.
    const QString amount = QString::number(cost.amount, 'f', cost.amount >= 1 ? 2 : 4);
    const QString text = cost.currency == "USD" ? QStringLiteral("$%1").arg(amount)
                                                : QStringLiteral("%1 %2").arg(amount, QString::fromStdString(cost.currency));
    return cost.complete ? text : QStringLiteral("≥ ") + text;
}

} // namespace fanva::llm

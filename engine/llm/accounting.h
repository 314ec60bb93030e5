// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/types.h"
#include "status.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>

namespace fanva::llm {

/// The token counts of several calls added up (providers.md §8). A field that some call did
/// not report makes the sum a lower bound ("≥ N") and the total incomplete; a field that no
/// call reported stays unknown.
class UsageTotal
{
public:
    void add(const Usage &usage);

    [[nodiscard]] const Usage &sum() const { return m_sum; }
    [[nodiscard]] int calls() const { return m_calls; }
    /// True when every call reported its input and output, and every cache counter that one
    /// call reported was reported by all of them.
    [[nodiscard]] bool isComplete() const;
    /// `{input, output, cacheRead, cacheWrite, complete}`; unknown fields are null.
    [[nodiscard]] nlohmann::json toJson() const;

    friend bool operator==(const UsageTotal &, const UsageTotal &) = default;

private:
    struct Field {
        int64_t sum = 0;
        int known = 0;
        friend bool operator==(const Field &, const Field &) = default;
    };
    void count(Field &field, std::optional<int64_t> &sum, const std::optional<int64_t> &value);

    Usage m_sum;
    Field m_input, m_output, m_cacheRead, m_cacheWrite;
    int m_calls = 0;
};

/// A user-set price per million tokens of one model; a missing field has no price.
struct Price {
    std::optional<double> input, output, cacheRead, cacheWrite;
    std::string currency = "USD";
    friend bool operator==(const Price &, const Price &) = default;
};

/// What some usage cost. `complete` is false when a counted token kind has no price or a
/// count is unknown: the amount is then a lower bound.
struct Cost {
    double amount = 0;
    std::string currency;
    bool complete = true;
    friend bool operator==(const Cost &, const Cost &) = default;
};

/// Prices keyed "provider/model", as in `{"anthropic/M": {"input": 3, "output": 15,
/// "cache_read": 0.3, "cache_write": 3.75, "currency": "USD"}}`. No prices ship with Fanva.
class PriceTable
{
public:
    /// Reads a price file's JSON text; a malformed file or entry is an error naming the key.
    [[nodiscard]] static Result<PriceTable> parse(const QByteArray &text);

    [[nodiscard]] std::optional<Price> price(const std::string &provider, const std::string &model) const;
    [[nodiscard]] bool isEmpty() const { return m_prices.empty(); }

private:
    std::map<std::string, Price> m_prices;
};

/// Σ tokens × price / 10⁶ over the four token kinds.
[[nodiscard]] Cost costOf(const Usage &usage, bool usageComplete, const Price &price);

/// `{amount, currency, complete}`, or null without a price.
[[nodiscard]] nlohmann::json costToJson(const std::optional<Cost> &cost);

/// "$0.0019", "≥ $0.0019" when incomplete, or "0.0019 EUR" for other currencies.
[[nodiscard]] QString formatCost(const Cost &cost);

} // namespace fanva::llm

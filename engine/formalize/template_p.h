// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <map>
#include <vector>

// A small subset of Mustache for the prompt templates of formalize.md §3: {{x}}
// substitutes verbatim (no escaping), {{#x}}…{{/x}} repeats over a list or shows when x is
// true or a non-empty text; a line holding only one section tag is dropped with its
// newline (Mustache's standalone rule), so the templates read as the spec prints them.
namespace fanva::formalize::detail {

struct TemplateValue {
    QString text;
    bool truthy = false;
    std::vector<std::map<QString, TemplateValue>> items;

    TemplateValue() = default;
    TemplateValue(const QString &value) // NOLINT(google-explicit-constructor): reads as data
        : text(value)
        , truthy(!value.isEmpty())
    { }
    TemplateValue(qsizetype value) // NOLINT(google-explicit-constructor)
        : text(QString::number(value))
        , truthy(true)
    { }
    static TemplateValue flag(bool on)
    {
        TemplateValue v;
        v.truthy = on;
        return v;
    }
    static TemplateValue list(std::vector<std::map<QString, TemplateValue>> rows)
    {
        TemplateValue v;
        v.truthy = !rows.empty();
        v.items = std::move(rows);
        return v;
    }
};

using TemplateData = std::map<QString, TemplateValue>;

/// Renders `source` with `data`; names are looked up innermost section first.
[[nodiscard]] QString renderTemplate(const QString &source, const TemplateData &data);

} // namespace fanva::formalize::detail

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// What the rules tests read of a draft, written once for every language's drafter test.
#pragma once

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <string>

namespace fanva::testing {

/// The sentences of a drafted reply's candidates, in order.
inline QStringList draftedSentences(const nlohmann::json &reply)
{
    QStringList out;
    for (const nlohmann::json &c : reply.at("candidates"))
        out << QString::fromStdString(c.at("sentence").get<std::string>());
    return out;
}

} // namespace fanva::testing

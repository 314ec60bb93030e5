// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace fanva::llm {

/// What a provider is and can do, so that callers read capabilities instead of comparing
/// provider ids (docs/providers.md). Every field has the value of a plain chat model
/// server by default.
struct ProviderInfo {
    /// The provider's stable id (`ollama`, `anthropic`, `openai`, `rules`, `demo`, `scripted`).
    QString id;
    /// Reads `Request::structured` (the formalize turn as data, docs/spec/rules.md §2) and
    /// not the prompt's prose.
    bool readsStructuredTurn = false;
    /// Can read a gloss and give a verdict (the judge round, formalize.md §5.3); false for a
    /// provider with no model behind it.
    bool judges = true;
    /// The KB languages it can draft (ids); empty: any, since it follows the prompt.
    QStringList draftsLanguages;
};

} // namespace fanva::llm

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/gloss.h"
#include "kb/symbol.h"
#include "kb/term.h"
#include "lang/drafting.h"

#include <QString>

#include <string_view>
#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang::fanvakb {

/// The gloss of `sentence` as seen from `context` (the nearest comment in its cone wins).
[[nodiscard]] Gloss gloss(const kb::KnowledgeBase &kb, kb::Term sentence, kb::SymbolId context);

/// A comment's gloss template: a signature "(f ?a ?b) means that …" gives the parameters
/// and the clause; anything else is a description, of which `clause` is the first sentence.
struct GlossTemplate {
    bool signature = false;
    std::vector<QString> parameters;
    QString clause;
    friend bool operator==(const GlossTemplate &, const GlossTemplate &) = default;
};

/// Reads a comment text as a template for `functor`.
[[nodiscard]] GlossTemplate glossTemplate(const QString &comment, std::string_view functor);

} // namespace fanva::lang::fanvakb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"
#include "formalize/entrykind.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang {

/// fanva-kb's retract-dependents note (docs/spec/rewrite.md §4) when removing `removed` from the
/// file `path` (read as `bytes`) of `context` takes away a declaration that sentences the
/// KB keeps still use: a declaration about a predicate or type (arity, `arg`, relation marks,
/// `genl`, `disjoint`, …) while kept sentences use that symbol, or a `genlCx` while kept
/// sentences of the context no longer check without it. Names the declarations and a few
/// dependents, then a count. Nullopt when nothing kept depends on them. `alsoRemoved` go in
/// the same Apply: they are no dependents, and their declarations are not named.
[[nodiscard]] std::optional<check::Problem> fanvaKbRetractionWarning(const kb::KnowledgeBase &kb, const QString &context,
    const QString &path, const QByteArray &bytes, const std::vector<formalize::ExistingSentence> &removed,
    const std::vector<formalize::ExistingSentence> &alsoRemoved = {});

} // namespace fanva::lang

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringView>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace fanva::formalize {

class FieldReader;

/// What an entry does to the target file (docs/spec/rewrite.md §1): appends a sentence,
/// replaces existing sentences by its sentence, or retracts existing sentences.
enum class EntryKind { Add, Replace, Retract };

[[nodiscard]] QString entryKindName(EntryKind kind);
[[nodiscard]] std::optional<EntryKind> entryKindFromName(QStringView name);

/// A sentence of the target file as it stood when the proposal was made: the line it starts
/// on (1-based), the writer's rendering and its canonical key.
struct ExistingSentence {
    int line = 0;
    QString text;
    QString key;
    friend bool operator==(const ExistingSentence &, const ExistingSentence &) = default;
};

/// `kind` and `replaces` as the session file keeps them (nothing for an add entry).
void editFieldsToJson(EntryKind kind, const std::vector<ExistingSentence> &replaces, nlohmann::json &entry);
/// Reads them back; an absent `kind` is add. Type errors go to the reader.
void editFieldsFromJson(const FieldReader &reader, EntryKind &kind, std::vector<ExistingSentence> &replaces);

} // namespace fanva::formalize

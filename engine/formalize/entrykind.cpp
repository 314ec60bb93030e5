// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/entrykind.h"

#include "formalize/fieldreader.h"

namespace fanva::formalize {

QString entryKindName(EntryKind kind)
{
    switch (kind) {
    case EntryKind::Add:
        return QStringLiteral("add");
    case EntryKind::Replace:
        return QStringLiteral("replace");
    case EntryKind::Retract:
        return QStringLiteral("retract");
    }
    return {};
}

std::optional<EntryKind> entryKindFromName(QStringView name)
{
    for (const EntryKind kind : { EntryKind::Add, EntryKind::Replace, EntryKind::Retract }) {
        if (entryKindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

void editFieldsToJson(EntryKind kind, const std::vector<ExistingSentence> &replaces, nlohmann::json &entry)
{
    if (kind == EntryKind::Add)
        return;
    entry["kind"] = entryKindName(kind).toStdString();
    nlohmann::json list = nlohmann::json::array();
    for (const ExistingSentence &s : replaces)
        list.push_back({ { "line", s.line }, { "text", s.text.toStdString() }, { "key", s.key.toStdString() } });
    entry["replaces"] = list;
}

void editFieldsFromJson(const FieldReader &reader, EntryKind &kind, std::vector<ExistingSentence> &replaces)
{
    const QString name = reader.string("kind", QStringLiteral("add"));
    const std::optional<EntryKind> parsed = entryKindFromName(name);
    if (!parsed) {
        reader.fail("kind", QStringLiteral("\"%1\" is not an entry kind").arg(name));
        return;
    }
    kind = *parsed;
    replaces.clear();
    if (const nlohmann::json *list = reader.array("replaces")) {
        for (std::size_t i = 0; i < list->size(); ++i) {
            const FieldReader r = reader.at((*list)[i], "replaces", i);
            if (!(*list)[i].is_object()) {
                r.fail({}, QStringLiteral("expected an object, found %1").arg(jsonTypeName((*list)[i])));
                return;
            }
            replaces.push_back({ r.integer("line"), r.string("text"), r.string("key") });
        }
    }
    if (kind != EntryKind::Add && replaces.empty())
        reader.fail("replaces", QStringLiteral("a %1 entry names no existing sentence").arg(name));
}

} // namespace fanva::formalize

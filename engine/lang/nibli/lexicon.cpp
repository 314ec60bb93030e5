// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/lexicon.h"

#include "lang/nibli/ast.h"

#include <QFile>

#include <charconv>

// The lexicon is embedded (resources/nibli/nibli.qrc); naming its initializer keeps a static
// link from dropping it.
static void initNibliResources()
{
    Q_INIT_RESOURCE(nibli);
}

namespace fanva::lang::nibli {

namespace {

std::vector<std::string_view> split(std::string_view line, char separator)
{
    std::vector<std::string_view> fields;
    size_t start = 0;
    while (true) {
        const size_t at = line.find(separator, start);
        fields.push_back(line.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos)
            return fields;
        start = at + 1;
    }
}

} // namespace

int Entry::placeOf(std::string_view label) const
{
    for (size_t i = 0; i < places.size(); ++i)
        if (places[i] == label)
            return static_cast<int>(i) + 1;
    if (label.size() == 2 && label[0] == 'x' && label[1] >= '1' && label[1] - '0' <= arity())
        return label[1] - '0';
    return 0;
}

std::string Entry::labelList(int from) const
{
    std::string out;
    for (size_t i = static_cast<size_t>(from) - 1; i < places.size(); ++i) {
        if (!out.empty())
            out += ", ";
        out += places[i];
    }
    return out;
}

std::optional<Lexicon> Lexicon::fromTsv(std::string_view tsv, std::string *error)
{
    Lexicon lexicon;
    int lineNumber = 0;
    const auto bad = [&](const std::string &why) {
        if (error != nullptr)
            *error = "lexicon line " + std::to_string(lineNumber) + ": " + why;
        return std::nullopt;
    };
    size_t start = 0;
    while (start < tsv.size()) {
        size_t end = tsv.find('\n', start);
        if (end == std::string_view::npos)
            end = tsv.size();
        const std::string_view line = tsv.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        if (lineNumber == 1) {
            if (line != "name\tarity\tplaces\tconverse_of\tgloss\ttemplate")
                return bad("the header is not name, arity, places, converse_of, gloss, template");
            continue;
        }
        if (line.empty())
            continue;
        const auto fields = split(line, '\t');
        if (fields.size() != 6)
            return bad("expected 6 tab-separated fields");
        Entry e;
        e.name = std::string(fields[0]);
        int arity = 0;
        std::from_chars(fields[1].data(), fields[1].data() + fields[1].size(), arity);
        for (const std::string_view place : split(fields[2], ','))
            e.places.emplace_back(place);
        if (arity < 1 || arity > 5 || arity != e.arity())
            return bad("arity " + std::string(fields[1]) + " does not match the places");
        e.converseOf = std::string(fields[3]);
        e.gloss = std::string(fields[4]);
        e.reading = std::string(fields[5]);
        if (!lexicon.m_index.emplace(e.name, lexicon.m_entries.size()).second)
            return bad("duplicate name " + e.name);
        lexicon.m_entries.push_back(std::move(e));
    }
    if (lexicon.m_entries.empty())
        return bad("no entries");
    return lexicon;
}

const Lexicon &Lexicon::builtin()
{
    static const Lexicon s_builtin = [] {
        initNibliResources();
        QFile file(QStringLiteral(":/fanva/nibli/lexicon.tsv"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("nibli: the embedded lexicon is missing");
        const QByteArray bytes = file.readAll();
        std::string error;
        auto lexicon = fromTsv(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())), &error);
        if (!lexicon)
            qFatal("nibli: the embedded lexicon does not load: %s", error.c_str());
        return std::move(*lexicon);
    }();
    return s_builtin;
}

const Entry *Lexicon::find(std::string_view name) const
{
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_entries[it->second];
}

const Entry *Vocabulary::find(std::string_view name) const
{
    if (const Entry *e = m_lexicon->find(name))
        return e;
    return findDeclared(name);
}

const Entry *Vocabulary::findDeclared(std::string_view name) const
{
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_declared[it->second];
}

bool Vocabulary::declare(const Declaration &declaration, const std::string &text)
{
    if (declaration.name == "pred" || find(declaration.name) != nullptr || declaration.labels.empty())
        return false;
    Entry e;
    e.name = declaration.name;
    for (const Variable &label : declaration.labels)
        e.places.push_back(label.name);
    e.reading = declaration.reading;
    e.declared = true;
    e.declarationText = text;
    m_index.emplace(e.name, m_declared.size());
    m_declared.push_back(std::move(e));
    return true;
}

std::vector<std::string_view> Vocabulary::simpleWords() const
{
    std::vector<std::string_view> words;
    for (const Entry &e : m_lexicon->entries())
        if (e.name.find('+') == std::string::npos)
            words.emplace_back(e.name);
    for (const Entry &e : m_declared)
        words.emplace_back(e.name);
    return words;
}

} // namespace fanva::lang::nibli

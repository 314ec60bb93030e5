// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/diagnostic.h"
#include "lang/language.h"
#include "lang/problem.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fanva::lang {

/// A form of a text the reader could not read as a statement: where it starts, its text on
/// one line, and the reader's error about it.
struct UnreadableForm {
    qsizetype offset = 0;
    int line = 0;
    int column = 0;
    QString text;
    Diagnostic diagnostic;
};

/// What `fanva-cli kb stats` shows of a KB beyond its statement count.
struct KbSummary {
    /// One target (a fanva-kb context, a nibli top-level file): its name, its file as the
    /// loader found it, the targets it sees, its statement count.
    struct Target {
        QString name;
        QString file;
        QStringList sees;
        std::size_t statements = 0;
    };
    /// What the language calls a target, singular ("context", "target").
    QString targetWord;
    /// What the language calls the targets a target sees ("genlCx"); empty: none sees another.
    QString seesWord;
    std::vector<Target> targets;
    /// The terms the KB uses, counted by role name.
    std::map<QString, int> termsByRole;
    /// The heads (functors, predicates) most statements use, most first, at most 20.
    std::vector<std::pair<QString, int>> topHeads;
};

/// What `fanva-cli kb term` shows of a word beyond TermDescription: labelled lines in print
/// order, and the same as members of its JSON document.
struct TermFacts {
    struct Line {
        QString label;
        QString text;
    };
    std::vector<Line> lines;
    /// Members added to the JSON document.
    nlohmann::json json = nlohmann::json::object();
};

/// Optional role of a Language: what a command-line tool asks of a language beyond the core
/// role — whole KB files, the statements it reports (fanva-cli parse, fmt, check, gloss;
/// docs/spec/language-seam.md). A language without it is still read, checked and glossed
/// through the core role; only these finer points are missing (and fmt is refused).
class ToolServices
{
public:
    ToolServices() = default;
    virtual ~ToolServices() = default;
    ToolServices(const ToolServices &) = delete;
    ToolServices &operator=(const ToolServices &) = delete;

    /// Language::read() of one whole file a tool reads once: may read a large text on
    /// several threads.
    [[nodiscard]] virtual ReadResult readFile(const QByteArray &text, const QString &file) const = 0;
    /// `text` in the language's layout, comments, blank lines and statement order kept;
    /// nullopt when it does not read (and resolve) cleanly.
    [[nodiscard]] virtual std::optional<QByteArray> format(const QByteArray &text) const = 0;
    /// The identity keys of `statements`, read together from files, as a KB of exactly those
    /// files would key them (fanva-kb: a predicate declared symmetric among them counts).
    [[nodiscard]] virtual std::vector<std::string> keysTogether(std::span<const Statement> statements) const = 0;
    /// `statement` on one line, as a report quotes it.
    [[nodiscard]] virtual QString quote(const Statement &statement) const = 0;
    /// Language::check() of a statement read from `target`'s own KB file: its own stored copy
    /// is not "already stored", a copy stored anywhere else `target` sees still is.
    [[nodiscard]] virtual std::vector<Problem> checkStored(const Kb &kb, const Statement &statement, const QString &target) const = 0;
    /// The forms of `text` (as `read` found them) that the reader could not read, one per
    /// positioned error outside every statement, in text order.
    [[nodiscard]] virtual std::vector<UnreadableForm> unreadableForms(const QByteArray &text, const ReadResult &read) const = 0;

    /// The KB in `dir` as if the new target `target` (no file yet) saw `sees` (a new fanva-kb
    /// context's genlCx lines, docs/formalize.md §11.3); nullopt when a target of this
    /// language sees no other (one theory).
    [[nodiscard]] virtual std::optional<LoadResult> loadWithNewTarget(
        const QString &dir, const QString &target, const QStringList &sees) const = 0;
    /// Its targets, terms by role and most used heads, for `kb stats`.
    [[nodiscard]] virtual KbSummary summary(const Kb &kb) const = 0;
    /// What the language knows of `word` beyond TermDescription (`kb term`); `target` empty: every target.
    [[nodiscard]] virtual TermFacts termFacts(const Kb &kb, const QString &word, const QString &target) const = 0;
};

} // namespace fanva::lang

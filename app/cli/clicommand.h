// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/language.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>

/// One fanva-cli subcommand: its name as typed, a one-line summary for the top-level
/// help, and the function that runs it. A command receives its own arguments (without
/// the program and subcommand names) and returns the process exit code:
/// 0 success, 1 the input has problems, 2 usage, I/O or transport error, or cancelled.
struct CliCommand {
    const char *name;
    const char *summary;
    int (*run)(const QStringList &args);
};

namespace cli {

enum ExitCode { ExitOk = 0, ExitProblems = 1, ExitError = 2 };

/// Writes text to stdout / stderr as UTF-8, unbuffered enough for streaming.
void out(const QString &text);
void err(const QString &text);

/// Keeps \a object alive until the process exits, whose end gives its memory back at once:
/// freeing a large KB piece by piece, only to exit, costs a tenth of a second or more at
/// 1M sentences (issue 20). Only for what a command holds to its end.
void keepUntilExit(std::shared_ptr<const void> object);

/// Prints "fanva-cli NAME: MESSAGE" and the hint to use --help to stderr; returns ExitError.
[[nodiscard]] int usageError(const QString &command, const QString &message);

/// Ctrl-C, a closed terminal (SIGHUP) or a polite kill (SIGTERM) calls \a cancel on the event
/// loop, while \a context lives: the run ends as if cancelled, and saves what it would then.
/// The signal handler itself only writes a byte to a socket pair (async-signal-safe).
void cancelOnInterrupt(QObject *context, std::function<void()> cancel);

/// The option prologue every subcommand shares: its parser with --help, the common --kb,
/// --context and --json options (each described in the command's own words), and the parse
/// that prints a usage error or the help. A command adds its own options through parser().
class CommandLine
{
public:
    /// `command` is the subcommand's name as typed ("check"); help reads "fanva-cli check".
    CommandLine(QString command, const QString &description);
    Q_DISABLE_COPY_MOVE(CommandLine)

    [[nodiscard]] QCommandLineParser &parser() { return m_parser; }
    [[nodiscard]] const QCommandLineParser &parser() const { return m_parser; }
    [[nodiscard]] const QString &command() const { return m_command; }

    /// --kb DIR, --context CX and --json; each returns the option it added.
    const QCommandLineOption &addKb(const QString &description);
    const QCommandLineOption &addContext(const QString &description);
    const QCommandLineOption &addJson(const QString &description = QStringLiteral("Print one JSON document."));
    /// --language fanva-kb|nibli (nibli-kr.md §1.2).
    const QCommandLineOption &addLanguage();

    /// Parses the command's arguments. nullopt: go on; else the exit code to return at once
    /// (ExitError after printing a usage error, ExitOk after printing the help).
    [[nodiscard]] std::optional<int> parse(const QStringList &args);

    /// Prints "fanva-cli COMMAND: MESSAGE" and the --help hint; returns ExitError.
    [[nodiscard]] int usageError(const QString &message) const;

    [[nodiscard]] bool hasKb() const { return m_kb && m_parser.isSet(*m_kb); }
    [[nodiscard]] QString kb() const { return m_kb ? m_parser.value(*m_kb) : QString(); }
    [[nodiscard]] bool hasContext() const { return m_context && m_parser.isSet(*m_context); }
    [[nodiscard]] QString context() const { return m_context ? m_parser.value(*m_context) : QString(); }
    [[nodiscard]] bool json() const { return m_json && m_parser.isSet(*m_json); }

    /// Picks the KB language after parse() by nibli-kr.md §1.2's rules (--language, the
    /// workspace's fanva.json, a `.nibli` input among `files`, the --kb DIR's files).
    /// nullopt: go on with language(); else ExitError after printing why (an unknown or
    /// unbuilt language, a --kb DIR holding both *.txt and *.nibli files).
    [[nodiscard]] std::optional<int> chooseLanguage(const QStringList &files = {}, const std::optional<QString> &kbDir = std::nullopt);
    /// The language chosen by chooseLanguage() (fanva-kb before it runs).
    [[nodiscard]] const fanva::lang::Language &language() const { return *m_language; }

private:
    const QCommandLineOption &add(std::optional<QCommandLineOption> &slot, QCommandLineOption option);

    QString m_command;
    QCommandLineParser m_parser;
    std::optional<QCommandLineOption> m_kb;
    std::optional<QCommandLineOption> m_context;
    std::optional<QCommandLineOption> m_json;
    std::optional<QCommandLineOption> m_languageOption;
    const fanva::lang::Language *m_language;
};

} // namespace cli

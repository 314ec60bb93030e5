// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli: the headless front end. Each subcommand lives in its own cmd_*.cpp and is
// listed in the table below; this file only dispatches.
#include "../allocator.h"
#include "clicommand.h"
#include "commands.h"

#include "version.h"

#ifdef FANVA_HAVE_RULES
#include "rules/rulesprovider.h"
#endif

#include <QCoreApplication>

#include <vector>

namespace {

const std::vector<CliCommand> s_commands {
    { "parse", "read KB files and report syntax errors; --canonical prints canonical keys", &runParse },
    { "fmt", "rewrite KB files in canonical layout (--check: report only)", &runFmt },
    { "kb", "inspect a KB directory: kb stats, kb term TERM", &runKb },
    { "check", "run the critic on KB sentences against a KB (--json: one document)", &runCheck },
    { "ask", "send one prompt to a model provider and stream the answer", &runAsk },
    { "providers", "list model providers, their configuration and credentials (--probe: ask them)", &runProviders },
    { "formalize", "formalize an English document against a KB and print the proposal (--out: save the session)", &runFormalize },
    { "batch", "formalize many documents into an output folder, one session each, over one or many model servers", &runBatch },
    { "rewrite", "ask the model to rewrite the sentences on lines A-B of a context's file (--out: save the session)", &runRewrite },
    { "retract", "propose to retract the sentences on lines A-B of a context's file (no model)", &runRetract },
    { "apply", "write a session's accepted entries into its KB file (--undo: undo the last Apply)", &runApply },
    { "gloss", "print the English gloss of KB sentences from the KB's comment templates", &runGloss },
    { "score", "score candidate sentences against gold ones, strict and aligned (--json: one document)", &runScore },
};

void printHelp()
{
    QString text = QStringLiteral("Usage: fanva-cli COMMAND [OPTIONS] [ARGS]\n"
                                  "Formalize English into KB text, check it, and apply reviewed proposals.\n\n"
                                  "Commands:\n");
    for (const CliCommand &command : s_commands)
        text += QStringLiteral("  %1  %2\n").arg(QString::fromLatin1(command.name).leftJustified(10), QString::fromUtf8(command.summary));
    text += QStringLiteral("\nOptions:\n  --help     show this help\n  --version  show the version\n\n"
                           "Run 'fanva-cli COMMAND --help' for a command's options.\n"
                           "Exit codes: 0 success, 1 the input has problems, 2 usage, I/O or transport error.\n");
    cli::out(text);
}

} // namespace

int main(int argc, char *argv[])
{
    fanva::tuneAllocator();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(fanva::applicationName());
    QCoreApplication::setApplicationVersion(fanva::version());
#ifdef FANVA_HAVE_RULES
    fanva::rules::registerRulesProvider();
#endif

    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")) {
        printHelp();
        return args.isEmpty() ? cli::ExitError : cli::ExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        cli::out(QStringLiteral("fanva-cli %1\n").arg(fanva::version()));
        return cli::ExitOk;
    }
    const QString name = args.takeFirst();
    for (const CliCommand &command : s_commands) {
        if (name == QLatin1String(command.name))
            return command.run(args);
    }
    cli::err(QStringLiteral("fanva-cli: unknown command '%1'\nTry 'fanva-cli --help'.\n").arg(name));
    return cli::ExitError;
}

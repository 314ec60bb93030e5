// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "clicommand.h"

#include "lang/registry.h"

#include <vector>

#ifdef Q_OS_UNIX
#include <QSocketNotifier>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace cli {

void out(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stdout);
    std::fflush(stdout);
}

void err(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<size_t>(bytes.size()), stderr);
    std::fflush(stderr);
}

void keepUntilExit(std::shared_ptr<const void> object)
{
    // Never deleted, and so never destroyed: reachable from this static to the end, which
    // is also what a leak checker asks.
    static auto *const kept = new std::vector<std::shared_ptr<const void>>;
    kept->push_back(std::move(object));
}

int usageError(const QString &command, const QString &message)
{
    err(QStringLiteral("fanva-cli %1: %2\nTry 'fanva-cli %1 --help'.\n").arg(command, message));
    return ExitError;
}

#ifdef Q_OS_UNIX
namespace {

int s_interruptPipe[2] = { -1, -1 };

void onInterrupt(int)
{
    // Only async-signal-safe work here: the event loop reads the byte and cancels.
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(s_interruptPipe[1], &byte, 1);
}

} // namespace

void cancelOnInterrupt(QObject *context, std::function<void()> cancel)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, s_interruptPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(s_interruptPipe[0], QSocketNotifier::Read, context);
    QObject::connect(notifier, &QSocketNotifier::activated, context, [cancel = std::move(cancel)] {
        char byte = 0;
        [[maybe_unused]] const auto read = ::read(s_interruptPipe[0], &byte, 1);
        cancel();
    });
    for (const int stop : { SIGINT, SIGTERM, SIGHUP })
        std::signal(stop, onInterrupt);
}
#else
void cancelOnInterrupt(QObject *, std::function<void()>) { }
#endif

CommandLine::CommandLine(QString command, const QString &description)
    : m_command(std::move(command))
    , m_language(&fanva::lang::defaultLanguage())
{
    m_parser.setApplicationDescription(description);
    m_parser.addHelpOption();
}

const QCommandLineOption &CommandLine::add(std::optional<QCommandLineOption> &slot, QCommandLineOption option)
{
    slot = std::move(option);
    m_parser.addOption(*slot);
    return *slot;
}

const QCommandLineOption &CommandLine::addKb(const QString &description)
{
    return add(m_kb, QCommandLineOption(QStringLiteral("kb"), description, QStringLiteral("DIR")));
}

const QCommandLineOption &CommandLine::addContext(const QString &description)
{
    return add(m_context, QCommandLineOption(QStringLiteral("context"), description, QStringLiteral("CX")));
}

const QCommandLineOption &CommandLine::addJson(const QString &description)
{
    return add(m_json, QCommandLineOption(QStringLiteral("json"), description));
}

const QCommandLineOption &CommandLine::addLanguage()
{
    return add(m_languageOption,
        QCommandLineOption(QStringLiteral("language"),
            QStringLiteral("The KB language: fanva-kb or nibli (default: the workspace's fanva.json, else inferred from the files)."),
            QStringLiteral("NAME")));
}

std::optional<int> CommandLine::chooseLanguage(const QStringList &files, const std::optional<QString> &kbDir)
{
    fanva::lang::CliLanguageInput input;
    if (m_languageOption && m_parser.isSet(*m_languageOption))
        input.option = m_parser.value(*m_languageOption);
    if (kbDir)
        input.kbDir = *kbDir;
    else if (hasKb())
        input.kbDir = kb();
    input.files = files;
    const fanva::lang::LanguageLookup found = fanva::lang::lookUp(fanva::lang::chooseCliLanguage(input));
    if (!found.language)
        return usageError(found.error);
    m_language = found.language;
    return std::nullopt;
}

std::optional<int> CommandLine::parse(const QStringList &args)
{
    if (!m_parser.parse(QStringList { QStringLiteral("fanva-cli ") + m_command } + args))
        return usageError(m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help"))) {
        // QCommandLineParser names the program as it was started; the usage line names the
        // command as it is typed instead.
        QString help = m_parser.helpText();
        const QString usage = QStringLiteral("Usage: ");
        const qsizetype options = help.indexOf(QStringLiteral(" [options]"));
        if (help.startsWith(usage) && options > 0)
            help.replace(0, options, usage + QStringLiteral("fanva-cli ") + m_command);
        out(help);
        return ExitOk;
    }
    return std::nullopt;
}

int CommandLine::usageError(const QString &message) const
{
    return cli::usageError(m_command, message);
}

} // namespace cli

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "allocator.h"
#include "review/reviewcontroller.h"
#include "version.h"

#ifdef FANVA_HAVE_RULES
#include "rules/rulesprovider.h"
#endif
#include "window/loadmeasurement.h"
#include "window/mainwindow.h"

#include "proposal/autosave.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QImageWriter>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTextStream>
#include <QTimer>
#include <QTranslator>

#include <functional>
#include <memory>
#include <utility>

namespace {

constexpr int exitUsage = 2;
const QSize s_screenshotSize(1400, 860);

void printError(const QString &message)
{
    QTextStream(stderr) << QApplication::applicationName() << QLatin1String(": ") << message << Qt::endl;
}

// --lang has to be known before the parser's own texts are translated, so it is read ahead.
QString languageArgument(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == QLatin1String("--"))
            break;
        if (argument.startsWith(QLatin1String("--lang=")))
            return argument.mid(7);
        if (argument == QLatin1String("--lang") && i + 1 < arguments.size())
            return arguments.at(i + 1);
    }
    return {};
}

void installTranslations(QApplication &app, const QLocale &locale)
{
    auto *qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtTranslator);
    // A language Fanva has no translation for gets the English one, which holds only the
    // plural forms of the source strings ("%n entries" reads "1 entry").
    auto *fanvaTranslator = new QTranslator(&app);
    if (fanvaTranslator->load(locale, QStringLiteral("fanva"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || fanvaTranslator->load(QStringLiteral("fanva_en"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(fanvaTranslator);
}

/// The window's command-line options, read back by name.
void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QApplication::translate("main", "Review knowledge-base text drafted by a language model."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QString dir = QApplication::translate("main", "dir");
    const QString file = QApplication::translate("main", "file");
    // --measure-load is for bench_scale (issue 20): how late the window handles input while the KB loads.
    QCommandLineOption measureLoadOption(QStringLiteral("measure-load"),
        QApplication::translate("main",
            "With --screenshot: measure how long input waits from the first paint until the KB and its indexes are loaded, "
            "then through a reload of the KB, and write the figures to <file>."),
        file);
    measureLoadOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({
        { QStringLiteral("workspace"), QApplication::translate("main", "Open the workspace in <dir> (kb/, documents, fanva.json)."), dir },
        { QStringLiteral("document"), QApplication::translate("main", "Show the English document <file>."), file },
        { QStringLiteral("kb"), QApplication::translate("main", "Use the KB in <dir>."), dir },
        { QStringLiteral("context"), QApplication::translate("main", "Make <context> the target context."),
            QApplication::translate("main", "context") },
        { QStringLiteral("provider"), QApplication::translate("main", "Formalize with the provider <name>."),
            QApplication::translate("main", "name") },
        { QStringLiteral("formalize"), QApplication::translate("main", "Formalize the document as soon as the window opens.") },
        { QStringLiteral("screenshot"), QApplication::translate("main", "Write a PNG image of the window to <file> and exit."), file },
        { QStringLiteral("lang"), QApplication::translate("main", "Use the language <code> (for example de) for the interface."),
            QApplication::translate("main", "code") },
        measureLoadOption,
    });
    parser.addPositionalArgument(QStringLiteral("session"), QApplication::translate("main", "A review session (.fanva) to open."),
        QStringLiteral("[SESSION.fanva]"));
}

/// Opens what the command line names: workspace, KB, document, target, provider, session.
void openArguments(MainWindow &window, const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("workspace")))
        window.openWorkspace(parser.value(QStringLiteral("workspace")));
    if (parser.isSet(QStringLiteral("kb")))
        window.openKbFolder(parser.value(QStringLiteral("kb")));
    if (parser.isSet(QStringLiteral("document")))
        window.openDocument(parser.value(QStringLiteral("document")));
    if (parser.isSet(QStringLiteral("context")))
        window.setTargetContext(parser.value(QStringLiteral("context")));
    if (parser.isSet(QStringLiteral("provider")))
        window.setProvider(parser.value(QStringLiteral("provider")));
    if (!parser.positionalArguments().isEmpty())
        window.openSession(parser.positionalArguments().constFirst());
}

/// Runs `next` once the KB has loaded in the background (or failed to, which formalize()
/// then reports), at once when nothing is loading.
void afterKbLoad(MainWindow &window, const std::function<void()> &next)
{
    if (!window.isKbLoading()) {
        next();
        return;
    }
    auto done = std::make_shared<bool>(false);
    const auto once = [done, next] {
        if (!std::exchange(*done, true))
            next();
    };
    QObject::connect(&window, &MainWindow::kbLoaded, &window, once, Qt::SingleShotConnection);
    QObject::connect(&window, &MainWindow::kbLoadFailed, &window, once, Qt::SingleShotConnection);
}

/// The --screenshot run: the window at a fixed size, after the journal's recovery, the KB's
/// load and --formalize (or --measure-load's figures), written as PNG; then the exit code.
int runScreenshot(MainWindow &window, const QCommandLineParser &parser, const std::shared_ptr<bool> &recovered, bool &failed,
    LoadMeasurement::Clock::time_point started)
{
    if (failed)
        return exitUsage;
    const QString screenshotPath = parser.value(QStringLiteral("screenshot"));
    window.resize(s_screenshotSize);
    const auto takeScreenshotNow = [&window, screenshotPath, &failed] {
        QImageWriter writer(screenshotPath, "png");
        if (!writer.write(window.grab().toImage())) {
            printError(QApplication::translate("main", "cannot write the screenshot %1: %2")
                           .arg(QDir::toNativeSeparators(screenshotPath), writer.errorString()));
            QCoreApplication::exit(exitUsage);
            return;
        }
        QCoreApplication::exit(failed ? exitUsage : 0);
    };
    // The screenshot waits for the recovery, whose messages it prints, and for a session's KB,
    // which loads off the GUI thread.
    const auto afterSession = [&window, takeScreenshotNow] {
        if (!window.review()->isLoadingKb())
            takeScreenshotNow();
        else
            QObject::connect(window.review(), &ReviewController::sessionOpened, &window, takeScreenshotNow, Qt::SingleShotConnection);
    };
    const auto takeScreenshot = [&window, recovered, afterSession] {
        if (*recovered)
            afterSession();
        else
            QObject::connect(&window, &MainWindow::journalRecovered, &window, afterSession, Qt::SingleShotConnection);
    };
    if (parser.isSet(QStringLiteral("measure-load"))) {
        auto *measurement = new LoadMeasurement(&window, parser.value(QStringLiteral("measure-load")), started);
        QObject::connect(measurement, &LoadMeasurement::finished, &window, [takeScreenshot](bool ok) {
            if (ok)
                takeScreenshot();
            else
                QCoreApplication::exit(exitUsage);
        });
        window.show();
        return QApplication::exec();
    }
    window.show();
    // A formalization runs on the event loop; the screenshot waits for it to finish.
    afterKbLoad(window, [&window, &failed, takeScreenshot, formalize = parser.isSet(QStringLiteral("formalize"))] {
        const bool formalizing = formalize && window.formalize();
        if (failed) {
            QCoreApplication::exit(exitUsage);
            return;
        }
        if (formalizing)
            QObject::connect(&window, &MainWindow::formalizeFinished, &window,
                [&window, takeScreenshot] { QTimer::singleShot(0, &window, takeScreenshot); });
        else
            QTimer::singleShot(0, &window, takeScreenshot);
    });
    return QApplication::exec();
}

} // namespace

int main(int argc, char *argv[])
{
    const LoadMeasurement::Clock::time_point started = LoadMeasurement::Clock::now();
    fanva::tuneAllocator();
    QApplication app(argc, argv);
    QApplication::setApplicationName(fanva::applicationName());
    QApplication::setApplicationVersion(fanva::version());
#ifdef FANVA_HAVE_RULES
    fanva::rules::registerRulesProvider();
#endif
    QApplication::setDesktopFileName(QStringLiteral("org.fanva.Fanva"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.fanva.Fanva")));

    const QString language = languageArgument(QApplication::arguments());
    if (!language.isEmpty())
        QLocale::setDefault(QLocale(language));
    installTranslations(app, QLocale());

    QCommandLineParser parser;
    addOptions(parser);
    if (!parser.parse(QApplication::arguments())) {
        printError(parser.errorText());
        return exitUsage;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    if (parser.positionalArguments().size() > 1) {
        printError(QApplication::translate("main", "Give at most one session file."));
        return exitUsage;
    }

    const bool screenshot = parser.isSet(QStringLiteral("screenshot"));
    MainWindow window;
    bool failed = false;
    if (screenshot) {
        window.setInteractive(false);
        QObject::connect(&window, &MainWindow::problemReported, &window, [&failed](const QString &message, bool isError) {
            printError(isError ? QApplication::translate("main", "error: %1").arg(message)
                               : QApplication::translate("main", "warning: %1").arg(message));
            failed = failed || isError;
        });
    } else {
        window.restoreSettings();
        window.review()->setAutosaveDirectory(fanva::proposal::Autosave::defaultDirectory());
    }

    // Applies a crash interrupted are settled before anything else writes (formalize.md §11),
    // as fanva-cli apply does: by the file's hash, under the file's lock. Another Apply may
    // hold that lock, so it runs off the GUI thread; the window's Apply waits for it.
    auto recovered = std::make_shared<bool>(false);
    QObject::connect(&window, &MainWindow::journalRecovered, &window, [&window, recovered, screenshot](const QStringList &messages) {
        *recovered = true;
        if (screenshot) {
            for (const QString &message : messages)
                printError(QApplication::translate("main", "warning: %1").arg(message));
        } else if (!messages.isEmpty()) {
            QMessageBox::information(&window, QApplication::translate("main", "Interrupted Apply"), messages.join(QStringLiteral("\n\n")));
        }
    });
    window.recoverJournal();
    openArguments(window, parser);
    if (screenshot)
        return runScreenshot(window, parser, recovered, failed, started);
    if (parser.isSet(QStringLiteral("formalize")))
        afterKbLoad(window, [&window] { window.formalize(); });
    window.show();
    // Reviews a crash left behind are offered once the window is up.
    QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
    return QApplication::exec();
}

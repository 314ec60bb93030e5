// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli rewrite and retract (docs/spec/rewrite.md §6): the sentences starting on lines A–B
// of a context's file, rewritten by the model (a rewrite session) or retracted without one;
// the session file they save is applied and undone with fanva-cli apply.
#include "clicommand.h"
#include "commands.h"
#include "providerargs.h"

#include "formalize/rewrite.h"
#include "formalize/session.h"
#include "lang/rewritesetup.h"
#include "lang/sentenceedits.h"
#include "llm/provider.h"
#include "llm/selection.h"
#include "proposal/edits.h"
#include "proposal/sessionfile.h"
#include "status.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUuid>

#include <algorithm>
#include <limits>
#include <memory>

using namespace fanva;

namespace {

/// What both commands read first: the KB, the context's file and the selected sentences.
struct Selection {
    std::shared_ptr<const lang::Kb> kb;
    QString kbDir;
    QString context;
    QString file; ///< absolute path of the context's file
    QByteArray bytes; ///< the file as read (its hash is the proposal's base)
    std::vector<formalize::ExistingSentence> sentences;
};

/// The absolute path of the KB file the language maps `target` to, empty when the KB has none.
QString targetFileOf(const lang::Language &language, const QString &kbDir, const QString &target)
{
    for (const QString &path : language.kbFiles(kbDir)) {
        if (language.isTargetFile(QDir(kbDir).relativeFilePath(path), target))
            return QFileInfo(path).absoluteFilePath();
    }
    return {};
}

/// Reads --kb, --context and --lines; nullopt after printing why (the exit code in `*code`).
std::optional<Selection> select(const cli::CommandLine &commandLine, const QString &lines, int *code)
{
    const QString &name = commandLine.command();
    static const QRegularExpression lineRange(QStringLiteral("^(\\d+)(?:-(\\d+))?$"));
    const QRegularExpressionMatch range = lineRange.match(lines);
    if (!range.hasMatch()) {
        *code = commandLine.usageError(QStringLiteral("--lines takes A-B (or one line number)"));
        return std::nullopt;
    }
    bool okFirst = false;
    bool okLast = true;
    const qint64 first = range.captured(1).toLongLong(&okFirst);
    const qint64 last = range.captured(2).isEmpty() ? first : range.captured(2).toLongLong(&okLast);
    if (!okFirst || !okLast || first > std::numeric_limits<int>::max() || last > std::numeric_limits<int>::max()) {
        *code = commandLine.usageError(QStringLiteral("--lines %1: the number is too large (a line number is at most %2)")
                                           .arg(lines)
                                           .arg(std::numeric_limits<int>::max()));
        return std::nullopt;
    }
    if (first < 1 || last < first) {
        *code = commandLine.usageError(QStringLiteral("--lines takes A-B with 1 ≤ A ≤ B"));
        return std::nullopt;
    }
    Selection s;
    s.kbDir = QFileInfo(commandLine.kb()).absoluteFilePath();
    s.context = commandLine.context();
    const lang::Language &language = commandLine.language();
    lang::LoadResult loaded = language.load(s.kbDir);
    for (const lang::Diagnostic &d : loaded.diagnostics)
        cli::err(d.toString() + QLatin1Char('\n'));
    if (!loaded.ok()) {
        *code = cli::ExitProblems;
        return std::nullopt;
    }
    s.kb = std::move(loaded.kb);
    s.file = targetFileOf(language, s.kbDir, s.context);
    if (s.file.isEmpty()) {
        cli::err(QStringLiteral("fanva-cli %1: the knowledge base has no file for %2\n").arg(name, s.context));
        *code = cli::ExitProblems;
        return std::nullopt;
    }
    QFile file(s.file);
    if (!file.open(QIODevice::ReadOnly)) {
        cli::err(QStringLiteral("fanva-cli %1: cannot read %2: %3\n").arg(name, s.file, file.errorString()));
        *code = cli::ExitError;
        return std::nullopt;
    }
    s.bytes = file.readAll();
    const lang::StatementSelection selection = lang::selectStatements(*s.kb, s.bytes, s.file, int(first), int(last));
    if (!selection.ok()) {
        cli::err(QStringLiteral("fanva-cli %1: %2: %3\n").arg(name, QFileInfo(s.file).fileName(), selection.error));
        *code = cli::ExitProblems;
        return std::nullopt;
    }
    s.sentences = selection.statements;
    return s;
}

/// The session file's target and base: the file as it was read when the sentences were selected.
void setTarget(proposal::SessionFile &session, const Selection &s)
{
    proposal::Proposal &p = session.proposal;
    p.language = s.kb->language().id();
    p.kbDir = s.kbDir;
    p.context = s.context;
    p.targetFile = QDir(s.kbDir).relativeFilePath(s.file);
    p.baseSha256 = proposal::sha256Hex(s.bytes);
    p.absent = false;
    p.documentName = QFileInfo(s.file).fileName();
}

QString entryLine(const formalize::Entry &e)
{
    QStringList lines;
    for (const formalize::ExistingSentence &old : e.replaces)
        lines.append(QString::number(old.line));
    const QString where = lines.isEmpty() ? QStringLiteral("new") : QStringLiteral("line %1").arg(lines.join(QLatin1Char(',')));
    QString text = QStringLiteral("%1 %2 %3 %4 · %5\n")
                       .arg(e.id, formalize::entryKindName(e.kind), where, formalize::rankName(e.rank()), e.sentence().simplified());
    for (const lang::Problem &p : e.problems)
        text += QStringLiteral("    %1: %2\n").arg(p.type, p.message.simplified());
    return text;
}

/// Why `--out PATH` may not be written (docs/spec/rewrite.md §6), or nullopt: a file the KB
/// loader would read never; an existing file only with `fresh` (it may be a review session).
std::optional<QString> outProblem(const QString &path, const Selection &s, bool fresh)
{
    const QFileInfo info(path);
    const QString kbDir = QFileInfo(s.kbDir).canonicalFilePath();
    const QString parent = QFileInfo(info.absolutePath()).canonicalFilePath();
    if (!kbDir.isEmpty() && !parent.isEmpty()) {
        const QString relative = QDir(kbDir).relativeFilePath(QDir(parent).filePath(info.fileName()));
        const QStringList parts = relative.split(QLatin1Char('/'));
        const bool read = !relative.startsWith(QLatin1StringView("../"))
            && std::none_of(parts.begin(), parts.end(), [](const QString &part) { return part.startsWith(QLatin1Char('.')); })
            && QDir::match(s.kb->language().kbFilePatterns(), info.fileName());
        if (read)
            return QStringLiteral("%1 is a file of the knowledge base %2 (its loader reads it): save the session elsewhere, e.g. %3.fanva")
                .arg(path, s.kbDir, info.completeBaseName());
    }
    if (!info.exists() && !info.isSymLink())
        return std::nullopt;
    if (fresh && info.isFile())
        return std::nullopt;
    const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
    if (!loaded.session)
        return QStringLiteral("%1 exists and is no session; pass --fresh to replace it").arg(path);
    const proposal::Proposal &p = loaded.session->proposal;
    const bool sameTarget = QFileInfo(p.kbDir).canonicalFilePath() == kbDir && p.context == s.context
        && QDir::cleanPath(QDir(p.kbDir).filePath(p.targetFile)) == QDir::cleanPath(s.file);
    if (sameTarget)
        return QStringLiteral("%1 holds a session of the same target (%2 entries, %3); its decisions would be lost: save this one to "
                              "another file and apply them one after the other, or pass --fresh to replace it")
            .arg(path)
            .arg(p.entries.size())
            .arg(p.targetFile);
    return QStringLiteral("%1 holds a session of another target (%2 in %3); pass --fresh to replace it").arg(path, p.targetFile, p.kbDir);
}

int save(const QString &command, const proposal::SessionFile &session, const QString &path)
{
    if (const fanva::Status saved = session.save(path); !saved) {
        cli::err(QStringLiteral("fanva-cli %1: %2\n").arg(command, saved.message()));
        return cli::ExitError;
    }
    cli::err(QStringLiteral("fanva-cli %1: session saved to %2\n").arg(command, path));
    return cli::ExitOk;
}

struct RewriteRun {
    llm::ProviderOptions options;
    Selection selection;
    formalize::SessionInput input;
    QString outPath;
    std::unique_ptr<llm::Provider> provider;
    std::unique_ptr<formalize::Session> session;
    QDateTime created;
};

void finishRewrite(RewriteRun &run)
{
    const formalize::Session &session = *run.session;
    const QString outcome = session.outcomeName();
    cli::out(
        QStringLiteral("%1 ← rewrite of %2 sentences: %3\n").arg(run.selection.context).arg(run.selection.sentences.size()).arg(outcome));
    for (const formalize::Entry &e : session.entries()) {
        if (e.isReviewable())
            cli::out(entryLine(e));
    }
    int code = outcome == QLatin1StringView("success")                                               ? cli::ExitOk
        : (outcome == QLatin1StringView("chat-failed") || outcome == QLatin1StringView("cancelled")) ? cli::ExitError
                                                                                                     : cli::ExitProblems;
    if (!run.outPath.isEmpty()) {
        proposal::SessionOrigin origin;
        origin.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        origin.created = run.created;
        origin.modified = QDateTime::currentDateTimeUtc();
        origin.kbDir = run.selection.kbDir;
        origin.language = run.selection.kb->language().id();
        origin.documentPath = run.selection.file;
        origin.providerId = run.options.id;
        origin.model = run.options.model;
        origin.baseUrl = run.options.baseUrl.toString();
        origin.credential = run.options.keySource.isEmpty() ? QStringLiteral("none") : run.options.keySource;
        proposal::SessionFile file = proposal::sessionFileFrom(session, origin);
        setTarget(file, run.selection);
        if (save(QStringLiteral("rewrite"), file, run.outPath) != cli::ExitOk)
            code = cli::ExitError;
    }
    QCoreApplication::exit(code);
}

void startRewrite(RewriteRun &run)
{
    if (!cli::createSession(QStringLiteral("rewrite"), run.options, run.input, run.provider, run.session)) {
        QCoreApplication::exit(cli::ExitError);
        return;
    }
    QObject::connect(run.session.get(), &formalize::Session::finished, run.session.get(), [&run] { finishRewrite(run); });
    run.created = QDateTime::currentDateTimeUtc();
    run.session->start();
}

} // namespace

int runRewrite(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("rewrite"),
        QStringLiteral("Ask the model to rewrite the sentences that start on lines A-B of a context's file.\n"
                       "Each new sentence replaces the ones it names; retracted ones go; the rest stay.\n"
                       "Exit 0 success, 1 partial/exhausted/refused, 2 chat failure, usage error or cancelled."));
    QCommandLineParser &parser = commandLine.parser();
    cli::addProviderOptions(parser);
    commandLine.addKb(QStringLiteral("The knowledge base directory."));
    commandLine.addContext(QStringLiteral("The context whose file holds the sentences."));
    parser.addOptions({
        { QStringLiteral("lines"), QStringLiteral("The sentences that start on these lines of the file."), QStringLiteral("A-B") },
        { QStringLiteral("instruction"), QStringLiteral("What to change (\"use livesIn instead of lives_in\")."), QStringLiteral("TEXT") },
        { QStringLiteral("judge"), QStringLiteral("Run the fresh-context judge: on or off (default)."), QStringLiteral("on|off"),
            QStringLiteral("off") },
        { QStringLiteral("max-attempts"), QStringLiteral("Calls at most (1–10, default 4)."), QStringLiteral("N"), QStringLiteral("4") },
        { QStringLiteral("out"), QStringLiteral("Save the session file here (not over an existing file without --fresh)."),
            QStringLiteral("SESSION.fanva") },
        { QStringLiteral("fresh"), QStringLiteral("Replace an existing --out file (never a knowledge base file).") },
    });
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    if (!commandLine.hasKb() || !commandLine.hasContext() || !parser.isSet(QStringLiteral("lines")))
        return commandLine.usageError(QStringLiteral("--kb DIR, --context CX and --lines A-B are required"));
    if (const std::optional<int> exit = commandLine.chooseLanguage())
        return *exit;
    bool ok = false;
    const int maxAttempts = parser.value(QStringLiteral("max-attempts")).toInt(&ok);
    if (!ok || maxAttempts < 1 || maxAttempts > 10)
        return commandLine.usageError(QStringLiteral("--max-attempts takes a number from 1 to 10"));
    const QString judge = parser.value(QStringLiteral("judge"));
    if (judge != QLatin1StringView("on") && judge != QLatin1StringView("off"))
        return commandLine.usageError(QStringLiteral("--judge takes on or off"));

    auto run = std::make_unique<RewriteRun>();
    const llm::SelectionInput selection = cli::selectionInput(parser);
    const QString id = llm::selectedProvider(selection);
    if (id.isEmpty()) {
        cli::err(QStringLiteral("fanva-cli rewrite: no provider selected: pass --provider or set FANVA_PROVIDER\n"));
        return cli::ExitError;
    }
    run->options = llm::resolveOptions(id, selection);
    if (const fanva::Status applied = cli::applyProviderOptions(parser, run->options); !applied)
        return commandLine.usageError(applied.message());
    int code = cli::ExitOk;
    std::optional<Selection> selected = select(commandLine, parser.value(QStringLiteral("lines")), &code);
    if (!selected)
        return code;
    run->selection = std::move(*selected);
    run->outPath = parser.isSet(QStringLiteral("out")) ? QFileInfo(parser.value(QStringLiteral("out"))).absoluteFilePath() : QString();
    if (!run->outPath.isEmpty()) {
        if (const std::optional<QString> problem = outProblem(run->outPath, run->selection, parser.isSet(QStringLiteral("fresh")))) {
            cli::err(QStringLiteral("fanva-cli rewrite: %1\n").arg(*problem));
            return cli::ExitError;
        }
    }

    formalize::SessionSettings settings;
    settings.maxAttempts = maxAttempts;
    settings.judge = judge == QLatin1StringView("on");
    // Gated against the KB without the selected sentences (rewrite.md §1).
    run->input = lang::makeRewriteSessionInput(run->selection.kb, run->selection.context, run->selection.file, run->selection.bytes,
        run->selection.sentences, settings, parser.value(QStringLiteral("instruction")));
    run->input.kbSha256 = proposal::kbFingerprint(run->selection.kbDir, run->selection.kb->language().id()).sha256;

    RewriteRun &state = *run;
    cli::withKeyring(state.options, [&state] { startRewrite(state); });
    return QCoreApplication::exec();
}

int runRetract(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("retract"),
        QStringLiteral("Propose to retract the sentences that start on lines A-B of a context's file (no model).\n"
                       "Its entries are saved undecided: apply them with fanva-cli apply SESSION --accept all (or --accept c1,c3)."));
    QCommandLineParser &parser = commandLine.parser();
    commandLine.addKb(QStringLiteral("The knowledge base directory."));
    commandLine.addContext(QStringLiteral("The context whose file holds the sentences."));
    parser.addOptions({
        { QStringLiteral("lines"), QStringLiteral("The sentences that start on these lines of the file."), QStringLiteral("A-B") },
        { QStringLiteral("out"), QStringLiteral("Save the session file here (not over an existing file without --fresh)."),
            QStringLiteral("SESSION.fanva") },
        { QStringLiteral("fresh"), QStringLiteral("Replace an existing --out file (never a knowledge base file).") },
    });
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    if (!commandLine.hasKb() || !commandLine.hasContext() || !parser.isSet(QStringLiteral("lines")) || !parser.isSet(QStringLiteral("out")))
        return commandLine.usageError(QStringLiteral("--kb DIR, --context CX, --lines A-B and --out SESSION are required"));
    if (const std::optional<int> exit = commandLine.chooseLanguage())
        return *exit;
    int code = cli::ExitOk;
    const std::optional<Selection> s = select(commandLine, parser.value(QStringLiteral("lines")), &code);
    if (!s)
        return code;
    const QString outPath = QFileInfo(parser.value(QStringLiteral("out"))).absoluteFilePath();
    if (const std::optional<QString> problem = outProblem(outPath, *s, parser.isSet(QStringLiteral("fresh")))) {
        cli::err(QStringLiteral("fanva-cli retract: %1\n").arg(*problem));
        return cli::ExitError;
    }

    proposal::SessionFile session;
    session.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    session.created = session.modified = QDateTime::currentDateTimeUtc();
    session.documentPath = s->file;
    const QByteArray document = formalize::rewriteDocument(s->sentences);
    session.documentText = QString::fromUtf8(document);
    session.documentSha256 = proposal::sha256Hex(document);
    const proposal::KbFingerprint fingerprint = proposal::kbFingerprint(s->kbDir, s->kb->language().id());
    session.kbSha256 = fingerprint.sha256;
    session.kbFiles = fingerprint.files;
    session.providerId = QStringLiteral("none");
    session.instruction = QStringLiteral("retract");
    for (const formalize::Segment &seg : formalize::rewriteSegments(document))
        session.segments.push_back({ { "number", seg.number }, { "start", seg.start }, { "end", seg.end }, { "kind", "prose" } });
    session.outcome = { { "outcome", "success" }, { "stopReason", "converged" } };
    setTarget(session, *s);
    session.proposal.segmentTexts = proposal::segmentTextsFrom(session.documentText, session.segments);
    const lang::SentenceEdits *edits = s->kb->language().edits();
    if (!edits) {
        cli::err(QStringLiteral("fanva-cli retract: retracting is not available for a %1 knowledge base\n").arg(s->kb->language().id()));
        return cli::ExitProblems;
    }
    if (!edits->checksRetractions())
        cli::err(QStringLiteral("fanva-cli retract: %1 has no check of what a retraction takes away (docs/spec/rewrite.md §4): Apply's "
                                "reload refuses a file that no longer loads, and Undo restores it\n")
                     .arg(s->kb->language().id()));
    const std::vector<lang::StatementLine> going = proposal::statementLines(s->sentences);
    int number = 0;
    for (const formalize::ExistingSentence &old : s->sentences) {
        formalize::Entry e;
        e.id = QStringLiteral("c%1").arg(++number);
        e.segment = number;
        e.kind = formalize::EntryKind::Retract;
        e.replaces = { old };
        e.candidate = old.text;
        e.shapes = QStringList { old.text };
        e.state = formalize::EntryState::Admissible;
        // Undecided: Apply writes only what `apply --accept` names (docs/spec/rewrite.md §6).
        e.decision = formalize::Decision::Undecided;
        // Not silent: a retracted declaration that kept sentences still use (rewrite.md §4).
        if (const auto warning
            = edits->retractionWarning(*s->kb, s->context, s->file, s->bytes, proposal::statementLines(e.replaces), going))
            e.notes.push_back(*warning);
        cli::out(entryLine(e));
        for (const lang::Problem &n : e.notes)
            cli::out(QStringLiteral("    %1: %2\n").arg(n.type, n.message.simplified()));
        session.proposal.entries.push_back(e);
    }
    return save(QStringLiteral("retract"), session, outPath);
}

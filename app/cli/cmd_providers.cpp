// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli providers: each provider's configuration and credential presence; with --probe,
// what the reachable ones serve.
#include "clicommand.h"
#include "commands.h"
#include "providerargs.h"

#include "llm/format.h"
#include "llm/probe.h"
#include "llm/selection.h"
#include "status.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <memory>
#include <vector>

using namespace fanva;

namespace {

QString describe(const llm::ProbeResult &result)
{
    QString text = result.id + (result.selected ? QStringLiteral(" (selected)\n") : QStringLiteral("\n"));
    if (!result.baseUrl.isEmpty())
        text += QStringLiteral("  base URL: %1\n").arg(result.baseUrl);
    if (!result.model.isEmpty()) {
        text += QStringLiteral("  model: %1").arg(result.model);
        QStringList info;
        if (result.modelInfo.installed)
            info << (*result.modelInfo.installed ? QStringLiteral("installed") : QStringLiteral("not installed"));
        if (result.modelInfo.contextLength)
            info << QStringLiteral("context %1").arg(llm::formatCount(*result.modelInfo.contextLength));
        if (!result.modelInfo.capabilities.isEmpty())
            info << result.modelInfo.capabilities.join(QStringLiteral(", "));
        text += info.isEmpty() ? QStringLiteral("\n") : QStringLiteral(" (%1)\n").arg(info.join(QStringLiteral("; ")));
    }
    if (result.reachable) {
        text += QStringLiteral("  reachable: %1").arg(*result.reachable ? QStringLiteral("yes") : QStringLiteral("no"));
        if (!result.version.isEmpty())
            text += QStringLiteral(" (version %1)").arg(result.version);
        text += QLatin1Char('\n');
    }
    if (!result.models.isEmpty())
        text += QStringLiteral("  models: %1\n").arg(result.models.join(QStringLiteral(", ")));
    if (llm::providerInfo(result.id).keyring != llm::ProviderInfo::KeyringAccount::None || result.credential.present)
        text += QStringLiteral("  credential: %1\n").arg(result.credential.present ? result.credential.source : QStringLiteral("none"));
    if (!result.error.isEmpty())
        text += QStringLiteral("  error: %1\n").arg(result.error);
    return text;
}

struct ProvidersRun {
    std::vector<llm::ProviderOptions> options;
    std::vector<bool> selected;
    std::vector<std::unique_ptr<llm::ProviderProbe>> probes;
    bool network = false;
    bool json = false;
    int pending = 0;
};

void report(ProvidersRun &run)
{
    nlohmann::json list = nlohmann::json::array();
    QString text;
    int exitCode = cli::ExitOk;
    for (const auto &probe : run.probes) {
        const llm::ProbeResult &result = probe->result();
        list.push_back(result.toJson());
        text += describe(result);
        if (result.selected && !result.error.isEmpty())
            exitCode = cli::ExitError;
    }
    cli::out(run.json ? QString::fromStdString(nlohmann::json { { "providers", list } }.dump(2)) + QLatin1Char('\n') : text);
    QCoreApplication::exit(exitCode);
}

void probeAll(ProvidersRun &run)
{
    run.pending = int(run.options.size());
    for (std::size_t i = 0; i < run.options.size(); ++i) {
        auto probe = std::make_unique<llm::ProviderProbe>(run.options[i], run.selected[i]);
        QObject::connect(probe.get(), &llm::ProviderProbe::finished, probe.get(), [&run] {
            if (--run.pending == 0)
                report(run);
        });
        run.probes.push_back(std::move(probe));
    }
    for (const auto &probe : run.probes)
        probe->start(run.network);
}

} // namespace

int runProviders(const QStringList &args)
{
    cli::CommandLine commandLine(
        QStringLiteral("providers"), QStringLiteral("List the model providers, their configuration and credentials (never the keys)."));
    QCommandLineParser &parser = commandLine.parser();
    cli::addProviderOptions(parser);
    commandLine.addJson(QStringLiteral("Print one JSON document."));
    parser.addOptions({
        { QStringLiteral("probe"), QStringLiteral("Ask each configured server what it serves (Ollama: version, models, model details).") },
    });
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    if (!parser.positionalArguments().isEmpty())
        return cli::usageError(
            QStringLiteral("providers"), QStringLiteral("unexpected argument %1").arg(parser.positionalArguments().constFirst()));

    auto run = std::make_unique<ProvidersRun>();
    run->network = parser.isSet(QStringLiteral("probe"));
    run->json = parser.isSet(QStringLiteral("json"));
    const llm::SelectionInput input = cli::selectionInput(parser);
    const QString selected = llm::selectedProvider(input);
    if (!selected.isEmpty() && !llm::providerIds().contains(selected)) {
        cli::err(QStringLiteral("fanva-cli providers: unknown provider \"%1\"; choose one of: %2\n")
                     .arg(selected, llm::providerIds().join(QStringLiteral(", "))));
        return cli::ExitError;
    }
    for (const QString &id : llm::providerIds()) {
        llm::SelectionInput own = input;
        if (!selected.isEmpty() && id != selected) {
            // --model, --base-url and --script describe the selected provider only.
            own.model.clear();
            own.baseUrl.clear();
            own.scriptPath.clear();
        }
        llm::ProviderOptions options = llm::resolveOptions(id, own);
        if (const fanva::Status applied = cli::applyProviderOptions(parser, options); !applied)
            return commandLine.usageError(applied.message());
        run->options.push_back(options);
        run->selected.push_back(id == selected);
    }

    // Keyring look-ups run one after another; then the probes.
    ProvidersRun &state = *run;
    auto next = std::make_shared<std::function<void(std::size_t)>>();
    *next = [&state, next](std::size_t index) {
        if (index == state.options.size()) {
            probeAll(state);
            return;
        }
        cli::withKeyring(state.options[index], [next, index] { (*next)(index + 1); });
    };
    (*next)(0);
    const int code = QCoreApplication::exec();
    *next = nullptr;
    return code;
}

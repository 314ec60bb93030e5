// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/selection.h"

#include "llm/anthropicprovider.h"
#include "llm/credentials.h"
#include "llm/ollamaprovider.h"
#include "llm/openaiprovider.h"
#include "llm/redactor.h"
#include "llm/scriptedprovider.h"

#include <QHostAddress>

#include <algorithm>
#include <cmath>

namespace fanva::llm {

namespace {

QString firstSet(const QProcessEnvironment &environment, std::initializer_list<const char *> names)
{
    for (const char *name : names) {
        const QString value = environment.value(QString::fromLatin1(name)).trimmed();
        if (!value.isEmpty())
            return value;
    }
    return {};
}

QUrl plainUrl(const QString &text)
{
    QString trimmed = text.trimmed();
    while (trimmed.endsWith(QLatin1Char('/')))
        trimmed.chop(1);
    return QUrl(trimmed, QUrl::StrictMode);
}

std::vector<std::pair<QString, ProviderFactory>> &registered()
{
    static std::vector<std::pair<QString, ProviderFactory>> factories;
    return factories;
}

} // namespace

void registerProvider(const QString &id, ProviderFactory factory)
{
    // The provider describes itself (Provider::info()); its record is kept for callers that
    // ask without making one (llm::providerInfo).
    ProviderInfo info;
    ProviderOptions options;
    options.id = id;
    if (ProviderResult made = factory(options, nullptr); made.provider)
        info = made.provider->info();
    info.id = id;
    if (info.displayName.isEmpty())
        info.displayName = id;
    registerProviderInfo(info);

    auto &factories = registered();
    const auto it = std::find_if(factories.begin(), factories.end(), [&](const auto &f) { return f.first == id; });
    if (it != factories.end())
        it->second = std::move(factory);
    else
        factories.emplace_back(id, std::move(factory));
}

std::optional<std::chrono::milliseconds> parseTimeoutSeconds(const QString &text)
{
    bool ok = false;
    const double seconds = text.trimmed().toDouble(&ok);
    // NaN fails every comparison: the range test is written so that it refuses NaN too.
    if (!ok || !(seconds >= 0.0) || !(seconds * 1000.0 <= double(kMaxTimeout.count())))
        return std::nullopt;
    return std::chrono::milliseconds(std::llround(seconds * 1000.0));
}

QStringList providerIds()
{
    QStringList ids;
    for (const ProviderInfo &info : providerInfos())
        ids << info.id;
    return ids;
}

QUrl parseOllamaHost(const QString &value)
{
    QString text = value.trimmed();
    while (!text.isEmpty() && (text.front() == QLatin1Char('"') || text.front() == QLatin1Char('\'') || text.front().isSpace()))
        text.remove(0, 1);
    while (!text.isEmpty() && (text.back() == QLatin1Char('"') || text.back() == QLatin1Char('\'') || text.back().isSpace()))
        text.chop(1);

    QString scheme = QStringLiteral("http");
    int defaultPort = 11434;
    QString hostPort = text;
    if (const qsizetype separator = text.indexOf(QLatin1String("://")); separator >= 0) {
        scheme = text.left(separator).toLower();
        hostPort = text.mid(separator + 3);
        if (scheme == QLatin1String("http"))
            defaultPort = 80;
        else if (scheme == QLatin1String("https"))
            defaultPort = 443;
    }
    QString path;
    if (const qsizetype slash = hostPort.indexOf(QLatin1Char('/')); slash >= 0) {
        path = hostPort.mid(slash);
        hostPort = hostPort.left(slash);
    }
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    // user:password@host is kept for the connection (and never shown: see HttpCall::baseUrlText).
    QString userInfo;
    if (const qsizetype at = hostPort.lastIndexOf(QLatin1Char('@')); at >= 0) {
        userInfo = hostPort.left(at);
        hostPort = hostPort.mid(at + 1);
    }

    QString host = hostPort;
    int port = defaultPort;
    // host:port, [v6]:port, [v6], v6 without brackets, host
    const qsizetype colon = hostPort.lastIndexOf(QLatin1Char(':'));
    const bool bracketed = hostPort.startsWith(QLatin1Char('['));
    const bool hasPort
        = colon >= 0 && (bracketed ? hostPort.indexOf(QLatin1String("]:")) == colon - 1 : hostPort.count(QLatin1Char(':')) == 1);
    if (hasPort) {
        bool ok = false;
        const int parsed = hostPort.mid(colon + 1).toInt(&ok);
        if (!ok || parsed < 0 || parsed > 65535)
            return QUrl(QStringLiteral("http://127.0.0.1:11434"));
        port = parsed;
        host = hostPort.left(colon);
    }
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    if (host.isEmpty() || host == QLatin1String("0.0.0.0"))
        host = QStringLiteral("127.0.0.1");
    else if (QHostAddress(host) == QHostAddress(QHostAddress::AnyIPv6))
        host = QStringLiteral("::1");

    QUrl url;
    url.setScheme(scheme);
    url.setUserInfo(userInfo);
    url.setHost(host);
    url.setPort(port);
    url.setPath(path);
    return url;
}

QString selectedProvider(const SelectionInput &input)
{
    if (!input.provider.isEmpty())
        return input.provider;
    if (const QString env = firstSet(input.environment, { "FANVA_PROVIDER" }); !env.isEmpty())
        return env;
    return input.settingsProvider;
}

ProviderOptions resolveOptions(const QString &id, const SelectionInput &input)
{
    const QProcessEnvironment &env = input.environment;
    ProviderOptions options;
    options.id = id;
    options.model = !input.model.isEmpty() ? input.model : firstSet(env, { "FANVA_MODEL" });
    if (options.model.isEmpty())
        options.model = input.settingsModel;

    const QString settingsUrl = input.settingsBaseUrls.value(id);
    if (id == QLatin1String("ollama")) {
        QString host = !input.baseUrl.isEmpty() ? input.baseUrl : firstSet(env, { "FANVA_OLLAMA_HOST" });
        if (host.isEmpty())
            host = settingsUrl;
        if (host.isEmpty())
            host = firstSet(env, { "OLLAMA_HOST" });
        options.baseUrl = parseOllamaHost(host);
    } else if (id == QLatin1String("anthropic")) {
        QString url = !input.baseUrl.isEmpty() ? input.baseUrl : firstSet(env, { "FANVA_ANTHROPIC_BASE_URL" });
        if (url.isEmpty())
            url = settingsUrl;
        if (url.isEmpty())
            url = firstSet(env, { "ANTHROPIC_BASE_URL" });
        options.baseUrl = plainUrl(url.isEmpty() ? QStringLiteral("https://api.anthropic.com") : url);
    } else if (id == QLatin1String("openai")) {
        QString url = !input.baseUrl.isEmpty() ? input.baseUrl : firstSet(env, { "FANVA_OPENAI_BASE_URL" });
        if (url.isEmpty())
            url = settingsUrl;
        if (url.isEmpty())
            url = firstSet(env, { "OPENAI_BASE_URL" });
        if (!url.isEmpty())
            options.baseUrl = plainUrl(url);
    }

    if (const auto credential = environmentCredential(id, env)) {
        options.apiKey = credential->key;
        options.keySource = credential->source;
        Redactor::instance().addSecret(options.apiKey);
    }

    options.scriptPath = !input.scriptPath.isEmpty() ? input.scriptPath : firstSet(env, { "FANVA_SCRIPT" });
    if (options.scriptPath.isEmpty())
        options.scriptPath = providerInfo(id).defaultScript;

    if (const auto idle = parseTimeoutSeconds(firstSet(env, { "FANVA_IDLE_TIMEOUT" })); idle && idle->count() > 0)
        options.timeouts.idle = *idle;
    return options;
}

ProviderResult createProvider(const ProviderOptions &options, QObject *parent)
{
    ProviderResult result;
    const QString &id = options.id;
    for (const auto &factory : registered()) {
        if (factory.first == id)
            return factory.second(options, parent);
    }
    if (id == QLatin1String("ollama")) {
        result.provider = std::make_unique<OllamaProvider>(options, parent);
    } else if (id == QLatin1String("anthropic")) {
        result.provider = std::make_unique<AnthropicProvider>(options, parent);
    } else if (id == QLatin1String("openai")) {
        result.provider = std::make_unique<OpenAiProvider>(options, parent);
    } else if (id == QLatin1String("scripted") || id == QLatin1String("demo")) {
        const bool demo = id == QLatin1String("demo");
        if (options.scriptPath.isEmpty()) {
            result.failure
                = makeFailure(Failure::Kind::Config, "The scripted provider needs a script: pass --script FILE or set FANVA_SCRIPT.");
            return result;
        }
        Failure failure;
        auto scripted = ScriptedProvider::fromFile(
            options.scriptPath, demo ? ScriptedProvider::Mode::Demo : ScriptedProvider::Mode::Scripted, &failure, parent);
        if (!scripted) {
            result.failure = failure;
            return result;
        }
        if (!options.scriptRecordPath.isEmpty())
            scripted->setRecordPath(options.scriptRecordPath);
        result.provider = std::move(scripted);
    } else {
        result.failure = makeFailure(Failure::Kind::Config,
            QStringLiteral("Unknown provider \"%1\"; choose one of: %2.").arg(id, providerIds().join(QStringLiteral(", "))).toStdString());
    }
    return result;
}

} // namespace fanva::llm

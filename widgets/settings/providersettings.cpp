// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "settings/providersettings.h"

#include "llm/providerinfo.h"
#include "llm/selection.h"

#include <QSettings>
#include <QStandardPaths>

#include <algorithm>

namespace {

const QString s_providerKey = QStringLiteral("provider/default");
const QString s_scriptKey = QStringLiteral("provider/scripted/script");
const QString s_connectKey = QStringLiteral("timeouts/connectSeconds");
const QString s_idleKey = QStringLiteral("timeouts/idleSeconds");
const QString s_totalKey = QStringLiteral("timeouts/totalMinutes");
const QString s_maxReplyKey = QStringLiteral("limits/maxReplyMiB");
const QString s_maxAttemptsKey = QStringLiteral("formalize/maxAttempts");
const QString s_judgeKey = QStringLiteral("formalize/judge");
const QString s_judgeRetriesKey = QStringLiteral("formalize/judgeRetries");
const QString s_contextWindowKey = QStringLiteral("formalize/contextWindow");
const QString s_contextLimitKey = QStringLiteral("formalize/contextLimit");
const QString s_thinkingKey = QStringLiteral("provider/anthropic/thinking");
const QString s_effortKey = QStringLiteral("provider/anthropic/effort");

QString modelKey(const QString &id)
{
    return QStringLiteral("provider/%1/model").arg(id);
}

QString baseUrlKey(const QString &id)
{
    return QStringLiteral("provider/%1/baseUrl").arg(id);
}

int intValue(const QSettings &settings, const QString &key, int fallback, int low, int high)
{
    bool ok = false;
    const int value = settings.value(key).toInt(&ok);
    return ok ? std::clamp(value, low, high) : fallback;
}

} // namespace

QString ProviderSettings::defaultProvider(const QProcessEnvironment &environment) const
{
    if (const QString fromEnvironment = environment.value(QStringLiteral("FANVA_PROVIDER")).trimmed(); !fromEnvironment.isEmpty())
        return fromEnvironment;
    if (!provider.isEmpty())
        return provider;
    // Nothing configured: the rules draft without a model when they are built (docs/spec/rules.md §1).
    for (const fanva::llm::ProviderInfo &info : fanva::llm::providerInfos()) {
        if (info.draftsWithoutModel)
            return info.id;
    }
    return QStringLiteral("demo");
}

fanva::llm::ProviderOptions ProviderSettings::resolve(const QString &id, const QProcessEnvironment &environment) const
{
    fanva::llm::SelectionInput input;
    input.environment = environment;
    input.settingsProvider = provider;
    input.settingsModel = models.value(id);
    for (auto it = baseUrls.cbegin(); it != baseUrls.cend(); ++it) {
        if (!it.value().trimmed().isEmpty())
            input.settingsBaseUrls.insert(it.key(), it.value().trimmed());
    }
    fanva::llm::ProviderOptions options = fanva::llm::resolveOptions(id, input);
    const fanva::llm::ProviderInfo info = fanva::llm::providerInfo(id);
    // The saved script is the one the user chose for a provider that has no replay of its own.
    if (info.needsScript && options.scriptPath.isEmpty())
        options.scriptPath = scriptPath;

    options.timeouts.connect = std::chrono::seconds(connectTimeoutSeconds);
    options.timeouts.total = std::chrono::minutes(totalTimeoutMinutes);
    // FANVA_IDLE_TIMEOUT (read by resolveOptions) is the one timeout the environment sets.
    bool ok = false;
    const double idleFromEnvironment = environment.value(QStringLiteral("FANVA_IDLE_TIMEOUT")).trimmed().toDouble(&ok);
    if (!ok || idleFromEnvironment <= 0)
        options.timeouts.idle = std::chrono::seconds(idleTimeoutSeconds);
    options.contextCap = contextLimit;
    if (info.thinkingKnobs) {
        options.anthropicThinking = anthropicThinking;
        if (anthropicEffort == QLatin1String("low"))
            options.anthropicEffort = fanva::llm::Effort::Low;
        else if (anthropicEffort == QLatin1String("medium"))
            options.anthropicEffort = fanva::llm::Effort::Medium;
        else if (anthropicEffort == QLatin1String("high"))
            options.anthropicEffort = fanva::llm::Effort::High;
    }
    options.maxReplyBytes = qsizetype(maxReplyMib) * 1024 * 1024;
    return options;
}

ProviderSettings ProviderSettings::load(const QSettings &settings)
{
    ProviderSettings result;
    result.provider = settings.value(s_providerKey).toString();
    const QStringList ids = fanva::llm::providerIds();
    for (const QString &id : ids) {
        if (const QString model = settings.value(modelKey(id)).toString(); !model.isEmpty())
            result.models.insert(id, model);
        if (const QString url = settings.value(baseUrlKey(id)).toString(); !url.isEmpty())
            result.baseUrls.insert(id, url);
    }
    result.scriptPath = settings.value(s_scriptKey).toString();
    result.connectTimeoutSeconds = intValue(settings, s_connectKey, result.connectTimeoutSeconds, 1, 600);
    result.idleTimeoutSeconds = intValue(settings, s_idleKey, result.idleTimeoutSeconds, 1, 3600);
    result.totalTimeoutMinutes = intValue(settings, s_totalKey, result.totalTimeoutMinutes, 0, 24 * 60);
    result.maxReplyMib = intValue(settings, s_maxReplyKey, result.maxReplyMib, 1, kMaxReplyMib);
    result.session.maxAttempts = intValue(settings, s_maxAttemptsKey, result.session.maxAttempts, 1, 10);
    result.session.judge = settings.value(s_judgeKey, result.session.judge).toBool();
    result.session.judgeRetries = intValue(settings, s_judgeRetriesKey, result.session.judgeRetries, 0, 3);
    result.session.contextWindow = intValue(settings, s_contextWindowKey, result.session.contextWindow, 1024, 4 * 1024 * 1024);
    result.loadModelKnobs(settings);
    return result;
}

void ProviderSettings::loadModelKnobs(const QSettings &settings)
{
    contextLimit = intValue(settings, s_contextLimitKey, 0, 0, 4 * 1024 * 1024);
    anthropicThinking = settings.value(s_thinkingKey, false).toBool();
    const QString effort = settings.value(s_effortKey).toString();
    const bool known = effort == QLatin1String("low") || effort == QLatin1String("medium") || effort == QLatin1String("high");
    anthropicEffort = known ? effort : QString();
}

void ProviderSettings::saveModelKnobs(QSettings &settings) const
{
    settings.setValue(s_contextLimitKey, contextLimit);
    settings.setValue(s_thinkingKey, anthropicThinking);
    settings.setValue(s_effortKey, anthropicEffort);
}

void ProviderSettings::save(QSettings &settings) const
{
    settings.setValue(s_providerKey, provider);
    const QStringList ids = fanva::llm::providerIds();
    for (const QString &id : ids) {
        if (const QString model = models.value(id); !model.isEmpty())
            settings.setValue(modelKey(id), model);
        else
            settings.remove(modelKey(id));
        if (const QString url = baseUrls.value(id); !url.isEmpty())
            settings.setValue(baseUrlKey(id), url);
        else
            settings.remove(baseUrlKey(id));
    }
    settings.setValue(s_scriptKey, scriptPath);
    settings.setValue(s_connectKey, connectTimeoutSeconds);
    settings.setValue(s_idleKey, idleTimeoutSeconds);
    settings.setValue(s_totalKey, totalTimeoutMinutes);
    settings.setValue(s_maxReplyKey, maxReplyMib);
    settings.setValue(s_maxAttemptsKey, session.maxAttempts);
    settings.setValue(s_judgeKey, session.judge);
    settings.setValue(s_judgeRetriesKey, session.judgeRetries);
    settings.setValue(s_contextWindowKey, session.contextWindow);
    saveModelKnobs(settings);
}

QString ProviderSettings::defaultFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/fanva.conf");
}

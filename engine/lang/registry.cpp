// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/registry.h"

#include "lang/fanvakb/fanvakb.h"
#include "lang/nibli/niblilanguage.h"
#include "status.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace fanva::lang {

namespace {

const QString s_fanvaKb = QStringLiteral("fanva-kb");
const QString s_nibli = QStringLiteral("nibli");
constexpr qint64 s_maxConfigBytes = qint64(1024) * 1024;

bool isLanguageId(const QString &id)
{
    return languageIds().contains(id);
}

/// A value as the user wrote it, for messages: a string's text, else its compact JSON.
QString shown(const jsonutil::Json &value)
{
    if (const std::optional<QString> text = jsonutil::asString(value))
        return *text;
    return QString::fromStdString(value.dump());
}

bool holdsFiles(const QString &dir, const QString &pattern)
{
    return !kbFilesMatching(dir, { pattern }).isEmpty();
}

} // namespace

const QStringList &languageIds()
{
    static const QStringList ids { s_fanvaKb, s_nibli };
    return ids;
}

const Language *languageById(QStringView id)
{
    if (id == s_fanvaKb)
        return &fanvaKb();
    if (id == s_nibli)
        return &nibliLanguage();
    return nullptr;
}

const Language &defaultLanguage()
{
    return fanvaKb();
}

LanguageChoice languageOfConfig(const jsonutil::Json &config)
{
    const jsonutil::Json *value = jsonutil::member(config, "language");
    if (!value)
        return { s_fanvaKb, {} };
    if (const std::optional<QString> id = jsonutil::asString(*value); id && isLanguageId(*id))
        return { *id, {} };
    return { {}, QStringLiteral("unknown language \"%1\" in fanva.json: write \"fanva-kb\" or \"nibli\"").arg(shown(*value)) };
}

std::optional<LanguageChoice> languageOfWorkspace(const QString &folder)
{
    QFile file(QDir(folder).filePath(QStringLiteral("fanva.json")));
    if (!file.exists() || file.size() > s_maxConfigBytes || !file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const Result<jsonutil::Json> json = jsonutil::parse(file.readAll());
    if (!json || !json->is_object())
        return std::nullopt;
    return languageOfConfig(*json);
}

LanguageChoice chooseCliLanguage(const CliLanguageInput &input)
{
    if (input.option) {
        if (isLanguageId(*input.option))
            return { *input.option, {} };
        return { {}, QStringLiteral("unknown language \"%1\": write --language fanva-kb or --language nibli").arg(*input.option) };
    }
    if (input.kbDir) {
        const QFileInfo dir(*input.kbDir);
        for (const QString &folder : { dir.absoluteDir().absolutePath(), dir.absoluteFilePath() }) {
            if (std::optional<LanguageChoice> configured = languageOfWorkspace(folder))
                return *configured;
        }
    }
    for (const QString &file : input.files) {
        if (file.endsWith(QLatin1StringView(".nibli")))
            return { s_nibli, {} };
    }
    if (input.kbDir && QFileInfo(*input.kbDir).isDir()) {
        // Only a folder with nibli files needs the second walk.
        const bool nibli = holdsFiles(*input.kbDir, QStringLiteral("*.nibli"));
        if (nibli && holdsFiles(*input.kbDir, QStringLiteral("*.txt")))
            return { {},
                QStringLiteral("the KB folder %1 holds both *.txt and *.nibli files: say which language it is with --language fanva-kb or "
                               "--language nibli")
                    .arg(QDir::toNativeSeparators(*input.kbDir)) };
        if (nibli)
            return { s_nibli, {} };
    }
    return { s_fanvaKb, {} };
}

LanguageLookup lookUp(const LanguageChoice &choice)
{
    if (!choice.ok())
        return { nullptr, choice.error };
    if (const Language *language = languageById(choice.id))
        return { language, {} };
    return { nullptr, QStringLiteral("the language \"%1\" is not built into this Fanva: use \"fanva-kb\"").arg(choice.id) };
}

std::optional<QString> sessionLanguageMismatch(const QString &sessionLanguage, const QString &workspaceLanguage)
{
    const QString session = sessionLanguage.isEmpty() ? s_fanvaKb : sessionLanguage;
    if (session == workspaceLanguage)
        return std::nullopt;
    return QStringLiteral("the session was made in the language \"%1\", but this KB is in \"%2\": a session reopens only under its own "
                          "language")
        .arg(session, workspaceLanguage);
}

} // namespace fanva::lang

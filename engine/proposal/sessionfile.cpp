// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/sessionfile.h"

#include "formalize/session.h"
#include "kb/knowledgebase.h"
#include "proposal/atomicwrite_p.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace fanva::proposal {

namespace {

using formalize::fromUtf8;
using formalize::utf8;

constexpr int s_version = 1;

QString str(const nlohmann::json &j, const char *key)
{
    return j.is_object() && j.contains(key) && j[key].is_string() ? fromUtf8(j[key].get<std::string>()) : QString();
}

nlohmann::json sub(const nlohmann::json &j, const char *key, nlohmann::json fallback)
{
    return j.is_object() && j.contains(key) ? j[key] : fallback;
}

qint64 integer(const nlohmann::json &j, const char *key)
{
    return j.contains(key) && j[key].is_number_integer() ? j[key].get<qint64>() : -1;
}

QString isoTime(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QString relative(const QString &baseDir, const QString &path)
{
    return path.isEmpty() ? QString() : QDir(baseDir).relativeFilePath(path);
}

QString absolute(const QString &baseDir, const QString &path)
{
    return path.isEmpty() ? QString() : QDir::cleanPath(QDir(baseDir).absoluteFilePath(path));
}

} // namespace

nlohmann::json SessionFile::toJson(const QString &baseDir) const
{
    nlohmann::json j;
    j["format"] = "fanva-session";
    j["version"] = s_version;
    j["id"] = utf8(id);
    j["created"] = utf8(isoTime(created));
    j["modified"] = utf8(isoTime(modified));
    j["document"] = { { "path", utf8(relative(baseDir, documentPath)) }, { "name", utf8(proposal.documentName) },
        { "sha256", utf8(documentSha256) }, { "text", utf8(documentText) } };
    nlohmann::json files = nlohmann::json::object();
    for (const auto &[name, hash] : kbFiles)
        files[utf8(name)] = utf8(hash);
    j["kb"] = { { "dir", utf8(relative(baseDir, proposal.kbDir)) }, { "sha256", utf8(kbSha256) }, { "files", files } };
    j["context"] = utf8(proposal.context);
    j["target"] = { { "file", utf8(proposal.targetFile) },
        { "baseSha256", proposal.absent ? nlohmann::json() : nlohmann::json(utf8(proposal.baseSha256)) }, { "absent", proposal.absent } };
    j["provider"]
        = { { "id", utf8(providerId) }, { "model", utf8(model) }, { "baseUrl", utf8(baseUrl) }, { "credential", utf8(credential) } };
    j["settings"] = settings;
    j["instruction"] = utf8(instruction);
    j["prompts"] = { { "systemSha256", utf8(systemSha256) }, { "documentTurn", utf8(documentTurn) } };
    j["segments"] = segments;
    j["resolutions"] = resolutions;
    j["inventoryCut"] = inventoryCut;
    j["events"] = events;
    j["outcome"] = outcome;
    nlohmann::json entries = nlohmann::json::array();
    for (const Entry &e : proposal.entries)
        entries.push_back(formalize::entryToJson(e));
    j["entries"] = entries;
    nlohmann::json applies = nlohmann::json::array();
    for (const ApplyRecord &a : proposal.applies)
        applies.push_back({ { "journalId", utf8(a.journalId) }, { "state", utf8(a.state) } });
    j["applies"] = applies;
    return j;
}

QByteArray SessionFile::toBytes(const QString &baseDir) const
{
    return QByteArray::fromStdString(toJson(baseDir).dump(1)) + '\n';
}

bool SessionFile::save(const QString &path, QString *error) const
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        *error = QStringLiteral("cannot create %1").arg(info.absolutePath());
        return false;
    }
    return detail::writeAtomically(path, toBytes(info.absolutePath()), {}, error);
}

SessionLoad sessionFromJson(const nlohmann::json &j, const QString &baseDir)
{
    SessionLoad result;
    if (!j.is_object() || str(j, "format") != QLatin1StringView("fanva-session")) {
        result.error = QStringLiteral("not a Fanva session file");
        return result;
    }
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != s_version) {
        result.error = QStringLiteral("unsupported session file version (this Fanva reads version %1)").arg(s_version);
        return result;
    }
    SessionFile s;
    s.id = str(j, "id");
    s.created = QDateTime::fromString(str(j, "created"), Qt::ISODateWithMs);
    s.modified = QDateTime::fromString(str(j, "modified"), Qt::ISODateWithMs);
    const nlohmann::json document = sub(j, "document", nlohmann::json::object());
    s.documentPath = absolute(baseDir, str(document, "path"));
    s.proposal.documentName = str(document, "name");
    s.documentSha256 = str(document, "sha256");
    s.documentText = str(document, "text");
    const nlohmann::json kb = sub(j, "kb", nlohmann::json::object());
    s.proposal.kbDir = absolute(baseDir, str(kb, "dir"));
    s.kbSha256 = str(kb, "sha256");
    const nlohmann::json files = sub(kb, "files", nlohmann::json::object());
    if (files.is_object()) {
        for (auto it = files.begin(); it != files.end(); ++it) {
            if (it.value().is_string())
                s.kbFiles[fromUtf8(it.key())] = fromUtf8(it.value().get<std::string>());
        }
    }
    s.proposal.context = str(j, "context");
    const nlohmann::json target = sub(j, "target", nlohmann::json::object());
    s.proposal.targetFile = str(target, "file");
    s.proposal.baseSha256 = str(target, "baseSha256");
    s.proposal.absent = target.is_object() && target.contains("absent") && target["absent"].is_boolean() && target["absent"].get<bool>();
    const nlohmann::json provider = sub(j, "provider", nlohmann::json::object());
    s.providerId = str(provider, "id");
    s.model = str(provider, "model");
    s.baseUrl = str(provider, "baseUrl");
    s.credential = str(provider, "credential");
    s.settings = sub(j, "settings", nlohmann::json::object());
    s.instruction = str(j, "instruction");
    const nlohmann::json prompts = sub(j, "prompts", nlohmann::json::object());
    s.systemSha256 = str(prompts, "systemSha256");
    s.documentTurn = str(prompts, "documentTurn");
    s.segments = sub(j, "segments", nlohmann::json::array());
    s.resolutions = sub(j, "resolutions", nlohmann::json::array());
    s.inventoryCut = sub(j, "inventoryCut", nlohmann::json::object());
    s.events = sub(j, "events", nlohmann::json::array());
    s.outcome = sub(j, "outcome", nlohmann::json::object());
    const nlohmann::json entries = sub(j, "entries", nlohmann::json::array());
    if (entries.is_array()) {
        for (const auto &item : entries) {
            std::optional<Entry> entry = formalize::entryFromJson(item);
            if (!entry) {
                result.error = QStringLiteral("the session file holds an entry that does not read");
                return result;
            }
            s.proposal.entries.push_back(std::move(*entry));
        }
    }
    const nlohmann::json applies = sub(j, "applies", nlohmann::json::array());
    if (applies.is_array()) {
        for (const auto &a : applies)
            s.proposal.applies.push_back({ str(a, "journalId"), str(a, "state") });
    }
    s.proposal.segmentTexts = segmentTextsFrom(s.documentText, s.segments);
    result.session = std::move(s);
    return result;
}

SessionLoad loadSessionFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return { std::nullopt, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()) };
    const QByteArray bytes = file.readAll();
    const nlohmann::json j = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (j.is_discarded())
        return { std::nullopt, QStringLiteral("%1 is not JSON").arg(path) };
    SessionLoad result = sessionFromJson(j, QFileInfo(path).absolutePath());
    if (!result.session)
        result.error = QStringLiteral("%1: %2").arg(path, result.error);
    return result;
}

SessionFile sessionFileFrom(const formalize::Session &session, const SessionOrigin &origin)
{
    const formalize::SessionInput &input = session.input();
    SessionFile s;
    s.id = origin.id;
    s.created = origin.created;
    s.modified = origin.modified;
    s.documentPath = origin.documentPath;
    s.documentText = QString::fromUtf8(input.document);
    s.documentSha256 = sha256Hex(input.document);
    const KbFingerprint fingerprint = kbFingerprint(origin.kbDir);
    s.kbSha256 = fingerprint.sha256;
    s.kbFiles = fingerprint.files;
    s.providerId = origin.providerId;
    s.model = origin.model;
    s.baseUrl = origin.baseUrl;
    s.credential = origin.credential;
    s.settings = input.settings.toJson();
    s.instruction = input.instruction;
    s.systemSha256 = sha256Hex(input.systemPrefix.toUtf8());
    s.documentTurn = session.documentTurnText();
    nlohmann::json segments = nlohmann::json::array();
    for (const formalize::Segment &seg : session.segments()) {
        segments.push_back({ { "number", seg.number }, { "start", seg.start }, { "end", seg.end },
            { "kind", std::string(formalize::segmentKindName(seg.kind).data(), formalize::segmentKindName(seg.kind).size()) } });
    }
    s.segments = segments;
    nlohmann::json resolutions = nlohmann::json::array();
    for (const formalize::PromptResolution &r : input.resolutions)
        resolutions.push_back({ { "surface", formalize::utf8(r.surface) }, { "term", formalize::utf8(r.term) } });
    s.resolutions = resolutions;
    s.inventoryCut = input.inventoryCut;
    s.events = session.events();
    s.outcome = session.outcome();

    Proposal &p = s.proposal;
    p.kbDir = origin.kbDir;
    p.context = input.context;
    p.targetFile = input.context + QStringLiteral(".txt");
    if (input.kb) {
        if (const auto info = input.kb->contextInfo(kb::intern(input.context.toStdString())); info && !info->file.isEmpty())
            p.targetFile = QDir(origin.kbDir).relativeFilePath(QDir(input.kb->root()).absoluteFilePath(info->file));
    }
    const std::optional<QString> base = fileSha256(p.targetPath());
    p.absent = !base.has_value();
    p.baseSha256 = base.value_or(QString());
    p.documentName = input.documentName;
    p.segmentTexts = segmentTextsFrom(s.documentText, s.segments);
    p.entries = session.entries();
    return s;
}

KbFingerprint kbFingerprint(const QString &dir)
{
    KbFingerprint fp;
    const QDir root(dir);
    QDirIterator it(dir, { QStringLiteral("*.txt") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        fp.files[root.relativeFilePath(path)] = fileSha256(path).value_or(QString());
    }
    QByteArray all;
    for (const auto &[name, hash] : fp.files)
        all += name.toUtf8() + '\0' + hash.toLatin1() + '\n';
    fp.sha256 = sha256Hex(all);
    return fp;
}

QStringList segmentTextsFrom(const QString &documentText, const nlohmann::json &segments)
{
    QStringList texts;
    if (!segments.is_array())
        return texts;
    const QByteArray bytes = documentText.toUtf8();
    for (const auto &segment : segments) {
        if (!segment.is_object())
            continue;
        const auto number = integer(segment, "number");
        const auto start = integer(segment, "start");
        const auto end = integer(segment, "end");
        if (number < 1 || start < 0 || end < start || end > bytes.size())
            continue;
        while (texts.size() < number)
            texts.append(QString());
        texts[number - 1] = QString::fromUtf8(bytes.mid(start, end - start));
    }
    return texts;
}

} // namespace fanva::proposal

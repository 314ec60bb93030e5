// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/sessionfile.h"

#include "lang/language.h"

#include "formalize/fieldreader.h"
#include "formalize/session.h"
#include "jsonutil.h"
#include "kb/knowledgebase.h"
#include "lang/registry.h"
#include "llm/providerinfo.h"
#include "proposal/atomicwrite_p.h"
#include "proposal/forcedseal.h"
#include "status.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <cstdint>

namespace fanva::proposal {

namespace {

using formalize::fromUtf8;
using formalize::utf8;

constexpr int s_version = 1;

/// A URL as a session may store it: without user name or password (M5). Text that is no
/// URL is kept only when it holds no '@', which could carry user information.
QString withoutUserInfo(const QString &url)
{
    if (url.isEmpty())
        return url;
    const QUrl parsed(url);
    if (parsed.isValid() && !parsed.host().isEmpty())
        return parsed.userInfo().isEmpty() ? url : parsed.adjusted(QUrl::RemoveUserInfo).toString();
    return url.contains(QLatin1Char('@')) ? QString() : url;
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

/// Forced entries without this user's seal become undecided (formalize.md §13.1): their ids.
QStringList dropUnsealedForces(Proposal &proposal, const nlohmann::json *entries)
{
    QStringList dropped;
    std::optional<ForcedSeal> seal;
    for (std::size_t i = 0; i < proposal.entries.size(); ++i) {
        Entry &e = proposal.entries[i];
        if (e.decision != Decision::Forced)
            continue;
        if (!seal)
            seal.emplace();
        const nlohmann::json &json = (*entries)[i];
        const QString given = json.is_object() ? jsonutil::string(json, "forcedSeal") : QString();
        if (seal->verify(proposal, e, given))
            continue;
        e.decision = Decision::Undecided;
        e.forced.clear();
        dropped.append(e.id);
    }
    return dropped;
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
    j["kb"] = { { "dir", utf8(relative(baseDir, proposal.kbDir)) }, { "language", utf8(proposal.language) }, { "sha256", utf8(kbSha256) },
        { "files", files } };
    j["context"] = utf8(proposal.context);
    j["target"] = { { "file", utf8(proposal.targetFile) },
        { "baseSha256", proposal.absent ? nlohmann::json() : nlohmann::json(utf8(proposal.baseSha256)) }, { "absent", proposal.absent } };
    if (!proposal.sees.isEmpty()) {
        nlohmann::json sees = nlohmann::json::array();
        for (const QString &parent : proposal.sees)
            sees.push_back(utf8(parent));
        j["target"]["sees"] = sees;
    }
    j["provider"] = { { "id", utf8(providerId) }, { "model", utf8(model) }, { "baseUrl", utf8(withoutUserInfo(baseUrl)) },
        { "credential", utf8(credential) } };
    j["settings"] = settings;
    j["instruction"] = utf8(instruction);
    j["prompts"] = { { "systemSha256", utf8(systemSha256) }, { "documentTurn", utf8(documentTurn) } };
    j["segments"] = segments;
    j["resolutions"] = resolutions;
    j["inventoryCut"] = inventoryCut;
    j["events"] = events;
    j["outcome"] = outcome;
    nlohmann::json entries = nlohmann::json::array();
    std::optional<ForcedSeal> seal;
    for (const Entry &e : proposal.entries) {
        entries.push_back(formalize::entryToJson(e));
        // A forced decision is kept on load only under this user's seal (formalize.md §13.1).
        if (e.decision == Decision::Forced) {
            if (!seal)
                seal.emplace();
            if (const QString sealed = seal->seal(proposal, e); !sealed.isEmpty())
                entries.back()["forcedSeal"] = utf8(sealed);
        }
    }
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

Status SessionFile::save(const QString &path) const
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return Status::failure(QStringLiteral("cannot create %1").arg(info.absolutePath()));
    // A new session file is the owner's alone: it holds the document and what Apply removes.
    return detail::writeAtomically(path, toBytes(info.absolutePath()), {}, 0600);
}

namespace {

using formalize::FieldReader;

/// The object at `key`, read as an empty one when it is absent (older files).
FieldReader section(const FieldReader &r, std::string_view key)
{
    static const nlohmann::json empty = nlohmann::json::object();
    const nlohmann::json *o = r.object(key);
    return r.at(o ? *o : empty, key);
}

/// The array or object at `key` as it is, `fallback` when it is absent.
nlohmann::json rawSection(const FieldReader &r, std::string_view key, nlohmann::json fallback)
{
    const nlohmann::json *m = fallback.is_array() ? r.array(key) : r.object(key);
    return m ? *m : std::move(fallback);
}

void readDocument(const FieldReader &r, const QString &baseDir, SessionFile &s)
{
    s.id = r.string("id");
    s.created = QDateTime::fromString(r.string("created"), Qt::ISODateWithMs);
    s.modified = QDateTime::fromString(r.string("modified"), Qt::ISODateWithMs);
    const FieldReader document = section(r, "document");
    s.documentPath = absolute(baseDir, document.string("path"));
    s.proposal.documentName = document.string("name");
    s.documentSha256 = document.string("sha256");
    s.documentText = document.string("text");
}

void readKb(const FieldReader &r, const QString &baseDir, SessionFile &s)
{
    const FieldReader kb = section(r, "kb");
    s.proposal.kbDir = absolute(baseDir, kb.string("dir"));
    // Older files have no language: theirs is fanva-kb (nibli-kr.md §1.2).
    if (const QString language = kb.string("language"); !language.isEmpty())
        s.proposal.language = language;
    s.kbSha256 = kb.string("sha256");
    if (const nlohmann::json *files = kb.object("files")) {
        for (auto it = files->begin(); it != files->end(); ++it) {
            if (const std::optional<QString> hash = jsonutil::asString(it.value()))
                s.kbFiles[fromUtf8(it.key())] = *hash;
        }
    }
}

void readTarget(const FieldReader &r, SessionFile &s)
{
    s.proposal.context = r.string("context");
    const FieldReader target = section(r, "target");
    s.proposal.targetFile = target.string("file");
    s.proposal.baseSha256 = target.string("baseSha256");
    s.proposal.absent = target.boolean("absent");
    if (const nlohmann::json *sees = target.array("sees")) {
        for (const nlohmann::json &parent : *sees) {
            if (const std::optional<QString> name = jsonutil::asString(parent))
                s.proposal.sees.append(*name);
        }
    }
}

void readProvider(const FieldReader &r, SessionFile &s)
{
    const FieldReader provider = section(r, "provider");
    s.providerId = provider.string("id");
    s.proposal.draftedByRules = llm::providerInfo(s.providerId).draftsWithoutModel;
    s.model = provider.string("model");
    s.baseUrl = withoutUserInfo(provider.string("baseUrl"));
    s.credential = provider.string("credential");
}

/// What the session did, kept as the file has it: settings, prompts, segments, events, outcome.
void readRecords(const FieldReader &r, SessionFile &s)
{
    s.settings = rawSection(r, "settings", nlohmann::json::object());
    s.instruction = r.string("instruction");
    const FieldReader prompts = section(r, "prompts");
    s.systemSha256 = prompts.string("systemSha256");
    s.documentTurn = prompts.string("documentTurn");
    s.segments = rawSection(r, "segments", nlohmann::json::array());
    s.resolutions = rawSection(r, "resolutions", nlohmann::json::array());
    s.inventoryCut = rawSection(r, "inventoryCut", nlohmann::json::object());
    s.events = rawSection(r, "events", nlohmann::json::array());
    s.outcome = rawSection(r, "outcome", nlohmann::json::object());
}

/// Each segment is a sentence of the document: its number in range, its span inside the text.
bool checkSegments(const FieldReader &r, const SessionFile &s)
{
    const qsizetype documentBytes = s.documentText.toUtf8().size();
    for (std::size_t i = 0; i < s.segments.size(); ++i) {
        const FieldReader seg = r.at(s.segments[i], "segments", i);
        if (!s.segments[i].is_object()) {
            seg.fail({}, QStringLiteral("expected an object, found %1").arg(formalize::jsonTypeName(s.segments[i])));
            return false;
        }
        const std::optional<std::int64_t> number = seg.optInteger("number");
        const std::optional<std::int64_t> start = seg.optInteger("start");
        const std::optional<std::int64_t> end = seg.optInteger("end");
        if (!seg.ok())
            return false;
        if (!number || *number < 1 || *number > std::int64_t(s.segments.size()))
            seg.fail("number",
                QStringLiteral("%1 is not a sentence of the document, which has %2")
                    .arg(number ? QString::number(*number) : QStringLiteral("none"))
                    .arg(s.segments.size()));
        else if (!start || !end || *start < 0 || *end < *start || *end > documentBytes)
            seg.fail({},
                QStringLiteral("the span %1–%2 is not inside the document's %3 bytes")
                    .arg(start.value_or(-1))
                    .arg(end.value_or(-1))
                    .arg(documentBytes));
        if (!seg.ok())
            return false;
    }
    return true;
}

/// Reads the entries; the first that does not read is `r`'s error.
bool readEntries(const FieldReader &r, SessionFile &s)
{
    const nlohmann::json *entries = r.array("entries");
    if (!entries)
        return r.ok();
    for (std::size_t i = 0; i < entries->size(); ++i) {
        const QString path = QStringLiteral("entries[%1]").arg(i);
        Result<Entry> entry = formalize::entryFromJson((*entries)[i], path);
        if (!entry) {
            r.fail({}, entry.message());
            return false;
        }
        if (entry->segment < 0 || entry->segment > int(s.segments.size())) {
            r.fail({},
                QStringLiteral("%1.segment: %2 is not a sentence of the document, which has %3")
                    .arg(path)
                    .arg(entry->segment)
                    .arg(s.segments.size()));
            return false;
        }
        s.proposal.entries.push_back(std::move(*entry));
    }
    return r.ok();
}

void readApplies(const FieldReader &r, SessionFile &s)
{
    if (const nlohmann::json *applies = r.array("applies")) {
        for (std::size_t i = 0; i < applies->size(); ++i) {
            const FieldReader a = r.at((*applies)[i], "applies", i);
            s.proposal.applies.push_back({ a.string("journalId"), a.string("state") });
        }
    }
}

} // namespace

SessionLoad sessionFromJson(const nlohmann::json &j, const QString &baseDir)
{
    SessionLoad result;
    if (!j.is_object() || jsonutil::string(j, "format") != QLatin1StringView("fanva-session")) {
        result.error = QStringLiteral("not a Fanva session file");
        return result;
    }
    if (jsonutil::optInteger(j, "version") != s_version) {
        result.error = QStringLiteral("unsupported session file version (this Fanva reads version %1)").arg(s_version);
        return result;
    }
    QString error;
    const FieldReader r(j, QString(), &error);
    SessionFile s;
    readDocument(r, baseDir, s);
    readKb(r, baseDir, s);
    readTarget(r, s);
    readProvider(r, s);
    readRecords(r, s);
    if (!r.ok() || !checkSegments(r, s) || !readEntries(r, s)) {
        result.error = QStringLiteral("the session file does not read: %1").arg(error);
        return result;
    }
    result.unsealed = dropUnsealedForces(s.proposal, r.array("entries"));
    readApplies(r, s);
    if (!r.ok()) {
        result.error = QStringLiteral("the session file does not read: %1").arg(error);
        return result;
    }
    s.proposal.segmentTexts = segmentTextsFrom(s.documentText, s.segments);
    result.session = std::move(s);
    return result;
}

SessionLoad loadSessionFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return { std::nullopt, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()), {} };
    const Result<nlohmann::json> j = jsonutil::parse(file.readAll());
    if (!j)
        return { std::nullopt, QStringLiteral("%1 is not JSON: %2").arg(path, j.message()), {} };
    SessionLoad result = sessionFromJson(*j, QFileInfo(path).absolutePath());
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
    const KbFingerprint fingerprint = origin.fingerprint ? *origin.fingerprint : kbFingerprint(origin.kbDir, origin.language);
    s.kbSha256 = fingerprint.sha256;
    s.kbFiles = fingerprint.files;
    s.providerId = origin.providerId;
    s.model = origin.model;
    s.baseUrl = withoutUserInfo(origin.baseUrl);
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
    p.language = origin.language;
    p.context = input.context;
    p.targetFile = input.context + QStringLiteral(".txt");
    if (input.kb) {
        const QString file = input.kb->targetFile(input.context);
        p.targetFile
            = input.kb->root().isEmpty() ? file : QDir(origin.kbDir).relativeFilePath(QDir(input.kb->root()).absoluteFilePath(file));
    }
    const std::optional<QString> base = fileSha256(p.targetPath());
    p.absent = !base.has_value();
    p.baseSha256 = base.value_or(QString());
    p.documentName = input.documentName;
    p.draftedByRules = llm::providerInfo(origin.providerId).draftsWithoutModel;
    p.segmentTexts = segmentTextsFrom(s.documentText, s.segments);
    p.entries = session.entries();
    return s;
}

KbFingerprint kbFingerprint(const QString &dir, QStringView languageId)
{
    KbFingerprint fp;
    const QDir root(dir);
    const lang::Language *language = lang::languageById(languageId);
    QDirIterator it(dir, (language ? *language : lang::defaultLanguage()).kbFilePatterns(), QDir::Files, QDirIterator::Subdirectories);
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
        const auto number = jsonutil::integer(segment, "number", -1);
        const auto start = jsonutil::integer(segment, "start", -1);
        const auto end = jsonutil::integer(segment, "end", -1);
        // A number beyond the segment count names no segment (and must not grow the list).
        if (number < 1 || number > std::int64_t(segments.size()) || start < 0 || end < start || end > bytes.size())
            continue;
        while (texts.size() < number)
            texts.append(QString());
        texts[number - 1] = QString::fromUtf8(bytes.mid(start, end - start));
    }
    return texts;
}

} // namespace fanva::proposal

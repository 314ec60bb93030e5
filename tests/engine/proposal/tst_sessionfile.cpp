// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "proposal/gate.h"
#include "proposal/reopen.h"
#include "proposal/sessionfile.h"
#include "proposalfixture.h"

#include <QTemporaryDir>
#include <QTest>

using namespace fanva;

class TstSessionFile : public QObject
{
    Q_OBJECT

private:
    static proposal::SessionFile sample(const QString &dir)
    {
        proposal::SessionFile s;
        s.id = QStringLiteral("session-1");
        s.created = QDateTime::fromString(QStringLiteral("2026-11-29T14:00:00.000Z"), Qt::ISODateWithMs);
        s.modified = s.created.addSecs(90);
        s.documentPath = QDir(dir).filePath(QStringLiteral("winter.md"));
        s.documentText = QString::fromUtf8(fixture::readAll(fixture::sourceDir() + QStringLiteral("/winter.md")));
        s.documentSha256 = proposal::sha256Hex(s.documentText.toUtf8());
        s.providerId = QStringLiteral("anthropic");
        s.model = QStringLiteral("a-model");
        s.credential = QStringLiteral("env:ANTHROPIC_API_KEY");
        s.segments = nlohmann::json::array({ { { "number", 1 }, { "start", 0 }, { "end", 44 }, { "kind", "prose" } },
            { { "number", 2 }, { "start", 45 }, { "end", 63 }, { "kind", "prose" } } });
        s.events = nlohmann::json::array({ { { "seq", 1 }, { "t", 0 }, { "type", "session-started" } } });
        s.outcome = { { "outcome", "success" } };
        s.proposal = fixture::scenarioOne(QDir(dir).filePath(QStringLiteral("kb")));
        s.proposal.segmentTexts = proposal::segmentTextsFrom(s.documentText, s.segments);
        if (!s.proposal.accept(QStringLiteral("c1")))
            qFatal("c1 cannot be accepted");
        s.proposal.entries[2].correction = formalize::Correction { { QStringLiteral("unary-on-type") }, QStringLiteral("a"),
            QStringLiteral("b"), {}, QStringLiteral("why"), formalize::Confidence::High };
        s.proposal.entries[2].coined = { { QStringLiteral("harbour"), 1, formalize::CoinedFunctor::Role::Type, { QStringLiteral("c3") } } };
        s.proposal.entries[2].history
            = { { QStringLiteral("c2"), 1, QStringLiteral("(lives_in Pingu HarbourZoo)"), QStringLiteral("superseded"), {} } };
        s.proposal.applies = { { QStringLiteral("apply-1"), QStringLiteral("undone") } };
        // A rules draft's honest marking (docs/spec/rules.md §4).
        s.proposal.entries[1].pattern = QStringLiteral("membership");
        s.proposal.entries[1].unused = { QStringLiteral("night") };
        return s;
    }

private Q_SLOTS:
    void segmentTexts()
    {
        const proposal::SessionFile s = sample(QStringLiteral("/w"));
        QCOMPARE(s.proposal.segmentTexts,
            (QStringList { QStringLiteral("Pingu is a penguin who lives in Harbour Zoo."), QStringLiteral("Penguins eat fish.") }));
    }

    void roundTripIsExactAndByteStable()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const proposal::SessionFile s = sample(dir.path());
        const QString path = dir.filePath(QStringLiteral("winter.fanva"));
        QCOMPARE(s.save(path).message(), QString());
        const QByteArray first = fixture::readAll(path);

        const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->proposal.entries, s.proposal.entries);
        QVERIFY(*loaded.session == s);
        QCOMPARE(loaded.session->save(path).message(), QString());
        QCOMPARE(fixture::readAll(path), first);

        const nlohmann::json j = nlohmann::json::parse(first.constData());
        QVERIFY(j["format"] == "fanva-session");
        QVERIFY(j["version"] == 1);
        QVERIFY(j["kb"]["dir"] == "kb"); // relative to the session file
        QVERIFY(j["document"]["path"] == "winter.md");
        QVERIFY(j["entries"][0]["decision"] == "accepted");
        QVERIFY(j["entries"][1]["state"] == "superseded");
        QVERIFY(!j["target"].contains("sees")); // an existing context
        QVERIFY(j["entries"][1]["rules"]["pattern"] == "membership");
        QVERIFY(j["entries"][1]["rules"]["unused"] == nlohmann::json::array({ "night" }));
        QVERIFY(!j["entries"][0].contains("rules")); // a model's entry: as files before issue 18
    }

    // A session holds the document and the sentences it removes: a new file is the owner's
    // alone (audit 2026-12-07 L10); an existing one keeps the mode its owner gave it.
    void newFileIsPrivate()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const proposal::SessionFile s = sample(dir.path());
        const QString path = dir.filePath(QStringLiteral("winter.fanva"));
        QCOMPARE(s.save(path).message(), QString());
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup | QFileDevice::ExeGroup
            | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;
        QCOMPARE(QFile::permissions(path) & others, QFileDevice::Permissions());

        QVERIFY(QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::ReadGroup));
        QCOMPARE(s.save(path).message(), QString());
        QVERIFY(QFile::permissions(path) & QFileDevice::ReadGroup);
    }

    // kb.language (nibli-kr.md §1.2): written, read back, and fanva-kb for an older file.
    void keepsTheLanguage()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        proposal::SessionFile s = sample(dir.path());
        QCOMPARE(s.proposal.language, QStringLiteral("fanva-kb"));
        s.proposal.language = QStringLiteral("nibli");
        nlohmann::json j = s.toJson(dir.path());
        QVERIFY(j["kb"]["language"] == "nibli");
        proposal::SessionLoad loaded = proposal::sessionFromJson(j, dir.path());
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->proposal.language, QStringLiteral("nibli"));
        QVERIFY(*loaded.session == s);
        j["kb"].erase("language");
        loaded = proposal::sessionFromJson(j, dir.path());
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->proposal.language, QStringLiteral("fanva-kb"));
    }

    void newContextKeepsWhatItSees()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        proposal::SessionFile s = sample(dir.path());
        s.proposal.context = QStringLiteral("CxBirds");
        s.proposal.targetFile = QStringLiteral("CxBirds.txt");
        s.proposal.absent = true;
        s.proposal.baseSha256.clear();
        s.proposal.sees = QStringList { QStringLiteral("CxAnimals"), QStringLiteral("CxZoo") };
        const QString path = dir.filePath(QStringLiteral("birds.fanva"));
        QCOMPARE(s.save(path).message(), QString());
        const nlohmann::json j = nlohmann::json::parse(fixture::readAll(path).constData());
        QVERIFY(j["target"]["sees"] == nlohmann::json::parse(R"(["CxAnimals","CxZoo"])"));
        const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->proposal.sees, s.proposal.sees);
        QVERIFY(*loaded.session == s);
    }

    void origin_data()
    {
        QTest::addColumn<QByteArray>("origin"); // the entry's "origin" member, as JSON; empty: none
        QTest::addColumn<bool>("reads");
        QTest::addColumn<int>("expected"); // formalize::Origin
        QTest::addRow("author") << QByteArray(R"("author")") << true << int(formalize::Origin::Author);
        QTest::addRow("drafted") << QByteArray(R"("drafted")") << true << int(formalize::Origin::Drafted);
        QTest::addRow("absent (older files)") << QByteArray() << true << int(formalize::Origin::Drafted);
        QTest::addRow("unknown") << QByteArray(R"("robot")") << false << 0;
        QTest::addRow("not a string") << QByteArray("3") << false << 0;
    }

    void origin()
    {
        QFETCH(QByteArray, origin);
        QFETCH(bool, reads);
        QFETCH(int, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        proposal::SessionFile s = sample(dir.path());
        s.proposal.entries[0].origin = formalize::Origin::Author;
        nlohmann::json j = s.toJson(dir.path());
        QVERIFY(j["entries"][0]["origin"] == "author");
        QVERIFY(j["entries"][1]["origin"] == "drafted");
        if (origin.isEmpty())
            j["entries"][0].erase("origin");
        else
            j["entries"][0]["origin"] = nlohmann::json::parse(origin.constData());
        const proposal::SessionLoad loaded = proposal::sessionFromJson(j, dir.path());
        QCOMPARE(bool(loaded.session), reads);
        if (!reads) {
            QVERIFY2(loaded.error.contains(QLatin1StringView("entries[0].origin")), qPrintable(loaded.error));
            return;
        }
        QCOMPARE(int(loaded.session->proposal.entries[0].origin), expected);
        QCOMPARE(loaded.session->proposal.entries[1].origin, formalize::Origin::Drafted);
        // Saved again, the origin stays.
        const nlohmann::json saved = loaded.session->toJson(dir.path())["entries"][0]["origin"];
        QVERIFY(saved == (origin.isEmpty() ? nlohmann::json("drafted") : nlohmann::json::parse(origin.constData())));
    }

    void holdsNoSecret()
    {
        QTemporaryDir dir;
        const QByteArray secret = "sk-ant-test-0123456789abcdef";
        qputenv("ANTHROPIC_API_KEY", secret);
        const proposal::SessionFile s = sample(dir.path());
        const QString path = dir.filePath(QStringLiteral("s.fanva"));
        QCOMPARE(s.save(path).message(), QString());
        const QByteArray bytes = fixture::readAll(path);
        QVERIFY(!bytes.contains(secret));
        QVERIFY(bytes.contains("\"credential\": \"env:ANTHROPIC_API_KEY\""));
    }

    void reopenRegatesAndMarksStaleVerdicts()
    {
        QTemporaryDir dir;
        proposal::SessionFile s = sample(dir.path());
        const QString kb = fixture::copyKb(dir.path());
        s.kbSha256 = proposal::kbFingerprint(kb, u"fanva-kb").sha256;
        s.proposal.entries[2].verdict = formalize::Verdict::Agree;
        s.proposal.entries[2].gloss = { QStringLiteral("an old reading"), QStringLiteral("composed") };
        s.proposal.entries[0].decision = formalize::Decision::Applied; // never re-gated
        s.proposal.entries[0].problems = { { QStringLiteral("arity"), QStringLiteral("kept as applied"), std::nullopt } };
        QVERIFY(fixture::writeAll(QDir(kb).filePath(QStringLiteral("CxAnimals.txt")),
            fixture::readAll(QDir(kb).filePath(QStringLiteral("CxAnimals.txt"))) + "(genl seal animal)\n"));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(kb);
        QVERIFY(loaded.ok());
        const QString base = s.proposal.baseSha256;
        const proposal::ReopenReport report = proposal::reopen(s, *lang::fanvaKbOver(loaded.kb), proposal::criticGate());
        QVERIFY(report.kbChanged);
        QCOMPARE(report.staleVerdicts, QStringList { QStringLiteral("c3") });
        QCOMPARE(s.proposal.entries[2].verdict, formalize::Verdict::None);
        QCOMPARE(s.proposal.entries[2].gloss.text, QStringLiteral("Pingu lives in HarbourZoo."));
        QCOMPARE(s.proposal.entries[0].problems.size(), std::size_t(1));
        QCOMPARE(s.proposal.baseSha256, base);
    }

    void refusesOtherFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addRow("not json") << QByteArray("{");
        QTest::addRow("other format") << QByteArray(R"({"format":"other","version":1})");
        QTest::addRow("future version") << QByteArray(R"({"format":"fanva-session","version":2})");
        QTest::addRow("bad entry") << QByteArray(R"({"format":"fanva-session","version":1,"entries":[{"id":"c1","state":"odd"}]})");
    }

    void refusesOtherFiles()
    {
        QFETCH(QByteArray, bytes);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.fanva"));
        QVERIFY(fixture::writeAll(path, bytes));
        const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
        QVERIFY(!loaded.session);
        QVERIFY(!loaded.error.isEmpty());
    }

    void kbFingerprintFollowsTheFiles()
    {
        QTemporaryDir dir;
        const QString kb = fixture::copyKb(dir.path());
        const proposal::KbFingerprint before = proposal::kbFingerprint(kb, u"fanva-kb");
        QCOMPARE(before.files.size(), std::size_t(1));
        QCOMPARE(before.files.begin()->first, QStringLiteral("CxAnimals.txt"));
        QVERIFY(fixture::writeAll(QDir(kb).filePath(QStringLiteral("CxAnimals.txt")), "(genl a b)\n"));
        QVERIFY(proposal::kbFingerprint(kb, u"fanva-kb").sha256 != before.sha256);
    }
};

QTEST_GUILESS_MAIN(TstSessionFile)
#include "tst_sessionfile.moc"

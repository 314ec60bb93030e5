// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Settings ▸ Provider's "Model" group: the context limit and Anthropic's thinking and effort,
// saved, loaded, edited with the keyboard and resolved into the provider's options.

#include "settings/modelknobsbox.h"
#include "settings/providersettings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

class TstModelKnobs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resolve_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<bool>("thinking");
        QTest::addColumn<int>("effort"); // -1: unset
        QTest::addColumn<int>("cap");
        QTest::addRow("anthropic") << QStringLiteral("anthropic") << true << int(fanva::llm::Effort::High) << 16384;
        QTest::addRow("ollama: no Anthropic knobs") << QStringLiteral("ollama") << false << -1 << 16384;
    }

    void resolve()
    {
        QFETCH(QString, provider);
        QFETCH(bool, thinking);
        QFETCH(int, effort);
        QFETCH(int, cap);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("fanva.conf"));
        ProviderSettings saved;
        saved.contextLimit = 16384;
        saved.anthropicThinking = true;
        saved.anthropicEffort = QStringLiteral("high");
        {
            QSettings settings(file, QSettings::IniFormat);
            saved.save(settings);
        }
        const ProviderSettings loaded = ProviderSettings::load(QSettings(file, QSettings::IniFormat));
        QCOMPARE(loaded, saved);
        const fanva::llm::ProviderOptions options = loaded.resolve(provider, QProcessEnvironment());
        QCOMPARE(options.contextCap, cap);
        QCOMPARE(options.anthropicThinking, thinking);
        QCOMPARE(options.anthropicEffort ? int(*options.anthropicEffort) : -1, effort);
    }

    void unknownEffortIsDropped()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("fanva.conf")), QSettings::IniFormat);
        settings.setValue(QStringLiteral("provider/anthropic/effort"), QStringLiteral("max"));
        settings.setValue(QStringLiteral("formalize/contextLimit"), -5);
        const ProviderSettings loaded = ProviderSettings::load(settings);
        QCOMPARE(loaded.anthropicEffort, QString());
        QCOMPARE(loaded.contextLimit, 0);
    }

    void editWithKeys()
    {
        ModelKnobsBox box;
        box.load(ProviderSettings {});
        box.setProvider(QStringLiteral("anthropic"));
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        auto *limit = box.findChild<QSpinBox *>(QStringLiteral("contextLimitSpin"));
        auto *thinking = box.findChild<QCheckBox *>(QStringLiteral("thinkingCheck"));
        auto *effort = box.findChild<QComboBox *>(QStringLiteral("effortCombo"));
        QVERIFY(limit && thinking && effort);
        QCOMPARE(limit->text(), limit->specialValueText());
        limit->setFocus();
        QTest::keyClick(limit, Qt::Key_Up); // 0 → 1,024
        thinking->setFocus();
        QTest::keyClick(thinking, Qt::Key_Space);
        effort->setFocus();
        QTest::keyClick(effort, Qt::Key_Down);
        QTest::keyClick(effort, Qt::Key_Down);
        ProviderSettings edited;
        box.store(edited);
        QCOMPARE(edited.contextLimit, 1024);
        QVERIFY(edited.anthropicThinking);
        QCOMPARE(edited.anthropicEffort, QStringLiteral("medium"));

        box.setProvider(QStringLiteral("ollama"));
        QVERIFY(!thinking->isEnabled());
        QVERIFY(!effort->isEnabled());
        QVERIFY(limit->isEnabled());
    }
};

QTEST_MAIN(TstModelKnobs)
#include "tst_modelknobs.moc"

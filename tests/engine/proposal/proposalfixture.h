// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Shared by tst_apply and its crash helper: a copy of the formalize fixture KB (formalize.md
// §14) and a proposal over winter.md as scenario 1 leaves it (c1, c3 admissible).

#include "formalize/entry.h"
#include "formalize/segmenter.h"
#include "proposal/proposal.h"

#include <QDir>
#include <QFile>

namespace fixture {

inline QString sourceDir()
{
    return QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture");
}

inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

/// Copies the fixture KB into `dir`/kb and returns that folder.
inline QString copyKb(const QString &dir)
{
    const QString kb = QDir(dir).filePath(QStringLiteral("kb"));
    QDir().mkpath(kb);
    const QString target = QDir(kb).filePath(QStringLiteral("CxAnimals.txt"));
    QFile::copy(sourceDir() + QStringLiteral("/kb/CxAnimals.txt"), target);
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    return kb;
}

inline fanva::formalize::Entry entry(
    const QString &id, int segment, const QString &sentence, fanva::formalize::EntryState state = fanva::formalize::EntryState::Admissible)
{
    fanva::formalize::Entry e;
    e.id = id;
    e.segment = segment;
    e.state = state;
    e.attempt = 1;
    e.candidate = sentence;
    e.shapes = QStringList { sentence };
    return e;
}

/// The proposal scenario 1 leaves: c1 (penguin Pingu) and c3 (livesIn Pingu HarbourZoo)
/// admissible, c2 superseded; nothing decided yet.
inline fanva::proposal::Proposal scenarioOne(const QString &kbDir)
{
    using fanva::formalize::EntryState;
    fanva::proposal::Proposal p;
    p.kbDir = kbDir;
    p.context = QStringLiteral("CxAnimals");
    p.targetFile = QStringLiteral("CxAnimals.txt");
    const QString target = QDir(kbDir).filePath(p.targetFile);
    p.absent = !QFile::exists(target);
    p.baseSha256 = p.absent ? QString() : fanva::proposal::fileSha256(target).value_or(QString());
    p.documentName = QStringLiteral("winter.md");
    const QByteArray document = readAll(sourceDir() + QStringLiteral("/winter.md"));
    for (const fanva::formalize::Segment &s : fanva::formalize::segment(document).segments)
        p.segmentTexts.append(fanva::formalize::segmentText(document, s));
    p.entries.push_back(entry(QStringLiteral("c1"), 1, QStringLiteral("(penguin Pingu)")));
    p.entries.push_back(entry(QStringLiteral("c2"), 1, QStringLiteral("(lives_in Pingu HarbourZoo)"), EntryState::Superseded));
    p.entries.push_back(entry(QStringLiteral("c3"), 1, QStringLiteral("(livesIn Pingu HarbourZoo)")));
    return p;
}

/// Sentences below the fixture KB that the edit tests change (docs/spec/rewrite.md §4): one
/// written by Fanva in a block, one by hand under a hand comment.
inline QByteArray editedTail()
{
    return "\n;; ---- fanva 2026-11-29T14:03Z from winter.md ----\n;; winter.md [1] \"Pingu is a penguin.\"\n(penguin Pingu)\n"
           ";; winter.md [2] \"Pingu swims.\"\n(swims Pingu)\n;; ---- end fanva ----\n\n;; by hand\n(livesIn Pingu HarbourZoo)\n"
           "(flies Pingu)\n";
}

inline int lineOf(const QByteArray &bytes, const QByteArray &line)
{
    return int(bytes.split('\n').indexOf(line)) + 1;
}

/// A proposal over the fixture KB plus editedTail(): c1 retracts (swims Pingu), c2 replaces
/// (livesIn Pingu HarbourZoo) by (livesIn Pingu Aquarium) (livesIn is functional), c3 adds
/// (captive Pingu). Nothing decided yet.
inline fanva::proposal::Proposal editProposal(const QString &kbDir)
{
    using fanva::formalize::EntryKind;
    fanva::proposal::Proposal p;
    p.kbDir = kbDir;
    p.context = QStringLiteral("CxAnimals");
    p.targetFile = QStringLiteral("CxAnimals.txt");
    const QString target = QDir(kbDir).filePath(p.targetFile);
    const QByteArray bytes = readAll(target);
    p.baseSha256 = fanva::proposal::fileSha256(target).value_or(QString());
    p.documentName = QStringLiteral("CxAnimals.txt");
    fanva::formalize::Entry retract = entry(QStringLiteral("c1"), 1, QStringLiteral("(swims Pingu)"));
    retract.kind = EntryKind::Retract;
    retract.replaces = { { lineOf(bytes, "(swims Pingu)"), QStringLiteral("(swims Pingu)"), {} } };
    fanva::formalize::Entry replace = entry(QStringLiteral("c2"), 2, QStringLiteral("(livesIn Pingu Aquarium)"));
    replace.kind = EntryKind::Replace;
    replace.replaces = { { lineOf(bytes, "(livesIn Pingu HarbourZoo)"), QStringLiteral("(livesIn Pingu HarbourZoo)"), {} } };
    p.entries = { retract, replace, entry(QStringLiteral("c3"), 0, QStringLiteral("(captive Pingu)")) };
    return p;
}

} // namespace fixture

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/forcedseal.h"

#include "proposal/proposal.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>
#include <QStandardPaths>

#include <algorithm>
#include <array>

namespace fanva::proposal {

namespace {

constexpr qsizetype s_keyBytes = 32;

QByteArray readKey(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray key = file.read(s_keyBytes + 1);
    return key.size() == s_keyBytes ? key : QByteArray();
}

/// Creates the key file (owner read and write only) unless another process did first.
QByteArray makeKey(const QString &path)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return {};
    std::array<quint32, s_keyBytes / sizeof(quint32)> words {};
    QRandomGenerator::system()->fillRange(words.data(), qsizetype(words.size()));
    QByteArray key;
    for (const quint32 word : words) {
        for (int shift = 0; shift < 32; shift += 8)
            key.append(char((word >> shift) & 0xffU));
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly, QFile::ReadOwner | QFile::WriteOwner))
        return readKey(path);
    if (file.write(key) != key.size() || !file.flush()) {
        file.close();
        QFile::remove(path);
        return {};
    }
    return key;
}

/// The sealed fields, each followed by a NUL (no field holds one: they are JSON strings).
QByteArray sealedBytes(const Proposal &proposal, const formalize::Entry &entry)
{
    QStringList forced = entry.forced;
    std::sort(forced.begin(), forced.end());
    QStringList fields { QStringLiteral("fanva-forced/1"), proposal.language, proposal.context, proposal.targetFile, entry.id,
        formalize::entryKindName(entry.kind), entry.sentence(), forced.join(QLatin1Char(',')) };
    for (const formalize::ExistingSentence &old : entry.replaces)
        fields << QString::number(old.line) << old.text;
    QByteArray bytes;
    for (const QString &field : fields)
        bytes += field.toUtf8() + '\0';
    return bytes;
}

} // namespace

ForcedSeal::ForcedSeal()
{
    const QString path = keyPath();
    m_key = readKey(path);
    if (m_key.isEmpty() && !QFileInfo::exists(path))
        m_key = makeKey(path);
}

ForcedSeal::ForcedSeal(QByteArray key)
    : m_key(std::move(key))
{ }

QString ForcedSeal::keyPath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).filePath(QStringLiteral("session-seal.key"));
}

QString ForcedSeal::seal(const Proposal &proposal, const formalize::Entry &entry) const
{
    if (m_key.isEmpty())
        return {};
    return QString::fromLatin1(QMessageAuthenticationCode::hash(sealedBytes(proposal, entry), m_key, QCryptographicHash::Sha256).toHex());
}

bool ForcedSeal::verify(const Proposal &proposal, const formalize::Entry &entry, const QString &seal) const
{
    if (m_key.isEmpty() || seal.isEmpty())
        return false;
    const QByteArray expected = this->seal(proposal, entry).toLatin1();
    const QByteArray given = seal.toLatin1();
    // Constant time over the (fixed) length.
    if (expected.size() != given.size())
        return false;
    char diff = 0;
    for (qsizetype i = 0; i < expected.size(); ++i)
        diff = char(diff | (expected[i] ^ given[i]));
    return diff == 0;
}

} // namespace fanva::proposal

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Helpers shared by the widget tests that run a scripted formalization on a copy of the
// demo workspace.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace fanva::testing {

/// The bytes of @p path, empty when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Copies the folder @p from to @p to, recursively (tests modify copies only).
inline bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QFileInfo &info : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = QDir(to).filePath(info.fileName());
        if (info.isDir() ? !copyTree(info.filePath(), target) : !QFile::copy(info.filePath(), target))
            return false;
    }
    return true;
}

/// Writes @p bytes to @p path, creating its folder; false when any of it fails.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// Writes a scripted-provider script (providers.md, "fanva-script/1") to @p path.
inline bool writeScript(const QString &path, const nlohmann::json &script)
{
    return writeFile(path, QByteArray::fromStdString(script.dump()));
}

/// A model reply proposing @p candidates ({sentence, segment}) with high confidence, as
/// formalize.md §4 shapes it; @p indent as nlohmann::json::dump takes it.
inline std::string candidatesReply(const std::vector<std::pair<std::string, int>> &candidates, int indent = -1)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto &[sentence, segment] : candidates)
        list.push_back({ { "sentence", sentence }, { "segment", segment }, { "confidence", "high" } });
    return nlohmann::json { { "candidates", list } }.dump(indent);
}

} // namespace fanva::testing

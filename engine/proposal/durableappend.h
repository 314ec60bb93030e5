// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "status.h"

#include <QByteArray>
#include <QString>

namespace fanva::proposal {

/// Appends `bytes` (whole lines, each ending with '\n') to the JSON-lines file `path` and flushes
/// them to disk before returning: the Apply journal's and a batch log's one way to append. A
/// last line left without its newline by a crash or a full disk is ended first, so that it
/// stays one unreadable line instead of swallowing the new one. The file and its folder are
/// created private (0600, 0700) when missing. `what` names the file in messages ("the journal
/// PATH"). The caller serialises appends (a file lock, one writer).
[[nodiscard]] Status appendDurably(const QString &path, const QByteArray &bytes, const QString &what);

} // namespace fanva::proposal

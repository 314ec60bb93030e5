// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "proposal/journal.h"

#include <QDir>

namespace fanva::fuzz {

void journal(QByteArrayView data)
{
    const QString path = QDir(scratchDirectory()).filePath(QStringLiteral("journal.jsonl"));
    writeScratchFile(path, data);
    const proposal::Journal journal(path);
    // Reading only: recover() would hash and rewrite whatever files the input names.
    const std::vector<proposal::Transaction> all = journal.transactions();
    for (const proposal::Transaction &t : all)
        (void)proposal::transactionStateName(t.state);
    if (!all.empty())
        (void)journal.transaction(all.back().id);
}

} // namespace fanva::fuzz

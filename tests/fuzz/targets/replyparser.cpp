// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "formalize/replyparser.h"

namespace fanva::fuzz {

void replyParser(QByteArrayView data)
{
    // The segment count comes from the size so that seeds stay plain replies.
    const formalize::ParsedReply parsed = formalize::parseReply(QString::fromUtf8(data), int(data.size() % 4));
    (void)parsed.unreadableReason();
}

} // namespace fanva::fuzz

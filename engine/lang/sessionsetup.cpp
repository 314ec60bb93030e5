// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/sessionsetup.h"

#include "formalize/sessionsetup.h"
#include "lang/fanvakb.h"

namespace fanva::lang {

formalize::SessionInput makeSessionInput(const std::shared_ptr<const Kb> &kb, const QString &target, const QByteArray &document,
    const QString &documentName, const formalize::SessionSettings &settings, const QString &instruction)
{
    formalize::SessionVocabulary vocabulary;
    if (kb) {
        const Language &language = kb->language();
        vocabulary.resolve
            = [&](const std::vector<formalize::Segment> &segments) { return language.resolve(*kb, document, segments, target); };
        vocabulary.systemPrefix = [&] { return language.promptGuide(*kb, target); };
        vocabulary.card = [&](const std::vector<formalize::Resolution> &resolutions, int cardTokens) {
            return language.card(*kb, target, resolutions, cardTokens);
        };
    }
    return formalize::makeSessionInputWith(
        kb ? sharedKnowledgeBaseOf(*kb) : nullptr, target, document, documentName, settings, instruction, vocabulary);
}

} // namespace fanva::lang

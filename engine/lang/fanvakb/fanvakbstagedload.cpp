// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/fanvakbstagedload.h"

#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"

#include <QDir>
#include <QDirIterator>
#include <QRegularExpression>

namespace fanva::lang {

namespace {

LoadResult seamResult(kb::LoadResult loaded)
{
    return { fanvaKbOver(std::move(loaded.kb)), std::move(loaded.diagnostics) };
}

class FanvaKbStagedLoad final : public StagedLoad
{
public:
    [[nodiscard]] LoadResult load(const QString &dir, const Progress &progress) const override
    {
        return seamResult(kb::loadKnowledgeBase(dir, progress));
    }

    [[nodiscard]] LoadResult reload(const Kb &previous, const Progress &progress) const override
    {
        const kb::KnowledgeBase *knowledgeBase = knowledgeBaseOf(previous);
        if (!knowledgeBase)
            return load(previous.root(), progress);
        return seamResult(kb::reloadKnowledgeBase(*knowledgeBase, progress));
    }
};

class FanvaKbContexts final : public Contexts
{
public:
    [[nodiscard]] QStringList contextFiles(const QString &kbFolder) const override
    {
        QStringList files;
        QDirIterator it(kbFolder, { QStringLiteral("Cx*.txt") }, QDir::Files | QDir::NoSymLinks, QDirIterator::Subdirectories);
        while (it.hasNext())
            files.append(it.next());
        files.sort();
        return files;
    }

    [[nodiscard]] bool isContextName(const QString &name) const override
    {
        static const QRegularExpression pattern(QStringLiteral("^Cx[A-Z][A-Za-z0-9]*$"));
        return pattern.match(name).hasMatch();
    }
};

} // namespace

const StagedLoad &fanvaKbStagedLoad()
{
    static const FanvaKbStagedLoad role;
    return role;
}

const Contexts &fanvaKbContexts()
{
    static const FanvaKbContexts role;
    return role;
}

} // namespace fanva::lang

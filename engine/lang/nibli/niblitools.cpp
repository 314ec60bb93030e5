// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/niblitools.h"

#include "kb/reader.h"
#include "lang/nibli/niblilanguage.h"

#include <QDir>

#include <algorithm>

namespace fanva::lang {

namespace {

class NibliToolServices final : public ToolServices
{
public:
    [[nodiscard]] ReadResult readFile(const QByteArray &text, const QString &file) const override
    {
        return nibliLanguage().read(text, file);
    }

    [[nodiscard]] std::optional<QByteArray> format(const QByteArray &text) const override { return formatNibli(text); }

    /// A nibli statement is read against the file's own declarations already.
    [[nodiscard]] std::vector<std::string> keysTogether(std::span<const Statement> statements) const override
    {
        std::vector<std::string> keys;
        keys.reserve(statements.size());
        for (const Statement &statement : statements)
            keys.push_back(nibliLanguage().key(nullptr, statement));
        return keys;
    }

    [[nodiscard]] QString quote(const Statement &statement) const override { return nibliLanguage().render(statement); }

    [[nodiscard]] std::vector<lang::Problem> checkStored(const Kb &kb, const Statement &statement, const QString &target) const override
    {
        std::vector<lang::Problem> problems = nibliLanguage().check(kb, statement, target);
        std::erase_if(problems, [](const lang::Problem &p) { return p.type == QLatin1String("already-stored"); });
        return problems;
    }

    [[nodiscard]] std::vector<UnreadableForm> unreadableForms(const QByteArray & /*text*/, const ReadResult & /*read*/) const override
    {
        return {};
    }

    /// One theory: a target sees every file of the KB already.
    [[nodiscard]] std::optional<LoadResult> loadWithNewTarget(
        const QString & /*dir*/, const QString & /*target*/, const QStringList & /*sees*/) const override
    {
        return std::nullopt;
    }

    /// The targets (top-level files) with their statement counts.
    [[nodiscard]] KbSummary summary(const Kb &kb) const override
    {
        KbSummary out;
        out.targetWord = QStringLiteral("target");
        for (const QString &target : kb.targets()) {
            const QString file = target + QStringLiteral(".nibli");
            const kb::FileText text = kb::readKbFile(QDir(kb.root()).filePath(file));
            const std::size_t statements = text.error ? 0 : nibliLanguage().read(text.text, file).statements.size();
            out.targets.push_back({ target, file, {}, statements });
        }
        return out;
    }

    [[nodiscard]] TermFacts termFacts(const Kb & /*kb*/, const QString & /*word*/, const QString & /*target*/) const override { return {}; }
};

} // namespace

const ToolServices &nibliTools()
{
    static const NibliToolServices services;
    return services;
}

} // namespace fanva::lang

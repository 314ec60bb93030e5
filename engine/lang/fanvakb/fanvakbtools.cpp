// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/fanvakbtools.h"

#include "check/critic.h"
#include "kb/canonical.h"
#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kb/symbol.h"
#include "kb/writer.h"
#include "lang/fanvakb/fanvakb.h"

#include <QDir>
#include <QList>
#include <QThreadPool>

#include <algorithm>
#include <array>

namespace fanva::lang {

namespace {

/// The 1-based line and column of byte `offset` of `text`.
std::pair<int, int> positionOf(const QByteArray &text, qsizetype offset)
{
    const qsizetype lineStart = offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
    return { int(text.left(offset).count('\n')) + 1, int(offset - lineStart) + 1 };
}

/// Where the form holding an error at `at` starts: the first byte after `from` that is neither
/// blank nor in a comment (at most `at`).
qsizetype formStart(const QByteArray &text, qsizetype from, qsizetype at)
{
    qsizetype i = from;
    while (i < at) {
        const char c = text.at(i);
        if (c == ';') {
            const qsizetype newline = text.indexOf('\n', i);
            i = newline < 0 ? text.size() : newline + 1;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else {
            return i;
        }
    }
    return at;
}

kb::Term termIn(const Statement &statement)
{
    return termOf(statement)->term;
}

QString nameOf(kb::SymbolId id)
{
    return QString::fromUtf8(kb::symbolName(id));
}

QStringList namesOf(const std::vector<kb::SymbolId> &ids)
{
    QStringList out;
    for (const kb::SymbolId id : ids)
        out.append(nameOf(id));
    return out;
}

/// A list as kb term prints it: space-separated, "-" when empty.
QString joined(const QStringList &names)
{
    return names.isEmpty() ? QStringLiteral("-") : names.join(QLatin1Char(' '));
}

nlohmann::json jsonList(const QStringList &names)
{
    nlohmann::json list = nlohmann::json::array();
    for (const QString &name : names)
        list.push_back(name.toStdString());
    return list;
}

/// The relation marks a predicate carries, itself or through a predicate it specializes.
QStringList marksOf(const kb::KnowledgeBase &kb, kb::SymbolId t, const kb::Scope &scope)
{
    static constexpr std::array s_marks { kb::sym::symmetric, kb::sym::asymmetric, kb::sym::irreflexive, kb::sym::functional,
        kb::sym::transitive, kb::sym::reflexive, kb::sym::antiSymmetric, kb::sym::antiTransitive, kb::sym::equivalenceRelation,
        kb::sym::variableArity };
    QStringList marks;
    for (const kb::SymbolId mark : s_marks) {
        for (const kb::SymbolId q : kb.marksOver(t, mark, scope))
            marks.append(q == t ? nameOf(mark) : QStringLiteral("%1 (via %2)").arg(nameOf(mark), nameOf(q)));
    }
    return marks;
}

/// The argument constraints of predicate `t`: lines "arg N: TYPE" and their JSON.
void addArgConstraints(const kb::KnowledgeBase &kb, kb::SymbolId t, const kb::Scope &scope, TermFacts &facts)
{
    nlohmann::json constraints = nlohmann::json::array();
    for (const kb::ArgConstraint &c : kb.argConstraints(t, scope)) {
        const bool arg = c.kind == kb::ArgConstraint::Kind::Arg;
        constraints.push_back({ { "kind", arg ? "arg" : "genlArg" }, { "position", c.position },
            { "type", std::string(kb::symbolName(c.type)) }, { "of", std::string(kb::symbolName(c.of)) } });
        facts.lines.push_back({ QStringLiteral("%1 %2").arg(arg ? QStringLiteral("arg") : QStringLiteral("genlArg")).arg(c.position),
            nameOf(c.type) + (c.of == t ? QString() : QStringLiteral(" (declared of %1)").arg(nameOf(c.of))) });
    }
    facts.json["argConstraints"] = constraints;
}

class FanvaKbToolServices final : public ToolServices
{
public:
    /// A large file is read in pieces on the pool's threads.
    [[nodiscard]] ReadResult readFile(const QByteArray &text, const QString &file) const override
    {
        return readResultOf(kb::parseDocument(text, file, kb::ParallelReading { QThreadPool::globalInstance()->maxThreadCount() }));
    }

    [[nodiscard]] std::optional<QByteArray> format(const QByteArray &text) const override
    {
        const kb::Document document = kb::parseDocument(text);
        if (document.hasErrors())
            return std::nullopt;
        return kb::formatDocument(document);
    }

    [[nodiscard]] std::vector<std::string> keysTogether(std::span<const Statement> statements) const override
    {
        kb::SymbolSet symmetric;
        for (const Statement &statement : statements) {
            const kb::Term sentence = termIn(statement);
            if (sentence.isForm(kb::sym::symmetric) && sentence.size() == 2 && sentence.at(1).isSymbol())
                symmetric.insert(sentence.at(1).symbol());
        }
        std::vector<std::string> keys;
        keys.reserve(statements.size());
        for (const Statement &statement : statements)
            keys.push_back(kb::canonicalKey(termIn(statement), symmetric));
        return keys;
    }

    [[nodiscard]] QString quote(const Statement &statement) const override { return kb::renderFlat(termIn(statement)); }

    [[nodiscard]] std::vector<check::Problem> checkStored(const Kb &kb, const Statement &statement, const QString &target) const override
    {
        return criticOf(kb)->check(termIn(statement), target, {}, check::Origin::StoredHere);
    }

    /// Each form runs from the end of the sentence (or form) before it to the next sentence,
    /// comments and blank lines at its end left out.
    [[nodiscard]] std::vector<UnreadableForm> unreadableForms(const QByteArray &text, const ReadResult &read) const override
    {
        std::vector<UnreadableForm> out;
        for (const kb::Diagnostic &d : read.diagnostics) {
            if (!d.isError() || d.line <= 0)
                continue;
            const qsizetype at = qsizetype(std::clamp<qint64>(d.byteOffset, 0, text.size()));
            qsizetype previousEnd = 0;
            qsizetype nextBegin = text.size();
            bool inside = false;
            for (const Statement &s : read.statements) {
                if (qsizetype(s.span.begin) <= at && at < qsizetype(s.span.end))
                    inside = true;
                else if (qsizetype(s.span.end) <= at)
                    previousEnd = std::max(previousEnd, qsizetype(s.span.end));
                else
                    nextBegin = std::min(nextBegin, qsizetype(s.span.begin));
            }
            if (inside)
                continue;
            if (!out.empty())
                previousEnd = std::max(previousEnd, out.back().offset + 1);
            const qsizetype start = formStart(text, previousEnd, at);
            QList<QByteArray> lines = text.mid(start, nextBegin - start).split('\n');
            while (!lines.isEmpty() && (lines.last().trimmed().isEmpty() || lines.last().trimmed().startsWith(';')))
                lines.removeLast();
            const auto [line, column] = positionOf(text, start);
            out.push_back({ start, line, column, QString::fromUtf8(lines.join('\n')).simplified(), d });
        }
        return out;
    }

    [[nodiscard]] std::optional<LoadResult> loadWithNewTarget(
        const QString &dir, const QString &target, const QStringList &sees) const override
    {
        QByteArray header;
        for (const QString &seen : sees)
            header += QStringLiteral("(genlCx %1 %2)\n").arg(target, seen).toUtf8();
        kb::LoadResult loaded = kb::loadKnowledgeBaseWith(dir, { { QDir(dir).filePath(target + QStringLiteral(".txt")), header } });
        LoadResult out;
        out.diagnostics = std::move(loaded.diagnostics);
        out.kb = fanvaKbOver(std::move(loaded.kb));
        return out;
    }

    [[nodiscard]] KbSummary summary(const Kb &kb) const override
    {
        const kb::KnowledgeBase &knowledgeBase = *knowledgeBaseOf(kb);
        KbSummary out;
        out.targetWord = QStringLiteral("context");
        out.seesWord = QStringLiteral("genlCx");
        for (const kb::SymbolId cx : knowledgeBase.contexts()) {
            const std::optional<kb::ContextInfo> info = knowledgeBase.contextInfo(cx);
            out.targets.push_back({ nameOf(cx), info->file, namesOf(info->parents), info->sentenceCount });
        }
        // Counted by role first: a large KB has hundreds of thousands of symbols.
        std::map<kb::Role, int> byRole;
        for (const kb::SymbolId symbol : knowledgeBase.symbols())
            ++byRole[knowledgeBase.findTerm(symbol).role];
        for (const auto &[role, count] : byRole)
            out.termsByRole[QString(kb::roleName(role))] += count;
        const auto counts = knowledgeBase.functorCounts();
        for (std::size_t i = 0; i < counts.size() && i < 20; ++i)
            out.topHeads.emplace_back(nameOf(counts[i].first), int(counts[i].second));
        return out;
    }

    [[nodiscard]] TermFacts termFacts(const Kb &kb, const QString &word, const QString &target) const override
    {
        const kb::KnowledgeBase &knowledgeBase = *knowledgeBaseOf(kb);
        TermFacts facts;
        const std::optional<kb::SymbolId> found = kb::findSymbol(word.toStdString());
        if (!found)
            return facts;
        const kb::SymbolId t = *found;
        const kb::Scope scope { target.isEmpty() ? kb::noSymbol : kb::intern(target.toStdString()), kb::noKey };
        const auto add = [&facts](const char *member, const QString &label, const QStringList &names) {
            facts.json[member] = jsonList(names);
            facts.lines.push_back({ label, joined(names) });
        };
        add("supertypes", QStringLiteral("supertypes"), namesOf(knowledgeBase.genls(t, scope)));
        add("subtypes", QStringLiteral("subtypes"), namesOf(knowledgeBase.specs(t, scope)));
        add("memberships", QStringLiteral("memberships"), namesOf(knowledgeBase.memberships(t, scope)));
        if (const std::optional<kb::Arity> arity = knowledgeBase.arityOf(t, scope)) {
            facts.json["variableArity"] = arity->variableArity;
            if (arity->via != kb::noSymbol)
                facts.json["arityVia"] = std::string(kb::symbolName(arity->via));
            if (arity->variableArity || arity->via != kb::noSymbol)
                facts.lines.push_back({ QStringLiteral("arity from"),
                    (arity->variableArity ? QStringLiteral("%1 or more").arg(arity->count) : QString::number(arity->count))
                        + (arity->via != kb::noSymbol ? QStringLiteral(" (via %1)").arg(nameOf(arity->via)) : QString()) });
        }
        addArgConstraints(knowledgeBase, t, scope, facts);
        add("disjointTypes", QStringLiteral("disjoint"), namesOf(knowledgeBase.disjointTypes(t, scope)));
        const QStringList marks = marksOf(knowledgeBase, t, scope);
        facts.json["marks"] = jsonList(marks);
        facts.lines.push_back({ QStringLiteral("marks"), marks.isEmpty() ? QStringLiteral("-") : marks.join(QStringLiteral(", ")) });
        return facts;
    }
};

} // namespace

const ToolServices &fanvaKbTools()
{
    static const FanvaKbToolServices services;
    return services;
}

} // namespace fanva::lang

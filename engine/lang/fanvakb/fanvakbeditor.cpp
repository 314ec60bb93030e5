// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/fanvakbeditor.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/vocabulary.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/gloss.h"
#include "lang/sentencecursor.h"

#include <algorithm>

namespace fanva::lang {

namespace {

QString firstLine(const QString &text)
{
    const QString line = text.section(u'\n', 0, 0).simplified();
    return line.size() > 120 ? line.left(119) + u'…' : line;
}

QString typeList(const std::vector<kb::SymbolId> &types)
{
    QStringList names;
    for (const kb::SymbolId t : types)
        names.append(t == kb::noSymbol ? QStringLiteral("?") : kb::symbolString(t));
    return names.join(QStringLiteral(", "));
}

/// The KnowledgeBase and its completion index.
class FanvaKbEditorIndex final : public EditorIndex
{
public:
    explicit FanvaKbEditorIndex(std::shared_ptr<const Kb> kb)
        : EditorIndex(std::move(kb))
        , knowledgeBase(sharedKnowledgeBaseOf(this->kb()))
        , vocabulary(*knowledgeBase)
    { }

    [[nodiscard]] kb::Scope scope(const QString &target) const
    {
        const std::optional<kb::SymbolId> cx = target.isEmpty() ? std::nullopt : kb::findSymbol(target.toStdString());
        return { cx && knowledgeBase->hasContext(*cx) ? *cx : kb::noSymbol, kb::noKey };
    }

    std::shared_ptr<const kb::KnowledgeBase> knowledgeBase;
    kb::Vocabulary vocabulary;
};

class FanvaKbEditorServices final : public EditorServices
{
public:
    [[nodiscard]] std::shared_ptr<const EditorIndex> index(std::shared_ptr<const Kb> kb) const override
    {
        if (!kb || !knowledgeBaseOf(*kb))
            return nullptr;
        return std::make_shared<const FanvaKbEditorIndex>(std::move(kb));
    }

    [[nodiscard]] EditorCursor cursorAt(QStringView text, int position) const override
    {
        const SentenceCursor at = SentenceCursor::at(text, position);
        return { at.wordStart, at.wordEnd, at.prefix, at.inLiteral, at.inString, at.functor, at.argument, int(at.slot) };
    }

    [[nodiscard]] bool isClosed(QStringView text) const override { return SentenceCursor::isClosed(text); }
    [[nodiscard]] bool isWordChar(QChar c) const override { return SentenceCursor::isSymbolChar(c); }

    [[nodiscard]] bool isTermWord(QStringView word) const override
    {
        return !word.isEmpty() && !word.startsWith(u'?') && !word.front().isDigit() && word.front() != u'-' && word.front() != u'+'
            && word != u"_";
    }

    [[nodiscard]] QString newStatementAbout(const QString &term, kb::Role role, int *cursor) const override
    {
        switch (role) {
        case kb::Role::Predicate:
        case kb::Role::Type:
        case kb::Role::Sense:
        case kb::Role::Function: {
            // A functor: the author goes on with its arguments.
            const QString text = QStringLiteral("(%1 ").arg(term);
            *cursor = int(text.size());
            return text;
        }
        default:
            // An individual, a context, a lexeme…: in first argument position, the functor to write.
            *cursor = 1;
            return QStringLiteral("( %1)").arg(term);
        }
    }

    [[nodiscard]] std::vector<EditorCompletion> completions(
        const EditorIndex &index, const QString &target, const EditorCursor &cursor, int limit) const override
    {
        const auto &own = static_cast<const FanvaKbEditorIndex &>(index);
        const std::string utf8 = cursor.prefix.toStdString();
        const auto slot = kb::CompletionSlot(cursor.slot);
        const std::vector<kb::Completion> found
            = own.vocabulary.complete(*own.knowledgeBase, { utf8, own.scope(target).context, slot, std::size_t(qMax(limit, 1)) });
        std::vector<EditorCompletion> out;
        out.reserve(found.size());
        for (const kb::Completion &c : found) {
            const QString name = kb::symbolString(c.symbol);
            out.push_back({ name, name, detailOf(own, target, c), c.visible });
        }
        return out;
    }

    [[nodiscard]] ArgumentHint argumentHint(const EditorIndex &index, const QString &target, const EditorCursor &cursor) const override;
    [[nodiscard]] QString hover(const EditorIndex &index, const QString &target, const QString &term) const override;

    [[nodiscard]] QString readsAs(const EditorIndex &index, const QString &target, const QString &text) const override
    {
        const auto &own = static_cast<const FanvaKbEditorIndex &>(index);
        const kb::SentenceParse parsed = kb::parseSentence(text.trimmed());
        if (!parsed.sentence)
            return {};
        const kb::SymbolId cx = target.isEmpty() ? kb::noSymbol : kb::intern(target.toStdString());
        return lang::fanvakb::gloss(*own.knowledgeBase, parsed.sentence->term, cx).text;
    }

private:
    [[nodiscard]] static QString detailOf(const FanvaKbEditorIndex &index, const QString &target, const kb::Completion &c);
};

QString FanvaKbEditorServices::detailOf(const FanvaKbEditorIndex &index, const QString &target, const kb::Completion &c)
{
    const QString name = kb::symbolString(c.symbol);
    if (c.role == kb::Role::Context)
        return QStringLiteral("context");
    const kb::FunctorSignature signature = kb::functorSignature(*index.knowledgeBase, c.symbol, index.scope(target));
    const lang::fanvakb::GlossTemplate glossed = lang::fanvakb::glossTemplate(signature.comment, kb::symbolName(c.symbol));
    const QString comment = firstLine(glossed.clause.isEmpty() ? signature.comment : glossed.clause);
    QString head;
    const int arity = signature.arity >= 0 ? signature.arity : (glossed.signature ? int(glossed.parameters.size()) : -1);
    if (arity > 0 || !signature.argTypes.empty()) {
        head = QStringLiteral("%1/%2").arg(name, arity >= 0 ? QString::number(arity) : QStringLiteral("?"));
        if (signature.variableArity)
            head += u'+';
        if (std::any_of(signature.argTypes.begin(), signature.argTypes.end(), [](kb::SymbolId t) { return t != kb::noSymbol; }))
            head += QStringLiteral(" (%1)").arg(typeList(signature.argTypes));
    } else {
        switch (c.role) {
        case kb::Role::Individual:
            head = QStringLiteral("individual");
            break;
        case kb::Role::Type:
        case kb::Role::Sense:
            head = QStringLiteral("type");
            break;
        case kb::Role::Predicate:
            head = QStringLiteral("predicate");
            break;
        default:
            head = c.builtin ? QStringLiteral("built-in") : QStringLiteral("term");
            break;
        }
    }
    return comment.isEmpty() ? head : QStringLiteral("%1 — %2").arg(head, comment);
}

ArgumentHint FanvaKbEditorServices::argumentHint(const EditorIndex &index, const QString &target, const EditorCursor &cursor) const
{
    ArgumentHint hint;
    if (cursor.inString || cursor.functor.isEmpty() || cursor.argument < 1)
        return hint;
    const auto &own = static_cast<const FanvaKbEditorIndex &>(index);
    const QString &functor = cursor.functor;
    const std::optional<kb::SymbolId> id = kb::findSymbol(functor.toStdString());
    if (!id)
        return hint;
    const kb::FunctorSignature signature = kb::functorSignature(*own.knowledgeBase, *id, own.scope(target));
    const lang::fanvakb::GlossTemplate glossed = lang::fanvakb::glossTemplate(signature.comment, kb::symbolName(*id));
    int count = qMax(signature.arity, int(signature.argTypes.size()));
    if (glossed.signature)
        count = qMax(count, int(glossed.parameters.size()));
    if (count <= 0 && signature.comment.isEmpty())
        return hint;
    QStringList plain { functor };
    QStringList rich { functor.toHtmlEscaped() };
    for (int i = 1; i <= count; ++i) {
        QString parameter = glossed.signature && size_t(i) <= glossed.parameters.size() ? glossed.parameters[size_t(i) - 1]
                                                                                        : QStringLiteral("?arg%1").arg(i);
        if (size_t(i) <= signature.argTypes.size() && signature.argTypes[size_t(i) - 1] != kb::noSymbol)
            parameter += u':' + kb::symbolString(signature.argTypes[size_t(i) - 1]);
        plain.append(parameter);
        if (i == cursor.argument || (signature.variableArity && i == count && cursor.argument > count)) {
            hint.current = i;
            rich.append(QStringLiteral("<b><u>%1</u></b>").arg(parameter.toHtmlEscaped()));
        } else {
            rich.append(parameter.toHtmlEscaped());
        }
    }
    if (signature.variableArity) {
        plain.append(QStringLiteral("…"));
        rich.append(QStringLiteral("…"));
    }
    const QString clause = firstLine(glossed.clause.isEmpty() ? signature.comment : glossed.clause);
    hint.plain = plain.join(u' ');
    hint.rich = rich.join(u' ');
    if (!clause.isEmpty()) {
        hint.plain += QStringLiteral(" — ") + clause;
        hint.rich += QStringLiteral(" — ") + clause.toHtmlEscaped();
    }
    return hint;
}

QString FanvaKbEditorServices::hover(const EditorIndex &index, const QString &target, const QString &term) const
{
    const auto &own = static_cast<const FanvaKbEditorIndex &>(index);
    const std::optional<kb::SymbolId> id = term.isEmpty() ? std::nullopt : kb::findSymbol(term.toStdString());
    if (!id)
        return {};
    const kb::KnowledgeBase &knowledgeBase = *own.knowledgeBase;
    const kb::Scope where = own.scope(target);
    const kb::TermUsage usage = knowledgeBase.findTerm(*id, where);
    const bool context = knowledgeBase.hasContext(*id);
    if (!usage.used && !context && own.vocabulary.uses(*id) == 0)
        return QStringLiteral("<b>%1</b> — not in the KB as seen from %2").arg(term.toHtmlEscaped(), target.toHtmlEscaped());
    QStringList lines;
    const kb::Role role = context ? kb::Role::Context : usage.role;
    lines.append(QStringLiteral("<b>%1</b> · %2").arg(term.toHtmlEscaped(), QString(kb::roleName(role))));
    const kb::FunctorSignature signature = kb::functorSignature(knowledgeBase, *id, where);
    if (!signature.comment.isEmpty())
        lines.append(firstLine(signature.comment).toHtmlEscaped());
    if (signature.arity >= 0)
        lines.append(
            QStringLiteral("arity %1%2").arg(signature.arity).arg(signature.variableArity ? QStringLiteral(" or more") : QString()));
    if (!signature.argTypes.empty())
        lines.append(QStringLiteral("arguments: %1").arg(typeList(signature.argTypes).toHtmlEscaped()));
    const auto names = [](const std::vector<kb::SymbolId> &ids) {
        QStringList out;
        for (size_t i = 0; i < ids.size() && i < 6; ++i)
            out.append(kb::symbolString(ids[i]));
        if (ids.size() > 6)
            out.append(QStringLiteral("…"));
        return out.join(QStringLiteral(", ")).toHtmlEscaped();
    };
    const std::vector<kb::SymbolId> genls = knowledgeBase.genls(*id, where);
    if (!genls.empty())
        lines.append(QStringLiteral("supertypes: %1").arg(names(genls)));
    const std::vector<kb::SymbolId> memberships = knowledgeBase.memberships(*id, where);
    if (!memberships.empty())
        lines.append(QStringLiteral("is a: %1").arg(names(memberships)));
    const std::uint32_t uses = own.vocabulary.uses(*id);
    lines.append(uses == 1 ? QStringLiteral("used once in the KB") : QStringLiteral("used %1 times in the KB").arg(uses));
    lines.append(QStringLiteral("Ctrl+L opens its page"));
    return lines.join(QStringLiteral("<br>"));
}

} // namespace

const EditorServices &fanvaKbEditorServices()
{
    static const FanvaKbEditorServices s_services;
    return s_services;
}

} // namespace fanva::lang

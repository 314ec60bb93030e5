// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "editor/editorvocabulary.h"

#include "formalize/gloss.h"
#include "kb/reader.h"
#include "kb/roles.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

using namespace fanva;

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

} // namespace

EditorVocabulary::EditorVocabulary(QObject *parent)
    : QObject(parent)
    , m_watcher(new QFutureWatcher<std::shared_ptr<const kb::Vocabulary>>(this))
{
    connect(m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_vocabulary || !m_watcher->future().isValid() || m_watcher->future().resultCount() == 0)
            return;
        m_vocabulary = m_watcher->future().result();
        Q_EMIT ready();
    });
}

EditorVocabulary::~EditorVocabulary() = default;

void EditorVocabulary::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb, const QString &context)
{
    m_context = context;
    if (kb == m_kb)
        return;
    m_kb = std::move(kb);
    m_vocabulary.reset();
    if (!m_kb) {
        m_watcher->setFuture({});
        return;
    }
    // One walk over every sentence: off the GUI thread.
    m_watcher->setFuture(
        QtConcurrent::run([kb = m_kb]() -> std::shared_ptr<const kb::Vocabulary> { return std::make_shared<const kb::Vocabulary>(*kb); }));
}

void EditorVocabulary::waitForReady()
{
    if (m_vocabulary || !m_kb)
        return;
    m_watcher->waitForFinished();
    if (!m_vocabulary && m_watcher->future().resultCount() > 0) {
        m_vocabulary = m_watcher->future().result();
        Q_EMIT ready();
    }
}

kb::Scope EditorVocabulary::scope() const
{
    const std::optional<kb::SymbolId> cx = m_context.isEmpty() ? std::nullopt : kb::findSymbol(m_context.toStdString());
    return { cx && m_kb && m_kb->hasContext(*cx) ? *cx : kb::noSymbol, kb::noKey };
}

std::vector<CompletionItem> EditorVocabulary::completions(const QString &prefix, kb::CompletionSlot slot, int limit) const
{
    std::vector<CompletionItem> out;
    if (!m_vocabulary || !m_kb)
        return out;
    const std::string utf8 = prefix.toStdString();
    const std::vector<kb::Completion> found = m_vocabulary->complete(*m_kb, { utf8, scope().context, slot, std::size_t(qMax(limit, 1)) });
    out.reserve(found.size());
    for (const kb::Completion &c : found)
        out.push_back({ kb::symbolString(c.symbol), detailOf(c), c });
    return out;
}

QString EditorVocabulary::detailOf(const kb::Completion &c) const
{
    const QString name = kb::symbolString(c.symbol);
    if (c.role == kb::Role::Context)
        return tr("context");
    const kb::FunctorSignature signature = kb::functorSignature(*m_kb, c.symbol, scope());
    const formalize::GlossTemplate glossed = formalize::glossTemplate(signature.comment, kb::symbolName(c.symbol));
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
            head = tr("individual");
            break;
        case kb::Role::Type:
        case kb::Role::Sense:
            head = tr("type");
            break;
        case kb::Role::Predicate:
            head = tr("predicate");
            break;
        default:
            head = c.builtin ? tr("built-in") : tr("term");
            break;
        }
    }
    return comment.isEmpty() ? head : tr("%1 — %2").arg(head, comment);
}

SignatureHint EditorVocabulary::signatureHint(const QString &functor, int argument) const
{
    SignatureHint hint;
    const std::optional<kb::SymbolId> id = functor.isEmpty() || !m_kb ? std::nullopt : kb::findSymbol(functor.toStdString());
    if (!id)
        return hint;
    const kb::FunctorSignature signature = kb::functorSignature(*m_kb, *id, scope());
    const formalize::GlossTemplate glossed = formalize::glossTemplate(signature.comment, kb::symbolName(*id));
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
        if (i == argument || (signature.variableArity && i == count && argument > count)) {
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

QString EditorVocabulary::termSummary(const QString &term) const
{
    const std::optional<kb::SymbolId> id = term.isEmpty() || !m_kb ? std::nullopt : kb::findSymbol(term.toStdString());
    if (!id)
        return {};
    const kb::Scope where = scope();
    const kb::TermUsage usage = m_kb->findTerm(*id, where);
    const bool context = m_kb->hasContext(*id);
    if (!usage.used && !context && !(m_vocabulary && m_vocabulary->uses(*id) > 0))
        return tr("<b>%1</b> — not in the KB as seen from %2").arg(term.toHtmlEscaped(), m_context.toHtmlEscaped());
    QStringList lines;
    const kb::Role role = context ? kb::Role::Context : usage.role;
    lines.append(QStringLiteral("<b>%1</b> · %2").arg(term.toHtmlEscaped(), QString(kb::roleName(role))));
    const kb::FunctorSignature signature = kb::functorSignature(*m_kb, *id, where);
    if (!signature.comment.isEmpty())
        lines.append(firstLine(signature.comment).toHtmlEscaped());
    if (signature.arity >= 0)
        lines.append(tr("arity %1%2").arg(signature.arity).arg(signature.variableArity ? tr(" or more") : QString()));
    if (!signature.argTypes.empty())
        lines.append(tr("arguments: %1").arg(typeList(signature.argTypes).toHtmlEscaped()));
    const auto names = [](const std::vector<kb::SymbolId> &ids) {
        QStringList out;
        for (size_t i = 0; i < ids.size() && i < 6; ++i)
            out.append(kb::symbolString(ids[i]));
        if (ids.size() > 6)
            out.append(QStringLiteral("…"));
        return out.join(QStringLiteral(", ")).toHtmlEscaped();
    };
    const std::vector<kb::SymbolId> genls = m_kb->genls(*id, where);
    if (!genls.empty())
        lines.append(tr("supertypes: %1").arg(names(genls)));
    const std::vector<kb::SymbolId> memberships = m_kb->memberships(*id, where);
    if (!memberships.empty())
        lines.append(tr("is a: %1").arg(names(memberships)));
    if (m_vocabulary)
        lines.append(tr("used %n time(s) in the KB", nullptr, int(m_vocabulary->uses(*id))));
    lines.append(tr("Ctrl+L opens its page"));
    return lines.join(QStringLiteral("<br>"));
}

QString EditorVocabulary::gloss(const QString &sentence) const
{
    if (!m_kb)
        return {};
    const kb::SentenceParse parsed = kb::parseSentence(sentence);
    if (!parsed.sentence)
        return {};
    const kb::SymbolId cx = m_context.isEmpty() ? kb::noSymbol : kb::intern(m_context.toStdString());
    return formalize::gloss(*m_kb, parsed.sentence->term, cx).text;
}

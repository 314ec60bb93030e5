// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/template_p.h"

#include <QRegularExpression>
#include <QStringList>

namespace fanva::formalize::detail {

namespace {

// Drops the lines that hold a single section tag and nothing else but blanks.
QString withoutStandaloneLines(const QString &source)
{
    static const QRegularExpression standalone(QStringLiteral("^[ \\t]*(\\{\\{[#/][^}]+\\}\\})[ \\t]*$"));
    QStringList lines = source.split(QLatin1Char('\n'));
    QString out;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QRegularExpressionMatch m = standalone.match(lines[i]);
        if (m.hasMatch() && i + 1 < lines.size()) {
            out += m.captured(1);
            continue;
        }
        out += lines[i];
        if (i + 1 < lines.size())
            out += QLatin1Char('\n');
    }
    return out;
}

class Renderer
{
public:
    explicit Renderer(const QString &source)
        : m_source(source)
    { }

    QString render(const TemplateData &data)
    {
        std::vector<const TemplateData *> stack { &data };
        qsizetype pos = 0;
        return renderUntil(pos, QString(), stack);
    }

private:
    const TemplateValue *lookup(const QString &name, const std::vector<const TemplateData *> &stack) const
    {
        for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
            const auto found = (*it)->find(name);
            if (found != (*it)->end())
                return &found->second;
        }
        return nullptr;
    }

    // Renders from `pos` to the {{/closing}} tag (or the end), leaving pos after it.
    QString renderUntil(qsizetype &pos, const QString &closing, std::vector<const TemplateData *> &stack)
    {
        QString out;
        while (pos < m_source.size()) {
            const qsizetype open = m_source.indexOf(QLatin1String("{{"), pos);
            if (open < 0) {
                out += m_source.mid(pos);
                pos = m_source.size();
                break;
            }
            out += m_source.mid(pos, open - pos);
            const qsizetype close = m_source.indexOf(QLatin1String("}}"), open + 2);
            const QString tag = m_source.mid(open + 2, close - open - 2).trimmed();
            pos = close + 2;
            if (tag.startsWith(QLatin1Char('/'))) {
                if (tag.mid(1) == closing)
                    return out;
                continue;
            }
            if (tag.startsWith(QLatin1Char('#'))) {
                const QString name = tag.mid(1);
                const TemplateValue *value = lookup(name, stack);
                const qsizetype bodyStart = pos;
                if (value && !value->items.empty()) {
                    for (const TemplateData &item : value->items) {
                        pos = bodyStart;
                        stack.push_back(&item);
                        out += renderUntil(pos, name, stack);
                        stack.pop_back();
                    }
                } else if (value && value->truthy) {
                    out += renderUntil(pos, name, stack);
                } else {
                    QString skipped = renderUntil(pos, name, stack);
                    Q_UNUSED(skipped);
                }
                continue;
            }
            if (const TemplateValue *value = lookup(tag, stack))
                out += value->text;
        }
        return out;
    }

    QString m_source;
};

} // namespace

QString renderTemplate(const QString &source, const TemplateData &data)
{
    return Renderer(withoutStandaloneLines(source)).render(data);
}

} // namespace fanva::formalize::detail

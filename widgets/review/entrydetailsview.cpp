// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/entrydetailsview.h"

#include "review/entryaxes.h"
#include "review/entrymodel.h"

using namespace fanva;

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString problemList(const std::vector<lang::Problem> &problems)
{
    QString html = QStringLiteral("<ul>");
    for (const lang::Problem &p : problems)
        html += QStringLiteral("<li><b>%1</b> — %2</li>").arg(esc(p.type), esc(p.message));
    return html + QStringLiteral("</ul>");
}

QString section(const QString &title)
{
    return QStringLiteral("<h4>%1</h4>").arg(esc(title));
}

} // namespace

EntryDetailsView::EntryDetailsView(QWidget *parent)
    : QTextBrowser(parent)
{
    setAccessibleName(tr("Entry details"));
    setOpenLinks(false);
    showEntry(nullptr, {});
}

EntryDetailsView::~EntryDetailsView() = default;

void EntryDetailsView::showEntry(
    const proposal::Entry *entry, const proposal::Proposal &proposal, const std::vector<lang::Problem> &clashes)
{
    if (!entry) {
        setHtml(QStringLiteral("<p><i>%1</i></p>").arg(esc(tr("Select an entry in the proposal to see its details."))));
        return;
    }
    setHtml(entryHtml(*entry, proposal, clashes));
}

QString EntryDetailsView::entryHtml(const proposal::Entry &e, const proposal::Proposal &proposal, const std::vector<lang::Problem> &clashes)
{
    QString html = QStringLiteral("<h3>%1 — %2 %3, %4</h3>")
                       .arg(esc(e.id), GutterMark::glyph(EntryModel::gutterRank(e.rank())), esc(EntryModel::rankDescription(e.rank())),
                           esc(EntryModel::decisionDescription(e.decision)));
    html += section(tr("Source"));
    const bool author = e.origin == formalize::Origin::Author;
    if (author) {
        html += QStringLiteral("<p><i>%1</i></p>").arg(esc(tr("Written by the author, not quoted from the document.")));
        if (e.segment > 0 && e.segment <= proposal.segmentTexts.size())
            html += QStringLiteral("<p>%1 [%2] %3</p>")
                        .arg(esc(tr("After")))
                        .arg(e.segment)
                        .arg(esc(proposal.segmentTexts.at(e.segment - 1)));
    } else if (e.segment > 0 && e.segment <= proposal.segmentTexts.size())
        html += QStringLiteral("<p>[%1] %2</p>").arg(e.segment).arg(esc(proposal.segmentTexts.at(e.segment - 1)));
    else
        html += QStringLiteral("<p><i>%1</i></p>").arg(esc(tr("The model named no sentence of the document.")));

    html += section(tr("Shapes"));
    html += QStringLiteral("<ol>");
    for (qsizetype i = 0; i < e.shapes.size(); ++i) {
        const bool selected = e.selectedShape == i + 1;
        const QString text = QStringLiteral("<code>%1</code>").arg(esc(e.shapes.at(i)));
        html += selected ? QStringLiteral("<li><b>%1 ◀ %2</b></li>").arg(text, esc(tr("selected")))
                         : QStringLiteral("<li>%1</li>").arg(text);
    }
    html += QStringLiteral("</ol>");
    if (e.selectedShape == 0)
        html += QStringLiteral("<p><b>%1</b> <code>%2</code></p>").arg(esc(tr("Edited:")), esc(e.edit));

    if (!e.problems.empty())
        html += section(tr("Problems")) + problemList(e.problems);
    if (!clashes.empty())
        html += section(tr("Clashes with other accepted entries")) + problemList(clashes);
    if (e.correction && !e.correction->isEmpty()) {
        html += section(tr("Correction"));
        html += QStringLiteral("<p>%1: %2<br/>%3<br/>%4: %5</p>")
                    .arg(esc(tr("Rules")), esc(e.correction->rules.join(QStringLiteral(", "))), esc(e.correction->why),
                        esc(tr("Confidence")), esc(EntryAxes::confidenceText(e.correction->confidence)));
    }
    if (!e.coined.empty()) {
        html += section(tr("Coined functors")) + QStringLiteral("<ul>");
        for (const formalize::CoinedFunctor &c : e.coined)
            html += QStringLiteral("<li><code>%1/%2</code> (%3)</li>")
                        .arg(esc(c.functor))
                        .arg(c.arity)
                        .arg(esc(EntryAxes::roleText(c.role)));
        html += QStringLiteral("</ul>");
    }
    if (!e.gloss.text.isEmpty())
        html += section(tr("Reads as")) + QStringLiteral("<p>%1</p>").arg(esc(e.gloss.text));
    // An author entry shows why Re-judge left it without a verdict (formalize.md §9.3).
    if (e.verdict != formalize::Verdict::None || EntryAxes::judgeFailed(e) || (author && !e.verdictNote.isEmpty())) {
        html += section(tr("Judge"));
        const QString text = esc(EntryAxes::judgeText(e));
        html += EntryAxes::judgeFailed(e) ? QStringLiteral("<p><b>%1</b></p>").arg(text) : QStringLiteral("<p>%1</p>").arg(text);
    }
    if (!e.pattern.isEmpty()) {
        // Drafted by rules (docs/spec/rules.md §4): the pattern and the words it left out.
        html += section(tr("Drafted by rules — no model"));
        html += QStringLiteral("<p>%1: <code>%2</code><br/>%3</p>")
                    .arg(esc(tr("Pattern")), esc(e.pattern),
                        e.unused.isEmpty() ? esc(tr("Every content word used"))
                                           : esc(tr("Words not used: %1").arg(e.unused.join(QStringLiteral(", ")))));
    }
    if (!author)
        html += QStringLiteral("<p>%1: %2<br/>%3: %4</p>")
                    .arg(esc(e.pattern.isEmpty() ? tr("Model confidence") : tr("Rules confidence")),
                        esc(EntryAxes::confidenceText(e.confidence)), esc(tr("Strength")), esc(EntryAxes::strengthText(e.strength)));
    if (!e.forced.isEmpty())
        html += QStringLiteral("<p>%1: %2</p>").arg(esc(tr("Forced past")), esc(e.forced.join(QStringLiteral(", "))));
    if (!e.notes.empty())
        html += section(tr("Notes")) + problemList(e.notes);
    if (!e.history.empty()) {
        html += section(tr("History")) + QStringLiteral("<ul>");
        for (const formalize::HistoryItem &h : e.history)
            html += QStringLiteral("<li>%1 (%2 %3): <code>%4</code></li>")
                        .arg(esc(h.id), esc(tr("attempt")), QString::number(h.attempt), esc(h.sentence));
        html += QStringLiteral("</ul>");
    }
    return html;
}

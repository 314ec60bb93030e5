// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Performs one Apply of scenario 1's proposal and dies at an injected point, the way a
// crash or a power cut would: tst_apply checks what is left on disk and in the journal.
//   applycrashhelper KBDIR JOURNAL temp-written|renamed [edit]
// With `edit`, the Apply is editProposal()'s (a retract, a replace and an add).

#include "proposal/apply.h"
#include "proposal/gate.h"
#include "proposalfixture.h"

#include <QCoreApplication>
#include <QDateTime>

#include <unistd.h>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 4 && args.size() != 5)
        return 2;
    const bool edit = args.size() == 5 && args.at(4) == QLatin1StringView("edit");
    const fanva::proposal::ApplyStage stopAt
        = args.at(3) == QLatin1StringView("renamed") ? fanva::proposal::ApplyStage::Renamed : fanva::proposal::ApplyStage::TempWritten;

    fanva::proposal::Proposal proposal = edit ? fixture::editProposal(args.at(1)) : fixture::scenarioOne(args.at(1));
    if (!proposal.accept(QStringLiteral("c1")) || !proposal.accept(QStringLiteral("c3"))
        || (edit && !proposal.accept(QStringLiteral("c2"))))
        return 2;
    fanva::proposal::ApplyOptions options;
    options.gate = fanva::proposal::criticGate();
    options.journalPath = args.at(2);
    options.now = [] { return QDateTime::fromString(QStringLiteral("2026-11-29T14:03:00Z"), Qt::ISODate); };
    options.newId = [] { return QStringLiteral("crash-1"); };
    options.probe = [stopAt](fanva::proposal::ApplyStage stage) {
        if (stage == stopAt)
            ::_exit(42);
    };
    (void)fanva::proposal::apply(proposal, options);
    return 1; // the probe should have ended the process
}

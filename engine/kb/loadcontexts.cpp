// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The loader's context phase: the contexts, their genlCx wiring and visibility rows (§1).
#include "kb/knowledgebaseloader_p.h"

#include "kb/contextgraph.h"

namespace fanva::kb {

using namespace detail;
using namespace loading;

// The contexts and their visibility (§1): every file's context, then every other
// genlCx argument. A file's context has a dense index below the number of files, which
// is also its bit in the visibility rows; every context has a row: the files' contexts
// it sees. Rows are computed once per strongly connected component, successors first,
// so the cost is (contexts + genlCx edges) x (files / 64) words, never contexts²; a
// graph whose rows would exceed a fixed budget is refused (too-many-contexts).
bool KnowledgeBaseLoader::indexContexts(
    KnowledgeBase::Private &p, const std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics)
{
    std::vector<std::pair<SymbolId, SymbolId>> wiring;
    std::vector<SymbolId> others;
    for (const FileRecord &file : files) {
        p.contextIndex.emplace(file.context, std::uint32_t(p.denseContexts.size()));
        p.denseContexts.push_back(file.context);
    }
    for (const FileRecord &file : files) {
        for (const Term s : file.document.sentences) {
            if (s.isForm(sym::genlCx) && s.size() == 3 && s.at(1).isSymbol() && s.at(2).isSymbol()) {
                wiring.emplace_back(s.at(1).symbol(), s.at(2).symbol());
                for (const SymbolId c : { s.at(1).symbol(), s.at(2).symbol() }) {
                    if (!p.contextIndex.contains(c))
                        others.push_back(c);
                }
            }
        }
    }
    sortByName(others);
    others.erase(std::unique(others.begin(), others.end()), others.end());
    for (const SymbolId c : others) {
        p.contextIndex.emplace(c, std::uint32_t(p.denseContexts.size()));
        p.denseContexts.push_back(c);
    }
    p.contexts = p.denseContexts;
    sortByName(p.contexts);
    const std::size_t n = p.denseContexts.size();
    p.fileContexts = std::uint32_t(files.size());
    p.words = std::max<std::size_t>(1, (p.fileContexts + 63) / 64);
    p.contextParents.assign(n, {});
    p.contextFile.assign(n, -1);
    p.contextSentences.assign(n, {});
    p.contextUp.assign(n, {});
    p.contextDown.assign(n, {});
    for (const auto &[sub, super] : wiring) {
        const std::uint32_t a = p.contextIndex[sub];
        const std::uint32_t b = p.contextIndex[super];
        p.contextUp[a].push_back(b);
        p.contextDown[b].push_back(a);
        p.contextParents[a].push_back(super);
    }
    for (auto &parents : p.contextParents) {
        sortByName(parents);
        parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
    }
    constexpr std::size_t budget = std::size_t(1) << 24; // words of work and of rows (128 MiB)
    if ((n + wiring.size()) * p.words > budget) {
        diagnostics.push_back(error(codes::tooManyContexts, files.empty() ? QString() : files.front().path,
            QStringLiteral("the KB wires %1 contexts with %2 genlCx sentences over %3 context files, more than the loader can index "
                           "— use fewer contexts or fewer context files")
                .arg(n)
                .arg(wiring.size())
                .arg(files.size())));
        return false;
    }
    ContextVisibility visibility = contextVisibility(p.contextUp, p.fileContexts);
    p.sees = std::move(visibility.sees);
    p.contextRow = std::move(visibility.row);
    return true;
}

} // namespace fanva::kb

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/diagnostic.h"
#include "lang/drafting.h"
#include "lang/problem.h"
#include "lang/statement.h"
#include "lang/termrole.h"
#include "lang/token.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fanva::lang {

class EditorServices;
class Language;
class SentenceEdits;
class TurnVocabulary;
class ToolServices;
class ClaimWriter;
class Contexts;
class StagedLoad;

/// What read() found in a text: its statements in text order and every diagnostic (the
/// reader's recovery keeps the statements read cleanly next to the errors).
struct ReadResult {
    std::vector<Statement> statements;
    std::vector<Diagnostic> diagnostics;
    [[nodiscard]] bool hasErrors() const;
};

/// A loaded, immutable knowledge base in one language. Safe to query from any thread.
class Kb
{
public:
    Kb() = default;
    virtual ~Kb() = default;
    Kb(const Kb &) = delete;
    Kb &operator=(const Kb &) = delete;

    [[nodiscard]] virtual const Language &language() const = 0;
    /// The directory it was loaded from (empty for in-memory sources).
    [[nodiscard]] virtual QString root() const = 0;
    [[nodiscard]] virtual std::size_t statementCount() const = 0;
    /// The targets Apply can append to (contexts for fanva-kb), sorted.
    [[nodiscard]] virtual QStringList targets() const = 0;
    /// True if a statement with this identity key is stored where `target` sees it.
    [[nodiscard]] virtual bool isStored(const std::string &key, const QString &target) const = 0;
    /// The file Apply appends `target`'s statements to, relative to root(). Default:
    /// `<target>` plus the suffix of the language's first KB file pattern ("*.nibli" →
    /// `<target>.nibli`); fanva-kb: the context's file wherever the loader found it.
    [[nodiscard]] virtual QString targetFile(const QString &target) const;
};

/// A load's outcome: the KB, or null with every hard error; warnings either way.
struct LoadResult {
    std::shared_ptr<const Kb> kb;
    std::vector<Diagnostic> diagnostics;
    [[nodiscard]] bool ok() const { return kb != nullptr; }
};

/// The regular files under `dir` whose names match one of `patterns` (QDir wildcards),
/// `.`-entries skipped, symbolic links not followed, in bytewise (UTF-8) order of their
/// paths relative to `dir`; the paths returned are `dir`-joined. Languages' kbFiles() use it.
[[nodiscard]] QStringList kbFilesMatching(const QString &dir, const QStringList &patterns);

/// The entries of one batch admitted so far (the critic's overlay, formalize.md §5.1).
/// Opaque: made and filled by the language of the KB it was made for.
class Batch
{
public:
    Batch() = default;
    virtual ~Batch() = default;
    Batch(const Batch &) = delete;
    Batch &operator=(const Batch &) = delete;
    /// The number of entries admitted.
    [[nodiscard]] virtual int size() const = 0;
};

/// The parse gate's outcome for one candidate string: the statement, or the gate's problem.
struct Candidate {
    std::optional<Statement> statement;
    std::optional<Problem> problem;
};

/// A one-place fact `(P i)` / `P(i).`: the predicate and the individual (score's profile).
struct OneArgumentFact {
    QString predicate;
    QString individual;
    friend bool operator==(const OneArgumentFact &, const OneArgumentFact &) = default;
};

/// Where one statement of a loaded KB stands: its file (relative to the KB root), line:col
/// and its canonical text.
struct KbPlace {
    QString file;
    int line = 0;
    int column = 0;
    QString text;
    friend bool operator==(const KbPlace &, const KbPlace &) = default;
};

/// What a KB and its language say about one word (`fanva-cli kb term`), language-neutral.
struct TermDescription {
    /// Where the word is defined: `kind` "lexicon" (no place), "declaration" or "comment"
    /// (the statement's place).
    struct Source {
        QString kind;
        KbPlace place;
        friend bool operator==(const Source &, const Source &) = default;
    };

    QString term;
    /// TermRole::None: neither the language nor the KB knows the word.
    TermRole role = TermRole::None;
    /// True if a statement of the KB uses it.
    bool used = false;
    std::vector<Source> sources;
    /// A predicate's number of places (nullopt: unknown, or not a predicate).
    std::optional<int> arity;
    /// A predicate's place names, in order (empty when the language has none).
    QStringList places;
    /// A short English gloss of the word.
    QString gloss;
    /// The reading template the gloss fills ({x1}…), empty when none.
    QString reading;
    /// The base predicate of a converse alias, empty when none.
    QString converseOf;
    /// The KB statements that use it, in KB order (at most the `maxUses` asked for).
    std::vector<KbPlace> uses;
    /// How many statements use it (uses holds the first of them).
    int useCount = 0;
    /// For an unknown word: the nearest known words, nearest first.
    QStringList suggestions;
    friend bool operator==(const TermDescription &, const TermDescription &) = default;
};

/// A KB language behind the seam (docs/spec/language-seam.md, nibli-kr.md §1.1). The
/// engine reaches a language only through this interface, chosen when a workspace, a KB or
/// a session opens; callers never switch on id(). Every method is const and reentrant.
/// Statements and KBs given to a method must come from this language.
class Language
{
public:
    Language() = default;
    virtual ~Language() = default;
    Language(const Language &) = delete;
    Language &operator=(const Language &) = delete;

    /// Stable id: fanva.json's "language", the session file's kb.language, `--language`.
    [[nodiscard]] virtual QString id() const = 0;
    /// The file name patterns of KB files ("*.txt").
    [[nodiscard]] virtual QStringList kbFilePatterns() const = 0;
    /// The KB files under `dir` the loader reads: regular files matching
    /// kbFilePatterns(), `.`-directories skipped, symlinks not followed, bytewise path order.
    [[nodiscard]] virtual QStringList kbFiles(const QString &dir) const = 0;

    /// Reads UTF-8 text into statements and diagnostics; pure. `file` only names the source
    /// in diagnostics.
    [[nodiscard]] virtual ReadResult read(const QByteArray &text, const QString &file = {}) const = 0;
    /// Loads every KB file under `dir`.
    [[nodiscard]] virtual LoadResult load(const QString &dir) const = 0;

    /// The parse gate (formalize.md §5.1): exactly one statement, or the gate's problem.
    [[nodiscard]] virtual Candidate readCandidate(const QString &text) const = 0;
    /// The critic gate: the problems of `statement` filed in `target`, against the KB plus
    /// `batch` (null: the KB alone); blocking ones, else notes (lang::isBlocking decides).
    [[nodiscard]] virtual std::vector<Problem> check(
        const Kb &kb, const Statement &statement, const QString &target, const Batch *batch = nullptr) const = 0;
    /// A new, empty batch for `kb`.
    [[nodiscard]] virtual std::unique_ptr<Batch> newBatch(const Kb &kb) const = 0;
    /// Adds an admitted statement to `batch`; `index` is how later messages name it.
    virtual void admit(const Kb &kb, Batch &batch, const Statement &statement, const QString &target, int index) const = 0;
    /// The round-trip gate's problem, if any.
    [[nodiscard]] virtual std::optional<Problem> roundTrip(const Kb &kb, const Statement &statement) const = 0;

    /// The canonical text Apply writes.
    [[nodiscard]] virtual QString render(const Statement &statement) const = 0;
    /// The identity key (dedup, already-stored, cycle key, score). `kb` may be null; a
    /// language whose keys depend on the KB (fanva-kb: symmetric predicates) then keys
    /// against an empty KB.
    [[nodiscard]] virtual std::string key(const Kb *kb, const Statement &statement) const = 0;

    /// The gloss of `statement` as seen from `target`.
    [[nodiscard]] virtual Gloss gloss(const Kb &kb, const Statement &statement, const QString &target) const = 0;
    /// The vocabulary card for `target` from the document's resolutions within `budget`
    /// tokens: its text, size and cut (the listed-term vectors are fanva-kb's; others may
    /// leave them empty).
    [[nodiscard]] virtual Card card(const Kb &kb, const QString &target, const std::vector<Resolution> &resolutions, int budget) const = 0;
    /// The resolver's document words → KB terms (formalize.md §1.2).
    [[nodiscard]] virtual std::vector<Resolution> resolve(
        const Kb &kb, const QByteArray &document, const std::vector<Segment> &segments, const QString &target) const = 0;
    /// A spelling's role for the resolver as `target` sees it (TermRole::None: unknown).
    [[nodiscard]] virtual TermRole findTerm(const Kb &kb, const QString &spelling, const QString &target) const = 0;
    /// The whole system prefix of a formalize session on `kb` for `target` (formalize.md §3.1;
    /// a language without its own frame wraps its guide in formalize::languageSystemPrefix).
    [[nodiscard]] virtual QString promptGuide(const Kb &kb, const QString &target) const = 0;
    /// Proposals about a proposal (formalize.md §7); empty when no pass applies.
    [[nodiscard]] virtual Correction corrections(const Kb &kb, const Statement &statement, const QString &target) const = 0;
    /// The coined-vocabulary report over a batch (formalize.md §8).
    [[nodiscard]] virtual CoinedReport coined(
        const Kb &kb, const QString &target, const std::vector<std::pair<QString, Statement>> &batch) const = 0;
    /// formalize.md §4.2 step 7: the bare candidates of a reply that held no JSON.
    [[nodiscard]] virtual std::vector<ReplyCandidate> bareCandidates(const QString &reply) const = 0;

    // Score (formalize.md §12; lang::score runs it through these).
    /// Whether a score counts `statement`, as a gold statement (`gold`) or as a candidate.
    /// fanva-kb: every candidate, every gold sentence but `comment` and `genlCx`.
    [[nodiscard]] virtual bool isScored(const Statement &statement, bool gold) const = 0;
    /// The individuals `statement` names (fanva-kb: individual-spelled symbols; nibli:
    /// Names), each once.
    [[nodiscard]] virtual QStringList individuals(const Statement &statement) const = 0;
    /// The (predicate, individual) of a one-place fact, else nullopt. `kb` (may be null)
    /// resolves as for key().
    [[nodiscard]] virtual std::optional<OneArgumentFact> oneArgumentFact(const Kb *kb, const Statement &statement) const = 0;
    /// `statement` with every individual that `renaming` maps renamed, at any depth: a
    /// statement of this language whose text is its canonical render (read on its own).
    /// `statement` itself when nothing is renamed or it cannot be rewritten. `kb` (may be
    /// null) resolves as for key().
    [[nodiscard]] virtual Statement renamed(const Kb *kb, const Statement &statement, const std::map<QString, QString> &renaming) const = 0;

    /// What `kb` knows of `word` as `target` sees it (empty target: the whole KB), with at
    /// most `maxUses` statements that use it.
    [[nodiscard]] virtual TermDescription describeTerm(const Kb &kb, const QString &word, const QString &target, int maxUses) const = 0;

    /// True for a problem code of this language's reader (the text is not one statement of
    /// the language): no force may let such a text into a KB file that must still load.
    /// Default: the parse gate's unreadable, several-sentences and empty-sentence.
    [[nodiscard]] virtual bool isReaderProblem(QStringView code) const;
    /// Why `target` cannot name a target Apply writes (a sentence), or nullopt when it can.
    /// Default: `[A-Za-z0-9][A-Za-z0-9_-]*` (nibli-kr.md §1.3).
    [[nodiscard]] virtual std::optional<QString> targetNameProblem(const QString &target) const;
    /// True if `file` (relative to the KB folder, '/'-separated, clean) is the file the
    /// loader maps `target` to, so Apply may write `target`'s statements there. Default:
    /// exactly `<target>` plus the first pattern's suffix, at the KB folder's top.
    [[nodiscard]] virtual bool isTargetFile(const QString &file, const QString &target) const;

    /// The prefix of Apply's provenance lines (";;" for fanva-kb).
    [[nodiscard]] virtual QString lineComment() const = 0;
    /// The KSyntaxHighlighting definition's name.
    [[nodiscard]] virtual QString syntaxDefinition() const = 0;
    /// Highlighting tokens of one line; `state` carries what spans lines (0 at a file's start).
    [[nodiscard]] virtual QList<Token> tokenizeLine(QStringView line, int &state) const = 0;

    // Optional roles (capabilities): null means "not supported"; callers ask, never compare id().

    /// The vocabulary of the formalize turn as data (docs/spec/rules.md §2).
    [[nodiscard]] virtual const TurnVocabulary *turnVocabulary() const { return nullptr; }

    // Optional role "tool services" (lang/toolservices.h), asked by fanva-cli: what a
    // command-line tool needs beyond the core role (parse, fmt, check, gloss, kb).
    [[nodiscard]] virtual const ToolServices *toolServices() const { return nullptr; }

    /// Locating a stored statement's lines for replace and retract (docs/spec/rewrite.md §4).
    [[nodiscard]] virtual const SentenceEdits *edits() const { return nullptr; }

    /// The author's editor's services: completion, argument hint, hover, problems, "Reads as"
    /// (lang/editorservices.h).
    [[nodiscard]] virtual const EditorServices *editorServices() const { return nullptr; }

    /// Writes the rules drafter's language-neutral claims (lang/claimwriter.h, rules.md §3).
    [[nodiscard]] virtual const ClaimWriter *claimWriter() const { return nullptr; }

    // Optional roles "staged load" (lang/stagedload.h: a load with progress, a reload of the
    // changed files) and "contexts" (lang/contexts.h: targets are contexts in context files).
    [[nodiscard]] virtual const StagedLoad *stagedLoad() const { return nullptr; }
    [[nodiscard]] virtual const Contexts *contexts() const { return nullptr; }
};

} // namespace fanva::lang

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/lexicon.h"

#include "rules/inputguard.h"

#include <link-grammar/link-includes.h>
#include <wn.h>

#include <clocale>
#include <string>

namespace fanva::rules {

namespace {

/// Restores the process locale on scope exit: Link Grammar sets LC_CTYPE while it loads.
class LocaleGuard
{
public:
    LocaleGuard()
    {
        const char *current = std::setlocale(LC_ALL, nullptr);
        m_saved = current ? current : "C";
    }
    ~LocaleGuard() { std::setlocale(LC_ALL, m_saved.c_str()); }
    LocaleGuard(const LocaleGuard &) = delete;
    LocaleGuard &operator=(const LocaleGuard &) = delete;

private:
    std::string m_saved;
};

void silentErrors(lg_errinfo *, void *)
{
    // Link Grammar would print to stderr; the rules report their own reasons.
}

int wordnetPos(Lexicon::Pos pos)
{
    switch (pos) {
    case Lexicon::Pos::Noun:
        return NOUN;
    case Lexicon::Pos::Verb:
        return VERB;
    case Lexicon::Pos::Adjective:
        return ADJ;
    }
    return NOUN;
}

} // namespace

Lexicon &Lexicon::instance()
{
    static Lexicon lexicon;
    return lexicon;
}

Lexicon::Lexicon() = default;

Lexicon::~Lexicon()
{
    if (m_options)
        parse_options_delete(static_cast<Parse_Options>(m_options));
    if (m_dictionary)
        dictionary_delete(static_cast<Dictionary>(m_dictionary));
}

void Lexicon::loadLocked()
{
    if (m_loaded)
        return;
    m_loaded = true;
    const LocaleGuard guard;
    lg_error_set_handler(silentErrors, nullptr);
    Dictionary dictionary = dictionary_create_lang("en");
    if (!dictionary) {
        m_problem = QStringLiteral("the Link Grammar English dictionary could not be loaded (link-grammar-dictionaries-en)");
    } else {
        m_dictionary = dictionary;
        Parse_Options options = parse_options_create();
        parse_options_set_verbosity(options, 0);
        parse_options_set_linkage_limit(options, 100);
        parse_options_set_repeatable_rand(options, 1);
        parse_options_set_max_parse_time(options, 2);
        parse_options_set_islands_ok(options, 0);
        parse_options_set_spell_guess(options, 0);
        m_options = options;
    }
    if (wninit() != 0) {
        if (m_problem.isEmpty())
            m_problem = QStringLiteral("WordNet could not be loaded (wordnet-base)");
    } else {
        m_wordnet = true;
    }
}

bool Lexicon::available()
{
    const std::lock_guard lock(m_mutex);
    loadLocked();
    return m_dictionary && m_wordnet;
}

QString Lexicon::problem()
{
    const std::lock_guard lock(m_mutex);
    loadLocked();
    return m_problem;
}

QString Lexicon::lemma(const QString &word, Pos pos)
{
    const std::lock_guard lock(m_mutex);
    loadLocked();
    const QString lower = word.toLower();
    if (!m_wordnet)
        return lower;
    std::string bytes = lower.toStdString();
    // morphstr keeps static state between calls: the first answer is the base form.
    const char *base = morphstr(bytes.data(), wordnetPos(pos));
    if (base)
        return QString::fromUtf8(base);
    return lower;
}

bool Lexicon::is(const QString &word, Pos pos)
{
    const std::lock_guard lock(m_mutex);
    loadLocked();
    if (!m_wordnet)
        return false;
    std::string bytes = word.toLower().toStdString();
    const int p = wordnetPos(pos);
    if (in_wn(bytes.data(), p) != 0)
        return true;
    const char *base = morphstr(bytes.data(), p);
    return base != nullptr;
}

namespace {

bool holds(SynsetPtr synset, const std::string &word, int depth)
{
    for (SynsetPtr s = synset; s && depth < 20; s = s->nextss) {
        for (int i = 0; i < s->wcount; ++i) {
            if (word == s->words[i])
                return true;
        }
        if (holds(s->ptrlist, word, depth + 1))
            return true;
    }
    return false;
}

} // namespace

bool Lexicon::isKindOf(const QString &noun, const QString &ancestor)
{
    if (noun == ancestor)
        return true;
    const std::lock_guard lock(m_mutex);
    loadLocked();
    if (!m_wordnet)
        return false;
    std::string bytes = noun.toLower().toStdString();
    const std::string target = ancestor.toLower().toStdString();
    SynsetPtr synsets = findtheinfo_ds(bytes.data(), NOUN, -HYPERPTR, ALLSENSES);
    bool found = false;
    for (SynsetPtr s = synsets; s && !found; s = s->nextss)
        found = holds(s->ptrlist, target, 0);
    free_syns(synsets);
    return found;
}

QStringList Lexicon::verbSynonyms(const QString &verb)
{
    const std::lock_guard lock(m_mutex);
    loadLocked();
    QStringList out { verb };
    if (!m_wordnet)
        return out;
    std::string bytes = verb.toStdString();
    SynsetPtr synsets = findtheinfo_ds(bytes.data(), VERB, SYNS, ALLSENSES);
    for (SynsetPtr s = synsets; s; s = s->nextss) {
        for (int i = 0; i < s->wcount; ++i) {
            const QString w = QString::fromUtf8(s->words[i]).toLower();
            if (!w.contains(QLatin1Char('_')) && !out.contains(w))
                out << w;
        }
    }
    free_syns(synsets);
    return out;
}

std::vector<QString> Lexicon::tags(const QStringList &words)
{
    std::vector<QString> out(std::size_t(words.size()));
    const std::lock_guard lock(m_mutex);
    loadLocked();
    // Link Grammar corrupts its heap on a long enough text (InputLimits): it never gets one.
    if (!m_dictionary || words.isEmpty() || !fitsTheParser(words))
        return out;
    const LocaleGuard guard;
    const std::string text = words.join(QLatin1Char(' ')).toStdString();
    Sentence sentence = sentence_create(text.c_str(), static_cast<Dictionary>(m_dictionary));
    if (!sentence)
        return out;
    auto *options = static_cast<Parse_Options>(m_options);
    if (sentence_parse(sentence, options) > 0) {
        Linkage linkage = linkage_create(0, sentence, options);
        if (linkage) {
            // Words map 1:1 unless Link Grammar split one; then tags are left empty.
            const int n = linkage_get_num_words(linkage);
            QStringList linked;
            for (int i = 0; i < n; ++i) {
                const QString w = QString::fromUtf8(linkage_get_word(linkage, i));
                if (w == QLatin1String("LEFT-WALL") || w == QLatin1String("RIGHT-WALL"))
                    continue;
                linked << w;
            }
            if (linked.size() == words.size()) {
                for (qsizetype i = 0; i < linked.size(); ++i) {
                    const QString &w = linked.at(i);
                    const qsizetype dot = w.lastIndexOf(QLatin1Char('.'));
                    if (dot > 0 && !w.contains(QLatin1Char('['))) {
                        QString tag = w.mid(dot + 1);
                        if (const qsizetype dash = tag.indexOf(QLatin1Char('-')); dash >= 0)
                            tag.truncate(dash);
                        out[std::size_t(i)] = tag;
                    }
                }
            }
            linkage_delete(linkage);
        }
    }
    sentence_delete(sentence);
    return out;
}

} // namespace fanva::rules

# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/formalize tests.
fanva_add_test(tst_segmenter SOURCES formalize/tst_segmenter.cpp LIBS fanva_engine)
fanva_add_test(tst_replyparser SOURCES formalize/tst_replyparser.cpp LIBS fanva_engine)
fanva_add_test(tst_prompts SOURCES formalize/tst_prompts.cpp LIBS fanva_engine)
fanva_add_test(tst_gloss SOURCES formalize/tst_gloss.cpp LIBS fanva_engine)
fanva_add_test(tst_inventory SOURCES formalize/tst_inventory.cpp LIBS fanva_engine)
fanva_add_test(tst_corrections SOURCES formalize/tst_corrections.cpp LIBS fanva_engine)
fanva_add_test(tst_session SOURCES formalize/tst_session.cpp LIBS fanva_engine)
fanva_add_test(tst_merge SOURCES formalize/tst_merge.cpp LIBS fanva_engine)
fanva_add_test(tst_sessionrounds SOURCES formalize/tst_sessionrounds.cpp LIBS fanva_engine)
fanva_add_test(tst_rewrite SOURCES formalize/tst_rewrite.cpp LIBS fanva_engine)
fanva_add_test(tst_judgealone SOURCES formalize/tst_judgealone.cpp LIBS fanva_engine)
# The session file as read from outside (sessionfile.cpp, autosave.cpp): registered here, beside
# the formalize tests it grew from, so tests/engine/proposal.cmake stays the proposal area's.
fanva_add_test(tst_sessionload SOURCES proposal/tst_sessionload.cpp LIBS fanva_engine)
# The loop over the language seam, one source with a row per language (issue 34).
fanva_add_test(tst_sessionlanguages SOURCES formalize/tst_sessionlanguages.cpp LIBS fanva_engine)

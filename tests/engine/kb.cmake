# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/kb tests: reader, roles, canonical form, writer, knowledge base.
fanva_add_test(tst_reader SOURCES kb/tst_reader.cpp LIBS fanva_engine_kb)
fanva_add_test(tst_canonical SOURCES kb/tst_canonical.cpp LIBS fanva_engine_kb)
fanva_add_test(tst_knowledgebase SOURCES kb/tst_knowledgebase.cpp LIBS fanva_engine_kb)
fanva_add_test(tst_vocabulary SOURCES kb/tst_vocabulary.cpp LIBS fanva_engine_kb)
fanva_add_test(tst_contextgraph SOURCES kb/tst_contextgraph.cpp LIBS fanva_engine_kb)

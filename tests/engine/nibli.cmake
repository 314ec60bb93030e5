# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/lang/nibli tests: §8's acceptance table, the corpus, reader errors, the random
# round-trip property.
fanva_add_test(tst_nibliacceptance SOURCES nibli/tst_nibliacceptance.cpp LIBS fanva_engine_nibli)
fanva_add_test(tst_niblicorpus SOURCES nibli/tst_niblicorpus.cpp LIBS fanva_engine_nibli)
fanva_add_test(tst_nibliroundtrip SOURCES nibli/tst_nibliroundtrip.cpp LIBS fanva_engine_nibli)
fanva_add_test(tst_niblireader SOURCES nibli/tst_niblireader.cpp LIBS fanva_engine_nibli)
fanva_add_test(tst_nibligloss SOURCES nibli/tst_nibligloss.cpp LIBS fanva_engine_nibli)

# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/lang tests: the registry and choice rules (nibli-kr.md §1.2), the fanva-kb
# adapter against the direct kb::/check::/formalize calls, the nibli adapter, and the score
# through the seam (formalize.md §12).
# The neutral vocabulary alone: links nothing but fanva_engine_langvocab (headers) and Qt.
fanva_add_test(tst_langvocab SOURCES lang/tst_langvocab.cpp LIBS fanva_engine_langvocab)
fanva_add_test(tst_langregistry SOURCES lang/tst_langregistry.cpp LIBS fanva_engine)
fanva_add_test(tst_fanvakb SOURCES lang/tst_fanvakb.cpp LIBS fanva_engine)
fanva_add_test(tst_niblilanguage SOURCES lang/tst_niblilanguage.cpp LIBS fanva_engine)
fanva_add_test(tst_langscore SOURCES lang/tst_langscore.cpp LIBS fanva_engine)
# The same score on fanva-kb in detail: the worked example, the fables, known and summed counts.
fanva_add_test(tst_score SOURCES lang/tst_score.cpp LIBS fanva_engine)

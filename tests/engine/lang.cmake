# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/lang tests: the registry and choice rules (nibli-kr.md §1.2), and the fanva-kb
# adapter against the direct kb::/check::/formalize calls.
fanva_add_test(tst_langregistry SOURCES lang/tst_langregistry.cpp LIBS fanva_engine)
fanva_add_test(tst_fanvakb SOURCES lang/tst_fanvakb.cpp LIBS fanva_engine)
fanva_add_test(tst_niblilanguage SOURCES lang/tst_niblilanguage.cpp LIBS fanva_engine)

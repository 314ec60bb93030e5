# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/rules tests (built only with the rules provider).
if(FANVA_HAVE_RULES)
    fanva_add_test(tst_rules SOURCES rules/tst_rules.cpp LIBS fanva_engine)
    fanva_add_test(tst_rulesinput SOURCES rules/tst_rulesinput.cpp LIBS fanva_engine)
    fanva_add_test(tst_rulesnibli SOURCES rules/tst_rulesnibli.cpp LIBS fanva_engine)
endif()

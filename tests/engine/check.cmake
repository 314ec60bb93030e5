# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/check tests: the critic (acceptance table, messages, checkBatch), the gates, and the
# critic on the shared corpus (zero false positives, typed mutations).
fanva_add_test(tst_critic SOURCES check/tst_critic.cpp LIBS fanva_engine_check fanva_engine_kb fanva_engine_core)
fanva_add_test(tst_gates SOURCES check/tst_gates.cpp LIBS fanva_engine_check fanva_engine_kb fanva_engine_core)
fanva_add_test(tst_checkcorpus SOURCES check/tst_checkcorpus.cpp LIBS fanva_engine_check fanva_engine_kb fanva_engine_core)

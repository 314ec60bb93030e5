# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/llm tests. Network tests talk only to the loopback fakes of tests/fakes.
fanva_add_test(tst_llm_faults SOURCES llm/tst_llm_faults.cpp llm/llmtesting.h LIBS fanva_engine_llm fanva_engine_core fanva_fakes)
fanva_add_test(tst_llm_parsers SOURCES llm/tst_llm_parsers.cpp LIBS fanva_engine_llm fanva_engine_core fanva_fakes)
fanva_add_test(tst_llm_providers SOURCES llm/tst_llm_providers.cpp llm/llmtesting.h LIBS fanva_engine_llm fanva_engine_core fanva_fakes)
fanva_add_test(tst_llm_config SOURCES llm/tst_llm_config.cpp LIBS fanva_engine_llm fanva_engine_core)
fanva_add_test(tst_endpointpool SOURCES llm/tst_endpointpool.cpp LIBS fanva_engine_llm fanva_engine_core)
fanva_add_test(tst_pooledprovider SOURCES llm/tst_pooledprovider.cpp llm/llmtesting.h LIBS fanva_engine_llm fanva_engine_core fanva_fakes)
fanva_add_test(tst_llm_scripted SOURCES llm/tst_llm_scripted.cpp llm/llmtesting.h LIBS fanva_engine_llm fanva_engine_core fanva_fakes)
fanva_add_test(tst_llm_accounting SOURCES llm/tst_llm_accounting.cpp LIBS fanva_engine_llm fanva_engine_core)
fanva_add_test(tst_llm_malformed SOURCES llm/tst_llm_malformed.cpp llm/llmtesting.h LIBS fanva_engine_llm fanva_engine_core fanva_fakes)
fanva_add_test(tst_llm_contextwindow SOURCES llm/tst_llm_contextwindow.cpp llm/llmtesting.h LIBS fanva_engine_llm fanva_engine_core fanva_fakes)
fanva_add_test(tst_llm_providerinfo SOURCES llm/tst_llm_providerinfo.cpp llm/llmtesting.h LIBS fanva_engine_llm fanva_engine_core fanva_fakes)

# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/batch tests: a corpus formalized as sessions, resumable, with a report.
fanva_add_test(tst_batchrun SOURCES batch/tst_batchrun.cpp LIBS fanva_engine)

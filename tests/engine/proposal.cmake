# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# engine/proposal tests: the proposal model, Apply, the journal and the session file.
add_executable(applycrashhelper proposal/applycrashhelper.cpp)
target_link_libraries(applycrashhelper PRIVATE fanva_options fanva_engine)
target_compile_definitions(applycrashhelper PRIVATE FANVA_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")

fanva_add_test(tst_apply SOURCES proposal/tst_apply.cpp LIBS fanva_engine)
target_compile_definitions(tst_apply PRIVATE FANVA_CRASH_HELPER="$<TARGET_FILE:applycrashhelper>")
add_dependencies(tst_apply applycrashhelper)

fanva_add_test(tst_sessionfile SOURCES proposal/tst_sessionfile.cpp LIBS fanva_engine)
fanva_add_test(tst_autosave SOURCES proposal/tst_autosave.cpp LIBS fanva_engine)
fanva_add_test(tst_journal SOURCES proposal/tst_journal.cpp LIBS fanva_engine)

fanva_add_test(tst_applyedits SOURCES proposal/tst_applyedits.cpp LIBS fanva_engine)
target_compile_definitions(tst_applyedits PRIVATE FANVA_CRASH_HELPER="$<TARGET_FILE:applycrashhelper>")
add_dependencies(tst_applyedits applycrashhelper)
fanva_add_test(tst_gitconsent SOURCES proposal/tst_gitconsent.cpp LIBS fanva_engine)
fanva_add_test(tst_applystore SOURCES proposal/tst_applystore.cpp LIBS fanva_engine)
fanva_add_test(tst_applygit SOURCES proposal/tst_applygit.cpp LIBS fanva_engine)
fanva_add_test(tst_applytarget SOURCES proposal/tst_applytarget.cpp LIBS fanva_engine)
fanva_add_test(tst_edits SOURCES proposal/tst_edits.cpp LIBS fanva_engine)
fanva_add_test(tst_applylanguages SOURCES proposal/tst_applylanguages.cpp LIBS fanva_engine)

// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The process's allocator settings, for both executables.
#pragma once

#include <cstddef> // defines __GLIBC__ with glibc

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace fanva {

/// Keeps large blocks returned to the system when they are freed. glibc raises its mmap
/// threshold each time a large block is freed (up to 32 MiB), after which blocks of that
/// size come from the heap and stay resident once freed: loading a large KB frees many
/// such blocks (a reader's name tables, the walk's lists), and the process kept some
/// 60 MiB of them at 1M sentences (issue 20). A fixed threshold keeps
/// them going back.
inline void tuneAllocator()
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

} // namespace fanva

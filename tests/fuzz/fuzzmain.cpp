// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The libFuzzer entry of one target; FANVA_FUZZ_TARGET names its body in fuzztargets.h.
#include "fuzztargets.h"

#include <QThreadPool>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    // One core per fuzzer: the KB loader's worker threads would only compete with it.
    QThreadPool::globalInstance()->setMaxThreadCount(1);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    fanva::fuzz::FANVA_FUZZ_TARGET(QByteArrayView(data, qsizetype(size)));
    return 0;
}

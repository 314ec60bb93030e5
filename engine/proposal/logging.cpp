// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/logging_p.h"

Q_LOGGING_CATEGORY(lcProposal, "fanva.proposal", QtWarningMsg)

#include "proposal/logging_p.h"

Q_LOGGING_CATEGORY(lcProposal, "fanva.proposal", QtWarningMsg)

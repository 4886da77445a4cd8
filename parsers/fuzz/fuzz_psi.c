// SPDX-License-Identifier: GPL-2.0-or-later
#include "fuzz.h"
FUZZ_FLAT_TARGET(psi, mmstat_psi_new(MMSTAT_NO_FILE, NULL, NULL))

// SPDX-License-Identifier: GPL-2.0-or-later
#include "fuzz.h"
FUZZ_FLAT_TARGET(meminfo, mmstat_meminfo_new(MMSTAT_NO_FILE, NULL))

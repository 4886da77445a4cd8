// SPDX-License-Identifier: LGPL-2.1-or-later
#include "sl_version.h"

#ifndef SPLITLRU_VERSION
#error "SPLITLRU_VERSION comes from mk/common.mk"
#endif

const char *sl_version(void)
{
	return "splitlru " SPLITLRU_VERSION;
}

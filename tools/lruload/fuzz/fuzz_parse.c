// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the command line's numbers, which every tool takes
 * from the core (lib/num.c).  Each parser takes the whole string or
 * nothing; a value it accepts must be the one the text spells and lie in
 * the range asked for, or the target aborts.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "sl_num.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char s[64], back[SL_SIZE_STR_LEN];
	uint64_t u, again;
	double sec;

	if (size >= sizeof(s))
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!sl_parse_u64(s, &u) &&
	    strtoull(s, NULL, s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10) != u)
		abort();
	if (!sl_parse_uint(s, 1, 100, &u) && (u < 1 || u > 100 || strtoull(s, NULL, 10) != u))
		abort();
	if (!sl_parse_seconds(s, 0.001, SL_SECONDS_MAX, &sec) &&
	    !(sec >= 0.001 && sec <= SL_SECONDS_MAX && fabs(sec - strtod(s, NULL)) <= sec * 1e-12))
		abort();
	if (!sl_parse_size(s, &u)) {
		/* what the human form says must parse back to the same bytes */
		if (sl_parse_size(sl_size_str(u, back, sizeof(back)), &again) || again != u)
			abort();
	}
	if (!sl_parse_size_range(s, 4096, 1 << 30, &u) && (u < 4096 || u > (1 << 30)))
		abort();
	return 0;
}

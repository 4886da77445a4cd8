/*
 * libFuzzer target: lruload's command-line numbers (parse.c).  Each parser
 * takes the whole string or nothing; a value it accepts must be the one
 * the text spells, or the target aborts.
 */
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "../parse.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char s[64];
	uint64_t u;
	unsigned pct;
	double sec;

	if (size >= sizeof(s))
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!parse_u64(s, &u) &&
	    strtoull(s, NULL, s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10) != u)
		abort();
	if (!parse_percent(s, &pct) && pct > 100)
		abort();
	if (!parse_seconds(s, &sec) && !(sec > 0 && isfinite(sec)))
		abort();
	parse_size(s, &u);
	return 0;
}

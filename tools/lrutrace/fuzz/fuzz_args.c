// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: the numbers of lrutrace's command line (intervals,
 * counts, filters, --ringbuf-size, the --listen port).  args.c is included
 * to reach its static parsers; a value they accept must be the one the
 * text spells and lie in the range asked for, or the target aborts.
 */
#include <math.h>
#include "../args.c"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char s[64];
	double d;
	long l;
	size_t z;

	if (size >= sizeof(s))
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!parse_double(s, 0.001, &d) && !(d >= 0.001))
		abort();
	if (!parse_long(s, 1, 1000000, &l) && (l < 1 || l > 1000000))
		abort();
	if (listen_port_valid(s)) {
		const char *colon = strrchr(s, ':');
		unsigned long port = strtoul(colon ? colon + 1 : s, NULL, 10);

		if (port < 1 || port > 65535)
			abort();
	}
	if (!parse_size(s, &z)) {
		/* what the text says, computed without wrapping */
		char *end;
		unsigned long long v = strtoull(s, &end, 10);
		unsigned shift = *end == 'k' || *end == 'K' ? 10 : *end ? 20 : 0;

		if (z < 4096 || z > (1u << 30) || v > (1ULL << 30) >> shift ||
		    (unsigned long long)z != v << shift)
			abort();
	}
	return 0;
}

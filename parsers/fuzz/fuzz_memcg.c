// SPDX-License-Identifier: GPL-2.0-or-later
/* memory.stat and memory.numa_stat: the first input byte picks which. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct mmstat_memcg *ctx[2];
	int which;

	if (!size)
		return 0;
	which = data[0] & 1;
	if (!ctx[which])
		ctx[which] = mmstat_memcg_new(MMSTAT_NO_FILE, "x", which ?
			MMSTAT_MEMCG_NUMA_STAT : MMSTAT_MEMCG_STAT, NULL);
	if (!mmstat_memcg_parse(ctx[which], (const char *)data + 1, size - 1))
		fuzz_walk(mmstat_memcg_table(ctx[which]));
	return 0;
}

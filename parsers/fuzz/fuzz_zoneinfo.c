// SPDX-License-Identifier: GPL-2.0-or-later
#include "fuzz.h"

static void walk_zone(const struct mmstat_zone *z)
{
	fuzz_sink += strlen(z->name) + (size_t)z->node;
	fuzz_walk(&z->fields);
	fuzz_walk(&z->stats);
	for (size_t i = 0; i < z->nr_protection; i++)
		fuzz_sink += (size_t)z->protection[i];
	for (size_t i = 0; i < z->nr_pagesets; i++)
		fuzz_walk(&z->pagesets[i].fields);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct mmstat_zoneinfo *z;

	if (!z)
		z = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
	if (mmstat_zoneinfo_parse(z, (const char *)data, size))
		return 0;
	for (size_t n = 0; n < mmstat_zoneinfo_nr_nodes(z); n++) {
		const struct mmstat_node *node = mmstat_zoneinfo_node(z, n);

		fuzz_walk(&node->stats);
		for (size_t i = 0; i < node->nr_zones; i++)
			walk_zone(&node->zones[i]);
	}
	return 0;
}

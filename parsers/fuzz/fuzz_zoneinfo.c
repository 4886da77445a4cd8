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

static void same_zone(const struct mmstat_zone *a, const struct mmstat_zone *b)
{
	if (a->node != b->node || strcmp(a->name, b->name) ||
	    a->nr_protection != b->nr_protection || a->nr_pagesets != b->nr_pagesets)
		fuzz_differ("zone");
	fuzz_same_table(&a->fields, &b->fields);
	fuzz_same_table(&a->stats, &b->stats);
	for (size_t i = 0; i < a->nr_protection; i++)
		if (a->protection[i] != b->protection[i])
			fuzz_differ("protection");
	for (size_t i = 0; i < a->nr_pagesets; i++) {
		if (a->pagesets[i].cpu != b->pagesets[i].cpu)
			fuzz_differ("pageset cpu");
		fuzz_same_table(&a->pagesets[i].fields, &b->pagesets[i].fields);
	}
}

/* A context that replays the last input's lines against a new one. */
static void same_zoneinfo(int rw, int rc, const struct mmstat_zoneinfo *w,
			  const struct mmstat_zoneinfo *c)
{
	fuzz_same_error(rw, rc, mmstat_zoneinfo_error(w), mmstat_zoneinfo_error(c));
	if (mmstat_zoneinfo_nr_nodes(w) != mmstat_zoneinfo_nr_nodes(c))
		fuzz_differ("nodes");
	for (size_t n = 0; n < mmstat_zoneinfo_nr_nodes(w); n++) {
		const struct mmstat_node *a = mmstat_zoneinfo_node(w, n);
		const struct mmstat_node *b = mmstat_zoneinfo_node(c, n);

		if (a->node != b->node || a->nr_zones != b->nr_zones)
			fuzz_differ("node");
		fuzz_same_table(&a->stats, &b->stats);
		for (size_t i = 0; i < a->nr_zones; i++)
			same_zone(&a->zones[i], &b->zones[i]);
	}
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct mmstat_zoneinfo *z;
	struct mmstat_zoneinfo *cold = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
	int rc, rw = 0;

	if (!z)
		z = mmstat_zoneinfo_new(MMSTAT_NO_FILE, NULL);
	if (!z || !cold)
		abort();
	rc = mmstat_zoneinfo_parse(cold, (const char *)data, size);
	for (int pass = 0; pass < 2; pass++) {
		rw = mmstat_zoneinfo_parse(z, (const char *)data, size);
		same_zoneinfo(rw, rc, z, cold);
	}
	mmstat_zoneinfo_free(cold);
	if (rw)
		return 0;
	for (size_t n = 0; n < mmstat_zoneinfo_nr_nodes(z); n++) {
		const struct mmstat_node *node = mmstat_zoneinfo_node(z, n);

		fuzz_walk(&node->stats);
		for (size_t i = 0; i < node->nr_zones; i++)
			walk_zone(&node->zones[i]);
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target: /sys/kernel/debug/lru_gen and lru_gen_full.  One
 * context lives across inputs (its vectors grow and shrink), and must give
 * what a new one gives; every lruvec and generation is read back.
 */
#include "fuzz.h"

static void same_lruvecs(const struct mmstat_lru_gen *a, const struct mmstat_lru_gen *b)
{
	if (mmstat_lru_gen_nr_lruvecs(a) != mmstat_lru_gen_nr_lruvecs(b))
		fuzz_differ("lruvec count");
	for (size_t i = 0; i < mmstat_lru_gen_nr_lruvecs(a); i++) {
		const struct mmstat_lru_gen_lruvec *x = mmstat_lru_gen_lruvec(a, i);
		const struct mmstat_lru_gen_lruvec *y = mmstat_lru_gen_lruvec(b, i);

		if (x->memcg_id != y->memcg_id || x->node != y->node ||
		    strcmp(x->memcg_path, y->memcg_path) || x->min_seq != y->min_seq ||
		    x->max_seq != y->max_seq || x->nr_gens != y->nr_gens ||
		    memcmp(x->gens, y->gens, x->nr_gens * sizeof(*x->gens)))
			fuzz_differ("lruvec");
		if (x->min_seq > x->max_seq || !x->nr_gens ||
		    x->gens[x->nr_gens - 1].seq != x->max_seq ||
		    mmstat_lru_gen_find(a, x->memcg_id, x->node) == NULL)
			abort();
		for (size_t k = 0; k < x->nr_gens; k++)
			fuzz_sink += (size_t)(x->gens[k].pages[0] + x->gens[k].pages[1] +
					      x->gens[k].age_ms);
		fuzz_sink += strlen(x->memcg_path);
	}
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct mmstat_lru_gen *warm;
	struct mmstat_lru_gen *cold = mmstat_lru_gen_new(MMSTAT_NO_FILE, NULL, NULL);
	int rc;

	if (!warm)
		warm = mmstat_lru_gen_new(MMSTAT_NO_FILE, NULL, NULL);
	if (!warm || !cold)
		abort();
	rc = mmstat_lru_gen_parse(cold, (const char *)data, size);
	fuzz_same_error(mmstat_lru_gen_parse(warm, (const char *)data, size), rc,
			mmstat_lru_gen_error(warm), mmstat_lru_gen_error(cold));
	same_lruvecs(warm, cold);
	if (rc && mmstat_lru_gen_nr_lruvecs(warm))
		abort();	/* a failed sample leaves nothing */
	mmstat_lru_gen_free(cold);
	return 0;
}

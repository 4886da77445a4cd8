// SPDX-License-Identifier: GPL-2.0-only
/*
 * sample_gen.c: MGLRU's generations, as libmmstat parsed them from
 * /sys/kernel/debug/lru_gen, into a sample.  No file is read here, so the
 * tests feed it the real capture in tests/fixtures/mmstat.
 */
#include <string.h>
#include <stdio.h>

#include "mmstat.h"
#include "model.h"

static int copy_lruvec(struct sl_lruvec_gens *v, const struct mmstat_lru_gen_lruvec *in)
{
	if (in->nr_gens > SL_MAX_GENS)
		return -1;
	memset(v, 0, sizeof(*v));
	v->nid = in->node;
	v->memcg_id = in->memcg_id;
	snprintf(v->memcg, sizeof(v->memcg), "%s", in->memcg_path ? in->memcg_path : "");
	v->min_seq = in->min_seq;
	v->max_seq = in->max_seq;
	v->nr_gens = (int)in->nr_gens;
	for (size_t i = 0; i < in->nr_gens; i++) {
		v->gens[i].seq = in->gens[i].seq;
		v->gens[i].age_ms = in->gens[i].age_ms;
		v->gens[i].pages[SL_GEN_ANON] = in->gens[i].pages[MMSTAT_LRU_GEN_ANON];
		v->gens[i].pages[SL_GEN_FILE] = in->gens[i].pages[MMSTAT_LRU_GEN_FILE];
	}
	return 0;
}

void sl_sample_set_lru_gen(struct sl_sample *s, const struct mmstat_lru_gen *g)
{
	size_t nr = mmstat_lru_gen_nr_lruvecs(g);

	s->nr_lruvecs = 0;
	s->lru_gen = SL_LRU_GEN_OK;
	if (nr > SL_MAX_LRUVECS) {
		/* a partial sum would pass for the node's: show none */
		s->lru_gen = SL_LRU_GEN_BAD;
		return;
	}
	for (size_t i = 0; i < nr; i++) {
		if (copy_lruvec(&s->lruvecs[s->nr_lruvecs], mmstat_lru_gen_lruvec(g, i))) {
			s->nr_lruvecs = 0;
			s->lru_gen = SL_LRU_GEN_BAD;
			return;
		}
		s->nr_lruvecs++;
	}
}

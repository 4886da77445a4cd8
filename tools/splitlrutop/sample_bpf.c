// SPDX-License-Identifier: GPL-2.0-only
/*
 * sample_bpf.c: one loader snapshot (sl_snapshot.h) into a sample: the
 * per-list counters per node and memcg, and the node's decision.  Needs no
 * loader and no kernel, so the tests feed it recorded snapshots.
 */
#include <string.h>

#include "sampler.h"
#include "sl_fields.h"
#include "sl_snapshot.h"

static enum sl_who who_of(unsigned reclaimer)
{
	switch (reclaimer) {
	case SL_RECLAIMER_KSWAPD: return SL_WHO_KSWAPD;
	case SL_RECLAIMER_DIRECT:
	case SL_RECLAIMER_MEMCG: return SL_WHO_DIRECT;
	default: return SL_WHO_OTHER;
	}
}

/* c += k, every field of the list counts (sl_list_counts_record). */
static void counts_add(sl_counts *c, const struct lru_list_counts *k)
{
	const struct sl_record *r = &sl_list_counts_record;

	for (size_t i = 0; i < r->nr_fields; i++)
		sl_field_set(&r->fields[i], c, 0, sl_field_get(&r->fields[i], c, 0) +
			     sl_field_get(&r->fields[i], k, 0));
}

static void counts_zero(sl_counts lists[SL_NR_LISTS][SL_WHO_NR])
{
	memset(lists, 0, sizeof(sl_counts) * SL_NR_LISTS * SL_WHO_NR);
}

void sl_sample_add_snapshot(struct sl_sample *s, const struct lru_snapshot *snap,
			    bool fallback)
{
	/* Counters start at zero on attach: every node and memcg has lists. */
	for (int i = 0; i < s->nr_nodes; i++) {
		s->nodes[i].have_lists = true;
		counts_zero(s->nodes[i].lists);
	}
	for (int i = 0; i < s->nr_memcgs && !fallback; i++) {
		s->memcgs[i].have_lists = true;
		counts_zero(s->memcgs[i].lists);
	}

	for (size_t i = 0; i < snap->nr_lists; i++) {
		const struct lru_list_stat *ls = &snap->lists[i];
		unsigned lru = ls->key.lru;
		enum sl_who who = who_of(ls->key.reclaimer);

		if (lru >= SL_NR_LISTS)
			continue;	/* unevictable: not a reclaim list */
		for (int n = 0; n < s->nr_nodes; n++)
			if (s->nodes[n].nid == (int)ls->key.nid)
				counts_add(&s->nodes[n].lists[lru][who], &ls->counts);
		for (int m = 0; m < s->nr_memcgs && !fallback; m++)
			if (s->memcgs[m].id == ls->key.memcg_id)
				counts_add(&s->memcgs[m].lists[lru][who], &ls->counts);
	}

	/* Per node: the decision that stands for it (sl_node_decision). */
	for (int n = 0; n < s->nr_nodes; n++) {
		const struct lru_balance *bal = sl_node_decision(snap->balance,
			snap->nr_balance, (uint32_t)s->nodes[n].nid);
		s->nodes[n].decision.present = bal != NULL;
		if (bal)
			s->nodes[n].decision.b = *bal;
	}

	s->bpf_events = snap->counters[LRU_CNT_SHRINK] +
		snap->counters[LRU_CNT_BALANCE] + snap->counters[LRU_CNT_MOVE];
	s->bpf_drops = snap->counters[LRU_CNT_RB_DROPS];
	if (fallback)
		s->missing |= SL_LACK_DECISION;
}

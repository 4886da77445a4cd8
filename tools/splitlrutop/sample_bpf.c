// SPDX-License-Identifier: GPL-2.0-only
/*
 * sample_bpf.c: one loader snapshot (sl_snapshot.h) into a sample: its
 * per-list counters as they are, and the node's decision.  Needs no loader
 * and no kernel, so the tests feed it recorded snapshots.
 */
#include <string.h>

#include "sampler.h"
#include "sl_snapshot.h"

void sl_sample_add_snapshot(struct sl_sample *s, const struct lru_snapshot *snap,
			    uint32_t cannot)
{
	/* The per-list counters as they are: derive takes their deltas. */
	s->have_lists = true;
	s->have_memcg_lists = !(cannot & (1u << SL_LIMIT_MEMCG));
	s->bpf.nr_lists = 0;
	for (size_t i = 0; i < snap->nr_lists; i++)
		if (lru_snapshot_add_list(&s->bpf, &snap->lists[i]))
			s->have_lists = s->have_memcg_lists = false;	/* out of memory */
	s->bpf.ts_ns = snap->ts_ns;

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
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * sample_bpf.c: one loader snapshot (sl_snapshot.h) into a sample: its
 * per-list counters as they are, and the node's decision.  Needs no loader
 * and no kernel, so the tests feed it recorded snapshots.
 */
#include <string.h>

#include "sampler.h"
#include "sl_snapshot.h"
#include "lru_loader.h"	/* struct lru_mglru_stat: types only, no loader call */

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

/* The sample's node nid, or NULL (a node the files do not list). */
static struct sl_node_sample *node_of(struct sl_sample *s, uint32_t nid)
{
	for (int n = 0; n < s->nr_nodes; n++)
		if (s->nodes[n].nid == (int)nid)
			return &s->nodes[n];
	return NULL;
}

void sl_sample_add_mglru(struct sl_sample *s, const struct lru_mglru_stat *m, size_t nr,
			 const struct lru_mglru_aging_stat *aging, size_t nr_aging)
{
	s->have_gen_counts = true;
	for (int n = 0; n < s->nr_nodes; n++) {
		s->nodes[n].nr_gen_counts = 0;
		s->nodes[n].aging_steps = s->nodes[n].aging_attempts = 0;
	}
	for (size_t i = 0; i < nr; i++) {
		struct sl_node_sample *n = node_of(s, m[i].key.nid);
		struct sl_gen_count c = {
			.type = m[i].key.type ? SL_GEN_FILE : SL_GEN_ANON,
			.swappiness = m[i].key.swappiness,
			.evictions = m[i].counts.evictions,
			.scanned = m[i].counts.scanned,
			.reclaimed = m[i].counts.reclaimed,
		};
		if (n && sl_node_add_gen_count(n, &c)) {
			/* more pairs than room: none, rather than a part */
			s->have_gen_counts = false;
			for (int k = 0; k < s->nr_nodes; k++) {
				s->nodes[k].nr_gen_counts = 0;
				s->nodes[k].aging_steps = s->nodes[k].aging_attempts = SL_MISSING;
			}
			return;
		}
	}
	for (size_t i = 0; i < nr_aging && s->have_gen_counts; i++) {
		struct sl_node_sample *n = node_of(s, aging[i].key.nid);
		if (n) {
			n->aging_steps += aging[i].aging.increments;
			n->aging_attempts += aging[i].aging.attempts;
		}
	}
}

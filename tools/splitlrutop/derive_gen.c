// SPDX-License-Identifier: GPL-2.0-only
/*
 * derive_gen.c: a node's MGLRU figures over one interval: its generations
 * as the sample has them, and per type the pages scanned (isolated) and
 * reclaimed, evict_folios() runs, aging steps, and the type being evicted.
 *
 * Like derive.c it reads no file and no clock.  The counts come from the
 * MGLRU BPF programs where the samples have them, else from /proc/vmstat,
 * whose pgscan_anon/file and pgsteal_anon/file count MGLRU's isolated and reclaimed pages on
 * 6.1 too, but system-wide and without evictions or the chosen type.
 */
#include <math.h>
#include <string.h>

#include "derive.h"

static double per_s(uint64_t delta, double seconds)
{
	return delta == SL_MISSING || seconds <= 0 ? NAN : (double)delta / seconds;
}

static bool is_root(const struct sl_lruvec_gens *v)
{
	return !strcmp(v->memcg, "/") || !v->memcg[0];
}

/* The node's lruvecs, its own first; and their pages per type. */
static void gather_lruvecs(struct sl_gen_frame *g, int nid, const struct sl_sample *cur)
{
	for (int i = 0; i < cur->nr_lruvecs; i++) {
		const struct sl_lruvec_gens *v = &cur->lruvecs[i];

		if (v->nid != nid)
			continue;
		if (is_root(v) && !g->has_root) {
			memmove(&g->lruvecs[1], &g->lruvecs[0], (size_t)g->nr_lruvecs * sizeof(v));
			g->lruvecs[0] = v;
			g->has_root = true;
		} else {
			g->lruvecs[g->nr_lruvecs] = v;
		}
		g->nr_lruvecs++;
		for (int k = 0; k < v->nr_gens; k++)
			for (int t = 0; t < SL_GEN_TYPES; t++)
				g->pages[t] += v->gens[k].pages[t];
	}
}

/* The counts of (type, swappiness) in a node sample, or NULL. */
static const struct sl_gen_count *count_of(const struct sl_node_sample *n, int type, int swp)
{
	for (int i = 0; n && i < n->nr_gen_counts; i++)
		if (n->gen_counts[i].type == type && n->gen_counts[i].swappiness == swp)
			return &n->gen_counts[i];
	return NULL;
}

/*
 * The interval's counts per type from the BPF programs, and which type
 * (and swappiness) most evictions chose.  A pair new in cur counts from 0:
 * its first eviction came after prev.
 */
static void bpf_rates(struct sl_gen_frame *g, const struct sl_node_sample *pn,
		      const struct sl_node_sample *n)
{
	uint64_t best_type = 0, best_pair[SL_GEN_TYPES] = { 0, 0 };
	int swp_of[SL_GEN_TYPES] = { -1, -1 };

	for (int t = 0; t < SL_GEN_TYPES; t++)
		g->scanned[t] = g->reclaimed[t] = g->evictions[t] = 0;
	for (int i = 0; i < n->nr_gen_counts; i++) {
		const struct sl_gen_count *c = &n->gen_counts[i], *p;
		struct sl_gen_count zero = { 0 };
		int t = c->type & 1;

		p = count_of(pn, c->type, c->swappiness);
		if (!p)
			p = &zero;
		uint64_t ev = sl_delta(p->evictions, c->evictions);
		g->evictions[t] = sl_add_known(g->evictions[t], ev);
		g->scanned[t] = sl_add_known(g->scanned[t], sl_delta(p->scanned, c->scanned));
		g->reclaimed[t] = sl_add_known(g->reclaimed[t], sl_delta(p->reclaimed, c->reclaimed));
		if (ev != SL_MISSING && ev > best_pair[t]) {
			best_pair[t] = ev;
			swp_of[t] = c->swappiness;
		}
	}
	for (int t = 0; t < SL_GEN_TYPES; t++)
		if (g->evictions[t] != SL_MISSING && g->evictions[t] > best_type) {
			best_type = g->evictions[t];
			g->evicting = t;
			g->evicting_swappiness = swp_of[t];
		}
}

static void vmstat_rates(struct sl_gen_frame *g, const struct sl_sample *prev,
			 const struct sl_sample *cur)
{
	static const int scan[SL_GEN_TYPES] = { SL_VM_PGSCAN_ANON, SL_VM_PGSCAN_FILE };
	static const int steal[SL_GEN_TYPES] = { SL_VM_PGSTEAL_ANON, SL_VM_PGSTEAL_FILE };

	for (int t = 0; t < SL_GEN_TYPES; t++) {
		g->scanned[t] = sl_delta(prev->vm[scan[t]], cur->vm[scan[t]]);
		g->reclaimed[t] = sl_delta(prev->vm[steal[t]], cur->vm[steal[t]]);
	}
	if (g->scanned[0] != SL_MISSING || g->scanned[1] != SL_MISSING)
		g->rates_src = cur->nr_nodes == 1 ? SL_SRC_VMSTAT : SL_SRC_VMSTAT_SYSTEM;
}

void sl_derive_gen(struct sl_gen_frame *g, int nid, const struct sl_sample *prev,
		   const struct sl_sample *cur)
{
	const struct sl_node_sample *n = sl_sample_node(cur, nid);
	const struct sl_node_sample *pn = prev ? sl_sample_node(prev, nid) : NULL;
	double seconds = prev && cur->mono_ns > prev->mono_ns
		? (double)(cur->mono_ns - prev->mono_ns) / 1e9 : 0;

	memset(g, 0, sizeof(*g));
	g->evicting = g->evicting_swappiness = -1;
	g->aging_per_s = NAN;
	for (int t = 0; t < SL_GEN_TYPES; t++) {
		g->scanned[t] = g->reclaimed[t] = g->evictions[t] = SL_MISSING;
		g->pages[t] = SL_MISSING;
	}
	if (!sl_mglru_on(cur->mglru))
		return;
	g->on = true;
	g->state = (enum sl_lru_gen_state)cur->lru_gen;
	if (g->state == SL_LRU_GEN_OK) {
		g->pages[SL_GEN_ANON] = g->pages[SL_GEN_FILE] = 0;
		gather_lruvecs(g, nid, cur);
	}
	if (n && pn && seconds > 0 && prev->have_gen_counts && cur->have_gen_counts) {
		g->rates_src = SL_SRC_BPF;
		bpf_rates(g, pn, n);
		g->aging_per_s = per_s(sl_delta(pn->aging_steps, n->aging_steps), seconds);
	} else if (prev && seconds > 0) {
		vmstat_rates(g, prev, cur);
	}
	for (int t = 0; t < SL_GEN_TYPES; t++) {
		g->scanned_per_s[t] = per_s(g->scanned[t], seconds);
		g->reclaimed_per_s[t] = per_s(g->reclaimed[t], seconds);
		g->evictions_per_s[t] = per_s(g->evictions[t], seconds);
		g->efficiency[t] = sl_efficiency(g->reclaimed[t], g->scanned[t]);
	}
}

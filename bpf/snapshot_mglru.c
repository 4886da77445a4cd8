// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * snapshot_mglru.c: memory and arithmetic of struct lru_mglru_snapshot
 * (per-type evictions and aging, from stock.bpf.c).  Needs no kernel.
 */
#include <stdlib.h>
#include <string.h>
#include "lru_loader.h"
#include "snapshot_mglru.h"

int snapshot_mglru_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 16;
	void *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	p = realloc(*arr, n * elem);
	if (!p)
		return -1;
	*arr = p;
	*cap = n;
	return 0;
}

void lru_mglru_snapshot_init(struct lru_mglru_snapshot *s)
{
	memset(s, 0, sizeof(*s));
}

int snapshot_cmp_mglru_key(const void *a, const void *b)
{
	const struct lru_mglru_key *x = a, *y = b;

	if (x->nid != y->nid)
		return x->nid < y->nid ? -1 : 1;
	if (x->memcg_id != y->memcg_id)
		return x->memcg_id < y->memcg_id ? -1 : 1;
	if (x->type != y->type)
		return x->type - y->type;
	if (x->reclaimer != y->reclaimer)
		return x->reclaimer - y->reclaimer;
	return x->swappiness - y->swappiness;
}

int snapshot_cmp_aging(const void *a, const void *b)
{
	const struct lru_balance_key *x = a, *y = b;

	if (x->nid != y->nid)
		return x->nid < y->nid ? -1 : 1;
	if (x->memcg_id != y->memcg_id)
		return x->memcg_id < y->memcg_id ? -1 : 1;
	return 0;
}

void lru_mglru_snapshot_free(struct lru_mglru_snapshot *s)
{
	free(s->mglru);
	free(s->aging);
	lru_mglru_snapshot_init(s);
}

int lru_mglru_snapshot_delta(const struct lru_mglru_snapshot *now,
			     const struct lru_mglru_snapshot *then,
			     struct lru_mglru_snapshot *out)
{
	size_t i, j;

	if (!now || !then || !out || out == now || out == then)
		return LRU_ERR_INVAL;
	out->ts_ns = now->ts_ns;
	if (snapshot_mglru_grow((void **)&out->mglru, &out->cap_mglru, now->nr_mglru,
				sizeof(*out->mglru)) ||
	    snapshot_mglru_grow((void **)&out->aging, &out->cap_aging, now->nr_aging,
				sizeof(*out->aging)))
		return LRU_ERR_NOMEM;

	/* both sorted by key: walk them together */
	for (i = j = 0; i < now->nr_mglru; i++) {
		struct lru_mglru_counts *o = &out->mglru[i].counts;
		const struct lru_mglru_counts *b;

		out->mglru[i] = now->mglru[i];
		while (j < then->nr_mglru &&
		       snapshot_cmp_mglru_key(&then->mglru[j].key, &now->mglru[i].key) < 0)
			j++;
		if (j >= then->nr_mglru ||
		    snapshot_cmp_mglru_key(&then->mglru[j].key, &now->mglru[i].key))
			continue;
		b = &then->mglru[j].counts;
		o->evictions -= b->evictions;
		o->scanned -= b->scanned;
		o->reclaimed -= b->reclaimed;
		o->visited -= b->visited;
	}
	out->nr_mglru = now->nr_mglru;

	for (i = j = 0; i < now->nr_aging; i++) {
		struct lru_mglru_aging *o = &out->aging[i].aging;
		const struct lru_mglru_aging *b;

		out->aging[i] = now->aging[i];
		while (j < then->nr_aging &&
		       snapshot_cmp_aging(&then->aging[j].key, &now->aging[i].key) < 0)
			j++;
		if (j >= then->nr_aging ||
		    snapshot_cmp_aging(&then->aging[j].key, &now->aging[i].key))
			continue;
		b = &then->aging[j].aging;
		o->attempts -= b->attempts;
		o->increments -= b->increments;
		o->forced -= b->forced;
		/* max_seq and min_seq are states: now's */
	}
	out->nr_aging = now->nr_aging;
	return LRU_OK;
}
